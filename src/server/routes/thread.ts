// The public thread: reading it (with the live vote count) and posting in it; votes are posts.
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../app/errors.ts';
import { nextDeadline, threadItems, voteCountFor } from '../../app/views.ts';
import type { Actor } from '../../core/types.ts';
import { commandReply, gameParams, pageQuery, textBody, threadReply } from '../../protocol/index.ts';
import { roleIn, viewerOf } from '../access.ts';
import { route } from '../http.ts';
import { commandRoute, paged, type RouteDeps, summaryOf } from './shared.ts';

/** Registers the thread routes. */
export function registerThreadRoutes(app: FastifyInstance, d: RouteDeps): void {
  const { service } = d;

  route(app, {
    method: 'GET',
    url: '/api/games/:id/thread',
    summary: 'The public thread, paged by sequence number, with the live vote count and the next deadline',
    tags: ['thread'],
    auth: 'optional',
    params: gameParams,
    query: pageQuery,
    response: { 200: threadReply },
    async handler({ params, query, req }) {
      const g = service.get(params.id);
      const viewer = viewerOf(roleIn(g, req.principal));
      const { items, next, version } = await paged(service, g, query, viewer, (c, evs) => threadItems(c, evs));
      return {
        items,
        next,
        version,
        status: summaryOf(g).status,
        votes: voteCountFor(g.variant, g.state, viewer),
        nextDeadline: nextDeadline(g.state),
      };
    },
  });

  commandRoute(app, service, {
    url: '/api/games/:id/posts',
    summary: 'Post in the thread; votes are posts ("Ψήφος: name"). Non-players may post only to sign up.',
    tags: ['thread'],
    body: textBody,
    response: { 200: commandReply },
    command(g, req, body) {
      const r = roleIn(g, req.principal);
      if (r.kind === 'moderator') throw new AppError('game.moderator_posts', 403, 'moderators post through POST /mod with action "note"');
      const actor: Actor = r.kind === 'player' ? { kind: 'player', id: r.id } : { kind: 'guest', name: req.principal!.account.name };
      return { ifVersion: body.ifVersion, make: (at) => ({ type: 'post', at, actor, text: body.text }) };
    },
  });
}

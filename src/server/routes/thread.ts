// The public thread: reading it (with the live vote count) and posting in it; votes are posts.
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../app/errors.ts';
import { nextDeadline, threadItems, voteCountFor } from '../../app/views.ts';
import type { Actor } from '../../core/types.ts';
import { MAIN_CHANNEL } from '../../engine/channels.ts';
import { commandReply, gameParams, textBody, threadReply } from '../../protocol/index.ts';
import { roleIn, viewerOf } from '../access.ts';
import { commandRoute, type RouteDeps, summaryOf, viewRoute } from './shared.ts';

/** Registers the thread routes. */
export function registerThreadRoutes(app: FastifyInstance, d: RouteDeps): void {
  const { service } = d;

  viewRoute(app, service, {
    url: '/api/games/:id/thread',
    summary: 'The public thread, paged by sequence number, with the live vote count and the next deadline',
    tags: ['thread'],
    auth: 'optional',
    params: gameParams,
    response: threadReply,
    view: (g, req) => ({ viewer: viewerOf(roleIn(g, req.principal)), project: (c, evs) => threadItems(c, evs), numbered: MAIN_CHANNEL }),
    extra: (g, viewer) => ({ status: summaryOf(g).status, votes: voteCountFor(g.variant, g.state, viewer), nextDeadline: nextDeadline(g.state) }),
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

// Exports: the game's JSON export, and announcements, vote counts and whole days as BBCode or Markdown. The whole-log
// reads (the export, its check, a day) are served by heavy-reads.ts from heavy-views.ts.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../app/errors.ts';
import { readAfter, seesVoteCount, threadItems, viewerKey, voteCount } from '../../app/views.ts';
import { canRead, channelById, MAIN_CHANNEL } from '../../engine/channels.ts';
import { renderMessage } from '../../i18n/render.ts';
import { exportFormat, gameParams } from '../../protocol/index.ts';
import { roleIn, viewerOf } from '../access.ts';
import * as exportsFmt from '../exports.ts';
import { DayIndex, dayAnswer, exportAnswer, pin, verifyAnswer } from '../heavy-views.ts';
import { route } from '../http.ts';
import { ctxOf, type RouteDeps } from './shared.ts';

/** Registers the export routes. */
export function registerExportRoutes(app: FastifyInstance, d: RouteDeps): void {
  const { service, heavy } = d;
  const days = new DayIndex();

  route(app, {
    method: 'GET',
    url: '/api/games/:id/export',
    summary:
      'The game export (same JSON as `narrator play --json`; `narrator verify` checks it once the game ended). Moderators; everyone after the end. A whole-game read: 429 read.rate_limited past the budget of your address.',
    tags: ['exports'],
    auth: 'optional',
    params: gameParams,
    handler({ params, req, reply }) {
      const g = service.get(params.id);
      const r = roleIn(g, req.principal);
      const over = g.state.status === 'ended' || g.state.status === 'cancelled';
      if (r.kind !== 'moderator' && !over) throw new AppError('game.not_over', 403, 'the export is public once the game has ended');
      // CIT-ENG-3: the whole log is for staff holding every capacity; the others read their part through the views.
      if (r.kind === 'moderator' && r.duties !== undefined && r.duties.length < 2 && !over)
        throw new AppError('game.staff_partition', 403, 'staff holding one capacity read the export once the game has ended');
      // The same export for everyone allowed to read it.
      const p = pin(g);
      return heavy.serve(req, reply, `${g.id}@${p.version}:export`, (work) => exportAnswer(service, p, work), r.kind === 'moderator');
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/games/:id/verify',
    summary:
      'The fairness check of `narrator verify` run on the game export, with the seed (anyone, once the game has ended). A whole-game read: 429 read.rate_limited past the budget of your address.',
    tags: ['exports'],
    auth: 'optional',
    params: gameParams,
    handler({ params, req, reply }) {
      const g = service.get(params.id);
      if (g.state.status !== 'ended' && g.state.status !== 'cancelled')
        throw new AppError('game.not_over', 403, 'the seed is published once the game has ended');
      const p = pin(g);
      const staff = roleIn(g, req.principal).kind === 'moderator';
      return heavy.serve(req, reply, `${g.id}@${p.version}:verify`, (work) => verifyAnswer(service, p, work), staff);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/games/:id/export/announcement/:seq',
    summary: 'One public announcement as BBCode or Markdown',
    tags: ['exports'],
    auth: 'optional',
    produces: 'text',
    params: gameParams.extend({ seq: z.coerce.number().int().min(1).max(1e9) }),
    query: exportFormat,
    async handler({ params, query, req, reply }) {
      const g = service.get(params.id);
      // `seq` is in the caller's numbering, as the thread gave it to him.
      const viewer = viewerOf(roleIn(g, req.principal));
      const cursors = await service.cursors(g.id);
      const { events } = await readAfter(service, g.id, cursors, viewer, params.seq - 1, 1, service.get(g.id).version);
      const [it] = threadItems(
        ctxOf(g, query.locale),
        events.filter((e) => e.seq === params.seq),
      );
      if (it?.kind !== 'announcement') throw new AppError('export.not_announcement', 404, `event ${params.seq} is not a public announcement`);
      reply.type('text/plain; charset=utf-8');
      return exportsFmt.announcement(query.format, it, g.meta.title);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/games/:id/export/votes',
    summary: 'The live vote count as BBCode or Markdown',
    tags: ['exports'],
    auth: 'optional',
    produces: 'text',
    params: gameParams,
    query: exportFormat,
    handler({ params, query, req, reply }) {
      const g = service.get(params.id);
      if (!seesVoteCount(g.variant, viewerOf(roleIn(g, req.principal))))
        throw new AppError('export.ballots_private', 403, 'ballots of this rulebook are private: the result is announced in the thread at the deadline');
      const c = voteCount(g.variant, g.state);
      if (!c) throw new AppError('export.no_vote', 404, 'no vote is open');
      reply.type('text/plain; charset=utf-8');
      // The export goes to the community's forum: its words are the game's language.
      const say = (key: string, params: Record<string, string | number>) => renderMessage(g.variant, g.state.config.locale, { key, params });
      return exportsFmt.votes(query.format, c, say('EXPORT-VOTES-TITLE', { title: g.meta.title, round: c.round }), (names) =>
        say('EXPORT-NOT-VOTED', { names }),
      );
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/games/:id/export/day/:round',
    summary:
      "A whole day of a thread (its posts and announcements from the day's opening to the next) as BBCode or Markdown; `channel` picks a public thread other than the main one (a city's)",
    tags: ['exports'],
    auth: 'optional',
    produces: 'text',
    params: gameParams.extend({ round: z.coerce.number().int().min(0).max(10_000) }),
    query: exportFormat.extend({ channel: z.string().min(1).max(80).optional() }),
    handler({ params, query, req, reply }) {
      const g = service.get(params.id);
      const viewer = viewerOf(roleIn(g, req.principal));
      const def = channelById(g.variant, g.state, query.channel ?? MAIN_CHANNEL);
      // A channel the caller does not read is answered like one that does not exist (as GET /channels/:channel).
      if (!def || !canRead(def, viewer)) throw new AppError('channel.unknown', 404, 'no such channel for you');
      const p = pin(g);
      // A public channel reads alike for everyone; a private one as the caller's viewer may see it.
      const viewers = def.kind === 'public' ? 'public' : viewerKey(viewer);
      const key = `${g.id}@${p.version}:day:${params.round}:${def.id}:${query.format}:${query.locale ?? ''}:${viewers}`;
      const day = { round: params.round, channel: def, format: query.format, locale: query.locale, viewer };
      return heavy.serve(req, reply, key, (work) => dayAnswer(service, days, p, day, work), viewer.kind === 'moderator');
    },
  });
}

// A game's schedule: the rulebook's declared day read with the game's options, and the game's pending instants
// (declared-secret ones for the moderators only), so a client can draw the timeline.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentPhase } from '../../engine/phases.ts';
import { isoLocal } from '../../engine/time.ts';
import { pendingInstants, scheduleShape } from '../../engine/timeline.ts';
import { gameParams, localeSchema, type ScheduleReply, scheduleReply } from '../../protocol/index.ts';
import { roleIn } from '../access.ts';
import { route } from '../http.ts';
import type { RouteDeps } from './shared.ts';

/** Registers GET /api/games/:id/schedule. */
export function registerScheduleRoutes(app: FastifyInstance, d: RouteDeps): void {
  route(app, {
    method: 'GET',
    url: '/api/games/:id/schedule',
    summary: 'The game’s schedule: the declared day (phases, instants, windows) and its pending instants',
    tags: ['games'],
    auth: 'optional',
    params: gameParams,
    query: z.object({ locale: localeSchema.optional() }).strict(),
    response: { 200: scheduleReply },
    handler({ params, query, req }) {
      const g = d.service.get(params.id);
      const s = g.state;
      const t = g.variant.timetable;
      const moderator = roleIn(g, req.principal).kind === 'moderator';
      // The open phase as the engine keeps it (GameState.phases).
      const phase = s.status === 'running' ? (currentPhase(s)?.id ?? null) : null;
      const tz = s.config.timeZone;
      const next = pendingInstants(t.schedule, s, phase ?? undefined)
        .filter((p) => moderator || !p.secret)
        .map(({ secret: _secret, ...p }) => ({ ...p, time: isoLocal(p.at, tz) }));
      return {
        timeZone: tz,
        status: s.status,
        paused: s.pausedSince !== undefined,
        phase,
        declared: scheduleShape(t.schedule, query.locale ?? s.config.locale, t.options(s.config)),
        next,
      } satisfies ScheduleReply;
    },
  });
}

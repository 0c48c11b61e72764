// What a generic client needs to build its screens from data rather than from knowledge of a rulebook (beside the
// channel list of channels.ts): the moderator actions of the game's rulebook with the JSON Schema of their
// arguments, and the server's game clock (which runs faster under --speed).
import type { FastifyInstance } from 'fastify';
import { ScaledClock } from '../../app/clock.ts';
import { signupWarnings } from '../../app/profiles.ts';
import { modListing } from '../../engine/modkit.ts';
import { type ClockReply, gameParams, type ModActionsReply, type SignupWarningsReply } from '../../protocol/index.ts';
import { requireModerator, roleIn } from '../access.ts';
import { jsonSchema, route } from '../http.ts';
import type { RouteDeps } from './shared.ts';

/** Registers the moderator action list, the signup warnings and the game clock. */
export function registerClientRoutes(app: FastifyInstance, d: RouteDeps): void {
  const { service } = d;

  route(app, {
    method: 'GET',
    url: '/api/games/:id/mod-actions',
    summary: 'The moderator actions of the game’s rulebook with the JSON Schema of their arguments (moderators; for console forms)',
    tags: ['moderator'],
    auth: 'account',
    params: gameParams,
    handler({ params, req }) {
      const g = service.get(params.id);
      requireModerator(roleIn(g, req.principal));
      return {
        actions: modListing(g.variant).map((a) => ({
          name: a.name,
          summary: a.summary,
          rules: a.rules,
          args: a.info ? jsonSchema(a.info.args) : { type: 'object', properties: {} },
          toolkit: a.toolkit,
          forbidden: a.forbidden ?? null,
          aliases: a.aliases,
        })),
        pause: g.variant.modKit?.pause.inputs ?? 'accepted',
      } satisfies ModActionsReply;
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/games/:id/warnings',
    summary: 'Each signed-up player’s standing «Овощ» warnings from other games (moderators; shown at signups, CIT-SET-1)',
    tags: ['moderator'],
    auth: 'account',
    params: gameParams,
    async handler({ params, req }) {
      const g = service.get(params.id);
      // CIT-ACT-7: a reputation mark for the staff of later games, never for the other players.
      requireModerator(roleIn(g, req.principal));
      return { players: await signupWarnings(d.store, g.id, g.state) } satisfies SignupWarningsReply;
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/clock',
    summary: 'The server’s game clock now and how fast it runs (1 = real time; more under --speed)',
    tags: ['games'],
    auth: 'none',
    handler: () => ({ now: d.clock.now(), speed: d.clock instanceof ScaledClock ? d.clock.speed : 1 }) satisfies ClockReply,
  });
}

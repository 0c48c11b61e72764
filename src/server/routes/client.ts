// What a generic client needs to build its screens from data rather than from knowledge of a rulebook: the
// caller's channels in a game (each with the URLs it reads and writes), the moderator actions of the game's
// rulebook with the JSON Schema of their arguments, and the server's game clock (which runs faster under --speed).
import type { FastifyInstance } from 'fastify';
import { ScaledClock } from '../../app/clock.ts';
import { ENGINE_MOD_ACTIONS } from '../../engine/modactions.ts';
import { type ChannelsReply, type ClockReply, gameParams, type ModActionsReply } from '../../protocol/index.ts';
import { requireModerator, roleIn } from '../access.ts';
import { jsonSchema, route } from '../http.ts';
import type { RouteDeps } from './shared.ts';

/** Registers the channel list, the moderator action list and the game clock. */
export function registerClientRoutes(app: FastifyInstance, d: RouteDeps): void {
  const { service } = d;

  route(app, {
    method: 'GET',
    url: '/api/games/:id/channels',
    summary: 'The caller’s channels in the game: the public thread, his inbox, his team channels (the moderator: every team)',
    tags: ['games'],
    auth: 'optional',
    params: gameParams,
    handler({ params, req }) {
      const g = service.get(params.id);
      const r = roleIn(g, req.principal);
      const base = `/api/games/${encodeURIComponent(g.id)}`;
      const channels: ChannelsReply['channels'][number][] = [
        { id: 'thread', kind: 'public', name: null, read: `${base}/thread`, write: r.kind === 'moderator' ? null : `${base}/posts` },
      ];
      if (r.kind !== 'spectator')
        channels.push({ id: 'inbox', kind: 'inbox', name: null, read: `${base}/inbox`, write: r.kind === 'player' ? `${base}/pms` : null });
      const teams = Object.keys(g.meta.teamsEver).filter((t) => r.kind === 'moderator' || (r.kind === 'player' && g.meta.teamsEver[t]!.includes(r.id)));
      for (const t of teams) {
        const path = `${base}/teams/${encodeURIComponent(t)}`;
        const member = r.kind === 'player' && (g.meta.teams[t] ?? []).includes(r.id);
        channels.push({ id: `team:${t}`, kind: 'team', name: t, read: path, write: member ? path : null });
      }
      return { channels } satisfies ChannelsReply;
    },
  });

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
      const all = { ...ENGINE_MOD_ACTIONS, ...(g.variant.modActions ?? {}) };
      return {
        actions: Object.entries(all).map(([name, a]) => ({ name, summary: a.summary, rules: a.rules, args: jsonSchema(a.args) })),
      } satisfies ModActionsReply;
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

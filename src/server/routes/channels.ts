// A game's channels (engine/channels.ts): the list of those the caller knows of (with his inbox and team channels,
// each with the URLs it is read and written at, so a client needs no per-kind routing), a page of one, and posting in one.
// The main thread keeps its own routes (/thread, /posts); these serve every channel, the main thread included.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../app/errors.ts';
import type { LoadedGame } from '../../app/game-service.ts';
import { channelItems, channelList, nextDeadline } from '../../app/views.ts';
import { own } from '../../core/own.ts';
import type { Actor } from '../../core/types.ts';
import { canRead, channelById, channelsOf, MAIN_CHANNEL } from '../../engine/channels.ts';
import type { Locale } from '../../engine/state.ts';
import {
  type ChannelInfo,
  type ChannelsReply,
  channelParams,
  channelPostBody,
  channelsReply,
  commandReply,
  gameParams,
  localeSchema,
  pageReply,
} from '../../protocol/index.ts';
import { type Role, roleIn, viewerOf } from '../access.ts';
import { route } from '../http.ts';
import { ctxOf, type RouteDeps, submit, summaryOf, versionNow, viewRoute } from './shared.ts';

/**
 * A rulebook channel with the URLs a client reads and writes it at (the main thread keeps /thread and /posts). The
 * main thread's `write` is there for every player, in the game or not, since the rulebook may still take a post of
 * his (last words) where `postable` says a plain post is not; the engine's reply decides.
 */
function withUrls(id: string, r: Role, c: Omit<ChannelInfo, 'read' | 'write'>): ChannelInfo {
  const base = `/api/games/${encodeURIComponent(id)}`;
  const own = `${base}/channels/${encodeURIComponent(c.id)}`;
  if (c.id !== MAIN_CHANNEL) return { ...c, read: own, write: c.postable ? own : null };
  return { ...c, read: `${base}/thread`, write: c.postable || r.kind === 'player' ? `${base}/posts` : null };
}

/**
 * The caller's channels outside the rulebook's declaration: his inbox with the moderators (a player writes there;
 * the moderator reads every PM) and the team channels he is or was in (the moderator: every team).
 */
function personal(g: LoadedGame, r: Role): ChannelInfo[] {
  if (r.kind === 'spectator') return [];
  const base = `/api/games/${encodeURIComponent(g.id)}`;
  const out: ChannelInfo[] = [
    {
      id: 'inbox',
      kind: 'inbox',
      title: 'inbox',
      readable: true,
      postable: r.kind === 'player',
      read: `${base}/inbox`,
      write: r.kind === 'player' ? `${base}/pms` : null,
    },
  ];
  // A team whose group the rulebook already gives a channel of its own (mafia-cities' family inbox) has that one
  // chat, under the rulebook's title: a second tab for the same people would split their talk.
  const declared = new Set(channelsOf(g.variant, g.state).map((c) => c.id));
  for (const [team, ever] of Object.entries(g.meta.teamsEver)) {
    if (declared.has(team)) continue;
    if (r.kind === 'player' && !ever.includes(r.id)) continue;
    const url = `${base}/teams/${encodeURIComponent(team)}`;
    const member = r.kind === 'player' && (own(g.meta.teams, team) ?? []).includes(r.id);
    out.push({ id: `team:${team}`, kind: 'team', title: team, readable: true, postable: member, read: url, write: member ? url : null });
  }
  return out;
}

/** Registers the channel routes. */
export function registerChannelRoutes(app: FastifyInstance, d: RouteDeps): void {
  const { service } = d;

  route(app, {
    method: 'GET',
    url: '/api/games/:id/channels',
    summary: 'The channels the caller knows of: every public thread and the private channels he reads, with what he may do there',
    tags: ['thread'],
    auth: 'optional',
    params: gameParams,
    query: z.object({ locale: localeSchema.optional() }),
    response: { 200: channelsReply },
    async handler({ params, query, req }) {
      const g0 = service.get(params.id);
      const viewer = viewerOf(roleIn(g0, req.principal));
      const version = await versionNow(service, g0, viewer);
      const g = service.get(params.id);
      // The titles in the reader's language where the rulebook is written in it, else in the game's (never a third).
      const lang = query.locale !== undefined && g.variant.locales.includes(query.locale as Locale) ? (query.locale as Locale) : g.state.config.locale;
      return {
        channels: [
          ...channelList(ctxOf(g, lang), viewer).map((c) => ({ ...withUrls(g.id, roleIn(g, req.principal), c), lang })),
          ...personal(g, roleIn(g, req.principal)),
        ],
        version,
      } satisfies ChannelsReply;
    },
  });

  viewRoute(app, service, {
    url: '/api/games/:id/channels/:channel',
    summary: 'One channel, paged by sequence number (a private channel: its readers and the moderators only)',
    tags: ['thread'],
    auth: 'optional',
    params: channelParams,
    response: pageReply.extend({
      status: z.string(),
      nextDeadline: z.object({ at: z.number(), time: z.string(), kind: z.string(), id: z.string() }).nullable(),
    }),
    view(g, req, params) {
      const viewer = viewerOf(roleIn(g, req.principal));
      const c = channelById(g.variant, g.state, params.channel);
      // A private channel the caller does not read is answered like one that does not exist.
      if (!c || !canRead(c, viewer)) throw new AppError('channel.unknown', 404, 'no such channel for you');
      return { viewer, project: (ctx, evs) => channelItems(ctx, viewer, params.channel, evs), numbered: params.channel };
    },
    extra: (g) => ({ status: summaryOf(g).status, nextDeadline: nextDeadline(g.state) }),
  });

  route(app, {
    method: 'POST',
    url: '/api/games/:id/channels/:channel',
    summary: 'Post in a channel (the rulebook decides who may post where and when; a refusal is a rejection)',
    tags: ['thread'],
    auth: 'account',
    params: channelParams,
    body: channelPostBody,
    response: { 200: commandReply },
    handler({ params, req, body }) {
      const g = service.get(params.id);
      const r = roleIn(g, req.principal);
      if (r.kind === 'moderator') throw new AppError('game.moderator_posts', 403, 'moderators post through POST /mod with action "note"');
      const actor: Actor = r.kind === 'player' ? { kind: 'player', id: r.id } : { kind: 'guest', name: req.principal!.account.name };
      return submit(service, g, req.principal, {
        ifVersion: body.ifVersion,
        make: (at) => ({ type: 'post', at, actor, text: body.text, channel: params.channel }),
      });
    },
  });
}

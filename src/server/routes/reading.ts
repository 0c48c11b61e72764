// The thread as a forum reader uses it (issue 26 items 7 and 8): a post by its number (the permalink
// #/games/<id>/thread/<n>), where the caller stopped reading each channel (unread markers on the server, so a phone
// and a desktop agree), the vote history of the game's votes and the count as it stood at any past post. Every
// number is the caller's own (app/thread-index.ts), and a channel he may not read is answered like one that does not
// exist.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../app/errors.ts';
import type { GameService, LoadedGame } from '../../app/game-service.ts';
import { type GameIndex, threadIndexOf } from '../../app/thread-index.ts';
import { namedCount, seesVoteCount } from '../../app/views.ts';
import { type HistoryEntry, recount } from '../../app/vote-history.ts';
import type { Viewer } from '../../core/types.ts';
import { canRead, channelById, channelsOf } from '../../engine/channels.ts';
import { isoLocal } from '../../engine/time.ts';
import {
  type ChannelReading,
  channelParams,
  channelReading,
  gameParams,
  markReadBody,
  type PostLocation,
  postLocation,
  postParams,
  type ReadingReply,
  readingReply,
  type VoteCountAtReply,
  type VoteEntry,
  type VoteHistoryReply,
  voteCountAtReply,
  voteHistoryReply,
} from '../../protocol/index.ts';
import type { ReadMarker } from '../../store/types.ts';
import { type Role, roleIn, viewerOf } from '../access.ts';
import { route } from '../http.ts';
import type { RouteDeps } from './shared.ts';

const TEAM = 'team:';

/** True when the caller reads the numbered channel `channel` (a rulebook channel, or a team channel `team:<name>`). */
function reads(g: LoadedGame, r: Role, viewer: Viewer, channel: string): boolean {
  if (channel.startsWith(TEAM)) {
    const ever = g.meta.teamsEver[channel.slice(TEAM.length)];
    return ever !== undefined && (r.kind === 'moderator' || (r.kind === 'player' && ever.includes(r.id)));
  }
  const c = channelById(g.variant, g.state, channel);
  return c !== undefined && canRead(c, viewer);
}

/** Every numbered channel the caller reads: the rulebook's, then his team channels. */
function numberedChannels(g: LoadedGame, r: Role, viewer: Viewer): string[] {
  const own = channelsOf(g.variant, g.state)
    .filter((c) => canRead(c, viewer))
    .map((c) => c.id);
  const teams = Object.keys(g.meta.teamsEver).map((t) => `${TEAM}${t}`);
  return [...own, ...teams.filter((t) => reads(g, r, viewer, t))];
}

/** The caller, his viewer, the game and its index, for a channel he must be able to read. */
async function caller(service: GameService, req: FastifyRequest, id: string, channel?: string) {
  const g = service.get(id);
  const role = roleIn(g, req.principal);
  const viewer = viewerOf(role);
  if (channel !== undefined && !reads(g, role, viewer, channel)) throw new AppError('channel.unknown', 404, 'no such channel for you');
  const index = await threadIndexOf(service).of(id);
  return { g: service.get(id), role, viewer, index };
}

/** A post's location in the caller's numbering: his number of its event (the moderator's is the global one). */
async function locate(service: GameService, gameId: string, viewer: Viewer, channel: string, n: number, global: number): Promise<PostLocation> {
  const seq = viewer.kind === 'moderator' ? global : (await service.cursors(gameId)).count(viewer, global);
  return { channel, n, seq };
}

/** The caller's reading of one channel, from his stored marker (a marker past the posts he sees counts them all). */
async function readingOf(service: GameService, gameId: string, index: GameIndex, viewer: Viewer, channel: string, marker: number): Promise<ChannelReading> {
  const numbering = index.numbering(viewer, channel);
  const posts = numbering.count;
  const last = Math.min(marker, posts);
  const first = last < posts ? await locate(service, gameId, viewer, channel, last + 1, numbering.globalOf(last + 1)!) : null;
  return { channel, posts, last, unread: posts - last, firstUnread: first };
}

/** Registers the reading routes. */
export function registerReadingRoutes(app: FastifyInstance, d: RouteDeps): void {
  const { service, store, clock } = d;

  route(app, {
    method: 'GET',
    url: '/api/games/:id/channels/:channel/posts/:n',
    summary: 'A post by its number in a channel (a permalink): where it stands in your numbering',
    tags: ['thread'],
    auth: 'optional',
    params: postParams,
    response: { 200: postLocation },
    async handler({ params, req }) {
      const { viewer, index } = await caller(service, req, params.id, params.channel);
      const global = index.numbering(viewer, params.channel).globalOf(params.n);
      if (global === undefined) throw new AppError('post.unknown', 404, `no post ${params.n} in this channel`);
      return locate(service, params.id, viewer, params.channel, params.n, global);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/games/:id/reading',
    summary: 'Where you stopped reading each channel of the game: posts, the last one read, the first unread',
    tags: ['thread'],
    auth: 'account',
    params: gameParams,
    response: { 200: readingReply },
    async handler({ params, req }) {
      const { g, role, viewer, index } = await caller(service, req, params.id);
      const markers = new Map((await store.readMarkers(req.principal!.account.id, g.id)).map((m) => [m.channel, m.post]));
      const channels: ChannelReading[] = [];
      for (const c of numberedChannels(g, role, viewer)) channels.push(await readingOf(service, g.id, index, viewer, c, markers.get(c) ?? 0));
      return { channels } satisfies ReadingReply;
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/games/:id/channels/:channel/read',
    summary: 'Mark the posts of a channel read up to a number (the marker never moves back; every device of the account sees it)',
    tags: ['thread'],
    auth: 'account',
    params: channelParams,
    body: markReadBody,
    response: { 200: channelReading },
    async handler({ params, req, body }) {
      const { viewer, index } = await caller(service, req, params.id, params.channel);
      // A post the caller cannot see yet is not read: the marker stops at the last one he sees.
      const post = Math.min(body.post, index.numbering(viewer, params.channel).count);
      const m: ReadMarker = { accountId: req.principal!.account.id, gameId: params.id, channel: params.channel, post, updatedAt: clock.now() };
      const stored = await store.markRead(m);
      return readingOf(service, params.id, index, viewer, params.channel, stored.post);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/games/:id/votes/history',
    summary: 'Every vote and change of the game’s votes with its time and post (a private ballot: its published results only, the moderator sees it live)',
    tags: ['thread'],
    auth: 'optional',
    params: gameParams,
    response: { 200: voteHistoryReply },
    async handler({ params, req }) {
      const { g, viewer, index } = await caller(service, req, params.id);
      const live = seesVoteCount(g.variant, viewer);
      const r = recount(index.votes.records, viewer, { live, order: g.variant.voteOrder ?? 'seat' });
      const line = entryOf(g, index, viewer);
      return {
        live,
        rounds: r.rounds.map((x) => ({ round: x.round, phase: x.phase, entries: x.entries.map(line) })),
        count: r.count ? namedCount(g.state, r.count) : null,
      } satisfies VoteHistoryReply;
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/games/:id/channels/:channel/posts/:n/votes',
    summary: 'The vote count as it stood at a post (a recount of the vote history up to it)',
    tags: ['thread'],
    auth: 'optional',
    params: postParams,
    response: { 200: voteCountAtReply },
    async handler({ params, req }) {
      const { g, viewer, index } = await caller(service, req, params.id, params.channel);
      const global = index.numbering(viewer, params.channel).globalOf(params.n);
      if (global === undefined) throw new AppError('post.unknown', 404, `no post ${params.n} in this channel`);
      const live = seesVoteCount(g.variant, viewer);
      const { count } = recount(index.votes.records, viewer, { live, order: g.variant.voteOrder ?? 'seat', upto: global });
      return { channel: params.channel, n: params.n, count: count ? namedCount(g.state, count) : null } satisfies VoteCountAtReply;
    },
  });
}

/** A history line as the API shows it: names now, the game's local time, the post by its number in the caller's numbering. */
function entryOf(g: LoadedGame, index: GameIndex, viewer: Viewer): (e: HistoryEntry) => VoteEntry {
  const s = g.state;
  const nm = (id: string) => s.players[id]?.name ?? id;
  const numberings = new Map<string, ReturnType<GameIndex['numbering']>>();
  const numberOf = (channel: string, global: number) => {
    let n = numberings.get(channel);
    if (!n) numberings.set(channel, (n = index.numbering(viewer, channel)));
    return n.numberOf(global);
  };
  return (e) => {
    const n = e.post ? numberOf(e.post.channel, e.post.global) : undefined;
    return {
      at: e.at,
      time: isoLocal(e.at, s.config.timeZone),
      kind: e.kind,
      voter: nm(e.voter),
      target: nm(e.target),
      ...(e.previous !== undefined ? { previous: nm(e.previous) } : {}),
      ...(e.channel !== undefined ? { channel: e.channel } : {}),
      ...(e.why !== undefined ? { why: e.why } : {}),
      ...(e.mark !== undefined ? { mark: e.mark } : {}),
      ...(e.post && n !== undefined ? { post: { channel: e.post.channel, n } } : {}),
    };
  };
}

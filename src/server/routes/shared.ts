// What the route files share: their dependencies, a game's summary, paging, and the one way a route submits a
// command (`commandRoute` declares such a route, `submit` runs it) and answers it in the caller's numbering
// (`commandResult`).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { type Accounts, nameKey, type Principal } from '../../app/accounts.ts';
import type { Clock } from '../../app/clock.ts';
import { AppError } from '../../app/errors.ts';
import type { GameService, LoadedGame, Outcome } from '../../app/game-service.ts';
import type { BalanceOptions } from '../../app/setup-preview.ts';
import { threadIndexOf } from '../../app/thread-index.ts';
import { type Item, nextDeadline, readAfter, type ViewContext, versionFor } from '../../app/views.ts';
import { nameSkeleton } from '../../core/names.ts';
import type { Command, GameEvent, Params, Rejection, Viewer } from '../../core/types.ts';
import { typed } from '../../engine/events.ts';
import { evolve } from '../../engine/evolve.ts';
import { decide } from '../../engine/game.ts';
import { commandExample } from '../../engine/parse.ts';
import type { Locale } from '../../engine/state.ts';
import { canSee } from '../../engine/view.ts';
import { renderMessage } from '../../i18n/render.ts';
import { type CommandReply, type GameSummary, gameParams, type PageQuery, type PageReply, pageQuery } from '../../protocol/index.ts';
import type { Store, StoredEvent } from '../../store/types.ts';
import { roleIn, viewerOf } from '../access.ts';
import type { SessionCache } from '../auth.ts';
import type { HeavyReads } from '../heavy-reads.ts';
import { type AuthMode, route } from '../http.ts';
import type { NotifyDeps } from './notify.ts';

/** What the routes need. */
export interface RouteDeps {
  readonly service: GameService;
  readonly accounts: Accounts;
  readonly sessions: SessionCache;
  readonly store: Store;
  readonly clock: Clock;
  readonly secureCookies: boolean;
  /** How the create form's balance previews run (default DEFAULT_BALANCE). */
  readonly balance?: BalanceOptions;
  /** The whole-log reads' cache, computations and budgets (heavy-reads.ts). */
  readonly heavy: HeavyReads;
  /** Notifications (reminders, push, mail); their routes exist only where the composition root built them. */
  readonly notify?: NotifyDeps;
}

/** Largest slice of a stream one page scans. */
const SCAN = 2000;

/** A game's summary; `version` is the public thread's (a spectator's) unless the caller's own is given. */
export function summaryOf(g: LoadedGame, version = g.meta.publicEvents): GameSummary {
  const s = g.state;
  return {
    id: g.id,
    title: g.meta.title,
    variant: g.variant.id,
    status: s.pausedSince !== undefined && s.status === 'running' ? 'paused' : s.status,
    players: s.order.length,
    moderators: [...g.meta.moderators],
    timeZone: s.config.timeZone,
    locale: s.config.locale,
    commitment: s.commitment,
    createdAt: s.config.createdAt,
    startAt: s.config.startAt,
    nextDeadline: nextDeadline(s),
    version,
  };
}

/** The context a view of the game is rendered in (the game's locale unless the reader asks another). */
export function ctxOf(g: LoadedGame, locale?: Locale): ViewContext {
  return { variant: g.variant, state: g.state, locale: locale ?? g.state.config.locale };
}

/** A rejection with its text in the game's locale. */
function rendered(g: LoadedGame, r: Rejection): { code: string; text: string; params?: Params } {
  const text = renderMessage(g.variant, g.state.config.locale, { key: r.code, params: r.params });
  return { code: r.code, text, ...(r.params && Object.keys(r.params).length > 0 ? { params: r.params } : {}) };
}

/**
 * The reply to a command in the caller's numbering (his role after the commit: a signup makes him a player): his
 * version and the numbers of the events of his command he may see, so a reply never counts hidden events.
 */
export async function commandResult(service: GameService, id: string, principal: Principal | undefined, o: Outcome): Promise<CommandReply> {
  const g = service.get(id);
  const viewer = viewerOf(roleIn(g, principal));
  // The index is built on a game's first command or read; after that no promise is waited for.
  const cursors = viewer.kind === 'moderator' ? undefined : (g.cursors ?? (await service.cursors(id)));
  const seqs: number[] = [];
  for (const e of o.events) if (canSee(viewer, e.event.audience)) seqs.push(cursors ? cursors.count(viewer, e.seq) : e.seq);
  const accepted = o.rejections.length === 0;
  const version = versionFor(g, viewer, cursors, o.version);
  const rejections = accepted ? [] : o.rejections.map((r) => rendered(g, r));
  return o.commands ? { accepted, version, seqs, rejections, commands: [...o.commands] } : { accepted, version, seqs, rejections };
}

/** How `submit` treats a command. */
export interface SubmitOptions {
  /** Refuse with 409 game.stale_version unless the game is at this version in the caller's numbering. */
  readonly ifVersion?: number | undefined;
  /**
   * 'reply' (players): a refusal is committed and listed in the reply. 'error' (the moderator's console): a refusal
   * is an answer to the moderator, not a change of the game, so nothing is committed and 422 mod.refused is thrown.
   */
  readonly refusals?: 'reply' | 'error';
}

/** Submits an engine command in the game's queue, optionally only at an expected version, and answers it (every command route runs it). */
export async function submit(service: GameService, g: LoadedGame, principal: Principal | undefined, opts: Submission): Promise<CommandReply> {
  const expected = opts.ifVersion;
  // A player's or spectator's version counts through the cursor index: load it before entering the queue.
  if (expected !== undefined && roleIn(g, principal).kind !== 'moderator') await service.cursors(g.id);
  const o = await service.apply(g.id, (cur, at) => {
    if (expected !== undefined) {
      const viewer = viewerOf(roleIn(cur, principal));
      if (viewer.kind !== 'moderator' && !cur.cursors) throw new AppError('game.conflict', 409, 'the game changed; try again');
      // The moderator's numbering is the global one.
      const v = versionFor(cur, viewer, cur.cursors, cur.version);
      if (v !== expected) throw new AppError('game.stale_version', 409, `the game is at version ${v}, not ${expected}`, { version: v });
    }
    const decision = decide(cur.variant, cur.state, opts.make(at));
    if (opts.refusals === 'error' && decision.rejections.length > 0) {
      const rejections = decision.rejections.map((r) => rendered(cur, r));
      throw new AppError('mod.refused', 422, rejections[0]!.text, { rejections, version: cur.version });
    }
    refuseLookAlikes(cur, decision.events);
    return decision;
  });
  return commandResult(service, g.id, principal, o);
}

/** What a command route's handler decides: the command to submit, and how (its version guard, its refusals). */
export interface Submission extends SubmitOptions {
  readonly make: (at: number) => Command;
}

/** A POST route on a game that submits one engine command and answers with a command reply. */
export interface CommandRouteDef<B> {
  readonly url: string;
  readonly summary: string;
  readonly tags: string[];
  readonly body: ZodType<B>;
  /** The documented reply (left out where /docs has never listed one). */
  readonly response?: Record<number, ZodType>;
  /** Checks that the caller may (throwing an AppError when not) and builds his command. */
  command(g: LoadedGame, req: FastifyRequest, body: B): Submission | Promise<Submission>;
}

/** Registers a command route: the caller's game is resolved, his command built by `def.command` and submitted. */
export function commandRoute<B>(app: FastifyInstance, service: GameService, def: CommandRouteDef<B>): void {
  route<B, undefined, { id: string }>(app, {
    method: 'POST',
    url: def.url,
    summary: def.summary,
    tags: def.tags,
    auth: 'account',
    params: gameParams,
    body: def.body,
    ...(def.response ? { response: def.response } : {}),
    async handler({ params, req, body }) {
      const g = service.get(params.id);
      return submit(service, g, req.principal, await def.command(g, req, body));
    },
  });
}

/** What a view route reads: as whom, and which items of the events that viewer may see. */
export interface ViewOf {
  readonly viewer: Viewer;
  readonly project: (c: ViewContext, evs: readonly StoredEvent[]) => Item[];
  /** The channel whose post numbers its lines carry (app/thread-index.ts), if they are numbered. */
  readonly numbered?: string;
}

/** A GET route on a game that answers one page of a view (the thread, the inbox, a team channel). */
export interface ViewRouteDef<P extends { id: string }> {
  readonly url: string;
  readonly summary: string;
  readonly tags: string[];
  readonly auth: AuthMode;
  readonly params: ZodType<P>;
  /** The documented reply. */
  readonly response: ZodType;
  /** Checks that the caller may read it (throwing an AppError when not) and says what he reads. */
  view(g: LoadedGame, req: FastifyRequest, params: P): ViewOf;
  /** What the reply adds after the page (the thread: its status, vote count and next deadline). */
  extra?(g: LoadedGame, viewer: Viewer): Record<string, unknown>;
}

/** Registers a view route: the caller's game is resolved, his view chosen by `def.view` and paged after `from`. */
export function viewRoute<P extends { id: string }>(app: FastifyInstance, service: GameService, def: ViewRouteDef<P>): void {
  route<undefined, PageQuery, P>(app, {
    method: 'GET',
    url: def.url,
    summary: def.summary,
    tags: def.tags,
    auth: def.auth,
    params: def.params,
    query: pageQuery,
    response: { 200: def.response },
    async handler({ params, query, req }) {
      const g = service.get(params.id);
      const v = def.view(g, req, params);
      const page = await paged(service, g, query, v);
      return def.extra ? { ...page, ...def.extra(g, v.viewer) } : page;
    },
  });
}

/** Applies one event the server itself writes (a team chat line, a new co-moderator) to the game's state. */
export function foldOne(g: LoadedGame, e: GameEvent) {
  return evolve(g.variant, g.state, e);
}

/** The caller's version of the game now. */
export async function versionNow(service: GameService, g: LoadedGame, viewer: Viewer): Promise<number> {
  const cursors = viewer.kind === 'player' ? await service.cursors(g.id) : undefined;
  return versionFor(service.get(g.id), viewer, cursors);
}

/**
 * One page of a view after the caller's cursor `from`, in his numbering: `next` is the `from` of the next page
 * (null once he has everything), `version` his version now.
 */
async function paged(service: GameService, g: LoadedGame, q: PageQuery, v: ViewOf): Promise<PageReply> {
  const viewer = v.viewer;
  const cursors = await service.cursors(g.id);
  const upto = service.get(g.id).version;
  const { events, globals, last } = await readAfter(service, g.id, cursors, viewer, q.from, SCAN, upto);
  const projected = v.project(ctxOf(g, q.locale), events);
  const items = v.numbered === undefined ? projected : await numbered(service, g.id, viewer, v.numbered, projected, events, globals);
  const version = cursors.count(viewer, upto);
  if (items.length > q.limit) return { items: items.slice(0, q.limit), next: items[q.limit - 1]!.seq, version };
  return { items, next: last < version ? last : null, version };
}

/** Items with their post numbers in `channel` (`n`), read from the thread index (each item's event by its global number). */
async function numbered(
  service: GameService,
  gameId: string,
  viewer: Viewer,
  channel: string,
  items: readonly Item[],
  events: readonly StoredEvent[],
  globals: readonly number[],
): Promise<Item[]> {
  const numbering = (await threadIndexOf(service).of(gameId)).numbering(viewer, channel);
  const globalOf = new Map(events.map((e, i) => [e.seq, globals[i]!]));
  return items.map((it) => {
    const n = numbering.numberOf(globalOf.get(it.seq) ?? 0);
    return n === undefined ? it : { ...it, n };
  });
}

/** The keyword of a syntax command in the game's locale ('join' → 'Συμμετοχή' in Greek, 'Join' in English). */
export function keyword(g: LoadedGame, command: string): string {
  const text = commandExample(g.variant.syntax, command, g.state.config.locale);
  if (text === '') throw new AppError('game.no_signup_command', 409, `the rulebook has no "${command}" command`);
  return text;
}

/**
 * A seat whose name looks like another seat's or a moderator's (same confusable skeleton) would let one player
 * pass for another in the thread and in vote lines, so a sign-up or a substitution that makes one is refused.
 */
function refuseLookAlikes(g: LoadedGame, events: readonly GameEvent[]): void {
  for (const e of events) {
    const ev = typed(e);
    if (ev.type !== 'player.signed_up' && ev.type !== 'player.substituted') continue;
    const name = ev.data.name;
    const seat = ev.type === 'player.substituted' ? ev.data.player : ev.data.id;
    const mine = nameSkeleton(name);
    const others = [...g.state.order.filter((id) => id !== seat).map((id) => g.state.players[id]!.name), ...g.meta.moderators];
    const alike = others.find((n) => nameKey(n) !== nameKey(name) && nameSkeleton(n) === mine);
    if (alike !== undefined) throw new AppError('game.name_confusable', 409, `"${name}" looks like "${alike}" in this game`, { like: alike });
  }
}

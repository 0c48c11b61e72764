// What the route files share: their dependencies, a game's summary, paging, and the one way a route submits a
// command (`commandRoute` declares such a route, `submit` hands it to the game's command path in GameService, which
// answers in the caller's numbering). A route only translates HTTP: it parses, checks who the caller is, and lets the
// error handler map the service's typed refusals to HTTP statuses.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import type { Accounts, Principal } from '../../app/accounts.ts';
import type { Clock } from '../../app/clock.ts';
import type { CommandRequest } from '../../app/command-path.ts';
import { AppError } from '../../app/errors.ts';
import type { GameService, LoadedGame, Outcome } from '../../app/game-service.ts';
import type { BalanceOptions } from '../../app/setup-preview.ts';
import { threadIndexOf } from '../../app/thread-index.ts';
import { type Item, nextDeadline, readAfter, type ViewContext, versionFor } from '../../app/views.ts';
import type { Command, Viewer } from '../../core/types.ts';
import { commandExample } from '../../engine/parse.ts';
import type { Locale } from '../../engine/state.ts';
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

/** The caller's viewer in a game as it stands (how the command path numbers his version and his reply). */
export const callerIn =
  (principal: Principal | undefined) =>
  (g: LoadedGame): Viewer =>
    viewerOf(roleIn(g, principal));

/** The reply to a committed outcome in the caller's numbering (his role after the commit: a signup makes him a player). */
export function commandResult(service: GameService, id: string, principal: Principal | undefined, o: Outcome): Promise<CommandReply> {
  return service.reply(id, callerIn(principal), o);
}

/** How `submit` treats a command: its version guard and its refusals (app/command-path.ts). */
export type SubmitOptions = Pick<CommandRequest, 'ifVersion' | 'refusals'>;

/**
 * Submits a caller's engine command through the game's command path (GameService.command) and answers it in his
 * numbering; its refusals are CommandErrors, which the error handler answers with their HTTP status.
 */
export function submit(service: GameService, g: LoadedGame, principal: Principal | undefined, opts: Submission): Promise<CommandReply> {
  return service.command(g.id, { ...opts, as: callerIn(principal) });
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

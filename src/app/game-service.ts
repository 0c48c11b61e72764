// GameService (DESIGN.md §5): one writer per game. Every change to a game — a player's post, a moderator's
// command, a scheduled deadline — goes through the game's queue: it is decided against the current state, its
// events are appended at the expected version and committed (with the game's next timer in the same
// transaction), and only then are listeners told and the caller answered. Commands that queue up while a commit
// is in flight are decided one after another and committed together (group commit): same order, same events,
// one transaction. Every input — a route, the scheduler, a game script — enters through `execute` (the command path
// of app/command-path.ts: version guard, decide, seat rule) or, for the service's own events, `appendService`.
//
// Several processes on one shared store (PostgreSQL): each keeps every game in memory and follows the store's
// commit notices, folding in what the others committed (a catch-up read of the events after its version) in the
// game's queue, and telling its own listeners (the WebSocket fan-out) as if it had committed them. A command that
// loses the version race to another process is not an error: the game catches up and the command is decided
// again on the fresh state, a few times at most.
import { randomBytes } from 'node:crypto';
import { own } from '../core/own.ts';
import type { Command, GameEvent, Millis, Rejection } from '../core/types.ts';
import { typed } from '../engine/events.ts';
import { evolve, foldAll, replay } from '../engine/evolve.ts';
import { createGame, type Decision } from '../engine/game.ts';
import type { GameConfig, GameState } from '../engine/state.ts';
import type { Recognised, Variant } from '../engine/variant.ts';
import { Cursors } from '../engine/view.ts';
import type { CommandReply } from '../protocol/index.ts';
import { isStoreFault } from '../store/faults.ts';
import { type CommitNotice, type Preload, type Snapshot, StaleVersionError, type Store, type StoredEvent } from '../store/types.ts';
import { getVariant } from '../variants/registry.ts';
import type { Clock } from './clock.ts';
import { type CommandRequest, decideCommand, refuseLookAlikes, replyOf, SYSTEM_VIEW } from './command-path.ts';
import { AppError, CommandError, gameNotFound, storeUnavailable } from './errors.ts';
import { HeardEvents } from './heard-events.ts';
import { warningWrites } from './profiles.ts';

/** What the service keeps about a game beyond the engine state: folded from the service's own events. */
export interface GameMeta {
  readonly title: string;
  /** The account name of the creator (the first moderator). */
  readonly host: string;
  /** Names of every moderator, host first. */
  readonly moderators: readonly string[];
  /** Each team channel's members as its latest team event names them (who may write there). */
  readonly teams: Readonly<Record<string, readonly string[]>>;
  /** Everyone any event of a team channel was ever addressed to (who may read there). */
  readonly teamsEver: Readonly<Record<string, readonly string[]>>;
  /** Public events in the stream: a spectator's version, known without the game's cursor index. */
  readonly publicEvents: number;
  /** The moderator's reminder leads in minutes (`reminders.set`); absent: the defaults (app/reminder-plan.ts). */
  readonly reminderMinutes?: readonly number[];
}

/** A game held in memory: its current state and version (= number of events in its stream). */
export interface LoadedGame {
  readonly id: string;
  readonly variant: Variant<unknown>;
  state: GameState<unknown>;
  meta: GameMeta;
  version: number;
  /** Each viewer's numbering of the stream; built on first use (`GameService.cursors`), then kept up to date. */
  cursors?: Cursors;
}

/** The result of one command: the events it produced (with sequence numbers) and its rejections. */
export interface Outcome {
  readonly version: number;
  readonly events: readonly StoredEvent[];
  readonly rejections: readonly Rejection[];
  /** For a post or PM: the commands the engine read in it (empty when none); absent for other commands. */
  readonly commands?: readonly Recognised[];
}

/** Decides a change against the current state at the stamped instant (pure). */
export type Decider = (game: LoadedGame, at: Millis) => Decision<unknown>;

/** Called after each commit with the committed events. */
export type CommitListener = (game: LoadedGame, events: readonly StoredEvent[]) => void;

/** A pino-compatible logger (the app layer does not depend on pino). */
export interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

const silent: Log = { info() {}, warn() {}, error() {} };

type Job =
  | { kind: 'decide'; decider: Decider; resolve: (o: Outcome) => void; reject: (e: unknown) => void }
  | { kind: 'run'; fn: () => unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void };

/** Service events: the game's title and moderators, and team chat. The engine ignores them (evolve is total). */
export const SERVICE_EVENTS = ['game.hosted', 'moderator.added', 'team.chat', 'reminders.set'] as const;

/** Folds a service event into the meta. */
export function foldMeta(m: GameMeta, e: GameEvent): GameMeta {
  return foldMetaAll(m, [e]);
}

/**
 * Folds events into the meta: the public ones counted at once (one copy of the meta for a vote's events, not one
 * per event), the service events in order.
 */
export function foldMetaAll(m: GameMeta, events: readonly GameEvent[]): GameMeta {
  let meta = m;
  let pub = 0;
  for (const e of events) {
    if (e.audience.kind === 'public') pub++;
    meta = foldService(meta, e);
  }
  return pub === 0 ? meta : { ...meta, publicEvents: (meta.publicEvents ?? 0) + pub };
}

/** Folds a service event (title and moderators, reminder leads, a team channel's members) into the meta; others change nothing. */
function foldService(meta: GameMeta, e: GameEvent): GameMeta {
  const ev = typed(e);
  if (ev.type === 'game.hosted') return { ...meta, title: String(ev.data.title), host: String(ev.data.host), moderators: [String(ev.data.host)] };
  if (ev.type === 'moderator.added') return { ...meta, moderators: [...meta.moderators, String(ev.data.name)] };
  if (ev.type === 'reminders.set') return { ...meta, reminderMinutes: [...ev.data.minutes] };
  const a = e.audience;
  if (a.kind === 'team') {
    const ever = own(meta.teamsEver, a.team) ?? [];
    return {
      ...meta,
      teams: { ...meta.teams, [a.team]: [...a.ids] },
      teamsEver: { ...meta.teamsEver, [a.team]: [...ever, ...a.ids.filter((id) => !ever.includes(id))] },
    };
  }
  return meta;
}

const EMPTY_META: GameMeta = { title: '', host: '', moderators: [], teams: {}, teamsEver: {}, publicEvents: 0 };

/** Events one page of a cursor index build reads before yielding to the event loop. */
const INDEX_PAGE = 2000;

/** The instant the game's timer must fire next, or null (ended, cancelled or paused games wait for nobody). */
export function nextDue(s: GameState<unknown>): Millis | null {
  if (s.status === 'ended' || s.status === 'cancelled' || s.pausedSince !== undefined) return null;
  return s.deadlines[0]?.at ?? null;
}

/** Times a batch that lost the version race to another process is decided again before it gives up (503). */
const MAX_RACES = 20;

/** Games `boot` loads at once (one query each), and timers it repairs at once. */
const BOOT_CONCURRENCY = 8;

/** Where a boot spent its time (ms), by phase. */
export interface BootReport {
  readonly games: number;
  /** Waiting for the store's rows (the bulk read's pages not overlapped with folding, or the list of streams). */
  readonly waitMs: number;
  /** Decoding rows into snapshots and events (bulk read only). */
  readonly decodeMs: number;
  /** Building each game: the snapshot's state plus the events after it folded (or the whole log replayed). */
  readonly foldMs: number;
  /** Reading the timers index and writing its repairs. */
  readonly timersMs: number;
  readonly totalMs: number;
}

/** Runs `fn` over the items, at most `width` at once. */
async function inParallel<T>(items: readonly T[], width: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}

/** Events between snapshots unless the options say otherwise. */
export const DEFAULT_SNAPSHOT_EVERY = 500;

/**
 * The shape of the state a snapshot holds. Bump it whenever GameState, a variant's state or GameMeta changes shape:
 * a snapshot of another format is ignored and the game is rebuilt from its events (the log is the truth; a snapshot
 * is only a shortcut), and the next snapshot is written in the new format. 4: the engine keeps the open phases
 * (`GameState.phases`) and palermo's slice no phase. 5: mafia-de's slice no phase, round or opening (the engine's).
 * 6: palermo-intrigue's slice no phase either (its night is an engine phase beside the day). 7: mafia-cities' slice
 * no phase (its day, vote and night are the engine's).
 */
export const SNAPSHOT_FORMAT = 7;

/** What the service saves as a game's snapshot (and `load` reads back): the engine state and the meta. */
export function snapshotOf(g: LoadedGame): Snapshot {
  return { version: g.version, state: { format: SNAPSHOT_FORMAT, state: g.state, meta: g.meta } };
}

/** Options of the service. */
export interface GameServiceOptions {
  readonly store: Store;
  readonly clock: Clock;
  readonly log?: Log;
  /** Save a snapshot after this many events since the last one. */
  readonly snapshotEvery?: number;
  /** Most commands decided into one commit. */
  readonly maxBatch?: number;
}

/** The one writer per game. */
export class GameService {
  private readonly games = new Map<string, LoadedGame>();
  private readonly queues = new Map<string, Job[]>();
  private readonly draining = new Set<string>();
  private readonly snapshotAt = new Map<string, number>();
  /** Games whose snapshot is due, saved one per event-loop turn by `saveSnapshots`. */
  private readonly snapshotsDue = new Set<string>();
  private snapshotting: Promise<void> | undefined;
  private readonly listeners = new Set<CommitListener>();
  private readonly building = new Map<string, Promise<Cursors>>();
  private readonly store: Store;
  private readonly clock: Clock;
  private readonly log: Log;
  private readonly snapshotEvery: number;
  private readonly maxBatch: number;
  /** Games being created here: their own commit notice must not load them a second time. */
  private readonly creating = new Set<string>();
  /** Games a commit of this process is in flight for, with the version it commits to. */
  private readonly committing = new Map<string, number>();
  /** Games with a catch-up queued and not yet run (one covers every notice that arrives before it runs). */
  private readonly catchUps = new Set<string>();
  /** Games of other processes being loaded on first notice or request. */
  private readonly adopting = new Map<string, Promise<LoadedGame | undefined>>();
  /** The events that other processes' commit notices carried, until the game's queue folds them in. */
  private readonly heard = new HeardEvents();

  constructor(o: GameServiceOptions) {
    this.store = o.store;
    this.clock = o.clock;
    this.log = o.log ?? silent;
    this.snapshotEvery = o.snapshotEvery ?? DEFAULT_SNAPSHOT_EVERY;
    this.maxBatch = o.maxBatch ?? 256;
  }

  /**
   * Loads every game (snapshot + newer events) and rewrites each game's timer from its state. Resolves with where
   * the time went (the restart benchmark prints it).
   */
  async boot(): Promise<BootReport> {
    const t0 = performance.now();
    const stored = new Map((await this.store.timers()).map((t) => [t.streamId, t.dueAt]));
    const { loaded, waitMs, decodeMs, foldMs } = await this.loadAll();
    const t1 = performance.now();
    const shared = this.store.follow !== undefined;
    const repairs: { id: string; due: Millis | null }[] = [];
    for (const g of loaded) {
      this.games.set(g.id, g);
      // The timer index is derived from state: rewriting it heals any disagreement. Only a disagreement is written,
      // so a normal boot costs no commit per game (on PostgreSQL each one is a round trip and a disk sync).
      const due = nextDue(g.state);
      if ((stored.get(g.id) ?? null) !== due) repairs.push({ id: g.id, due });
      stored.delete(g.id);
    }
    // On a shared store another process may have committed since the load: its timer is then the newer truth.
    const latest = shared && repairs.length > 0 ? await this.store.versions() : undefined;
    const writes = repairs.filter((r) => !latest || latest.get(r.id) === this.games.get(r.id)!.version);
    // A timer without a game would be claimed and fail on every poll (on a shared store the game may be newer
    // than this boot's list: the scheduler loads it when its timer falls due).
    if (!shared) for (const id of stored.keys()) writes.push({ id, due: null });
    if (writes.length > 0) {
      if (this.store.scheduleMany) await this.store.scheduleMany(writes.map((r) => ({ streamId: r.id, dueAt: r.due })));
      else await inParallel(writes, BOOT_CONCURRENCY, (r) => this.store.schedule(r.id, r.due));
    }
    const t2 = performance.now();
    return { games: loaded.length, waitMs, decodeMs, foldMs, timersMs: t2 - t1 + (t1 - t0 - waitMs - decodeMs - foldMs), totalMs: t2 - t0 };
  }

  /**
   * Loads the games, oldest first. A store with a bulk read (PostgreSQL) streams them all in one query; otherwise
   * several games load at once (on PostgreSQL a load is two round trips; 10,000 games took 9.5 s one at a time).
   */
  private async loadAll(): Promise<{ loaded: LoadedGame[]; waitMs: number; decodeMs: number; foldMs: number }> {
    if (this.store.preloadAll) {
      const loaded: LoadedGame[] = [];
      let foldMs = 0;
      const times = await this.store.preloadAll(async (page) => {
        const t = performance.now();
        for (const pre of page) loaded.push(await this.fetch(pre.streamId, pre));
        foldMs += performance.now() - t;
      });
      return { loaded, ...times, foldMs };
    }
    const t0 = performance.now();
    const ids = await this.store.streams();
    const t1 = performance.now();
    const loaded: LoadedGame[] = new Array(ids.length);
    await inParallel(
      ids.map((id, i) => ({ id, i })),
      BOOT_CONCURRENCY,
      async ({ id, i }) => {
        loaded[i] = await this.fetch(id);
      },
    );
    // One game at a time reads and folds in turn: the time is counted as folding.
    return { loaded, waitMs: t1 - t0, decodeMs: 0, foldMs: performance.now() - t1 };
  }

  /**
   * Follows a shared store's commits (no-op on a store of one process): a game created elsewhere is loaded, a
   * commit made elsewhere is folded in. Returns the function that stops following.
   */
  follow(): () => Promise<void> {
    if (!this.store.follow) return async () => {};
    return this.store.follow({ onCommit: (n) => this.onNotice(n), onResync: () => void this.resync() });
  }

  private onNotice(n: CommitNotice): void {
    if (this.creating.has(n.streamId)) return;
    const g = this.games.get(n.streamId);
    if (!g) {
      void this.adopt(n.streamId).then((a) => {
        if (a && a.version < n.version) this.catchUp(n.streamId);
      });
      return;
    }
    // Our own commit's notice may come before the commit's reply: it is not news.
    if (n.version <= Math.max(g.version, this.committing.get(n.streamId) ?? 0)) return;
    this.heard.note(n);
    this.catchUp(n.streamId);
  }

  /** After the feed was down: compares every stream with what is loaded and catches up where behind. */
  private async resync(): Promise<void> {
    try {
      for (const [id, version] of await this.store.versions()) {
        const g = this.games.get(id);
        if (!g) void this.adopt(id);
        else if (version > g.version) this.catchUp(id);
      }
    } catch (e) {
      this.log.warn({ err: e }, 'resync failed; waiting for the next notice');
    }
  }

  /** Queues a catch-up of the game with the store (one queued at a time covers every notice before it runs). */
  private catchUp(id: string): void {
    if (this.catchUps.has(id) || !this.games.has(id)) return;
    this.catchUps.add(id);
    this.serial(id, () => {
      this.catchUps.delete(id);
      return this.absorb(this.get(id));
    }).catch((e: unknown) => {
      this.catchUps.delete(id);
      this.log.warn({ err: e, gameId: id }, 'catch-up failed; the next notice or command retries');
    });
  }

  /**
   * Folds in the events other processes appended after the game's version and tells the listeners, as for a
   * commit of this process. Runs in the game's queue. Returns how many events it read.
   */
  private async absorb(g: LoadedGame, target = this.heard.latest(g.id)): Promise<number> {
    // The events the notices carried, then a read for whatever they did not cover (a gap, a large commit, a
    // version told otherwise): on the usual path a commit made elsewhere costs no query here.
    const known = this.heard.take(g.id, g.version);
    const rest = target !== undefined && g.version + known.length >= target ? [] : await this.store.read(g.id, g.version + known.length + 1);
    const tail = known.length === 0 ? rest : [...known, ...rest];
    if (tail.length === 0) return 0;
    const events = tail.map((e) => e.event);
    g.state = foldAll(g.variant, g.state, events);
    g.meta = foldMetaAll(g.meta, events);
    for (const e of events) g.cursors?.add(e.audience);
    g.version += tail.length;
    this.notify(g, tail);
    return tail.length;
  }

  /** Loads a game another process created, once however many notices and requests ask for it. */
  private adopt(id: string): Promise<LoadedGame | undefined> {
    const known = this.games.get(id);
    if (known) return Promise.resolve(known);
    let p = this.adopting.get(id);
    if (!p) {
      p = (async () => {
        if ((await this.store.version(id)) === 0) return undefined;
        const g = await this.fetch(id);
        // A request or notice may have loaded it meanwhile; the first one stays the live one.
        const again = this.games.get(id);
        if (again) return again;
        this.games.set(id, g);
        return g;
      })().finally(() => this.adopting.delete(id));
      this.adopting.set(id, p);
    }
    return p;
  }

  /**
   * Brings a game up to the store's latest commit before a request is answered (a shared store only; elsewhere
   * this process is the only writer): loads a game created elsewhere, folds in commits made elsewhere.
   */
  async refresh(id: string): Promise<void> {
    if (!this.store.follow) return;
    const g = this.games.get(id);
    if (!g) {
      await this.adopt(id);
      return;
    }
    const version = await this.store.version(id);
    if (version > g.version) await this.serial(id, () => this.absorb(this.get(id), version));
  }

  /**
   * Reads a game from the store: its snapshot and the events after it, or all its events. `pre` is what a bulk
   * read already fetched (a snapshot of another format then costs a read of the whole log).
   */
  private async fetch(id: string, pre?: Preload): Promise<LoadedGame> {
    const snap = pre ? pre.snapshot : await this.store.loadSnapshot(id);
    const saved = snap?.state as { format?: number; state: GameState<unknown>; meta: GameMeta } | undefined;
    let g: LoadedGame;
    if (snap && saved?.format === SNAPSHOT_FORMAT) {
      const variant = this.variantOf(saved.state.config.variant);
      const tail = pre ? pre.events : await this.store.read(id, snap.version + 1);
      const events = tail.map((e) => e.event);
      g = { id, variant, state: foldAll(variant, saved.state, events), meta: foldMetaAll(saved.meta, events), version: snap.version + tail.length };
      this.snapshotAt.set(id, snap.version);
    } else {
      const all = (pre && !snap ? pre.events : await this.store.read(id)).map((e) => e.event);
      // The log opens with game.created, which names the rulebook its events belong to.
      const first = all[0] && typed(all[0]);
      const variant = this.variantOf(first?.type === 'game.created' ? first.data.config.variant : '');
      const cursors = new Cursors();
      for (const e of all) cursors.add(e.audience);
      g = { id, variant, state: replay(variant, all), meta: foldMetaAll(EMPTY_META, all), version: all.length, cursors };
      this.snapshotAt.set(id, 0);
    }
    return g;
  }

  private variantOf(id: string): Variant<unknown> {
    const v = getVariant(id);
    if (!v) throw new Error(`the database holds a game of unknown variant "${id}"`);
    return v;
  }

  /** Every loaded game. */
  list(): LoadedGame[] {
    return [...this.games.values()];
  }

  /** A game by id, or undefined. */
  find(id: string): LoadedGame | undefined {
    return this.games.get(id);
  }

  /** A game by id; throws game.not_found. */
  get(id: string): LoadedGame {
    const g = this.games.get(id);
    if (!g) throw gameNotFound(id);
    return g;
  }

  /** Registers a listener for committed events; returns the unsubscribe function. */
  onCommit(listener: CommitListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Creates a game: the engine's creation events plus who hosts it, committed with its first timer. `players` are
   * signed up at creation (a game script's list), under the same seat rule as every later sign-up.
   */
  async create(variant: Variant<unknown>, config: GameConfig, seed: string, host: string, title: string, players: readonly string[] = []): Promise<LoadedGame> {
    const id = randomBytes(6).toString('base64url').replace(/[-_]/g, 'x');
    const hosted: GameEvent = { type: 'game.hosted', at: config.createdAt, audience: { kind: 'public' }, data: { title, host } };
    const d = createGame(variant, config, seed, players);
    // A seat may not look like another, nor like the host.
    refuseLookAlikes({ order: [], players: {} }, [host], d.events);
    const events = [...d.events, hosted];
    const state = evolve(variant, d.state, hosted);
    this.creating.add(id);
    try {
      await this.store.append(id, 0, events, { dueAt: nextDue(state) });
    } catch (e) {
      throw isStoreFault(e) ? storeUnavailable() : e;
    } finally {
      this.creating.delete(id);
    }
    const cursors = new Cursors();
    for (const e of events) cursors.add(e.audience);
    const g: LoadedGame = { id, variant, state, meta: foldMetaAll(EMPTY_META, events), version: events.length, cursors };
    this.games.set(id, g);
    this.snapshotAt.set(id, 0);
    this.notify(
      g,
      events.map((event, i) => ({ seq: i + 1, event })),
    );
    return g;
  }

  /**
   * The command path every input takes (app/command-path.ts): in the game's queue, the sender's version guard, the
   * engine's decision, the console's refusals and the seat rule, then the commit. Throws a CommandError (nothing
   * committed) or an AppError (an unknown game, the store out of reach).
   */
  async execute(gameId: string, req: CommandRequest): Promise<Outcome> {
    // A player's or spectator's version counts through the cursor index: load it before entering the queue.
    if (req.ifVersion !== undefined && req.as(this.get(gameId)).kind !== 'moderator') await this.cursors(gameId);
    return this.apply(gameId, (g, at) => decideCommand(g, at, req));
  }

  /** Runs a command through the command path and answers it in the sender's numbering. */
  async command(gameId: string, req: CommandRequest): Promise<CommandReply> {
    return this.reply(gameId, req.as, await this.execute(gameId, req));
  }

  /** The reply to a committed outcome in the numbering of its sender, as he stands in the game now. */
  async reply(gameId: string, as: CommandRequest['as'], o: Outcome): Promise<CommandReply> {
    const g = this.get(gameId);
    const viewer = as(g);
    // The index is built on a game's first command or read; after that no promise is waited for.
    const cursors = viewer.kind === 'moderator' ? undefined : (g.cursors ?? (await this.cursors(gameId)));
    return replyOf(this.get(gameId), viewer, cursors, o);
  }

  /** Decides a command of the system (or of a tool that sees everything) through the command path. */
  submit(gameId: string, make: (at: Millis) => Command): Promise<Outcome> {
    return this.execute(gameId, { make, as: SYSTEM_VIEW });
  }

  /** Fires the game's due deadlines (the scheduler's command). */
  tick(gameId: string): Promise<Outcome> {
    return this.submit(gameId, (at) => ({ type: 'deadline.reached', at, actor: { kind: 'system' } }));
  }

  /** Appends service events (already authorised by the caller) through the same queue. */
  appendService(gameId: string, make: (g: LoadedGame, at: Millis) => GameEvent[]): Promise<Outcome> {
    return this.apply(gameId, (g, at) => {
      const events = make(g, at);
      return { events, state: foldAll(g.variant, g.state, events), rejections: [] };
    });
  }

  /** Queues a decider for the game; resolves once its events are committed. */
  apply(gameId: string, decider: Decider): Promise<Outcome> {
    this.get(gameId);
    return new Promise<Outcome>((resolve, reject) => this.enqueue(gameId, { kind: 'decide', decider, resolve, reject }));
  }

  /** Runs `fn` in the game's queue: no commit of this game interleaves with it (WebSocket catch-up uses it). */
  serial<T>(gameId: string, fn: () => T | Promise<T>): Promise<T> {
    this.get(gameId);
    return new Promise<T>((resolve, reject) => this.enqueue(gameId, { kind: 'run', fn, resolve: resolve as (v: unknown) => void, reject }));
  }

  /**
   * The game's cursor index, built on first use from the log (a game loaded from a snapshot has none yet): read
   * in pages in the game's queue, so no commit interleaves, yielding between pages.
   */
  cursors(gameId: string): Promise<Cursors> {
    const g = this.get(gameId);
    if (g.cursors) return Promise.resolve(g.cursors);
    let p = this.building.get(gameId);
    if (!p) {
      p = this.serial(gameId, async () => {
        const cur = this.get(gameId);
        if (cur.cursors) return cur.cursors;
        const c = new Cursors();
        while (c.size < cur.version) {
          const page = await this.store.read(gameId, c.size + 1, Math.min(INDEX_PAGE, cur.version - c.size));
          if (page.length === 0) break;
          for (const e of page) c.add(e.event.audience);
          await new Promise<void>((r) => setImmediate(r));
        }
        cur.cursors = c;
        return c;
      }).finally(() => this.building.delete(gameId));
      this.building.set(gameId, p);
    }
    return p;
  }

  /** Events of a game from a sequence number. */
  async read(gameId: string, from = 1, limit?: number): Promise<StoredEvent[]> {
    this.get(gameId);
    return this.store.read(gameId, from, limit);
  }

  /** Waits until every queued job of every game has run and every due snapshot is saved (for shutdown and tests). */
  async idle(): Promise<void> {
    while (this.draining.size > 0 || this.snapshotting) {
      await this.snapshotting;
      await new Promise((r) => setTimeout(r, 2));
    }
  }

  private enqueue(gameId: string, job: Job): void {
    let q = this.queues.get(gameId);
    if (!q) this.queues.set(gameId, (q = []));
    q.push(job);
    if (!this.draining.has(gameId)) {
      this.draining.add(gameId);
      void this.drain(gameId);
    }
  }

  private async drain(gameId: string): Promise<void> {
    const q = this.queues.get(gameId)!;
    try {
      while (q.length > 0) {
        const head = q[0]!;
        if (head.kind === 'run') {
          q.shift();
          try {
            head.resolve(await head.fn());
          } catch (e) {
            head.reject(e);
          }
          continue;
        }
        let n = 0;
        while (n < q.length && n < this.maxBatch && q[n]!.kind === 'decide') n++;
        const batch = q.splice(0, n) as Extract<Job, { kind: 'decide' }>[];
        await this.commitBatch(gameId, batch);
      }
    } finally {
      this.draining.delete(gameId);
      if (q.length > 0) {
        this.draining.add(gameId);
        void this.drain(gameId);
      }
    }
  }

  private async commitBatch(gameId: string, batch: Extract<Job, { kind: 'decide' }>[], races = 0): Promise<void> {
    const g = this.get(gameId);
    let state = g.state;
    let meta = g.meta;
    const all: GameEvent[] = [];
    const parts: {
      job: (typeof batch)[number];
      from: number;
      count: number;
      rejections: readonly Rejection[];
      commands?: readonly Recognised[];
    }[] = [];
    for (const job of batch) {
      // Each command is stamped when decided, never before the game's clock: the log's instants only go forward.
      const at = Math.max(this.clock.now(), state.clock);
      let d: Decision<unknown>;
      try {
        // The decider sees the game as the batch has made it so far (version and cursors include earlier commands).
        d = job.decider({ ...g, state, meta, version: g.version + all.length }, at);
      } catch (e) {
        // A CommandError is the command path's refusal (a stale version, a look-alike seat), an AppError a
        // precondition the caller checked in the queue (a membership). Anything else thrown is an engine bug, never a
        // rule violation: this command fails, the others go on.
        const expected = e instanceof AppError || e instanceof CommandError;
        if (!expected) this.log.error({ err: e, gameId }, 'decide threw');
        job.reject(expected ? e : new AppError('internal.engine', 500, 'the engine failed on this command'));
        continue;
      }
      parts.push({ job, from: g.version + all.length + 1, count: d.events.length, rejections: d.rejections, ...(d.commands ? { commands: d.commands } : {}) });
      all.push(...d.events);
      // Indexed at once so a later command of the batch checks `ifVersion` against it; undone if the commit fails.
      for (const e of d.events) g.cursors?.add(e.audience);
      state = d.state;
      meta = foldMetaAll(meta, d.events);
    }
    if (parts.length === 0) return;
    let lost: unknown;
    this.committing.set(gameId, g.version + all.length);
    try {
      // The timer is written in the same commit whenever it changes (and on every empty commit, which repairs it);
      // so are the profile warnings the events issue or revoke (CIT-ACT-7), keyed by the events' numbers.
      const due = nextDue(state);
      const timer = all.length === 0 || due !== nextDue(g.state) ? { dueAt: due } : undefined;
      await this.store.append(gameId, g.version, all, timer, warningWrites(gameId, g.version + 1, all));
    } catch (e) {
      lost = e;
    } finally {
      this.committing.delete(gameId);
    }
    if (lost !== undefined) {
      g.cursors?.truncate(g.version);
      const jobs = parts.map((p) => p.job);
      if (lost instanceof StaleVersionError) {
        // Another process committed first: fold its events in and decide the same commands again on that state
        // (an `ifVersion` command then meets its own check). Not an error: it is how writers take turns.
        if (races < MAX_RACES) {
          try {
            await this.absorb(g, lost.actual);
          } catch (e) {
            return this.failBatch(gameId, jobs, e);
          }
          return this.commitBatch(gameId, jobs, races + 1);
        }
        this.log.warn({ gameId, races }, 'lost the version race too often; answered busy');
        for (const j of jobs) j.reject(new AppError('game.busy', 503, 'the game is busy; try again', { retryAfter: 1 }));
        return;
      }
      return this.failBatch(gameId, jobs, lost);
    }
    const base = g.version;
    g.state = state;
    g.meta = meta;
    g.version = base + all.length;
    const stored = all.map((event, i) => ({ seq: base + i + 1, event }));
    this.notify(g, stored);
    for (const p of parts)
      p.job.resolve({
        version: g.version,
        events: stored.slice(p.from - base - 1, p.from - base - 1 + p.count),
        rejections: p.rejections,
        ...(p.commands ? { commands: p.commands } : {}),
      });
    if (g.version - (this.snapshotAt.get(gameId) ?? 0) >= this.snapshotEvery) {
      this.snapshotsDue.add(gameId);
      this.snapshotting ??= this.saveSnapshots();
    }
  }

  /** Answers a batch whose commit failed: a database fault is 503 (nothing was acknowledged), anything else a bug. */
  private failBatch(gameId: string, jobs: readonly Extract<Job, { kind: 'decide' }>[], e: unknown): void {
    if (isStoreFault(e)) {
      this.log.warn({ gameId, err: (e as Error).message }, 'store unavailable; commands answered 503');
      for (const j of jobs) j.reject(storeUnavailable());
      // The commit may have landed before the connection broke: the next command or notice catches up.
      if (this.store.follow) this.catchUp(gameId);
      return;
    }
    this.log.error({ err: e, gameId }, 'append failed');
    for (const j of jobs) j.reject(e);
  }

  /**
   * Saves the due snapshots one per event-loop turn, off the commit path. Games that move in step (a benchmark's
   * votes, every game's 13:00 deadline) cross their snapshot threshold together; serialising all their states in one
   * turn stalled every request behind it (vote p99 31 ms against 13 ms without snapshots, 64 games). A snapshot is
   * only a shortcut for loading, so saving it a moment later, at the version the game has then, loses nothing.
   */
  private async saveSnapshots(): Promise<void> {
    try {
      for (const gameId of this.snapshotsDue) {
        this.snapshotsDue.delete(gameId);
        await new Promise<void>((r) => setImmediate(r));
        const g = this.games.get(gameId);
        if (!g) continue;
        this.snapshotAt.set(gameId, g.version);
        await this.store.saveSnapshot(gameId, snapshotOf(g)).catch((e: unknown) => {
          this.log.warn({ err: e, gameId }, 'snapshot failed');
        });
      }
    } finally {
      this.snapshotting = undefined;
    }
  }

  private notify(g: LoadedGame, events: readonly StoredEvent[]): void {
    if (events.length === 0) return;
    for (const l of this.listeners) {
      try {
        l(g, events);
      } catch (e) {
        this.log.error({ err: e, gameId: g.id }, 'commit listener failed');
      }
    }
  }
}

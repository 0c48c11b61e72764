// Storage contracts (DESIGN.md §5): an append-only event store with optimistic concurrency, the timers index the
// scheduler polls, and accounts with their sessions. Narrow on purpose so memory, SQLite and PostgreSQL can all
// implement them and one contract suite can check every implementation.
import type { GameEvent, Millis } from '../core/types.ts';
import type { NotifyStore } from './notify.ts';

/** An event as stored: its 1-based position in its stream is its sequence number. */
export interface StoredEvent {
  readonly seq: number;
  readonly event: GameEvent;
}

/** A saved fold of a stream's first `version` events (keeps load time flat for long games). */
export interface Snapshot {
  readonly version: number;
  readonly state: unknown;
}

/** A stream as a bulk read gives it: its latest snapshot and the events after that snapshot's version. */
export interface Preload {
  readonly snapshot?: Snapshot;
  readonly events: readonly StoredEvent[];
}

/** A stream as `preloadAll` hands it out. */
export interface PreloadedStream extends Preload {
  readonly streamId: string;
}

/** Where a `preloadAll` spent its time (ms): waiting for the database's rows, and decoding them. */
export interface PreloadTimes {
  readonly waitMs: number;
  readonly decodeMs: number;
}

/** The stream's pending deadline after an append: an instant, or null for none (written in the same commit). */
export type TimerUpdate = { readonly dueAt: Millis | null };

/** Raised when an append's expected version is not the stream's current version. */
export class StaleVersionError extends Error {
  /** Stable error code for the API. */
  readonly code = 'store.stale_version';
  constructor(
    readonly streamId: string,
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`stream ${streamId} is at version ${actual}, not ${expected}`);
  }
}

/** Raised when a unique key (an account name) is already taken. */
export class DuplicateError extends Error {
  /** Stable error code for the API. */
  readonly code = 'store.duplicate';
}

/** Append-only event streams, one per game. */
export interface EventStore {
  /**
   * Appends events to a stream whose current version (number of events) must equal `expectedVersion` (0 creates
   * the stream). With `timer`, the stream's timer is set in the same transaction, so a crash never separates a
   * deadline from the events that scheduled it; likewise the profile `warnings` the events issue or revoke. Returns
   * the new version. Throws StaleVersionError (and then writes nothing).
   */
  append(streamId: string, expectedVersion: number, events: readonly GameEvent[], timer?: TimerUpdate, warnings?: readonly WarningWrite[]): Promise<number>;
  /** Events of a stream from sequence number `fromSeq` (1-based), at most `limit` of them. */
  read(streamId: string, fromSeq?: number, limit?: number): Promise<StoredEvent[]>;
  /** The stream's version (0 when it does not exist). */
  version(streamId: string): Promise<number>;
  /** Every stream id, oldest first. */
  streams(): Promise<string[]>;
  /**
   * Optional bulk read for a boot, where a store pays a round trip per query (PostgreSQL): every stream, oldest
   * first, with its latest snapshot, if any, and the events after it (all of them without one), handed to `onPage`
   * a page at a time while the next page is read. Resolves with where the time went.
   */
  preloadAll?(onPage: (page: readonly PreloadedStream[]) => void | Promise<void>): Promise<PreloadTimes>;
  /** Every stream's version, by stream id (a follower's comparison after it missed notices). */
  versions(): Promise<Map<string, number>>;
  /** Saves a snapshot (replacing an older one). */
  saveSnapshot(streamId: string, snapshot: Snapshot): Promise<void>;
  /** The latest snapshot of a stream, if any. */
  loadSnapshot(streamId: string): Promise<Snapshot | undefined>;
}

/** A stream's next deadline, as the scheduler sees it. */
export interface Timer {
  readonly streamId: string;
  readonly dueAt: Millis;
}

/** The durable timers index: at most one timer per stream (its earliest pending deadline). */
export interface TimerStore {
  /** Sets (or with null clears) a stream's timer. */
  schedule(streamId: string, dueAt: Millis | null): Promise<void>;
  /** Optional: `schedule` for many streams in a few statements (a boot's repairs on PostgreSQL, one commit each else). */
  scheduleMany?(timers: readonly { readonly streamId: string; readonly dueAt: Millis | null }[]): Promise<void>;
  /**
   * Claims up to `limit` timers due at or before `now` that nobody holds, for `leaseMs`: a claimed timer is not
   * handed out again until the lease ends or the timer changes. Earliest first.
   */
  claimDue(now: Millis, leaseMs: number, limit: number): Promise<Timer[]>;
  /** Releases a claim once handled: deletes the timer if it still has `dueAt`, else keeps the newer one. */
  complete(streamId: string, dueAt: Millis): Promise<void>;
  /** Drops every claim (on boot of a single-process store: the claims of a crashed process are void). */
  releaseClaims(): Promise<void>;
  /** Every timer (for checks and the console). */
  timers(): Promise<Timer[]>;
}

/** A user account. */
export interface AccountRecord {
  readonly id: string;
  /** The display name, also the player name in games. */
  readonly name: string;
  /** The name folded for uniqueness (lower case, NFC). */
  readonly nameKey: string;
  /** The name's confusable skeleton (core/names.ts), unique too; absent on a look-alike kept from before it existed. */
  readonly skeleton?: string;
  readonly passwordHash: string;
  readonly createdAt: Millis;
}

/** A log-in session; the id is the SHA-256 of the cookie token, so a leaked database holds no usable token. */
export interface SessionRecord {
  readonly id: string;
  readonly accountId: string;
  /** The CSRF token the client must echo on state-changing requests. */
  readonly csrf: string;
  readonly createdAt: Millis;
  readonly expiresAt: Millis;
}

/** Accounts and sessions. */
export interface AccountStore {
  /** Creates an account; throws DuplicateError when the name or its skeleton is taken. */
  createAccount(a: AccountRecord): Promise<void>;
  /** Finds an account by folded name. */
  accountByName(nameKey: string): Promise<AccountRecord | undefined>;
  /** Finds the account whose name has this confusable skeleton. */
  accountBySkeleton(skeleton: string): Promise<AccountRecord | undefined>;
  /** Finds an account by id. */
  account(id: string): Promise<AccountRecord | undefined>;
  /** Stores a session. */
  createSession(s: SessionRecord): Promise<void>;
  /** Finds a session by (hashed) id. */
  session(id: string): Promise<SessionRecord | undefined>;
  /** Deletes a session. */
  deleteSession(id: string): Promise<void>;
  /**
   * Optional: a session and its account in one query (PostgreSQL, where every request authenticates against the
   * shared database and each query is a round trip); undefined when either is missing.
   */
  sessionAccount?(id: string): Promise<{ session: SessionRecord; account: AccountRecord } | undefined>;
  /** Every account, oldest first (`narrator copy`). */
  everyAccount(): Promise<AccountRecord[]>;
  /** Every session (`narrator copy`). */
  everySession(): Promise<SessionRecord[]>;
  /** Replaces an account's password hash (a password reset). */
  setPasswordHash(accountId: string, passwordHash: string): Promise<void>;
  /** Ends every session of an account (a password reset); returns how many there were. */
  deleteSessionsOf(accountId: string): Promise<number>;
}

/**
 * A warning in a player's cross-game profile (mafia-cities «Овощ», CIT-ACT-7), keyed by the game and the sequence
 * number of the event that issued it, so recording it twice (a retried commit) keeps one. The profile belongs to the
 * account by its folded name (`nameKey`): game seats carry account names, and a profile also outlives a renamed seat.
 */
export interface WarningRecord {
  readonly gameId: string;
  readonly seq: number;
  readonly nameKey: string;
  /** The name as the game knew it. */
  readonly name: string;
  /** What kind of warning (`vegetable`). */
  readonly kind: string;
  /** The game date it was issued on (YYYY-MM-DD). */
  readonly date: string;
  readonly reason: string;
  readonly createdAt: Millis;
  /** The sequence number of the game event that revoked it (absent while it stands). */
  readonly revokedSeq?: number;
}

/** A revocation of a profile warning: the latest standing one of `kind` the name received in the game, by event `seq`. */
export interface WarningRevocation {
  readonly gameId: string;
  readonly nameKey: string;
  readonly kind: string;
  readonly seq: number;
}

/** A change to the players' profiles that an append writes with the events that make it. */
export type WarningWrite = { readonly add: WarningRecord } | { readonly revoke: WarningRevocation };

/** The warnings of players' cross-game profiles. */
export interface WarningStore {
  /** Records a warning; a second record of the same (game, seq) changes nothing. */
  addWarning(w: WarningRecord): Promise<void>;
  /**
   * Revokes the latest standing warning of `kind` the name received in the game, marking it with the revoking
   * event's `seq`; a revocation already recorded with that seq changes nothing.
   */
  revokeWarning(r: WarningRevocation): Promise<void>;
  /** The standing warnings of these names, oldest first. */
  warningsOf(nameKeys: readonly string[]): Promise<WarningRecord[]>;
  /** Every warning, revoked ones too (`narrator copy`). */
  everyWarning(): Promise<WarningRecord[]>;
}

/**
 * Where a reader stopped in one channel of a game (issue 26: the unread marker, kept on the server so a phone and a
 * desktop agree): the number of the last post he has read, in the channel's numbering (app/thread-index.ts).
 */
export interface ReadMarker {
  readonly accountId: string;
  readonly gameId: string;
  readonly channel: string;
  readonly post: number;
  readonly updatedAt: Millis;
}

/** Readers' markers, one per account, game and channel. */
export interface ReadMarkerStore {
  /** Moves the marker forward to `m.post` (never back: a later read elsewhere wins) and answers it as it stands. */
  markRead(m: ReadMarker): Promise<ReadMarker>;
  /** An account's markers in a game, one per channel it has read. */
  readMarkers(accountId: string, gameId: string): Promise<ReadMarker[]>;
  /** Every marker (`narrator copy`). */
  everyReadMarker(): Promise<ReadMarker[]>;
}

/** Small facts of the installation that outlive the process (e.g. the scaled clock's origin), by key. */
export interface MetaStore {
  /** The value stored under `key`, if any. */
  meta(key: string): Promise<string | undefined>;
  /** Stores (or replaces) the value under `key`. */
  setMeta(key: string, value: string): Promise<void>;
}

/** A commit another process (or this one) made, as a shared store announces it: the stream and its new version. */
export interface CommitNotice {
  readonly streamId: string;
  readonly version: number;
  /**
   * The commit's events (sequence numbers `version - events.length + 1` … `version`), when they fit the notice: a
   * follower then folds them in without reading the store. Absent for a large commit: read them.
   */
  readonly events?: readonly GameEvent[];
}

/** What a follower of a shared store hears. */
export interface StoreFeed {
  /** A stream was committed to (by any process, this one included). */
  onCommit(notice: CommitNotice): void;
  /** The feed was (re)connected: notices may have been missed while it was down, so compare every stream. */
  onResync(): void;
}

/** Everything the application needs from storage. */
export interface Store extends EventStore, TimerStore, AccountStore, MetaStore, WarningStore, ReadMarkerStore {
  /** Which implementation (for logs and the health route). */
  readonly kind: string;
  /** Reminders, notifications, deliveries, push subscriptions, contacts and mail tokens (store/notify.ts). */
  readonly notify: NotifyStore;
  /**
   * Present on a store that several server processes share (PostgreSQL): starts hearing every commit, reconnecting
   * by itself after a loss. Returns the function that stops it.
   */
  readonly follow?: (feed: StoreFeed) => () => Promise<void>;
  /** Resolves when the database answers (the readiness route); rejects otherwise. */
  ping(): Promise<void>;
  /** Closes connections and files. */
  close(): Promise<void>;
}

// The embedded default store: one SQLite file through better-sqlite3 in WAL mode. Kysely builds every query and
// runs the versioned migrations; compiled queries run synchronously on cached prepared statements, so a
// multi-statement write is one real SQLite transaction (an async Kysely transaction would let other writes of
// this process interleave between its statements) and an append costs microseconds, not a round of promises.
// Appends are group-committed: one transaction per turn of the event loop, across games. Each append is one row
// (a commit of one or more events); rows land in a staging table without a key and move into the keyed `commits`
// table in bulk (see `compact`).
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { type Compilable, Kysely, type Migration, Migrator, SqliteDialect, sql } from 'kysely';
import type { GameEvent, Millis } from '../core/types.ts';
import { migrationsOf } from './migrations.ts';
import type { NotifyStore } from './notify.ts';
import { type NotifySchema, SqlNotifyStore, sqliteRunner } from './notify-sql.ts';
import { selectEveryReadMarker, selectReadMarker, selectReadMarkers, toReadMarker, upsertReadMarker } from './read-markers.ts';
import { type Schema, toAccount, toWarning } from './schema.ts';
import type {
  AccountRecord,
  ReadMarker,
  SessionRecord,
  Snapshot,
  Store,
  StoredEvent,
  Timer,
  TimerUpdate,
  WarningRecord,
  WarningRevocation,
  WarningWrite,
} from './types.ts';
import { DuplicateError, StaleVersionError } from './types.ts';
import { insertWarning, revokeLatestWarning, selectEveryWarning, selectWarnings } from './warnings.ts';

/** Versioned migrations of the SQLite schema (migrations.ts). */
export const MIGRATIONS: Record<string, Migration> = migrationsOf('sqlite');

/** Options of the SQLite store. */
export interface SqliteOptions {
  /**
   * 'normal' (default): a commit is durable once written to the WAL, which survives a process crash (SIGKILL) but
   * not a power cut; 'full' also fsyncs every commit.
   */
  readonly synchronous?: 'normal' | 'full';
  /** Real milliseconds between WAL checkpoints, run by a worker thread (file databases only). */
  readonly checkpointMs?: number;
  /** Staged events that trigger a compaction into the keyed table (see `compact`). */
  readonly compactEvents?: number;
  /** Told when a compaction fails (the rows stay staged, readable, and are retried at the next one). */
  readonly onError?: (e: unknown) => void;
}

/** Staged events that trigger a compaction unless the options say otherwise. */
export const DEFAULT_COMPACT_EVENTS = 4096;

/**
 * Checkpoints the WAL from a second connection in a worker thread. SQLite's automatic checkpoint runs inside the
 * commit that crosses the threshold and fsyncs there, stalling the event loop (and every game) for milliseconds;
 * a passive checkpoint on another thread copies the same pages without blocking the writer.
 */
const CHECKPOINTER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const timer = setInterval(() => { try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {} }, workerData.everyMs);
parentPort.on('message', () => { clearInterval(timer); db.close(); parentPort.postMessage('closed'); });
`;

/** An append waiting for the group commit. */
interface PendingAppend {
  readonly streamId: string;
  readonly expected: number;
  readonly events: readonly GameEvent[];
  readonly timer: TimerUpdate | undefined;
  readonly warnings: readonly WarningWrite[];
  resolve(version: number): void;
  reject(e: unknown): void;
}

/** Sentinel values: a hot statement is compiled once with them, and each parameter is found again by value. */
const S = {
  stream: '\u0000stream',
  version: -1_000_001,
  at: -1_000_002,
  due: -1_000_003,
  expected: -1_000_004,
  last: -1_000_005,
  events: '\u0000events',
} as const;

/**
 * A statement on the hot path: Kysely compiles it once with sentinel values; `run` and `get` bind named values
 * in the compiled parameter order. Saves compiling the same query for every command.
 */
class Hot {
  private readonly stmt: Database.Statement;
  private readonly order: string[];

  constructor(db: Database.Database, q: Compilable, names: readonly (keyof typeof S)[]) {
    const c = q.compile();
    this.stmt = db.prepare(c.sql);
    this.order = c.parameters.map((p) => {
      const name = names.find((n) => S[n] === p);
      if (name === undefined && p !== null) throw new Error(`unbound parameter ${String(p)} in ${c.sql}`);
      return name ?? '';
    });
  }

  private bind(values: Record<string, unknown>): unknown[] {
    // A plain loop: this runs for every statement of every append.
    const out = new Array<unknown>(this.order.length);
    for (let i = 0; i < out.length; i++) {
      const n = this.order[i]!;
      out[i] = n === '' ? null : values[n];
    }
    return out;
  }

  /** Runs the statement; returns how many rows it changed. */
  run(values: Record<string, unknown>): number {
    return this.stmt.run(...this.bind(values)).changes;
  }

  /** Runs the statement and returns its first row. */
  get<T>(values: Record<string, unknown>): T | undefined {
    return this.stmt.get(...this.bind(values)) as T | undefined;
  }
}

/** A row of `commits`: one append's events, `seq`…`last`, as a JSON array of [type, at, audience, data]. */
interface CommitRow {
  stream_id: string;
  seq: number;
  last: number;
  events: string;
}

/** The SQLite store's tables: the shared ones, with commits (and their staging table) in place of `events`. */
type SqliteSchema = Omit<Schema, 'events'> & { commits: CommitRow; commits_staged: CommitRow };

/** A Store in one SQLite file. Open it with `SqliteStore.open`. */
export class SqliteStore implements Store {
  /** Identifies the implementation. */
  readonly kind = 'sqlite';
  /** See Store.notify. */
  readonly notify: NotifyStore;

  /** See Store.ping: the file is open and readable. */
  async ping(): Promise<void> {
    this.db.prepare('select 1').get();
  }
  private readonly statements = new Map<string, Database.Statement>();
  private readonly hot: Record<'version' | 'create' | 'bump' | 'timerSet' | 'timerClear' | 'insert', Hot>;
  /** Appends waiting for the next group commit. */
  private pending: PendingAppend[] = [];
  private readonly claimTx: (now: Millis, leaseMs: number, limit: number) => Timer[];
  private readonly compactTx: () => void;
  /** One group commit: each append's version or its stale-version error, in order. */
  private readonly groupTx: (batch: readonly PendingAppend[]) => (number | StaleVersionError)[];
  /** Events in `commits_staged` (counted from open). */
  private staged = 0;
  private compactQueued = false;
  private readonly compactEvents: number;
  private readonly onError: (e: unknown) => void;

  private constructor(
    /** The raw connection (tests and the benchmark use it). */
    readonly db: Database.Database,
    private readonly k: Kysely<SqliteSchema>,
    options: SqliteOptions,
    private readonly checkpointer?: Worker,
  ) {
    this.notify = new SqlNotifyStore(k.withTables<NotifySchema>(), sqliteRunner(db), 'sqlite');
    this.compactEvents = options.compactEvents ?? DEFAULT_COMPACT_EVENTS;
    this.onError = options.onError ?? ((e) => process.emitWarning(`SQLite compaction failed: ${(e as Error).message ?? String(e)}`));
    // The hot path's statements, built by Kysely once and bound by name (see `Hot`).
    this.hot = {
      version: new Hot(db, k.selectFrom('streams').select('version').where('stream_id', '=', S.stream), ['stream']),
      create: new Hot(db, k.insertInto('streams').values({ stream_id: S.stream, version: S.version, created_at: S.at }), ['stream', 'version', 'at']),
      // The version check and the bump in one statement: it changes no row when the stream is not at `expected`.
      bump: new Hot(db, k.updateTable('streams').set({ version: S.version }).where('stream_id', '=', S.stream).where('version', '=', S.expected), [
        'version',
        'stream',
        'expected',
      ]),
      timerSet: new Hot(
        db,
        k
          .insertInto('timers')
          .values({ stream_id: S.stream, due_at: S.due, claimed_until: null })
          .onConflict((oc) =>
            oc.column('stream_id').doUpdateSet({
              due_at: S.due,
              // A changed instant is a new timer: its claim (if any) no longer applies.
              claimed_until: sql<number | null>`case when timers.due_at = ${S.due} then timers.claimed_until else null end`,
            }),
          ),
        ['stream', 'due'],
      ),
      timerClear: new Hot(db, k.deleteFrom('timers').where('stream_id', '=', S.stream), ['stream']),
      insert: new Hot(db, k.insertInto('commits_staged').values({ stream_id: S.stream, seq: S.version, last: S.last, events: S.events }), [
        'stream',
        'version',
        'last',
        'events',
      ]),
    };
    const cols = ['stream_id', 'seq', 'last', 'events'] as const;
    const move = k.insertInto('commits').columns(cols).expression(k.selectFrom('commits_staged').select(cols).orderBy('stream_id').orderBy('last')).compile();
    const moveStmt = db.prepare(move.sql);
    const clearStmt = db.prepare(k.deleteFrom('commits_staged').compile().sql);
    this.compactTx = db.transaction(() => {
      moveStmt.run(...move.parameters);
      clearStmt.run();
    });
    this.groupTx = db.transaction((batch: readonly PendingAppend[]) =>
      batch.map((a) => {
        try {
          return this.appendOne(a);
        } catch (e) {
          // A stale version is detected before anything is written: the others in the batch go on.
          if (e instanceof StaleVersionError) return e;
          throw e;
        }
      }),
    );
    this.claimTx = db.transaction((now: Millis, leaseMs: number, limit: number) => {
      const rows = this.all<{ stream_id: string; due_at: number }>(
        k
          .selectFrom('timers')
          .select(['stream_id', 'due_at'])
          .where('due_at', '<=', now)
          .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
          .orderBy('due_at')
          .limit(limit),
      );
      for (const r of rows)
        this.run(
          k
            .updateTable('timers')
            .set({ claimed_until: now + leaseMs })
            .where('stream_id', '=', r.stream_id),
        );
      return rows.map((r) => ({ streamId: r.stream_id, dueAt: r.due_at }));
    });
  }

  /** Opens (creating if needed) a database file and brings its schema up to date. ':memory:' works too. */
  static async open(file: string, options: SqliteOptions = {}): Promise<SqliteStore> {
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${options.synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
    db.pragma('busy_timeout = 5000');
    db.pragma('foreign_keys = ON');
    const k = new Kysely<SqliteSchema>({ dialect: new SqliteDialect({ database: db }) });
    const migrator = new Migrator({ db: k, provider: { getMigrations: async () => MIGRATIONS } });
    const { error, results } = await migrator.migrateToLatest();
    if (error) {
      db.close();
      const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? '?';
      throw new Error(`database migration ${failed} failed: ${(error as Error).message ?? String(error)}`);
    }
    let checkpointer: Worker | undefined;
    if (file !== ':memory:' && file !== '') {
      db.pragma('wal_autocheckpoint = 0');
      checkpointer = new Worker(CHECKPOINTER, {
        eval: true,
        workerData: { file, module: createRequire(import.meta.url).resolve('better-sqlite3'), everyMs: options.checkpointMs ?? 500 },
      });
      checkpointer.unref();
    }
    const store = new SqliteStore(db, k, options, checkpointer);
    // Rows a crashed process left staged move now, so a boot's many reads find the staging table empty.
    store.compact();
    // A single-process store: claims left by a crashed process are void, so overdue deadlines fire on boot.
    await store.releaseClaims();
    return store;
  }

  private stmt(q: Compilable): { s: Database.Statement; p: unknown[] } {
    const c = q.compile();
    let s = this.statements.get(c.sql);
    if (!s) {
      if (this.statements.size > 500) this.statements.clear();
      s = this.db.prepare(c.sql);
      this.statements.set(c.sql, s);
    }
    return { s, p: c.parameters as unknown[] };
  }

  private run(q: Compilable): Database.RunResult {
    const { s, p } = this.stmt(q);
    return s.run(...p);
  }

  private get<T>(q: Compilable): T | undefined {
    const { s, p } = this.stmt(q);
    return s.get(...p) as T | undefined;
  }

  private all<T>(q: Compilable): T[] {
    const { s, p } = this.stmt(q);
    return s.all(...p) as T[];
  }

  /**
   * See EventStore.append. Appends issued in the same turn of the event loop — from any game — are committed in one
   * SQLite transaction (group commit): each keeps its own version check, and each promise resolves only after that
   * transaction has committed, so an acknowledged command is durable while a commit's cost is shared.
   */
  append(
    streamId: string,
    expectedVersion: number,
    events: readonly GameEvent[],
    timer?: TimerUpdate,
    warnings: readonly WarningWrite[] = [],
  ): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      this.pending.push({ streamId, expected: expectedVersion, events, timer, warnings, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    let results: (number | StaleVersionError)[];
    try {
      results = this.groupTx(batch);
    } catch (e) {
      for (const a of batch) a.reject(e);
      return;
    }
    batch.forEach((a, i) => {
      const r = results[i]!;
      if (r instanceof StaleVersionError) a.reject(r);
      else {
        this.staged += a.events.length;
        a.resolve(r);
      }
    });
    if (this.staged >= this.compactEvents && !this.compactQueued) {
      // After this turn, so the batch's replies go out first.
      this.compactQueued = true;
      setImmediate(() => {
        this.compactQueued = false;
        if (this.db.open) this.compact();
      });
    }
  }

  /**
   * Moves the staged commits into the keyed `commits` table, in one transaction and in key order.
   *
   * Why the staging table: `commits` is keyed by stream, so every game's new rows go to that game's own page of the
   * key. A group commit of 30 games' votes then wrote 30 key pages of 4 KB to the WAL, one per vote, and the commit
   * was a third of a vote's CPU time. Staged rows are ordered by rowid only, so a commit writes the one or two pages
   * at the table's end, and a compaction of a few thousand events (a few ms) writes each game's key page once for all
   * its new rows. Reads see both tables; a crash leaves staged rows as durable as any other row.
   */
  compact(): void {
    if (this.staged === 0 && !this.db.prepare('select 1 from commits_staged limit 1').get()) return;
    try {
      this.compactTx();
      this.staged = 0;
    } catch (e) {
      this.onError(e);
    }
  }

  private appendOne(a: PendingAppend): number {
    const next = a.expected + a.events.length;
    if (a.events.length > 0 && a.expected > 0) {
      // The common case: check and bump the version in one statement, before anything else is written.
      if (this.hot.bump.run({ stream: a.streamId, version: next, expected: a.expected }) !== 1) throw this.stale(a);
    } else {
      const actual = this.hot.version.get<{ version: number }>({ stream: a.streamId })?.version ?? 0;
      if (actual !== a.expected) throw new StaleVersionError(a.streamId, a.expected, actual);
      if (a.events.length > 0) this.hot.create.run({ stream: a.streamId, version: next, at: a.events[0]!.at });
    }
    if (a.events.length > 0) {
      // Tuples, not the event objects: only the four fields, in a fixed order, and no key names in every row.
      const tuples = a.events.map((e) => [e.type, e.at, e.audience, e.data ?? null]);
      this.hot.insert.run({ stream: a.streamId, version: a.expected + 1, last: next, events: JSON.stringify(tuples) });
    }
    if (a.timer) this.setTimer(a.streamId, a.timer.dueAt);
    for (const w of a.warnings) this.run('add' in w ? insertWarning(this.k, w.add) : revokeLatestWarning(this.k, w.revoke));
    return next;
  }

  private stale(a: PendingAppend): StaleVersionError {
    return new StaleVersionError(a.streamId, a.expected, this.hot.version.get<{ version: number }>({ stream: a.streamId })?.version ?? 0);
  }

  /** See EventStore.read. */
  async read(streamId: string, fromSeq = 1, limit = -1): Promise<StoredEvent[]> {
    const from = Math.max(1, fromSeq);
    // Every staged commit of a stream comes after its compacted ones (a compaction moves all of them at once). A
    // commit holds at least one event, so `limit` rows hold at least `limit` events from `from` on.
    const rows = this.all<CommitRow>(
      this.k
        .selectFrom('commits')
        .selectAll()
        .where('stream_id', '=', streamId)
        .where('last', '>=', from)
        .unionAll(this.k.selectFrom('commits_staged').selectAll().where('stream_id', '=', streamId).where('last', '>=', from))
        .orderBy('last')
        .limit(limit),
    );
    const out: StoredEvent[] = [];
    for (const r of rows) {
      const tuples = JSON.parse(r.events) as [string, number, GameEvent['audience'], unknown][];
      for (let i = 0; i < tuples.length; i++) {
        const seq = r.seq + i;
        if (seq < from) continue;
        if (out.length === limit) return out;
        const [type, at, audience, data] = tuples[i]!;
        out.push({ seq, event: { type, at, audience, data } });
      }
    }
    return out;
  }

  /** See EventStore.version. */
  async version(streamId: string): Promise<number> {
    return this.get<{ version: number }>(this.k.selectFrom('streams').select('version').where('stream_id', '=', streamId))?.version ?? 0;
  }

  /** See EventStore.streams. */
  async streams(): Promise<string[]> {
    return this.all<{ stream_id: string }>(this.k.selectFrom('streams').select('stream_id').orderBy('created_at').orderBy('stream_id')).map((r) => r.stream_id);
  }

  /** See EventStore.versions. */
  async versions(): Promise<Map<string, number>> {
    return new Map(
      this.all<{ stream_id: string; version: number }>(this.k.selectFrom('streams').select(['stream_id', 'version'])).map((r) => [r.stream_id, r.version]),
    );
  }

  /** See EventStore.saveSnapshot. */
  async saveSnapshot(streamId: string, snapshot: Snapshot): Promise<void> {
    const state = JSON.stringify(snapshot.state);
    this.run(
      this.k
        .insertInto('snapshots')
        .values({ stream_id: streamId, version: snapshot.version, state })
        .onConflict((oc) => oc.column('stream_id').doUpdateSet({ version: snapshot.version, state })),
    );
  }

  /** See EventStore.loadSnapshot. */
  async loadSnapshot(streamId: string): Promise<Snapshot | undefined> {
    const r = this.get<Schema['snapshots']>(this.k.selectFrom('snapshots').selectAll().where('stream_id', '=', streamId));
    return r ? { version: r.version, state: JSON.parse(r.state) as unknown } : undefined;
  }

  private setTimer(streamId: string, dueAt: Millis | null): void {
    if (dueAt === null) this.hot.timerClear.run({ stream: streamId });
    else this.hot.timerSet.run({ stream: streamId, due: dueAt });
  }

  /** See TimerStore.schedule. */
  async schedule(streamId: string, dueAt: Millis | null): Promise<void> {
    this.setTimer(streamId, dueAt);
  }

  /** See TimerStore.claimDue. */
  async claimDue(now: Millis, leaseMs: number, limit: number): Promise<Timer[]> {
    return this.claimTx(now, leaseMs, limit);
  }

  /** See TimerStore.complete. */
  async complete(streamId: string, dueAt: Millis): Promise<void> {
    this.run(this.k.deleteFrom('timers').where('stream_id', '=', streamId).where('due_at', '=', dueAt));
  }

  /** See TimerStore.releaseClaims. */
  async releaseClaims(): Promise<void> {
    this.run(this.k.updateTable('timers').set({ claimed_until: null }));
  }

  /** See TimerStore.timers. */
  async timers(): Promise<Timer[]> {
    return this.all<Schema['timers']>(this.k.selectFrom('timers').selectAll().orderBy('due_at')).map((r) => ({ streamId: r.stream_id, dueAt: r.due_at }));
  }

  /** See AccountStore.createAccount. */
  async createAccount(a: AccountRecord): Promise<void> {
    try {
      this.run(
        this.k.insertInto('accounts').values({
          id: a.id,
          name: a.name,
          name_key: a.nameKey,
          name_skeleton: a.skeleton ?? null,
          password_hash: a.passwordHash,
          created_at: a.createdAt,
        }),
      );
    } catch (e) {
      if ((e as { code?: string }).code?.startsWith('SQLITE_CONSTRAINT')) throw new DuplicateError(`account ${a.name} exists`);
      throw e;
    }
  }

  private toAccount(r: Schema['accounts'] | undefined): AccountRecord | undefined {
    return r ? toAccount(r) : undefined;
  }

  /** See AccountStore.accountByName. */
  async accountByName(nameKey: string): Promise<AccountRecord | undefined> {
    return this.toAccount(this.get(this.k.selectFrom('accounts').selectAll().where('name_key', '=', nameKey)));
  }

  /** See AccountStore.accountBySkeleton. */
  async accountBySkeleton(skeleton: string): Promise<AccountRecord | undefined> {
    return this.toAccount(this.get(this.k.selectFrom('accounts').selectAll().where('name_skeleton', '=', skeleton)));
  }

  /** See MetaStore.meta. */
  async meta(key: string): Promise<string | undefined> {
    return this.get<Schema['meta']>(this.k.selectFrom('meta').selectAll().where('key', '=', key))?.value;
  }

  /** See MetaStore.setMeta. */
  async setMeta(key: string, value: string): Promise<void> {
    this.run(
      this.k
        .insertInto('meta')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value })),
    );
  }

  /** See AccountStore.account. */
  async account(id: string): Promise<AccountRecord | undefined> {
    return this.toAccount(this.get(this.k.selectFrom('accounts').selectAll().where('id', '=', id)));
  }

  /** See AccountStore.createSession. */
  async createSession(s: SessionRecord): Promise<void> {
    this.run(this.k.insertInto('sessions').values({ id: s.id, account_id: s.accountId, csrf: s.csrf, created_at: s.createdAt, expires_at: s.expiresAt }));
  }

  /** See AccountStore.session. */
  async session(id: string): Promise<SessionRecord | undefined> {
    const r = this.get<Schema['sessions']>(this.k.selectFrom('sessions').selectAll().where('id', '=', id));
    return r ? { id: r.id, accountId: r.account_id, csrf: r.csrf, createdAt: r.created_at, expiresAt: r.expires_at } : undefined;
  }

  /** See AccountStore.deleteSession. */
  async deleteSession(id: string): Promise<void> {
    this.run(this.k.deleteFrom('sessions').where('id', '=', id));
  }

  /** See AccountStore.everyAccount. */
  async everyAccount(): Promise<AccountRecord[]> {
    return this.all<Schema['accounts']>(this.k.selectFrom('accounts').selectAll().orderBy('created_at').orderBy('id')).map(toAccount);
  }

  /** See AccountStore.everySession. */
  async everySession(): Promise<SessionRecord[]> {
    return this.all<Schema['sessions']>(this.k.selectFrom('sessions').selectAll().orderBy('created_at').orderBy('id')).map((r) => ({
      id: r.id,
      accountId: r.account_id,
      csrf: r.csrf,
      createdAt: r.created_at,
      expiresAt: r.expires_at,
    }));
  }

  /** See AccountStore.setPasswordHash. */
  async setPasswordHash(accountId: string, passwordHash: string): Promise<void> {
    this.run(this.k.updateTable('accounts').set({ password_hash: passwordHash }).where('id', '=', accountId));
  }

  /** See AccountStore.deleteSessionsOf. */
  async deleteSessionsOf(accountId: string): Promise<number> {
    return this.run(this.k.deleteFrom('sessions').where('account_id', '=', accountId)).changes;
  }

  /** See WarningStore.addWarning. */
  async addWarning(w: WarningRecord): Promise<void> {
    this.run(insertWarning(this.k, w));
  }

  /** See WarningStore.revokeWarning. */
  async revokeWarning(r: WarningRevocation): Promise<void> {
    this.run(revokeLatestWarning(this.k, r));
  }

  /** See WarningStore.warningsOf. */
  async warningsOf(nameKeys: readonly string[]): Promise<WarningRecord[]> {
    return this.all<Schema['warnings']>(selectWarnings(this.k, nameKeys)).map(toWarning);
  }

  /** See WarningStore.everyWarning. */
  async everyWarning(): Promise<WarningRecord[]> {
    return this.all<Schema['warnings']>(selectEveryWarning(this.k)).map(toWarning);
  }

  /** See ReadMarkerStore.markRead. */
  async markRead(m: ReadMarker): Promise<ReadMarker> {
    this.run(upsertReadMarker(this.k, m));
    return toReadMarker(this.get<Schema['read_markers']>(selectReadMarker(this.k, m))!);
  }

  /** See ReadMarkerStore.readMarkers. */
  async readMarkers(accountId: string, gameId: string): Promise<ReadMarker[]> {
    return this.all<Schema['read_markers']>(selectReadMarkers(this.k, accountId, gameId)).map(toReadMarker);
  }

  /** See ReadMarkerStore.everyReadMarker. */
  async everyReadMarker(): Promise<ReadMarker[]> {
    return this.all<Schema['read_markers']>(selectEveryReadMarker(this.k)).map(toReadMarker);
  }

  /** Commits what is pending, compacts, and closes the database file (checkpointing the WAL). */
  async close(): Promise<void> {
    this.flush();
    if (this.db.open) this.compact();
    const w = this.checkpointer;
    if (w) {
      await new Promise<void>((resolve) => {
        w.once('message', () => resolve());
        w.once('exit', () => resolve());
        w.postMessage('close');
      });
      await w.terminate();
    }
    // The last connection to close checkpoints the WAL into the database file.
    if (this.db.open) this.db.close();
  }
}

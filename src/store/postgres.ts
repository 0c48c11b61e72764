// The PostgreSQL store (DESIGN.md §5), for several server processes sharing one database: the same contract as
// the SQLite store. An append checks and bumps its stream's version in one statement (the row lock orders
// concurrent writers) in one transaction with the events and the timer; due timers are claimed with FOR UPDATE
// SKIP LOCKED, so each deadline is handed to one poller at a time. Kysely builds every query; `pg` is the driver.
//
// Several processes: once an append has committed, its `(stream, version)` is announced with NOTIFY (never for a
// commit that did not happen; `announce` says why not inside the append). `follow` LISTENs on a connection of its
// own and reconnects by itself; after a reconnection its follower compares every stream, since notices sent while
// it was away are lost.
import { Kysely, type Migration, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { GameEvent, Millis } from '../core/types.ts';
import { isStoreFault } from './faults.ts';
import { migrationsOf } from './migrations.ts';
import type { NotifyStore } from './notify.ts';
import { type NotifySchema, postgresRunner, SqlNotifyStore } from './notify-sql.ts';
import { selectEveryReadMarker, selectReadMarker, selectReadMarkers, toReadMarker, upsertReadMarker } from './read-markers.ts';
import { type Schema, toAccount, toWarning } from './schema.ts';
import type {
  AccountRecord,
  CommitNotice,
  PreloadedStream,
  PreloadTimes,
  ReadMarker,
  SessionRecord,
  Snapshot,
  Store,
  StoredEvent,
  StoreFeed,
  Timer,
  TimerUpdate,
  WarningRecord,
  WarningRevocation,
  WarningWrite,
} from './types.ts';
import { DuplicateError, StaleVersionError } from './types.ts';
import { insertWarning, revokeLatestWarning, selectEveryWarning, selectWarnings } from './warnings.ts';

/** Versioned migrations of the PostgreSQL schema (migrations.ts). */
export const PG_MIGRATIONS: Record<string, Migration> = migrationsOf('postgres');

/** Options of the PostgreSQL store. */
export interface PostgresOptions {
  /** A schema of its own (created if missing); tests use one per store. */
  readonly schema?: string;
  /** Drop that schema on close (tests). */
  readonly dropSchemaOnClose?: boolean;
  /** Pool size. */
  readonly max?: number;
  /** How long a request waits for a connection before it is answered store.unavailable (ms). */
  readonly connectTimeoutMs?: number;
}

/** The NOTIFY channel of a schema's commits (a test schema has its own, so parallel suites do not hear each other). */
const channelOf = (schema: string | undefined) => schema ?? 'narrator_commits';

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; a commit whose events do not fit sends none. */
const MAX_PAYLOAD = 7999;

/** An event as a notice carries it: the columns the events table stores, in order. */
type NoticeEvent = [type: string, at: number, audience: GameEvent['audience'], data: unknown];

/**
 * A commit notice's payload: `version streamId`, then a line with the commit's events as JSON when they fit
 * (each as the table stores it, so a follower folds exactly what a read would give it).
 */
export function noticePayload(streamId: string, version: number, events: readonly GameEvent[]): string {
  const head = `${version} ${streamId}`;
  const rows: NoticeEvent[] = events.map((e) => [e.type, e.at, e.audience, e.data ?? null]);
  const full = `${head}\n${JSON.stringify(rows)}`;
  return Buffer.byteLength(full) <= MAX_PAYLOAD ? full : head;
}

/** Parses a commit notice's payload (`noticePayload`); undefined for anything else on the channel. */
export function parseNotice(payload: string | undefined): CommitNotice | undefined {
  const sp = payload?.indexOf(' ') ?? -1;
  if (!payload || sp < 1) return undefined;
  const version = Number(payload.slice(0, sp));
  if (!Number.isSafeInteger(version)) return undefined;
  const nl = payload.indexOf('\n', sp);
  if (nl < 0) return { streamId: payload.slice(sp + 1), version };
  try {
    const rows = JSON.parse(payload.slice(nl + 1)) as NoticeEvent[];
    if (!Array.isArray(rows) || rows.length > version) return { streamId: payload.slice(sp + 1, nl), version };
    return { streamId: payload.slice(sp + 1, nl), version, events: rows.map(([type, at, audience, data]) => ({ type, at, audience, data })) };
  } catch {
    // A payload we cannot read still says the stream moved: the follower reads the events instead.
    return { streamId: payload.slice(sp + 1, nl), version };
  }
}

/** Streams one FETCH of a boot's cursor reads. */
const PRELOAD_PAGE = 500;

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** A Store in PostgreSQL. Open it with `PostgresStore.open`. */
export class PostgresStore implements Store {
  /** Identifies the implementation. */
  readonly kind = 'postgres';
  /** See Store.notify. */
  readonly notify: NotifyStore;

  private readonly channel: string;
  /** Commit notices waiting for this turn's NOTIFY (see `announce`). */
  private notices: string[] = [];

  /**
   * One connection of its own for the notices, with synchronous_commit off for the session: a notice costs one
   * statement (no BEGIN, SET and COMMIT round trips through the shared pool), and notices leave in commit order.
   */
  private readonly notifier: pg.Pool;

  private constructor(
    private readonly k: Kysely<Schema>,
    private readonly options: PostgresOptions,
    private readonly connectionString: string,
  ) {
    this.channel = channelOf(options.schema);
    this.notify = new SqlNotifyStore(k.withTables<NotifySchema>(), postgresRunner(k.withTables<NotifySchema>()), 'postgres');
    this.notifier = new pg.Pool({ connectionString, max: 1, connectionTimeoutMillis: options.connectTimeoutMs ?? 2000, options: '-c synchronous_commit=off' });
    this.notifier.on('error', () => {});
  }

  /** Connects, creates the schema if asked, and migrates it. */
  static async open(connectionString: string, options: PostgresOptions = {}): Promise<PostgresStore> {
    const schema = options.schema;
    if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`bad schema name "${schema}"`);
    if (schema) {
      const admin = new pg.Client({ connectionString });
      await admin.connect();
      try {
        await admin.query(`create schema if not exists ${schema}`);
      } finally {
        await admin.end();
      }
    }
    const pool = new pg.Pool({
      connectionString,
      max: options.max ?? 10,
      // During an outage a request waits this long for a connection, then is answered 503 instead of hanging.
      connectionTimeoutMillis: options.connectTimeoutMs ?? 2000,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
      // Instants and versions are bigint columns; they fit a double exactly, so read them as numbers.
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === 20 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format))) as never,
      },
    });
    // An idle connection that the server drops (a restart) is reported here; without a listener it would crash
    // the process. The pool discards it and opens a new one on demand.
    pool.on('error', () => {});
    const k = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
    const migrator = new Migrator({ db: k, provider: { getMigrations: async () => PG_MIGRATIONS }, ...(schema ? { migrationTableSchema: schema } : {}) });
    const { error, results } = await migrator.migrateToLatest();
    if (error) {
      await k.destroy();
      // An unreachable, unknown or refused database is not a failed migration: its own error says what is wrong
      // (SQLSTATE 28: authorisation, 3D000: no such database).
      if (isStoreFault(error) || /^(28|3D)/.test(String((error as { code?: unknown }).code))) throw error;
      const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? '?';
      throw new Error(`database migration ${failed} failed: ${(error as Error).message ?? String(error)}`);
    }
    return new PostgresStore(k, options, connectionString);
  }

  /** See Store.ping. */
  async ping(): Promise<void> {
    await sql`select 1`.execute(this.k);
  }

  /** See Store.follow: LISTEN on a connection of its own, reconnecting with backoff after any loss. */
  readonly follow = (feed: StoreFeed): (() => Promise<void>) => {
    let stopped = false;
    let client: pg.Client | undefined;
    let wake: (() => void) | undefined;
    const connect = async (): Promise<void> => {
      let delay = 50;
      while (!stopped) {
        const c = new pg.Client({ connectionString: this.connectionString, connectionTimeoutMillis: 2000 });
        c.on('error', () => {}); // followed by 'end', which reconnects
        try {
          await c.connect();
          await c.query(`listen ${this.channel}`);
        } catch {
          await c.end().catch(() => {});
          await new Promise<void>((r) => {
            wake = r;
            setTimeout(r, delay);
          });
          delay = Math.min(delay * 2, 1000);
          continue;
        }
        if (stopped) {
          await c.end().catch(() => {});
          return;
        }
        client = c;
        c.on('notification', (m) => {
          const n = parseNotice(m.payload);
          if (n) feed.onCommit(n);
        });
        c.once('end', () => {
          client = undefined;
          if (!stopped) void connect();
        });
        feed.onResync();
        return;
      }
    };
    void connect();
    return async () => {
      stopped = true;
      wake?.();
      await client?.end().catch(() => {});
    };
  };

  /** See EventStore.append. */
  async append(
    streamId: string,
    expectedVersion: number,
    events: readonly GameEvent[],
    timer?: TimerUpdate,
    warnings: readonly WarningWrite[] = [],
  ): Promise<number> {
    const next = expectedVersion + events.length;
    if (expectedVersion > 0) {
      if (warnings.length === 0) await this.appendAt(this.k, streamId, expectedVersion, events, timer);
      // Rare (a warning issued or revoked): the one-statement append and the profile rows in one transaction.
      else
        await this.k.transaction().execute(async (trx) => {
          await this.appendAt(trx, streamId, expectedVersion, events, timer);
          await writeWarnings(trx, warnings);
        });
      this.announce(noticePayload(streamId, next, events));
      return next;
    }
    const committed = await this.k.transaction().execute(async (trx) => {
      // A new stream (an existing one is appended to by `appendAt`).
      if (events.length > 0) {
        // Two creators of one stream: the primary key lets only one of them in.
        const r = await trx
          .insertInto('streams')
          .values({ stream_id: streamId, version: next, created_at: events[0]!.at })
          .onConflict((oc) => oc.column('stream_id').doNothing())
          .returning('version')
          .executeTakeFirst();
        if (!r) throw new StaleVersionError(streamId, expectedVersion, await this.version(streamId));
      } else {
        const actual = (await trx.selectFrom('streams').select('version').where('stream_id', '=', streamId).executeTakeFirst())?.version ?? 0;
        if (actual !== 0) throw new StaleVersionError(streamId, expectedVersion, actual);
      }
      for (let i = 0; i < events.length; i += 1000) {
        const rows = events.slice(i, i + 1000).map((e, j) => ({
          stream_id: streamId,
          seq: expectedVersion + i + j + 1,
          type: e.type,
          at: e.at,
          audience: JSON.stringify(e.audience),
          data: JSON.stringify(e.data ?? null),
        }));
        await trx.insertInto('events').values(rows).execute();
      }
      if (timer) await setTimer(trx, streamId, timer.dueAt);
      await writeWarnings(trx, warnings);
      return next;
    });
    this.announce(noticePayload(streamId, next, events));
    return committed;
  }

  /**
   * An append to an existing stream as one statement, so one round trip and an implicit transaction: the version
   * check and bump (its row lock orders concurrent writers; an empty commit bumps to the same version, so it too is
   * checked and serialised), the events and the timer, each written only if the bump matched. It replaced BEGIN,
   * UPDATE, INSERT, the timer and COMMIT, five round trips: on two shared cores each costs the writer a loopback
   * send (most of a vote's CPU in a profile of one instance under load) and the database a statement.
   */
  private async appendAt(db: Kysely<Schema>, streamId: string, expectedVersion: number, events: readonly GameEvent[], timer?: TimerUpdate): Promise<void> {
    const next = expectedVersion + events.length;
    const timerCte = !timer
      ? sql``
      : timer.dueAt === null
        ? sql`, t as (delete from timers where stream_id = ${streamId} and exists (select 1 from s))`
        : sql`, t as (
            insert into timers (stream_id, due_at, claimed_until) select ${streamId}, ${timer.dueAt}::bigint, null where exists (select 1 from s)
            on conflict (stream_id) do update set due_at = excluded.due_at,
              claimed_until = case when timers.due_at = excluded.due_at then timers.claimed_until else null end)`;
    const { rows } = await sql<{ version: number }>`
      with s as (update streams set version = ${next} where stream_id = ${streamId} and version = ${expectedVersion} returning version),
      e as (
        insert into events (stream_id, seq, type, at, audience, data)
        select ${streamId}, ${expectedVersion}::bigint + u.n, u.type, u.at, u.audience, u.data
        from unnest(${events.map((e) => e.type)}::text[], ${events.map((e) => e.at)}::bigint[], ${events.map((e) => JSON.stringify(e.audience))}::text[],
          ${events.map((e) => JSON.stringify(e.data ?? null))}::text[]) with ordinality as u(type, at, audience, data, n)
        where exists (select 1 from s)
      )${timerCte}
      select version from s`.execute(db);
    if (rows.length === 0) throw new StaleVersionError(streamId, expectedVersion, await this.version(streamId));
  }

  /**
   * Sends a commit's notice once it is committed, the notices of one turn (and those that arrive while a send is
   * in flight) in one statement. Not inside the append: a transaction that NOTIFYs holds a database-wide lock
   * through its commit's disk flush, so appends carrying their notice committed one flush at a time (23 votes/s at
   * 64 connections here, against hundreds of raw commits); the notifier's session has synchronous_commit off, so
   * it holds that lock only a moment. A notice lost to a fault costs nothing lasting: readers compare versions
   * before they answer, and a follower's next notice or reconnection catches up.
   */
  private announce(payload: string): void {
    this.notices.push(payload);
    if (this.announcing) return;
    this.announcing = new Promise<void>((r) => setImmediate(r)).then(async () => {
      while (this.notices.length > 0) {
        const batch = this.notices;
        this.notices = [];
        await this.notifier.query('select pg_notify($1, p) from unnest($2::text[]) as p', [this.channel, batch]).catch(() => {});
      }
      this.announcing = undefined;
    });
  }

  /** The notices being sent, which `close` lets finish. */
  private announcing: Promise<void> | undefined;

  /** See EventStore.read. */
  async read(streamId: string, fromSeq = 1, limit?: number): Promise<StoredEvent[]> {
    let q = this.k.selectFrom('events').selectAll().where('stream_id', '=', streamId).where('seq', '>=', Math.max(1, fromSeq)).orderBy('seq');
    if (limit !== undefined) q = q.limit(limit);
    const rows = await q.execute();
    return rows.map((r) => ({
      seq: r.seq,
      event: { type: r.type, at: r.at, audience: JSON.parse(r.audience) as GameEvent['audience'], data: JSON.parse(r.data) as unknown },
    }));
  }

  /** See EventStore.version. */
  async version(streamId: string): Promise<number> {
    return (await this.k.selectFrom('streams').select('version').where('stream_id', '=', streamId).executeTakeFirst())?.version ?? 0;
  }

  /** See EventStore.streams. */
  async streams(): Promise<string[]> {
    return (await this.k.selectFrom('streams').select('stream_id').orderBy('created_at').orderBy('stream_id').execute()).map((r) => r.stream_id);
  }

  /**
   * See EventStore.preloadAll: one query over a cursor in one transaction (a consistent picture), fetched a page
   * at a time, the next page in flight while the caller folds this one. Each stream's events after its snapshot
   * come as one JSON array, read only for a stream that is ahead of its snapshot. It replaced batches of 500
   * (a snapshot query and a lateral join of the events each): with the tables not yet analysed, the join's
   * estimates switched on JIT and a poor plan, and 10,000 games took 5 s to read instead of 1.
   */
  async preloadAll(onPage: (page: readonly PreloadedStream[]) => void | Promise<void>): Promise<PreloadTimes> {
    let waitMs = 0;
    let decodeMs = 0;
    await this.k.transaction().execute(async (trx) => {
      // The plan is fixed by the query's shape (a key lookup per stream); JIT only costs its compile time here.
      await sql`set local jit = off`.execute(trx);
      await sql`declare narrator_boot no scroll cursor for
        select st.stream_id, sn.version as snap_version, sn.state,
          case when st.version > coalesce(sn.version, 0) then (
            select json_agg(json_build_array(e.seq, e.type, e.at, e.audience::json, e.data::json) order by e.seq)
            from events e where e.stream_id = st.stream_id and e.seq > coalesce(sn.version, 0)
          ) end as tail
        from streams st left join snapshots sn on sn.stream_id = st.stream_id
        order by st.created_at, st.stream_id`.execute(trx);
      type Row = {
        stream_id: string;
        snap_version: number | null;
        state: string | null;
        tail: [number, string, number, GameEvent['audience'], unknown][] | null;
      };
      const fetchPage = () => sql<Row>`fetch ${sql.raw(String(PRELOAD_PAGE))} from narrator_boot`.execute(trx);
      let next = fetchPage();
      for (;;) {
        const t0 = performance.now();
        const { rows } = await next;
        const t1 = performance.now();
        waitMs += t1 - t0;
        if (rows.length === 0) break;
        next = fetchPage();
        const page = rows.map(
          (r): PreloadedStream => ({
            streamId: r.stream_id,
            ...(r.state !== null && r.snap_version !== null ? { snapshot: { version: r.snap_version, state: JSON.parse(r.state) as unknown } } : {}),
            events: (r.tail ?? []).map(([seq, type, at, audience, data]) => ({ seq, event: { type, at, audience, data } })),
          }),
        );
        decodeMs += performance.now() - t1;
        await onPage(page);
      }
      await sql`close narrator_boot`.execute(trx);
    });
    return { waitMs, decodeMs };
  }

  /** See EventStore.versions. */
  async versions(): Promise<Map<string, number>> {
    return new Map((await this.k.selectFrom('streams').select(['stream_id', 'version']).execute()).map((r) => [r.stream_id, r.version]));
  }

  /** See EventStore.saveSnapshot. */
  async saveSnapshot(streamId: string, snapshot: Snapshot): Promise<void> {
    const state = JSON.stringify(snapshot.state);
    await this.k
      .insertInto('snapshots')
      .values({ stream_id: streamId, version: snapshot.version, state })
      .onConflict((oc) => oc.column('stream_id').doUpdateSet({ version: snapshot.version, state }))
      .execute();
  }

  /** See EventStore.loadSnapshot. */
  async loadSnapshot(streamId: string): Promise<Snapshot | undefined> {
    const r = await this.k.selectFrom('snapshots').selectAll().where('stream_id', '=', streamId).executeTakeFirst();
    return r ? { version: r.version, state: JSON.parse(r.state) as unknown } : undefined;
  }

  /** See TimerStore.schedule. */
  async schedule(streamId: string, dueAt: Millis | null): Promise<void> {
    await setTimer(this.k, streamId, dueAt);
  }

  /** See TimerStore.scheduleMany: one statement per thousand timers, in one transaction. */
  async scheduleMany(timers: readonly { readonly streamId: string; readonly dueAt: Millis | null }[]): Promise<void> {
    const set = timers.filter((t): t is { streamId: string; dueAt: Millis } => t.dueAt !== null);
    const clear = timers.filter((t) => t.dueAt === null).map((t) => t.streamId);
    await this.k.transaction().execute(async (trx) => {
      for (let i = 0; i < clear.length; i += 1000)
        await trx
          .deleteFrom('timers')
          .where('stream_id', 'in', clear.slice(i, i + 1000))
          .execute();
      for (let i = 0; i < set.length; i += 1000)
        await trx
          .insertInto('timers')
          .values(set.slice(i, i + 1000).map((t) => ({ stream_id: t.streamId, due_at: t.dueAt, claimed_until: null })))
          .onConflict((oc) =>
            oc.column('stream_id').doUpdateSet({
              due_at: (eb) => eb.ref('excluded.due_at'),
              claimed_until: sql<number | null>`case when timers.due_at = excluded.due_at then timers.claimed_until else null end`,
            }),
          )
          .execute();
    });
  }

  /** See TimerStore.claimDue: FOR UPDATE SKIP LOCKED hands each due timer to one poller. */
  async claimDue(now: Millis, leaseMs: number, limit: number): Promise<Timer[]> {
    const rows = await this.k
      .updateTable('timers')
      .set({ claimed_until: now + leaseMs })
      .where('stream_id', 'in', (eb) =>
        eb
          .selectFrom('timers')
          .select('stream_id')
          .where('due_at', '<=', now)
          .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<=', now)]))
          .orderBy('due_at')
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .returning(['stream_id', 'due_at'])
      .execute();
    return rows.map((r) => ({ streamId: r.stream_id, dueAt: r.due_at })).sort((a, b) => a.dueAt - b.dueAt || (a.streamId < b.streamId ? -1 : 1));
  }

  /** See TimerStore.complete. */
  async complete(streamId: string, dueAt: Millis): Promise<void> {
    await this.k.deleteFrom('timers').where('stream_id', '=', streamId).where('due_at', '=', dueAt).execute();
  }

  /** See TimerStore.releaseClaims (with several servers, call it only when none is running). */
  async releaseClaims(): Promise<void> {
    await this.k.updateTable('timers').set({ claimed_until: null }).execute();
  }

  /** See TimerStore.timers. */
  async timers(): Promise<Timer[]> {
    return (await this.k.selectFrom('timers').selectAll().orderBy('due_at').execute()).map((r) => ({ streamId: r.stream_id, dueAt: r.due_at }));
  }

  /** See AccountStore.createAccount. */
  async createAccount(a: AccountRecord): Promise<void> {
    try {
      await this.k
        .insertInto('accounts')
        .values({ id: a.id, name: a.name, name_key: a.nameKey, name_skeleton: a.skeleton ?? null, password_hash: a.passwordHash, created_at: a.createdAt })
        .execute();
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw new DuplicateError(`account ${a.name} exists`);
      throw e;
    }
  }

  private toAccount(r: Schema['accounts'] | undefined): AccountRecord | undefined {
    return r ? toAccount(r) : undefined;
  }

  /** See AccountStore.accountByName. */
  async accountByName(nameKey: string): Promise<AccountRecord | undefined> {
    return this.toAccount(await this.k.selectFrom('accounts').selectAll().where('name_key', '=', nameKey).executeTakeFirst());
  }

  /** See AccountStore.accountBySkeleton. */
  async accountBySkeleton(skeleton: string): Promise<AccountRecord | undefined> {
    return this.toAccount(await this.k.selectFrom('accounts').selectAll().where('name_skeleton', '=', skeleton).executeTakeFirst());
  }

  /** See MetaStore.meta. */
  async meta(key: string): Promise<string | undefined> {
    return (await this.k.selectFrom('meta').selectAll().where('key', '=', key).executeTakeFirst())?.value;
  }

  /** See MetaStore.setMeta. */
  async setMeta(key: string, value: string): Promise<void> {
    await this.k
      .insertInto('meta')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }

  /** See AccountStore.account. */
  async account(id: string): Promise<AccountRecord | undefined> {
    return this.toAccount(await this.k.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst());
  }

  /** See AccountStore.createSession. */
  async createSession(s: SessionRecord): Promise<void> {
    await this.k.insertInto('sessions').values({ id: s.id, account_id: s.accountId, csrf: s.csrf, created_at: s.createdAt, expires_at: s.expiresAt }).execute();
  }

  /** See AccountStore.session. */
  async session(id: string): Promise<SessionRecord | undefined> {
    const r = await this.k.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? { id: r.id, accountId: r.account_id, csrf: r.csrf, createdAt: r.created_at, expiresAt: r.expires_at } : undefined;
  }

  /** See AccountStore.sessionAccount: the session and its account in one round trip (every request pays it). */
  async sessionAccount(id: string): Promise<{ session: SessionRecord; account: AccountRecord } | undefined> {
    const r = await this.k
      .selectFrom('sessions')
      .innerJoin('accounts', 'accounts.id', 'sessions.account_id')
      .selectAll('accounts')
      .select(['sessions.id as session_id', 'sessions.csrf', 'sessions.created_at as session_created_at', 'sessions.expires_at'])
      .where('sessions.id', '=', id)
      .executeTakeFirst();
    if (!r) return undefined;
    const { session_id, csrf, session_created_at, expires_at, ...account } = r;
    return {
      session: { id: session_id, accountId: account.id, csrf, createdAt: session_created_at, expiresAt: expires_at },
      account: toAccount(account),
    };
  }

  /** See AccountStore.deleteSession. */
  async deleteSession(id: string): Promise<void> {
    await this.k.deleteFrom('sessions').where('id', '=', id).execute();
  }

  /** See AccountStore.everyAccount. */
  async everyAccount(): Promise<AccountRecord[]> {
    return (await this.k.selectFrom('accounts').selectAll().orderBy('created_at').orderBy('id').execute()).map(toAccount);
  }

  /** See AccountStore.everySession. */
  async everySession(): Promise<SessionRecord[]> {
    return (await this.k.selectFrom('sessions').selectAll().orderBy('created_at').orderBy('id').execute()).map((r) => ({
      id: r.id,
      accountId: r.account_id,
      csrf: r.csrf,
      createdAt: r.created_at,
      expiresAt: r.expires_at,
    }));
  }

  /** See AccountStore.setPasswordHash. */
  async setPasswordHash(accountId: string, passwordHash: string): Promise<void> {
    await this.k.updateTable('accounts').set({ password_hash: passwordHash }).where('id', '=', accountId).execute();
  }

  /** See AccountStore.deleteSessionsOf. */
  async deleteSessionsOf(accountId: string): Promise<number> {
    const r = await this.k.deleteFrom('sessions').where('account_id', '=', accountId).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /** See WarningStore.addWarning. */
  async addWarning(w: WarningRecord): Promise<void> {
    await insertWarning(this.k, w).execute();
  }

  /** See WarningStore.revokeWarning. */
  async revokeWarning(r: WarningRevocation): Promise<void> {
    await revokeLatestWarning(this.k, r).execute();
  }

  /** See WarningStore.warningsOf. */
  async warningsOf(nameKeys: readonly string[]): Promise<WarningRecord[]> {
    return (await selectWarnings(this.k, nameKeys).execute()).map(toWarning);
  }

  /** See WarningStore.everyWarning. */
  async everyWarning(): Promise<WarningRecord[]> {
    return (await selectEveryWarning(this.k).execute()).map(toWarning);
  }

  /** See ReadMarkerStore.markRead. */
  async markRead(m: ReadMarker): Promise<ReadMarker> {
    await upsertReadMarker(this.k, m).execute();
    return toReadMarker((await selectReadMarker(this.k, m).executeTakeFirstOrThrow()) as Schema['read_markers']);
  }

  /** See ReadMarkerStore.readMarkers. */
  async readMarkers(accountId: string, gameId: string): Promise<ReadMarker[]> {
    return (await selectReadMarkers(this.k, accountId, gameId).execute()).map(toReadMarker);
  }

  /** See ReadMarkerStore.everyReadMarker. */
  async everyReadMarker(): Promise<ReadMarker[]> {
    return (await selectEveryReadMarker(this.k).execute()).map(toReadMarker);
  }

  /** Ends the pool (and drops a test schema) once the last notices are sent. */
  async close(): Promise<void> {
    await new Promise<void>((r) => setImmediate(r));
    await this.announcing;
    await this.notifier.end();
    if (this.options.dropSchemaOnClose && this.options.schema) await sql.raw(`drop schema if exists ${this.options.schema} cascade`).execute(this.k);
    await this.k.destroy();
  }
}

/** Sets or clears a stream's timer; a changed instant is a new timer whose old claim no longer applies. */
/** Writes an append's profile warnings, in order, in its transaction. */
async function writeWarnings(k: Kysely<Schema>, warnings: readonly WarningWrite[]): Promise<void> {
  for (const w of warnings) await ('add' in w ? insertWarning(k, w.add) : revokeLatestWarning(k, w.revoke)).execute();
}

async function setTimer(k: Kysely<Schema>, streamId: string, dueAt: Millis | null): Promise<void> {
  if (dueAt === null) {
    await k.deleteFrom('timers').where('stream_id', '=', streamId).execute();
    return;
  }
  await k
    .insertInto('timers')
    .values({ stream_id: streamId, due_at: dueAt, claimed_until: null })
    .onConflict((oc) =>
      oc.column('stream_id').doUpdateSet({
        due_at: dueAt,
        claimed_until: sql<number | null>`case when timers.due_at = ${dueAt} then timers.claimed_until else null end`,
      }),
    )
    .execute();
}

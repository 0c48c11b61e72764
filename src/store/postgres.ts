// The PostgreSQL store (DESIGN.md §5), for several server processes sharing one database: the same contract as
// the SQLite store. An append locks its stream's row (SELECT … FOR UPDATE) and checks the expected version in
// one transaction with the events and the timer; due timers are claimed with FOR UPDATE SKIP LOCKED, so each
// deadline is handed to one poller at a time. Kysely builds every query; `pg` is the driver.
import { Kysely, type Migration, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { GameEvent, Millis } from '../core/types.ts';
import { backfillSkeletons, type Schema, toAccount } from './schema.ts';
import {
  type AccountRecord,
  DuplicateError,
  type SessionRecord,
  type Snapshot,
  StaleVersionError,
  type Store,
  type StoredEvent,
  type Timer,
  type TimerUpdate,
} from './types.ts';

/** Versioned migrations of the PostgreSQL schema; never edit a shipped one, add the next. */
export const PG_MIGRATIONS: Record<string, Migration> = {
  '0001_initial': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('streams')
        .addColumn('stream_id', 'text', (c) => c.primaryKey())
        .addColumn('version', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('events')
        .addColumn('stream_id', 'text', (c) => c.notNull())
        .addColumn('seq', 'bigint', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('audience', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('events_pk', ['stream_id', 'seq'])
        .execute();
      await db.schema
        .createTable('snapshots')
        .addColumn('stream_id', 'text', (c) => c.primaryKey())
        .addColumn('version', 'bigint', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('timers')
        .addColumn('stream_id', 'text', (c) => c.primaryKey())
        .addColumn('due_at', 'bigint', (c) => c.notNull())
        .addColumn('claimed_until', 'bigint')
        .execute();
      await db.schema.createIndex('timers_due').on('timers').column('due_at').execute();
      await db.schema
        .createTable('accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('csrf', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  '0002_meta': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('meta')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '0003_name_skeletons': {
    // Typed by today's schema: the backfill reads the accounts table this migration completes.
    async up(db: Kysely<Schema>) {
      await db.schema.alterTable('accounts').addColumn('name_skeleton', 'text').execute();
      await db.schema.createIndex('accounts_name_skeleton').on('accounts').column('name_skeleton').unique().execute();
      // Existing accounts get their skeletons in the order they were created; a look-alike of an older account keeps
      // none (it stays usable, and no new account can take either look).
      await backfillSkeletons(db);
    },
  },
};

/** Options of the PostgreSQL store. */
export interface PostgresOptions {
  /** A schema of its own (created if missing); tests use one per store. */
  readonly schema?: string;
  /** Drop that schema on close (tests). */
  readonly dropSchemaOnClose?: boolean;
  /** Pool size. */
  readonly max?: number;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** A Store in PostgreSQL. Open it with `PostgresStore.open`. */
export class PostgresStore implements Store {
  /** Identifies the implementation. */
  readonly kind = 'postgres';

  private constructor(
    private readonly k: Kysely<Schema>,
    private readonly options: PostgresOptions,
  ) {}

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
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
      // Instants and versions are bigint columns; they fit a double exactly, so read them as numbers.
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === 20 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format))) as never,
      },
    });
    const k = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
    const migrator = new Migrator({ db: k, provider: { getMigrations: async () => PG_MIGRATIONS }, ...(schema ? { migrationTableSchema: schema } : {}) });
    const { error, results } = await migrator.migrateToLatest();
    if (error) {
      await k.destroy();
      const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? '?';
      throw new Error(`database migration ${failed} failed: ${(error as Error).message ?? String(error)}`);
    }
    return new PostgresStore(k, options);
  }

  /** See EventStore.append. */
  async append(streamId: string, expectedVersion: number, events: readonly GameEvent[], timer?: TimerUpdate): Promise<number> {
    return this.k.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('streams').select('version').where('stream_id', '=', streamId).forUpdate().executeTakeFirst();
      const actual = row?.version ?? 0;
      if (actual !== expectedVersion) throw new StaleVersionError(streamId, expectedVersion, actual);
      const next = expectedVersion + events.length;
      if (events.length > 0) {
        if (expectedVersion === 0) {
          // Two creators of one stream both see no row: the primary key lets only one of them in.
          const r = await trx
            .insertInto('streams')
            .values({ stream_id: streamId, version: next, created_at: events[0]!.at })
            .onConflict((oc) => oc.column('stream_id').doNothing())
            .executeTakeFirst();
          if (Number(r.numInsertedOrUpdatedRows ?? 0) === 0) throw new StaleVersionError(streamId, expectedVersion, -1);
        } else await trx.updateTable('streams').set({ version: next }).where('stream_id', '=', streamId).execute();
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
      }
      if (timer) await setTimer(trx, streamId, timer.dueAt);
      return next;
    });
  }

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

  /** See AccountStore.deleteSession. */
  async deleteSession(id: string): Promise<void> {
    await this.k.deleteFrom('sessions').where('id', '=', id).execute();
  }

  /** Ends the pool (and drops a test schema). */
  async close(): Promise<void> {
    if (this.options.dropSchemaOnClose && this.options.schema) await sql.raw(`drop schema if exists ${this.options.schema} cascade`).execute(this.k);
    await this.k.destroy();
  }
}

/** Sets or clears a stream's timer; a changed instant is a new timer whose old claim no longer applies. */
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

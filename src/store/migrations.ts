// The versioned migrations of both SQL stores, written once. The two schemas differ in the integer type of
// instants and versions (SQLite's `integer` is 64-bit already; PostgreSQL's is not, so it gets `bigint`) and in
// SQLite's commit tables (0002_commits), which PostgreSQL never had. Each store keeps its own migration ids: they
// are recorded in the databases already made, so never renumber, never edit a shipped step, add the next.
import { type Kysely, type Migration, sql } from 'kysely';
import { notifyTables } from './notify-migration.ts';
import { backfillSkeletons, type Schema } from './schema.ts';

/** The SQL dialects of the stores. */
export type Dialect = 'sqlite' | 'postgres';

/** The column type of instants, versions and sequence numbers in a dialect. */
const INT: Readonly<Record<Dialect, 'integer' | 'bigint'>> = { sqlite: 'integer', postgres: 'bigint' };

/** The first schema: streams, events, snapshots, timers, accounts, sessions. */
function initial(dialect: Dialect): Migration {
  const int = INT[dialect];
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('streams')
        .addColumn('stream_id', 'text', (c) => c.primaryKey())
        .addColumn('version', int, (c) => c.notNull())
        .addColumn('created_at', int, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('events')
        .addColumn('stream_id', 'text', (c) => c.notNull())
        .addColumn('seq', int, (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('at', int, (c) => c.notNull())
        .addColumn('audience', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('events_pk', ['stream_id', 'seq'])
        .execute();
      await db.schema
        .createTable('snapshots')
        .addColumn('stream_id', 'text', (c) => c.primaryKey())
        .addColumn('version', int, (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('timers')
        .addColumn('stream_id', 'text', (c) => c.primaryKey())
        .addColumn('due_at', int, (c) => c.notNull())
        .addColumn('claimed_until', int)
        .execute();
      await db.schema.createIndex('timers_due').on('timers').column('due_at').execute();
      await db.schema
        .createTable('accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', int, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('csrf', 'text', (c) => c.notNull())
        .addColumn('created_at', int, (c) => c.notNull())
        .addColumn('expires_at', int, (c) => c.notNull())
        .execute();
    },
  };
}

/** SQLite only: one row per append (a commit) instead of one per event, so a vote's two events cost one insert. */
const commits: Migration = {
  async up(db: Kysely<unknown>) {
    // Keyed by the commit's last sequence number, so "events from seq n" is a range of the key.
    for (const table of ['commits', 'commits_staged']) {
      let t = db.schema
        .createTable(table)
        .addColumn('stream_id', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('last', 'integer', (c) => c.notNull())
        .addColumn('events', 'text', (c) => c.notNull());
      // The staging table of `compact` has no key: it is ordered by rowid only.
      if (table === 'commits') t = t.addPrimaryKeyConstraint('commits_pk', ['stream_id', 'last']);
      await t.execute();
    }
    await sql`insert into commits (stream_id, seq, last, events)
        select stream_id, seq, seq, json_array(json_array(type, at, json(audience), json(data))) from events order by stream_id, seq`.execute(db);
    await db.schema.dropTable('events').execute();
  },
};

/** Small facts of the installation, by key. */
const meta: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('meta')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
  },
};

/** The look-alike key of account names. */
const nameSkeletons: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('accounts').addColumn('name_skeleton', 'text').execute();
    await db.schema.createIndex('accounts_name_skeleton').on('accounts').column('name_skeleton').unique().execute();
    // Existing accounts get their skeletons in the order they were created; a look-alike of an older account keeps
    // none (it stays usable, and no new account can take either look).
    await backfillSkeletons(db.withTables<Schema>());
  },
};

/** Players' cross-game warnings (mafia-cities «Овощ», CIT-ACT-7). */
function warnings(dialect: Dialect): Migration {
  const int = INT[dialect];
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('warnings')
        .addColumn('game_id', 'text', (c) => c.notNull())
        .addColumn('seq', int, (c) => c.notNull())
        .addColumn('name_key', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('created_at', int, (c) => c.notNull())
        .addColumn('revoked_seq', int)
        .addPrimaryKeyConstraint('warnings_pk', ['game_id', 'seq'])
        .execute();
      await db.schema.createIndex('warnings_name').on('warnings').column('name_key').execute();
    },
  };
}

/** Readers' unread markers (issue 26): the last post an account read in each channel of a game. */
function readMarkers(dialect: Dialect): Migration {
  const int = INT[dialect];
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('read_markers')
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('game_id', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('post', int, (c) => c.notNull())
        .addColumn('updated_at', int, (c) => c.notNull())
        .addPrimaryKeyConstraint('read_markers_pk', ['account_id', 'game_id', 'channel'])
        .execute();
    },
  };
}

/** The migrations of a dialect, by the ids its databases record. */
export function migrationsOf(dialect: Dialect): Record<string, Migration> {
  return dialect === 'sqlite'
    ? {
        '0001_initial': initial('sqlite'),
        '0002_commits': commits,
        '0003_meta': meta,
        '0004_name_skeletons': nameSkeletons,
        '0005_warnings': warnings('sqlite'),
        '0006_read_markers': readMarkers('sqlite'),
        '0007_notify': notifyTables('sqlite'),
      }
    : {
        '0001_initial': initial('postgres'),
        '0002_meta': meta,
        '0003_name_skeletons': nameSkeletons,
        '0004_warnings': warnings('postgres'),
        '0005_read_markers': readMarkers('postgres'),
        '0006_notify': notifyTables('postgres'),
      };
}

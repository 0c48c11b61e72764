// The store contract against the memory and SQLite stores, plus what only a file can show: data survives a
// reopen, and migrations run once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { GameEvent } from '../src/core/types.ts';
import { MemoryStore } from '../src/store/memory.ts';
import { DEFAULT_PREFS } from '../src/store/notify.ts';
import { MIGRATIONS, SqliteStore } from '../src/store/sqlite.ts';
import { storeContract } from './support/store-contract.ts';

const dir = mkdtempSync(join(tmpdir(), 'narrator-store-'));
let n = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

storeContract('memory', async () => new MemoryStore());
storeContract('sqlite', () => SqliteStore.open(join(dir, `c${++n}.db`)));

describe('sqlite file', () => {
  it('keeps events, timers and accounts across a reopen, and migrates once', async () => {
    const file = join(dir, 'reopen.db');
    const a = await SqliteStore.open(file);
    await a.append('g', 0, [{ type: 'x', at: 1, audience: { kind: 'moderator' }, data: { n: 1 } }], { dueAt: 42 });
    await a.createAccount({ id: 'a', name: 'Anna', nameKey: 'anna', passwordHash: 'h', createdAt: 1 });
    await a.close();
    const b = await SqliteStore.open(file);
    expect((await b.read('g'))[0]!.event).toEqual({ type: 'x', at: 1, audience: { kind: 'moderator' }, data: { n: 1 } });
    expect(await b.timers()).toEqual([{ streamId: 'g', dueAt: 42 }]);
    expect((await b.accountByName('anna'))?.name).toBe('Anna');
    expect(b.db.pragma('journal_mode', { simple: true })).toBe('wal');
    const migrations = b.db.prepare('select count(*) as n from kysely_migration').get() as { n: number };
    expect(migrations.n).toBe(Object.keys(MIGRATIONS).length);
    await b.close();
  });

  const ev = (n: number): GameEvent => ({ type: 'vote.cast', at: n, audience: { kind: 'public' }, data: { n } });
  const count = (s: SqliteStore, table: string) => (s.db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;

  it('stages commits and compacts them into the keyed table after the turn; reads are the same either side', async () => {
    const s = await SqliteStore.open(join(dir, 'staged.db'), { compactEvents: 10 });
    const versions = { a: 0, b: 0 };
    for (let i = 1; i <= 4; i++) {
      // Two games in one group commit, as a busy server has them.
      const [va, vb] = await Promise.all([s.append('a', versions.a, [ev(i), ev(i + 100)]), s.append('b', versions.b, [ev(i + 200)])]);
      versions.a = va;
      versions.b = vb;
    }
    // 8 commits of 12 events staged: over the threshold, compacted once the replies have gone out.
    expect(count(s, 'commits_staged')).toBe(8);
    const before = { a: await s.read('a'), b: await s.read('b'), tail: await s.read('a', 4, 3), mid: await s.read('a', 2, 1) };
    await new Promise((r) => setImmediate(r));
    expect(count(s, 'commits_staged')).toBe(0);
    expect(count(s, 'commits')).toBe(8);
    expect({ a: await s.read('a'), b: await s.read('b'), tail: await s.read('a', 4, 3), mid: await s.read('a', 2, 1) }).toEqual(before);
    expect(before.a.map((e) => [e.seq, e.event.at])).toEqual([
      [1, 1],
      [2, 101],
      [3, 2],
      [4, 102],
      [5, 3],
      [6, 103],
      [7, 4],
      [8, 104],
    ]);
    // From the middle of a commit, with a limit that ends in the middle of another.
    expect(before.tail.map((e) => e.seq)).toEqual([4, 5, 6]);
    expect(before.mid.map((e) => e.seq)).toEqual([2]);
    // A stream read across both tables: compacted commits first, then staged ones.
    versions.a = await s.append('a', versions.a, [ev(9)]);
    expect(count(s, 'commits_staged')).toBe(1);
    expect((await s.read('a', 7)).map((e) => [e.seq, e.event.at])).toEqual([
      [7, 4],
      [8, 104],
      [9, 9],
    ]);
    expect((await s.read('a', 9)).map((e) => e.seq)).toEqual([9]);
    expect(await s.read('a', 10)).toEqual([]);
    await s.append('a', versions.a, [ev(10)]);
    // A stale append is refused whichever table holds the stream's last commit.
    await expect(s.append('a', versions.a, [ev(11)])).rejects.toThrow(/version/);
    await s.close();
  });

  // The DDL the SQLite store's own migrations wrote before both stores shared one definition (src/store/migrations.ts).
  const SQLITE_DDL = [
    'CREATE TABLE "accounts" ("id" text primary key, "name" text not null, "name_key" text not null unique, "password_hash" text not null, "created_at" integer not null, "name_skeleton" text)',
    'CREATE UNIQUE INDEX "accounts_name_skeleton" on "accounts" ("name_skeleton")',
    'CREATE TABLE "commits" ("stream_id" text not null, "seq" integer not null, "last" integer not null, "events" text not null, constraint "commits_pk" primary key ("stream_id", "last"))',
    'CREATE TABLE "commits_staged" ("stream_id" text not null, "seq" integer not null, "last" integer not null, "events" text not null)',
    'CREATE TABLE "meta" ("key" text primary key, "value" text not null)',
    'CREATE TABLE "sessions" ("id" text primary key, "account_id" text not null references "accounts" ("id"), "csrf" text not null, "created_at" integer not null, "expires_at" integer not null)',
    'CREATE TABLE "snapshots" ("stream_id" text primary key, "version" integer not null, "state" text not null)',
    'CREATE TABLE "streams" ("stream_id" text primary key, "version" integer not null, "created_at" integer not null)',
    'CREATE TABLE "timers" ("stream_id" text primary key, "due_at" integer not null, "claimed_until" integer)',
    'CREATE INDEX "timers_due" on "timers" ("due_at")',
  ];
  // 0005: players' cross-game warnings (CIT-ACT-7).
  const WARNINGS_DDL = [
    'CREATE TABLE "warnings" ("game_id" text not null, "seq" integer not null, "name_key" text not null, "name" text not null, "kind" text not null, "date" text not null, "reason" text not null, "created_at" integer not null, "revoked_seq" integer, constraint "warnings_pk" primary key ("game_id", "seq"))',
    'CREATE INDEX "warnings_name" on "warnings" ("name_key")',
  ];
  // 0006: readers' unread markers (issue 26).
  const READ_MARKERS_DDL =
    'CREATE TABLE "read_markers" ("account_id" text not null, "game_id" text not null, "channel" text not null, "post" integer not null, "updated_at" integer not null, constraint "read_markers_pk" primary key ("account_id", "game_id", "channel"))';
  // 0007: the notification tables (issue 26).
  const NOTIFY_DDL = [
    'CREATE TABLE "contacts" ("account_id" text primary key, "email" text, "email_key" text, "verified_at" integer, "locale" text, "prefs" text not null)',
    'CREATE INDEX "contacts_email" on "contacts" ("email_key")',
    'CREATE TABLE "deliveries" ("notification_id" text not null, "target" text not null, "due_at" integer not null, "claimed_until" integer, "attempts" integer not null, "done_at" integer, constraint "deliveries_pk" primary key ("notification_id", "target"))',
    'CREATE INDEX "deliveries_due" on "deliveries" ("due_at")',
    'CREATE TABLE "feed_cursors" ("game_id" text primary key, "seq" integer not null)',
    'CREATE TABLE "mail_tokens" ("hash" text primary key, "account_id" text not null, "purpose" text not null, "email" text not null, "created_at" integer not null, "expires_at" integer not null, "used_at" integer)',
    'CREATE TABLE "notifications" ("id" text primary key, "account_id" text not null, "source" text not null, "game_id" text, "kind" text not null, "created_at" integer not null, "data" text not null, "read_at" integer, constraint "notifications_source" unique ("account_id", "source"))',
    'CREATE INDEX "notifications_account" on "notifications" ("account_id", "created_at")',
    'CREATE TABLE "push_subscriptions" ("endpoint" text primary key, "account_id" text not null, "p256dh" text not null, "auth" text not null, "created_at" integer not null)',
    'CREATE INDEX "push_subscriptions_account" on "push_subscriptions" ("account_id")',
    'CREATE TABLE "reminder_plans" ("game_id" text primary key, "version" integer not null, "sig" text not null)',
    'CREATE TABLE "reminders" ("id" text primary key, "game_id" text not null, "kind" text not null, "deadline_id" text not null, "deadline_at" integer not null, "lead_ms" integer not null, "due_at" integer not null, "claimed_until" integer, "done_at" integer)',
    'CREATE INDEX "reminders_due" on "reminders" ("due_at")',
    'CREATE INDEX "reminders_game" on "reminders" ("game_id")',
  ];
  /** The schema after every migration, sorted (`ddlOf` lists it by name, which no DDL text sorts by). */
  const LATEST_DDL = [...SQLITE_DDL, ...WARNINGS_DDL, READ_MARKERS_DDL, ...NOTIFY_DDL].sort();
  const ddlOf = (db: Database.Database) =>
    (db.prepare("select sql from sqlite_master where sql is not null and name not like 'kysely%' order by name").all() as { sql: string }[]).map((r) => r.sql);

  it('the shared migrations make the schema the SQLite store made before, under the same migration ids', async () => {
    const s = await SqliteStore.open(join(dir, 'ddl.db'));
    expect(ddlOf(s.db).sort()).toEqual(LATEST_DDL);
    const names = s.db.prepare('select name from kysely_migration order by name').all() as { name: string }[];
    expect(names.map((r) => r.name)).toEqual([
      '0001_initial',
      '0002_commits',
      '0003_meta',
      '0004_name_skeletons',
      '0005_warnings',
      '0006_read_markers',
      '0007_notify',
    ]);
    await s.close();
  });

  it('opens a database the per-store migrations made (its recorded migration ids are the shared ones)', async () => {
    const file = join(dir, 'made-by-old-code.db');
    const db = new Database(file);
    for (const ddl of SQLITE_DDL) db.exec(ddl);
    db.exec('create table "kysely_migration" ("name" varchar(255) not null primary key, "timestamp" varchar(255) not null)');
    for (const name of ['0001_initial', '0002_commits', '0003_meta', '0004_name_skeletons'])
      db.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run(name, '2026-01-01T00:00:00.000Z');
    db.prepare('insert into streams (stream_id, version, created_at) values (?, ?, ?)').run('g', 1, 1);
    db.prepare('insert into commits (stream_id, seq, last, events) values (?, ?, ?, ?)').run(
      'g',
      1,
      1,
      JSON.stringify([['vote.cast', 7, { kind: 'public' }, { n: 7 }]]),
    );
    db.close();
    const s = await SqliteStore.open(file);
    expect(await s.read('g')).toEqual([{ seq: 1, event: ev(7) }]);
    expect(await s.append('g', 1, [ev(8)])).toBe(2);
    // The database of the older code gets the warnings (0005), read markers (0006) and notification (0007) tables,
    // and nothing else changes.
    expect(ddlOf(s.db).sort()).toEqual(LATEST_DDL);
    await s.close();
  });

  it('migrates a file of one row per event (0001) to one row per commit without changing a read', async () => {
    const file = join(dir, 'old.db');
    const db = new Database(file);
    const k = new Kysely<any>({ dialect: new SqliteDialect({ database: db }) });
    const only = { '0001_initial': MIGRATIONS['0001_initial']! };
    const r = await new Migrator({ db: k, provider: { getMigrations: async () => only } }).migrateToLatest();
    expect(r.error).toBeUndefined();
    const data: unknown[] = [
      { text: 'Ψήφος: Μαρία — "quoted" \\ back\nline', n: 0.1, big: 2 ** 53 - 1, neg: -1e-7, deep: { a: [1, null, true, { b: 'ü' }] } },
      null,
      [],
      { emoji: '🎭', empty: '' },
    ];
    const old = data.map(
      (d, i): GameEvent => ({ type: `t${i}`, at: 1_762_156_800_000 + i, audience: i % 2 ? { kind: 'players', ids: ['p1'] } : { kind: 'public' }, data: d }),
    );
    await k.insertInto('streams').values({ stream_id: 'g', version: old.length, created_at: 1 }).execute();
    for (const [i, e] of old.entries())
      await k
        .insertInto('events')
        .values({ stream_id: 'g', seq: i + 1, type: e.type, at: e.at, audience: JSON.stringify(e.audience), data: JSON.stringify(e.data) })
        .execute();
    await k.destroy();
    const s = await SqliteStore.open(file);
    expect(await s.read('g')).toEqual(old.map((event, i) => ({ seq: i + 1, event })));
    expect((await s.read('g', 3)).map((e) => e.seq)).toEqual([3, 4]);
    expect(await s.append('g', old.length, [ev(9)])).toBe(old.length + 1);
    expect(s.db.prepare("select count(*) as n from sqlite_master where name = 'events'").get()).toEqual({ n: 0 });
    await s.close();
  });

  /** A new database file migrated by the shared migrations whose ids sort before `id` (as older code left it). */
  async function migratedBefore(file: string, id: string): Promise<Kysely<any>> {
    const k = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(file) }) });
    const before = Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name < id));
    expect((await new Migrator({ db: k, provider: { getMigrations: async () => before } }).migrateToLatest()).error).toBeUndefined();
    return k;
  }

  it('migration 0004 gives existing accounts their skeletons, oldest first; a look-alike of an older one keeps none', async () => {
    const file = join(dir, 'accounts-before-skeletons.db');
    const k = await migratedBefore(file, '0004');
    const row = (id: string, name: string, at: number) => ({ id, name, name_key: name.toLowerCase(), password_hash: 'h', created_at: at });
    await k
      .insertInto('accounts')
      .values([row('b', 'Аnna', 2), row('a', 'Anna', 1), row('c', 'Straße', 3)])
      .execute();
    await k.destroy();
    const s = await SqliteStore.open(file);
    expect((await s.account('a'))?.skeleton).toBe('anna');
    expect((await s.account('b'))?.skeleton).toBeUndefined();
    expect((await s.accountBySkeleton('strasse'))?.id).toBe('c');
    await s.close();
  });

  it('a database of the read markers’ schema (0006, before the notification tables) migrates forward keeping its rows', async () => {
    const file = join(dir, 'before-notify.db');
    const k = await migratedBefore(file, '0007');
    await k.insertInto('read_markers').values({ account_id: 'a', game_id: 'g', channel: 'main', post: 4, updated_at: 9 }).execute();
    await k.destroy();
    const s = await SqliteStore.open(file);
    expect(ddlOf(s.db).sort()).toEqual(LATEST_DDL);
    expect(await s.everyReadMarker()).toEqual([{ accountId: 'a', gameId: 'g', channel: 'main', post: 4, updatedAt: 9 }]);
    const contact = { accountId: 'a', email: 'a@example.org', verifiedAt: null, locale: 'el', prefs: DEFAULT_PREFS };
    await s.notify.saveContact(contact);
    expect(await s.notify.contact('a')).toEqual(contact);
    await s.close();
  });

  it('moves rows a crashed process left staged when the file is opened again', async () => {
    const file = join(dir, 'crashed.db');
    const crashed = await SqliteStore.open(file, { compactEvents: 1_000_000 });
    await crashed.append('g', 0, [ev(1), ev(2), ev(3)]);
    expect(count(crashed, 'commits_staged')).toBe(1);
    // The process dies here: no compaction, no close. A new process opens the file.
    const next = await SqliteStore.open(file);
    expect(count(next, 'commits_staged')).toBe(0);
    expect((await next.read('g')).map((e) => e.event.at)).toEqual([1, 2, 3]);
    expect(await next.version('g')).toBe(3);
    await next.close();
    crashed.db.close();
  });
});

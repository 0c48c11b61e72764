// The store contract against PostgreSQL (127.0.0.1:5432, trust auth, database `test`, or NARRATOR_PG_URL). Each
// store gets a schema of its own, dropped on close. Under CI=true an unreachable server is a failure, not a skip.
// A game also runs through the API on it (GameService, Scheduler and routes over PostgreSQL).
import { randomBytes } from 'node:crypto';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { GameService, SNAPSHOT_FORMAT, snapshotOf } from '../src/app/game-service.ts';
import { stateHash } from '../src/app/state-hash.ts';
import { replay } from '../src/engine/evolve.ts';
import { DEFAULT_PREFS } from '../src/store/notify.ts';
import { PG_MIGRATIONS, PostgresStore } from '../src/store/postgres.ts';
import { getVariant } from '../src/variants/registry.ts';
import { harness, NINE, startedGame } from './support/harness.ts';
import { storeContract } from './support/store-contract.ts';

const url = process.env.NARRATOR_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function reachable(): Promise<string | null> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.query('select 1');
    return null;
  } catch (e) {
    return (e as Error).message;
  } finally {
    await c.end().catch(() => {});
  }
}

const problem = await reachable();

/** The notification tables (0006_notify) and their columns, in the database's order. */
const NOTIFY_TABLES = ['contacts', 'deliveries', 'feed_cursors', 'mail_tokens', 'notifications', 'push_subscriptions', 'reminder_plans', 'reminders'];
const NOTIFY_COLUMNS = [
  'contacts.account_id text not null',
  'contacts.email text',
  'contacts.email_key text',
  'contacts.verified_at bigint',
  'contacts.locale text',
  'contacts.prefs text not null',
  'deliveries.notification_id text not null',
  'deliveries.target text not null',
  'deliveries.due_at bigint not null',
  'deliveries.claimed_until bigint',
  'deliveries.attempts integer not null',
  'deliveries.done_at bigint',
  'feed_cursors.game_id text not null',
  'feed_cursors.seq bigint not null',
  'mail_tokens.hash text not null',
  'mail_tokens.account_id text not null',
  'mail_tokens.purpose text not null',
  'mail_tokens.email text not null',
  'mail_tokens.created_at bigint not null',
  'mail_tokens.expires_at bigint not null',
  'mail_tokens.used_at bigint',
  'notifications.id text not null',
  'notifications.account_id text not null',
  'notifications.source text not null',
  'notifications.game_id text',
  'notifications.kind text not null',
  'notifications.created_at bigint not null',
  'notifications.data text not null',
  'notifications.read_at bigint',
  'push_subscriptions.endpoint text not null',
  'push_subscriptions.account_id text not null',
  'push_subscriptions.p256dh text not null',
  'push_subscriptions.auth text not null',
  'push_subscriptions.created_at bigint not null',
  'reminder_plans.game_id text not null',
  'reminder_plans.version bigint not null',
  'reminder_plans.sig text not null',
  'reminders.id text not null',
  'reminders.game_id text not null',
  'reminders.kind text not null',
  'reminders.deadline_id text not null',
  'reminders.deadline_at bigint not null',
  'reminders.lead_ms bigint not null',
  'reminders.due_at bigint not null',
  'reminders.claimed_until bigint',
  'reminders.done_at bigint',
];

const open = () => PostgresStore.open(url, { schema: `narrator_t_${randomBytes(6).toString('hex')}`, dropSchemaOnClose: true });

if (problem === null || process.env.CI === 'true') {
  describe('postgres', () => {
    it('is reachable (required under CI)', () => {
      expect(problem).toBeNull();
    });

    it('runs a game through the API: signup, start, votes, the close fired by the scheduler, state = replay', async () => {
      const h = await harness(await open());
      const { id, players } = await startedGame(h);
      for (const n of NINE.slice(0, 6))
        expect((await players[n]!.req('POST', `/api/games/${id}/posts`, { text: `Vote: ${NINE[8]}` })).json.accepted).toBe(true);
      await h.at('2025-11-03T18:00:00Z');
      const events = (await h.store.read(id)).map((e) => e.event);
      expect(events.filter((e) => e.type === 'deadline.fired').map((e) => (e.data as { id: string }).id)).toEqual(['start', 'r1:close']);
      expect(stateHash(replay(getVariant('palermo')!, events))).toBe(stateHash(h.service.get(id).state));
      await h.close();
    });

    it('preloadAll streams every game oldest first: the snapshot and the events after it, or all of them', async () => {
      const store = await open();
      try {
        const ev = (n: number, at: number) =>
          Array.from({ length: n }, (_, i) => ({ type: 'x', at: at + i, audience: { kind: 'public' as const }, data: { i, s: 'é"\\' } }));
        // Created out of id order: the order is the creation instant's.
        await store.append('c-none', 0, ev(3, 100));
        await store.append('a-tail', 0, ev(4, 200));
        await store.saveSnapshot('a-tail', { version: 2, state: { folded: 2 } });
        await store.append('b-even', 0, ev(2, 300));
        await store.saveSnapshot('b-even', { version: 2, state: { folded: 'all' } });
        const pages: unknown[][] = [];
        const times = await store.preloadAll((page) => void pages.push([...page]));
        expect(pages).toHaveLength(1);
        expect(pages[0]).toEqual([
          { streamId: 'c-none', events: await store.read('c-none') },
          { streamId: 'a-tail', snapshot: { version: 2, state: { folded: 2 } }, events: await store.read('a-tail', 3) },
          { streamId: 'b-even', snapshot: { version: 2, state: { folded: 'all' } }, events: [] },
        ]);
        expect((pages[0]![1] as { events: { seq: number }[] }).events.map((e) => e.seq)).toEqual([3, 4]);
        expect(times.waitMs).toBeGreaterThan(0);
      } finally {
        await store.close();
      }
    });

    it('a boot over preloadAll serves the replayed state of each game, whatever its snapshot (current, old format, none)', async () => {
      const h = await harness(await open());
      const games = [await startedGame(h, 'S'), await startedGame(h, 'O'), await startedGame(h, 'N')];
      for (const g of games)
        for (const p of Object.values(g.players).slice(0, 3)) expect((await p.req('POST', `/api/games/${g.id}/posts`, { text: 'hello' })).status).toBe(200);
      // S: a current snapshot, then more events; O: a snapshot of an older format (ignored, rebuilt); N: none.
      await h.store.saveSnapshot(games[0]!.id, snapshotOf(h.service.get(games[0]!.id)));
      await h.store.saveSnapshot(games[1]!.id, { version: 3, state: { format: SNAPSHOT_FORMAT - 1, state: {}, meta: {} } });
      await games[0]!.mod.req('POST', `/api/games/${games[0]!.id}/mod`, { action: 'note', args: { text: 'after the snapshot' } });
      const service = new GameService({ store: h.store, clock: h.clock });
      const report = await service.boot();
      expect(report.games).toBe(3);
      for (const g of games) {
        const events = (await h.store.read(g.id)).map((e) => e.event);
        const booted = service.get(g.id);
        expect(booted.version).toBe(events.length);
        expect(stateHash(booted.state)).toBe(stateHash(replay(getVariant('palermo')!, events)));
        expect(booted.meta).toEqual(h.service.get(g.id).meta);
      }
      await h.close();
    });

    it('a follower folds a commit made elsewhere from its notice, without reading the store; a gap is read', async () => {
      const schema = `narrator_t_${randomBytes(6).toString('hex')}`;
      const a = await PostgresStore.open(url, { schema, dropSchemaOnClose: true });
      const b = await PostgresStore.open(url, { schema });
      const clock = { now: () => Date.parse('2025-11-03T08:00:00Z') };
      const sa = new GameService({ store: a, clock });
      const sb = new GameService({ store: b, clock });
      const stopA = sa.follow();
      const stopB = sb.follow();
      try {
        const g = await sa.create(
          getVariant('palermo')!,
          {
            variant: 'palermo',
            locale: 'en',
            timeZone: 'Europe/Athens',
            createdAt: clock.now(),
            startAt: clock.now() + 3_600_000,
            gameNumber: '1',
            roleList: [],
            options: {},
          } as never,
          'seed',
          'Mod',
          'T',
        );
        await expect.poll(() => sb.find(g.id)?.version, { timeout: 5000 }).toBe(g.version);
        let reads = 0;
        const read = b.read.bind(b);
        b.read = (...args: Parameters<typeof b.read>) => {
          reads++;
          return read(...args);
        };
        const heard: number[] = [];
        sb.onCommit((_, events) => heard.push(...events.map((e) => e.seq)));
        const note = (text: string) => sa.appendService(g.id, (_, at) => [{ type: 'team.chat', at, audience: { kind: 'public' }, data: { text } }]);
        const v0 = g.version;
        for (const t of ['one', 'two', 'three']) await note(t);
        await expect.poll(() => sb.get(g.id).version, { timeout: 5000 }).toBe(sa.get(g.id).version);
        expect(reads).toBe(0);
        expect(heard).toEqual([v0 + 1, v0 + 2, v0 + 3]);
        expect(sb.get(g.id).meta).toEqual(sa.get(g.id).meta);
        // A commit too large for a notice is announced by version only: the follower reads it.
        await note('x'.repeat(9000));
        await expect.poll(() => sb.get(g.id).version, { timeout: 5000 }).toBe(sa.get(g.id).version);
        expect(reads).toBe(1);
        expect(stateHash(sb.get(g.id).state)).toBe(stateHash(sa.get(g.id).state));
      } finally {
        await stopA();
        await stopB();
        await sa.idle();
        await sb.idle();
        await b.close();
        await a.close();
      }
    });

    it('sessionAccount reads a session and its account in one query, as session() and account() do', async () => {
      const store = await open();
      try {
        const account = { id: 'a1', name: 'Anna', nameKey: 'anna', skeleton: 'anna', passwordHash: 'h', createdAt: 5 };
        await store.createAccount(account);
        await store.createSession({ id: 's1', accountId: 'a1', csrf: 'c', createdAt: 6, expiresAt: 7 });
        expect(await store.sessionAccount('s1')).toEqual({ session: await store.session('s1'), account: await store.account('a1') });
        expect((await store.sessionAccount('s1'))?.account).toEqual(account);
        expect(await store.sessionAccount('nope')).toBeUndefined();
      } finally {
        await store.close();
      }
    });

    it('scheduleMany sets, moves and clears timers as schedule does, keeping the claim of an unchanged instant (boot repairs)', async () => {
      const store = await open();
      try {
        await store.schedule('a', 1000);
        await store.schedule('b', 2000);
        expect((await store.claimDue(5000, 60_000, 10)).map((t) => t.streamId)).toEqual(['a', 'b']);
        await store.scheduleMany([
          { streamId: 'a', dueAt: 1000 },
          { streamId: 'b', dueAt: 3000 },
          { streamId: 'c', dueAt: 500 },
        ]);
        expect(await store.timers()).toEqual([
          { streamId: 'c', dueAt: 500 },
          { streamId: 'a', dueAt: 1000 },
          { streamId: 'b', dueAt: 3000 },
        ]);
        // a keeps its claim (same instant); b's moved instant is a new timer; c is new.
        expect((await store.claimDue(5000, 60_000, 10)).map((t) => t.streamId)).toEqual(['c', 'b']);
        await store.scheduleMany([
          { streamId: 'a', dueAt: null },
          { streamId: 'c', dueAt: null },
        ]);
        expect(await store.timers()).toEqual([{ streamId: 'b', dueAt: 3000 }]);
      } finally {
        await store.close();
      }
    });

    it('the shared migrations make the schema the PostgreSQL store made before, under the same migration ids', async () => {
      const schema = `narrator_t_${randomBytes(6).toString('hex')}`;
      const store = await PostgresStore.open(url, { schema, dropSchemaOnClose: true });
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        const cols = await c.query(
          `select table_name, column_name, data_type, is_nullable from information_schema.columns
           where table_schema = $1 and table_name not like 'kysely%' order by table_name, ordinal_position`,
          [schema],
        );
        // The notification tables (0006_notify, issue 26) apart; the rest as the store's own migrations made it.
        const notify = (table: string) => NOTIFY_TABLES.includes(table);
        const described = cols.rows.map((r) => `${r.table_name}.${r.column_name} ${r.data_type}${r.is_nullable === 'NO' ? ' not null' : ''}`);
        expect(described.filter((x) => notify(x.split('.')[0]!))).toEqual(NOTIFY_COLUMNS);
        // The columns the PostgreSQL store's own migrations made before both stores shared one definition.
        expect(described.filter((x) => !notify(x.split('.')[0]!))).toEqual([
          'accounts.id text not null',
          'accounts.name text not null',
          'accounts.name_key text not null',
          'accounts.password_hash text not null',
          'accounts.created_at bigint not null',
          'accounts.name_skeleton text',
          'events.stream_id text not null',
          'events.seq bigint not null',
          'events.type text not null',
          'events.at bigint not null',
          'events.audience text not null',
          'events.data text not null',
          'meta.key text not null',
          'meta.value text not null',
          'read_markers.account_id text not null',
          'read_markers.game_id text not null',
          'read_markers.channel text not null',
          'read_markers.post bigint not null',
          'read_markers.updated_at bigint not null',
          'sessions.id text not null',
          'sessions.account_id text not null',
          'sessions.csrf text not null',
          'sessions.created_at bigint not null',
          'sessions.expires_at bigint not null',
          'snapshots.stream_id text not null',
          'snapshots.version bigint not null',
          'snapshots.state text not null',
          'streams.stream_id text not null',
          'streams.version bigint not null',
          'streams.created_at bigint not null',
          'timers.stream_id text not null',
          'timers.due_at bigint not null',
          'timers.claimed_until bigint',
          'warnings.game_id text not null',
          'warnings.seq bigint not null',
          'warnings.name_key text not null',
          'warnings.name text not null',
          'warnings.kind text not null',
          'warnings.date text not null',
          'warnings.reason text not null',
          'warnings.created_at bigint not null',
          'warnings.revoked_seq bigint',
        ]);
        const idx = await c.query(`select indexname, tablename from pg_indexes where schemaname = $1 and tablename not like 'kysely%' order by indexname`, [
          schema,
        ]);
        expect(idx.rows.filter((r) => NOTIFY_TABLES.includes(r.tablename)).map((r) => r.indexname)).toEqual([
          'contacts_email',
          'contacts_pkey',
          'deliveries_due',
          'deliveries_pk',
          'feed_cursors_pkey',
          'mail_tokens_pkey',
          'notifications_account',
          'notifications_pkey',
          'notifications_source',
          'push_subscriptions_account',
          'push_subscriptions_pkey',
          'reminder_plans_pkey',
          'reminders_due',
          'reminders_game',
          'reminders_pkey',
        ]);
        expect(idx.rows.filter((r) => !NOTIFY_TABLES.includes(r.tablename)).map((r) => r.indexname)).toEqual([
          'accounts_name_key_key',
          'accounts_name_skeleton',
          'accounts_pkey',
          'events_pk',
          'meta_pkey',
          'read_markers_pk',
          'sessions_pkey',
          'snapshots_pkey',
          'streams_pkey',
          'timers_due',
          'timers_pkey',
          'warnings_name',
          'warnings_pk',
        ]);
        const names = await c.query(`select name from ${schema}.kysely_migration order by name`);
        expect(names.rows.map((r) => r.name)).toEqual([
          '0001_initial',
          '0002_meta',
          '0003_name_skeletons',
          '0004_warnings',
          '0005_read_markers',
          '0006_notify',
        ]);
      } finally {
        await c.end();
        await store.close();
      }
    });

    it('a database of the read markers’ schema (0005, before the notification tables) migrates forward keeping its rows', async () => {
      const schema = `narrator_t_${randomBytes(6).toString('hex')}`;
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`create schema ${schema}`);
      const pool = new pg.Pool({ connectionString: url, max: 1, options: `-c search_path=${schema}` });
      const k = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
      const before = Object.fromEntries(Object.entries(PG_MIGRATIONS).filter(([name]) => name < '0006'));
      const migrated = await new Migrator({ db: k, provider: { getMigrations: async () => before }, migrationTableSchema: schema }).migrateToLatest();
      expect(migrated.error).toBeUndefined();
      await k.insertInto('read_markers').values({ account_id: 'a', game_id: 'g', channel: 'main', post: 4, updated_at: 9 }).execute();
      await k.destroy();
      const store = await PostgresStore.open(url, { schema, dropSchemaOnClose: true });
      try {
        expect(await store.everyReadMarker()).toEqual([{ accountId: 'a', gameId: 'g', channel: 'main', post: 4, updatedAt: 9 }]);
        const contact = { accountId: 'a', email: 'a@example.org', verifiedAt: null, locale: 'el', prefs: DEFAULT_PREFS };
        await store.notify.saveContact(contact);
        expect(await store.notify.contact('a')).toEqual(contact);
        const names = await c.query(`select name from ${schema}.kysely_migration order by name`);
        expect(names.rows.map((r) => r.name).slice(-2)).toEqual(['0005_read_markers', '0006_notify']);
      } finally {
        await store.close();
        await c.end();
      }
    });
  });
  if (problem === null) storeContract('postgres', open);
} else describe.skip(`postgres (unreachable: ${problem})`, () => it('skipped', () => {}));

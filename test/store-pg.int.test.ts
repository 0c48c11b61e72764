// The store contract against PostgreSQL (127.0.0.1:5432, trust auth, database `test`, or NARRATOR_PG_URL). Each
// store gets a schema of its own, dropped on close. Under CI=true an unreachable server is a failure, not a skip.
// A game also runs through the API on it (GameService, Scheduler and routes over PostgreSQL).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { stateHash } from '../src/app/state-hash.ts';
import { replay } from '../src/engine/evolve.ts';
import { PostgresStore } from '../src/store/postgres.ts';
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
        // The columns the PostgreSQL store's own migrations made before both stores shared one definition.
        expect(cols.rows.map((r) => `${r.table_name}.${r.column_name} ${r.data_type}${r.is_nullable === 'NO' ? ' not null' : ''}`)).toEqual([
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
        const idx = await c.query(`select indexname from pg_indexes where schemaname = $1 and tablename not like 'kysely%' order by indexname`, [schema]);
        expect(idx.rows.map((r) => r.indexname)).toEqual([
          'accounts_name_key_key',
          'accounts_name_skeleton',
          'accounts_pkey',
          'events_pk',
          'meta_pkey',
          'sessions_pkey',
          'snapshots_pkey',
          'streams_pkey',
          'timers_due',
          'timers_pkey',
          'warnings_name',
          'warnings_pk',
        ]);
        const names = await c.query(`select name from ${schema}.kysely_migration order by name`);
        expect(names.rows.map((r) => r.name)).toEqual(['0001_initial', '0002_meta', '0003_name_skeletons', '0004_warnings']);
      } finally {
        await c.end();
        await store.close();
      }
    });
  });
  if (problem === null) storeContract('postgres', open);
} else describe.skip(`postgres (unreachable: ${problem})`, () => it('skipped', () => {}));

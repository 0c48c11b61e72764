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
  });
  if (problem === null) storeContract('postgres', open);
} else describe.skip(`postgres (unreachable: ${problem})`, () => it('skipped', () => {}));

// The store contract against the memory and SQLite stores, plus what only a file can show: data survives a
// reopen, and migrations run once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { GameEvent } from '../src/core/types.ts';
import { MemoryStore } from '../src/store/memory.ts';
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

  it('stages appends and compacts them into the indexed table after the turn; reads are the same either side', async () => {
    const s = await SqliteStore.open(join(dir, 'staged.db'), { compactRows: 10 });
    const versions = { a: 0, b: 0 };
    for (let i = 1; i <= 4; i++) {
      // Two games in one group commit, as a busy server has them.
      const [va, vb] = await Promise.all([s.append('a', versions.a, [ev(i), ev(i + 100)]), s.append('b', versions.b, [ev(i + 200)])]);
      versions.a = va;
      versions.b = vb;
    }
    // 12 rows staged: over the threshold, compacted once the replies have gone out.
    expect(count(s, 'events_recent')).toBe(12);
    const before = { a: await s.read('a'), b: await s.read('b'), tail: await s.read('a', 4, 3) };
    await new Promise((r) => setImmediate(r));
    expect(count(s, 'events_recent')).toBe(0);
    expect(count(s, 'events')).toBe(12);
    expect({ a: await s.read('a'), b: await s.read('b'), tail: await s.read('a', 4, 3) }).toEqual(before);
    expect(before.a.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(before.tail.map((e) => e.seq)).toEqual([4, 5, 6]);
    // A stream read across both tables: indexed events first, then staged ones.
    versions.a = await s.append('a', versions.a, [ev(9)]);
    expect(count(s, 'events_recent')).toBe(1);
    expect((await s.read('a', 7)).map((e) => [e.seq, e.event.at])).toEqual([
      [7, 4],
      [8, 104],
      [9, 9],
    ]);
    expect((await s.read('a', 9)).map((e) => e.seq)).toEqual([9]);
    await s.append('a', versions.a, [ev(10)]);
    // A stale append is refused whichever table holds the stream's last events.
    await expect(s.append('a', versions.a, [ev(11)])).rejects.toThrow(/version/);
    await s.close();
  });

  it('moves rows a crashed process left staged when the file is opened again', async () => {
    const file = join(dir, 'crashed.db');
    const crashed = await SqliteStore.open(file, { compactRows: 1_000_000 });
    await crashed.append('g', 0, [ev(1), ev(2), ev(3)]);
    expect(count(crashed, 'events_recent')).toBe(3);
    // The process dies here: no compaction, no close. A new process opens the file.
    const next = await SqliteStore.open(file);
    expect(count(next, 'events_recent')).toBe(0);
    expect((await next.read('g')).map((e) => e.event.at)).toEqual([1, 2, 3]);
    expect(await next.version('g')).toBe(3);
    await next.close();
    crashed.db.close();
  });
});

// The store contract against the memory and SQLite stores, plus what only a file can show: data survives a
// reopen, and migrations run once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryStore } from '../src/store/memory.ts';
import { SqliteStore } from '../src/store/sqlite.ts';
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
    expect(migrations.n).toBe(1);
    await b.close();
  });
});

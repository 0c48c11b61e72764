// The child of test/profile-crash.int.test.ts: a mafia-cities game on a SQLite file, driven in process until the
// moderator issues an «Овощ» warning, and killed (SIGKILL, by itself) the moment the commit holding that warning's
// event has landed, before the process does anything else. Run with `node --import tsx <this file> <db file>`.
import { SqliteStore } from '../../src/store/sqlite.ts';
import type { Store } from '../../src/store/types.ts';
import { harness, startedGame, TEN } from './harness.ts';

const file = process.argv[2];
if (!file) throw new Error('usage: profile-crash-child.ts <db file>');
const inner = await SqliteStore.open(file);
// Every method is the store's own, but an append is followed, once it has committed, by the crash.
const store = new Proxy(inner, {
  get(target, prop) {
    if (prop === 'append')
      return async (...args: Parameters<Store['append']>) => {
        const version = await target.append(...args);
        if (args[2].some((e) => e.type === 'player.warned')) process.kill(process.pid, 'SIGKILL');
        return version;
      };
    const v = Reflect.get(target, prop, target) as unknown;
    return typeof v === 'function' ? v.bind(target) : v;
  },
}) as Store;
const h = await harness(store);
const g = await startedGame(h, '', { variant: 'mafia-cities', startAt: '2025-11-03T12:00', locale: 'en', options: { includeManiac: false } }, TEN);
process.stdout.write(`game ${g.id}\n`);
await g.mod.req('POST', `/api/games/${g.id}/mod`, { action: 'vegetable', args: { name: TEN[2], reason: 'silent for two days' } });
// Not reached: the warning's commit kills the process.
process.stdout.write('survived\n');
process.exit(3);

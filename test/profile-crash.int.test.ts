// «Овощ» warnings survive a crash (issue 22, item 15): a real process on a SQLite file is SIGKILLed the moment the
// commit of a `player.warned` event has landed (test/support/profile-crash-child.ts); after it, the log holds the
// event and the players' profiles hold its row, because both are written in one transaction. When the row was
// written after the commit, this crash lost it for good.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nameKey } from '../src/app/accounts.ts';
import { SqliteStore } from '../src/store/sqlite.ts';
import { TEN } from './support/harness.ts';

const ROOT = resolve(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'narrator-profile-crash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('profile warnings across a crash (CIT-ACT-7)', () => {
  it('a process killed right after the commit of a warning keeps the warning in the player’s profile', async () => {
    const db = join(dir, 'crash.db');
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'test/support/profile-crash-child.ts'), db], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (err += String(d)));
    const signal = await new Promise<NodeJS.Signals | null>((r) => child.once('exit', (_code, sig) => r(sig)));
    expect([signal, err]).toEqual(['SIGKILL', '']);
    const game = /game (\S+)/.exec(out)![1]!;
    const store = await SqliteStore.open(db);
    try {
      const warned = (await store.read(game)).find((e) => e.event.type === 'player.warned');
      expect(warned).toBeDefined();
      const rows = await store.warningsOf([nameKey(TEN[2]!)]);
      expect(rows.map((w) => ({ gameId: w.gameId, seq: w.seq, reason: w.reason }))).toEqual([
        { gameId: game, seq: warned!.seq, reason: 'silent for two days' },
      ]);
    } finally {
      await store.close();
    }
  }, 60_000);
});

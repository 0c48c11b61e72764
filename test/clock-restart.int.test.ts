// Issue 10 item 10: with --speed, a restart must not rewind game time. The scaled clock's origin lives in the
// database, so a second boot of the same file continues the timeline (and its deadlines) where the first left it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLOCK_META_KEY, persistentClock, ScaledClock, systemClock } from '../src/app/clock.ts';
import { type RunningServer, serve } from '../src/server/main.ts';
import { MemoryStore } from '../src/store/memory.ts';

const dir = mkdtempSync(join(tmpdir(), 'narrator-clock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SPEED = 3600;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function boot(db: string): Promise<RunningServer> {
  return serve({ port: 0, host: '127.0.0.1', db, speed: SPEED, logLevel: 'silent', print: () => {}, accountOptions: { scryptN: 1024 } });
}

async function call(s: RunningServer, method: string, path: string, body?: unknown, auth?: { cookie: string; csrf: string }) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (auth) Object.assign(headers, { cookie: auth.cookie, 'x-csrf-token': auth.csrf });
  const r = await fetch(s.url + path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  return { status: r.status, json: (await r.json()) as any, cookie: String(r.headers.get('set-cookie')).split(';')[0]! };
}

describe('--speed across a restart', () => {
  it('two boots of one SQLite file: game time continues after the restart instead of starting again from real time', async () => {
    const db = join(dir, 'speed.db');
    const first = await boot(db);
    const up = await call(first, 'POST', '/api/accounts', { name: 'Mod', password: 'password1' });
    const mod = { cookie: up.cookie, csrf: up.json.csrfToken as string };
    const game = await call(first, 'POST', '/api/games', { variant: 'palermo', startAt: '2099-01-05T10:00' }, mod);
    const note = async (s: RunningServer, text: string) =>
      expect((await call(s, 'POST', `/api/games/${game.json.id}/mod`, { action: 'note', args: { text } }, mod)).json.accepted).toBe(true);
    await sleep(300); // 300 ms of uptime are 18 game minutes
    await note(first, 'before the restart');
    await first.close();
    const second = await boot(db);
    await note(second, 'after the restart');
    const audit = await call(second, 'GET', `/api/games/${game.json.id}/audit`, undefined, mod);
    const at = (text: string) => audit.json.items.find((i: { data: unknown }) => JSON.stringify(i.data).includes(text))?.at as number;
    const gap = at('after the restart') - at('before the restart');
    // Without the stored origin the second boot restarted game time at real time: 18 game minutes earlier.
    expect(gap).toBeGreaterThan(0);
    expect(gap).toBeLessThan(30 * 60_000 * (SPEED / 60));
    expect(second.clock.now()).toBeGreaterThan(Date.now() + 250 * SPEED);
    await second.close();
  }, 30_000);
});

describe('persistentClock', () => {
  it('stores a new timeline, continues it at the same speed, and at a new speed from the current game time', async () => {
    const meta = new MemoryStore();
    const a = (await persistentClock(meta, { speed: 60 }, 1_000)) as ScaledClock;
    expect([a.realOrigin, a.gameOrigin, a.speed]).toEqual([1_000, 1_000, 60]);
    expect(await meta.meta(CLOCK_META_KEY)).toBe('1000:1000:60');
    const b = (await persistentClock(meta, { speed: 60 }, 5_000)) as ScaledClock;
    expect(b.spec()).toBe('1000:1000:60');
    // At 5,000 the stored clock reads 1,000 + 4,000 × 60 = 241,000; speed 10 goes on from there.
    const c = (await persistentClock(meta, { speed: 10 }, 5_000)) as ScaledClock;
    expect(c.spec()).toBe('5000:241000:10');
  });

  it('without --speed, a database whose game time ran ahead goes on from there at speed 1; real time otherwise', async () => {
    const meta = new MemoryStore();
    await meta.setMeta(CLOCK_META_KEY, '1000:1000:60');
    const ahead = (await persistentClock(meta, {}, 2_000)) as ScaledClock;
    expect(ahead.spec()).toBe('2000:61000:1');
    expect(await persistentClock(new MemoryStore(), {}, 2_000)).toBe(systemClock);
  });

  it('--clock is used as given and stored', async () => {
    const meta = new MemoryStore();
    await meta.setMeta(CLOCK_META_KEY, '1000:1000:60');
    const fixed = new ScaledClock(7, 8, 9);
    expect(await persistentClock(meta, { fixed }, 2_000)).toBe(fixed);
    expect(await meta.meta(CLOCK_META_KEY)).toBe('7:8:9');
  });
});

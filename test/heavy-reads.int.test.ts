// Whole-log reads (issue 22, item 12): the export, its check, a day's export and the audit log are computed once per
// (game, version, viewer class) in slices of the event loop and kept, and every client address has a budget of
// them: past it, 429 read.rate_limited with Retry-After. A long game's export no longer holds the event loop: a
// health check sent while it is computed is answered before it.
import { afterEach, describe, expect, it } from 'vitest';
import { buildTranscript } from '../src/app/transcript.ts';
import { MemoryStore } from '../src/store/memory.ts';
import type { Store } from '../src/store/types.ts';
import { type Harness, harness, startedGame } from './support/harness.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** A memory store that records the ranges its log is read in. */
function countingStore(): { store: Store; reads: [number, number | undefined][] } {
  const inner = new MemoryStore();
  const reads: [number, number | undefined][] = [];
  const store = new Proxy(inner, {
    get(target, prop) {
      if (prop === 'read')
        return (id: string, from?: number, limit?: number) => {
          reads.push([from ?? 1, limit]);
          return target.read(id, from, limit);
        };
      const v = Reflect.get(target, prop, target) as unknown;
      return typeof v === 'function' ? v.bind(target) : v;
    },
  }) as Store;
  return { store, reads };
}

/** `n` moderator notes committed straight through the service (many per commit). */
async function notes(hh: Harness, id: string, n: number, tag = 'note'): Promise<void> {
  await Promise.all(
    Array.from({ length: n }, (_, i) =>
      hh.service.submit(id, (at) => ({ type: 'mod', at, actor: { kind: 'moderator', name: 'Mod' }, mod: { action: 'note', args: { text: `${tag} ${i}` } } })),
    ),
  );
}

describe('whole-log reads (issue 22, item 12)', () => {
  it('the budget of one address: past it 429 read.rate_limited with Retry-After; another address and the game’s moderator are not affected', async () => {
    h = await harness();
    const g = await startedGame(h);
    expect((await g.mod.req('POST', `/api/games/${g.id}/mod`, { action: 'cancel' })).json.accepted).toBe(true);
    // The harness lifts the budget; a server with the default one.
    const { buildServer } = await import('../src/server/app.ts');
    const app = await buildServer({ store: h.store, service: h.service, accounts: h.accounts, clock: h.clock });
    try {
      const get = (url: string, remoteAddress: string) => app.inject({ method: 'GET', url, remoteAddress });
      const urls = [`/api/games/${g.id}/verify`, `/api/games/${g.id}/export`, `/api/games/${g.id}/export/day/1?format=bbcode`];
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await get(urls[i % 3]!, '203.0.113.5')).statusCode);
      expect(statuses.every((s) => s === 200)).toBe(true);
      const over = await get(urls[0]!, '203.0.113.5');
      expect([over.statusCode, over.json().error.code]).toEqual([429, 'read.rate_limited']);
      const wait = Number(over.headers['retry-after']);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(over.json().error.message).toContain(`try again in ${wait} s`);
      expect((await get(urls[0]!, '198.51.100.9')).statusCode).toBe(200);
      // The game's own moderator is not held to it (his console re-reads the audit log after every commit).
      for (const url of [`/api/games/${g.id}/audit`, urls[1]!]) {
        const staff = await app.inject({ method: 'GET', url, remoteAddress: '203.0.113.5', headers: { cookie: g.mod.cookie } });
        expect([url, staff.statusCode]).toEqual([url, 200]);
      }
    } finally {
      await app.close();
    }
  });

  it('an export is computed once per version: the second read of the log is not made, the answer is the transcript; a commit makes a new one', async () => {
    const { store, reads } = countingStore();
    h = await harness(store);
    const g = await startedGame(h);
    await notes(h, g.id, 50);
    const url = `/api/games/${g.id}/export`;
    reads.length = 0;
    const first = await g.mod.req('GET', url);
    expect(first.status).toBe(200);
    const read = reads.length;
    expect(read).toBeGreaterThan(0);
    const second = await g.mod.req('GET', url);
    expect(second.text).toBe(first.text);
    expect(reads.length).toBe(read);
    const game = h.service.get(g.id);
    const events = (await store.read(g.id)).map((e) => e.event);
    expect(first.text).toBe(JSON.stringify(buildTranscript(game.variant, events, game.state)));
    await notes(h, g.id, 1, 'later');
    const third = await g.mod.req('GET', url);
    expect(third.text).toContain('later 0');
    // The audit log too, once per version and capacity.
    reads.length = 0;
    const audit = await g.mod.req('GET', `/api/games/${g.id}/audit`);
    const again = await g.mod.req('GET', `/api/games/${g.id}/audit`);
    expect([audit.status, again.text]).toEqual([200, audit.text]);
    expect(audit.json.items.length).toBeGreaterThan(50);
    expect(reads.length).toBe(1);
  });

  it('a day that has not opened is refused from the index of day openings: its later requests read no more than the new events', async () => {
    const { store, reads } = countingStore();
    h = await harness(store);
    const g = await startedGame(h);
    await notes(h, g.id, 600);
    const version = h.service.get(g.id).version;
    const day = (n: number) => g.players.Anna!.req('GET', `/api/games/${g.id}/export/day/${n}?format=markdown`);
    reads.length = 0;
    const none = await day(99);
    expect([none.status, none.json.error.code]).toEqual([404, 'export.no_round']);
    expect(reads.length).toBeGreaterThan(1);
    reads.length = 0;
    expect((await day(99)).status).toBe(404);
    expect(reads).toEqual([]);
    // One more commit: the index reads the new events only, then day 1 reads its own events.
    await notes(h, g.id, 1, 'later');
    expect((await day(99)).status).toBe(404);
    expect(reads.map(([from]) => from)).toEqual([version + 1]);
    reads.length = 0;
    const one = await day(1);
    expect(one.status).toBe(200);
    expect(one.text).toContain('later 0');
  });

  it('a long game’s export runs in slices: a health check sent while it is computed is answered first', async () => {
    h = await harness();
    const g = await startedGame(h);
    await notes(h, g.id, 3000);
    const done: string[] = [];
    const exp = g.mod.req('GET', `/api/games/${g.id}/export`).then((r) => {
      done.push('export');
      return r;
    });
    // The export is under way (its transcript alone is a good 100 ms of work); the check comes in meanwhile.
    await new Promise((r) => setTimeout(r, 20));
    const health = h.app.inject({ method: 'GET', url: '/api/health' }).then((r) => {
      done.push('health');
      return r;
    });
    const [e, hc] = await Promise.all([exp, health]);
    expect([e.status, hc.statusCode]).toEqual([200, 200]);
    expect(done).toEqual(['health', 'export']);
  }, 60_000);
});

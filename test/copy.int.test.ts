// `narrator copy` (issue 16): a SQLite community with a finished and a running game, accounts, sessions, readers'
// unread markers and notifications moves to an empty PostgreSQL database. The copied games serve the originals'
// state hashes and timers, the finished game's export verifies, the running one's is reported unpublished, a session
// of the old server still works on the new one, a second copy into the now non-empty database is refused (exit 2),
// and `narrator migrate` reports the database up to date. Under CI=true an unreachable PostgreSQL fails.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyTranscript } from '../src/app/verify.ts';
import { PostgresStore } from '../src/store/postgres.ts';
import { SqliteStore } from '../src/store/sqlite.ts';
import { freshDatabase, pgProblem, ROOT } from './support/cluster.ts';
import { Client, harness, NINE, startedGame } from './support/harness.ts';
import { notifyHarness } from './support/notify-harness.ts';
import { pushService } from './support/push-service.ts';

const problem = await pgProblem();
const dir = mkdtempSync(join(tmpdir(), 'narrator-copy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function narrator(...args: string[]) {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/narrator.mjs'), ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

if (problem === null || process.env.CI === 'true') {
  describe('narrator copy: SQLite → PostgreSQL', () => {
    it('copies games, accounts, sessions and timers; states, exports and sessions hold on the copy', async () => {
      expect(problem).toBeNull();
      const file = join(dir, 'community.db');
      const h = await notifyHarness({ store: await SqliteStore.open(file) });
      const done = await startedGame(h, 'F');
      const running = await startedGame(h, 'R');
      for (const n of NINE.slice(0, 5)) await done.players[n]!.req('POST', `/api/games/${done.id}/posts`, { text: `Vote: F${NINE[8]}` });
      for (const n of NINE.slice(0, 3)) await running.players[n]!.req('POST', `/api/games/${running.id}/posts`, { text: `Vote: R${NINE[7]}` });
      await h.at('2025-11-03T18:00:00Z');
      expect((await done.mod.req('POST', `/api/games/${done.id}/mod`, { action: 'stop', args: { side: 'citizens' } })).json.accepted).toBe(true);
      const before = new Map<string, string>();
      for (const g of [done, running]) before.set(g.id, (await g.mod.req('GET', `/api/games/${g.id}`)).json.moderator.stateHash);
      const timers = await h.store.timers();
      expect(timers.map((t) => t.streamId)).toEqual([running.id]);
      const session = { cookie: running.mod.cookie, csrf: running.mod.csrf };
      // Where two readers stopped reading (issue 26: unread markers, per account and channel).
      const anna = (await h.accounts.byName(`R${NINE[0]}`))!.id;
      await h.store.markRead({ accountId: anna, gameId: running.id, channel: 'main', post: 3, updatedAt: 1 });
      await h.store.markRead({ accountId: anna, gameId: done.id, channel: 'team:killers', post: 1, updatedAt: 2 });
      const markers = await h.store.everyReadMarker();
      expect(markers).toHaveLength(2);
      // Notifications: the role messages in the lists, a device's subscription, a language, the planned slots.
      const ps = await pushService();
      const sub = ps.subscribe();
      expect((await running.players.Anna!.req('POST', '/api/push/subscriptions', { endpoint: sub.endpoint, keys: sub.keys })).status).toBe(201);
      expect((await running.players.Anna!.req('POST', '/api/me/notify', { locale: 'el' })).status).toBe(200);
      await h.settle();
      await h.close();
      await ps.close();
      // As the server left them (its stop writes the feed cursors).
      const source = await SqliteStore.open(file);
      const notices = await source.notify.dump();
      const vapid = await source.meta('notify.vapid');
      await source.close();
      expect(notices.notifications.length).toBeGreaterThan(9);
      expect(notices.subscriptions).toHaveLength(1);
      expect(notices.reminders.length).toBeGreaterThan(0);
      expect(vapid).toBeDefined();

      const db = await freshDatabase('narrator_copy');
      try {
        const r = narrator('copy', '--from', file, '--to', db.url);
        expect(r.err).toBe('');
        expect(r.code).toBe(0);
        expect(r.out).toContain('Copied 2 games');
        expect(r.out).toContain('2 read markers and');
        expect(r.out).toContain(`and ${notices.notifications.length} notifications`);
        expect(r.out).toContain('Every copied game replays to the state hash of its original.');

        const pgh = await harness(await PostgresStore.open(db.url));
        try {
          expect(await pgh.store.timers()).toEqual(timers);
          expect(await pgh.store.everyReadMarker()).toEqual(markers);
          expect(await pgh.store.notify.dump()).toEqual(notices);
          expect(await pgh.store.meta('notify.vapid')).toBe(vapid);
          const mod = Object.assign(new Client(pgh.app, 'RMod'), session);
          expect((await mod.req('GET', '/api/me')).status).toBe(200);
          const fmod = await new Client(pgh.app, 'FMod');
          const login = await fmod.req('POST', '/api/sessions', { name: 'FMod', password: 'password1' });
          expect(login.status).toBe(200);
          for (const [id, who] of [
            [done.id, fmod],
            [running.id, mod],
          ] as const)
            expect((await who.req('GET', `/api/games/${id}`)).json.moderator.stateHash).toBe(before.get(id));
          expect(verifyTranscript((await fmod.req('GET', `/api/games/${done.id}/export`)).json)).toMatchObject({ status: 'fair', fair: true });
          expect(verifyTranscript((await mod.req('GET', `/api/games/${running.id}/export`)).json).status).toBe('unpublished');
          // The copied game goes on: its next vote is accepted at the copied version.
          expect((await mod.req('POST', `/api/games/${running.id}/mod`, { action: 'note', args: { text: 'moved' } })).status).toBe(200);
        } finally {
          await pgh.close();
        }

        const again = narrator('copy', '--from', file, '--to', db.url);
        expect(again.code).toBe(2);
        expect(again.err).toContain('already holds games or accounts');
        const migrate = narrator('migrate', '--db', db.url);
        expect([migrate.code, migrate.out.trim()]).toEqual([0, 'The postgres database is up to date (2 games).']);
        const missing = narrator('copy', '--from', join(dir, 'nope.db'), '--to', db.url);
        expect([missing.code, missing.err.trim()]).toEqual([2, `narrator copy: --from: no database file ${join(dir, 'nope.db')}`]);
      } finally {
        await db.drop();
      }
    }, 120_000);
  });
}

describe('narrator copy that stops midway', () => {
  it('leaves the destination marked incomplete: serve refuses it, a second copy says why (issue 16)', async () => {
    const file = join(dir, 'broken.db');
    const h = await harness(await SqliteStore.open(file));
    await startedGame(h, 'G');
    await h.close();
    // A stream written after the good game whose rulebook no server knows: its check fails once the good game
    // is already in the destination.
    const raw = await SqliteStore.open(file);
    await raw.append('zzbroken', 0, [
      { type: 'game.created', at: Date.parse('2030-01-01T00:00:00Z'), audience: { kind: 'public' }, data: { config: { variant: 'no-such-rulebook' } } },
    ]);
    await raw.close();
    const target = join(dir, 'half.db');
    const r = narrator('copy', '--from', file, '--to', target);
    expect(r.code).toBe(2);
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toContain('game zzbroken (2 of 2) could not be copied: a game of an unknown rulebook cannot be checked');
    expect(r.err).toContain('marked incomplete');
    expect(r.err).not.toMatch(/internal error|\n\s+at /);
    const half = await SqliteStore.open(target);
    expect((await half.streams()).length).toBe(1);
    await half.close();
    const served = narrator('serve', '--port', '0', '--db', target);
    expect(served.code).toBe(2);
    expect(served.err.trim()).toBe(
      'narrator serve: the database holds an incomplete copy (`narrator copy` stopped midway); drop it, create it empty and copy again',
    );
    const again = narrator('copy', '--from', file, '--to', target);
    expect([again.code, again.err.trim()]).toEqual([
      2,
      'narrator copy: the database holds an incomplete copy (`narrator copy` stopped midway); drop it, create it empty and copy again',
    ]);
  }, 60_000);

  it('a complete copy is marked complete', async () => {
    const file = join(dir, 'small.db');
    const h = await harness(await SqliteStore.open(file));
    await startedGame(h, 'K');
    await h.close();
    const target = join(dir, 'small-copy.db');
    expect(narrator('copy', '--from', file, '--to', target).code).toBe(0);
    const copy = await SqliteStore.open(target);
    expect(await copy.meta('copy')).toBe('complete');
    await copy.close();
  }, 60_000);
});

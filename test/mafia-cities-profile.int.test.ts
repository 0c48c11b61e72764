// mafia-cities through the API: an «Овощ» warning issued in one game lands in the player's cross-game profile and
// is shown to the staff of his next game at signups, to them only (CIT-ACT-7, CIT-SET-1); a revoked one leaves it.
// A substitute takes over a seat: the new account sees the role, the city and the family, the old one nothing more
// (CIT-MOD-9). The profile runs on memory, SQLite and (when reachable) PostgreSQL.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../src/store/memory.ts';
import { PostgresStore } from '../src/store/postgres.ts';
import { SqliteStore } from '../src/store/sqlite.ts';
import type { Store } from '../src/store/types.ts';
import { harness, startedGame, TEN } from './support/harness.ts';

const url = process.env.NARRATOR_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
async function pgReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}
const dir = mkdtempSync(join(tmpdir(), 'narrator-profile-'));
const STORES: [string, () => Promise<Store>][] = [
  ['memory', async () => new MemoryStore()],
  ['sqlite', () => SqliteStore.open(join(dir, `p${randomBytes(4).toString('hex')}.db`))],
];
if ((await pgReachable()) || process.env.CI === 'true')
  STORES.push(['postgres', () => PostgresStore.open(url, { schema: `narrator_p_${randomBytes(6).toString('hex')}`, dropSchemaOnClose: true })]);

const CITIES = { variant: 'mafia-cities', startAt: '2025-11-03T12:00', locale: 'en', options: { includeManiac: false } };

for (const [kind, open] of STORES) {
  describe(`«Овощ» in the cross-game profile (${kind})`, () => {
    it('a warning issued in game A is shown to game B’s moderator at signups, never to its players; a revoked one is gone (CIT-ACT-7, CIT-SET-1)', async () => {
      const h = await harness(await open());
      try {
        const a = await startedGame(h, '', CITIES, TEN);
        const warned = TEN[2]!;
        const kept = TEN[3]!;
        const veg = async (name: string, reason?: string) =>
          (await a.mod.req('POST', `/api/games/${a.id}/mod`, { action: 'vegetable', args: { name, ...(reason ? { reason } : {}) } })).json;
        expect((await veg(warned, 'silent for two days')).accepted).toBe(true);
        expect((await veg(kept)).accepted).toBe(true);
        expect((await veg(kept, 'again')).accepted).toBe(true);
        const revoke = await a.mod.req('POST', `/api/games/${a.id}/mod`, { action: 'revoke-vegetable', args: { name: kept } });
        expect(revoke.json.accepted).toBe(true);
        // The moderators' audit log lists each warning and the revocation.
        const audit = (await a.mod.req('GET', `/api/games/${a.id}/audit`)).json.items.map((i: { type: string }) => i.type);
        expect(audit.filter((x: string) => x === 'player.warned')).toHaveLength(3);
        expect(audit.filter((x: string) => x === 'player.warning.revoked')).toHaveLength(1);
        // The game's own moderator sees nothing of game A itself: only other games count.
        const own = (await a.mod.req('GET', `/api/games/${a.id}/warnings`)).json.players;
        expect(own.every((p: { count: number }) => p.count === 0)).toBe(true);

        // Game B: the warned player, the twice-warned-once-revoked player and a newcomer sign up.
        const mod = await h.client('BMod');
        const b = (await mod.req('POST', '/api/games', { title: 'B', ...CITIES, startAt: '2025-11-10T12:00' })).json.id as string;
        for (const n of [warned, kept]) expect((await a.players[n]!.req('POST', `/api/games/${b}/signup`)).json.accepted).toBe(true);
        const newcomer = await h.client('Newcomer');
        expect((await newcomer.req('POST', `/api/games/${b}/signup`)).json.accepted).toBe(true);
        const r = await mod.req('GET', `/api/games/${b}/warnings`);
        expect(r.status).toBe(200);
        const by = Object.fromEntries(r.json.players.map((p: { name: string }) => [p.name, p]));
        expect(by[warned]).toMatchObject({ count: 1, warnings: [{ gameId: a.id, kind: 'vegetable', reason: 'silent for two days', date: '2025-11-03' }] });
        expect(by[kept]).toMatchObject({ count: 1, warnings: [{ gameId: a.id, reason: 'moderator' }] });
        expect(by.Newcomer).toMatchObject({ count: 0, warnings: [] });
        // Players of B (the warned one included) and outsiders get no answer.
        for (const c of [a.players[warned]!, newcomer, await h.client('Nosy')]) expect((await c.req('GET', `/api/games/${b}/warnings`)).status).toBe(403);
        expect((await (await h.client('Anon', true)).req('GET', `/api/games/${b}/warnings`)).status).toBe(401);
      } finally {
        await h.close();
      }
    });

    it('the Prokurator’s inactivity kills reach the profiles of the players struck out (CIT-ACT-3, CIT-ACT-7)', async () => {
      const h = await harness(await open());
      try {
        const a = await startedGame(h, '', CITIES, TEN);
        // Nobody does anything on Day 0 and Day 1: at Day 1's 22:00 (19:00 UTC) each city executes one player by lot
        // and the Prokurator strikes out everyone else.
        await h.at('2025-11-04T19:00:00Z');
        const game = (await a.mod.req('GET', `/api/games/${a.id}`)).json;
        const struck = game.players.filter((p: { removedHow?: string }) => p.removedHow === 'inactivity').map((p: { name: string }) => p.name);
        expect(struck.length).toBe(TEN.length - 2);
        const mod = await h.client('BMod');
        const b = (await mod.req('POST', '/api/games', { title: 'B', ...CITIES, startAt: '2025-11-10T12:00' })).json.id as string;
        for (const n of TEN) expect((await a.players[n]!.req('POST', `/api/games/${b}/signup`)).json.accepted).toBe(true);
        const by = Object.fromEntries(
          (await mod.req('GET', `/api/games/${b}/warnings`)).json.players.map((p: { name: string; count: number }) => [p.name, p.count]),
        );
        for (const n of TEN) expect(by[n], n).toBe(struck.includes(n) ? 1 : 0);
      } finally {
        await h.close();
      }
    });
  });
}

describe('substitution (CIT-MOD-9)', () => {
  it('the substitute sees the seat’s role, city thread and family inbox; the old account becomes a spectator', async () => {
    const h = await harness();
    try {
      const a = await startedGame(h, '', CITIES, TEN);
      const old = TEN.find((n) => a.roles[n] === 'mafioso')!;
      const before = (await a.players[old]!.req('GET', `/api/games/${a.id}`)).json.me;
      const family = before.teams.find((t: string) => t.startsWith('family-'));
      expect(family).toBeDefined();
      const sub = await h.client('Substitute');
      const r = await a.mod.req('POST', `/api/games/${a.id}/mod`, { action: 'substitute', args: { old, new: 'Substitute' } });
      expect(r.json.accepted).toBe(true);
      const me = (await sub.req('GET', `/api/games/${a.id}`)).json.me;
      expect(me).toMatchObject({ role: 'player', name: 'Substitute', gameRole: 'mafioso', playerId: before.playerId });
      expect(me.teams).toContain(family);
      const channels = (await sub.req('GET', `/api/games/${a.id}/channels`)).json.channels.map((c: { id: string }) => c.id);
      expect(channels).toContain(family);
      const inbox = await sub.req('GET', `/api/games/${a.id}/inbox?limit=500`);
      expect(inbox.status).toBe(200);
      expect(JSON.stringify(inbox.json.items)).toContain('Mafioso');
      expect((await sub.req('GET', `/api/games/${a.id}/channels/${family}`)).status).toBe(200);
      // The old account has lost the seat.
      expect((await a.players[old]!.req('GET', `/api/games/${a.id}`)).json.me.role).toBe('spectator');
      expect((await a.players[old]!.req('GET', `/api/games/${a.id}/inbox`)).status).toBe(403);
      expect((await a.players[old]!.req('GET', `/api/games/${a.id}/channels/${family}`)).status).toBe(404);
      const thread = (await a.mod.req('GET', `/api/games/${a.id}/thread?limit=500`)).json.items.map((i: { text?: string }) => i.text ?? '');
      expect(thread.some((t: string) => t.includes(`${old} is replaced by Substitute.`))).toBe(true);
    } finally {
      await h.close();
    }
  });
});

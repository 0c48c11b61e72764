// The endpoints a generic client builds its screens from: the channel list with its URLs (the inbox and team
// channels beside the rulebook's), the moderator actions with their argument schemas, the game clock, and the
// fairness check of a finished game.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, harness, startedGame, T0 } from './support/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.close());

describe('GET /api/games/:id/channels', () => {
  it('lists the main thread for everyone, the inbox for players and moderators, a team channel for its members only', async () => {
    const { id, mod, players, roles } = await startedGame(h, 'ch');
    const killer = Object.keys(roles).find((n) => roles[n] === 'killer')!;
    const citizen = Object.keys(roles).find((n) => roles[n] === 'citizen')!;
    const anon = await h.client('chAnon', true);
    const base = `/api/games/${id}`;
    const list = async (c: typeof mod) =>
      (await c.req('GET', `${base}/channels`)).json.channels as { id: string; kind: string; read: string; write: string | null }[];

    const spectator = await list(anon);
    expect(spectator.map((c) => [c.id, c.kind, c.read, c.write])).toEqual([['main', 'public', `${base}/thread`, null]]);
    const k = await list(players[killer]!);
    expect(k.map((c) => [c.id, c.kind, c.read, c.write])).toEqual([
      ['main', 'public', `${base}/thread`, `${base}/posts`],
      ['inbox', 'inbox', `${base}/inbox`, `${base}/pms`],
      ['team:killers', 'team', `${base}/teams/killers`, `${base}/teams/killers`],
    ]);
    expect((await list(players[citizen]!)).map((c) => c.id)).toEqual(['main', 'inbox']);
    const m = await list(mod);
    expect(m.map((c) => [c.id, c.write])).toEqual([
      ['main', null],
      ['inbox', null],
      ['team:killers', null],
    ]);
    // Every listed URL answers its reader.
    for (const c of k) expect((await players[killer]!.req('GET', c.read)).status).toBe(200);
    expect((await players[citizen]!.req('GET', `${base}/teams/killers`)).status).toBe(403);
  });
});

describe('GET /api/games/:id/mod-actions', () => {
  it('gives the moderator every action of the game with the JSON Schema of its arguments, and nobody else', async () => {
    const { id, mod, players } = await startedGame(h, 'ma');
    const r = await mod.req('GET', `/api/games/${id}/mod-actions`);
    expect(r.status).toBe(200);
    const byName = new Map((r.json.actions as { name: string; args: any }[]).map((a) => [a.name, a]));
    for (const n of ['note', 'pause', 'resume', 'move-deadline', 'substitute']) expect(byName.has(n)).toBe(true);
    expect(byName.get('move-deadline')!.args.properties.deadline.enum).toEqual(['close', 'kill', 'runoff']);
    expect(byName.get('substitute')!.args.required.sort()).toEqual(['new', 'old']);
    const p = Object.values(players)[0]!;
    expect((await p.req('GET', `/api/games/${id}/mod-actions`)).json.error.code).toBe('game.moderator_only');
  });
});

describe('GET /api/clock', () => {
  it('answers the game clock and its speed', async () => {
    h.clock.t = Date.parse('2025-11-03T09:15:00Z');
    const anon = await h.client('clockAnon', true);
    expect((await anon.req('GET', '/api/clock')).json).toEqual({ now: Date.parse('2025-11-03T09:15:00Z'), speed: 1 });
    h.clock.t = T0;
  });
});

describe('GET /api/games/:id/verify', () => {
  it('is refused before the end and verifies the seed after it', async () => {
    const { id, mod } = await startedGame(h, 'vf');
    const anon = await h.client('vfAnon', true);
    expect((await anon.req('GET', `/api/games/${id}/verify`)).json.error.code).toBe('game.not_over');
    expect((await mod.req('POST', `/api/games/${id}/mod`, { action: 'stop', args: { side: 'citizens' } })).json.accepted).toBe(true);
    const r = await anon.req('GET', `/api/games/${id}/verify`);
    expect(r.status).toBe(200);
    expect(r.json.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(r.json.verdict.fair).toBe(true);
  });
});

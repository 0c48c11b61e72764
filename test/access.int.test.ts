// The access matrix: every route and the WebSocket channel, called by each kind of caller — anonymous, an
// account outside the game, a player of another game, a player of this game, a player voted out (last words), a
// player removed by the moderator, a member of the killers' team, and the moderator — gets exactly what the rules
// allow. And nobody reads another player's private messages, role or team channel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Viewer } from '../src/core/types.ts';
import { canSee } from '../src/engine/view.ts';
import { type Client, type Harness, harness, NINE, startedGame } from './support/harness.ts';

type Who = 'anon' | 'outsider' | 'other' | 'player' | 'voted' | 'removed' | 'team' | 'mod';
const WHO: Who[] = ['anon', 'outsider', 'other', 'player', 'voted', 'removed', 'team', 'mod'];

let h: Harness;
let id: string;
const callers = {} as Record<Who, Client>;
const names = {} as Record<Who, string>;
let pids: Record<string, string> = {};

beforeAll(async () => {
  h = await harness();
  const a = await startedGame(h);
  await startedGame(h, 'B');
  id = a.id;
  const citizens = NINE.filter((n) => a.roles[n] !== 'killer');
  const killer = NINE.find((n) => a.roles[n] === 'killer')!;
  const [player, voted, removed] = [citizens[0]!, citizens[1]!, citizens[2]!];
  // Round 1: the town votes `voted` out at 20:00; the moderator expels `removed`.
  for (const n of NINE.filter((x) => x !== voted).slice(0, 6)) await a.players[n]!.req('POST', `/api/games/${id}/posts`, { text: `Vote: ${voted}` });
  await h.at('2025-11-03T18:00:00Z');
  const rm = await a.mod.req('POST', `/api/games/${id}/mod`, { action: 'remove', args: { name: removed } });
  expect(rm.json.accepted).toBe(true);
  Object.assign(callers, {
    anon: await h.client('Anonymous', true),
    outsider: await h.client('Outsider'),
    other: (await h.client('Bother-unused', true)) && (await loginAs('BAnna')),
    player: a.players[player],
    voted: a.players[voted],
    removed: a.players[removed],
    team: a.players[killer],
    mod: a.mod,
  });
  Object.assign(names, { player, voted, removed, team: killer, mod: 'Mod', other: 'BAnna', outsider: 'Outsider', anon: '' });
  await h.client('Spare');
  const g = await a.mod.req('GET', `/api/games/${id}`);
  pids = Object.fromEntries(g.json.players.map((p: { id: string; name: string }) => [p.name, p.id]));
});
afterAll(() => h.close());

async function loginAs(name: string): Promise<Client> {
  const c = await h.client(name, true);
  const r = await c.req('POST', '/api/sessions', { name, password: 'password1' });
  if (r.status !== 200) throw new Error(r.text);
  return c;
}

function viewerOf(who: Who): Viewer {
  if (who === 'mod') return { kind: 'moderator' };
  const pid = pids[names[who]];
  return pid ? { kind: 'player', id: pid } : { kind: 'spectator' };
}

const all = (status: number) => Object.fromEntries(WHO.map((w) => [w, status])) as Record<Who, number>;
const only = (base: number, over: Partial<Record<Who, number>>) => ({ ...all(base), anon: 401, ...over }) as Record<Who, number>;

describe('rules bind the API', () => {
  it('rules still bind the players: the voted-out player has last words once; the removed one has none; nobody votes for another', async () => {
    const lw = await callers.voted.req('POST', `/api/games/${id}/posts`, { text: 'My last words.' });
    expect(lw.json.accepted).toBe(true);
    const again = await callers.voted.req('POST', `/api/games/${id}/posts`, { text: 'Vote: Anna' });
    expect(again.json.rejections.map((r: { code: string }) => r.code)).toEqual(['R-LW-USED']);
    const removed = await callers.removed.req('POST', `/api/games/${id}/posts`, { text: 'Vote: Anna' });
    expect(removed.json.accepted).toBe(false);
    const outsider = await callers.outsider.req('POST', `/api/games/${id}/posts`, { text: 'Vote: Anna' });
    // Someone who never signed up is told so, not that he is "no longer in the game" (issue 15 item 3).
    expect(outsider.json.rejections.map((r: { code: string }) => r.code)).toEqual(['R-NOT-SIGNED-UP']);
  });
});

describe('access matrix', () => {
  const g = () => '/api/games/:id';
  const rows: [string, 'GET' | 'POST', () => string, unknown, Record<Who, number>][] = [
    ['list games', 'GET', () => '/api/games', undefined, all(200)],
    ['the game', 'GET', g, undefined, all(200)],
    ['the thread', 'GET', () => `${g()}/thread`, undefined, all(200)],
    ['vote count export', 'GET', () => `${g()}/export/votes`, undefined, all(200)],
    ['day export', 'GET', () => `${g()}/export/day/1?format=markdown`, undefined, all(200)],
    ['me', 'GET', () => '/api/me', undefined, only(200, {})],
    ['post', 'POST', () => `${g()}/posts`, { text: 'hello' }, only(200, { mod: 403 })],
    ['inbox', 'GET', () => `${g()}/inbox`, undefined, only(403, { player: 200, voted: 200, removed: 200, team: 200, mod: 200 })],
    ['pm', 'POST', () => `${g()}/pms`, { text: 'a question' }, only(403, { player: 200, voted: 200, removed: 200, team: 200 })],
    ['read team', 'GET', () => `${g()}/teams/killers`, undefined, only(403, { team: 200, mod: 200 })],
    ['write team', 'POST', () => `${g()}/teams/killers`, { text: 'psst' }, only(403, { team: 200 })],
    ['legal actions', 'GET', () => `${g()}/actions`, undefined, only(403, { player: 200, voted: 200, removed: 200, team: 200 })],
    ['moderator command', 'POST', () => `${g()}/mod`, { action: 'note', args: { text: 'n' } }, only(403, { mod: 200 })],
    ['audit log', 'GET', () => `${g()}/audit`, undefined, only(403, { mod: 200 })],
    ['export before the end', 'GET', () => `${g()}/export`, undefined, { ...all(403), mod: 200 }],
    ['start', 'POST', () => `${g()}/start`, undefined, only(403, { mod: 200 })],
    ['sign up', 'POST', () => `${g()}/signup`, undefined, only(409, { outsider: 200, other: 200, mod: 403 })],
    ['withdraw', 'POST', () => `${g()}/withdraw`, undefined, only(403, { player: 200, voted: 200, removed: 200, team: 200 })],
    ['add co-moderator', 'POST', () => `${g()}/moderators`, { name: 'Spare' }, only(403, { mod: 200 })],
  ];
  for (const [label, method, url, body, want] of rows) {
    it(`${label}: ${method} ${url()}`, async () => {
      const got = {} as Record<Who, number>;
      for (const w of WHO) got[w] = (await callers[w].req(method, url().replace(':id', id), body)).status;
      expect(got).toEqual(want);
    });
  }

  it('every state-changing route refuses a session without the CSRF token', async () => {
    const c = callers.player;
    const csrf = c.csrf;
    c.csrf = '';
    try {
      for (const [, method, url, body] of rows.filter((r) => r[1] === 'POST')) {
        const r = await c.req(method, url().replace(':id', id), body);
        expect([r.status, r.json.error.code]).toEqual([403, 'auth.csrf']);
      }
    } finally {
      c.csrf = csrf;
    }
  });
});

describe('secrets', () => {
  it('a post acts only as its caller: the matrix’s "hello" posts are authored by the players still in the game', async () => {
    const t = await callers.player.req('GET', `/api/games/${id}/thread?from=1&limit=500`);
    const mine = t.json.items.filter((i: { kind: string; text: string }) => i.kind === 'post' && i.text === 'hello');
    expect(mine.map((i: { author: string }) => i.author).sort()).toEqual([names.player, names.team].sort());
  });

  it('the game view shows a player only his own role, and the console only to the moderator', async () => {
    for (const w of WHO) {
      const r = await callers[w].req('GET', `/api/games/${id}`);
      expect(r.json.players.every((p: { role: unknown }) => p.role === null)).toBe(true);
      expect(r.json.moderator !== undefined).toBe(w === 'mod');
      if (['player', 'voted', 'removed', 'team'].includes(w)) expect(r.json.me.gameRole).toEqual(w === 'team' ? 'killer' : expect.any(String));
      else expect(r.json.me.gameRole).toBeUndefined();
    }
  });

  it('inboxes and team channels hold only events addressed to the caller', async () => {
    const events = await h.service.read(id);
    const bySeq = new Map(events.map((e) => [e.seq, e.event]));
    for (const w of ['player', 'voted', 'removed', 'team'] as Who[]) {
      const v = viewerOf(w);
      const inbox = await callers[w].req('GET', `/api/games/${id}/inbox?limit=500`);
      expect(inbox.json.items.length).toBeGreaterThan(0);
      for (const it of inbox.json.items) {
        const a = bySeq.get(it.seq)!.audience;
        expect(a.kind === 'players' && v.kind === 'player' && a.ids.includes(v.id)).toBe(true);
      }
    }
    const team = await callers.team.req('GET', `/api/games/${id}/teams/killers?limit=500`);
    for (const it of team.json.items) expect(bySeq.get(it.seq)!.audience.kind).toBe('team');
  });

  it('the WebSocket sends each caller whole exactly the events viewFor lets it see, and bare numbers otherwise', async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (h.app.server.address() as { port: number }).port;
    const events = await h.service.read(id);
    for (const w of WHO) {
      const got = await new Promise<any[]>((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws`, callers[w].cookie ? { headers: { cookie: callers[w].cookie } } : {});
        const msgs: any[] = [];
        ws.on('error', reject);
        ws.on('open', () => ws.send(JSON.stringify({ type: 'subscribe', game: id, from: 0 })));
        ws.on('message', (m) => {
          const msg = JSON.parse(String(m));
          msgs.push(msg);
          if (msg.type === 'subscribed') {
            ws.close();
            resolve(msgs);
          }
        });
      });
      const v = viewerOf(w);
      const whole = got.filter((m) => m.type === 'event' && m.event).map((m) => m.seq);
      const expected = events.filter((e) => canSee(v, e.event.audience)).map((e) => e.seq);
      expect(whole).toEqual(expected);
      expect(got.filter((m) => m.type === 'event').length).toBe(events.length);
    }
  });
});

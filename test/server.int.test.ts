// The server end to end, in process: accounts and sessions, a palermo game from creation to its end through the
// API, the scheduler firing deadlines, WebSocket subscriptions with resume, exports, and recovery from a file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { GameService, SNAPSHOT_FORMAT } from '../src/app/game-service.ts';
import { Scheduler } from '../src/app/scheduler.ts';
import { stateHash } from '../src/app/state-hash.ts';
import { verifyTranscript } from '../src/app/verify.ts';
import { replay } from '../src/engine/evolve.ts';
import { SqliteStore } from '../src/store/sqlite.ts';
import { getVariant } from '../src/variants/registry.ts';
import { harness, NINE, startedGame } from './support/harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'narrator-server-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('accounts and sessions', () => {
  it('signs up, logs in with the cookie, refuses bad passwords, rate-limits log-ins, logs out', async () => {
    const h = await harness();
    const anna = await h.client('Anna');
    expect((await anna.req('GET', '/api/me')).json.account.name).toBe('Anna');
    const dup = await h.client('anna', true);
    expect((await dup.req('POST', '/api/accounts', { name: 'ANNA', password: 'password1' })).json.error.code).toBe('account.name_taken');
    expect((await dup.req('POST', '/api/accounts', { name: 'x y', password: 'password1' })).json.error.code).toBe('account.invalid_name');
    expect((await dup.req('POST', '/api/accounts', { name: 'Bob', password: 'short' })).json.error.code).toBe('account.weak_password');
    const again = await h.client('Anna', true);
    const bad = await again.req('POST', '/api/sessions', { name: 'Anna', password: 'wrong-password' });
    expect([bad.status, bad.json.error.code]).toEqual([401, 'auth.invalid_credentials']);
    const ok = await again.req('POST', '/api/sessions', { name: 'anna', password: 'password1' });
    expect(ok.status).toBe(200);
    // The session cookie is HttpOnly and SameSite.
    const raw = await h.app.inject({ method: 'POST', url: '/api/sessions', payload: { name: 'Anna', password: 'password1' } });
    expect(String(raw.headers['set-cookie'])).toMatch(/narrator_session=[^;]+;.*HttpOnly.*SameSite=Lax/);
    // Five wrong passwords a minute per name from one address: the next attempt is refused even with the right
    // password (successful log-ins do not count).
    for (let i = 0; i < 4; i++) await again.req('POST', '/api/sessions', { name: 'Anna', password: 'nope-nope' });
    expect((await again.req('POST', '/api/sessions', { name: 'Anna', password: 'password1' })).json.error.code).toBe('auth.rate_limited');
    h.real.advance(61_000);
    expect((await again.req('POST', '/api/sessions', { name: 'Anna', password: 'password1' })).status).toBe(200);
    // CSRF: a state-changing request with the cookie but without the token is refused.
    const csrf = again.csrf;
    again.csrf = '';
    expect((await again.req('DELETE', '/api/sessions/current')).json.error.code).toBe('auth.csrf');
    again.csrf = csrf;
    expect((await again.req('DELETE', '/api/sessions/current')).status).toBe(204);
    expect((await again.req('GET', '/api/me')).status).toBe(401);
    await h.close();
  });
});

describe('a game through the API', () => {
  it('runs signup, start, votes, the close, PMs, team chat, moderator commands, the end and the export', async () => {
    const h = await harness();
    const { id, mod, players, roles } = await startedGame(h);
    const killers = NINE.filter((n) => roles[n] === 'killer');
    const citizen = NINE.find((n) => roles[n] === 'citizen')!;
    expect(killers.length).toBe(2);

    // Role messages arrive in each player's inbox, and only there.
    const inbox = await players[citizen]!.req('GET', `/api/games/${id}/inbox`);
    expect(inbox.json.items.some((i: any) => i.kind === 'role' && i.code === 'citizen')).toBe(true);
    const me = await players[citizen]!.req('GET', `/api/games/${id}`);
    expect(me.json.me).toMatchObject({ role: 'player', alive: true, gameRole: 'citizen', teams: [] });
    expect(me.json.moderator).toBeUndefined();
    expect(me.json.players.every((p: any) => p.role === null)).toBe(true);

    // Votes are posts; the thread shows them with the live count and the next deadline.
    const actions = await players.Anna!.req('GET', `/api/games/${id}/actions`);
    expect(actions.json.actions[0]).toMatchObject({ command: 'vote', via: 'post' });
    const target = killers[0]!;
    for (const n of NINE.filter((x) => x !== target).slice(0, 5)) {
      const r = await players[n]!.req('POST', `/api/games/${id}/posts`, { text: `I think so.\nVote: ${target}` });
      expect(r.json).toMatchObject({ accepted: true, rejections: [] });
    }
    const self = await players[target]!.req('POST', `/api/games/${id}/posts`, { text: `Vote: ${target}` });
    expect(self.json.accepted).toBe(false);
    expect(self.json.rejections[0].code).toBe('R-VOTE-SELF');
    const thread = await mod.req('GET', `/api/games/${id}/thread`);
    expect(thread.json.votes.lines[0]).toMatchObject({ target, votes: 5 });
    expect(thread.json.nextDeadline).toMatchObject({ kind: 'close', time: '2025-11-03T20:00:00+02:00' });
    expect(thread.json.items.filter((i: any) => i.kind === 'post')).toHaveLength(6);

    // Paging by sequence number.
    const p1 = await mod.req('GET', `/api/games/${id}/thread?limit=2`);
    expect(p1.json.items).toHaveLength(2);
    const p2 = await mod.req('GET', `/api/games/${id}/thread?from=${p1.json.next}&limit=2`);
    expect(p2.json.items[0].seq).toBeGreaterThan(p1.json.items[1].seq);

    // Exports for forums.
    const bb = await mod.req('GET', `/api/games/${id}/export/votes?format=bbcode`);
    expect(bb.text).toContain(`[*]${target}: 5`);
    const md = await mod.req('GET', `/api/games/${id}/export/votes?format=markdown`);
    expect(md.text).toContain(`- ${target}: 5`);
    const day = await mod.req('GET', `/api/games/${id}/export/day/1?format=bbcode`);
    expect(day.text).toContain('[quote="');

    // A PM of free text reaches the moderator; the moderator answers privately.
    expect((await players[citizen]!.req('POST', `/api/games/${id}/pms`, { text: 'Can I change my vote later?' })).json.accepted).toBe(true);
    const modInbox = await mod.req('GET', `/api/games/${id}/inbox`);
    expect(modInbox.json.items.some((i: any) => i.text.includes('Can I change my vote later?'))).toBe(true);
    const tell = await mod.req('POST', `/api/games/${id}/mod`, { action: 'tell', args: { name: citizen, text: 'Yes, until 20:00.' } });
    expect(tell.json.accepted).toBe(true);
    const reply = await players[citizen]!.req('GET', `/api/games/${id}/inbox`);
    expect(reply.json.items.at(-1).text).toContain('Yes, until 20:00.');

    // The killers' team channel: members read it and write in it.
    const team = await players[killers[0]!]!.req('GET', `/api/games/${id}/teams/killers`);
    expect(team.status).toBe(200);
    expect((await players[killers[1]!]!.req('POST', `/api/games/${id}/teams/killers`, { text: 'who first?' })).status).toBe(200);
    const team2 = await players[killers[0]!]!.req('GET', `/api/games/${id}/teams/killers`);
    expect(team2.json.items.at(-1)).toMatchObject({ kind: 'chat', author: killers[1], text: 'who first?' });

    // Stale version: a command made against an older version is refused and changes nothing.
    const v = (await mod.req('GET', `/api/games/${id}`)).json.version;
    const stale = await mod.req('POST', `/api/games/${id}/mod`, { action: 'note', args: { text: 'hello' }, ifVersion: v - 1 });
    expect([stale.status, stale.json.error.code]).toEqual([409, 'game.stale_version']);

    // The close at 20:00 fires from the scheduler: the target leaves with 5 votes.
    await h.at('2025-11-03T18:00:00Z');
    const after = await mod.req('GET', `/api/games/${id}/thread?from=${thread.json.items.at(-1).seq}`);
    expect(after.json.items.map((i: any) => i.text).join('\n')).toContain(target);
    expect((await mod.req('GET', `/api/games/${id}`)).json.players.find((p: any) => p.name === target).status).toBe('out');

    // The moderator stops the game; the export is then public and verifies.
    expect((await mod.req('POST', `/api/games/${id}/mod`, { action: 'stop', args: { side: 'citizens' } })).json.accepted).toBe(true);
    const anon = await h.client('anon', true);
    const exp = await anon.req('GET', `/api/games/${id}/export`);
    expect(exp.status).toBe(200);
    expect(exp.json.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyTranscript(exp.json).fair).toBe(true);
    const audit = await mod.req('GET', `/api/games/${id}/audit`);
    expect(audit.json.items.map((i: any) => i.type)).toEqual(expect.arrayContaining(['game.hosted', 'deadline.fired', 'moderator.action', 'game.ended']));
    await h.close();
  });

  it('the game list gives each game its public version, the one a spectator reads from GET /api/games/:id', async () => {
    const h = await harness();
    const a = await startedGame(h, 'A');
    const b = await startedGame(h, 'B');
    await b.players.Anna!.req('POST', `/api/games/${b.id}/posts`, { text: 'hello' });
    const anon = await h.client('Anonymous', true);
    const list = (await anon.req('GET', '/api/games')).json.games as { id: string; version: number }[];
    for (const id of [a.id, b.id]) {
      const seen = (await anon.req('GET', `/api/games/${id}`)).json.version;
      expect(seen).toBeGreaterThan(1);
      expect(list.find((g) => g.id === id)?.version).toBe(seen);
    }
    await h.close();
  });

  it('co-moderators: the host adds one; they can run the game; a player cannot moderate', async () => {
    const h = await harness();
    const { id, mod, players } = await startedGame(h);
    const co = await h.client('Helper');
    expect((await players.Anna!.req('POST', `/api/games/${id}/moderators`, { name: 'Helper' })).status).toBe(403);
    expect((await mod.req('POST', `/api/games/${id}/moderators`, { name: 'Anna' })).json.error.code).toBe('game.player_cannot_moderate');
    expect((await mod.req('POST', `/api/games/${id}/moderators`, { name: 'Nobody' })).json.error.code).toBe('account.not_found');
    expect((await mod.req('POST', `/api/games/${id}/moderators`, { name: 'Helper' })).json.moderators).toEqual(['Mod', 'Helper']);
    expect((await co.req('POST', `/api/games/${id}/mod`, { action: 'pause' })).json.accepted).toBe(true);
    expect((await co.req('GET', `/api/games/${id}`)).json.status).toBe('paused');
    expect((await co.req('POST', `/api/games/${id}/moderators`, { name: 'Mod' })).json.error.code).toBe('game.host_only');
    await h.close();
  });

  it('replaces a player: the substitute’s account takes the seat, role and inbox; the old account loses them', async () => {
    const h = await harness();
    const { id, mod, players, roles } = await startedGame(h);
    const sub = await h.client('Zoe');
    expect((await mod.req('POST', `/api/games/${id}/mod`, { action: 'substitute', args: { old: 'Anna', new: 'Ghost' } })).json.error.code).toBe(
      'account.not_found',
    );
    expect((await mod.req('POST', `/api/games/${id}/mod`, { action: 'substitute', args: { old: 'Anna', new: 'Zoe' } })).json.accepted).toBe(true);
    expect((await sub.req('GET', `/api/games/${id}`)).json.me).toMatchObject({ role: 'player', gameRole: roles.Anna });
    expect((await players.Anna!.req('GET', `/api/games/${id}/inbox`)).status).toBe(403);
    expect((await sub.req('GET', `/api/games/${id}/inbox`)).json.items.some((i: any) => i.kind === 'role')).toBe(true);
    await h.close();
  });
});

describe('WebSocket', () => {
  it('streams what the viewer may see with sequence numbers and resumes after a reconnect', async () => {
    const h = await harness();
    const { id, players, roles } = await startedGame(h);
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (h.app.server.address() as { port: number }).port;
    const anna = players.Anna!;
    const open = (from: number) =>
      new Promise<{ ws: WebSocket; got: any[]; until: (pred: (m: any) => boolean) => Promise<void> }>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws`, { headers: { cookie: anna.cookie } });
        const got: any[] = [];
        const waiters: { pred: (m: any) => boolean; done: () => void }[] = [];
        ws.on('message', (m) => {
          got.push(JSON.parse(String(m)));
          for (const w of [...waiters]) if (w.pred(got.at(-1))) w.done();
        });
        const until = (pred: (m: any) => boolean) => new Promise<void>((done) => (got.some(pred) ? done() : waiters.push({ pred, done })));
        ws.on('open', () => {
          ws.send(JSON.stringify({ type: 'subscribe', game: id, from }));
          resolve({ ws, got, until });
        });
      });
    const a = await open(0);
    await a.until((m) => m.type === 'subscribed');
    const events = a.got.filter((m) => m.type === 'event');
    expect(events.map((m) => m.seq)).toEqual(events.map((_, i) => i + 1));
    // Anna sees her own role and nobody else's; the others' private events arrive as bare numbers.
    const roleEvents = events.filter((m) => m.event?.type === 'role.assigned');
    expect(roleEvents.map((m) => m.event.data.role)).toEqual([roles.Anna]);
    expect(events.some((m) => m.event?.type === 'seed.sealed' || m.event?.type === 'game.dealt')).toBe(false);
    const last = events.at(-1).seq;
    a.ws.close();
    // While away, Babis votes; on reconnect Anna resumes after the last number she saw.
    await players.Babis!.req('POST', `/api/games/${id}/posts`, { text: 'Vote: Chris' });
    const b = await open(last);
    await b.until((m) => m.type === 'subscribed');
    const resumed = b.got.filter((m) => m.type === 'event');
    expect(resumed[0].seq).toBe(last + 1);
    expect(resumed.some((m) => m.event?.type === 'post.published' && m.event.data.text === 'Vote: Chris')).toBe(true);
    // Live: a new post arrives without asking.
    await players.Dora!.req('POST', `/api/games/${id}/posts`, { text: 'Vote: Ilias' });
    await b.until((m) => m.event?.data?.text === 'Vote: Ilias');
    // A cross-site page cannot open the socket with Anna's cookie.
    const evil = new WebSocket(`ws://127.0.0.1:${port}/api/ws`, { headers: { cookie: anna.cookie, origin: 'http://evil.example' } });
    const code = await new Promise<number>((r) => evil.on('close', (c) => r(c)));
    expect(code).toBe(4403);
    b.ws.close();
    await h.close();
  });
});

describe('durability', () => {
  it('reloads games from SQLite (snapshot + tail) and fires overdue deadlines on boot, once', async () => {
    const file = join(dir, 'boot.db');
    const h = await harness(await SqliteStore.open(file));
    const { id, players } = await startedGame(h);
    for (const n of NINE.slice(0, 6)) await players[n]!.req('POST', `/api/games/${id}/posts`, { text: `Vote: ${NINE[8]}` });
    const before = h.service.get(id);
    const hashBefore = stateHash({ state: before.state, meta: before.meta });
    await h.close();
    // A new process, long after the 20:00 close: the boot fires it, exactly once.
    const store = await SqliteStore.open(file);
    const service = new GameService({ store, clock: { now: () => Date.parse('2025-11-03T19:30:00Z') } });
    await service.boot();
    const g = service.get(id);
    expect(stateHash({ state: g.state, meta: g.meta })).toBe(hashBefore);
    expect(await store.loadSnapshot(id)).toBeDefined();
    const sched = new Scheduler({ timers: store, service, clock: { now: () => Date.parse('2025-11-03T19:30:00Z') } });
    expect(await sched.pollOnce()).toBe(1);
    expect(await sched.pollOnce()).toBe(0);
    const events = (await store.read(id)).map((e) => e.event);
    const fired = events.filter((e) => e.type === 'deadline.fired').map((e) => (e.data as { id: string }).id);
    expect(fired).toEqual(['start', 'r1:close']);
    expect(stateHash(replay(getVariant('palermo')!, events))).toBe(stateHash(service.get(id).state));
    await store.close();
  });

  it('boot heals the timers index from the games: a lost timer, a wrong one and one without a game', async () => {
    const file = join(dir, 'timers.db');
    const h = await harness(await SqliteStore.open(file));
    const a = await startedGame(h, 'A');
    const b = await startedGame(h, 'B');
    const c = await startedGame(h, 'C');
    const due = async (id: string) => (await h.store.timers()).find((t) => t.streamId === id)?.dueAt;
    const right = { a: await due(a.id), c: await due(c.id) };
    expect(right.a).toBeTypeOf('number');
    await h.close();
    const store = await SqliteStore.open(file);
    await store.schedule(a.id, null); // lost
    await store.schedule(b.id, 1); // wrong
    await store.schedule('no-such-game', 5); // stray: no game behind it
    const service = new GameService({ store, clock: { now: () => Date.parse('2025-11-03T10:00:00Z') } });
    await service.boot();
    const after = new Map((await store.timers()).map((t) => [t.streamId, t.dueAt]));
    expect(after.get(a.id)).toBe(right.a);
    expect(after.get(b.id)).toBe(right.a);
    expect(after.get(c.id)).toBe(right.c);
    expect(after.has('no-such-game')).toBe(false);
    await store.close();
  });
});

describe('snapshots', () => {
  it('are saved after the commit that makes them due, one game per turn, and a boot from them equals the live games', async () => {
    const { MemoryStore } = await import('../src/store/memory.ts');
    const store = new MemoryStore();
    const clock = { now: () => Date.parse('2025-11-03T08:00:00Z') };
    const service = new GameService({ store, clock, snapshotEvery: 10 });
    const palermo = getVariant('palermo')!;
    const config = {
      variant: 'palermo',
      locale: 'en' as const,
      timeZone: 'Europe/Athens',
      calendar: palermo.defaultCalendar,
      createdAt: clock.now(),
      startAt: Date.parse('2025-11-05T09:00:00Z'),
      options: {},
    };
    const games = [];
    for (let i = 0; i < 8; i++) games.push(await service.create(palermo, config, `seed-${i}`, 'host', `Game ${i}`));
    // Every game crosses its threshold in the same burst of joins (the games move in step).
    const joins = games.flatMap((g) => NINE.map((name) => service.submit(g.id, (at) => ({ type: 'post', at, actor: { kind: 'guest', name }, text: 'join' }))));
    const outcomes = await Promise.all(joins);
    expect(outcomes.every((o) => o.rejections.length === 0)).toBe(true);
    // The commits are answered before their snapshots are written.
    const early = await Promise.all(games.map((g) => store.loadSnapshot(g.id)));
    expect(early.filter((s) => s !== undefined).length).toBeLessThan(games.length);
    await service.idle();
    for (const g of games) {
      const snap = await store.loadSnapshot(g.id);
      expect(snap?.version).toBeGreaterThanOrEqual(10);
      expect(snap?.version).toBeLessThanOrEqual(service.get(g.id).version);
    }
    const again = new GameService({ store, clock, snapshotEvery: 10 });
    await again.boot();
    for (const g of games) expect(stateHash(again.get(g.id).state)).toBe(stateHash(service.get(g.id).state));
    // Games load several at a time, and are listed in the store's order all the same.
    expect(again.list().map((g) => g.id)).toEqual(await store.streams());
    expect(again.list().map((g) => g.id)).toEqual(games.map((g) => g.id));
  });

  it('of another format are ignored: the game is rebuilt from its events', async () => {
    const { MemoryStore } = await import('../src/store/memory.ts');
    const store = new MemoryStore();
    const h = await harness(store);
    const { id, players } = await startedGame(h);
    for (const n of NINE.slice(0, 4)) await players[n]!.req('POST', `/api/games/${id}/posts`, { text: `Vote: ${NINE[8]}` });
    await h.service.idle();
    const live = stateHash(h.service.get(id).state);
    const version = h.service.get(id).version;
    // A snapshot an older release wrote (no format; its state has another shape): loading it as is would be wrong.
    await store.saveSnapshot(id, { version, state: { state: { players: {} }, meta: {} } });
    const again = new GameService({ store, clock: h.clock });
    await again.boot();
    expect(stateHash(again.get(id).state)).toBe(live);
    await store.saveSnapshot(id, { version, state: { format: SNAPSHOT_FORMAT + 1, state: {}, meta: {} } });
    const third = new GameService({ store, clock: h.clock });
    await third.boot();
    expect(stateHash(third.get(id).state)).toBe(live);
    await h.close();
  });
});

// WebSocket catch-ups cannot stall the server (issue 10, item 1): a catch-up of a long game is read in pages and
// yields between them, outside the game's queue, so a health check and a vote are answered while it runs; sockets,
// subscriptions and catch-ups are capped per socket and per client address, anonymous clients harder than players.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEFAULT_WS_OPTIONS } from '../src/server/ws.ts';
import { type Client, type Harness, harness, startedGame } from './support/harness.ts';

const LONG = 20_000;

let h: Harness;
let port = 0;
let long = '';
let voter: Client;
let mod: Client;

beforeAll(async () => {
  h = await harness();
  const g = await startedGame(h);
  long = g.id;
  voter = g.players.Anna!;
  mod = g.mod;
  // A long public history (as after months of play): service events the engine ignores.
  await h.service.appendService(long, (_g, at) =>
    Array.from({ length: LONG }, (_, i) => ({ type: 'test.filler', at, audience: { kind: 'public' as const }, data: { i } })),
  );
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as { port: number }).port;
});
afterAll(() => h.close());

interface Socket {
  ws: WebSocket;
  frames: any[];
  /** Resolves with the first frame matching (already received or later). */
  until(pred: (m: any) => boolean): Promise<any>;
  closed: Promise<{ code: number; reason: string }>;
}

function open(c?: Client): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws`, c?.cookie ? { headers: { cookie: c.cookie } } : {});
    const frames: any[] = [];
    const waiters: { pred: (m: any) => boolean; done: (m: any) => void }[] = [];
    const closed = new Promise<{ code: number; reason: string }>((r) => ws.on('close', (code, reason) => r({ code, reason: String(reason) })));
    ws.on('message', (m) => {
      const msg = JSON.parse(String(m));
      frames.push(msg);
      for (const w of [...waiters])
        if (w.pred(msg)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.done(msg);
        }
    });
    const until = (pred: (m: any) => boolean) =>
      new Promise<any>((done) => {
        const m = frames.find(pred);
        if (m) done(m);
        else waiters.push({ pred, done });
      });
    ws.on('error', reject);
    ws.on('open', () => resolve({ ws, frames, until, closed }));
  });
}

const subscribe = (s: Socket, game: string, from = 0) => s.ws.send(JSON.stringify({ type: 'subscribe', game, from }));

describe('WebSocket catch-ups', () => {
  it('a catch-up of a 20,000-event game is paged: /api/health and a vote are answered before it ends', async () => {
    const s = await open();
    subscribe(s, long);
    await s.until((m) => m.type === 'event');
    const order: string[] = [];
    const health = fetch(`http://127.0.0.1:${port}/api/health`).then((r) => {
      order.push('health');
      return r.status;
    });
    const vote = fetch(`http://127.0.0.1:${port}/api/games/${long}/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: voter.cookie, 'x-csrf-token': voter.csrf },
      body: JSON.stringify({ text: 'Vote: Babis' }),
    }).then(async (r) => {
      order.push('vote');
      return ((await r.json()) as { accepted: boolean }).accepted;
    });
    const subscribed = s.until((m) => m.type === 'subscribed').then(() => order.push('subscribed'));
    expect(await health).toBe(200);
    expect(await vote).toBe(true);
    await subscribed;
    expect(order.indexOf('health')).toBeLessThan(order.indexOf('subscribed'));
    expect(order.indexOf('vote')).toBeLessThan(order.indexOf('subscribed'));
    // Nothing lost on the way: every public event once, in order, the vote's post among them.
    const seqs = s.frames.filter((m) => m.type === 'event').map((m) => m.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    expect(s.frames.some((m) => m.event?.type === 'post.published' && m.event.data.text === 'Vote: Babis')).toBe(true);
    s.ws.close();
  }, 60_000);

  it('an address runs at most two anonymous catch-ups at once; the third is refused with ws.too_many_catch_ups; a player may run more', async () => {
    const anon = await Promise.all([open(), open(), open()]);
    for (const s of anon) subscribe(s, long);
    const results = await Promise.all(anon.map((s) => s.until((m) => m.type === 'subscribed' || m.type === 'error')));
    expect(results.map((m) => m.type).sort()).toEqual(['error', 'subscribed', 'subscribed']);
    expect(results.find((m) => m.type === 'error')).toMatchObject({ code: 'ws.too_many_catch_ups' });
    for (const s of anon) s.ws.close();
    // Logged-in players are limited less: three catch-ups from one address at once all run.
    const players = await Promise.all([open(voter), open(voter), open(mod)]);
    for (const s of players) subscribe(s, long);
    const ok = await Promise.all(players.map((s) => s.until((m) => m.type === 'subscribed' || m.type === 'error')));
    expect(ok.map((m) => m.type)).toEqual(['subscribed', 'subscribed', 'subscribed']);
    for (const s of players) s.ws.close();
  }, 60_000);

  it('an anonymous socket holds at most 8 subscriptions; the next is refused with ws.too_many_subscriptions', async () => {
    const games: string[] = [];
    for (let i = 0; i < 9; i++) games.push((await mod.req('POST', '/api/games', { variant: 'palermo', startAt: '2025-11-10T11:00', locale: 'en' })).json.id);
    const s = await open();
    for (const [i, game] of games.entries()) {
      const start = s.frames.length;
      subscribe(s, game);
      const m = await s.until((x) => s.frames.indexOf(x) >= start && ((x.type === 'subscribed' && x.game === game) || x.type === 'error'));
      expect(m.type, `subscription ${i + 1}`).toBe(i < DEFAULT_WS_OPTIONS.anonymous.subscriptionsPerSocket ? 'subscribed' : 'error');
      if (m.type === 'error') expect(m.code).toBe('ws.too_many_subscriptions');
    }
    // Unsubscribing frees a place.
    s.ws.send(JSON.stringify({ type: 'unsubscribe', game: games[0] }));
    subscribe(s, games[8]!);
    await s.until((x) => x.type === 'subscribed' && x.game === games[8]);
    s.ws.close();
  });

  it('an address keeps at most 16 anonymous sockets open: the 17th is closed with 4429', async () => {
    const n = DEFAULT_WS_OPTIONS.anonymous.socketsPerAddress;
    const sockets = await Promise.all(Array.from({ length: n + 1 }, () => open()));
    // Each is counted once its (absent) session is resolved: a ping answered means it was accepted.
    const answers = await Promise.all(
      sockets.map(
        (s) =>
          new Promise<string>((r) => {
            s.ws.send(JSON.stringify({ type: 'ping' }));
            void s.until((m) => m.type === 'pong').then(() => r('pong'));
            void s.closed.then((c) => r(`closed ${c.code}`));
          }),
      ),
    );
    expect(answers.filter((a) => a === 'pong')).toHaveLength(n);
    expect(answers.filter((a) => a === 'closed 4429')).toHaveLength(1);
    const refused = await sockets[answers.indexOf('closed 4429')]!.closed;
    expect(refused.reason).toContain('too many connections');
    for (const s of sockets) s.ws.close();
    await Promise.all(sockets.map((s) => s.closed));
    // Closed sockets free their places.
    const again = await open();
    again.ws.send(JSON.stringify({ type: 'ping' }));
    await again.until((m) => m.type === 'pong');
    again.ws.close();
    await again.closed;
  });

  it('a socket that floods messages is closed with 4429 (anonymous: a burst of 20)', async () => {
    const s = await open();
    for (let i = 0; i < DEFAULT_WS_OPTIONS.anonymous.messageBurst + 5; i++) s.ws.send(JSON.stringify({ type: 'ping' }));
    const c = await s.closed;
    expect([c.code, c.reason]).toEqual([4429, expect.stringContaining('too many messages')]);
    expect(s.frames.filter((m) => m.type === 'pong')).toHaveLength(DEFAULT_WS_OPTIONS.anonymous.messageBurst);
  });

  it('a spectator who signs up while subscribed is told his last number in his new numbering, then continues from it', async () => {
    const g = (await mod.req('POST', '/api/games', { variant: 'palermo', startAt: '2025-11-10T11:00', locale: 'en' })).json.id as string;
    const newbie = await h.client('Newbie');
    const s = await open(newbie);
    subscribe(s, g);
    const sub = await s.until((m) => m.type === 'subscribed');
    const start = s.frames.length;
    expect((await newbie.req('POST', `/api/games/${g}/signup`)).json.accepted).toBe(true);
    const renumbered = await s.until((m) => m.type === 'renumbered');
    expect(s.frames.indexOf(renumbered)).toBe(start);
    // No private event was addressed to his new seat before: his last number is the same.
    expect(renumbered).toEqual({ type: 'renumbered', game: g, seq: sub.version });
    const version = (await newbie.req('GET', `/api/games/${g}`)).json.version;
    await s.until((m) => m.type === 'event' && m.seq === version);
    const seqs = s.frames.slice(start + 1).map((m) => m.seq);
    expect(seqs).toEqual(seqs.map((_, i) => sub.version + 1 + i));
    // His own acknowledgement is among them: he sees it as a player.
    expect(s.frames.slice(start + 1).some((m) => m.event.audience.kind === 'players')).toBe(true);
    s.ws.close();
  });

  it('the Origin check compares the whole origin: an https page cannot open the socket of an http server', async () => {
    const codeOf = (origin: string) =>
      new Promise<number | 'open'>((r) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws`, { headers: { origin } });
        ws.on('message', () => r('open'));
        ws.on('close', (c) => r(c));
        ws.on('open', () => ws.send(JSON.stringify({ type: 'ping' })));
      });
    expect(await codeOf(`https://127.0.0.1:${port}`)).toBe(4403);
    expect(await codeOf(`http://127.0.0.1:${port + 1}`)).toBe(4403);
    expect(await codeOf('null')).toBe(4403);
    expect(await codeOf(`http://127.0.0.1:${port}`)).toBe('open');
  });
});

// The create form's previews: POST /api/setup/dates (the play days a calendar gives from a start, with the dates it
// pauses on and why; the same 4xx as a creation for the same mistakes) and POST /api/setup/balance (a bounded
// simulation on a worker thread: win rate per side with its interval, cached per setup, rate-limited per account).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Accounts } from '../src/app/accounts.ts';
import { ManualClock } from '../src/app/clock.ts';
import { GameService } from '../src/app/game-service.ts';
import { buildServer } from '../src/server/app.ts';
import { MemoryStore } from '../src/store/memory.ts';
import { Client, T0 } from './support/harness.ts';

describe('create-form previews', () => {
  let app: Awaited<ReturnType<typeof buildServer>>;
  let c: Client;
  let other: Client;

  beforeAll(async () => {
    const store = new MemoryStore();
    const clock = new ManualClock(T0);
    const accounts = new Accounts(store, clock, { scryptN: 1024, signupLimit: { max: 10_000, windowMs: 60_000 } });
    const service = new GameService({ store, clock });
    await service.boot();
    // A small rate limit and time cap, so the test sees both without waiting.
    app = await buildServer({
      store,
      service,
      accounts,
      clock,
      balance: { capMs: 3000, perAccount: { max: 3, windowMs: 60_000 }, workers: 1, cacheSize: 10, maxQueued: 1 },
    });
    c = await new Client(app, 'Planner').signUp();
    other = await new Client(app, 'Other').signUp();
  }, 30_000);
  afterAll(() => app?.close());

  const dates = (body: Record<string, unknown>) => c.req('POST', '/api/setup/dates', body);

  it('lists the play days from round 1, skipping weekends and the preset’s holidays, with why', async () => {
    // From Friday 7 November 2025 (T0 is Monday 3 November): 8 and 9 November are a weekend.
    const r = await dates({ variant: 'palermo', timeZone: 'Europe/Athens', calendar: { preset: 'GR' }, startAt: '2025-11-07T11:00', days: 4 });
    expect(r.status, r.text).toBe(200);
    expect(r.json.timeZone).toBe('Europe/Athens');
    expect(r.json.start).toBe('2025-11-07T11:00:00+02:00');
    expect(r.json.playDays).toEqual([
      { date: '2025-11-07', weekday: 5 },
      { date: '2025-11-10', weekday: 1 },
      { date: '2025-11-11', weekday: 2 },
      { date: '2025-11-12', weekday: 3 },
    ]);
    expect(r.json.skipped).toEqual([
      { date: '2025-11-08', why: 'weekday' },
      { date: '2025-11-09', why: 'weekday' },
    ]);
    expect(r.json.instants.length).toBeGreaterThan(0);
    expect(r.json.instants[0]).toEqual({
      what: expect.any(String),
      when: expect.any(String),
      at: { local: expect.any(String), dayOffset: expect.any(Number) },
    });
  });

  it('names a holiday and an extra pause day as such', async () => {
    // Christmas (25 and 26 December) in Greece, and an extra pause on the 29th.
    const r = await dates({
      variant: 'palermo',
      calendar: { preset: 'GR', extraPauseDays: ['2025-12-29'] },
      startAt: '2025-12-24T11:00',
      days: 3,
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json.playDays.map((d: { date: string }) => d.date)).toEqual(['2025-12-24', '2025-12-30', '2025-12-31']);
    expect(r.json.skipped).toEqual([
      { date: '2025-12-25', why: 'holiday' },
      { date: '2025-12-26', why: 'holiday' },
      { date: '2025-12-27', why: 'weekday' },
      { date: '2025-12-28', why: 'weekday' },
      { date: '2025-12-29', why: 'pause' },
    ]);
  });

  it('refuses what a creation would refuse, with the same stable codes', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ variant: 'nope', startAt: '2025-11-07T11:00' }, 400, 'game.unknown_variant'],
      [{ variant: 'palermo', startAt: '2025-11-07T11:00', timeZone: 'Mars/Base' }, 400, 'game.invalid_config'],
      [{ variant: 'palermo', startAt: 'tomorrow' }, 400, 'game.invalid_config'],
      [{ variant: 'palermo', startAt: '2025-11-01T11:00' }, 400, 'game.invalid_config'],
      [{ variant: 'palermo', startAt: '2025-11-08T11:00' }, 400, 'game.invalid_config'], // a Saturday: no round 1 (PAL-CAL-2)
      [{ variant: 'palermo', startAt: '2025-11-07T11:00', days: 31 }, 400, 'request.invalid'],
      [{ variant: 'palermo', startAt: '2025-11-07T11:00', surprise: 1 }, 400, 'request.invalid'],
      [{ variant: 'palermo', startAt: '2025-11-07T11:00', options: { nonsense: true } }, 400, 'game.invalid_config'],
    ];
    for (const [body, status, code] of cases) {
      const r = await dates(body);
      expect([r.status, r.json.error?.code], JSON.stringify(body)).toEqual([status, code]);
    }
    const anonymous = await new Client(app, 'Nobody').req('POST', '/api/setup/dates', { variant: 'palermo', startAt: '2025-11-07T11:00' });
    expect(anonymous.status).toBe(401);
  });

  it('simulates a setup off the event loop: a win rate per side with its interval, then from the cache', async () => {
    const body = { variant: 'palermo', players: 9, games: 200 };
    // While it runs, the server answers other requests: the simulation is on a worker thread.
    const pending = c.req('POST', '/api/setup/balance', body);
    const t0 = performance.now();
    const ping = await c.req('GET', '/api/variants');
    expect(ping.status).toBe(200);
    expect(performance.now() - t0).toBeLessThan(1000);
    const r = await pending;
    expect(r.status, r.text).toBe(200);
    expect(r.json.cached).toBe(false);
    expect(r.json.games).toBeGreaterThan(0);
    expect(r.json.games).toBeLessThanOrEqual(200);
    expect(r.json.seconds).toBeLessThan(4);
    const sides = r.json.sides as { side: string; wins: number; rate: number; lo: number; hi: number }[];
    expect(sides.map((s) => s.side).sort()).toEqual(['citizens', 'killers']);
    expect(sides.reduce((n, s) => n + s.wins, 0) + r.json.unfinished).toBe(r.json.games);
    for (const s of sides) {
      expect(s.rate).toBeCloseTo(s.wins / r.json.games, 10);
      expect(s.lo).toBeLessThanOrEqual(s.rate);
      expect(s.hi).toBeGreaterThanOrEqual(s.rate);
      expect(s.hi - s.lo).toBeGreaterThan(0);
    }
    expect(Object.values(r.json.roles as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(9);
    const again = await c.req('POST', '/api/setup/balance', body);
    expect(again.json).toEqual({ ...r.json, cached: true });
  }, 30_000);

  it('refuses a setup it cannot simulate and limits simulations per account, not cache hits', async () => {
    const bad: [Record<string, unknown>, number, string][] = [
      [{ variant: 'nope', players: 9 }, 400, 'setup.not_simulated'],
      [{ variant: 'palermo', players: 2 }, 400, 'setup.invalid_players'],
      [{ variant: 'palermo', players: 9, options: { nonsense: true } }, 400, 'setup.invalid_options'],
      [{ variant: 'palermo', players: 9, games: 5000 }, 400, 'request.invalid'],
      [{ variant: 'palermo', players: 'nine' }, 400, 'request.invalid'],
    ];
    for (const [body, status, code] of bad) {
      const r = await other.req('POST', '/api/setup/balance', body);
      expect([r.status, r.json.error?.code], JSON.stringify(body)).toEqual([status, code]);
    }
    // Three simulations a minute (the test's limit): the fourth new setup is refused, a cached one is not.
    for (const players of [7, 8, 10]) expect((await other.req('POST', '/api/setup/balance', { variant: 'palermo', players, games: 50 })).status).toBe(200);
    const over = await other.req('POST', '/api/setup/balance', { variant: 'palermo', players: 11, games: 50 });
    expect([over.status, over.json.error?.code]).toEqual([429, 'setup.rate_limited']);
    expect((await other.req('POST', '/api/setup/balance', { variant: 'palermo', players: 7, games: 50 })).json.cached).toBe(true);
  }, 60_000);

  it('refuses a new setup while the queue is full (one here), without counting it against the account', async () => {
    const first = c.req('POST', '/api/setup/balance', { variant: 'palermo', players: 12, games: 50 });
    const second = await c.req('POST', '/api/setup/balance', { variant: 'palermo', players: 13, games: 50 });
    expect([second.status, second.json.error?.code]).toEqual([429, 'setup.busy']);
    expect((await first).status).toBe(200);
    // The refused one did not use the account's quota: it runs now.
    expect((await c.req('POST', '/api/setup/balance', { variant: 'palermo', players: 13, games: 50 })).status).toBe(200);
  }, 30_000);

  it('is in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/setup/dates', '/api/setup/balance']));
  });
});

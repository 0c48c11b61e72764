// Log-in and sign-up limits (issue 10, items 3–5): a name under attack is slowed down, not refused, so its owner
// always gets in; the limits run on real time, so a scaled game clock cannot switch them off; sign-up is limited
// per address.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Accounts } from '../src/app/accounts.ts';
import { ManualClock, ScaledClock } from '../src/app/clock.ts';
import { GameService } from '../src/app/game-service.ts';
import { buildServer } from '../src/server/app.ts';
import { MemoryStore } from '../src/store/memory.ts';
import { type Harness, harness } from './support/harness.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const login = (hh: Harness, name: string, password: string, remoteAddress: string) =>
  hh.app.inject({ method: 'POST', url: '/api/sessions', remoteAddress, payload: { name, password } });

describe('log-in limits', () => {
  it('a 10/s attack on a name from several addresses: the owner logging in from his own address succeeds every time', async () => {
    h = await harness();
    await h.client('Anna');
    const hh = h;
    const attackers = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4', '203.0.113.5'];
    const attack: number[] = [];
    const shots: Promise<void>[] = [];
    const started = Date.now();
    // 10 wrong passwords a second for 3 s, spread over five addresses.
    const timer = setInterval(() => {
      const i = shots.length;
      shots.push(login(hh, 'Anna', `wrong-${i}`, attackers[i % attackers.length]!).then((r) => void attack.push(r.statusCode)));
    }, 100);
    const owner: number[] = [];
    try {
      while (Date.now() - started < 3_000) {
        owner.push((await login(hh, 'Anna', 'password1', '198.51.100.7')).statusCode);
        await new Promise((r) => setTimeout(r, 150));
      }
    } finally {
      clearInterval(timer);
    }
    await Promise.all(shots);
    expect(owner.length).toBeGreaterThan(3);
    expect(owner.every((s) => s === 200)).toBe(true);
    // The attackers were refused per (name, address) after five tries each, and the name is being slowed down.
    expect(attack.filter((s) => s === 401).length).toBe(attackers.length * 5);
    expect(attack.filter((s) => s === 429).length).toBe(attack.length - attackers.length * 5);
    expect(h.accounts.loginDelay('anna')).toBeGreaterThan(0);
  }, 20_000);

  it('ten wrong passwords from one address do not lock out the owner at another; that address is refused', async () => {
    h = await harness();
    await h.client('Anna');
    for (let i = 0; i < 10; i++) await login(h, 'Anna', 'wrong-password', '203.0.113.9');
    const refused = await login(h, 'Anna', 'password1', '203.0.113.9');
    expect([refused.statusCode, refused.json().error.code]).toEqual([429, 'auth.rate_limited']);
    expect((await login(h, 'Anna', 'password1', '198.51.100.7')).statusCode).toBe(200);
    h.real.advance(61_000);
    expect((await login(h, 'Anna', 'password1', '203.0.113.9')).statusCode).toBe(200);
  });

  it('one address is limited across names (30 attempts a minute by default)', async () => {
    const accounts = new Accounts(new MemoryStore(), new ManualClock(0), { scryptN: 1024 });
    const codes: string[] = [];
    for (let i = 0; i < 31; i++) await accounts.logIn(`name${i}`, 'password1', '203.0.113.9').catch((e) => codes.push(e.code));
    expect(codes.slice(0, 30).every((c) => c === 'auth.invalid_credentials')).toBe(true);
    expect(codes[30]).toBe('auth.rate_limited');
    // Another address is not affected.
    await expect(accounts.logIn('name0', 'password1', '198.51.100.7')).rejects.toMatchObject({ code: 'auth.invalid_credentials' });
  });

  it('the limits run on real time: a game clock 3,600 times faster (or --speed 60) does not reset them', async () => {
    for (const speed of [60, 3600]) {
      const store = new MemoryStore();
      const clock = new ScaledClock(Date.now(), Date.now(), speed);
      const accounts = new Accounts(store, clock, { scryptN: 1024 });
      await accounts.signUp('Anna', 'password1');
      const codes: string[] = [];
      for (let i = 0; i < 11; i++) await accounts.logIn('Anna', 'wrong-password', '203.0.113.9').catch((e) => codes.push(e.code));
      expect(codes.filter((c) => c === 'auth.invalid_credentials')).toHaveLength(10);
      expect(codes[10]).toBe('auth.rate_limited');
    }
  });
});

describe('the password-hashing queue (issue 22, item 13)', () => {
  it('a flood of wrong passwords fills the queue and is turned away with 503 auth.busy and Retry-After; the owner at a clean address goes first', async () => {
    const store = new MemoryStore();
    const clock = new ManualClock(Date.now());
    const accounts = new Accounts(store, clock, { scryptN: 1024, hashing: { concurrency: 1, waiting: 2 } });
    const service = new GameService({ store, clock });
    await service.boot();
    const app = await buildServer({ store, service, accounts, clock });
    const login = (name: string, password: string, remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/api/sessions', remoteAddress, payload: { name, password } });
    try {
      await accounts.signUp('Anna', 'password1');
      // Three attacking addresses have guessed wrong once already: their next hashes weigh more than a clean address's.
      const attackers = ['203.0.113.1', '203.0.113.2', '203.0.113.3'];
      for (const a of attackers) expect((await login('Anna', 'wrong-guess', a)).statusCode).toBe(401);
      // The one hashing place is taken (a hash held open), so every attempt now waits or is turned away.
      let release = () => {};
      const taken = accounts.hashing.run(0, () => new Promise<void>((r) => (release = r)));
      const done: string[] = [];
      const attempt = (who: string, password: string, address: string) =>
        login('Anna', password, address).then((r) => {
          done.push(who);
          return r;
        });
      const first = attempt('attacker 1', 'wrong-1', attackers[0]!);
      const second = attempt('attacker 2', 'wrong-2', attackers[1]!);
      await vi.waitFor(() => expect(accounts.hashing.load).toEqual({ running: 1, waiting: 2 }));
      // The queue is full: a third guess is refused at once.
      const third = await attempt('attacker 3', 'wrong-3', attackers[2]!);
      expect([third.statusCode, third.json().error.code, third.headers['retry-after']]).toEqual([503, 'auth.busy', '1']);
      // The owner, from an address that has cost nothing, takes the place of the latest heaviest waiter.
      const owner = attempt('owner', 'password1', '198.51.100.7');
      const evicted = await second;
      expect([evicted.statusCode, evicted.json().error.code, evicted.headers['retry-after']]).toEqual([503, 'auth.busy', '1']);
      release();
      await taken;
      expect((await owner).statusCode).toBe(200);
      expect((await first).statusCode).toBe(401);
      // Answered in that order: the refusals at once, then the owner before the attacker who came first.
      expect(done).toEqual(['attacker 3', 'attacker 2', 'owner', 'attacker 1']);
    } finally {
      await app.close();
      await store.close();
    }
  });
});

describe('sign-up limit', () => {
  it('30 parallel sign-ups from one address: 20 succeed, the rest answer 429 auth.rate_limited', async () => {
    const store = new MemoryStore();
    const clock = new ManualClock(Date.now());
    const accounts = new Accounts(store, clock, { scryptN: 1024 });
    const service = new GameService({ store, clock });
    await service.boot();
    const app = await buildServer({ store, service, accounts, clock });
    try {
      const replies = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          app.inject({ method: 'POST', url: '/api/accounts', remoteAddress: '203.0.113.9', payload: { name: `Player${i}`, password: 'password1' } }),
        ),
      );
      const statuses = replies.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(20);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
      expect(replies.find((r) => r.statusCode === 429)!.json().error.code).toBe('auth.rate_limited');
      // Another address still signs up.
      const other = await app.inject({
        method: 'POST',
        url: '/api/accounts',
        remoteAddress: '198.51.100.7',
        payload: { name: 'Other', password: 'password1' },
      });
      expect(other.statusCode).toBe(201);
    } finally {
      await app.close();
      await store.close();
    }
  });
});

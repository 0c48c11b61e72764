// An in-process server for integration tests: memory (or given) store, a manual clock, fast password hashing,
// and clients that keep their cookie and CSRF token. `advance` moves the clock and runs the scheduler once.
import type { FastifyInstance } from 'fastify';
import { Accounts } from '../../src/app/accounts.ts';
import { ManualClock } from '../../src/app/clock.ts';
import { GameService } from '../../src/app/game-service.ts';
import { Scheduler } from '../../src/app/scheduler.ts';
import { buildServer } from '../../src/server/app.ts';
import { DEFAULT_HEAVY_READS } from '../../src/server/heavy-reads.ts';
import { MemoryStore } from '../../src/store/memory.ts';
import type { Store } from '../../src/store/types.ts';

/** Monday 3 November 2025, 10:00 in Athens. */
export const T0 = Date.parse('2025-11-03T08:00:00Z');

/** A logged-in (or anonymous) API client. */
export class Client {
  cookie = '';
  csrf = '';
  constructor(
    readonly app: FastifyInstance,
    readonly name: string,
  ) {}

  /** Sends a request with the session cookie and CSRF token. */
  async req(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown): Promise<{ status: number; json: any; text: string }> {
    const headers: Record<string, string> = {};
    if (this.cookie) headers.cookie = this.cookie;
    if (this.csrf && method !== 'GET') headers['x-csrf-token'] = this.csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const r = await this.app.inject({ method, url, headers, ...(body !== undefined ? { payload: JSON.stringify(body) } : {}) });
    let json: any;
    try {
      json = JSON.parse(r.body);
    } catch {
      json = undefined;
    }
    const set = r.headers['set-cookie'];
    const cookies = (Array.isArray(set) ? set : set ? [set] : []).map((c) => c.split(';')[0]!).filter((c) => c.startsWith('narrator_session='));
    if (cookies.length > 0) this.cookie = cookies[0]!;
    if (json?.csrfToken) this.csrf = json.csrfToken;
    return { status: r.statusCode, json, text: r.body };
  }

  /** Signs up (and so logs in). */
  async signUp(password = 'password1'): Promise<this> {
    const r = await this.req('POST', '/api/accounts', { name: this.name, password });
    if (r.status !== 201) throw new Error(`sign-up of ${this.name} failed: ${r.text}`);
    return this;
  }
}

/** The test server. */
export interface Harness {
  readonly app: FastifyInstance;
  readonly clock: ManualClock;
  /** The real clock of the rate limits (the game clock does not move it). */
  readonly real: ManualClock;
  readonly service: GameService;
  readonly scheduler: Scheduler;
  readonly store: Store;
  readonly accounts: Accounts;
  /** A new client, signed up unless `anonymous`. */
  client(name: string, anonymous?: boolean): Promise<Client>;
  /** Moves the clock to an instant and fires what is due. */
  at(iso: string): Promise<void>;
  close(): Promise<void>;
}

/** Every test client shares one address: whole-log reads are budgeted per address in test/heavy-reads.int.test.ts only. */
export const TEST_HEAVY_READS = { ...DEFAULT_HEAVY_READS, burst: 100_000 };

/** What every in-process server is built on: the game clock at `t0`, the real clock, fast hashing, the booted service. */
export async function serverParts(store: Store, t0: number, loginsPerMinute = 5) {
  const clock = new ManualClock(t0);
  // The rate limits run on real time; tests move this clock by hand (and sign up many accounts from one address).
  const real = new ManualClock(Date.now());
  const accounts = new Accounts(store, clock, {
    scryptN: 1024,
    loginLimit: { max: loginsPerMinute, windowMs: 60_000 },
    signupLimit: { max: 10_000, windowMs: 60_000 },
    realNow: () => real.now(),
  });
  const service = new GameService({ store, clock, snapshotEvery: 25 });
  await service.boot();
  return { clock, real, accounts, service };
}

/** Starts an in-process server. */
export async function harness(store: Store = new MemoryStore(), t0 = T0): Promise<Harness> {
  const { clock, real, accounts, service } = await serverParts(store, t0);
  const app = await buildServer({ store, service, accounts, clock, heavyReads: TEST_HEAVY_READS });
  return harnessOf({ app, clock, real, service, scheduler: new Scheduler({ timers: store, service, clock }), store, accounts });
}

/**
 * The harness of a built server: `at` fires what is due, then runs `after` (a notifier settling); `close` stops the
 * server, lets the games go idle, runs `stop` and closes the store.
 */
export function harnessOf(
  p: Omit<Harness, 'client' | 'at' | 'close'>,
  hooks: { readonly after?: () => Promise<void>; readonly stop?: () => Promise<void> } = {},
): Harness {
  return {
    ...p,
    async client(name, anonymous = false) {
      const c = new Client(p.app, name);
      return anonymous ? c : c.signUp();
    },
    async at(iso) {
      p.clock.t = Date.parse(iso);
      await p.scheduler.pollOnce();
      await hooks.after?.();
    },
    async close() {
      await p.app.close();
      await p.service.idle();
      await hooks.stop?.();
      await p.store.close();
    },
  };
}

/** The nine demo names. */
export const NINE = ['Anna', 'Babis', 'Chris', 'Dora', 'Eleni', 'Fotis', 'Giorgos', 'Hara', 'Ilias'];

/** Ten players: the smallest multi-city game (two cities of five). */
export const TEN = [...NINE, 'Jota'];

/**
 * A nine-player game (or one of the given players) started by its moderator: palermo by default (round 1 open on Monday 3/11, closing at 20:00),
 * or another variant's create body. Returns the moderator, the players by name, their roles and the id.
 */
export async function startedGame(
  h: Pick<Harness, 'client'>,
  prefix = '',
  create: Record<string, unknown> = { variant: 'palermo', startAt: '2025-11-03T11:00', locale: 'en' },
  names: readonly string[] = NINE,
): Promise<{ id: string; mod: Client; players: Record<string, Client>; roles: Record<string, string> }> {
  const mod = await h.client(`${prefix}Mod`);
  const r = await mod.req('POST', '/api/games', { title: `${prefix}Test`, ...create });
  if (r.status !== 201) throw new Error(r.text);
  const id = r.json.id as string;
  const players: Record<string, Client> = {};
  for (const n of names) {
    const c = await h.client(`${prefix}${n}`);
    const s = await c.req('POST', `/api/games/${id}/signup`);
    if (!s.json.accepted) throw new Error(s.text);
    players[n] = c;
  }
  // The moderator starts at once (the clock stays where it is, so several games can be set up).
  const st = await mod.req('POST', `/api/games/${id}/start`);
  if (!st.json.accepted) throw new Error(st.text);
  const g = await mod.req('GET', `/api/games/${id}`);
  const roles: Record<string, string> = {};
  for (const [name, role] of Object.entries(g.json.moderator.roles as Record<string, string>)) roles[name.slice(prefix.length)] = role;
  return { id, mod, players, roles };
}

// Accounts and sessions: scrypt password hashes, random session tokens stored only as their SHA-256, a CSRF token
// per session, and rate limits on log-in and sign-up. Log-in is refused per (name, address) and per address, but a
// name under attack from many addresses is only slowed down: refusing it would let anyone lock its owner out
// before a vote closes. Every limit runs on real time, never on the (possibly scaled) game clock. Every password hash
// waits its turn in one bounded queue (work-queue.ts), an address with a clean record ahead of a flood.
import { createHash, randomBytes, randomUUID, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { BIDI_CONTROL, nameSkeleton } from '../core/names.ts';
import type { AccountRecord, AccountStore, SessionRecord } from '../store/types.ts';
import { DuplicateError } from '../store/types.ts';
import type { Clock } from './clock.ts';
import { AppError } from './errors.ts';
import { WorkQueue, type WorkQueueOptions } from './work-queue.ts';

/** A name: letters, digits, '_', '.', '-'; starts and ends with a letter or digit (so votes can name it exactly). */
export const NAME_PATTERN = /^[\p{L}\p{N}](?:[\p{L}\p{N}_.-]{0,22}[\p{L}\p{N}])?$/u;

const nameKeys = new Map<string, string>();

/** The folded form of a name for uniqueness and look-ups (memoised: every request finds its caller's seat by it). */
export function nameKey(name: string): string {
  let k = nameKeys.get(name);
  if (k === undefined) {
    k = name.normalize('NFC').trim().toLowerCase();
    if (nameKeys.size >= 10_000) nameKeys.clear();
    if (name.length <= 100) nameKeys.set(name, k);
  }
  return k;
}

/** Options of the accounts service. */
export interface AccountOptions {
  /** scrypt cost N (a power of two); 16384 by default (tests may lower it). */
  readonly scryptN?: number;
  /** Session lifetime; 30 days by default (games run for weeks). */
  readonly sessionTtlMs?: number;
  /** Log-in attempts allowed per window for one name from one client address (then 429); 10 a minute. */
  readonly loginLimit?: Limit;
  /** Log-in attempts allowed per window from one client address, whatever the names (then 429); 30 a minute. */
  readonly addressLimit?: Limit;
  /** Sign-ups allowed per window from one client address (then 429); 20 an hour. */
  readonly signupLimit?: Limit;
  /** Slow-down of a name after `afterFailures` wrong passwords in `windowMs`: `stepMs` more per failure, at most `maxMs`. */
  readonly slowdown?: Slowdown;
  /** The real clock of the limits (tests move it by hand); Date.now by default, never the game clock. */
  readonly realNow?: () => number;
  /** The password-hashing queue (default DEFAULT_HASHING). */
  readonly hashing?: WorkQueueOptions;
}

/**
 * Half the cores hash at once (one on two cores: the event loop keeps the other) and 32 wait. On this machine a hash
 * takes about 80 ms, so the last of 32 waiters is answered within about 3 s, and a waiter of a clean address within
 * two hashes.
 */
export const DEFAULT_HASHING: WorkQueueOptions = { concurrency: Math.max(1, Math.floor(availableParallelism() / 2)), waiting: 32 };

/** The answer to a hash the queue has no room for: 503 with Retry-After, as for any overload. */
const hashingBusy = () => new AppError('auth.busy', 503, 'the server is busy checking passwords; try again in a moment', { retryAfter: 1 });

/** A number of hits allowed per fixed window. */
export interface Limit {
  readonly max: number;
  readonly windowMs: number;
}

/** How a name under attack is slowed down (see AccountOptions.slowdown). */
export interface Slowdown {
  readonly afterFailures: number;
  readonly windowMs: number;
  readonly stepMs: number;
  readonly maxMs: number;
}

/** A fixed-window counter per key; old windows are dropped as they are touched or swept. */
export class RateLimiter {
  private readonly hits = new Map<string, { start: number; n: number }>();
  constructor(
    readonly max: number,
    readonly windowMs: number,
  ) {}

  /** Counts one hit; false when the key is over its limit in the current window. */
  hit(key: string, now: number): boolean {
    return this.add(key, now) <= this.max;
  }

  /** Counts one hit and answers the key's count in the current window. */
  add(key: string, now: number): number {
    if (this.hits.size > 100_000) this.sweep(now);
    const h = this.hits.get(key);
    if (!h || now - h.start >= this.windowMs) {
      this.hits.set(key, { start: now, n: 1 });
      return 1;
    }
    return ++h.n;
  }

  /** Takes back one hit of the current window (an attempt that turned out legitimate). */
  refund(key: string, now: number): void {
    const h = this.hits.get(key);
    if (h && now - h.start < this.windowMs && h.n > 0) h.n--;
  }

  /** The key's count in the current window, without counting. */
  count(key: string, now: number): number {
    const h = this.hits.get(key);
    return h && now - h.start < this.windowMs ? h.n : 0;
  }

  private sweep(now: number): void {
    for (const [k, h] of this.hits) if (now - h.start >= this.windowMs) this.hits.delete(k);
  }
}

/** An authenticated caller. */
export interface Principal {
  readonly account: AccountRecord;
  readonly session: SessionRecord;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

function scryptAsync(password: string, salt: Buffer, n: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, 32, { N: n, r: 8, p: 1, maxmem: 256 * n * 8 + 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** Sign-up, log-in, sessions. */
export class Accounts {
  private readonly n: number;
  private readonly ttl: number;
  private readonly perNameAddress: RateLimiter;
  private readonly perAddress: RateLimiter;
  private readonly signups: RateLimiter;
  private readonly failures: RateLimiter;
  /** Per client address: the hashes it recently cost (wrong passwords, sign-ups), its place in the hashing queue. */
  private readonly demand: RateLimiter;
  /** Per client address: its recent wrong passwords (an address with none is not slowed down). */
  private readonly guesses: RateLimiter;
  /** The queue every password hash goes through. */
  readonly hashing: WorkQueue;
  private readonly slowdown: Slowdown;
  private readonly realNow: () => number;
  /** A hash to compare against when the name is unknown, so timing does not tell which names exist. */
  private dummy: Promise<string> | undefined;

  constructor(
    private readonly store: AccountStore,
    private readonly clock: Clock,
    options: AccountOptions = {},
  ) {
    this.n = options.scryptN ?? 16384;
    this.ttl = options.sessionTtlMs ?? 30 * 86_400_000;
    const limiter = (l: Limit | undefined, max: number, windowMs: number) => new RateLimiter(l?.max ?? max, l?.windowMs ?? windowMs);
    this.perNameAddress = limiter(options.loginLimit, 10, 60_000);
    this.perAddress = limiter(options.addressLimit, 30, 60_000);
    this.signups = limiter(options.signupLimit, 20, 3_600_000);
    this.slowdown = options.slowdown ?? { afterFailures: 10, windowMs: 15 * 60_000, stepMs: 100, maxMs: 2_000 };
    this.failures = new RateLimiter(Number.POSITIVE_INFINITY, this.slowdown.windowMs);
    this.demand = new RateLimiter(Number.POSITIVE_INFINITY, this.slowdown.windowMs);
    this.guesses = new RateLimiter(Number.POSITIVE_INFINITY, this.slowdown.windowMs);
    this.hashing = new WorkQueue(options.hashing ?? DEFAULT_HASHING, hashingBusy);
    this.realNow = options.realNow ?? Date.now;
  }

  /** Hashes a password as 'scrypt$N$salt$key' (base64url), in the hashing queue at `weight` (see WorkQueue.run). */
  hash(password: string, weight = 0): Promise<string> {
    return this.hashing.run(weight, () => this.hashNow(password));
  }

  /** Hashes a password at once, outside the queue. */
  private async hashNow(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await scryptAsync(password, salt, this.n);
    return `scrypt$${this.n}$${salt.toString('base64url')}$${key.toString('base64url')}`;
  }

  /** Checks a password against a stored hash in constant time, in the hashing queue at `weight`. */
  async verify(password: string, stored: string, weight = 0): Promise<boolean> {
    const [scheme, n, salt, key] = stored.split('$');
    if (scheme !== 'scrypt' || !n || !salt || !key) return false;
    const want = Buffer.from(key, 'base64url');
    const got = await this.hashing.run(weight, () => scryptAsync(password, Buffer.from(salt, 'base64url'), Number(n)));
    return got.length === want.length && timingSafeEqual(got, want);
  }

  /** Counts a hash for the client address and answers its weight before it: the hashes it cost in the window. */
  private weigh(client: string | undefined): number {
    if (client === undefined) return 0;
    const now = this.realNow();
    const before = this.demand.count(client, now);
    this.demand.add(client, now);
    return before;
  }

  /** Creates an account (rate-limited per `client` address when given). Throws AppError for a bad or taken name or a weak password. */
  async signUp(name: string, password: string, client?: string): Promise<AccountRecord> {
    if (client !== undefined && !this.signups.hit(client, this.realNow()))
      throw new AppError('auth.rate_limited', 429, 'too many sign-ups from this address; wait and try again');
    const clean = name.normalize('NFC').trim();
    // Named apart from the pattern below, which refuses them too: a reordering control is an attack, not a typo.
    if (BIDI_CONTROL.test(clean))
      throw new AppError('account.bidi_control', 400, 'a name may not contain bidirectional control characters (U+202A–202E, U+2066–2069)');
    if (!NAME_PATTERN.test(clean))
      throw new AppError('account.invalid_name', 400, 'a name has 1–24 letters, digits, "_", "." or "-", and starts and ends with a letter or digit');
    if (password.length < 8) throw new AppError('account.weak_password', 400, 'a password has at least 8 characters');
    const skeleton = nameSkeleton(clean);
    const lookAlike = async () => {
      const other = await this.store.accountBySkeleton(skeleton);
      if (other && other.nameKey !== nameKey(clean))
        throw new AppError('account.name_confusable', 409, `the name "${clean}" looks like the existing name "${other.name}"`, { like: other.name });
    };
    await lookAlike();
    const record: AccountRecord = {
      id: randomUUID(),
      name: clean,
      nameKey: nameKey(clean),
      skeleton,
      passwordHash: await this.hash(password, this.weigh(client)),
      createdAt: this.clock.now(),
    };
    try {
      await this.store.createAccount(record);
    } catch (e) {
      // The unique skeleton may be what refused it (a look-alike signed up at the same moment).
      if (e instanceof DuplicateError) {
        if (!(await this.store.accountByName(record.nameKey))) await lookAlike();
        throw new AppError('account.name_taken', 409, `the name "${clean}" is taken`);
      }
      throw e;
    }
    return record;
  }

  /**
   * Checks credentials and opens a session. Refused (429) past the limits per (name, `client`) and per `client`;
   * a name with many recent failures from anywhere is slowed down, never refused, so its owner still gets in.
   */
  async logIn(name: string, password: string, client: string): Promise<{ account: AccountRecord; token: string; csrf: string }> {
    const key = nameKey(name);
    const now = this.realNow();
    // Every attempt counts when it starts (so parallel attempts cannot all slip under the limit) and a successful
    // one is refunded: the limits count wrong passwords, and an owner who logs in often is never refused.
    const pair = `${key}\u0000${client}`;
    const okPair = this.perNameAddress.hit(pair, now);
    const okAddress = this.perAddress.hit(client, now);
    if (!okPair || !okAddress) throw new AppError('auth.rate_limited', 429, 'too many log-in attempts; wait a minute');
    // Only addresses that guessed wrong lately wait for a name under attack: the owner at his own address is not
    // slowed down, and in the hashing queue he goes ahead of the addresses that cost more hashes than his.
    const weight = this.weigh(client);
    const wait = this.guesses.count(client, now) > 0 ? this.loginDelay(key) : 0;
    if (wait > 0) await sleep(wait);
    const wrong = () => {
      const at = this.realNow();
      this.failures.add(key, at);
      this.guesses.add(client, at);
      return new AppError('auth.invalid_credentials', 401, 'wrong name or password');
    };
    const account = await this.store.accountByName(key);
    if (!account) {
      // Made once per process outside the queue: a refusal there must not poison every later unknown name.
      this.dummy ??= this.hashNow('not a password');
      await this.verify(password, await this.dummy, weight);
      throw wrong();
    }
    if (!(await this.verify(password, account.passwordHash, weight))) throw wrong();
    this.perNameAddress.refund(pair, now);
    this.perAddress.refund(client, now);
    this.demand.refund(client, now);
    return { account, ...(await this.openSession(account)) };
  }

  /** The real-time delay a log-in attempt on `name` waits now (0 unless the name is under attack). */
  loginDelay(name: string): number {
    const excess = this.failures.count(nameKey(name), this.realNow()) - this.slowdown.afterFailures;
    return excess > 0 ? Math.min(this.slowdown.maxMs, excess * this.slowdown.stepMs) : 0;
  }

  /** Opens a session for an account (after sign-up or log-in). */
  async openSession(account: AccountRecord): Promise<{ token: string; csrf: string }> {
    const token = randomBytes(32).toString('base64url');
    const csrf = randomBytes(24).toString('base64url');
    const now = this.clock.now();
    // Sessions expire in real time even when a scaled clock runs the games.
    const real = Date.now();
    await this.store.createSession({ id: sha256(token), accountId: account.id, csrf, createdAt: now, expiresAt: real + this.ttl });
    return { token, csrf };
  }

  /** The caller behind a session token, if the session is valid. */
  async authenticate(token: string | undefined): Promise<Principal | undefined> {
    if (!token || token.length > 200) return undefined;
    if (this.store.sessionAccount) {
      const both = await this.store.sessionAccount(sha256(token));
      return both && both.session.expiresAt > Date.now() ? both : undefined;
    }
    const session = await this.store.session(sha256(token));
    if (!session || session.expiresAt <= Date.now()) return undefined;
    const account = await this.store.account(session.accountId);
    return account ? { account, session } : undefined;
  }

  /** Ends a session. */
  async logOut(token: string): Promise<void> {
    await this.store.deleteSession(sha256(token));
  }

  /** Finds an account by name. */
  async byName(name: string): Promise<AccountRecord | undefined> {
    return this.store.accountByName(nameKey(name));
  }
}

// Accounts and sessions: scrypt password hashes, random session tokens stored only as their SHA-256, a CSRF token
// per session, and fixed-window rate limits on log-in attempts (per client address and per account name).
import { createHash, randomBytes, randomUUID, scrypt, timingSafeEqual } from 'node:crypto';
import type { AccountRecord, AccountStore, SessionRecord } from '../store/types.ts';
import { DuplicateError } from '../store/types.ts';
import type { Clock } from './clock.ts';
import { AppError } from './errors.ts';

/** A name: letters, digits, '_', '.', '-'; starts and ends with a letter or digit (so votes can name it exactly). */
export const NAME_PATTERN = /^[\p{L}\p{N}](?:[\p{L}\p{N}_.-]{0,22}[\p{L}\p{N}])?$/u;

/** The folded form of a name for uniqueness and look-ups. */
export function nameKey(name: string): string {
  return name.normalize('NFC').trim().toLowerCase();
}

/** Options of the accounts service. */
export interface AccountOptions {
  /** scrypt cost N (a power of two); 16384 by default (tests may lower it). */
  readonly scryptN?: number;
  /** Session lifetime; 30 days by default (games run for weeks). */
  readonly sessionTtlMs?: number;
  /** Log-in attempts allowed per window per client address and per name. */
  readonly loginLimit?: { readonly max: number; readonly windowMs: number };
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
    if (this.hits.size > 100_000) this.sweep(now);
    const h = this.hits.get(key);
    if (!h || now - h.start >= this.windowMs) {
      this.hits.set(key, { start: now, n: 1 });
      return true;
    }
    h.n++;
    return h.n <= this.max;
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
  private readonly limiter: RateLimiter;
  /** A hash to compare against when the name is unknown, so timing does not tell which names exist. */
  private dummy: Promise<string> | undefined;

  constructor(
    private readonly store: AccountStore,
    private readonly clock: Clock,
    options: AccountOptions = {},
  ) {
    this.n = options.scryptN ?? 16384;
    this.ttl = options.sessionTtlMs ?? 30 * 86_400_000;
    this.limiter = new RateLimiter(options.loginLimit?.max ?? 10, options.loginLimit?.windowMs ?? 60_000);
  }

  /** Hashes a password as 'scrypt$N$salt$key' (base64url). */
  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await scryptAsync(password, salt, this.n);
    return `scrypt$${this.n}$${salt.toString('base64url')}$${key.toString('base64url')}`;
  }

  /** Checks a password against a stored hash in constant time. */
  async verify(password: string, stored: string): Promise<boolean> {
    const [scheme, n, salt, key] = stored.split('$');
    if (scheme !== 'scrypt' || !n || !salt || !key) return false;
    const want = Buffer.from(key, 'base64url');
    const got = await scryptAsync(password, Buffer.from(salt, 'base64url'), Number(n));
    return got.length === want.length && timingSafeEqual(got, want);
  }

  /** Creates an account. Throws AppError for a bad or taken name or a weak password. */
  async signUp(name: string, password: string): Promise<AccountRecord> {
    const clean = name.normalize('NFC').trim();
    if (!NAME_PATTERN.test(clean))
      throw new AppError('account.invalid_name', 400, 'a name has 1–24 letters, digits, "_", "." or "-", and starts and ends with a letter or digit');
    if (password.length < 8) throw new AppError('account.weak_password', 400, 'a password has at least 8 characters');
    const record: AccountRecord = {
      id: randomUUID(),
      name: clean,
      nameKey: nameKey(clean),
      passwordHash: await this.hash(password),
      createdAt: this.clock.now(),
    };
    try {
      await this.store.createAccount(record);
    } catch (e) {
      if (e instanceof DuplicateError) throw new AppError('account.name_taken', 409, `the name "${clean}" is taken`);
      throw e;
    }
    return record;
  }

  /** Checks credentials (rate-limited per `client` and per name) and opens a session. */
  async logIn(name: string, password: string, client: string): Promise<{ account: AccountRecord; token: string; csrf: string }> {
    const key = nameKey(name);
    const now = this.clock.now();
    const okClient = this.limiter.hit(`client:${client}`, now);
    const okName = this.limiter.hit(`name:${key}`, now);
    if (!okClient || !okName) throw new AppError('auth.rate_limited', 429, 'too many log-in attempts; wait a minute');
    const account = await this.store.accountByName(key);
    if (!account) {
      this.dummy ??= this.hash('not a password');
      await this.verify(password, await this.dummy);
      throw new AppError('auth.invalid_credentials', 401, 'wrong name or password');
    }
    if (!(await this.verify(password, account.passwordHash))) throw new AppError('auth.invalid_credentials', 401, 'wrong name or password');
    return { account, ...(await this.openSession(account)) };
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

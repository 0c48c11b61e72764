// Authentication at the edge: the HttpOnly session cookie, a short in-process cache of sessions, and the CSRF
// check on every state-changing request that rides on a session cookie (synchronizer token: the client echoes
// the session's token in the X-CSRF-Token header; a cross-site page cannot read it).
import '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Accounts, Principal } from '../app/accounts.ts';
import { AppError } from '../app/errors.ts';

/** Name of the session cookie (HttpOnly). */
export const SESSION_COOKIE = 'narrator_session';
/** Name of the readable cookie holding the CSRF token (for browser clients). */
export const CSRF_COOKIE = 'narrator_csrf';
/** Header carrying the CSRF token. */
export const CSRF_HEADER = 'x-csrf-token';

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated caller, if the session cookie is valid. */
    principal?: Principal;
  }
  interface FastifyContextConfig {
    /** Who may call the route (see http.ts). */
    auth?: 'none' | 'optional' | 'account';
  }
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Options of the auth plugin. */
export interface AuthOptions {
  readonly accounts: Accounts;
  /** Mark cookies Secure (behind HTTPS). */
  readonly secureCookies: boolean;
}

/** Sets the session and CSRF cookies after sign-up or log-in. */
export function setSessionCookies(reply: FastifyReply, token: string, csrf: string, secure: boolean): void {
  const base = { path: '/', sameSite: 'lax' as const, secure, maxAge: 30 * 86_400 };
  reply.setCookie(SESSION_COOKIE, token, { ...base, httpOnly: true });
  reply.setCookie(CSRF_COOKIE, csrf, { ...base, httpOnly: false });
}

/** Clears both cookies. */
export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(CSRF_COOKIE, { path: '/' });
}

/** How long a resolved session is trusted without asking the store again, in one process of its own. */
export const SESSION_CACHE_MS = 60_000;

/**
 * Resolves sessions with a small cache: the session is looked up at most once per `cacheMs` per token. With
 * several processes on one database the cache is off (`cacheMs` 0): a log-out on one must be refused by the
 * others at once, and only the database knows it.
 */
export class SessionCache {
  private readonly cache = new Map<string, { p: Principal; until: number }>();
  constructor(
    private readonly accounts: Accounts,
    private readonly cacheMs = SESSION_CACHE_MS,
  ) {}

  /** The caller behind a token. */
  async resolve(token: string | undefined): Promise<Principal | undefined> {
    if (!token) return undefined;
    const now = Date.now();
    const hit = this.cache.get(token);
    if (hit && hit.until > now && hit.p.session.expiresAt > now) return hit.p;
    const p = await this.accounts.authenticate(token);
    if (this.cache.size > 50_000) this.cache.clear();
    if (p && this.cacheMs > 0) this.cache.set(token, { p, until: now + this.cacheMs });
    else this.cache.delete(token);
    return p;
  }

  /** Forgets a token (log-out). */
  drop(token: string): void {
    this.cache.delete(token);
  }

  /** Forgets every session of an account (a password reset ended them all). */
  dropAccount(accountId: string): void {
    for (const [token, hit] of this.cache) if (hit.p.account.id === accountId) this.cache.delete(token);
  }
}

/** Installs the authentication hook: resolves the caller, enforces `auth: 'account'` and the CSRF token. */
export function installAuth(app: FastifyInstance, sessions: SessionCache): void {
  app.decorateRequest('principal', undefined);
  app.addHook('preHandler', async (req: FastifyRequest) => {
    const mode = req.routeOptions.config?.auth ?? 'none';
    const token = req.cookies?.[SESSION_COOKIE];
    if (mode === 'none' || !token) {
      if (mode === 'account') throw new AppError('auth.required', 401, 'log in first');
      return;
    }
    const p = await sessions.resolve(token);
    if (!p) {
      if (mode === 'account') throw new AppError('auth.required', 401, 'the session has expired; log in again');
      return;
    }
    if (!SAFE.has(req.method)) {
      const sent = req.headers[CSRF_HEADER];
      if (typeof sent !== 'string' || sent !== p.session.csrf) throw new AppError('auth.csrf', 403, 'missing or wrong X-CSRF-Token header');
    }
    req.principal = p;
  });
}

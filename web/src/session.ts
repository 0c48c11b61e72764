// Who is logged in, shared by every screen: set by log-in, sign-up and GET /api/me at start, cleared by log-out.
// A change reconnects the WebSocket, since the server resolves the viewer from the session cookie.
import { ApiError, api, setCsrf } from './api/client.ts';
import { live } from './api/live.ts';

/** The logged-in account, or null. */
export type Account = { readonly id: string; readonly name: string } | null;

let account: Account = null;
const listeners = new Set<() => void>();

/** The account now. */
export function currentAccount(): Account {
  return account;
}

/** Calls `f` after every log-in and log-out. */
export function onSession(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

function set(a: Account, csrf: string): void {
  account = a;
  setCsrf(csrf);
  live.reset();
  for (const f of listeners) f();
}

/** Restores the session of the cookie, if any. */
export async function restoreSession(): Promise<void> {
  try {
    const r = await api.me();
    set(r.account, r.csrfToken);
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 401) throw e;
  }
}

/** Logs in, or signs up when asked. */
export async function enter(name: string, password: string, signUp: boolean): Promise<void> {
  const r = signUp ? await api.signUp(name, password) : await api.logIn(name, password);
  set(r.account, r.csrfToken);
}

/** Logs out. */
export async function leave(): Promise<void> {
  await api.logOut().catch(() => undefined);
  set(null, '');
}

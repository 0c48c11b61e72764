// The JSON API as the web app calls it: same-origin fetch with the session cookie, the CSRF token on every POST and
// DELETE, and one error type carrying the server's stable code. Only types come from src/protocol (no zod in the
// bundle): the server validates, the app trusts its replies' shapes.
import type {
  ActionsReply,
  AuditReply,
  AuthReply,
  BalanceReply,
  ChannelReading,
  ChannelsReply,
  ClockReply,
  CommandReply,
  DatesPreviewReply,
  DigestReply,
  GameDetail,
  GameSummary,
  ModActionsReply,
  NotificationsReply,
  NotifySettingsReply,
  PageReply,
  PostLocation,
  ReadingReply,
  RemindersReply,
  SignupWarningsReply,
  ThreadReply,
  VariantsReply,
  VoteCountAtReply,
  VoteHistoryReply,
} from '../../../src/protocol/index.ts';

/** A failed request: the server's code (`auth.required`, `game.not_found`…) or `network`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

let csrf = '';

/** Remembers the session's CSRF token (from a log-in, a sign-up or GET /api/me). */
export function setCsrf(token: string): void {
  csrf = token;
}

/** Calls the API; resolves with the parsed JSON (or text for `text: true`), rejects with an ApiError. */
export async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, text = false): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrf) headers['x-csrf-token'] = csrf;
  let r: Response;
  try {
    r = await fetch(path, { method, headers, credentials: 'same-origin', ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  } catch (e) {
    throw new ApiError(0, 'network', e instanceof Error ? e.message : String(e));
  }
  if (r.status === 204) return undefined as T;
  if (!r.ok) {
    const j = (await r.json().catch(() => null)) as { error?: { code: string; message: string; details?: unknown } } | null;
    throw new ApiError(r.status, j?.error?.code ?? `http.${r.status}`, j?.error?.message ?? r.statusText, j?.error?.details);
  }
  return (text ? await r.text() : await r.json()) as T;
}

const g = (id: string) => `/api/games/${encodeURIComponent(id)}`;
const ch = (id: string, channel: string) => `${g(id)}/channels/${encodeURIComponent(channel)}`;
const page = (from: number, limit: number, locale?: string) => `from=${from}&limit=${limit}${locale ? `&locale=${locale}` : ''}`;

/** A page of any channel (its `read` URL from /channels); the thread's carries votes and the next deadline. */
export type ChannelPage = PageReply & Partial<Pick<ThreadReply, 'status' | 'votes' | 'nextDeadline'>>;

/** Every call the app makes. */
export const api = {
  me: () => call<AuthReply>('GET', '/api/me'),
  logIn: (name: string, password: string) => call<AuthReply>('POST', '/api/sessions', { name, password }),
  signUp: (name: string, password: string) => call<AuthReply>('POST', '/api/accounts', { name, password }),
  logOut: () => call<void>('DELETE', '/api/sessions/current'),
  clock: () => call<ClockReply>('GET', '/api/clock'),
  variants: () => call<VariantsReply>('GET', '/api/variants'),
  games: () => call<{ games: GameSummary[] }>('GET', '/api/games'),
  createGame: (body: Record<string, unknown>) => call<GameSummary>('POST', '/api/games', body),
  previewDates: (body: Record<string, unknown>) => call<DatesPreviewReply>('POST', '/api/setup/dates', body),
  balance: (body: { variant: string; players: number; options?: Record<string, unknown>; roleList?: readonly string[] }) =>
    call<BalanceReply>('POST', '/api/setup/balance', body),
  game: (id: string) => call<GameDetail>('GET', g(id)),
  channels: (id: string, lang?: string) => call<ChannelsReply>('GET', `${g(id)}/channels${lang ? `?locale=${lang}` : ''}`),
  read: (url: string, from: number, limit: number) => call<ChannelPage>('GET', `${url}?${page(from, limit)}`),
  write: (url: string, text: string) => call<CommandReply>('POST', url, { text }),
  actions: (id: string) => call<ActionsReply>('GET', `${g(id)}/actions`),
  post: (id: string, channel: string, n: number) => call<PostLocation>('GET', `${ch(id, channel)}/posts/${n}`),
  reading: (id: string) => call<ReadingReply>('GET', `${g(id)}/reading`),
  markRead: (id: string, channel: string, post: number) => call<ChannelReading>('POST', `${ch(id, channel)}/read`, { post }),
  voteHistory: (id: string) => call<VoteHistoryReply>('GET', `${g(id)}/votes/history`),
  countAt: (id: string, channel: string, n: number) => call<VoteCountAtReply>('GET', `${ch(id, channel)}/posts/${n}/votes`),
  signup: (id: string) => call<CommandReply>('POST', `${g(id)}/signup`, {}),
  withdraw: (id: string) => call<CommandReply>('POST', `${g(id)}/withdraw`, {}),
  start: (id: string) => call<CommandReply>('POST', `${g(id)}/start`, {}),
  mod: (id: string, action: string, args?: Record<string, unknown>) => call<CommandReply>('POST', `${g(id)}/mod`, { action, ...(args ? { args } : {}) }),
  modActions: (id: string) => call<ModActionsReply>('GET', `${g(id)}/mod-actions`),
  warnings: (id: string) => call<SignupWarningsReply>('GET', `${g(id)}/warnings`),
  audit: (id: string) => call<AuditReply>('GET', `${g(id)}/audit`),
  verify: (id: string) =>
    call<{ seed: string | null; commitment: string; verdict: { fair: boolean; status: string; ok: string[]; problems: string[] } }>('GET', `${g(id)}/verify`),
  exportText: (id: string, what: string, format: 'bbcode' | 'markdown') => call<string>('GET', `${g(id)}/export/${what}?format=${format}`, undefined, true),
  // Notifications (issue 26).
  notifyConfig: () => call<{ mail: boolean; push: { publicKey: string } }>('GET', '/api/notify/config'),
  notifications: () => call<NotificationsReply>('GET', '/api/notifications'),
  markNoticesRead: (ids: readonly string[] | 'all') => call<void>('POST', '/api/notifications/read', ids === 'all' ? { all: true } : { ids }),
  notifySettings: () => call<NotifySettingsReply>('GET', '/api/me/notify'),
  saveNotifySettings: (body: { locale?: string; prefs?: Partial<NotifySettingsReply['prefs']> }) => call<NotifySettingsReply>('POST', '/api/me/notify', body),
  setEmail: (email: string) => call<NotifySettingsReply>('POST', '/api/me/email', { email }),
  removeEmail: () => call<NotifySettingsReply>('DELETE', '/api/me/email'),
  verifyEmail: (token: string) => call<{ email: string }>('POST', '/api/email/verify', { token }),
  requestReset: (login: string) => call<{ ok: true }>('POST', '/api/password-reset', { login }),
  confirmReset: (token: string, password: string) => call<void>('POST', '/api/password-reset/confirm', { token, password }),
  unsubscribeInfo: (token: string) => call<{ name: string }>('GET', `/api/unsubscribe/${encodeURIComponent(token)}`),
  unsubscribe: (token: string) => call<{ ok: true }>('POST', `/api/unsubscribe/${encodeURIComponent(token)}`, {}),
  subscribePush: (sub: unknown) => call<{ ok: true }>('POST', '/api/push/subscriptions', sub),
  unsubscribePush: (endpoint: string) => call<void>('POST', '/api/push/unsubscribe', { endpoint }),
  reminders: (id: string) => call<RemindersReply>('GET', `${g(id)}/reminders`),
  setReminders: (id: string, minutes: readonly number[]) => call<RemindersReply>('POST', `${g(id)}/reminders`, { minutes }),
  digest: (id: string) => call<DigestReply>('GET', `${g(id)}/digest`),
  sendDigest: (id: string) => call<DigestReply>('POST', `${g(id)}/digest`),
};

// The logged-in account's notifications as every screen sees them: the latest list and the unread count, asked for
// every `pollMs` (the server says how often) and at once when the page comes back into view. A notification that
// arrives while the page is open is also shown by the browser's Notification API, once, when the reader allowed it.
import type { NotificationItem } from '../../../src/protocol/index.ts';
import { api } from '../api/client.ts';
import { noticeText } from './text.ts';

let items: readonly NotificationItem[] = [];
let unread = 0;
let known: Set<string> | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let pollMs = 30_000;
let running = false;
const listeners = new Set<() => void>();

/** The list and the unread count now. */
export function notices(): { readonly items: readonly NotificationItem[]; readonly unread: number } {
  return { items, unread };
}

/** Calls `f` whenever the list changes; returns the unsubscribe. */
export function onNotices(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

function changed(): void {
  for (const f of listeners) f();
}

/** Shows a new notification through the browser, if the reader allowed notifications (tag: no repeat of one id). */
function announce(n: NotificationItem): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const { title, body } = noticeText(n);
  try {
    new Notification(title, { body, tag: n.id });
  } catch {
    // Some browsers allow notifications from a service worker only; the list still shows it.
  }
}

/** Asks the server for the list now. */
export async function refreshNotices(): Promise<void> {
  try {
    const r = await api.notifications();
    pollMs = r.pollMs;
    const first = known === null;
    known ??= new Set();
    for (const n of [...r.items].reverse()) {
      if (known.has(n.id)) continue;
      known.add(n.id);
      // What was there when the page opened is not news.
      if (!first && !n.read) announce(n);
    }
    items = r.items;
    unread = r.unread;
    changed();
  } catch {
    // Logged out or offline: the next poll tries again.
  }
}

function schedule(): void {
  if (!running) return;
  timer = setTimeout(async () => {
    await refreshNotices();
    schedule();
  }, pollMs);
}

const visible = () => {
  if (document.visibilityState === 'visible') void refreshNotices();
};

/** The service worker tells an open page of a push (sw.ts): the list is asked for at once. */
const pushed = (e: MessageEvent) => {
  if ((e.data as { type?: string } | null)?.type === 'push') void refreshNotices();
};

/** Starts following the account's notifications (after a log-in). */
export function startNotices(): void {
  if (running) return;
  running = true;
  void refreshNotices().then(schedule);
  document.addEventListener('visibilitychange', visible);
  if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator) navigator.serviceWorker.addEventListener('message', pushed);
}

/** Stops following them and forgets them (after a log-out). */
export function stopNotices(): void {
  running = false;
  if (timer) clearTimeout(timer);
  document.removeEventListener('visibilitychange', visible);
  if (typeof navigator !== 'undefined' && 'serviceWorker' in navigator) navigator.serviceWorker.removeEventListener('message', pushed);
  items = [];
  unread = 0;
  known = null;
  changed();
}

/** Marks notifications read (the ids, or all) and refreshes the list. */
export async function markNoticesRead(ids: readonly string[] | 'all'): Promise<void> {
  await api.markNoticesRead(ids);
  await refreshNotices();
}

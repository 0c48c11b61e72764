// Browser notifications: the permission, the service worker (/sw.js, which shows pushes while no page is open), and
// this device's push subscription with the server's VAPID key. A browser whose push service cannot be reached (a
// headless browser, a network that blocks it) still shows notifications while a page is open.
import { api } from '../api/client.ts';

/** Whether this browser can show notifications at all. */
export function notificationsSupported(): boolean {
  return typeof Notification !== 'undefined' && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

/** The base64url VAPID key as the push manager wants it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** What enabling notifications came to. */
export type Enabled = 'denied' | 'page-only' | 'push';

/**
 * Asks for the permission, registers the service worker and subscribes this device for push. `page-only`: allowed,
 * but the browser's push service could not be reached; notifications show while a page is open.
 */
export async function enableNotifications(publicKey: string): Promise<Enabled> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  try {
    const reg = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
    if (!('pushManager' in reg)) return 'page-only';
    const sub =
      (await reg.pushManager.getSubscription()) ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
    await api.subscribePush(sub.toJSON());
    return 'push';
  } catch {
    return 'page-only';
  }
}

/** Where this browser stands: allowed with push, allowed for open pages only, refused, or not asked yet. */
export async function currentState(): Promise<Enabled | 'default'> {
  if (Notification.permission === 'denied') return 'denied';
  const reg = await navigator.serviceWorker.getRegistration('/');
  if (Notification.permission !== 'granted' || !reg) return 'default';
  return (await reg.pushManager?.getSubscription()) ? 'push' : 'page-only';
}

/** Unsubscribes this device (the server forgets it too). */
export async function disablePush(): Promise<void> {
  const reg = await navigator.serviceWorker.getRegistration('/');
  const sub = await reg?.pushManager.getSubscription();
  if (!sub) return;
  await api.unsubscribePush(sub.endpoint).catch(() => undefined);
  await sub.unsubscribe();
}

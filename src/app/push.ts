// Web Push (issue 26): the server's VAPID key pair, made at the first start and kept in the store (every instance
// of a shared database signs with the same one, and a copied community keeps its browsers' subscriptions), and the
// delivery of a notification to one subscribed device. `web-push` encrypts the payload (aes128gcm, RFC 8291) and
// signs the VAPID header (RFC 8292); the request itself is sent here, so a push service that answers 404 or 410
// drops the subscription and any other failure is retried by the outbox.
import { createHash } from 'node:crypto';
import webpush from 'web-push';
import { type ContactRecord, type NotificationKind, type NotificationRecord, type NotifyStore, VAPID_META_KEY } from '../store/notify.ts';
import type { DeliveryChannel } from './delivery.ts';
import { isNoticeLocale } from './notice-texts.ts';
import { linkOf, type NoticeData, renderNotice } from './notices.ts';

/** The server's VAPID keys (base64url, as web-push makes them). */
export interface VapidKeys {
  readonly publicKey: string;
  readonly privateKey: string;
}

/** Loads the installation's VAPID keys, making and storing them on the first start. */
export async function vapidKeys(store: NotifyStore): Promise<VapidKeys> {
  const raw = await store.secret(VAPID_META_KEY, () => JSON.stringify(webpush.generateVAPIDKeys()));
  return JSON.parse(raw) as VapidKeys;
}

/** The delivery target of one subscription: `push:` and a hash of its endpoint (endpoints are long). */
export function pushTarget(endpoint: string): string {
  return `push:${createHash('sha256').update(endpoint).digest('base64url').slice(0, 22)}`;
}

/** Options of the push channel. */
export interface PushOptions {
  readonly store: NotifyStore;
  readonly keys: VapidKeys;
  /** Who runs this server, for the push services (`mailto:` or an https URL, RFC 8292). */
  readonly subject: string;
  /** The server's public URL (a notification's link). */
  readonly baseUrl: () => string;
  /** Accept `http:` endpoints (tests on loopback); real push services are https. */
  readonly allowHttp?: boolean;
  /** How long a push service may take to answer (real ms). */
  readonly timeoutMs?: number;
}

/** What the service worker receives (web/src/sw.ts shows it). */
export interface PushPayload {
  readonly id: string;
  readonly kind: NotificationKind;
  readonly title: string;
  readonly body: string;
  /** The web app's link to where the notification leads. */
  readonly url: string;
}

/** Web Push delivery of notifications. */
export class PushChannel implements DeliveryChannel {
  /** Serves `push:` targets. */
  readonly kind = 'push';

  constructor(private readonly o: PushOptions) {}

  /** The key browsers subscribe with (applicationServerKey). */
  get publicKey(): string {
    return this.o.keys.publicKey;
  }

  /** Whether an endpoint is one this server will send to (https, or http where allowed). */
  acceptsEndpoint(endpoint: string): boolean {
    try {
      const u = new URL(endpoint);
      return u.protocol === 'https:' || (this.o.allowHttp === true && u.protocol === 'http:');
    } catch {
      return false;
    }
  }

  /** See DeliveryChannel.targetsFor: every subscribed device, unless the account turned push off. */
  async targetsFor(accountId: string, contact: ContactRecord | undefined): Promise<string[]> {
    if (contact && !contact.prefs.push) return [];
    return (await this.o.store.subscriptionsOf(accountId)).map((s) => pushTarget(s.endpoint));
  }

  /** See DeliveryChannel.deliver. */
  async deliver(n: NotificationRecord, target: string, contact: ContactRecord | undefined): Promise<'sent' | 'dropped'> {
    const sub = (await this.o.store.subscriptionsOf(n.accountId)).find((s) => pushTarget(s.endpoint) === target);
    if (!sub || !this.acceptsEndpoint(sub.endpoint)) return 'dropped';
    const locale = isNoticeLocale(contact?.locale) ? contact.locale : 'en';
    const r = renderNotice(n, locale, this.o.baseUrl());
    const payload: PushPayload = { id: n.id, kind: n.kind, title: r.title, body: r.lines.join('\n'), url: linkOf(this.o.baseUrl(), n.data as NoticeData) };
    const details = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(payload), {
      vapidDetails: { subject: this.o.subject, publicKey: this.o.keys.publicKey, privateKey: this.o.keys.privateKey },
      contentEncoding: 'aes128gcm',
      // A reminder is worth nothing after its deadline; a day covers every lead a moderator may set but two.
      TTL: 86_400,
      urgency: n.kind === 'reminder' || n.kind === 'digest' ? 'high' : 'normal',
      // The notification's id: a push service replaces a queued message of the same topic, so a retried delivery
      // of one notification reaches the device once.
      topic: n.id,
    });
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(details.headers)) headers[k] = String(v);
    // fetch sets the length itself.
    delete headers['Content-Length'];
    const res = await fetch(details.endpoint, {
      method: 'POST',
      headers,
      ...(details.body ? { body: new Uint8Array(details.body) } : {}),
      signal: AbortSignal.timeout(this.o.timeoutMs ?? 10_000),
    });
    await res.arrayBuffer().catch(() => undefined);
    if (res.status === 404 || res.status === 410) {
      // RFC 8030 §7.3: the subscription is gone for good.
      await this.o.store.removeSubscription(sub.endpoint);
      return 'dropped';
    }
    if (res.status < 200 || res.status >= 300) throw new Error(`push service answered ${res.status}`);
    return 'sent';
  }
}

/** Checks a subscription's keys as a browser makes them: a P-256 point (65 bytes) and a 16-byte auth secret. */
export function validSubscriptionKeys(p256dh: string, auth: string): boolean {
  const b64url = /^[A-Za-z0-9_-]+={0,2}$/;
  if (!b64url.test(p256dh) || !b64url.test(auth)) return false;
  const key = Buffer.from(p256dh, 'base64url');
  return key.length === 65 && key[0] === 4 && Buffer.from(auth, 'base64url').length === 16;
}

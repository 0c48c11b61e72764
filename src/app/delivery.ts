// Where a notification goes besides the account's list (issue 26): a small interface each channel implements (Web
// Push in push.ts, e-mail in mail.ts). The list itself is the store's notifications table; the outbox (the store's
// deliveries) hands each (notification, target) to its channel until it is done. A delivery interrupted between the
// channel's send and the outbox's record of it is sent again after its claim lapses: what leaves the server is
// at-least-once, and each channel marks its message with the notification's id (a push Topic, a mail Message-ID) so
// the far side can tell a repeat from a new one.
import type { ContactRecord, NotificationKind, NotificationRecord } from '../store/notify.ts';

/** A way a notification leaves the server. */
export interface DeliveryChannel {
  /** Which targets it serves: `mail`, or `push:<endpoint hash>`. */
  readonly kind: 'mail' | 'push';
  /** The targets a new notification of this kind for this account goes to now (none when the account opted out). */
  targetsFor(accountId: string, contact: ContactRecord | undefined, kind: NotificationKind): Promise<string[]>;
  /**
   * Sends one notification to one target. Resolves `sent`, or `dropped` when the target is gone for good (an
   * unsubscribed device, an address no longer verified); throws when it should be tried again later.
   */
  deliver(n: NotificationRecord, target: string, contact: ContactRecord | undefined): Promise<'sent' | 'dropped'>;
}

/** The channel that serves a target. */
export function channelFor(channels: readonly DeliveryChannel[], target: string): DeliveryChannel | undefined {
  const kind = target === 'mail' ? 'mail' : target.startsWith('push:') ? 'push' : undefined;
  return channels.find((c) => c.kind === kind);
}

/** Real milliseconds before attempt `n + 1` of a delivery (1 min, 5 min, 30 min, then every 2 h). */
export function retryDelay(attempts: number): number {
  return [60_000, 300_000, 1_800_000][attempts] ?? 7_200_000;
}

/** Attempts after which a delivery is given up (the notification stays in the list). */
export const MAX_ATTEMPTS = 8;

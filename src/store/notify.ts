// The storage of notifications (issue 26): reminder slots planned from games' deadlines and claimed like the
// deadlines' timers, each account's notification list, the outbox of push and e-mail deliveries, push
// subscriptions per device, an account's e-mail address and preferences, one-use mail tokens (verification, password
// reset), the feed cursors and the installation's notification secrets. (A game's reminder leads are an event of the
// game, `reminders.set`, so they travel with it.) Every store
// (memory, SQLite, PostgreSQL) holds one `NotifyStore` as `store.notify`; one contract suite checks them all.
import type { Millis } from '../core/types.ts';

/** A planned reminder: `leadMs` before the deadline `deadlineId`, or the moderator's daily digest (`kind`). */
export interface ReminderSlot {
  /** `<gameId> <deadlineId>@<leadMs>` for a reminder, `<gameId> digest@<local date>` for a digest. */
  readonly id: string;
  readonly gameId: string;
  readonly kind: 'reminder' | 'digest';
  readonly deadlineId: string;
  /** The deadline's instant when the slot was planned. */
  readonly deadlineAt: Millis;
  readonly leadMs: number;
  readonly dueAt: Millis;
}

/** A slot as stored: `doneAt` once it was sent (or skipped). */
export interface ReminderRow extends ReminderSlot {
  readonly doneAt: Millis | null;
}

/** What a notification is about. */
export type NotificationKind = 'reminder' | 'digest' | 'pm' | 'chat' | 'mention' | 'quote';

/** A notification in an account's list. */
export interface NotificationRecord {
  /** Derived from the account and the source, so the same source notifies an account once, whoever inserts it. */
  readonly id: string;
  readonly accountId: string;
  /** What caused it, unique per account: `r:<slot>:<player>`, `e:<game>:<seq>`, `d:<game>:<date>`… */
  readonly source: string;
  readonly gameId: string | null;
  readonly kind: NotificationKind;
  readonly createdAt: Millis;
  /** What the list, the push payload and the mail show (a plain JSON object; see app/notices.ts). */
  readonly data: object;
  readonly readAt: Millis | null;
}

/** Where a notification is also delivered: `mail`, or `push:<endpoint hash>` for one device. */
export interface DeliveryRow {
  readonly notificationId: string;
  readonly target: string;
  /** Real time (not the game clock): retries wait real seconds. */
  readonly dueAt: Millis;
  readonly attempts: number;
}

/** A browser's push subscription (one per device and browser). */
export interface PushSubscriptionRecord {
  readonly endpoint: string;
  readonly accountId: string;
  /** The browser's P-256 public key (base64url) and auth secret (base64url), RFC 8291. */
  readonly p256dh: string;
  readonly auth: string;
  readonly createdAt: Millis;
}

/** What an account wants to hear and how. */
export interface NotifyPrefs {
  /** Push to this account's subscribed devices. */
  readonly push: boolean;
  /** Reminders and digests by e-mail (to a verified address). */
  readonly mail: boolean;
  /** Muted games (`<gameId>`) and game channels (`<gameId>/<channel>`). */
  readonly muted: readonly string[];
}

/** The preferences of an account that never set any. */
export const DEFAULT_PREFS: NotifyPrefs = { push: true, mail: true, muted: [] };

/** An account's contact details and preferences. */
export interface ContactRecord {
  readonly accountId: string;
  /** The address last given, verified or not. */
  readonly email: string | null;
  /** When `email` was verified (null: mail goes only to verify it). */
  readonly verifiedAt: Millis | null;
  /** The account's language for mail and push ('en', 'el', 'de', 'ru'), as its web app last reported it. */
  readonly locale: string | null;
  readonly prefs: NotifyPrefs;
}

/** A one-use token sent by mail; stored by the SHA-256 of the token, so the database holds nothing usable. */
export interface MailTokenRecord {
  readonly hash: string;
  readonly accountId: string;
  readonly purpose: 'verify' | 'reset';
  /** The address it was sent to (a verification confirms exactly this one). */
  readonly email: string;
  readonly createdAt: Millis;
  /** Real time. */
  readonly expiresAt: Millis;
  readonly usedAt: Millis | null;
}

/** Everything `narrator copy` carries of the notifications. */
export interface NotifyDump {
  readonly reminders: readonly ReminderRow[];
  readonly plans: readonly PlanInfo[];
  readonly notifications: readonly NotificationRecord[];
  readonly deliveries: readonly (DeliveryRow & { readonly doneAt: Millis | null })[];
  readonly subscriptions: readonly PushSubscriptionRecord[];
  readonly contacts: readonly ContactRecord[];
  readonly tokens: readonly MailTokenRecord[];
  readonly cursors: readonly { readonly gameId: string; readonly seq: number }[];
}

/** Which plan of a game is stored: the game version it was made at and its fingerprint. */
export interface PlanInfo {
  readonly gameId: string;
  readonly version: number;
  /** A fingerprint of the slots (app/reminder-plan.ts `planSignature`): a boot re-plans only games whose plan changed. */
  readonly sig: string;
}

/** A new notification with where else it goes. */
export interface NewNotification {
  readonly notification: Omit<NotificationRecord, 'readAt'>;
  /** Targets (`mail`, `push:<hash>`) to deliver it to, due at once (real time `dueAt`). */
  readonly targets: readonly string[];
  readonly dueAt: Millis;
}

/** The notification storage. */
export interface NotifyStore {
  /**
   * Replaces a game's plan with `slots` if `version` is newer than the plan stored (an older plan, from an instance
   * that heard the game late, changes nothing). Slots no longer planned are dropped; a slot sent stays sent; a slot
   * first planned when already due is stored as done (a reminder whose time passed before its deadline was known is
   * not sent late); a slot whose instant moved loses its claim. Resolves true when the plan was applied.
   */
  planReminders(plan: PlanInfo, slots: readonly ReminderSlot[], now: Millis): Promise<boolean>;
  /** Every game's stored plan. */
  plans(): Promise<Map<string, PlanInfo>>;
  /** Claims up to `limit` due slots that are not done and nobody holds, for `leaseMs` (earliest first). */
  claimReminders(now: Millis, leaseMs: number, limit: number): Promise<ReminderRow[]>;
  /** Marks a slot done (sent or skipped); a slot whose instant moved meanwhile (`dueAt` differs) stays pending. */
  finishReminder(id: string, dueAt: Millis, now: Millis): Promise<void>;
  /** A game's slots (every game's when none is given), earliest first. */
  reminders(gameId?: string): Promise<ReminderRow[]>;

  /** Inserts notifications (one already there for its account and source is left alone, and so are its targets). */
  addNotifications(list: readonly NewNotification[]): Promise<string[]>;
  /** An account's latest notifications, newest first. */
  notificationsOf(accountId: string, limit: number): Promise<NotificationRecord[]>;
  /** How many of an account's notifications are unread. */
  unreadCount(accountId: string): Promise<number>;
  /** Marks notifications read (`ids` of this account, or all of them). */
  markRead(accountId: string, ids: readonly string[] | 'all', at: Millis): Promise<void>;
  /** A notification by id. */
  notification(id: string): Promise<NotificationRecord | undefined>;

  /** Claims up to `limit` due deliveries nobody holds, for `leaseMs` (real time). */
  claimDeliveries(now: Millis, leaseMs: number, limit: number): Promise<DeliveryRow[]>;
  /** Ends a delivery (`done`) or puts it off to `retryAt` with one more attempt counted. */
  finishDelivery(notificationId: string, target: string, outcome: { readonly done: Millis } | { readonly retryAt: Millis }): Promise<void>;
  /** Deliveries not yet done (tests and the health of the outbox). */
  pendingDeliveries(): Promise<DeliveryRow[]>;

  /** Adds (or re-assigns to this account) a push subscription. */
  addSubscription(s: PushSubscriptionRecord): Promise<void>;
  /** Drops a subscription (the browser unsubscribed, or the push service reported it gone). */
  removeSubscription(endpoint: string): Promise<void>;
  /** An account's subscriptions, oldest first. */
  subscriptionsOf(accountId: string): Promise<PushSubscriptionRecord[]>;

  /** An account's contact details, if it ever set any. */
  contact(accountId: string): Promise<ContactRecord | undefined>;
  /** Stores an account's contact details. */
  saveContact(c: ContactRecord): Promise<void>;
  /** The accounts whose verified address this is (case-insensitive), oldest first. */
  contactsByEmail(email: string): Promise<ContactRecord[]>;

  /** Stores a mail token. */
  addToken(t: MailTokenRecord): Promise<void>;
  /** Uses a token once: the record if it exists, has this purpose, is unused and unexpired at `now`; else undefined. */
  useToken(hash: string, purpose: MailTokenRecord['purpose'], now: Millis): Promise<MailTokenRecord | undefined>;

  /** Every game's feed cursor (the last event whose notifications are surely stored). */
  cursors(): Promise<Map<string, number>>;
  /** Moves a game's feed cursor forward (never back). */
  advanceCursor(gameId: string, seq: number): Promise<void>;

  /** The secret stored under `key`, storing `make()` first if there is none (the first of racing instances wins). */
  secret(key: string, make: () => string): Promise<string>;

  /** Everything, for `narrator copy`. */
  dump(): Promise<NotifyDump>;
  /** Loads a dump into an empty store. */
  load(d: NotifyDump): Promise<void>;
}

/** Case-folds an e-mail address for comparisons (the whole address: providers treat local parts case-insensitively). */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/** Meta key of the Web Push VAPID key pair (JSON `{publicKey, privateKey}`, base64url), made at first start. */
export const VAPID_META_KEY = 'notify.vapid';

/** Meta key of the secret that signs unsubscribe links, made at first start. */
export const LINK_SECRET_META_KEY = 'notify.link-secret';

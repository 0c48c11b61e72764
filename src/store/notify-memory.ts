// The notification storage in process memory (tests), with the same contract as the SQL stores'.
import type { Millis } from '../core/types.ts';
import {
  type ContactRecord,
  type DeliveryRow,
  emailKey,
  type MailTokenRecord,
  type NewNotification,
  type NotificationRecord,
  type NotifyDump,
  type NotifyStore,
  type PlanInfo,
  type PushSubscriptionRecord,
  type ReminderRow,
  type ReminderSlot,
} from './notify.ts';

const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

type Reminder = ReminderRow & { claimedUntil: Millis | null };
type Delivery = DeliveryRow & { claimedUntil: Millis | null; doneAt: Millis | null };

/** Notifications kept in maps. `meta` is the owning store's meta table (secrets live there, as in SQL). */
export class MemoryNotifyStore implements NotifyStore {
  private readonly slots = new Map<string, Reminder>();
  private readonly planRows = new Map<string, PlanInfo>();
  private readonly list = new Map<string, NotificationRecord>();
  private readonly deliveries = new Map<string, Delivery>();
  private readonly subs = new Map<string, PushSubscriptionRecord>();
  private readonly contacts = new Map<string, ContactRecord>();
  private readonly tokens = new Map<string, MailTokenRecord>();
  private readonly feed = new Map<string, number>();

  constructor(private readonly meta: Map<string, string>) {}

  /** See NotifyStore.planReminders. */
  async planReminders(plan: PlanInfo, slots: readonly ReminderSlot[], now: Millis): Promise<boolean> {
    const { gameId, version } = plan;
    const had = this.planRows.get(gameId);
    if (had !== undefined && had.version >= version) return false;
    this.planRows.set(gameId, { ...plan });
    const ids = new Set(slots.map((s) => s.id));
    for (const [id, r] of this.slots) if (r.gameId === gameId && !ids.has(id)) this.slots.delete(id);
    for (const s of slots) {
      const old = this.slots.get(s.id);
      if (!old) this.slots.set(s.id, { ...copy(s), doneAt: s.dueAt <= now ? now : null, claimedUntil: null });
      else if (old.doneAt === null)
        this.slots.set(s.id, { ...old, deadlineAt: s.deadlineAt, dueAt: s.dueAt, claimedUntil: old.dueAt === s.dueAt ? old.claimedUntil : null });
    }
    return true;
  }

  /** See NotifyStore.plans. */
  async plans(): Promise<Map<string, PlanInfo>> {
    return new Map([...this.planRows].map(([id, p]) => [id, { ...p }]));
  }

  /** See NotifyStore.claimReminders. */
  async claimReminders(now: Millis, leaseMs: number, limit: number): Promise<ReminderRow[]> {
    const due = [...this.slots.values()]
      .filter((r) => r.doneAt === null && r.dueAt <= now && (r.claimedUntil === null || r.claimedUntil <= now))
      .sort((a, b) => a.dueAt - b.dueAt || (a.id < b.id ? -1 : 1))
      .slice(0, limit);
    for (const r of due) r.claimedUntil = now + leaseMs;
    return due.map(({ claimedUntil: _c, ...r }) => copy(r));
  }

  /** See NotifyStore.finishReminder. */
  async finishReminder(id: string, dueAt: Millis, now: Millis): Promise<void> {
    const r = this.slots.get(id);
    if (r && r.dueAt === dueAt) this.slots.set(id, { ...r, doneAt: now, claimedUntil: null });
  }

  /** See NotifyStore.reminders. */
  async reminders(gameId?: string): Promise<ReminderRow[]> {
    return [...this.slots.values()]
      .filter((r) => gameId === undefined || r.gameId === gameId)
      .sort((a, b) => a.dueAt - b.dueAt || (a.id < b.id ? -1 : 1))
      .map(({ claimedUntil: _c, ...r }) => copy(r));
  }

  /** See NotifyStore.addNotifications. */
  async addNotifications(list: readonly NewNotification[]): Promise<string[]> {
    const added: string[] = [];
    for (const { notification: n, targets, dueAt } of list) {
      if (this.list.has(n.id) || [...this.list.values()].some((x) => x.accountId === n.accountId && x.source === n.source)) continue;
      this.list.set(n.id, { ...copy(n), readAt: null });
      added.push(n.id);
      for (const target of targets) {
        const key = `${n.id}\u0000${target}`;
        if (!this.deliveries.has(key)) this.deliveries.set(key, { notificationId: n.id, target, dueAt, attempts: 0, claimedUntil: null, doneAt: null });
      }
    }
    return added;
  }

  /** See NotifyStore.notificationsOf. */
  async notificationsOf(accountId: string, limit: number): Promise<NotificationRecord[]> {
    return [...this.list.values()]
      .filter((n) => n.accountId === accountId)
      .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1))
      .slice(0, limit)
      .map(copy);
  }

  /** See NotifyStore.unreadCount. */
  async unreadCount(accountId: string): Promise<number> {
    return [...this.list.values()].filter((n) => n.accountId === accountId && n.readAt === null).length;
  }

  /** See NotifyStore.markRead. */
  async markRead(accountId: string, ids: readonly string[] | 'all', at: Millis): Promise<void> {
    for (const n of this.list.values())
      if (n.accountId === accountId && n.readAt === null && (ids === 'all' || ids.includes(n.id))) this.list.set(n.id, { ...n, readAt: at });
  }

  /** See NotifyStore.notification. */
  async notification(id: string): Promise<NotificationRecord | undefined> {
    const n = this.list.get(id);
    return n ? copy(n) : undefined;
  }

  /** See NotifyStore.claimDeliveries. */
  async claimDeliveries(now: Millis, leaseMs: number, limit: number): Promise<DeliveryRow[]> {
    const due = [...this.deliveries.values()]
      .filter((d) => d.doneAt === null && d.dueAt <= now && (d.claimedUntil === null || d.claimedUntil <= now))
      .sort((a, b) => a.dueAt - b.dueAt)
      .slice(0, limit);
    for (const d of due) d.claimedUntil = now + leaseMs;
    return due.map((d) => ({ notificationId: d.notificationId, target: d.target, dueAt: d.dueAt, attempts: d.attempts }));
  }

  /** See NotifyStore.finishDelivery. */
  async finishDelivery(notificationId: string, target: string, outcome: { readonly done: Millis } | { readonly retryAt: Millis }): Promise<void> {
    const key = `${notificationId}\u0000${target}`;
    const d = this.deliveries.get(key);
    if (!d) return;
    this.deliveries.set(
      key,
      'done' in outcome ? { ...d, doneAt: outcome.done, claimedUntil: null } : { ...d, dueAt: outcome.retryAt, attempts: d.attempts + 1, claimedUntil: null },
    );
  }

  /** See NotifyStore.pendingDeliveries. */
  async pendingDeliveries(): Promise<DeliveryRow[]> {
    return [...this.deliveries.values()]
      .filter((d) => d.doneAt === null)
      .sort((a, b) => a.dueAt - b.dueAt)
      .map((d) => ({ notificationId: d.notificationId, target: d.target, dueAt: d.dueAt, attempts: d.attempts }));
  }

  /** See NotifyStore.addSubscription. */
  async addSubscription(s: PushSubscriptionRecord): Promise<void> {
    const old = this.subs.get(s.endpoint);
    this.subs.set(s.endpoint, { ...copy(s), createdAt: old?.createdAt ?? s.createdAt });
  }

  /** See NotifyStore.removeSubscription. */
  async removeSubscription(endpoint: string): Promise<void> {
    this.subs.delete(endpoint);
  }

  /** See NotifyStore.subscriptionsOf. */
  async subscriptionsOf(accountId: string): Promise<PushSubscriptionRecord[]> {
    return [...this.subs.values()]
      .filter((s) => s.accountId === accountId)
      .sort((a, b) => a.createdAt - b.createdAt || (a.endpoint < b.endpoint ? -1 : 1))
      .map(copy);
  }

  /** See NotifyStore.contact. */
  async contact(accountId: string): Promise<ContactRecord | undefined> {
    const c = this.contacts.get(accountId);
    return c ? copy(c) : undefined;
  }

  /** See NotifyStore.saveContact. */
  async saveContact(c: ContactRecord): Promise<void> {
    this.contacts.set(c.accountId, copy(c));
  }

  /** See NotifyStore.contactsByEmail. */
  async contactsByEmail(email: string): Promise<ContactRecord[]> {
    const key = emailKey(email);
    return [...this.contacts.values()]
      .filter((c) => c.email !== null && c.verifiedAt !== null && emailKey(c.email) === key)
      .sort((a, b) => (a.verifiedAt ?? 0) - (b.verifiedAt ?? 0))
      .map(copy);
  }

  /** See NotifyStore.addToken. */
  async addToken(t: MailTokenRecord): Promise<void> {
    this.tokens.set(t.hash, copy(t));
  }

  /** See NotifyStore.useToken. */
  async useToken(hash: string, purpose: MailTokenRecord['purpose'], now: Millis): Promise<MailTokenRecord | undefined> {
    const t = this.tokens.get(hash);
    if (!t || t.purpose !== purpose || t.usedAt !== null || t.expiresAt <= now) return undefined;
    const used = { ...t, usedAt: now };
    this.tokens.set(hash, used);
    return copy(used);
  }

  /** See NotifyStore.cursors. */
  async cursors(): Promise<Map<string, number>> {
    return new Map(this.feed);
  }

  /** See NotifyStore.advanceCursor. */
  async advanceCursor(gameId: string, seq: number): Promise<void> {
    if ((this.feed.get(gameId) ?? -1) < seq) this.feed.set(gameId, seq);
  }

  /** See NotifyStore.secret. */
  async secret(key: string, make: () => string): Promise<string> {
    if (!this.meta.has(key)) this.meta.set(key, make());
    return this.meta.get(key)!;
  }

  /** See NotifyStore.dump. */
  async dump(): Promise<NotifyDump> {
    return copy({
      reminders: [...this.slots.values()].map(({ claimedUntil: _c, ...r }) => r).sort((a, b) => (a.id < b.id ? -1 : 1)),
      plans: [...this.planRows.values()].sort((a, b) => (a.gameId < b.gameId ? -1 : 1)),
      notifications: [...this.list.values()].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1)),
      deliveries: [...this.deliveries.values()].map(({ claimedUntil: _c, ...d }) => d),
      subscriptions: [...this.subs.values()],
      contacts: [...this.contacts.values()],
      tokens: [...this.tokens.values()],
      cursors: [...this.feed].map(([gameId, seq]) => ({ gameId, seq })),
    });
  }

  /** See NotifyStore.load. */
  async load(d: NotifyDump): Promise<void> {
    for (const r of copy(d.reminders)) this.slots.set(r.id, { ...r, claimedUntil: null });
    for (const p of d.plans) this.planRows.set(p.gameId, { ...p });
    for (const n of copy(d.notifications)) this.list.set(n.id, n);
    for (const x of copy(d.deliveries)) this.deliveries.set(`${x.notificationId}\u0000${x.target}`, { ...x, claimedUntil: null });
    for (const s of copy(d.subscriptions)) this.subs.set(s.endpoint, s);
    for (const c of copy(d.contacts)) this.contacts.set(c.accountId, c);
    for (const t of copy(d.tokens)) this.tokens.set(t.hash, t);
    for (const c of d.cursors) this.feed.set(c.gameId, c.seq);
  }
}

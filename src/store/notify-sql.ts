// The notification storage of both SQL stores, written once. Each operation is a generator that yields the queries
// it runs (built by Kysely, compiled for the store's dialect) and receives their rows: SQLite runs it synchronously
// inside one better-sqlite3 transaction (nothing of this process can interleave), PostgreSQL inside one database
// transaction. So a plan's version check, its deletions and its inserts commit together on both.
import type Database from 'better-sqlite3';
import { type Compilable, type Kysely, sql } from 'kysely';
import type { Millis } from '../core/types.ts';
import type { Dialect } from './migrations.ts';
import {
  type ContactRecord,
  DEFAULT_PREFS,
  type DeliveryRow,
  emailKey,
  type MailTokenRecord,
  type NewNotification,
  type NotificationKind,
  type NotificationRecord,
  type NotifyDump,
  type NotifyPrefs,
  type NotifyStore,
  type PlanInfo,
  type PushSubscriptionRecord,
  type ReminderRow,
  type ReminderSlot,
} from './notify.ts';

/** The notification tables as Kysely sees them. */
export type NotifySchema = {
  reminders: {
    id: string;
    game_id: string;
    kind: string;
    deadline_id: string;
    deadline_at: number;
    lead_ms: number;
    due_at: number;
    claimed_until: number | null;
    done_at: number | null;
  };
  reminder_plans: { game_id: string; version: number; sig: string };
  notifications: {
    id: string;
    account_id: string;
    source: string;
    game_id: string | null;
    kind: string;
    created_at: number;
    data: string;
    read_at: number | null;
  };
  deliveries: { notification_id: string; target: string; due_at: number; claimed_until: number | null; attempts: number; done_at: number | null };
  push_subscriptions: { endpoint: string; account_id: string; p256dh: string; auth: string; created_at: number };
  contacts: { account_id: string; email: string | null; email_key: string | null; verified_at: number | null; locale: string | null; prefs: string };
  mail_tokens: { hash: string; account_id: string; purpose: string; email: string; created_at: number; expires_at: number; used_at: number | null };
  feed_cursors: { game_id: string; seq: number };
  meta: { key: string; value: string };
};

/** An operation: yields queries, receives each one's rows, returns its result. */
type Op<R> = Generator<Compilable, R, unknown[]>;

/** Runs operations against one database. */
export interface OpRunner {
  run<R>(op: Op<R>): Promise<R>;
}

/** SQLite: every operation is one synchronous better-sqlite3 transaction on cached prepared statements. */
export function sqliteRunner(db: Database.Database): OpRunner {
  const cache = new Map<string, Database.Statement>();
  const exec = (q: Compilable): unknown[] => {
    const c = q.compile();
    let s = cache.get(c.sql);
    if (!s) {
      if (cache.size > 200) cache.clear();
      s = db.prepare(c.sql);
      cache.set(c.sql, s);
    }
    const params = c.parameters as unknown[];
    if (s.reader) return s.all(...params);
    s.run(...params);
    return [];
  };
  const tx = db.transaction(<R>(op: Op<R>): R => {
    let step = op.next();
    while (!step.done) step = op.next(exec(step.value));
    return step.value;
  });
  return { run: async <R>(op: Op<R>) => tx(op) as R };
}

/** PostgreSQL: every operation is one transaction of the pool. */
export function postgresRunner(k: Kysely<NotifySchema>): OpRunner {
  return {
    run: (op) =>
      k.transaction().execute(async (trx) => {
        let step = op.next();
        while (!step.done) step = op.next((await trx.executeQuery(step.value.compile())).rows as unknown[]);
        return step.value;
      }),
  };
}

const reminder = (r: NotifySchema['reminders']): ReminderRow => ({
  id: r.id,
  gameId: r.game_id,
  kind: r.kind === 'digest' ? 'digest' : 'reminder',
  deadlineId: r.deadline_id,
  deadlineAt: r.deadline_at,
  leadMs: r.lead_ms,
  dueAt: r.due_at,
  doneAt: r.done_at,
});

const notification = (r: NotifySchema['notifications']): NotificationRecord => ({
  id: r.id,
  accountId: r.account_id,
  source: r.source,
  gameId: r.game_id,
  kind: r.kind as NotificationKind,
  createdAt: r.created_at,
  data: JSON.parse(r.data) as object,
  readAt: r.read_at,
});

const delivery = (r: NotifySchema['deliveries']): DeliveryRow & { doneAt: Millis | null } => ({
  notificationId: r.notification_id,
  target: r.target,
  dueAt: r.due_at,
  attempts: r.attempts,
  doneAt: r.done_at,
});

const pending = (r: Omit<NotifySchema['deliveries'], 'done_at'>): DeliveryRow => ({
  notificationId: r.notification_id,
  target: r.target,
  dueAt: r.due_at,
  attempts: r.attempts,
});

const subscription = (r: NotifySchema['push_subscriptions']): PushSubscriptionRecord => ({
  endpoint: r.endpoint,
  accountId: r.account_id,
  p256dh: r.p256dh,
  auth: r.auth,
  createdAt: r.created_at,
});

/** Preferences as stored, with the defaults for anything a row predates. */
function prefsOf(raw: string): NotifyPrefs {
  try {
    const p = JSON.parse(raw) as Partial<NotifyPrefs>;
    return {
      push: typeof p.push === 'boolean' ? p.push : DEFAULT_PREFS.push,
      mail: typeof p.mail === 'boolean' ? p.mail : DEFAULT_PREFS.mail,
      muted: Array.isArray(p.muted) ? p.muted.filter((x): x is string => typeof x === 'string') : [],
    };
  } catch {
    return DEFAULT_PREFS;
  }
}

const contact = (r: NotifySchema['contacts']): ContactRecord => ({
  accountId: r.account_id,
  email: r.email,
  verifiedAt: r.verified_at,
  locale: r.locale,
  prefs: prefsOf(r.prefs),
});

const contactRow = (c: ContactRecord): NotifySchema['contacts'] => ({
  account_id: c.accountId,
  email: c.email,
  email_key: c.email === null ? null : emailKey(c.email),
  verified_at: c.verifiedAt,
  locale: c.locale,
  prefs: JSON.stringify(c.prefs),
});

const token = (r: NotifySchema['mail_tokens']): MailTokenRecord => ({
  hash: r.hash,
  accountId: r.account_id,
  purpose: r.purpose === 'reset' ? 'reset' : 'verify',
  email: r.email,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  usedAt: r.used_at,
});

const reminderRow = (s: ReminderSlot, doneAt: Millis | null): NotifySchema['reminders'] => ({
  id: s.id,
  game_id: s.gameId,
  kind: s.kind,
  deadline_id: s.deadlineId,
  deadline_at: s.deadlineAt,
  lead_ms: s.leadMs,
  due_at: s.dueAt,
  claimed_until: null,
  done_at: doneAt,
});

/** Rows one multi-row insert carries (both dialects' parameter limits are far above this times the columns). */
const CHUNK = 500;

function* chunks<T>(items: readonly T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += CHUNK) yield items.slice(i, i + CHUNK);
}

/** The notification storage on SQLite or PostgreSQL. */
export class SqlNotifyStore implements NotifyStore {
  constructor(
    private readonly k: Kysely<NotifySchema>,
    private readonly runner: OpRunner,
    private readonly dialect: Dialect,
  ) {}

  private rows<T>(q: Compilable): Promise<T[]> {
    return this.runner.run(
      (function* () {
        return (yield q) as T[];
      })(),
    );
  }

  /** See NotifyStore.planReminders. */
  planReminders(plan: PlanInfo, slots: readonly ReminderSlot[], now: Millis): Promise<boolean> {
    const k = this.k;
    const { gameId, version, sig } = plan;
    return this.runner.run(
      (function* () {
        // The version row orders concurrent planners of one game (its row lock on PostgreSQL) and refuses older plans.
        const won = yield k
          .insertInto('reminder_plans')
          .values({ game_id: gameId, version, sig })
          .onConflict((oc) =>
            oc
              .column('game_id')
              .doUpdateSet({ version: (eb) => eb.ref('excluded.version'), sig: (eb) => eb.ref('excluded.sig') })
              .where('reminder_plans.version', '<', version),
          )
          .returning('version');
        if (won.length === 0) return false;
        const ids = slots.map((s) => s.id);
        let gone = k.deleteFrom('reminders').where('game_id', '=', gameId);
        if (ids.length > 0) gone = gone.where('id', 'not in', ids);
        yield gone;
        for (const part of chunks(slots))
          yield k
            .insertInto('reminders')
            .values(part.map((s) => reminderRow(s, s.dueAt <= now ? now : null)))
            .onConflict((oc) =>
              oc
                .column('id')
                .doUpdateSet({
                  deadline_at: (eb) => eb.ref('excluded.deadline_at'),
                  due_at: (eb) => eb.ref('excluded.due_at'),
                  // A moved instant is a new timer: a claim on the old one no longer holds.
                  claimed_until: sql<number | null>`case when reminders.due_at = excluded.due_at then reminders.claimed_until else null end`,
                })
                .where('reminders.done_at', 'is', null),
            );
        return true;
      })(),
    );
  }

  /** See NotifyStore.plans. */
  async plans(): Promise<Map<string, PlanInfo>> {
    const rows = await this.rows<NotifySchema['reminder_plans']>(this.k.selectFrom('reminder_plans').selectAll());
    return new Map(rows.map((r) => [r.game_id, { gameId: r.game_id, version: r.version, sig: r.sig }]));
  }

  /** See NotifyStore.claimReminders: FOR UPDATE SKIP LOCKED on PostgreSQL hands each due slot to one poller. */
  async claimReminders(now: Millis, leaseMs: number, limit: number): Promise<ReminderRow[]> {
    let pick = this.k
      .selectFrom('reminders')
      .select('id')
      .where('done_at', 'is', null)
      .where('due_at', '<=', now)
      .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<=', now)]))
      .orderBy('due_at')
      .limit(limit);
    if (this.dialect === 'postgres') pick = pick.forUpdate().skipLocked();
    const rows = await this.rows<NotifySchema['reminders']>(
      this.k
        .updateTable('reminders')
        .set({ claimed_until: now + leaseMs })
        .where('id', 'in', pick)
        .returningAll(),
    );
    return rows.map(reminder).sort((a, b) => a.dueAt - b.dueAt || (a.id < b.id ? -1 : 1));
  }

  /** See NotifyStore.finishReminder. */
  async finishReminder(id: string, dueAt: Millis, now: Millis): Promise<void> {
    await this.rows(this.k.updateTable('reminders').set({ done_at: now, claimed_until: null }).where('id', '=', id).where('due_at', '=', dueAt));
  }

  /** See NotifyStore.reminders. */
  async reminders(gameId?: string): Promise<ReminderRow[]> {
    let q = this.k.selectFrom('reminders').selectAll().orderBy('due_at').orderBy('id');
    if (gameId !== undefined) q = q.where('game_id', '=', gameId);
    return (await this.rows<NotifySchema['reminders']>(q)).map(reminder);
  }

  /** See NotifyStore.addNotifications. */
  addNotifications(list: readonly NewNotification[]): Promise<string[]> {
    const k = this.k;
    return this.runner.run(
      (function* () {
        const added: string[] = [];
        for (const { notification: n, targets, dueAt } of list) {
          const r = yield k
            .insertInto('notifications')
            .values({
              id: n.id,
              account_id: n.accountId,
              source: n.source,
              game_id: n.gameId,
              kind: n.kind,
              created_at: n.createdAt,
              data: JSON.stringify(n.data),
              read_at: null,
            })
            .onConflict((oc) => oc.doNothing())
            .returning('id');
          if (r.length === 0) continue;
          added.push(n.id);
          if (targets.length > 0)
            yield k
              .insertInto('deliveries')
              .values(targets.map((target) => ({ notification_id: n.id, target, due_at: dueAt, claimed_until: null, attempts: 0, done_at: null })))
              .onConflict((oc) => oc.doNothing());
        }
        return added;
      })(),
    );
  }

  /** See NotifyStore.notificationsOf. */
  async notificationsOf(accountId: string, limit: number): Promise<NotificationRecord[]> {
    const rows = await this.rows<NotifySchema['notifications']>(
      this.k.selectFrom('notifications').selectAll().where('account_id', '=', accountId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit),
    );
    return rows.map(notification);
  }

  /** See NotifyStore.unreadCount. */
  async unreadCount(accountId: string): Promise<number> {
    const [r] = await this.rows<{ n: number | string }>(
      this.k
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('account_id', '=', accountId)
        .where('read_at', 'is', null),
    );
    return Number(r?.n ?? 0);
  }

  /** See NotifyStore.markRead. */
  async markRead(accountId: string, ids: readonly string[] | 'all', at: Millis): Promise<void> {
    if (ids !== 'all' && ids.length === 0) return;
    let q = this.k.updateTable('notifications').set({ read_at: at }).where('account_id', '=', accountId).where('read_at', 'is', null);
    if (ids !== 'all') q = q.where('id', 'in', [...ids]);
    await this.rows(q);
  }

  /** See NotifyStore.notification. */
  async notification(id: string): Promise<NotificationRecord | undefined> {
    const [r] = await this.rows<NotifySchema['notifications']>(this.k.selectFrom('notifications').selectAll().where('id', '=', id));
    return r ? notification(r) : undefined;
  }

  /** See NotifyStore.claimDeliveries. */
  async claimDeliveries(now: Millis, leaseMs: number, limit: number): Promise<DeliveryRow[]> {
    // Deliveries are keyed by two columns: the claim picks them by a row-value comparison both dialects know.
    const pg = this.dialect === 'postgres';
    const claim = sql<NotifySchema['deliveries']>`update deliveries set claimed_until = ${now + leaseMs}
        where (notification_id, target) in (
          select notification_id, target from deliveries
          where done_at is null and due_at <= ${now} and (claimed_until is null or claimed_until <= ${now})
          order by due_at limit ${limit} ${pg ? sql`for update skip locked` : sql``})
        returning *`;
    const rows = await this.rows<NotifySchema['deliveries']>({ compile: () => claim.compile(this.k) });
    return rows.map(({ done_at: _d, ...r }) => pending(r)).sort((a, b) => a.dueAt - b.dueAt);
  }

  /** See NotifyStore.finishDelivery. */
  async finishDelivery(notificationId: string, target: string, outcome: { readonly done: Millis } | { readonly retryAt: Millis }): Promise<void> {
    const q = this.k.updateTable('deliveries').where('notification_id', '=', notificationId).where('target', '=', target);
    await this.rows(
      'done' in outcome
        ? q.set({ done_at: outcome.done, claimed_until: null })
        : q.set((eb) => ({ due_at: outcome.retryAt, claimed_until: null, attempts: eb('attempts', '+', 1) })),
    );
  }

  /** See NotifyStore.pendingDeliveries. */
  async pendingDeliveries(): Promise<DeliveryRow[]> {
    return (await this.rows<NotifySchema['deliveries']>(this.k.selectFrom('deliveries').selectAll().where('done_at', 'is', null).orderBy('due_at'))).map(
      pending,
    );
  }

  /** See NotifyStore.addSubscription. */
  async addSubscription(s: PushSubscriptionRecord): Promise<void> {
    await this.rows(
      this.k
        .insertInto('push_subscriptions')
        .values({ endpoint: s.endpoint, account_id: s.accountId, p256dh: s.p256dh, auth: s.auth, created_at: s.createdAt })
        .onConflict((oc) => oc.column('endpoint').doUpdateSet({ account_id: s.accountId, p256dh: s.p256dh, auth: s.auth })),
    );
  }

  /** See NotifyStore.removeSubscription. */
  async removeSubscription(endpoint: string): Promise<void> {
    await this.rows(this.k.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint));
  }

  /** See NotifyStore.subscriptionsOf. */
  async subscriptionsOf(accountId: string): Promise<PushSubscriptionRecord[]> {
    return (
      await this.rows<NotifySchema['push_subscriptions']>(
        this.k.selectFrom('push_subscriptions').selectAll().where('account_id', '=', accountId).orderBy('created_at').orderBy('endpoint'),
      )
    ).map(subscription);
  }

  /** See NotifyStore.contact. */
  async contact(accountId: string): Promise<ContactRecord | undefined> {
    const [r] = await this.rows<NotifySchema['contacts']>(this.k.selectFrom('contacts').selectAll().where('account_id', '=', accountId));
    return r ? contact(r) : undefined;
  }

  /** See NotifyStore.saveContact. */
  async saveContact(c: ContactRecord): Promise<void> {
    const row = contactRow(c);
    const { account_id: _key, ...rest } = row;
    await this.rows(
      this.k
        .insertInto('contacts')
        .values(row)
        .onConflict((oc) => oc.column('account_id').doUpdateSet(rest)),
    );
  }

  /** See NotifyStore.contactsByEmail. */
  async contactsByEmail(email: string): Promise<ContactRecord[]> {
    return (
      await this.rows<NotifySchema['contacts']>(
        this.k.selectFrom('contacts').selectAll().where('email_key', '=', emailKey(email)).where('verified_at', 'is not', null).orderBy('verified_at'),
      )
    ).map(contact);
  }

  /** See NotifyStore.addToken. */
  async addToken(t: MailTokenRecord): Promise<void> {
    await this.rows(
      this.k.insertInto('mail_tokens').values({
        hash: t.hash,
        account_id: t.accountId,
        purpose: t.purpose,
        email: t.email,
        created_at: t.createdAt,
        expires_at: t.expiresAt,
        used_at: t.usedAt,
      }),
    );
  }

  /** See NotifyStore.useToken: one statement, so two concurrent uses cannot both succeed. */
  async useToken(hash: string, purpose: MailTokenRecord['purpose'], now: Millis): Promise<MailTokenRecord | undefined> {
    const [r] = await this.rows<NotifySchema['mail_tokens']>(
      this.k
        .updateTable('mail_tokens')
        .set({ used_at: now })
        .where('hash', '=', hash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returningAll(),
    );
    return r ? token(r) : undefined;
  }

  /** See NotifyStore.cursors. */
  async cursors(): Promise<Map<string, number>> {
    return new Map((await this.rows<NotifySchema['feed_cursors']>(this.k.selectFrom('feed_cursors').selectAll())).map((r) => [r.game_id, r.seq]));
  }

  /** See NotifyStore.advanceCursor. */
  async advanceCursor(gameId: string, seq: number): Promise<void> {
    await this.rows(
      this.k
        .insertInto('feed_cursors')
        .values({ game_id: gameId, seq })
        .onConflict((oc) =>
          oc
            .column('game_id')
            .doUpdateSet({ seq: (eb) => eb.ref('excluded.seq') })
            .where('feed_cursors.seq', '<', seq),
        ),
    );
  }

  /** See NotifyStore.secret: insert if absent, then read what won. */
  secret(key: string, make: () => string): Promise<string> {
    const k = this.k;
    return this.runner.run(
      (function* () {
        yield k
          .insertInto('meta')
          .values({ key, value: make() })
          .onConflict((oc) => oc.column('key').doNothing());
        const [r] = (yield k.selectFrom('meta').select('value').where('key', '=', key)) as { value: string }[];
        return r!.value;
      })(),
    );
  }

  /** See NotifyStore.dump. */
  async dump(): Promise<NotifyDump> {
    const k = this.k;
    return this.runner.run(
      (function* () {
        const all = function* <T>(q: Compilable) {
          return (yield q) as T[];
        };
        return {
          reminders: (yield* all<NotifySchema['reminders']>(k.selectFrom('reminders').selectAll().orderBy('id'))).map(reminder),
          plans: (yield* all<NotifySchema['reminder_plans']>(k.selectFrom('reminder_plans').selectAll().orderBy('game_id'))).map((r) => ({
            gameId: r.game_id,
            version: r.version,
            sig: r.sig,
          })),
          notifications: (yield* all<NotifySchema['notifications']>(k.selectFrom('notifications').selectAll().orderBy('created_at').orderBy('id'))).map(
            notification,
          ),
          deliveries: (yield* all<NotifySchema['deliveries']>(k.selectFrom('deliveries').selectAll().orderBy('notification_id').orderBy('target'))).map(
            delivery,
          ),
          subscriptions: (yield* all<NotifySchema['push_subscriptions']>(k.selectFrom('push_subscriptions').selectAll().orderBy('endpoint'))).map(subscription),
          contacts: (yield* all<NotifySchema['contacts']>(k.selectFrom('contacts').selectAll().orderBy('account_id'))).map(contact),
          tokens: (yield* all<NotifySchema['mail_tokens']>(k.selectFrom('mail_tokens').selectAll().orderBy('hash'))).map(token),
          cursors: (yield* all<NotifySchema['feed_cursors']>(k.selectFrom('feed_cursors').selectAll().orderBy('game_id'))).map((r) => ({
            gameId: r.game_id,
            seq: r.seq,
          })),
        };
      })(),
    );
  }

  /** See NotifyStore.load. */
  load(d: NotifyDump): Promise<void> {
    const k = this.k;
    return this.runner.run(
      (function* () {
        for (const part of chunks(d.reminders)) yield k.insertInto('reminders').values(part.map((r) => ({ ...reminderRow(r, r.doneAt) })));
        for (const part of chunks(d.plans))
          yield k.insertInto('reminder_plans').values(part.map((p) => ({ game_id: p.gameId, version: p.version, sig: p.sig })));
        for (const part of chunks(d.notifications))
          yield k.insertInto('notifications').values(
            part.map((n) => ({
              id: n.id,
              account_id: n.accountId,
              source: n.source,
              game_id: n.gameId,
              kind: n.kind,
              created_at: n.createdAt,
              data: JSON.stringify(n.data),
              read_at: n.readAt,
            })),
          );
        for (const part of chunks(d.deliveries))
          yield k.insertInto('deliveries').values(
            part.map((x) => ({
              notification_id: x.notificationId,
              target: x.target,
              due_at: x.dueAt,
              claimed_until: null,
              attempts: x.attempts,
              done_at: x.doneAt,
            })),
          );
        for (const part of chunks(d.subscriptions))
          yield k
            .insertInto('push_subscriptions')
            .values(part.map((s) => ({ endpoint: s.endpoint, account_id: s.accountId, p256dh: s.p256dh, auth: s.auth, created_at: s.createdAt })));
        for (const part of chunks(d.contacts)) yield k.insertInto('contacts').values(part.map(contactRow));
        for (const part of chunks(d.tokens))
          yield k.insertInto('mail_tokens').values(
            part.map((t) => ({
              hash: t.hash,
              account_id: t.accountId,
              purpose: t.purpose,
              email: t.email,
              created_at: t.createdAt,
              expires_at: t.expiresAt,
              used_at: t.usedAt,
            })),
          );
        for (const part of chunks(d.cursors)) yield k.insertInto('feed_cursors').values(part.map((c) => ({ game_id: c.gameId, seq: c.seq })));
      })(),
    );
  }
}

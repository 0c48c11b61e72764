// Notifications (issue 26): the account's list and settings, its push subscriptions, and a game's reminder leads and
// digest (moderators). The e-mail routes (address, verification, password reset, unsubscribe) are in mail.ts.
import type { FastifyInstance } from 'fastify';
import type { Contacts } from '../../app/contacts.ts';
import { AppError } from '../../app/errors.ts';
import type { Notifier } from '../../app/notifier.ts';
import { type PushChannel, validSubscriptionKeys } from '../../app/push.ts';
import { DEFAULT_REMINDER_MINUTES } from '../../app/reminder-plan.ts';
import { setReminderLeads } from '../../app/service-events.ts';
import {
  digestReply,
  gameParams,
  type NotificationsReply,
  notificationsQuery,
  notificationsReply,
  notifySettingsBody,
  notifySettingsReply,
  pushEndpointBody,
  pushSubscriptionBody,
  type RemindersReply,
  readNotificationsBody,
  remindersBody,
  remindersReply,
} from '../../protocol/index.ts';
import { requireModerator, roleIn } from '../access.ts';
import { route } from '../http.ts';
import { registerMailRoutes } from './mail.ts';
import type { RouteDeps } from './shared.ts';

/** What the notification routes need besides the usual dependencies. */
export interface NotifyDeps {
  readonly notifier: Notifier;
  readonly contacts: Contacts;
  readonly push: PushChannel;
  /** The secret of the unsubscribe links. */
  readonly linkSecret: string;
  /** How often a page asks for its notifications (real ms). */
  readonly pollMs: number;
}

/** Most push subscriptions one account keeps (one per device and browser). */
const MAX_SUBSCRIPTIONS = 10;

/** An account's settings as the API answers them (its contacts and the push key). */
export async function settingsOf(n: NotifyDeps, accountId: string) {
  return { ...(await n.contacts.settings(accountId)), push: { publicKey: n.push.publicKey } };
}

/** Registers the notification routes (and the e-mail ones, mail.ts). */
export function registerNotifyRoutes(app: FastifyInstance, d: RouteDeps, n: NotifyDeps): void {
  const store = d.store.notify;
  const settings = (accountId: string) => settingsOf(n, accountId);
  registerMailRoutes(app, d, n);

  route(app, {
    method: 'GET',
    url: '/api/notifications',
    summary: 'The caller’s notifications, newest first, with the unread count',
    tags: ['notifications'],
    auth: 'account',
    query: notificationsQuery,
    response: { 200: notificationsReply },
    async handler({ req, query }) {
      const id = req.principal!.account.id;
      const [items, unread] = await Promise.all([store.notificationsOf(id, query.limit), store.unreadCount(id)]);
      return {
        items: items.map((x) => ({
          id: x.id,
          kind: x.kind,
          game: x.gameId,
          at: x.createdAt,
          read: x.readAt !== null,
          data: x.data as Record<string, unknown>,
        })),
        unread,
        pollMs: n.pollMs,
      } satisfies NotificationsReply;
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/notifications/read',
    summary: 'Marks notifications read: {ids} or {all: true}',
    tags: ['notifications'],
    auth: 'account',
    body: readNotificationsBody,
    async handler({ req, body, reply }) {
      await store.markRead(req.principal!.account.id, 'all' in body ? 'all' : body.ids, d.clock.now());
      reply.code(204).send();
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/me/notify',
    summary: 'The caller’s notification settings (language, push, mail, mutes) and whether this server sends e-mail',
    tags: ['notifications'],
    auth: 'account',
    response: { 200: notifySettingsReply },
    handler: ({ req }) => settings(req.principal!.account.id),
  });

  route(app, {
    method: 'POST',
    url: '/api/me/notify',
    summary: 'Changes the caller’s language (of mail and push) and preferences (push, mail, muted games and channels)',
    tags: ['notifications'],
    auth: 'account',
    body: notifySettingsBody,
    response: { 200: notifySettingsReply },
    async handler({ req, body }) {
      const id = req.principal!.account.id;
      await n.contacts.update(id, { ...(body.locale ? { locale: body.locale } : {}), ...(body.prefs ? { prefs: body.prefs } : {}) });
      return settings(id);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/notify/config',
    summary: 'Whether this server sends e-mail (the e-mail options and the password reset are hidden without it) and its push key',
    tags: ['notifications'],
    auth: 'none',
    handler: () => ({ mail: n.contacts.mailOn, push: { publicKey: n.push.publicKey } }),
  });

  route(app, {
    method: 'GET',
    url: '/api/push/key',
    summary: 'The VAPID public key browsers subscribe with',
    tags: ['notifications'],
    auth: 'none',
    handler: () => ({ publicKey: n.push.publicKey }),
  });

  route(app, {
    method: 'POST',
    url: '/api/push/subscriptions',
    summary: 'Registers this device’s push subscription for the caller (PushSubscription.toJSON())',
    tags: ['notifications'],
    auth: 'account',
    body: pushSubscriptionBody,
    async handler({ req, body, reply }) {
      if (!n.push.acceptsEndpoint(body.endpoint)) throw new AppError('push.invalid_endpoint', 400, 'a push endpoint is an https URL of a push service');
      if (!validSubscriptionKeys(body.keys.p256dh, body.keys.auth))
        throw new AppError('push.invalid_keys', 400, 'keys.p256dh must be a P-256 public key and keys.auth a 16-byte secret (base64url)');
      const id = req.principal!.account.id;
      const mine = await store.subscriptionsOf(id);
      if (!mine.some((s) => s.endpoint === body.endpoint) && mine.length >= MAX_SUBSCRIPTIONS)
        throw new AppError('push.too_many', 409, `at most ${MAX_SUBSCRIPTIONS} devices per account; remove one first`);
      await store.addSubscription({ endpoint: body.endpoint, accountId: id, p256dh: body.keys.p256dh, auth: body.keys.auth, createdAt: Date.now() });
      reply.code(201);
      return { ok: true };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/push/unsubscribe',
    summary: 'Removes one of the caller’s push subscriptions',
    tags: ['notifications'],
    auth: 'account',
    body: pushEndpointBody,
    async handler({ req, body, reply }) {
      if ((await store.subscriptionsOf(req.principal!.account.id)).some((s) => s.endpoint === body.endpoint)) await store.removeSubscription(body.endpoint);
      reply.code(204).send();
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/games/:id/reminders',
    summary: 'The game’s reminder leads and planned slots (moderators)',
    tags: ['moderator'],
    auth: 'account',
    params: gameParams,
    response: { 200: remindersReply },
    async handler({ params, req }) {
      const g = d.service.get(params.id);
      requireModerator(roleIn(g, req.principal));
      const slots = await store.reminders(g.id);
      return {
        minutes: [...(g.meta.reminderMinutes ?? DEFAULT_REMINDER_MINUTES)],
        slots: slots.map((x) => ({ id: x.id.slice(g.id.length + 1), kind: x.kind, deadline: x.deadlineId, dueAt: x.dueAt, done: x.doneAt !== null })),
      } satisfies RemindersReply;
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/games/:id/reminders',
    summary: 'Sets the game’s reminder leads in minutes before each deadline ([] turns them off; moderators)',
    tags: ['moderator'],
    auth: 'account',
    params: gameParams,
    body: remindersBody,
    response: { 200: remindersReply },
    async handler({ params, req, body }) {
      const g = d.service.get(params.id);
      const m = requireModerator(roleIn(g, req.principal));
      const minutes = [...new Set(body.minutes)].sort((a, b) => b - a);
      await setReminderLeads(d.service, g.id, m.name, minutes);
      // The commit re-plans the game; the reply shows the leads (the slots follow the plan as it is written).
      const slots = await store.reminders(g.id);
      return {
        minutes,
        slots: slots.map((x) => ({ id: x.id.slice(g.id.length + 1), kind: x.kind, deadline: x.deadlineId, dueAt: x.dueAt, done: x.doneAt !== null })),
      } satisfies RemindersReply;
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/games/:id/digest',
    summary: 'The moderator’s digest now: who has still to act before today’s deadlines, counters near their limit, silent players',
    tags: ['moderator'],
    auth: 'account',
    params: gameParams,
    response: { 200: digestReply },
    async handler({ params, req }) {
      const g = d.service.get(params.id);
      const m = requireModerator(roleIn(g, req.principal));
      return await n.notifier.digest(g, m.name);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/games/:id/digest',
    summary: 'Sends the digest now to the calling moderator (list, push and, with a verified address, e-mail)',
    tags: ['moderator'],
    auth: 'account',
    params: gameParams,
    response: { 200: digestReply },
    async handler({ params, req }) {
      const g = d.service.get(params.id);
      const m = requireModerator(roleIn(g, req.principal));
      return await n.notifier.sendDigest(g, m.name);
    },
  });
}

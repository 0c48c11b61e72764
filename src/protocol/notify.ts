// Notifications (issue 26): an account's list, its settings (language, push, mail, mutes), its e-mail address, push
// subscriptions, the password reset, and a game's reminder leads and digest. Pure zod, shared with the web app.
import { z } from 'zod';

/** One notification as the list shows it; `data` is the kind's own shape (app/notices.ts `NoticeData`). */
export const notificationItem = z.object({
  id: z.string(),
  kind: z.enum(['reminder', 'digest', 'pm', 'chat', 'mention', 'quote']),
  game: z.string().nullable(),
  at: z.number().describe('game time (epoch ms) it was made at'),
  read: z.boolean(),
  data: z.record(z.string(), z.unknown()),
});
/** A notification of the list. */
export type NotificationItem = z.infer<typeof notificationItem>;

/** Reply of GET /api/notifications. */
export const notificationsReply = z.object({
  items: z.array(notificationItem),
  unread: z.number().int(),
  pollMs: z.number().int().describe('how often a page should ask again (real ms)'),
});
/** The notification list. */
export type NotificationsReply = z.infer<typeof notificationsReply>;

/** Query of GET /api/notifications. */
export const notificationsQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

/** Body of POST /api/notifications/read: these ids, or all. */
export const readNotificationsBody = z.union([
  z.object({ ids: z.array(z.string().max(64)).min(1).max(200) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

/** An account's notification preferences. */
export const prefsSchema = z.object({
  push: z.boolean(),
  mail: z.boolean(),
  muted: z.array(z.string().min(1).max(200)).max(200).describe('muted games ("GAME_ID") and game channels ("GAME_ID/CHANNEL")'),
});

/** Reply of GET/POST /api/me/notify. */
export const notifySettingsReply = z.object({
  email: z.string().nullable(),
  verified: z.boolean(),
  locale: z.string().nullable(),
  prefs: prefsSchema,
  mail: z.boolean().describe('whether this server sends e-mail at all (started with --smtp); without it the e-mail options are off'),
  push: z.object({ publicKey: z.string().describe('the VAPID key browsers subscribe with (applicationServerKey)') }),
});
/** An account's notification settings. */
export type NotifySettingsReply = z.infer<typeof notifySettingsReply>;

/** Body of POST /api/me/notify. */
export const notifySettingsBody = z.object({ locale: z.enum(['en', 'el', 'de', 'ru']).optional(), prefs: prefsSchema.partial().strict().optional() }).strict();

/** Body of POST /api/me/email. */
export const emailBody = z.object({ email: z.string().min(3).max(254) }).strict();

/** Body of POST /api/email/verify (the token of the mailed link). */
export const tokenBody = z.object({ token: z.string().min(10).max(200) }).strict();

/** Body of POST /api/password-reset: an account name or a verified address. */
export const resetRequestBody = z.object({ login: z.string().min(1).max(254) }).strict();

/** Body of POST /api/password-reset/confirm. */
export const resetConfirmBody = z.object({ token: z.string().min(10).max(200), password: z.string().min(1).max(200) }).strict();

/** Body of POST /api/push/subscriptions: a browser's PushSubscription as `toJSON()` gives it. */
export const pushSubscriptionBody = z.object({
  endpoint: z.string().min(8).max(2000),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
  expirationTime: z.number().nullable().optional(),
});

/** Body of POST /api/push/unsubscribe. */
export const pushEndpointBody = z.object({ endpoint: z.string().min(8).max(2000) }).strict();

/** A game's reminder leads (GET/POST /api/games/:id/reminders). */
export const remindersBody = z
  .object({ minutes: z.array(z.number().int().min(1).max(2880)).max(4).describe('minutes before each deadline; [] turns reminders off') })
  .strict();

/** Reply of GET /api/games/:id/reminders (moderators): the leads and the planned slots. */
export const remindersReply = z.object({
  minutes: z.array(z.number()),
  slots: z.array(z.object({ id: z.string(), kind: z.string(), deadline: z.string(), dueAt: z.number(), done: z.boolean() })),
});
/** The reminders of a game. */
export type RemindersReply = z.infer<typeof remindersReply>;

/** Reply of GET/POST /api/games/:id/digest (moderators). */
export const digestReply = z.object({
  deadlines: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      at: z.number(),
      pending: z.array(z.object({ name: z.string(), commands: z.array(z.string()) })),
    }),
  ),
  counters: z.array(z.object({ name: z.string(), counter: z.string(), value: z.number(), limit: z.number() })),
  quiet: z.array(z.string()),
});
/** A digest. */
export type DigestReply = z.infer<typeof digestReply>;

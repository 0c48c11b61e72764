// Builds the notifications of a server (issue 26) from its store and services: the VAPID keys and the link secret
// (made at the first start, kept in the store), the push channel, the SMTP sender and mail channel when `--smtp` is
// given, the contacts service, and the notifier. The composition root (main.ts) and the tests call it.
import type { Accounts } from '../app/accounts.ts';
import type { Clock } from '../app/clock.ts';
import { Contacts, type ContactsOptions } from '../app/contacts.ts';
import type { DeliveryChannel } from '../app/delivery.ts';
import type { GameService, Log } from '../app/game-service.ts';
import { defaultFrom, linkSecret, MailChannel, type MailSender, SmtpSender } from '../app/mail.ts';
import { Notifier, type NotifierOptions } from '../app/notifier.ts';
import { PushChannel, vapidKeys } from '../app/push.ts';
import type { Store } from '../store/types.ts';
import type { NotifyDeps } from './routes/notify.ts';

/** Options of the notifications. */
export interface NotifySetup {
  readonly store: Store;
  readonly service: GameService;
  readonly accounts: Accounts;
  readonly clock: Clock;
  readonly log?: Log;
  /** The server's public URL, for links in mail and push (asked when a message is made: a port may be chosen late). */
  readonly baseUrl: () => string;
  /** `smtp://user:pass@host:port`: mail goes out through it; without it the e-mail options are off. */
  readonly smtp?: string;
  /** The From address of mail (default `Narrator <narrator@host>`). */
  readonly mailFrom?: string;
  /** A mail sender to use instead of SMTP (unit tests). */
  readonly sender?: MailSender;
  /** Accept http push endpoints (tests on loopback). */
  readonly insecurePush?: boolean;
  /** How often pages ask for their notifications (real ms, default 30 s). */
  readonly pagePollMs?: number;
  /** The notifier's own timing (polls, leases, real time). */
  readonly notifier?: Pick<NotifierOptions, 'pollMs' | 'leaseMs' | 'deliveryLeaseMs' | 'realNow'>;
  /** The contacts service's limits and expiries. */
  readonly contacts?: Pick<ContactsOptions, 'realNow' | 'resetTtlMs' | 'verifyTtlMs' | 'perAddress' | 'perAccount'>;
}

/** The notifications of a running server. */
export interface Notifications extends NotifyDeps {
  /** Closes the SMTP connections. */
  close(): void;
}

/** Builds the notifications. */
export async function setupNotifications(o: NotifySetup): Promise<Notifications> {
  const [keys, secret] = await Promise.all([vapidKeys(o.store.notify), linkSecret(o.store.notify)]);
  const smtp = o.smtp ? new SmtpSender({ url: o.smtp, from: o.mailFrom ?? defaultFrom(o.baseUrl()) }) : undefined;
  const sender = o.sender ?? smtp;
  const push = new PushChannel({
    store: o.store.notify,
    keys,
    // RFC 8292: a contact for the push services; the server's own address serves.
    subject: `mailto:${(o.mailFrom ?? defaultFrom(o.baseUrl())).replace(/^.*<([^>]+)>.*$/, '$1')}`,
    baseUrl: o.baseUrl,
    ...(o.insecurePush ? { allowHttp: true } : {}),
  });
  const channels: DeliveryChannel[] = [push, ...(sender ? [new MailChannel({ sender, baseUrl: o.baseUrl, secret })] : [])];
  const notifier = new Notifier({ store: o.store, service: o.service, clock: o.clock, channels, ...(o.log ? { log: o.log } : {}), ...o.notifier });
  const contacts = new Contacts({
    store: o.store,
    accounts: o.accounts,
    baseUrl: o.baseUrl,
    ...(sender ? { sender } : {}),
    ...(o.log ? { log: o.log } : {}),
    ...o.contacts,
  });
  return { notifier, contacts, push, linkSecret: secret, pollMs: o.pagePollMs ?? 30_000, close: () => smtp?.close() };
}

// E-mail (issue 26): the SMTP transport of `narrator serve --smtp smtp://user:pass@host:port` (nodemailer), the mail
// channel of the outbox (reminders and digests to a verified address, in the account's language), and the one-click
// unsubscribe every such mail carries: a `List-Unsubscribe` header with `List-Unsubscribe-Post` (RFC 8058, a POST
// the mail client makes) and a link in the text to a page with one button. The unsubscribe token is the account id
// signed with the installation's secret, so it needs no table and works from any instance.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import { type ContactRecord, LINK_SECRET_META_KEY, type NotificationKind, type NotificationRecord, type NotifyStore } from '../store/notify.ts';
import type { DeliveryChannel } from './delivery.ts';
import { isNoticeLocale, type NoticeLocale } from './notice-texts.ts';
import { MAILED, renderNotice, say } from './notices.ts';

/** One message to send. */
export interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** A stable id (`<id@host>`): a message sent twice for one notification carries the same one. */
  readonly messageId?: string;
  readonly language: NoticeLocale;
  /** The one-click unsubscribe URL (header) for reminder and digest mails. */
  readonly unsubscribe?: string;
}

/** Sends mail; the SMTP transport in production, a recorder in unit tests. */
export interface MailSender {
  send(m: Mail): Promise<void>;
}

/** Options of the SMTP sender. */
export interface SmtpOptions {
  /** `smtp://user:pass@host:port` (or `smtps://`). */
  readonly url: string;
  /** The From address (default `Narrator <narrator@host of the public URL>`). */
  readonly from: string;
}

/** The address mail comes from when `--mail-from` names none. */
export function defaultFrom(baseUrl: string): string {
  let host = 'localhost';
  try {
    host = new URL(baseUrl).hostname || host;
  } catch {
    // keep localhost
  }
  return `Narrator <narrator@${host}>`;
}

/** Checks an SMTP URL before the server starts (a typo is the operator's, not a mail that fails days later). */
export function checkSmtpUrl(url: string): string | undefined {
  try {
    const u = new URL(url);
    if (u.protocol !== 'smtp:' && u.protocol !== 'smtps:') return `the SMTP URL must start with smtp:// or smtps://, not ${u.protocol}//`;
    if (!u.hostname) return 'the SMTP URL names no host';
    return undefined;
  } catch {
    return `"${url}" is not a URL (smtp://user:pass@host:port)`;
  }
}

/** Mail through an SMTP server. */
export class SmtpSender implements MailSender {
  private readonly transport: Transporter;

  constructor(private readonly o: SmtpOptions) {
    this.transport = nodemailer.createTransport(o.url);
  }

  /** See MailSender.send. */
  async send(m: Mail): Promise<void> {
    await this.transport.sendMail({
      from: this.o.from,
      to: m.to,
      subject: m.subject,
      text: m.text,
      ...(m.messageId ? { messageId: m.messageId } : {}),
      headers: {
        'Content-Language': m.language,
        // An automatic mail: no out-of-office replies to it (RFC 3834).
        'Auto-Submitted': 'auto-generated',
        ...(m.unsubscribe ? { 'List-Unsubscribe': `<${m.unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
      },
    });
  }

  /** Closes the connection pool. */
  close(): void {
    this.transport.close();
  }
}

/** The secret that signs unsubscribe tokens (made at the first start, kept in the store). */
export function linkSecret(store: NotifyStore): Promise<string> {
  return store.secret(LINK_SECRET_META_KEY, () => randomBytes(32).toString('base64url'));
}

const sign = (secret: string, accountId: string) => createHmac('sha256', secret).update(`unsubscribe\u0000${accountId}`).digest('base64url').slice(0, 32);

/** The token of an account's unsubscribe link. */
export function unsubscribeToken(secret: string, accountId: string): string {
  return `${Buffer.from(accountId).toString('base64url')}.${sign(secret, accountId)}`;
}

/** The account an unsubscribe token names, if its signature holds. */
export function unsubscribeAccount(secret: string, token: string): string | undefined {
  const [id64, mac] = token.split('.');
  if (!id64 || !mac || token.length > 200) return undefined;
  const accountId = Buffer.from(id64, 'base64url').toString();
  const want = Buffer.from(sign(secret, accountId));
  const got = Buffer.from(mac);
  return got.length === want.length && timingSafeEqual(got, want) ? accountId : undefined;
}

/** The links of an unsubscribe token: the header's (a POST makes it) and the text's (a page with one button). */
export function unsubscribeLinks(baseUrl: string, token: string): { readonly post: string; readonly page: string } {
  const base = baseUrl.replace(/\/$/, '');
  return { post: `${base}/api/unsubscribe/${token}`, page: `${base}/#/unsubscribe/${token}` };
}

/** The language of an account's mail: its own, else English. */
export function mailLocale(contact: ContactRecord | undefined): NoticeLocale {
  return isNoticeLocale(contact?.locale) ? contact.locale : 'en';
}

/** Options of the mail channel. */
export interface MailChannelOptions {
  readonly sender: MailSender;
  readonly baseUrl: () => string;
  readonly secret: string;
}

/** Reminders and digests by e-mail to a verified address. */
export class MailChannel implements DeliveryChannel {
  /** Serves the `mail` target. */
  readonly kind = 'mail';

  constructor(private readonly o: MailChannelOptions) {}

  /** See DeliveryChannel.targetsFor: a verified address that wants mail, for reminders and digests. */
  async targetsFor(_accountId: string, contact: ContactRecord | undefined, kind: NotificationKind): Promise<string[]> {
    return MAILED.has(kind) && contact?.email && contact.verifiedAt !== null && contact.prefs.mail ? ['mail'] : [];
  }

  /** See DeliveryChannel.deliver: to the address verified now (a later change or an unsubscribe is honoured). */
  async deliver(n: NotificationRecord, _target: string, contact: ContactRecord | undefined): Promise<'sent' | 'dropped'> {
    if (!contact?.email || contact.verifiedAt === null || !contact.prefs.mail) return 'dropped';
    const language = mailLocale(contact);
    const r = renderNotice(n, language, this.o.baseUrl());
    const links = unsubscribeLinks(this.o.baseUrl(), unsubscribeToken(this.o.secret, n.accountId));
    const host = new URL(this.o.baseUrl()).hostname || 'localhost';
    await this.o.sender.send({
      to: contact.email,
      subject: r.title,
      text: [
        ...r.lines,
        '',
        say(language, 'mail.open', { link: r.link }),
        '',
        '--',
        say(language, 'mail.why'),
        say(language, 'mail.unsubscribe', { link: links.page }),
      ].join('\n'),
      messageId: `<${n.id}@${host}>`,
      language,
      unsubscribe: links.post,
    });
    return 'sent';
  }
}

// An account's e-mail address and notification settings, and the password reset by e-mail (issue 26). An address
// receives nothing but its verification mail until the link in it is followed. A reset is asked for by account name
// or by a verified address and answered the same whether such an account exists or not (the mail, if any, leaves
// after the answer, so the time taken tells nothing either); its link works once, for an hour, and setting the new
// password ends every session of the account. Both mail endpoints are rate-limited per client address and per
// account. Tokens are stored as their SHA-256 only; every expiry runs on real time, never on a scaled game clock.
import { createHash, randomBytes } from 'node:crypto';
import type { Millis } from '../core/types.ts';
import { type ContactRecord, DEFAULT_PREFS, type NotifyPrefs } from '../store/notify.ts';
import type { AccountRecord, Store } from '../store/types.ts';
import { type Accounts, type Limit, nameKey, RateLimiter } from './accounts.ts';
import { AppError } from './errors.ts';
import type { Log } from './game-service.ts';
import { type MailSender, mailLocale } from './mail.ts';
import { isNoticeLocale } from './notice-texts.ts';
import { say } from './notices.ts';

/** What an account's settings page shows. */
export interface NotifySettings {
  readonly email: string | null;
  readonly verified: boolean;
  readonly locale: string | null;
  readonly prefs: NotifyPrefs;
  /** Whether this server sends mail at all (`--smtp`): without it the e-mail options are hidden. */
  readonly mail: boolean;
}

/** Options of the contacts service. */
export interface ContactsOptions {
  readonly store: Store;
  readonly accounts: Accounts;
  /** The mail transport; absent when the server runs without `--smtp`. */
  readonly sender?: MailSender;
  /** The server's public URL (the links in the mails). */
  readonly baseUrl: () => string;
  readonly log?: Log;
  /** Real time (tests move it). */
  readonly realNow?: () => Millis;
  /** How long a reset link works (real ms, default an hour). */
  readonly resetTtlMs?: number;
  /** How long a verification link works (real ms, default a day). */
  readonly verifyTtlMs?: number;
  /** Mail requests per client address (default 10 an hour). */
  readonly perAddress?: Limit;
  /** Mails per account (default 5 an hour). */
  readonly perAccount?: Limit;
}

/** The longest address accepted (RFC 5321's path limit). */
const MAX_EMAIL = 254;
const EMAIL = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:".]{2,}$/u;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** E-mail addresses, settings and password resets. */
export class Contacts {
  private readonly realNow: () => Millis;
  private readonly perAddress: RateLimiter;
  private readonly perAccount: RateLimiter;
  /** Mails being sent after their request was answered (tests wait for them). */
  private readonly sending = new Set<Promise<void>>();

  constructor(private readonly o: ContactsOptions) {
    this.realNow = o.realNow ?? Date.now;
    this.perAddress = new RateLimiter(o.perAddress?.max ?? 10, o.perAddress?.windowMs ?? 3_600_000);
    this.perAccount = new RateLimiter(o.perAccount?.max ?? 5, o.perAccount?.windowMs ?? 3_600_000);
  }

  /** Whether the server sends mail. */
  get mailOn(): boolean {
    return this.o.sender !== undefined;
  }

  private async contactOf(accountId: string): Promise<ContactRecord> {
    return (await this.o.store.notify.contact(accountId)) ?? { accountId, email: null, verifiedAt: null, locale: null, prefs: DEFAULT_PREFS };
  }

  private view(c: ContactRecord): NotifySettings {
    return { email: c.email, verified: c.email !== null && c.verifiedAt !== null, locale: c.locale, prefs: c.prefs, mail: this.mailOn };
  }

  /** An account's settings. */
  async settings(accountId: string): Promise<NotifySettings> {
    return this.view(await this.contactOf(accountId));
  }

  /** Changes an account's language and preferences. */
  async update(accountId: string, change: { readonly locale?: string; readonly prefs?: Partial<NotifyPrefs> }): Promise<NotifySettings> {
    const c = await this.contactOf(accountId);
    if (change.locale !== undefined && !isNoticeLocale(change.locale))
      throw new AppError('settings.invalid_locale', 400, 'the language must be one of en, el, de, ru');
    const prefs = { ...c.prefs, ...change.prefs };
    const next: ContactRecord = { ...c, ...(change.locale !== undefined ? { locale: change.locale } : {}), prefs };
    await this.o.store.notify.saveContact(next);
    return this.view(next);
  }

  private requireMail(): MailSender {
    if (!this.o.sender) throw new AppError('mail.off', 409, 'this server sends no e-mail (it was started without --smtp)');
    return this.o.sender;
  }

  private limit(client: string, accountId?: string): boolean {
    const now = this.realNow();
    if (!this.perAddress.hit(client, now)) throw new AppError('mail.rate_limited', 429, 'too many mail requests from this address; wait and try again');
    return accountId === undefined || this.perAccount.hit(accountId, now);
  }

  private async token(account: AccountRecord, purpose: 'verify' | 'reset', email: string, ttl: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.realNow();
    await this.o.store.notify.addToken({ hash: sha256(token), accountId: account.id, purpose, email, createdAt: now, expiresAt: now + ttl, usedAt: null });
    return token;
  }

  private link(path: string): string {
    return `${this.o.baseUrl().replace(/\/$/, '')}/#/${path}`;
  }

  /** Sets the account's address (unverified) and mails it a verification link. */
  async setEmail(account: AccountRecord, email: string, client: string): Promise<NotifySettings> {
    const sender = this.requireMail();
    const clean = email.trim();
    if (clean.length > MAX_EMAIL || !EMAIL.test(clean)) throw new AppError('mail.invalid_address', 400, `"${clean.slice(0, 80)}" is not an e-mail address`);
    if (!this.limit(client, account.id)) throw new AppError('mail.rate_limited', 429, 'too many mails to this account; wait and try again');
    const c = await this.contactOf(account.id);
    const next: ContactRecord = { ...c, email: clean, verifiedAt: null };
    await this.o.store.notify.saveContact(next);
    const token = await this.token(account, 'verify', clean, this.o.verifyTtlMs ?? 86_400_000);
    const language = mailLocale(next);
    await sender.send({
      to: clean,
      subject: say(language, 'verify.subject'),
      text: say(language, 'verify.body', { name: account.name, email: clean, link: this.link(`verify-email/${token}`) }),
      language,
    });
    return this.view(next);
  }

  /** Removes the account's address. */
  async removeEmail(accountId: string): Promise<NotifySettings> {
    const next: ContactRecord = { ...(await this.contactOf(accountId)), email: null, verifiedAt: null };
    await this.o.store.notify.saveContact(next);
    return this.view(next);
  }

  /** Follows a verification link: the address it was sent to is verified, if it is still the account's. */
  async verify(token: string): Promise<{ readonly accountId: string; readonly email: string }> {
    const t = await this.o.store.notify.useToken(sha256(token), 'verify', this.realNow());
    if (!t) throw new AppError('mail.token_invalid', 400, 'this link is unknown, used or expired; ask for a new one');
    const c = await this.contactOf(t.accountId);
    if (c.email !== t.email) throw new AppError('mail.token_invalid', 400, 'this link is for an address the account no longer uses');
    await this.o.store.notify.saveContact({ ...c, verifiedAt: this.realNow() });
    return { accountId: t.accountId, email: t.email };
  }

  /** Unsubscribes an account from reminder and digest mail (the one-click link). */
  async unsubscribe(accountId: string): Promise<void> {
    const c = await this.contactOf(accountId);
    await this.o.store.notify.saveContact({ ...c, prefs: { ...c.prefs, mail: false } });
  }

  /**
   * Asks for a password reset by account name or verified address. Answers at once, the same in every case; a mail
   * leaves afterwards for each account it names that has a verified address and is under its mail limit.
   */
  requestReset(login: string, client: string): void {
    this.requireMail();
    this.limit(client);
    const p = this.sendResets(login.trim())
      .catch((e: unknown) => this.o.log?.warn({ err: (e as Error).message }, 'password reset mail not sent'))
      .finally(() => this.sending.delete(p));
    this.sending.add(p);
  }

  private async sendResets(login: string): Promise<void> {
    const sender = this.requireMail();
    const byName = login.includes('@') ? undefined : await this.o.store.accountByName(nameKey(login));
    const contacts = byName ? [await this.contactOf(byName.id)] : login.includes('@') ? await this.o.store.notify.contactsByEmail(login) : [];
    for (const c of contacts) {
      if (!c.email || c.verifiedAt === null || !this.perAccount.hit(c.accountId, this.realNow())) continue;
      const account = byName ?? (await this.o.store.account(c.accountId));
      if (!account) continue;
      const ttl = this.o.resetTtlMs ?? 3_600_000;
      const token = await this.token(account, 'reset', c.email, ttl);
      const language = mailLocale(c);
      await sender.send({
        to: c.email,
        subject: say(language, 'reset.subject'),
        text: say(language, 'reset.body', { name: account.name, minutes: Math.round(ttl / 60_000), link: this.link(`reset/${token}`) }),
        language,
      });
    }
  }

  /** Sets a new password with a reset link (once) and ends every session of the account; returns the account id. */
  async reset(token: string, password: string): Promise<string> {
    if (password.length < 8) throw new AppError('account.weak_password', 400, 'a password has at least 8 characters');
    const t = await this.o.store.notify.useToken(sha256(token), 'reset', this.realNow());
    if (!t) throw new AppError('mail.token_invalid', 400, 'this link is unknown, used or expired; ask for a new one');
    await this.o.store.setPasswordHash(t.accountId, await this.o.accounts.hash(password));
    await this.o.store.deleteSessionsOf(t.accountId);
    return t.accountId;
  }

  /** Waits for the mails being sent after their answer (tests). */
  async idle(): Promise<void> {
    while (this.sending.size > 0) await Promise.allSettled([...this.sending]);
  }
}

// A real SMTP server on loopback (the `smtp-server` package) that keeps every message it is given, parsed with
// `mailparser`, for the e-mail tests: recipient, language, links and the unsubscribe headers are read from what
// actually crossed the wire. It demands the user and password of its URL (AUTH PLAIN/LOGIN without TLS, loopback only).
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as received. */
export interface Received {
  /** The envelope's recipients (RCPT TO). */
  readonly to: readonly string[];
  readonly from: string;
  readonly mail: ParsedMail;
  /** The raw header lines by lower-case name (first occurrence). */
  header(name: string): string | undefined;
}

/** A mailbox listening on loopback. */
export interface Mailbox {
  /** `smtp://user:pass@127.0.0.1:port`. */
  readonly url: string;
  readonly messages: Received[];
  /** Waits until `n` messages (in total) arrived, or fails after `ms`. */
  waitFor(n: number, ms?: number): Promise<void>;
  close(): Promise<void>;
}

/** Starts a mailbox. */
export async function mailbox(): Promise<Mailbox> {
  const messages: Received[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === 'narrator' && auth.password === 's3cret') cb(null, { user: auth.username });
      else cb(new Error('bad credentials'));
    },
    onData(stream, session, cb) {
      simpleParser(stream)
        .then((mail) => {
          messages.push({
            to: (session.envelope.rcptTo ?? []).map((r) => r.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            mail,
            header: (name) => {
              const v = mail.headerLines.find((l) => l.key === name.toLowerCase())?.line;
              return v?.slice(v.indexOf(':') + 1).trim();
            },
          });
          cb();
        })
        .catch((e: Error) => cb(e));
    },
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://narrator:s3cret@127.0.0.1:${port}`,
    messages,
    async waitFor(n, ms = 10_000) {
      const until = Date.now() + ms;
      while (messages.length < n) {
        if (Date.now() > until) throw new Error(`expected ${n} mails, got ${messages.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

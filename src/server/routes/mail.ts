// The e-mail routes (issue 26): the account's address and its verification, the password reset by e-mail and the
// one-click unsubscribe of reminder mail. Without `--smtp` the address and reset routes answer 409 mail.off: the API
// says e-mail is off, it does not fail.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../app/errors.ts';
import { unsubscribeAccount } from '../../app/mail.ts';
import { emailBody, notifySettingsReply, resetConfirmBody, resetRequestBody, tokenBody } from '../../protocol/index.ts';
import { route } from '../http.ts';
import { type NotifyDeps, settingsOf } from './notify.ts';
import type { RouteDeps } from './shared.ts';

/** Registers the e-mail routes. */
export function registerMailRoutes(app: FastifyInstance, d: RouteDeps, n: NotifyDeps): void {
  const settings = (accountId: string) => settingsOf(n, accountId);

  route(app, {
    method: 'POST',
    url: '/api/me/email',
    summary: 'Sets the caller’s e-mail address and mails it a verification link (409 mail.off without --smtp; rate-limited)',
    tags: ['notifications'],
    auth: 'account',
    body: emailBody,
    response: { 202: notifySettingsReply },
    async handler({ req, body, reply }) {
      await n.contacts.setEmail(req.principal!.account, body.email, req.ip);
      reply.code(202);
      return settings(req.principal!.account.id);
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/api/me/email',
    summary: 'Removes the caller’s e-mail address',
    tags: ['notifications'],
    auth: 'account',
    response: { 200: notifySettingsReply },
    async handler({ req }) {
      await n.contacts.removeEmail(req.principal!.account.id);
      return settings(req.principal!.account.id);
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/email/verify',
    summary: 'Verifies an e-mail address with the token of its mailed link (400 mail.token_invalid: unknown, used or expired)',
    tags: ['notifications'],
    auth: 'none',
    body: tokenBody,
    async handler({ body }) {
      const r = await n.contacts.verify(body.token);
      return { email: r.email };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/password-reset',
    summary: 'Asks for a password reset mail by account name or verified address: always 202, whether or not such an account exists (rate-limited per client)',
    tags: ['accounts'],
    auth: 'none',
    body: resetRequestBody,
    handler({ body, req, reply }) {
      n.contacts.requestReset(body.login, req.ip);
      reply.code(202);
      return { ok: true };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/password-reset/confirm',
    summary: 'Sets a new password with the token of a reset mail (once, within the hour) and ends every session of the account',
    tags: ['accounts'],
    auth: 'none',
    body: resetConfirmBody,
    async handler({ body, reply }) {
      const accountId = await n.contacts.reset(body.token, body.password);
      d.sessions.dropAccount(accountId);
      reply.code(204).send();
    },
  });

  const unsubscribed = (token: string) => {
    const accountId = unsubscribeAccount(n.linkSecret, token);
    if (!accountId) throw new AppError('mail.token_invalid', 400, 'this unsubscribe link is not valid');
    return accountId;
  };

  route(app, {
    method: 'GET',
    url: '/api/unsubscribe/:token',
    summary: 'Whose reminder mail an unsubscribe link stops (the page behind the mail’s link shows it)',
    tags: ['notifications'],
    auth: 'none',
    params: z.object({ token: z.string().min(10).max(200) }),
    async handler({ params }) {
      const account = await d.store.account(unsubscribed(params.token));
      if (!account) throw new AppError('mail.token_invalid', 400, 'this unsubscribe link is not valid');
      return { name: account.name };
    },
  });

  // RFC 8058: a mail client's one-click unsubscribe POSTs `List-Unsubscribe=One-Click` as a form; this route alone
  // takes a form body (its own scope), the rest of the API stays JSON.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    route(scope, {
      method: 'POST',
      url: '/api/unsubscribe/:token',
      summary: 'Stops the account’s reminder and digest mail (one click: RFC 8058 List-Unsubscribe-Post, or the page’s button)',
      tags: ['notifications'],
      auth: 'none',
      params: z.object({ token: z.string().min(10).max(200) }),
      async handler({ params }) {
        await n.contacts.unsubscribe(unsubscribed(params.token));
        return { ok: true };
      },
    });
  });
}

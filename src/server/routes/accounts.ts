// Accounts and sessions: sign-up, log-in, log-out and who the caller is.
import type { FastifyInstance } from 'fastify';
import { authReply, credentials } from '../../protocol/index.ts';
import { clearSessionCookies, SESSION_COOKIE, setSessionCookies } from '../auth.ts';
import { route } from '../http.ts';
import type { RouteDeps } from './shared.ts';

/** Registers the account and session routes. */
export function registerAccountRoutes(app: FastifyInstance, d: RouteDeps): void {
  const { accounts } = d;

  route(app, {
    method: 'POST',
    url: '/api/accounts',
    summary: 'Sign up (and log in); rate-limited per client address',
    tags: ['accounts'],
    auth: 'none',
    body: credentials,
    response: { 201: authReply },
    async handler({ body, req, reply }) {
      const a = await accounts.signUp(body.name, body.password, req.ip);
      const { token, csrf } = await accounts.openSession(a);
      setSessionCookies(reply, token, csrf, d.secureCookies);
      reply.code(201);
      return { account: { id: a.id, name: a.name }, csrfToken: csrf };
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/sessions',
    summary: 'Log in (rate-limited per name and client, and per client; a name under attack is slowed down)',
    tags: ['accounts'],
    auth: 'none',
    body: credentials,
    response: { 200: authReply },
    async handler({ body, req, reply }) {
      const r = await accounts.logIn(body.name, body.password, req.ip);
      setSessionCookies(reply, r.token, r.csrf, d.secureCookies);
      return { account: { id: r.account.id, name: r.account.name }, csrfToken: r.csrf };
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/api/sessions/current',
    summary: 'Log out',
    tags: ['accounts'],
    auth: 'account',
    async handler({ req, reply }) {
      const token = req.cookies[SESSION_COOKIE]!;
      await accounts.logOut(token);
      d.sessions.drop(token);
      clearSessionCookies(reply);
      reply.code(204).send();
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/me',
    summary: 'The logged-in account and its CSRF token',
    tags: ['accounts'],
    auth: 'account',
    response: { 200: authReply },
    handler: ({ req }) => ({ account: { id: req.principal!.account.id, name: req.principal!.account.name }, csrfToken: req.principal!.session.csrf }),
  });
}

// Builds the Fastify application: error shape, authentication, OpenAPI at /docs, the API, WebSocket updates and
// the static web app. No listening and no I/O setup here: main.ts wires the store, clock and logger.
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import type { Accounts } from '../app/accounts.ts';
import type { Clock } from '../app/clock.ts';
import type { GameService } from '../app/game-service.ts';
import { narratorPackage } from '../app/package-dir.ts';
import type { BalanceOptions } from '../app/setup-preview.ts';
import type { Store } from '../store/types.ts';
import { CSRF_HEADER, installAuth, SESSION_CACHE_MS, SESSION_COOKIE, SessionCache } from './auth.ts';
import { addressMatcher, type ConnectionLimits, capConnections, clientErrorHandler, connectionLimits, serverTimeouts } from './connections.ts';
import { type Lifecycle, registerReady } from './health.ts';
import { type HeavyReadOptions, HeavyReads } from './heavy-reads.ts';
import { classify, namedSchemas, sendError } from './http.ts';
import { registerRoutes } from './routes/index.ts';
import type { NotifyDeps } from './routes/notify.ts';
import { installSecurityHeaders, securityHeaderOptions } from './security-headers.ts';
import { DEFAULT_WS_OPTIONS, registerWs, type WsOptions } from './ws.ts';

/** What the application is built from. */
export interface ServerDeps {
  readonly store: Store;
  readonly service: GameService;
  readonly accounts: Accounts;
  readonly clock: Clock;
  readonly logger?: FastifyBaseLogger;
  /** Folder of the static web app (default: public/ of the package). */
  readonly publicDir?: string;
  /** Mark cookies Secure (serve behind HTTPS). */
  readonly secureCookies?: boolean;
  /** Largest accepted request body in bytes. */
  readonly bodyLimit?: number;
  /** The WebSocket's caps (default DEFAULT_WS_OPTIONS). */
  readonly ws?: WsOptions;
  /** Request timeouts and the connections per client address (default: `connectionLimits` of the WebSocket caps). */
  readonly connections?: ConnectionLimits;
  /** The whole-log reads' budgets, cache and slices (default DEFAULT_HEAVY_READS). */
  readonly heavyReads?: HeavyReadOptions;
  /** How the create form's balance previews run (default DEFAULT_BALANCE). */
  readonly balance?: BalanceOptions;
  /**
   * Addresses (or CIDRs, comma-separated) of the reverse proxies whose X-Forwarded-For names the client. Only
   * those are believed: the rate limits per client address would otherwise be a header away from useless.
   */
  readonly trustProxy?: string;
  /** Shutting down (turns /api/ready 503); the composition root owns it. */
  readonly lifecycle?: Lifecycle;
  /** Notifications: reminders, the list, push and mail (issue 26); without them their routes are absent. */
  readonly notify?: NotifyDeps;
}

/** The package's static folder. */
export const PUBLIC_DIR = join(narratorPackage().dir, 'public');

/**
 * The OpenAPI description (rendered as Markdown by /docs): placeholders are written as upper-case words inside
 * code spans, because Swagger UI drops anything that looks like an HTML tag such as `<id>`.
 */
function apiDescription(): string {
  return [
    'Automatic moderator for play-by-post Mafia games.',
    '',
    `Log in with \`POST /api/sessions\`; the session cookie (\`${SESSION_COOKIE}\`) is HttpOnly, and every POST or DELETE made ` +
      `with it must carry the \`csrfToken\` of the log-in reply in the \`${CSRF_HEADER}\` header. To play from this page: ` +
      'call `POST /api/sessions` with "Try it out", copy `csrfToken` from the reply, and paste it into **Authorize** → `csrf`.',
    '',
    'Errors are `{"error":{"code","message"}}` with a stable code.',
    '',
    'Live updates: open a WebSocket on `/api/ws` and send `{"type":"subscribe","game":"GAME_ID","from":SEQ}`, where ' +
      "`GAME_ID` is the game's id and `SEQ` the last event sequence number you have seen.",
  ].join('\n');
}

/** Builds the server (call `listen` or `inject` on it). */
export async function buildServer(d: ServerDeps): Promise<FastifyInstance> {
  const connections = d.connections ?? connectionLimits(d.ws ?? DEFAULT_WS_OPTIONS);
  const app = Fastify({
    // A request must arrive whole in time (slow bodies held sockets open for ever); connection errors get our shape.
    ...serverTimeouts(connections),
    clientErrorHandler,
    ...(d.logger ? { loggerInstance: d.logger } : { logger: false }),
    bodyLimit: d.bodyLimit ?? 64 * 1024,
    // One log line per request would dominate the log of a busy game; errors are logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
    routerOptions: { maxParamLength: 200 },
    ...(d.trustProxy ? { trustProxy: d.trustProxy } : {}),
    // Errors Fastify raises before routing (an overlong or undecodable URL) get the same error shape.
    frameworkErrors: (err, _req, reply) => {
      const e = err as { code?: string };
      if (e.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendError(reply, 414, 'request.uri_too_long', 'a path segment is too long');
      if (e.code === 'FST_ERR_BAD_URL') return sendError(reply, 400, 'request.bad_url', 'the URL cannot be decoded');
      return sendError(reply, 400, 'request.invalid', 'bad request');
    },
  });
  capConnections(app.server, connections.perAddress, addressMatcher(d.trustProxy));
  // zod validates every request (see http.ts); Fastify's own compilers would only duplicate it.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.setErrorHandler((err, req, reply) => {
    const c = classify(err);
    // A 503 (the database is down, the instance is draining) is an expected condition the client retries, not a bug.
    if (c.status === 503) req.log.warn({ code: c.code, url: req.url }, 'request answered 503');
    else if (c.status >= 500) req.log.error({ err, url: req.url }, 'request failed');
    return sendError(reply, c.status, c.code, c.message, c.details);
  });
  app.setNotFoundHandler((req, reply) => sendError(reply, 404, 'route.not_found', `no route ${req.method} ${req.url.slice(0, 200)}`));

  // Security headers on every answer, errors included (the hook runs on request, before routing).
  installSecurityHeaders(app, securityHeaderOptions(d.secureCookies === true));
  await app.register(fastifyCookie);
  await app.register(fastifyWebsocket, {
    options: { maxPayload: 64 * 1024 },
    // Shutting down: every client is told to reconnect (1012 "service restart") — to another instance, or to this
    // one once it is back — and resumes from its last seq.
    preClose(done) {
      for (const client of app.websocketServer.clients) client.close(1012, 'server restarting; reconnect');
      done();
    },
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Narrator API',
        version: '0.1.0',
        description: apiDescription(),
      },
      components: {
        schemas: namedSchemas(),
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'set by POST /api/sessions (the browser sends it)' },
          csrf: {
            type: 'apiKey',
            in: 'header',
            name: CSRF_HEADER,
            description: 'the csrfToken of the log-in reply; every POST or DELETE made with the session cookie',
          },
        },
      },
    },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    // Swagger UI sets inline styles from its script (syntax highlighting): /docs alone allows them; scripts stay 'self'.
    transformStaticCSP: (header) => header.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
  });

  // Several processes on one database: no session cache, so a log-out is refused everywhere at once.
  const sessions = new SessionCache(d.accounts, d.store.follow ? 0 : SESSION_CACHE_MS);
  installAuth(app, sessions);
  // On a shared store, a game's request is answered from the store's latest commit: a game created by another
  // instance is loaded, and a read sees every commit made before it (one version query; writes need none, since
  // losing the version race already makes them catch up).
  if (d.store.follow) {
    app.addHook('preHandler', async (req) => {
      const id = (req.params as { id?: unknown } | undefined)?.id;
      if (typeof id === 'string' && (req.method === 'GET' || !d.service.find(id))) await d.service.refresh(id);
    });
  }
  registerRoutes(app, {
    service: d.service,
    accounts: d.accounts,
    sessions,
    store: d.store,
    clock: d.clock,
    secureCookies: d.secureCookies ?? false,
    ...(d.balance ? { balance: d.balance } : {}),
    heavy: new HeavyReads(d.heavyReads),
    ...(d.notify ? { notify: d.notify } : {}),
  });
  registerReady(app, d.store, d.service, d.lifecycle ?? { draining: false });
  registerWs(app, d.service, sessions, d.ws);
  await app.register(fastifyStatic, { root: d.publicDir ?? PUBLIC_DIR, prefix: '/', wildcard: false, index: 'index.html' });
  return app;
}

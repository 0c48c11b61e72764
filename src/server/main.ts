// Composition root of the server: opens the store (SQLite by default, migrating it), builds the services, loads
// every game, serves HTTP and WebSocket, and starts the scheduler. `narrator serve` and `npm start` call `serve`.
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { type AccountOptions, Accounts } from '../app/accounts.ts';
import { type Clock, persistentClock, ScaledClock } from '../app/clock.ts';
import { incompleteCopy } from '../app/copy.ts';
import { AppError } from '../app/errors.ts';
import { GameService } from '../app/game-service.ts';
import { Scheduler } from '../app/scheduler.ts';
import { openStore } from '../store/open.ts';
import type { Store } from '../store/types.ts';
import { buildServer } from './app.ts';
import { type ConnectionLimits, connectionLimits } from './connections.ts';
import { setupDemo } from './demo.ts';
import { setupNotifications } from './notify-setup.ts';
import { DEFAULT_WS_OPTIONS, type WsOptions } from './ws.ts';

/** Options of `narrator serve`. */
export interface ServeOptions {
  readonly port: number;
  readonly host: string;
  /** SQLite file, ':memory:' for a throw-away in-memory store, or a postgres:// URL (any number of server processes). */
  readonly db: string;
  readonly demo?: boolean;
  /** A clock to use as it is; a ScaledClock (`--clock`) is also stored in the database for later boots. */
  readonly clock?: Clock;
  /** `--speed`: game time runs this many times faster, on a timeline the database keeps across restarts. */
  readonly speed?: number;
  readonly logLevel?: string;
  /** Scheduler poll interval (real ms). */
  readonly pollMs?: number;
  /** 'full' fsyncs every commit (see SqliteOptions). */
  readonly synchronous?: 'normal' | 'full';
  readonly accountOptions?: AccountOptions;
  readonly secureCookies?: boolean;
  /** The WebSocket's caps (default DEFAULT_WS_OPTIONS). */
  readonly ws?: WsOptions;
  /** Request timeouts and connections per client address, over `connectionLimits` of the WebSocket caps. */
  readonly connections?: Partial<ConnectionLimits>;
  /** Reverse proxies (addresses or CIDRs, comma-separated) whose X-Forwarded-For is believed; none by default. */
  readonly trustProxy?: string;
  /** PostgreSQL pool size (connections per instance). */
  readonly pool?: number;
  /** Scheduler claim lease (game ms). */
  readonly leaseMs?: number;
  /** Where to print the banner (default stdout). */
  readonly print?: (line: string) => void;
  /** The web app's files to serve at `/` (default the package's public/, the build of web/). */
  readonly publicDir?: string;
  /** `smtp://user:pass@host:port`: e-mail (reminders, verification, password reset) goes through it; none without. */
  readonly smtp?: string;
  /** The From address of mail (default `Narrator <narrator@host of the public URL>`). */
  readonly mailFrom?: string;
  /** The URL players reach this server at, for links in mail and push (default the URL it listens on). */
  readonly publicUrl?: string;
  /** Accept http:// push endpoints (tests with a push service on loopback); real push services are https. */
  readonly insecurePush?: boolean;
  /** How often pages ask for their notifications (real ms, default 30 s). */
  readonly notifyPollMs?: number;
  /** Notifier poll interval (real ms, default 250). */
  readonly notifierPollMs?: number;
  /** How long a delivery's claim holds before another instance may send it again (real ms, default 60 s). */
  readonly deliveryLeaseMs?: number;
}

/** A running server. */
export interface RunningServer {
  readonly url: string;
  readonly app: FastifyInstance;
  readonly service: GameService;
  readonly scheduler: Scheduler;
  readonly store: Store;
  readonly accounts: Accounts;
  /** Reminders, the notification list, push and mail. */
  readonly notify: Awaited<ReturnType<typeof setupNotifications>>;
  /** The game clock in force. */
  readonly clock: Clock;
  /**
   * Graceful shutdown: /api/ready turns 503, the scheduler stops (its claims completed), sockets are told to
   * reconnect, the listener closes after the requests in flight (and their queued commands) are answered, then
   * the store closes.
   */
  close(): Promise<void>;
}

/** Starts a server. */
export async function serve(o: ServeOptions): Promise<RunningServer> {
  const print = o.print ?? ((l: string) => process.stdout.write(`${l}\n`));
  const logger = pino({ level: o.logLevel ?? 'info' });
  const store = await openStore(o.db, { synchronous: o.synchronous ?? 'normal', ...(o.pool !== undefined ? { pool: o.pool } : {}) });
  const unfinished = await incompleteCopy(store);
  if (unfinished) {
    await store.close();
    throw new AppError('store.incomplete_copy', 409, unfinished);
  }
  const clock =
    o.clock && !(o.clock instanceof ScaledClock)
      ? o.clock
      : await persistentClock(store, { ...(o.clock instanceof ScaledClock ? { fixed: o.clock } : {}), ...(o.speed !== undefined ? { speed: o.speed } : {}) });
  const accounts = new Accounts(store, clock, o.accountOptions);
  const service = new GameService({ store, clock, log: logger });
  await service.boot();
  // Links in mail and push name the public URL; without one, the URL this server listens on (known after listen).
  let listening = '';
  const notify = await setupNotifications({
    store,
    service,
    accounts,
    clock,
    log: logger,
    baseUrl: () => o.publicUrl ?? listening,
    ...(o.smtp ? { smtp: o.smtp } : {}),
    ...(o.mailFrom ? { mailFrom: o.mailFrom } : {}),
    ...(o.insecurePush ? { insecurePush: true } : {}),
    ...(o.notifyPollMs !== undefined ? { pagePollMs: o.notifyPollMs } : {}),
    notifier: {
      pollMs: o.notifierPollMs ?? 250,
      ...(o.leaseMs ? { leaseMs: o.leaseMs } : {}),
      ...(o.deliveryLeaseMs !== undefined ? { deliveryLeaseMs: o.deliveryLeaseMs } : {}),
    },
  });
  // Heard before the feed connects, so every commit from here on is planned and fed; the notifier's boot (after the
  // listener is up) heals what a crash left.
  const detach = notify.notifier.attach();
  // After the boot: its first (re)connection compares every stream, which covers commits made during the boot.
  const unfollow = service.follow();
  const lifecycle = { draining: false };
  const app = await buildServer({
    store,
    service,
    accounts,
    clock,
    logger,
    lifecycle,
    secureCookies: o.secureCookies ?? false,
    ...(o.ws ? { ws: o.ws } : {}),
    connections: { ...connectionLimits(o.ws ?? DEFAULT_WS_OPTIONS), ...o.connections },
    ...(o.trustProxy ? { trustProxy: o.trustProxy } : {}),
    ...(o.publicDir ? { publicDir: o.publicDir } : {}),
    notify,
  });
  await app.listen({ port: o.port, host: o.host });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : o.port;
  const url = `http://${o.host.includes(':') ? `[${o.host}]` : o.host}:${port}`;
  listening = url;
  const scheduler = new Scheduler({ timers: store, service, clock, log: logger, pollMs: o.pollMs ?? 100, ...(o.leaseMs ? { leaseMs: o.leaseMs } : {}) });
  scheduler.start();
  let closing: Promise<void> | undefined;
  const notifierBoot = notify.notifier.boot().then(
    () => {
      if (!closing) notify.notifier.start();
    },
    (e: unknown) => logger.error({ err: e }, 'notifier boot failed; reminders wait for the next start'),
  );
  logger.info({ url, store: store.kind, db: o.db, games: service.list().length, mail: o.smtp !== undefined }, 'narrator serving');
  if (o.demo) for (const line of (await setupDemo(service, accounts, clock, url)).lines) print(line);
  print(`Narrator is serving on ${url}  (API docs: ${url}/docs)`);
  const close = () =>
    (closing ??= (async () => {
      lifecycle.draining = true;
      await scheduler.stop();
      await app.close();
      await service.idle();
      // After the last commits: their notifications are stored and the feed cursors written.
      await notifierBoot;
      await notify.notifier.stop();
      detach();
      await unfollow();
      notify.close();
      await store.close();
    })());
  return { url, app, service, scheduler, store, accounts, notify, clock, close };
}

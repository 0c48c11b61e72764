// Live updates over WebSocket (DESIGN.md §6). A client subscribes to games; it gets {type:'event', game, seq,
// event, text?} for every committed event its viewer may see, and nothing at all of the others: `seq` is in the
// viewer's own numbering (a spectator's n-th public event is his seq n; the moderator keeps the global numbers),
// so a stream has no gaps and says nothing of the events hidden from him, not their number nor their time. A
// client that reconnects subscribes with `from` = the last seq it saw and first receives everything after it.
// The viewer is resolved per page and per commit, so a death, a substitution or a new co-moderator changes what
// flows at once; when that changes the viewer's numbering the client is told its new last number ('renumbered').
//
// A catch-up is read in pages outside the game's queue, yielding to the event loop between pages, and only a few
// run at once (the others wait their turn), so sockets replaying a long game cannot stall the votes and requests
// of every game. Sockets, subscriptions and catch-ups are capped per socket and per client address, harder for
// anonymous clients than for logged-in ones.
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { Principal } from '../app/accounts.ts';
import type { GameService, LoadedGame } from '../app/game-service.ts';
import { readAfter, viewerKey } from '../app/views.ts';
import type { GameEvent, Message, Viewer } from '../core/types.ts';
import { type Cursors, canSee } from '../engine/view.ts';
import { renderParts } from '../i18n/render.ts';
import type { StoredEvent } from '../store/types.ts';
import { roleIn, viewerOf } from './access.ts';
import { SESSION_COOKIE, type SessionCache } from './auth.ts';

const clientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), game: z.string().min(1).max(64), from: z.number().int().min(0).max(1e9).default(0) }),
  z.object({ type: z.literal('unsubscribe'), game: z.string().min(1).max(64) }),
  z.object({ type: z.literal('ping') }),
]);

/** Caps for one kind of client (anonymous or logged in). */
export interface WsLimits {
  /** Open sockets per client address. */
  readonly socketsPerAddress: number;
  /** Subscriptions per socket. */
  readonly subscriptionsPerSocket: number;
  /** Subscriptions per client address, over all its sockets. */
  readonly subscriptionsPerAddress: number;
  /** Catch-ups running or waiting per socket. */
  readonly catchUpsPerSocket: number;
  /** Catch-ups running or waiting per client address. */
  readonly catchUpsPerAddress: number;
  /** Messages a socket may send per second on average, and in a burst (a client retrying at once is closed). */
  readonly messagesPerSecond: number;
  readonly messageBurst: number;
}

/** The WebSocket's caps. */
export interface WsOptions {
  readonly anonymous: WsLimits;
  readonly account: WsLimits;
  /** Catch-ups that read at the same time in the whole server; the others wait their turn. */
  readonly catchUpsAtOnce: number;
  /** Events one catch-up page sends before yielding to the event loop. */
  readonly page: number;
  /** How long a subscription over a cap waits before it is refused, so retrying at once gains nothing. */
  readonly refusalDelayMs: number;
}

/** Default caps: a household of players behind one address fits; a crowd of anonymous replays does not. */
export const DEFAULT_WS_OPTIONS: WsOptions = {
  anonymous: {
    socketsPerAddress: 16,
    subscriptionsPerSocket: 8,
    subscriptionsPerAddress: 32,
    catchUpsPerSocket: 1,
    catchUpsPerAddress: 2,
    messagesPerSecond: 5,
    messageBurst: 20,
  },
  account: {
    socketsPerAddress: 64,
    subscriptionsPerSocket: 64,
    subscriptionsPerAddress: 256,
    catchUpsPerSocket: 4,
    catchUpsPerAddress: 8,
    messagesPerSecond: 20,
    messageBurst: 100,
  },
  catchUpsAtOnce: 4,
  page: 50,
  refusalDelayMs: 1000,
};

interface Sub {
  readonly socket: WebSocket;
  readonly principal: Principal | undefined;
  readonly game: string;
  /** The global number up to which this subscriber has had every event it may see. */
  after: number;
  /** The last number it was sent, in its viewer's numbering. */
  last: number;
  /** The viewer that numbering belongs to. */
  key: string;
  /** Unsubscribed or closed: stop a running catch-up. */
  gone: boolean;
}

/** Counts of one client address (per kind of client). */
interface Tally {
  sockets: number;
  subscriptions: number;
  catchUps: number;
}

/** Bytes queued on a socket beyond which the client is too slow and is dropped (it can resume later). */
const MAX_BUFFER = 8 * 1024 * 1024;
/** Bytes queued beyond which a catch-up waits for the client to read before its next page. */
const CATCHUP_BUFFER = 1024 * 1024;
/** How long a catch-up waits for a client that does not read before dropping it. */
const CATCHUP_STALL_MS = 5000;

/** The frame of an event the viewer may see, already numbered in his numbering. */
function wireFor(g: LoadedGame, e: StoredEvent): Record<string, unknown> {
  const ev: GameEvent = e.event;
  const text = ev.type === 'message' ? renderParts(g.variant, g.state.config.locale, (ev.data as { parts: Message[] }).parts) : undefined;
  return { type: 'event', game: g.id, seq: e.seq, event: ev, ...(text !== undefined ? { text } : {}) };
}

const nextTurn = () => new Promise<void>((r) => setImmediate(r));

/** Milliseconds of catch-up work one event-loop turn may hold before the catch-ups yield to requests. */
const SLICE_MS = 1;
/** Catch-ups together use at most BUDGET_MS of every WINDOW_MS, so requests find the process idle most of the time. */
const WINDOW_MS = 20;
const BUDGET_MS = 2;
/** Serialised catch-up frames kept (per game, viewer and event): many clients replaying a game share them. */
const FRAME_CACHE = 30_000;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Registers GET /api/ws. */
export function registerWs(app: FastifyInstance, service: GameService, sessions: SessionCache, options: WsOptions = DEFAULT_WS_OPTIONS): void {
  const subs = new Map<string, Set<Sub>>();
  // Insertion-ordered, so the oldest entry is the first one dropped.
  const frames = new Map<string, string>();
  const frameOf = (g: LoadedGame, key: string, global: number, e: StoredEvent) => {
    const k = `${g.id}:${key}:${global}`;
    let text = frames.get(k);
    if (text === undefined) {
      text = JSON.stringify(wireFor(g, e));
      frames.set(k, text);
      if (frames.size > FRAME_CACHE) frames.delete(frames.keys().next().value!);
    }
    return text;
  };
  // Every catch-up shares one slice of each event-loop turn and one budget per window; past the slice they wait for
  // the next turn, past the budget for the next window.
  let sliceEnd = 0;
  let windowStart = 0;
  let spent = 0;
  const yieldIfSpent = async () => {
    for (;;) {
      const now = performance.now();
      if (now - windowStart >= WINDOW_MS) {
        windowStart = now;
        spent = 0;
      }
      if (spent >= BUDGET_MS) {
        await sleep(windowStart + WINDOW_MS - now);
        continue;
      }
      if (now < sliceEnd) return;
      await nextTurn();
      sliceEnd = performance.now() + SLICE_MS;
      return;
    }
  };
  /** Counts a page's work against the window's budget. */
  const account = (t0: number) => {
    spent += performance.now() - t0;
  };
  const tallies = new Map<string, Tally>();
  const tallyOf = (key: string) => {
    let t = tallies.get(key);
    if (!t) tallies.set(key, (t = { sockets: 0, subscriptions: 0, catchUps: 0 }));
    return t;
  };
  const release = (key: string) => {
    const t = tallies.get(key);
    if (t && t.sockets === 0 && t.subscriptions === 0 && t.catchUps === 0) tallies.delete(key);
  };

  // The server-wide turn of catch-ups: waiters behind `catchUpsAtOnce` running ones, logged-in clients first (a
  // crowd of anonymous replays cannot keep a player from his game), each kind in order of arrival.
  let running = 0;
  const waiting = { account: [] as (() => void)[], anonymous: [] as (() => void)[] };
  const acquire = async (kind: 'account' | 'anonymous') => {
    if (running < options.catchUpsAtOnce) {
      running++;
      return;
    }
    await new Promise<void>((r) => waiting[kind].push(r));
  };
  const releaseTurn = () => {
    const w = waiting.account.shift() ?? waiting.anonymous.shift();
    if (w) w();
    else running--;
  };

  const sendText = (socket: WebSocket, text: string) => {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFER) {
      socket.close(4008, 'too slow; resubscribe with from');
      return;
    }
    socket.send(text);
  };
  const send = (socket: WebSocket, msg: unknown) => sendText(socket, JSON.stringify(msg));

  /** The subscriber's viewer now; when his numbering changed, tells him his last number in the new one. */
  const viewerNow = (g: LoadedGame, s: Sub, cursors: Cursors): Viewer => {
    const viewer = viewerOf(roleIn(g, s.principal));
    const key = viewerKey(viewer);
    if (key !== s.key) {
      s.key = key;
      s.last = cursors.count(viewer, s.after);
      send(s.socket, { type: 'renumbered', game: g.id, seq: s.last });
    }
    return viewer;
  };

  service.onCommit((g, events) => {
    const set = subs.get(g.id);
    if (!set || set.size === 0) return;
    const cursors = g.cursors;
    // Each event is serialised once per viewer of a commit, not once per socket.
    const shared = new Map<string, string>();
    for (const s of set) {
      if (!cursors) {
        // The game was reloaded without its index (another process wrote): the client resumes on a new subscription.
        set.delete(s);
        send(s.socket, { type: 'error', code: 'ws.resubscribe', message: 'the game was reloaded; subscribe again with from' });
        continue;
      }
      const viewer = viewerNow(g, s, cursors);
      for (const e of events) {
        if (e.seq <= s.after) continue;
        s.after = e.seq;
        if (!canSee(viewer, e.event.audience)) continue;
        const k = `${s.key}:${e.seq}`;
        let text = shared.get(k);
        if (text === undefined) {
          const seq = viewer.kind === 'moderator' ? e.seq : cursors.count(viewer, e.seq);
          text = JSON.stringify(wireFor(g, { seq, event: e.event }));
          shared.set(k, text);
        }
        sendText(s.socket, text);
        s.last = viewer.kind === 'moderator' ? e.seq : s.last + 1;
      }
    }
  });

  /** Sends a page of frames in one write (the socket is corked meanwhile): one system call, not one per frame. */
  const sendAll = (socket: WebSocket, texts: readonly string[]) => {
    const raw = rawSocket(socket);
    raw?.cork();
    for (const t of texts) sendText(socket, t);
    raw?.uncork();
  };
  /** Waits while the client has much unread; false when it is gone or does not read (it is dropped then). */
  const drained = async (s: Sub): Promise<boolean> => {
    const stalled = Date.now() + CATCHUP_STALL_MS;
    while (s.socket.readyState === s.socket.OPEN && s.socket.bufferedAmount > CATCHUP_BUFFER) {
      if (Date.now() > stalled) {
        s.socket.close(4008, 'too slow; resubscribe with from');
        return false;
      }
      await sleep(10);
    }
    return s.socket.readyState === s.socket.OPEN && !s.gone;
  };

  /** Sends the subscriber what it missed, page by page, then makes it live (in the same turn as the last check). */
  const catchUp = async (s: Sub): Promise<boolean> => {
    const cursors = await service.cursors(s.game);
    for (;;) {
      if (s.gone) return false;
      const g = service.find(s.game);
      if (!g) return false;
      const viewer = viewerNow(g, s, cursors);
      const upto = g.version;
      await yieldIfSpent();
      if (s.gone) return false;
      const t0 = performance.now();
      // Another client replayed these events a moment ago: its frames are reused without reading the store.
      const globals = cursors.next(viewer, s.after, options.page, upto);
      const cached = globals.map((n) => frames.get(`${s.game}:${s.key}:${n}`));
      if (globals.length > 0 && cached.every((f) => f !== undefined)) {
        sendAll(s.socket, cached as string[]);
        account(t0);
        s.last = viewer.kind === 'moderator' ? globals.at(-1)! : s.last + globals.length;
        s.after = globals.at(-1)!;
        if (!(await drained(s))) return false;
        continue;
      }
      const page = await readAfter(service, s.game, cursors, viewer, s.last, options.page, upto);
      if (s.gone) return false;
      if (page.events.length === 0) {
        // Nothing more up to `upto`: if no commit landed meanwhile, go live now, in this turn.
        if (service.get(s.game).version !== upto || viewerKey(viewerOf(roleIn(g, s.principal))) !== s.key) continue;
        s.after = upto;
        let set = subs.get(s.game);
        if (!set) subs.set(s.game, (set = new Set()));
        set.add(s);
        send(s.socket, { type: 'subscribed', game: s.game, version: cursors.count(viewer, upto) });
        return true;
      }
      sendAll(
        s.socket,
        page.events.map((e, i) => frameOf(g, s.key, page.globals[i]!, e)),
      );
      account(t0);
      s.last = page.last;
      s.after = page.through;
      if (!(await drained(s))) return false;
    }
  };

  app.get('/api/ws', { websocket: true, config: { auth: 'none' }, schema: { hide: true } }, (socket, req) => {
    const mine = new Map<string, Sub>();
    const origin = req.headers.origin;
    // Cross-site WebSocket hijacking: a page elsewhere could open this socket with the user's cookie. The whole
    // origin must match (scheme too: an https page is another origin than this http server).
    const own = originOf(`${req.protocol}://${req.headers.host ?? ''}`);
    if (origin !== undefined && (own === undefined || originOf(origin) !== own)) {
      socket.close(4403, 'cross-origin');
      return;
    }
    const error = (code: string, message: string) => send(socket, { type: 'error', code, message });
    let catching = 0;
    let closed = false;
    // The caps depend on who the client is, so nothing is handled before the session is resolved.
    const ready = sessions.resolve(req.cookies[SESSION_COOKIE]).then((principal) => {
      const kind = principal ? 'account' : 'anonymous';
      const limits = options[kind];
      const key = `${kind}:${req.ip}`;
      const t = tallyOf(key);
      if (closed) {
        release(key);
        return undefined;
      }
      if (t.sockets >= limits.socketsPerAddress) {
        socket.close(4429, `too many connections from your address (at most ${limits.socketsPerAddress})`);
        release(key);
        return undefined;
      }
      t.sockets++;
      return { principal, limits, key, t, kind: kind as 'account' | 'anonymous' };
    });
    const drop = (id: string, who: Tally) => {
      const s = mine.get(id);
      if (!s) return;
      s.gone = true;
      subs.get(id)?.delete(s);
      mine.delete(id);
      who.subscriptions--;
    };
    // A token bucket per socket, filled at the start so a client can subscribe to its games at once.
    let tokens = Number.NaN;
    let filled = Date.now();
    socket.on('message', async (raw) => {
      const me = await ready;
      if (!me) return;
      const at = Date.now();
      tokens = Number.isNaN(tokens) ? me.limits.messageBurst : Math.min(me.limits.messageBurst, tokens + ((at - filled) / 1000) * me.limits.messagesPerSecond);
      filled = at;
      if (tokens < 1) {
        socket.close(4429, `too many messages (at most ${me.limits.messagesPerSecond} a second)`);
        return;
      }
      tokens--;
      let msg: z.infer<typeof clientMessage>;
      try {
        const r = clientMessage.safeParse(JSON.parse(String(raw)));
        if (!r.success) return error('ws.invalid', r.error.issues[0]?.message ?? 'invalid message');
        msg = r.data;
      } catch {
        return error('ws.malformed_json', 'messages are JSON');
      }
      if (msg.type === 'ping') return send(socket, { type: 'pong' });
      if (msg.type === 'unsubscribe') return drop(msg.game, me.t);
      const g = service.find(msg.game);
      if (!g) return error('game.not_found', `no game with id "${msg.game}"`);
      if (mine.has(msg.game)) return error('ws.already_subscribed', 'already subscribed to this game');
      const { limits, t } = me;
      const refuse = async (code: string, message: string) => {
        await sleep(options.refusalDelayMs);
        error(code, message);
      };
      if (mine.size >= limits.subscriptionsPerSocket)
        return refuse('ws.too_many_subscriptions', `at most ${limits.subscriptionsPerSocket} subscriptions per connection`);
      if (t.subscriptions >= limits.subscriptionsPerAddress)
        return refuse('ws.too_many_subscriptions', `at most ${limits.subscriptionsPerAddress} subscriptions from your address`);
      if (catching >= limits.catchUpsPerSocket || t.catchUps >= limits.catchUpsPerAddress)
        return refuse('ws.too_many_catch_ups', 'too many catch-ups at once from your connection or address; subscribe again when the others are done');
      const sub: Sub = {
        socket,
        principal: me.principal,
        game: g.id,
        after: 0,
        last: msg.from,
        key: viewerKey(viewerOf(roleIn(g, me.principal))),
        gone: false,
      };
      mine.set(g.id, sub);
      t.subscriptions++;
      catching++;
      t.catchUps++;
      try {
        const cursors = await service.cursors(g.id);
        // The client's cursor is in its own numbering; past its last event it simply has everything.
        const viewer = viewerOf(roleIn(g, me.principal));
        const after = cursors.globalOf(viewer, msg.from);
        if (after === undefined || after > g.version) {
          sub.after = g.version;
          sub.last = cursors.count(viewer, g.version);
        } else sub.after = after;
        await acquire(me.kind);
        try {
          if (!(await catchUp(sub)) && mine.get(g.id) === sub) drop(g.id, t);
        } finally {
          releaseTurn();
        }
      } catch (e) {
        req.log.error({ err: e }, 'websocket catch-up failed');
        if (mine.get(g.id) === sub) drop(g.id, t);
        error('internal', 'the catch-up failed; subscribe again');
      } finally {
        catching--;
        t.catchUps--;
        // The socket may have closed meanwhile: its address's counts go when nothing holds them.
        release(me.key);
      }
    });
    socket.on('close', () => {
      closed = true;
      void ready.then((me) => {
        if (!me) return;
        for (const id of [...mine.keys()]) drop(id, me.t);
        me.t.sockets--;
        release(me.key);
      });
    });
  });
}

/** The normalised origin (scheme, host and port: default ports dropped, host lower-cased), or undefined. */
function originOf(url: string): string | undefined {
  try {
    const o = new URL(url).origin;
    return o === 'null' ? undefined : o;
  } catch {
    return undefined;
  }
}

/** The net socket under a ws WebSocket (a private field of ws), when it has one that can be corked. */
function rawSocket(socket: WebSocket): { cork(): void; uncork(): void } | undefined {
  const raw: unknown = Reflect.get(socket, '_socket');
  return corkable(raw) ? raw : undefined;
}

function corkable(x: unknown): x is { cork(): void; uncork(): void } {
  return typeof x === 'object' && x !== null && 'cork' in x && typeof x.cork === 'function' && 'uncork' in x && typeof x.uncork === 'function';
}

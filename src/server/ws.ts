// Live updates over WebSocket (DESIGN.md §6). A client subscribes to games; it gets {type:'event', game, seq,
// event, text?} for every committed event its viewer may see, and nothing at all of the others: `seq` is in the
// viewer's own numbering (a spectator's n-th public event is his seq n; the moderator keeps the global numbers),
// so a stream has no gaps and says nothing of the events hidden from him, not their number nor their time. A
// client that reconnects subscribes with `from` = the last seq it saw and first receives everything after it.
// The viewer is resolved per page and per commit, so a death, a substitution or a new co-moderator changes what
// flows at once; when that changes the viewer's numbering the client is told its new last number ('renumbered').
//
// The frames are src/protocol/ws.ts; the live fan-out and the catch-up pager are ws-catchup.ts; the caps on
// sockets, subscriptions, catch-ups and messages per socket and per client address are ws-caps.ts. This file is
// the socket handler that applies them.
import type { FastifyInstance } from 'fastify';
import type { GameService } from '../app/game-service.ts';
import { viewerKey } from '../app/views.ts';
import { type ClientMessage, clientMessage } from '../protocol/index.ts';
import { roleIn, viewerOf } from './access.ts';
import { SESSION_COOKIE, type SessionCache } from './auth.ts';
import { AddressTallies, CatchUpTurns, type ClientKind, DEFAULT_WS_OPTIONS, MessageRate, originOf, type Tally, type WsOptions } from './ws-caps.ts';
import { createStreams, type Sub, send, sleep } from './ws-catchup.ts';

export { DEFAULT_WS_OPTIONS, type WsLimits, type WsOptions } from './ws-caps.ts';

/** Registers GET /api/ws. */
export function registerWs(app: FastifyInstance, service: GameService, sessions: SessionCache, options: WsOptions = DEFAULT_WS_OPTIONS): void {
  const { subs, catchUp } = createStreams(service, options.page);
  const tallies = new AddressTallies();
  const turns = new CatchUpTurns(options.catchUpsAtOnce);

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
      const kind: ClientKind = principal ? 'account' : 'anonymous';
      const limits = options[kind];
      const key = `${kind}:${req.ip}`;
      const t = tallies.of(key);
      if (closed) {
        tallies.release(key);
        return undefined;
      }
      if (t.sockets >= limits.socketsPerAddress) {
        socket.close(4429, `too many connections from your address (at most ${limits.socketsPerAddress})`);
        tallies.release(key);
        return undefined;
      }
      t.sockets++;
      return { principal, limits, key, t, kind };
    });
    const drop = (id: string, who: Tally) => {
      const s = mine.get(id);
      if (!s) return;
      s.gone = true;
      subs.get(id)?.delete(s);
      mine.delete(id);
      who.subscriptions--;
    };
    const rate = new MessageRate();
    socket.on('message', async (raw) => {
      const me = await ready;
      if (!me) return;
      if (!rate.take(me.limits)) {
        socket.close(4429, `too many messages (at most ${me.limits.messagesPerSecond} a second)`);
        return;
      }
      let msg: ClientMessage;
      try {
        const r = clientMessage.safeParse(JSON.parse(String(raw)));
        if (!r.success) return error('ws.invalid', r.error.issues[0]?.message ?? 'invalid message');
        msg = r.data;
      } catch {
        return error('ws.malformed_json', 'messages are JSON');
      }
      if (msg.type === 'ping') return send(socket, { type: 'pong' });
      if (msg.type === 'unsubscribe') return drop(msg.game, me.t);
      // Another instance may have created the game or committed to it a moment ago (a no-op on one process).
      try {
        await service.refresh(msg.game);
      } catch {
        return error('store.unavailable', 'the database is unavailable; subscribe again shortly');
      }
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
        await turns.acquire(me.kind);
        try {
          if (!(await catchUp(sub)) && mine.get(g.id) === sub) drop(g.id, t);
        } finally {
          turns.release();
        }
      } catch (e) {
        req.log.error({ err: e }, 'websocket catch-up failed');
        if (mine.get(g.id) === sub) drop(g.id, t);
        error('internal', 'the catch-up failed; subscribe again');
      } finally {
        catching--;
        t.catchUps--;
        // The socket may have closed meanwhile: its address's counts go when nothing holds them.
        tallies.release(me.key);
      }
    });
    socket.on('close', () => {
      closed = true;
      void ready.then((me) => {
        if (!me) return;
        for (const id of [...mine.keys()]) drop(id, me.t);
        me.t.sockets--;
        tallies.release(me.key);
      });
    });
  });
}

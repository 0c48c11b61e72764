// Live updates over WebSocket (DESIGN.md §6). A client subscribes to games; for every committed event it gets
// {type:'event', game, seq, event?} where `event` is present only when its viewer may see it (viewFor), so the
// sequence has no gaps and leaks nothing. A client that reconnects subscribes with `from` = the last seq it saw
// and first receives everything after it. The viewer is resolved per message, so a death, a substitution or a
// new co-moderator changes what flows at once.
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { Principal } from '../app/accounts.ts';
import type { GameService, LoadedGame } from '../app/game-service.ts';
import type { GameEvent, Message, Viewer } from '../core/types.ts';
import { canSee } from '../engine/view.ts';
import { renderParts } from '../i18n/render.ts';
import type { StoredEvent } from '../store/types.ts';
import { roleIn, viewerOf } from './access.ts';
import { SESSION_COOKIE, type SessionCache } from './auth.ts';

const clientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), game: z.string().min(1).max(64), from: z.number().int().min(0).max(1e9).default(0) }),
  z.object({ type: z.literal('unsubscribe'), game: z.string().min(1).max(64) }),
  z.object({ type: z.literal('ping') }),
]);

interface Sub {
  readonly socket: WebSocket;
  readonly principal: Principal | undefined;
  /** The next sequence number this subscriber must receive. */
  next: number;
}

/** Bytes queued on a socket beyond which the client is too slow and is dropped (it can resume later). */
const MAX_BUFFER = 8 * 1024 * 1024;

/** What one event looks like on the wire for one viewer. */
export function wireEvent(g: LoadedGame, principal: Principal | undefined, e: StoredEvent): Record<string, unknown> {
  return wireFor(g, viewerOf(roleIn(g, principal)), e);
}

/** What one event looks like on the wire for an engine viewer (all a message depends on besides the event). */
function wireFor(g: LoadedGame, viewer: Viewer, e: StoredEvent): Record<string, unknown> {
  if (!canSee(viewer, e.event.audience)) return { type: 'event', game: g.id, seq: e.seq };
  const ev: GameEvent = e.event;
  const text = ev.type === 'message' ? renderParts(g.variant, g.state.config.locale, (ev.data as { parts: Message[] }).parts) : undefined;
  return { type: 'event', game: g.id, seq: e.seq, event: ev, ...(text !== undefined ? { text } : {}) };
}

/** Registers GET /api/ws. */
export function registerWs(app: FastifyInstance, service: GameService, sessions: SessionCache): void {
  const subs = new Map<string, Set<Sub>>();
  const sendText = (s: Sub, text: string) => {
    if (s.socket.readyState !== s.socket.OPEN) return;
    if (s.socket.bufferedAmount > MAX_BUFFER) {
      s.socket.close(4008, 'too slow; resubscribe with from');
      return;
    }
    s.socket.send(text);
  };
  const send = (s: Sub, msg: unknown) => sendText(s, JSON.stringify(msg));
  /**
   * Sends each event the subscriber has not had. The viewer is resolved once per delivery (still at the moment of
   * sending), and with `shared` each event is serialised once per viewer of a commit, not once per socket: the
   * many spectators and the players of a game get the same few strings.
   */
  const deliver = (g: LoadedGame, s: Sub, events: readonly StoredEvent[], shared?: Map<string, string>) => {
    const viewer = viewerOf(roleIn(g, s.principal));
    const key = viewer.kind === 'player' ? `player:${viewer.id}` : viewer.kind;
    for (const e of events) {
      if (e.seq < s.next) continue;
      const k = `${key}:${e.seq}`;
      let text = shared?.get(k);
      if (text === undefined) {
        text = JSON.stringify(wireFor(g, viewer, e));
        shared?.set(k, text);
      }
      sendText(s, text);
      s.next = e.seq + 1;
    }
  };
  service.onCommit((g, events) => {
    const set = subs.get(g.id);
    if (!set || set.size === 0) return;
    const shared = new Map<string, string>();
    for (const s of set) deliver(g, s, events, shared);
  });

  app.get('/api/ws', { websocket: true, config: { auth: 'none' }, schema: { hide: true } }, (socket, req) => {
    const mine = new Map<string, Sub>();
    const origin = req.headers.origin;
    // Cross-site WebSocket hijacking: a page elsewhere could open this socket with the user's cookie.
    if (origin !== undefined && safeHost(origin) !== req.headers.host) {
      socket.close(4403, 'cross-origin');
      return;
    }
    const who = sessions.resolve(req.cookies[SESSION_COOKIE]);
    const error = (code: string, message: string) => socket.send(JSON.stringify({ type: 'error', code, message }));
    socket.on('message', async (raw) => {
      let msg: z.infer<typeof clientMessage>;
      try {
        const r = clientMessage.safeParse(JSON.parse(String(raw)));
        if (!r.success) return error('ws.invalid', r.error.issues[0]?.message ?? 'invalid message');
        msg = r.data;
      } catch {
        return error('ws.malformed_json', 'messages are JSON');
      }
      if (msg.type === 'ping') return socket.send(JSON.stringify({ type: 'pong' }));
      if (msg.type === 'unsubscribe') {
        const s = mine.get(msg.game);
        if (s) subs.get(msg.game)?.delete(s);
        mine.delete(msg.game);
        return;
      }
      const g = service.find(msg.game);
      if (!g) return error('game.not_found', `no game with id "${msg.game}"`);
      if (mine.has(msg.game)) return error('ws.already_subscribed', 'already subscribed to this game');
      const principal = await who;
      const from = msg.from;
      const sub: Sub = { socket, principal, next: from + 1 };
      mine.set(g.id, sub);
      // In the game's queue: nothing commits between the catch-up read and the registration.
      await service.serial(g.id, async () => {
        const missed = await service.read(g.id, from + 1);
        deliver(g, sub, missed);
        sub.next = Math.max(sub.next, g.version + 1);
        if (mine.get(g.id) !== sub) return;
        let set = subs.get(g.id);
        if (!set) subs.set(g.id, (set = new Set()));
        set.add(sub);
        send(sub, { type: 'subscribed', game: g.id, version: g.version });
      });
    });
    socket.on('close', () => {
      for (const [id, s] of mine) subs.get(id)?.delete(s);
      mine.clear();
    });
  });
}

function safeHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

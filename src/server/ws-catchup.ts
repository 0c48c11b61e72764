// The WebSocket's streams: the live fan-out of every commit to its subscribers, and the catch-up pager that sends
// a subscriber what it missed. A catch-up is read in pages outside the game's queue, yielding to the event loop
// between pages within a small budget of every window, so sockets replaying a long game cannot stall the votes
// and requests of every game. Frames are serialised once per viewer and event and shared between sockets.
import type { WebSocket } from 'ws';
import type { Principal } from '../app/accounts.ts';
import type { GameService, LoadedGame } from '../app/game-service.ts';
import { readAfter, viewerKey } from '../app/views.ts';
import type { Viewer } from '../core/types.ts';
import { typed } from '../engine/events.ts';
import { type Cursors, canSee } from '../engine/view.ts';
import { renderParts } from '../i18n/render.ts';
import type { EventFrame, ServerFrame } from '../protocol/index.ts';
import type { StoredEvent } from '../store/types.ts';
import { roleIn, viewerOf } from './access.ts';
import { type SliceOptions, TimeSlices } from './slices.ts';

/** One socket's subscription to one game. */
export interface Sub {
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

/** Bytes queued on a socket beyond which the client is too slow and is dropped (it can resume later). */
const MAX_BUFFER = 8 * 1024 * 1024;
/** Bytes queued beyond which a catch-up waits for the client to read before its next page. */
const CATCHUP_BUFFER = 1024 * 1024;
/** How long a catch-up waits for a client that does not read before dropping it. */
const CATCHUP_STALL_MS = 5000;
/**
 * Catch-ups together work at most 1 ms per event-loop turn and 2 ms of every 20 ms, so requests find the process idle
 * most of the time (5 ms let 200 hostile sockets double the health p99 in the benchmark).
 */
const CATCH_UP_SLICES: SliceOptions = { sliceMs: 1, windowMs: 20, budgetMs: 2 };
/** Serialised catch-up frames kept (per game, viewer and event): many clients replaying a game share them. */
const FRAME_CACHE = 30_000;

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The frame of an event the viewer may see, already numbered in his numbering. */
function wireFor(g: LoadedGame, e: StoredEvent): EventFrame {
  const ev = typed(e.event);
  const text = ev.type === 'message' ? renderParts(g.variant, g.state.config.locale, ev.data.parts) : undefined;
  return { type: 'event', game: g.id, seq: e.seq, event: ev, ...(text !== undefined ? { text } : {}) };
}

/**
 * Sends a text frame unless the socket is closed; drops a client with too much unread. Given the frame's UTF-8 bytes
 * (one Buffer shared by every socket of a fan-out) it writes them as they are; given a string, ws encodes it again
 * for every socket.
 */
export function sendText(socket: WebSocket, text: string | Buffer): void {
  if (socket.readyState !== socket.OPEN) return;
  if (socket.bufferedAmount > MAX_BUFFER) {
    socket.close(4008, 'too slow; resubscribe with from');
    return;
  }
  socket.send(text, { binary: false });
}

/** Sends one server frame. */
export const send = (socket: WebSocket, msg: ServerFrame) => sendText(socket, JSON.stringify(msg));

/** Sends a page of frames in one write (the socket is corked meanwhile): one system call, not one per frame. */
function sendAll(socket: WebSocket, texts: readonly string[]): void {
  const raw = (socket as WebSocket & { _socket?: { cork(): void; uncork(): void } })._socket;
  raw?.cork();
  for (const t of texts) sendText(socket, t);
  raw?.uncork();
}

/** Waits while the client has much unread; false when it is gone or does not read (it is dropped then). */
async function drained(s: Sub): Promise<boolean> {
  const stalled = Date.now() + CATCHUP_STALL_MS;
  while (s.socket.readyState === s.socket.OPEN && s.socket.bufferedAmount > CATCHUP_BUFFER) {
    if (Date.now() > stalled) {
      s.socket.close(4008, 'too slow; resubscribe with from');
      return false;
    }
    await sleep(10);
  }
  return s.socket.readyState === s.socket.OPEN && !s.gone;
}

/** The live subscribers of every game and the catch-up that makes a new one live. */
export interface Streams {
  /** Live subscribers per game. */
  readonly subs: Map<string, Set<Sub>>;
  /** Sends the subscriber what it missed, page by page, then makes it live (in the same turn as the last check). */
  catchUp(s: Sub): Promise<boolean>;
}

/** Starts the streams of a server: subscribes to the service's commits. */
export function createStreams(service: GameService, pageSize: number): Streams {
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
  // Every catch-up shares one slice of each event-loop turn and one budget per window.
  const slices = new TimeSlices(CATCH_UP_SLICES);

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
    // Each event is serialised and encoded once per viewer of a commit, not once per socket: the sockets share its bytes.
    const shared = new Map<string, Buffer>();
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
          text = Buffer.from(JSON.stringify(wireFor(g, { seq, event: e.event })));
          shared.set(k, text);
        }
        sendText(s.socket, text);
        s.last = viewer.kind === 'moderator' ? e.seq : s.last + 1;
      }
    }
  });

  const catchUp = async (s: Sub): Promise<boolean> => {
    const cursors = await service.cursors(s.game);
    for (;;) {
      if (s.gone) return false;
      const g = service.find(s.game);
      if (!g) return false;
      const viewer = viewerNow(g, s, cursors);
      const upto = g.version;
      await slices.turn();
      if (s.gone) return false;
      const t0 = performance.now();
      // Another client replayed these events a moment ago: its frames are reused without reading the store.
      const globals = cursors.next(viewer, s.after, pageSize, upto);
      const cached = globals.map((n) => frames.get(`${s.game}:${s.key}:${n}`));
      if (globals.length > 0 && cached.every((f): f is string => f !== undefined)) {
        sendAll(s.socket, cached);
        slices.spend(t0);
        s.last = viewer.kind === 'moderator' ? globals.at(-1)! : s.last + globals.length;
        s.after = globals.at(-1)!;
        if (!(await drained(s))) return false;
        continue;
      }
      const page = await readAfter(service, s.game, cursors, viewer, s.last, pageSize, upto);
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
      slices.spend(t0);
      s.last = page.last;
      s.after = page.through;
      if (!(await drained(s))) return false;
    }
  };

  return { subs, catchUp };
}

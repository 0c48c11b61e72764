// The WebSocket: one socket for the page, subscriptions per game resumed from the last number seen (the server's
// per-viewer cursor) after every reconnect, with a growing pause between attempts. Listeners get each frame; the
// app refetches what a frame touches rather than rebuilding views from raw events, so the server stays the one
// place that projects events into thread lines.
import type { ServerFrame } from '../../../src/protocol/index.ts';

type Listener = (f: ServerFrame) => void;

/** The page's live connection. */
export class Live {
  private ws: WebSocket | undefined;
  private readonly last = new Map<string, number>();
  /** Games whose catch-up is done on the current socket. */
  private readonly live = new Set<string>();
  private pending: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly statusListeners = new Set<(up: boolean) => void>();
  private retry = 250;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** True while the socket is open. */
  up = false;

  /** Follows a game from `from` (the last number the caller has); returns the unsubscribe. */
  follow(game: string, from: number, f: Listener): () => void {
    let set = this.listeners.get(game);
    if (!set) {
      set = new Set();
      this.listeners.set(game, set);
      this.last.set(game, from);
      this.send({ type: 'subscribe', game, from });
    }
    set.add(f);
    this.connect();
    return () => {
      set.delete(f);
      if (set.size === 0) {
        this.listeners.delete(game);
        this.last.delete(game);
        this.send({ type: 'unsubscribe', game });
      }
    };
  }

  /** Tells `f` whenever the socket opens or closes. */
  onStatus(f: (up: boolean) => void): () => void {
    this.statusListeners.add(f);
    return () => this.statusListeners.delete(f);
  }

  /** Drops the socket (after a log-in or log-out the viewer changes: the next follow reconnects as the new one). */
  reset(): void {
    const ws = this.ws;
    this.ws = undefined;
    ws?.close();
  }

  private connect(): void {
    if (this.ws || this.timer) return;
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/ws`;
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 250;
      this.live.clear();
      this.setUp(true);
      for (const [game, from] of this.last) ws.send(JSON.stringify({ type: 'subscribe', game, from }));
    };
    ws.onmessage = (m) => this.frame(JSON.parse(String(m.data)) as ServerFrame);
    ws.onclose = () => {
      if (this.ws === ws) this.ws = undefined;
      this.setUp(false);
      if (this.listeners.size === 0) return;
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.connect();
      }, this.retry);
      this.retry = Math.min(this.retry * 2, 5000);
    };
  }

  private frame(f: ServerFrame): void {
    if (f.type === 'subscribed') this.live.add(f.game);
    // Over a cap (too many catch-ups at once from this address) or after a reload of the game the server refuses or
    // drops the subscription: ask again, from the last number seen, for every game not live yet.
    if (f.type === 'error' && /^ws\.(too_many_|resubscribe)/.test(f.code)) {
      if (f.code === 'ws.resubscribe') this.live.clear();
      this.pending ??= setTimeout(() => {
        this.pending = undefined;
        for (const [game, from] of this.last) if (!this.live.has(game)) this.send({ type: 'subscribe', game, from });
      }, 1000);
    }
    if (f.type === 'event') this.last.set(f.game, Math.max(this.last.get(f.game) ?? 0, f.seq));
    else if (f.type === 'renumbered') this.last.set(f.game, f.seq);
    const game = 'game' in f ? f.game : undefined;
    const targets = game ? [this.listeners.get(game)] : [...this.listeners.values()];
    for (const set of targets) for (const l of set ?? []) l(f);
  }

  private send(m: unknown): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(m));
  }

  private setUp(up: boolean): void {
    this.up = up;
    for (const f of this.statusListeners) f(up);
  }
}

/** The page's one connection. */
export const live = new Live();

// The WebSocket's caps: sockets, subscriptions and catch-ups per socket and per client address (harder for
// anonymous clients than for logged-in ones), a message rate per socket, and the server-wide turn of catch-ups.

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

/** The kind of a client, which picks its caps. */
export type ClientKind = 'account' | 'anonymous';

/** Counts of one client address (per kind of client). */
export interface Tally {
  sockets: number;
  subscriptions: number;
  catchUps: number;
}

/** The counts of every client address, dropped as soon as nothing holds them. */
export class AddressTallies {
  private readonly tallies = new Map<string, Tally>();

  /** The counts of `key` (kind and address), created at zero. */
  of(key: string): Tally {
    let t = this.tallies.get(key);
    if (!t) this.tallies.set(key, (t = { sockets: 0, subscriptions: 0, catchUps: 0 }));
    return t;
  }

  /** Forgets `key` once all its counts are back at zero. */
  release(key: string): void {
    const t = this.tallies.get(key);
    if (t && t.sockets === 0 && t.subscriptions === 0 && t.catchUps === 0) this.tallies.delete(key);
  }
}

/**
 * The server-wide turn of catch-ups: waiters behind `atOnce` running ones, logged-in clients first (a crowd of
 * anonymous replays cannot keep a player from his game), each kind in order of arrival.
 */
export class CatchUpTurns {
  private running = 0;
  private readonly waiting: Record<ClientKind, (() => void)[]> = { account: [], anonymous: [] };

  constructor(private readonly atOnce: number) {}

  /** Resolves when a catch-up of this kind of client may read. */
  async acquire(kind: ClientKind): Promise<void> {
    if (this.running < this.atOnce) {
      this.running++;
      return;
    }
    await new Promise<void>((r) => this.waiting[kind].push(r));
  }

  /** Hands the turn to the next waiter, or frees it. */
  release(): void {
    const w = this.waiting.account.shift() ?? this.waiting.anonymous.shift();
    if (w) w();
    else this.running--;
  }
}

/** A token bucket per socket, full at the start so a client can subscribe to its games at once. */
export class MessageRate {
  private tokens = Number.NaN;
  private filled = Date.now();

  /** Takes one token at `at`; false when the socket sends faster than its limits allow. */
  take(limits: WsLimits, at = Date.now()): boolean {
    this.tokens = Number.isNaN(this.tokens)
      ? limits.messageBurst
      : Math.min(limits.messageBurst, this.tokens + ((at - this.filled) / 1000) * limits.messagesPerSecond);
    this.filled = at;
    if (this.tokens < 1) return false;
    this.tokens--;
    return true;
  }
}

/** The normalised origin (scheme, host and port: default ports dropped, host lower-cased), or undefined. */
export function originOf(url: string): string | undefined {
  try {
    const o = new URL(url).origin;
    return o === 'null' ? undefined : o;
  } catch {
    return undefined;
  }
}

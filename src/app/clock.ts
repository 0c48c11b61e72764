// Clocks for the server. The engine never reads time; the application stamps each command with `clock.now()`.
import type { Millis } from '../core/types.ts';

/** A source of the current instant. */
export interface Clock {
  now(): Millis;
}

/** The machine's clock. */
export const systemClock: Clock = { now: () => Date.now() };

/**
 * A clock that runs `speed` times faster than real time from a fixed origin: game time = gameOrigin +
 * (real time − realOrigin) × speed. Because both origins are fixed, a restarted process continues the same
 * timeline (the crash test and fast demos rely on it).
 */
export class ScaledClock implements Clock {
  constructor(
    readonly realOrigin: Millis,
    readonly gameOrigin: Millis,
    readonly speed: number,
  ) {}

  /** The scaled instant. */
  now(): Millis {
    return Math.floor(this.gameOrigin + (Date.now() - this.realOrigin) * this.speed);
  }

  /** The real instant at which game time reaches `at` (for tests that act just before a deadline). */
  realAt(at: Millis): Millis {
    return this.realOrigin + (at - this.gameOrigin) / this.speed;
  }

  /** Parses 'realOrigin:gameOrigin:speed' (epoch milliseconds, factor). */
  static parse(spec: string): ScaledClock {
    const [r, g, s] = spec.split(':').map(Number);
    if (!Number.isFinite(r) || !Number.isFinite(g) || !Number.isFinite(s) || s! < 0) throw new Error(`bad clock spec "${spec}" (realOrigin:gameOrigin:speed)`);
    return new ScaledClock(r!, g!, s!);
  }
}

/** A clock tests move by hand. */
export class ManualClock implements Clock {
  constructor(public t: Millis) {}

  /** The set instant. */
  now(): Millis {
    return this.t;
  }

  /** Moves the clock forward. */
  advance(ms: number): void {
    this.t += ms;
  }
}

// Clocks for the server. The engine never reads time; the application stamps each command with `clock.now()`.
import type { Millis } from '../core/types.ts';
import type { MetaStore } from '../store/types.ts';

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

  /** The clock as 'realOrigin:gameOrigin:speed' (what `parse` reads). */
  spec(): string {
    return `${this.realOrigin}:${this.gameOrigin}:${this.speed}`;
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

/** Meta key under which a database keeps the origin of its scaled clock. */
export const CLOCK_META_KEY = 'clock';

/** What the operator asked for: a fixed scaled clock (`--clock`), a speed (`--speed`), or neither (real time). */
export interface ClockRequest {
  readonly fixed?: ScaledClock;
  readonly speed?: number;
}

/**
 * The game clock of a server on a database that outlives the process. A scaled clock made at boot would rewind game
 * time at every restart (and let deadlines slip by uptime × (speed − 1)), so its origin is kept in the database:
 * `--speed N` continues the stored timeline (at the new speed from the current game time if N changed); without
 * `--speed` a database whose game time ran ahead of real time continues from there at speed 1, since game time never
 * goes back; `--clock` is used as given. The clock in force is stored for the next boot.
 */
export async function persistentClock(meta: MetaStore, req: ClockRequest, realNow: Millis = Date.now()): Promise<Clock> {
  const raw = await meta.meta(CLOCK_META_KEY);
  let stored: ScaledClock | undefined;
  try {
    stored = raw === undefined ? undefined : ScaledClock.parse(raw);
  } catch {
    stored = undefined;
  }
  const storedNow = stored ? Math.floor(stored.gameOrigin + (realNow - stored.realOrigin) * stored.speed) : undefined;
  let clock: ScaledClock;
  if (req.fixed) clock = req.fixed;
  else if (req.speed !== undefined) {
    if (stored && stored.speed === req.speed) clock = stored;
    else clock = new ScaledClock(realNow, Math.max(realNow, storedNow ?? realNow), req.speed);
  } else if (storedNow !== undefined && storedNow > realNow) clock = stored?.speed === 1 ? stored : new ScaledClock(realNow, storedNow, 1);
  else clock = stored?.speed === 1 && stored.realOrigin === stored.gameOrigin ? stored : new ScaledClock(realNow, realNow, 1);
  if (clock.spec() !== raw) await meta.setMeta(CLOCK_META_KEY, clock.spec());
  return clock.speed === 1 && clock.realOrigin === clock.gameOrigin ? systemClock : clock;
}

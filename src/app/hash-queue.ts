// The one queue every password hash of the process goes through (sign-up, log-in, the dummy hash of an unknown
// name). scrypt costs tens of milliseconds of a core and runs on libuv's small thread pool, which file reads share:
// 837 wrong passwords from 50 addresses in 15 s queued there without bound and made the owner's own log-in take
// 3.9 s. Here a few hashes run at once and a bounded number wait; the waiters are ordered by how much hashing their
// client address has recently cost (wrong passwords, sign-ups), so an address with a clean record — the owner
// logging in from his own — goes ahead of a flood, and when the queue is full the heaviest waiter is turned away.
import { AppError } from './errors.ts';

/** How many hashes run and wait. */
export interface HashQueueOptions {
  /** Hashes computed at the same time. */
  readonly concurrency: number;
  /** Hashes that may wait beyond the running ones. */
  readonly waiting: number;
  /** Seconds a turned-away client is asked to wait (Retry-After). */
  readonly retryAfterS: number;
}

/** One waiting job. */
interface Waiter {
  readonly weight: number;
  readonly start: () => void;
  readonly refuse: (e: AppError) => void;
}

/** The refusal of a hash the queue has no room for: 503 with Retry-After, as for any overload. */
export function hashingBusy(retryAfterS: number): AppError {
  return new AppError('auth.busy', 503, 'the server is busy checking passwords; try again in a moment', { retryAfter: retryAfterS });
}

/** A bounded priority queue of password hashes (lower weight first, then first come). */
export class HashQueue {
  private running = 0;
  /** Sorted by weight, then arrival. */
  private readonly waiters: Waiter[] = [];

  constructor(readonly options: HashQueueOptions) {}

  /** Hashes running now and waiting (for tests and logs). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiters.length };
  }

  /**
   * Runs `job` once a place is free. `weight` is the hashing its client address has recently cost: a waiter of a
   * lower weight goes first, and a full queue turns away its heaviest waiter (or this job, when none is heavier)
   * with 503 `auth.busy`.
   */
  async run<T>(weight: number, job: () => Promise<T>): Promise<T> {
    if (this.running >= this.options.concurrency) await this.wait(weight);
    else this.running++;
    try {
      return await job();
    } finally {
      const next = this.waiters.shift();
      // The place passes to the next waiter (the count stays), or is freed.
      if (next) next.start();
      else this.running--;
    }
  }

  private wait(weight: number): Promise<void> {
    const { waiting, retryAfterS } = this.options;
    return new Promise<void>((start, refuse) => {
      const me: Waiter = { weight, start, refuse };
      if (this.waiters.length >= waiting) {
        const last = this.waiters.at(-1);
        if (!last || last.weight <= weight) return refuse(hashingBusy(retryAfterS));
        this.waiters.pop();
        last.refuse(hashingBusy(retryAfterS));
      }
      // After every waiter of the same or a lower weight: first come, first served among equals.
      let i = this.waiters.length;
      while (i > 0 && this.waiters[i - 1]!.weight > weight) i--;
      this.waiters.splice(i, 0, me);
    });
  }
}

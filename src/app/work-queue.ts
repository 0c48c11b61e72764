// A bounded priority queue of expensive work shared by the whole process: a few jobs run at once, a bounded number
// wait, ordered by how much their client address has recently cost (lighter first, then first come), and when the
// queue is full its heaviest waiter is turned away (or the newcomer, when none is heavier) with the queue's own
// refusal. Password hashes go through one (accounts.ts: 837 wrong passwords from 50 addresses in 15 s once queued
// without bound on libuv's thread pool and made the owner's own log-in take 3.9 s), whole-log reads through another
// (heavy-reads.ts).
import type { AppError } from './errors.ts';

/** How many jobs run and wait. */
export interface WorkQueueOptions {
  /** Jobs run at the same time. */
  readonly concurrency: number;
  /** Jobs that may wait beyond the running ones. */
  readonly waiting: number;
}

/** One waiting job. */
interface Waiter {
  readonly weight: number;
  readonly start: () => void;
  readonly refuse: (e: AppError) => void;
}

/** A bounded priority queue of jobs (lower weight first, then first come). */
export class WorkQueue {
  private running = 0;
  /** Sorted by weight, then arrival. */
  private readonly waiters: Waiter[] = [];

  constructor(
    readonly options: WorkQueueOptions,
    /** The answer to a job the queue has no room for (503 with Retry-After: an overload, not a fault). */
    private readonly refusal: () => AppError,
  ) {}

  /** Jobs running now and waiting (for tests and logs). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiters.length };
  }

  /**
   * Runs `job` once a place is free. `weight` is what its client address has recently cost: a waiter of a lower
   * weight goes first, and a full queue turns away its heaviest waiter (or this job, when none is heavier).
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
    const { waiting } = this.options;
    return new Promise<void>((start, refuse) => {
      const me: Waiter = { weight, start, refuse };
      if (this.waiters.length >= waiting) {
        const last = this.waiters.at(-1);
        if (!last || last.weight <= weight) return refuse(this.refusal());
        this.waiters.pop();
        last.refuse(this.refusal());
      }
      // After every waiter of the same or a lower weight: first come, first served among equals.
      let i = this.waiters.length;
      while (i > 0 && this.waiters[i - 1]!.weight > weight) i--;
      this.waiters.splice(i, 0, me);
    });
  }
}

// Background work in slices of the event loop: work that is not a request's own (a WebSocket catch-up replaying a
// long game, a whole-log export) runs a slice of at most `sliceMs` per event-loop turn, and all of one kind together
// at most `budgetMs` of every `windowMs`, so requests find the process idle most of the time however much such work
// is waiting. Several tasks sharing one TimeSlices take turns within the same slices and budget.

/** The slice and budget of one kind of background work. */
export interface SliceOptions {
  /** Milliseconds of work one event-loop turn may hold before the work yields. */
  readonly sliceMs: number;
  /** The work uses at most `budgetMs` of every `windowMs`. */
  readonly windowMs: number;
  readonly budgetMs: number;
}

const nextTurn = () => new Promise<void>((r) => setImmediate(r));
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** One kind of background work's share of the event loop. */
export class TimeSlices {
  private sliceEnd = 0;
  private windowStart = 0;
  private spent = 0;

  constructor(readonly options: SliceOptions) {}

  /** Resolves when the caller may work: at once inside the current slice, else at the next turn (the next window past the budget). */
  async turn(): Promise<void> {
    const { sliceMs, windowMs, budgetMs } = this.options;
    for (;;) {
      const now = performance.now();
      if (now - this.windowStart >= windowMs) {
        this.windowStart = now;
        this.spent = 0;
      }
      if (this.spent >= budgetMs) {
        await sleep(this.windowStart + windowMs - now);
        continue;
      }
      if (now < this.sliceEnd) return;
      await nextTurn();
      this.sliceEnd = performance.now() + sliceMs;
      return;
    }
  }

  /** Counts work that began at `t0` (performance.now()) against the window's budget. */
  spend(t0: number): void {
    this.spent += performance.now() - t0;
  }

  /** Runs a small synchronous piece of work in a slice, and counts it. */
  async run<T>(fn: () => T): Promise<T> {
    await this.turn();
    const t0 = performance.now();
    try {
      return fn();
    } finally {
      this.spend(t0);
    }
  }

  /** Calls `fn` on each item, yielding whenever the slice is used up. */
  async each<T>(items: Iterable<T>, fn: (item: T) => void): Promise<void> {
    let t0 = -1;
    for (const item of items) {
      if (t0 < 0) {
        await this.turn();
        t0 = performance.now();
      }
      fn(item);
      if (performance.now() >= this.sliceEnd) {
        this.spend(t0);
        t0 = -1;
      }
    }
    if (t0 >= 0) this.spend(t0);
  }
}

// Whole-log reads (the game export, its fairness check, a day's export, the audit log) read and render every event
// of a game: on a 6,000-event game a day's export held the event loop for 234 ms (35 ms for a day that does not
// exist), the export and the check of an ended game for 500 ms, recomputed on every request, and 50 anonymous readers
// from 25 addresses pushed /api/health to a p99 of 5.3 s. Here each answer is computed once per (game, version,
// viewer class) and kept, concurrent requests for it share one computation, the computation runs in slices of the
// event loop outside the game's queue (slices.ts, as the WebSocket catch-up does), a few at a time (work-queue.ts),
// and every client address has a budget of such reads (429 `read.rate_limited` with Retry-After past it).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../app/errors.ts';
import { WorkQueue } from '../app/work-queue.ts';
import { type SliceOptions, TimeSlices } from './slices.ts';

/** A computed answer: its status, content type and bytes. */
export interface HeavyAnswer {
  readonly status: number;
  readonly type: string;
  readonly body: Buffer;
}

/** What a computation is given: the slices it must do its work in. */
export type HeavyCompute = (work: TimeSlices) => Promise<HeavyAnswer>;

/** The limits of whole-log reads. */
export interface HeavyReadOptions {
  /** Reads one client address may make in a burst, and per minute after it (a token bucket; cached answers count too). */
  readonly burst: number;
  readonly perMinute: number;
  /** Reads of one address in progress at once. */
  readonly atOnce: number;
  /** Computations running at once, and waiting beyond them (503 `read.busy` past that). */
  readonly computing: number;
  readonly waiting: number;
  /** Bytes of answers kept (least recently used dropped first). */
  readonly cacheBytes: number;
  /** The computations' share of the event loop. */
  readonly slices: SliceOptions;
}

/**
 * Defaults: a reader may fetch a game's export, its check and a dozen days at once, then one a second; two
 * computations run at once in slices of 1 ms, together at most 5 ms of every 20 (the catch-ups have 2 of their own),
 * so a request waits for at most about a slice behind them.
 */
export const DEFAULT_HEAVY_READS: HeavyReadOptions = {
  burst: 20,
  perMinute: 60,
  atOnce: 2,
  computing: 2,
  waiting: 64,
  cacheBytes: 64 * 2 ** 20,
  slices: { sliceMs: 1, windowMs: 20, budgetMs: 5 },
};

/** A cached answer, or the refusal it computed to (a day that does not exist is refused once per version too). */
type Entry = { readonly answer: HeavyAnswer } | { readonly error: AppError };

/** One address's budget: a token bucket and the reads in progress. */
interface Bucket {
  tokens: number;
  at: number;
  running: number;
}

/** The cache, the shared computations and the per-address budgets of whole-log reads. */
export class HeavyReads {
  private readonly cache = new Map<string, Entry>();
  private bytes = 0;
  private readonly pending = new Map<string, Promise<Entry>>();
  private readonly buckets = new Map<string, Bucket>();
  private readonly queue: WorkQueue;
  /** The computations' share of the event loop. */
  readonly slices: TimeSlices;

  constructor(
    readonly options: HeavyReadOptions = DEFAULT_HEAVY_READS,
    private readonly now: () => number = Date.now,
  ) {
    this.queue = new WorkQueue(
      { concurrency: options.computing, waiting: options.waiting },
      () => new AppError('read.busy', 503, 'the server is busy with whole-game reads; try again in a moment', { retryAfter: 1 }),
    );
    this.slices = new TimeSlices(options.slices);
  }

  /**
   * Answers a whole-log read: from the cache when `key` (game, version, what and for which viewer class) was computed,
   * else by `compute`, shared with every request for the same key meanwhile. Counts against the client address's
   * budget first, unless `staff` (the game's own moderators: their console re-reads the audit log after every
   * commit; their reads are still cached, sliced and queued).
   */
  async serve(req: FastifyRequest, reply: FastifyReply, key: string, compute: HeavyCompute, staff = false): Promise<FastifyReply> {
    const address = req.ip;
    const bucket = staff ? undefined : this.take(address);
    try {
      const entry = await this.entry(key, bucket ? this.options.burst - bucket.tokens : 0, compute);
      if ('error' in entry) throw entry.error;
      return reply.code(entry.answer.status).type(entry.answer.type).send(entry.answer.body);
    } finally {
      if (bucket) {
        bucket.running--;
        this.release(address, bucket);
      }
    }
  }

  /** Takes one read from the address's budget, or refuses with 429 and the seconds until the next one. */
  private take(address: string): Bucket {
    const { burst, perMinute, atOnce } = this.options;
    const now = this.now();
    let b = this.buckets.get(address);
    if (!b) {
      if (this.buckets.size > 10_000) this.sweep(now);
      this.buckets.set(address, (b = { tokens: burst, at: now, running: 0 }));
    }
    b.tokens = Math.min(burst, b.tokens + ((now - b.at) / 60_000) * perMinute);
    b.at = now;
    if (b.running >= atOnce) throw new AppError('read.rate_limited', 429, `at most ${atOnce} whole-game reads at once from your address`, { retryAfter: 1 });
    if (b.tokens < 1) {
      const wait = Math.max(1, Math.ceil(((1 - b.tokens) * 60) / perMinute));
      throw new AppError('read.rate_limited', 429, `too many whole-game reads from your address; try again in ${wait} s`, { retryAfter: wait });
    }
    b.tokens--;
    b.running++;
    return b;
  }

  /** Forgets a bucket that is full again and idle. */
  private release(address: string, b: Bucket): void {
    if (b.running === 0 && b.tokens >= this.options.burst - 1 && this.buckets.size > 1_000) this.buckets.delete(address);
  }

  private sweep(now: number): void {
    const { burst, perMinute } = this.options;
    for (const [a, b] of this.buckets) if (b.running === 0 && b.tokens + ((now - b.at) / 60_000) * perMinute >= burst) this.buckets.delete(a);
  }

  /** The cached entry of `key`, or the one computation of it (in the queue at `weight`: the reads its address made). */
  private entry(key: string, weight: number, compute: HeavyCompute): Promise<Entry> {
    const hit = this.cache.get(key);
    if (hit) {
      // Most recently used last: the first entries are the ones dropped.
      this.cache.delete(key);
      this.cache.set(key, hit);
      return Promise.resolve(hit);
    }
    let p = this.pending.get(key);
    if (!p) {
      p = this.queue
        .run(weight, () => compute(this.slices))
        .then(
          (answer): Entry => ({ answer }),
          (e: unknown): Entry => {
            // A refusal by the queue is not an answer to keep; a refusal of the request (no such day) is.
            if (e instanceof AppError && e.status < 500) return { error: e };
            throw e;
          },
        )
        .then((entry) => {
          this.keep(key, entry);
          return entry;
        })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, p);
    }
    return p;
  }

  private keep(key: string, entry: Entry): void {
    const size = 'answer' in entry ? entry.answer.body.length : 256;
    if (size > this.options.cacheBytes || this.cache.has(key)) return;
    this.cache.set(key, entry);
    this.bytes += size;
    for (const [k, e] of this.cache) {
      if (this.bytes <= this.options.cacheBytes) break;
      this.cache.delete(k);
      this.bytes -= 'answer' in e ? e.answer.body.length : 256;
    }
  }
}

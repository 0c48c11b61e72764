// What the create-game form previews before a game exists: the play days its calendar gives from the start, and the
// balance of its setup from the simulator. The dates are computed from the same validated config a creation would
// build (buildConfig: the same 4xx for the same mistakes). The balance runs a bounded simulation on a worker thread,
// off the game queues and the event loop, so it never delays a command: one at a time per server, time-capped,
// cached per setup and rate-limited per account.
import { isPlayDay, nextPlayDay } from '../engine/calendar.ts';
import type { GameConfig } from '../engine/state.ts';
import { addDays, type IsoDate, isoLocal, localDate, weekday } from '../engine/time.ts';
import { scheduleShape } from '../engine/timeline.ts';
import type { Variant } from '../engine/variant.ts';
import type { BalanceBody, BalanceReply, DatesPreviewReply } from '../protocol/index.ts';
import { runBatch } from '../sim/pool.ts';
import { emptyTally, wilson } from '../sim/stats.ts';
import { getSim } from '../variants/sims.ts';
import { RateLimiter } from './accounts.ts';
import { AppError } from './errors.ts';

/** Most play days a preview lists. */
export const MAX_PREVIEW_DAYS = 30;

/** Why the calendar pauses on a date (the order of isPlayDay: an extra play day wins, then the weekday, then pauses). */
function whyPaused(c: GameConfig['calendar'], date: IsoDate): 'weekday' | 'holiday' | 'pause' {
  if (!c.workingWeekdays.includes(weekday(date))) return 'weekday';
  return c.extraPauseDays.includes(date) ? 'pause' : 'holiday';
}

/**
 * The first `days` play days from round 1's date (firstRoundDate, else the start's date, moved on to a play day,
 * PAL-CAL-2's "next day" being the next working day), the pause dates between them, and the declared day.
 */
export function previewDates(variant: Variant<unknown>, config: GameConfig, days: number): DatesPreviewReply {
  const cal = config.calendar;
  const tz = config.timeZone;
  let d = config.firstRoundDate ?? localDate(config.startAt, tz);
  const skipped: DatesPreviewReply['skipped'] = [];
  const playDays: DatesPreviewReply['playDays'] = [];
  if (!isPlayDay(cal, d)) d = nextPlayDay(cal, d);
  for (let i = 0; i < days; i++) {
    playDays.push({ date: d, weekday: weekday(d) });
    if (i === days - 1) break;
    const next = nextPlayDay(cal, d);
    for (let x = addDays(d, 1); x < next; x = addDays(x, 1)) skipped.push({ date: x, why: whyPaused(cal, x) });
    d = next;
  }
  const t = variant.timetable;
  const instants = scheduleShape(t.schedule, config.locale, t.options(config)).instants.map((i) => ({ what: i.what, when: i.when, at: i.at }));
  return { timeZone: tz, start: isoLocal(config.startAt, tz), playDays, skipped, instants };
}

/** How the balance previews run. */
export interface BalanceOptions {
  /** Wall-clock cap of one simulation (ms). */
  readonly capMs: number;
  /** Simulations one account may start per window (cache hits are free). */
  readonly perAccount: { readonly max: number; readonly windowMs: number };
  /** Worker threads of one simulation (0: in this thread, for tests only: it would block the event loop). */
  readonly workers: number;
  /** Setups remembered. */
  readonly cacheSize: number;
  /** Simulations waiting or running at most; past it a new setup is refused (the queue never grows without end). */
  readonly maxQueued: number;
}

/** One worker, 5 s, 10 simulations a minute per account, 200 setups remembered, 4 in the queue. */
export const DEFAULT_BALANCE: BalanceOptions = { capMs: 5000, perAccount: { max: 10, windowMs: 60_000 }, workers: 1, cacheSize: 200, maxQueued: 4 };

/** Runs and caches balance previews. */
export class BalancePreviews {
  private readonly cache = new Map<string, BalanceReply>();
  private readonly limiter: RateLimiter;
  /** The simulation running now (one at a time: the machine's other cores serve the games). */
  private running: Promise<unknown> = Promise.resolve();
  /** Simulations waiting or running. */
  private queued = 0;

  constructor(
    private readonly opts: BalanceOptions = DEFAULT_BALANCE,
    private readonly now: () => number = Date.now,
  ) {
    this.limiter = new RateLimiter(opts.perAccount.max, opts.perAccount.windowMs);
  }

  /** The balance of a setup for `who`: from the cache, or simulated now. Throws AppError 400/429. */
  async estimate(body: BalanceBody, who: string): Promise<BalanceReply> {
    const sim = getSim(body.variant);
    if (!sim) throw new AppError('setup.not_simulated', 400, `the simulator cannot play "${body.variant}"`);
    const v = sim.variant;
    if (body.players < v.minPlayers || body.players > v.maxPlayers)
      throw new AppError('setup.invalid_players', 400, `players must lie within ${v.minPlayers}..${v.maxPlayers} for ${v.id}`);
    const parsed = v.optionsSchema.safeParse(body.options ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new AppError('setup.invalid_options', 400, `options${issue.path.length ? `.${issue.path.join('.')}` : ''}: ${issue.message}`);
    }
    const options = (body.options ?? {}) as Record<string, unknown>;
    // The deal the game will use: the moderator's role list when the form changed it, else the rulebook's.
    if (body.roleList) {
      if (!v.dealFromList) throw new AppError('setup.invalid_deal', 400, `${v.id} deals by its own rules, not from a role list`);
      if (body.roleList.length !== body.players)
        throw new AppError('setup.invalid_deal', 400, `the role list has ${body.roleList.length} roles for ${body.players} players`);
      const known = new Set(v.roles.map((r) => r.id));
      const unknown = body.roleList.find((r) => !known.has(r));
      if (unknown !== undefined) throw new AppError('setup.invalid_deal', 400, `unknown role "${unknown}"`);
    }
    const roleList = body.roleList ? [...body.roleList] : sim.roleList(body.players);
    const key = JSON.stringify([v.id, body.players, body.games, Object.entries(options).sort(([a], [b]) => (a < b ? -1 : 1)), [...roleList].sort()]);
    const hit = this.cache.get(key);
    if (hit) return { ...hit, cached: true };
    if (this.queued >= this.opts.maxQueued) throw new AppError('setup.busy', 429, `${this.queued} balance simulations are waiting; ask again in a few seconds`);
    if (!this.limiter.hit(who, this.now()))
      throw new AppError('setup.rate_limited', 429, `at most ${this.opts.perAccount.max} balance simulations per ${this.opts.perAccount.windowMs / 1000} s`);
    const spec = { variant: v.id, players: body.players, roleList, options, policy: 'sensible' };
    // One simulation after the other; each takes its time cap from when it starts.
    const run = this.running.then(async () => {
      const started = performance.now();
      const [tally] = await runBatch([{ spec, games: body.games, seed: 1 }], { workers: this.opts.workers, deadline: started + this.opts.capMs });
      return { tally: tally ?? emptyTally(), seconds: (performance.now() - started) / 1000 };
    });
    this.running = run.catch(() => undefined);
    this.queued++;
    let out: Awaited<typeof run>;
    try {
      out = await run;
    } catch (e) {
      throw new AppError('setup.simulation_failed', 400, `the simulator refused this setup: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      this.queued--;
    }
    const { tally, seconds } = out;
    const roles: Record<string, number> = {};
    for (const r of roleList) roles[r] = (roles[r] ?? 0) + 1;
    let rounds = 0;
    for (const [k, c] of Object.entries(tally.rounds)) rounds += Number(k) * c;
    const reply: BalanceReply = {
      variant: v.id,
      players: body.players,
      roles,
      games: tally.games,
      unfinished: tally.wins.none ?? 0,
      sides: v.sides.map((s) => {
        const e = wilson(tally.wins[s.id] ?? 0, tally.games);
        return { side: s.id, wins: tally.wins[s.id] ?? 0, rate: e.p, lo: e.lo, hi: e.hi };
      }),
      meanRounds: rounds / Math.max(1, tally.games),
      seconds,
      cached: false,
    };
    this.cache.set(key, reply);
    if (this.cache.size > this.opts.cacheSize) this.cache.delete(this.cache.keys().next().value!);
    return reply;
  }
}

// Statistics of simulated games: a mergeable tally (worker threads send theirs to the main thread) and the
// estimates a report prints: win rates with Wilson 95% intervals, survival per role, game length, rules fired.
import type { GameResult } from './types.ts';

/** Counts over a batch of games; plain JSON so it crosses worker threads. */
export interface Tally {
  games: number;
  /** Winning side -> games. */
  wins: Record<string, number>;
  /** End reason -> games. */
  reasons: Record<string, number>;
  /** Rounds played -> games. */
  rounds: Record<number, number>;
  /** Role -> seats dealt and seats still in the game at the end. */
  roles: Record<string, { dealt: number; survived: number }>;
  /** Rule -> games in which it fired, and times in all. */
  rules: Record<string, { games: number; times: number }>;
  commands: number;
  events: number;
}

/** An empty tally. */
export function emptyTally(): Tally {
  return { games: 0, wins: {}, reasons: {}, rounds: {}, roles: {}, rules: {}, commands: 0, events: 0 };
}

/** Adds one game to a tally. */
export function addGame(t: Tally, r: GameResult): void {
  t.games++;
  t.wins[r.winner] = (t.wins[r.winner] ?? 0) + 1;
  t.reasons[r.reason] = (t.reasons[r.reason] ?? 0) + 1;
  t.rounds[r.rounds] = (t.rounds[r.rounds] ?? 0) + 1;
  for (const seat of r.seats) {
    const row = (t.roles[seat.role] ??= { dealt: 0, survived: 0 });
    row.dealt++;
    if (seat.alive) row.survived++;
  }
  for (const [rule, n] of Object.entries(r.rules)) {
    const row = (t.rules[rule] ??= { games: 0, times: 0 });
    row.games++;
    row.times += n;
  }
  t.commands += r.commands;
  t.events += r.events;
}

function addCounts<K extends string | number>(into: Record<K, number>, from: Record<K, number>): void {
  for (const [k, n] of Object.entries(from) as [K, number][]) into[k] = (into[k] ?? 0) + n;
}

/** Merges `from` into `into`. */
export function mergeTally(into: Tally, from: Tally): Tally {
  into.games += from.games;
  addCounts(into.wins, from.wins);
  addCounts(into.reasons, from.reasons);
  addCounts(into.rounds, from.rounds);
  for (const [role, r] of Object.entries(from.roles)) {
    const row = (into.roles[role] ??= { dealt: 0, survived: 0 });
    row.dealt += r.dealt;
    row.survived += r.survived;
  }
  for (const [rule, r] of Object.entries(from.rules)) {
    const row = (into.rules[rule] ??= { games: 0, times: 0 });
    row.games += r.games;
    row.times += r.times;
  }
  into.commands += from.commands;
  into.events += from.events;
  return into;
}

/** A proportion with its 95% interval. */
export interface Estimate {
  readonly p: number;
  readonly lo: number;
  readonly hi: number;
  /** Standard error of p (normal approximation). */
  readonly se: number;
}

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

/** Wilson score interval for k successes in n trials (95% by default). */
export function wilson(k: number, n: number, z = Z95): Estimate {
  if (n === 0) return { p: 0, lo: 0, hi: 1, se: 0 };
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return { p, lo: Math.max(0, centre - half), hi: Math.min(1, centre + half), se: Math.sqrt((p * (1 - p)) / n) };
}

/** Mean, standard deviation and quantiles of a histogram of integers. */
export function histogramSummary(h: Record<number, number>): { mean: number; sd: number; min: number; median: number; p90: number; max: number } {
  const keys = Object.keys(h)
    .map(Number)
    .sort((a, b) => a - b);
  let n = 0;
  let sum = 0;
  let sq = 0;
  for (const k of keys) {
    const c = h[k]!;
    n += c;
    sum += k * c;
    sq += k * k * c;
  }
  if (n === 0) return { mean: 0, sd: 0, min: 0, median: 0, p90: 0, max: 0 };
  const mean = sum / n;
  const quantile = (q: number) => {
    let acc = 0;
    for (const k of keys) {
      acc += h[k]!;
      if (acc >= q * n) return k;
    }
    return keys[keys.length - 1]!;
  };
  return { mean, sd: Math.sqrt(Math.max(0, sq / n - mean * mean)), min: keys[0]!, median: quantile(0.5), p90: quantile(0.9), max: keys[keys.length - 1]! };
}

/** Two-sided tail probability of a normal deviate of 4: the "within 4 standard errors" level. */
export const FOUR_SIGMA_TAIL = 6.334248366623996e-5;

/**
 * Exact two-sided binomial test: twice the smaller tail probability of seeing k or fewer / k or more successes in n
 * trials with success probability p (capped at 1). Unlike a normal deviate it stays valid when p is near 0 or 1.
 */
export function binomialTwoSided(k: number, n: number, p: number): number {
  if (p <= 0) return k === 0 ? 1 : 0;
  if (p >= 1) return k === n ? 1 : 0;
  let logC = 0;
  for (let i = 1; i <= k; i++) logC += Math.log((n - k + i) / i);
  const pk = Math.exp(logC + k * Math.log(p) + (n - k) * Math.log1p(-p));
  const odds = p / (1 - p);
  let ge = 0;
  for (let j = k, term = pk; j <= n; j++) {
    ge += term;
    if (j > n * p && term < ge * 1e-17) break;
    term *= ((n - j) / (j + 1)) * odds;
  }
  let le = 0;
  for (let j = k, term = pk; j >= 0; j--) {
    le += term;
    if (j < n * p && term < le * 1e-17) break;
    term *= j / (n - j + 1) / odds;
  }
  return Math.min(1, 2 * Math.min(le, ge));
}

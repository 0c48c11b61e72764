// The literature's random-play model run through the real engine: palermo with killers and citizens only, the
// `model` bots (the table votes out a uniformly random living player each day, the killers murder a uniformly
// random citizen), and the end rule chosen by palermo's options. Compared with the exact recursion in exact.ts.
import { type EndRule, ExactModel } from './exact.ts';
import { type Job, runBatch } from './pool.ts';
import { binomialTwoSided, FOUR_SIGMA_TAIL } from './stats.ts';
import type { SimSpec } from './types.ts';

/**
 * The configurations the model check compares, 5…25 players: for the parity rule 1, 2, 3 and the most killers the
 * rules allow, for the strict rule 1 and the most (120 in all).
 */
export function modelConfigs(): { n: number; m: number; rule: EndRule }[] {
  const out: { n: number; m: number; rule: EndRule }[] = [];
  for (let n = 5; n <= 25; n++) {
    const most = Math.floor((n - 1) / 2);
    for (const m of new Set([1, 2, 3, most])) if (m <= most) out.push({ n, m, rule: 'parity' });
    for (const m of new Set([1, most])) out.push({ n, m, rule: 'strict' });
  }
  return out;
}

/** The engine configuration of the model for n players with m killers. */
export function modelSpec(n: number, m: number, rule: EndRule): SimSpec {
  return {
    variant: 'palermo',
    players: n,
    roleList: [...Array<string>(m).fill('killer'), ...Array<string>(n - m).fill('citizen')],
    // PAL-WIN-4 (strictly more) is the rule; the house option adds the literature's parity ending.
    options: rule === 'parity' ? { killersWinAtParity: true } : {},
    policy: 'model',
    minPlayers: Math.min(n, 5),
  };
}

/** One compared configuration. */
export interface ModelCheck {
  readonly n: number;
  readonly m: number;
  readonly rule: EndRule;
  readonly games: number;
  /** Exact P(killers win). */
  readonly exact: number;
  /** Simulated share of killer wins. */
  readonly simulated: number;
  /** Standard error of the simulated share under the exact p. */
  readonly se: number;
  /** |simulated − exact| / se. */
  readonly z: number;
  /** Exact two-sided binomial p-value of the simulated count under the exact probability. */
  readonly pValue: number;
  /**
   * Within 4 standard errors: the p-value is at least that of a 4σ normal deviate. The exact test replaces the
   * normal one because near p = 0 or 1 (e.g. 25 players, 12 killers: p = 0.9999) the normal deviate misleads.
   */
  readonly agrees: boolean;
  /** Games that did not end with a winner (must be 0). */
  readonly unfinished: number;
}

/** Runs every configuration through the engine and compares it with the exact value. */
export async function checkModel(
  configs: readonly { n: number; m: number; rule: EndRule }[],
  games: number,
  opts: { workers?: number; seed?: number; onProgress?: (done: number, total: number) => void } = {},
): Promise<ModelCheck[]> {
  const seed = opts.seed ?? 20_240_601;
  const jobs: Job[] = configs.map((c, i) => ({ spec: modelSpec(c.n, c.m, c.rule), games, seed: seed + i }));
  const tallies = await runBatch(jobs, {
    ...(opts.workers !== undefined ? { workers: opts.workers } : {}),
    ...(opts.onProgress ? { onProgress: opts.onProgress } : {}),
  });
  const exact = { parity: new ExactModel('parity'), strict: new ExactModel('strict') };
  return configs.map((c, i) => {
    const t = tallies[i]!;
    const p = exact[c.rule].mafiaWins(c.n, c.m).toNumber();
    const k = t.wins.killers ?? 0;
    const se = Math.sqrt((p * (1 - p)) / t.games) || 1e-12;
    const pValue = binomialTwoSided(k, t.games, p);
    return {
      ...c,
      games: t.games,
      exact: p,
      simulated: k / t.games,
      se,
      z: Math.abs(k / t.games - p) / se,
      pValue,
      agrees: pValue >= FOUR_SIGMA_TAIL,
      unfinished: t.wins.none ?? 0,
    };
  });
}

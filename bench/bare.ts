// The random-play model of the literature as a bare loop, without the engine: the yardstick the benchmark compares
// the engine's simulated games with, and a Monte Carlo cross-check of the exact recursion in tests.
import type { Rand } from '../src/sim/random.ts';

/** When the mafia win: at parity (m ≥ t) or only when strictly more (m > t). */
export type BareEnd = 'parity' | 'strict';

/**
 * Plays one game of n players with m mafia: day first, each day a uniformly random living player is eliminated,
 * each night the mafia eliminate a uniformly random townsperson. Returns true when the mafia win; `rounds` counts days.
 */
export function bareGame(rand: Rand, n: number, m: number, end: BareEnd): { mafia: boolean; rounds: number } {
  let t = n - m;
  let k = m;
  let rounds = 0;
  const over = () => k === 0 || (end === 'parity' ? k >= t : k > t);
  for (;;) {
    if (over()) break;
    rounds++;
    // Day: one of the t + k living players, uniformly.
    if (rand.int(t + k) < k) k--;
    else t--;
    if (over()) break;
    // Night: one townsperson.
    t--;
  }
  return { mafia: k > 0, rounds };
}

// Fast seeded randomness for simulations: pure-rand's xoroshiro128+ drives the bots' choices and, injected through
// `Env.rng`, the engine's draws. Real games never use this; they draw from the HMAC game RNG (DESIGN.md §2).
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import type { DrawSource } from '../engine/rng.ts';

const TWO_POW_26 = 2 ** 26;
const TWO_POW_53 = 2 ** 53;

/** A seeded stream of uniform choices (mutable; one per game or per purpose). */
export class Rand {
  private readonly g: RandomGenerator;

  constructor(seed: number) {
    this.g = xoroshiro128plus(seed | 0);
  }

  /** A float in [0, 1) with 53 random bits. */
  float(): number {
    const a = this.g.next() >>> 5;
    const b = this.g.next() >>> 6;
    return (a * TWO_POW_26 + b) / TWO_POW_53;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.float() * n);
  }

  /** A uniform element of a non-empty list. */
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)]!;
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.float() < p;
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(list: readonly T[]): T[] {
    const a = [...list];
    for (let i = a.length - 1; i >= 1; i--) {
      const j = this.int(i + 1);
      const t = a[i]!;
      a[i] = a[j]!;
      a[j] = t;
    }
    return a;
  }
}

/** Mixes a master seed and a game index into a 32-bit game seed (splitmix32-style finaliser). */
export function gameSeed(master: number, index: number): number {
  let z = (master ^ Math.imul(index + 1, 0x9e3779b9)) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) | 0;
}

/**
 * The engine's draw source for one simulated game: draw i is the i-th value of a xoroshiro stream seeded per game.
 * The engine asks for consecutive indices (the counter lives in state); a jump back re-seeds and skips forward.
 */
export function drawSource(seed: number): DrawSource {
  let rand = new Rand(seed);
  let next = 0;
  return {
    draw(index: number): number {
      if (index < next) {
        rand = new Rand(seed);
        next = 0;
      }
      while (next < index) {
        rand.float();
        next++;
      }
      next++;
      return rand.float();
    },
  };
}

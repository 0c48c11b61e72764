// The exact solution of the random-play model (rational arithmetic) against hand-computed values and a bare
// Monte Carlo loop.
import { describe, expect, it } from 'vitest';
import { bareGame } from '../../bench/bare.ts';
import { ExactModel, Rational } from '../../src/sim/exact.ts';
import { Rand } from '../../src/sim/random.ts';

describe('Rational', () => {
  it('keeps fractions in lowest terms with a positive denominator', () => {
    const r = new Rational(6n, -4n);
    expect([r.n, r.d]).toEqual([-3n, 2n]);
    expect(new Rational(1n, 3n).add(new Rational(1n, 6n)).toString()).toBe('1/2');
    expect(new Rational(2n, 3n).mul(new Rational(9n, 4n)).toString()).toBe('3/2');
    expect(new Rational(1n, 3n).toNumber()).toBeCloseTo(1 / 3, 15);
  });

  it('converts huge fractions to doubles without overflow', () => {
    const big = 10n ** 400n;
    expect(new Rational(big, 3n * big).toNumber()).toBeCloseTo(1 / 3, 12);
  });
});

describe('the random-play model solved exactly', () => {
  it('matches hand-computed values at the boundary', () => {
    const parity = new ExactModel('parity');
    const strict = new ExactModel('strict');
    // 1 town, 1 mafia: parity already wins; strictly more needs the day's coin flip.
    expect(parity.D(1, 1).toString()).toBe('1');
    expect(strict.D(1, 1).toString()).toBe('1/2');
    // 3 players, 1 mafia, parity: the day hits the mafia with 1/3, else the mafia reach parity.
    expect(parity.mafiaWins(3, 1).toString()).toBe('2/3');
    // 4 players, 1 mafia, strict: D(3,1) = 1/4·0 + 3/4·N(2,1) = 3/4·D(1,1) = 3/8.
    expect(strict.mafiaWins(4, 1).toString()).toBe('3/8');
    expect(parity.D(5, 0).toString()).toBe('0');
  });

  it('obeys the recursion D(t,m) = m/(t+m)·D(t−1,m−1) + t/(t+m)·D(t−2,m) away from the boundary', () => {
    const x = new ExactModel('parity');
    for (let t = 4; t <= 12; t++) {
      for (let m = 1; m < t - 2; m++) {
        const expected = new Rational(BigInt(m), BigInt(t + m)).mul(x.N(t, m - 1)).add(new Rational(BigInt(t), BigInt(t + m)).mul(x.D(t - 2, m)));
        expect(x.D(t, m).toString()).toBe(expected.toString());
      }
    }
  });

  it('gives win probabilities in [0, 1] that grow with the number of mafia', () => {
    for (const rule of ['parity', 'strict'] as const) {
      const x = new ExactModel(rule);
      for (let n = 5; n <= 25; n++) {
        let prev = -1;
        for (let m = 1; 2 * m < n; m++) {
          const p = x.mafiaWins(n, m).toNumber();
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(1);
          expect(p).toBeGreaterThan(prev);
          prev = p;
        }
      }
    }
  });

  it('agrees with a bare Monte Carlo loop of the model within 4 standard errors', () => {
    const rand = new Rand(12345);
    const games = 40_000;
    for (const rule of ['parity', 'strict'] as const) {
      const x = new ExactModel(rule);
      for (const [n, m] of [
        [5, 1],
        [9, 2],
        [13, 3],
        [25, 5],
      ] as const) {
        let wins = 0;
        for (let i = 0; i < games; i++) if (bareGame(rand, n, m, rule).mafia) wins++;
        const p = x.mafiaWins(n, m).toNumber();
        const se = Math.sqrt((p * (1 - p)) / games);
        expect(Math.abs(wins / games - p)).toBeLessThan(4 * se);
      }
    }
  });
});

describe('the exact two-sided binomial test', () => {
  it('matches a normal test in the middle and stays sane at the edges', async () => {
    const { binomialTwoSided, FOUR_SIGMA_TAIL } = await import('../../src/sim/stats.ts');
    // 2 of 2000 failures when 0.2 are expected: P(X ≥ 2) = 1 − e^−0.2·1.2 ≈ 0.0175 (Poisson), twice that.
    expect(binomialTwoSided(1998, 2000, 0.9999)).toBeCloseTo(2 * 0.01752, 3);
    expect(binomialTwoSided(1998, 2000, 0.9999)).toBeGreaterThan(FOUR_SIGMA_TAIL);
    // 4.5 standard errors off in the middle is refused, 1 is accepted.
    const n = 10_000;
    const se = Math.sqrt(0.25 / n);
    expect(binomialTwoSided(Math.round(n * (0.5 + 4.5 * se)), n, 0.5)).toBeLessThan(FOUR_SIGMA_TAIL);
    expect(binomialTwoSided(Math.round(n * (0.5 + 1 * se)), n, 0.5)).toBeCloseTo(0.3173, 1);
    expect(binomialTwoSided(0, 10, 0)).toBe(1);
    expect(binomialTwoSided(3, 10, 0)).toBe(0);
  });
});

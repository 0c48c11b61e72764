// The random-play model of the literature (Migdał, arXiv:1009.1031; Braverman, Etesami and Mossel, Ann. Appl.
// Probab. 2008), solved exactly in rational arithmetic: each day one living player is eliminated uniformly at
// random, each night the mafia eliminate one living townsperson uniformly at random. With t town and m mafia alive,
// day first: D(t,m) = m/(t+m)·N(t,m−1) + t/(t+m)·N(t−1,m) and N(t,m) = D(t−1,m), with the end conditions as
// boundary values.

/** An exact fraction n/d with d > 0 in lowest terms. */
export class Rational {
  readonly n: bigint;
  readonly d: bigint;

  constructor(n: bigint, d = 1n) {
    if (d === 0n) throw new Error('division by zero');
    const sign = d < 0n ? -1n : 1n;
    const g = gcd(n < 0n ? -n : n, d < 0n ? -d : d) || 1n;
    this.n = (sign * n) / g;
    this.d = (sign * d) / g;
  }

  /** The sum. */
  add(o: Rational): Rational {
    return new Rational(this.n * o.d + o.n * this.d, this.d * o.d);
  }

  /** The product. */
  mul(o: Rational): Rational {
    return new Rational(this.n * o.n, this.d * o.d);
  }

  /** The nearest double. */
  toNumber(): number {
    // Scale so the quotient keeps 53 significant bits even when n and d are huge.
    const shift = BigInt(Math.max(0, this.d.toString(2).length - 60));
    return Number(this.n >> shift) / Number(this.d >> shift);
  }

  /** 'n/d', or 'n' for whole numbers. */
  toString(): string {
    return this.d === 1n ? `${this.n}` : `${this.n}/${this.d}`;
  }
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** When the mafia win: at parity (m ≥ t, the literature's usual rule) or only when strictly more (m > t). */
export type EndRule = 'parity' | 'strict';

const ZERO = new Rational(0n);
const ONE = new Rational(1n);

/** Exact probabilities that the mafia win the random-play model, memoised per end rule. */
export class ExactModel {
  private readonly day = new Map<string, Rational>();
  private readonly night = new Map<string, Rational>();

  constructor(readonly rule: EndRule) {}

  /** The game is over with t town and m mafia alive: the mafia's win probability (1 or 0), else undefined. */
  private end(t: number, m: number): Rational | undefined {
    if (m === 0) return ZERO;
    if (this.rule === 'parity' ? m >= t : m > t) return ONE;
    return undefined;
  }

  /** P(mafia win) at the start of a day with t town and m mafia alive. */
  D(t: number, m: number): Rational {
    return this.solve(this.day, t, m, () => {
      const n = BigInt(t + m);
      return new Rational(BigInt(m), n).mul(this.N(t, m - 1)).add(new Rational(BigInt(t), n).mul(this.N(t - 1, m)));
    });
  }

  /** P(mafia win) at the start of a night with t town and m mafia alive. */
  N(t: number, m: number): Rational {
    return this.solve(this.night, t, m, () => this.D(t - 1, m));
  }

  /** The end condition, else the remembered value of (t, m) in `table`, else `step` remembered there. */
  private solve(table: Map<string, Rational>, t: number, m: number, step: () => Rational): Rational {
    const over = this.end(t, m);
    if (over) return over;
    const k = `${t},${m}`;
    const hit = table.get(k);
    if (hit) return hit;
    const p = step();
    table.set(k, p);
    return p;
  }

  /** P(mafia win) of a game of n players with m mafia, day first. */
  mafiaWins(n: number, m: number): Rational {
    return this.D(n - m, m);
  }
}

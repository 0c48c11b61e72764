// Abilities on even or odd nights (a reusable piece).

/** When an ability may be used: every night, even nights only (2, 4, …) or odd nights only (1, 3, …). */
export type NightParity = 'every' | 'even' | 'odd';

/** The parity of night `n`. */
export function parityOf(n: number): 'even' | 'odd' {
  return n % 2 === 0 ? 'even' : 'odd';
}

/** True when an ability with parity `p` may be used in night `n`. */
export function activeOn(p: NightParity, n: number): boolean {
  return p === 'every' || parityOf(n) === p;
}

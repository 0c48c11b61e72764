// The game RNG against the golden values of the palermo spec (PAL-GEN-7, PAL-DIST-2, PAL-TIE-5).
import { describe, expect, it } from 'vitest';
import { commitmentOf, Draws, drawAt, gameRng, keyOf } from '../../src/engine/rng.ts';

const F7 = ['Anna', 'Babis', 'Chris', 'Dora', 'Eleni', 'Fotis', 'Giorgos'];

describe('game RNG (DESIGN.md §2)', () => {
  it('PAL-GEN-7: commitment of palermo-golden-1 is the published SHA-256', () => {
    expect(commitmentOf('palermo-golden-1')).toBe('4ab822ff8e95eac4006ce8451430d2bca433d1aaa1e9fcaff9b030ccf25aa7cd');
  });

  it('PAL-GEN-7: the first seven draws of palermo-golden-1 match the spec', () => {
    const key = keyOf('palermo-golden-1', F7);
    expect([0, 1, 2, 3, 4, 5, 6].map((i) => drawAt(key, i))).toEqual([
      0.7525481807304821, 0.8446952426236329, 0.710585868842891, 0.7560049147307701, 0.4214102991910629, 0.18545059736874592, 0.01645785363623986,
    ]);
  });

  it('PAL-DIST-2: Fisher–Yates of [K,K,I,C,C,C,C] gives Anna the informant and Babis, Chris the killers', () => {
    const d = new Draws(gameRng(keyOf('palermo-golden-1', F7)), 0);
    expect(d.shuffle(['K', 'K', 'I', 'C', 'C', 'C', 'C'])).toEqual(['I', 'K', 'K', 'C', 'C', 'C', 'C']);
    expect(d.used).toHaveLength(6);
    // PAL-DIST-3: the informant's knowledge shuffle of [Babis, Chris] uses the seventh draw.
    expect(d.shuffle(['Babis', 'Chris'])).toEqual(['Chris', 'Babis']);
  });

  it('PAL-TIE-5: the lot of palermo-lot-1 draws 0.6752548071834852 and picks index 1 of two', () => {
    const d = new Draws(gameRng(keyOf('palermo-lot-1', F7)), 0);
    const i = d.pickIndex(2);
    expect(d.used[0]).toBe(0.6752548071834852);
    expect(i).toBe(1);
  });

  it('a different signup list gives a different key', () => {
    expect(keyOf('s', ['A', 'B'])).not.toBe(keyOf('s', ['B', 'A']));
  });

  it('draws lie in [0, 1) and are uniform enough over 20,000 draws', () => {
    const key = keyOf('uniformity', F7);
    const buckets = new Array(10).fill(0);
    for (let i = 0; i < 20_000; i++) {
      const x = drawAt(key, i);
      expect(x >= 0 && x < 1).toBe(true);
      buckets[Math.floor(x * 10)]++;
    }
    for (const b of buckets) expect(Math.abs(b - 2000)).toBeLessThan(200);
  });
});

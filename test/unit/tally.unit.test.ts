// The plurality tally shared by main votes and runoff polls (PAL-VOTE-8, PAL-TIE-1).
import { describe, expect, it } from 'vitest';
import { tally } from '../../src/engine/tally.ts';

const order = ['a', 'b', 'c', 'd', 'e'];

describe('tally', () => {
  it('PAL-VOTE-8: totals, voters in signup order, highest first', () => {
    const t = tally(
      new Map([
        ['e', 'a'],
        ['b', 'a'],
        ['a', 'c'],
        ['d', 'a'],
      ]),
      order,
    );
    expect(t.rows).toEqual([
      { target: 'a', total: 3, voters: ['b', 'd', 'e'] },
      { target: 'c', total: 1, voters: ['a'] },
    ]);
    expect(t.max).toBe(3);
    expect(t.top).toEqual(['a']);
  });

  it('PAL-TIE-1: ties share the top in signup order', () => {
    const t = tally(
      new Map([
        ['a', 'd'],
        ['b', 'c'],
        ['c', 'd'],
        ['d', 'c'],
      ]),
      order,
    );
    expect(t.top).toEqual(['c', 'd']);
  });

  it('no ballot: max 0 and an empty top (PAL-VOTE-8, A7)', () => {
    const t = tally(new Map(), order);
    expect(t).toEqual({ rows: [], max: 0, top: [] });
  });

  it('weights change the result', () => {
    const t = tally(
      new Map([
        ['a', 'c'],
        ['b', 'd'],
        ['e', 'd'],
      ]),
      order,
      (v) => (v === 'a' ? 3 : 1),
    );
    expect(t.top).toEqual(['c']);
    expect(t.max).toBe(3);
  });
});

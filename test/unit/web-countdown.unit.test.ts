// The countdown wakes only when its text changes: durationChangesIn gives the wait until duration() shows another
// text (a minute's step while hours or days are left, a second's below an hour), scaled by the game clock's speed.
import { describe, expect, it } from 'vitest';
import { duration, durationChangesIn, setLocale } from '../../web/src/i18n/i18n.ts';

setLocale('en');

describe('durationChangesIn', () => {
  // Remainders across the steps: days, hours, the switch to minutes and seconds at one hour, the last second.
  const cases = [3 * 86_400_000 + 7_654_321, 5 * 3_600_000 + 59_999, 3_600_000 + 30_000, 3_600_001, 3_600_000, 59 * 60_000 + 999, 61_500, 1_000, 999, 1];
  it.each(cases)('%d ms left: the text holds until the wait is over and changes then', (left) => {
    const wait = durationChangesIn(left);
    expect(wait).toBeGreaterThan(0);
    expect(duration(left - (wait - 1))).toBe(duration(left));
    expect(duration(left - wait)).not.toBe(duration(left));
  });

  it('waits a minute step while hours are left, a second step below an hour', () => {
    expect(durationChangesIn(2 * 3_600_000 + 30_000)).toBe(30_001);
    expect(durationChangesIn(30 * 60_000 + 250)).toBe(251);
  });

  it('scales by the clock speed: at 60 game ms per real ms the wait is a sixtieth', () => {
    expect(durationChangesIn(2 * 3_600_000 + 30_000, 60)).toBeCloseTo(30_001 / 60);
  });

  it('never wakes again once the deadline has passed (the text stays "now")', () => {
    expect(durationChangesIn(0)).toBe(Number.POSITIVE_INFINITY);
    expect(durationChangesIn(-5000)).toBe(Number.POSITIVE_INFINITY);
  });
});

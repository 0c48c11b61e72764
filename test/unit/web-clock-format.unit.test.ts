// The interface writes times on a 24-hour clock in every language, as the rulebooks' own messages do ("20:00"): a
// Greek interface once showed a deadline moved to 19:00 as "7:00 μ.μ." beside the thread's «19:00».
import { afterAll, describe, expect, it } from 'vitest';
import { dateTime, LOCALES, setLocale, timeOfDay, wallTime } from '../../web/src/i18n/i18n.ts';

const SEVEN_PM = Date.parse('2025-11-03T19:00:00+02:00');

describe('times in the interface', () => {
  afterAll(() => setLocale('en'));
  it.each(LOCALES)('%s: a date and time and a time of day read 19:00, with no AM/PM', (l) => {
    setLocale(l);
    for (const text of [dateTime(SEVEN_PM, 'Europe/Athens'), timeOfDay(SEVEN_PM, 'Europe/Athens')]) {
      expect(text).toContain('19:00');
      expect(text).not.toMatch(/\b[AP]M\b|μ\.μ\.|π\.μ\./);
    }
  });

  it.each(LOCALES)('%s: a typed wall time (a moved deadline in the audit log) reads as a date and 11:00, not as the raw value', (l) => {
    setLocale(l);
    const text = wallTime('2025-11-04T11:00');
    expect(text).toContain('11:00');
    expect(text).toMatch(/2025/);
    expect(text).not.toContain('T11');
    expect(wallTime('vote closes')).toBeUndefined();
  });
});

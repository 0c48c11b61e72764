// Play-day calendar and zoned time: Greek holidays (fixed and Easter-based), next play day, DST in Europe/Athens.
import { describe, expect, it } from 'vitest';
import { type Calendar, isPlayDay, nextPlayDay, orthodoxEaster, presetHolidays, westernEaster } from '../../src/engine/calendar.ts';
import { instantOf, isoLocal } from '../../src/engine/time.ts';

const GR: Calendar = { workingWeekdays: [1, 2, 3, 4, 5], preset: 'GR', extraPauseDays: [], extraWorkingDays: [] };
const ATH = 'Europe/Athens';

describe('calendar', () => {
  it('Orthodox and Western Easter', () => {
    expect(orthodoxEaster(2025)).toBe('2025-04-20');
    expect(orthodoxEaster(2026)).toBe('2026-04-12');
    expect(orthodoxEaster(2027)).toBe('2027-05-02');
    expect(westernEaster(2026)).toBe('2026-04-05');
    expect(westernEaster(2027)).toBe('2027-03-28');
  });

  it('PAL-CAL-1: preset GR holds the Easter-based holidays of 2025, 2026 and 2027', () => {
    const has = (y: number, days: string[]) => {
      for (const d of days) expect(presetHolidays('GR', y).has(d)).toBe(true);
    };
    has(2025, ['2025-03-03', '2025-04-18', '2025-04-21', '2025-06-09']);
    has(2026, ['2026-02-23', '2026-04-10', '2026-04-13', '2026-06-01']);
    has(2027, ['2027-03-15', '2027-04-30', '2027-05-03', '2027-06-21']);
    has(2026, ['2026-01-01', '2026-01-06', '2026-03-25', '2026-05-01', '2026-08-15', '2026-10-28', '2026-12-25', '2026-12-26']);
    expect(presetHolidays('GR', 2026).size).toBe(12);
  });

  it('PAL-CAL-2/3: the next play day skips weekends and holidays', () => {
    expect(nextPlayDay(GR, '2025-10-10')).toBe('2025-10-13'); // Fri → Mon
    expect(nextPlayDay(GR, '2025-10-27')).toBe('2025-10-29'); // 28/10 is a holiday
    expect(nextPlayDay(GR, '2026-04-09')).toBe('2026-04-14'); // Good Friday … Easter Monday
    expect(isPlayDay(GR, '2026-04-13')).toBe(false);
  });

  it('PAL-CAL-5: extra working and pause days override the week', () => {
    const cal = { ...GR, extraWorkingDays: ['2025-10-28', '2025-10-11'], extraPauseDays: ['2025-10-14'] };
    expect(isPlayDay(cal, '2025-10-28')).toBe(true);
    expect(isPlayDay(cal, '2025-10-11')).toBe(true);
    expect(nextPlayDay(cal, '2025-10-13')).toBe('2025-10-15');
  });
});

describe('zoned time (PAL-CAL-6)', () => {
  it('a DST week in Europe/Athens: 20:00 keeps its wall-clock time across the change', () => {
    expect(isoLocal(instantOf('2026-03-27', '20:00', ATH), ATH)).toBe('2026-03-27T20:00:00+02:00');
    expect(isoLocal(instantOf('2026-03-30', '20:00', ATH), ATH)).toBe('2026-03-30T20:00:00+03:00');
    expect(instantOf('2026-03-30', '20:00', ATH) - instantOf('2026-03-27', '20:00', ATH)).toBe((3 * 24 - 1) * 3600_000);
    expect(isoLocal(instantOf('2026-10-26', '13:00', ATH), ATH)).toBe('2026-10-26T13:00:00+02:00');
  });

  it('PAL-CAL-6: a time in the spring gap moves forward by the gap', () => {
    expect(isoLocal(instantOf('2026-03-29', '03:30', ATH), ATH)).toBe('2026-03-29T04:30:00+03:00');
  });

  it('PAL-CAL-6: a time that occurs twice in autumn means its first occurrence', () => {
    expect(new Date(instantOf('2026-10-25', '03:30', ATH)).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });
});

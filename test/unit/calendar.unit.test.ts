// Play-day calendar and zoned time: holiday presets from the date-holidays data set (Greek, German with its federal
// states, Russian), next play day, DST in Europe/Athens.
import { describe, expect, it } from 'vitest';
import { presetHolidays, presetProblem, resolveCalendar } from '../../src/app/holidays.ts';
import { type Calendar, isPlayDay, nextPlayDay } from '../../src/engine/calendar.ts';
import { instantOf, isoLocal } from '../../src/engine/time.ts';

const week = (preset: string, workingWeekdays = [1, 2, 3, 4, 5]): Calendar =>
  resolveCalendar({ workingWeekdays, preset, extraPauseDays: [], extraWorkingDays: [] }, '2025-01-01');
const GR = week('GR');
const ATH = 'Europe/Athens';

describe('calendar', () => {
  it('PAL-CAL-1: preset GR holds the Orthodox-Easter holidays of 2025, 2026 and 2027 and the fixed feasts', () => {
    const has = (y: number, days: string[]) => {
      for (const d of days) expect(presetHolidays('GR', y)).toContain(d);
    };
    // Clean Monday (E−48), Good Friday (E−2), Easter Sunday and Monday, Whit Monday (E+50).
    has(2025, ['2025-03-03', '2025-04-18', '2025-04-20', '2025-04-21', '2025-06-09']);
    has(2026, ['2026-02-23', '2026-04-10', '2026-04-12', '2026-04-13', '2026-06-01']);
    has(2027, ['2027-03-15', '2027-04-30', '2027-05-02', '2027-05-03', '2027-06-21']);
    has(2026, ['2026-01-01', '2026-01-06', '2026-03-25', '2026-05-01', '2026-08-15', '2026-10-28', '2026-12-25', '2026-12-26']);
    expect(isPlayDay(GR, '2026-04-10')).toBe(false);
  });

  it('PAL-CAL-1: Greek Labour Day moved by decree to Tue 7 May 2024 is played on 1 May and paused on 7 May with the extra days', () => {
    // The data set keeps 1 May (the 2024 move was a one-off decree): the moderator's extra days carry it.
    expect(presetHolidays('GR', 2024)).toContain('2024-05-01');
    const cal = resolveCalendar(
      { workingWeekdays: [1, 2, 3, 4, 5], preset: 'GR', extraPauseDays: ['2024-05-07'], extraWorkingDays: ['2024-05-01'] },
      '2024-04-01',
    );
    expect(isPlayDay(cal, '2024-05-01')).toBe(true);
    expect(isPlayDay(cal, '2024-05-07')).toBe(false);
    // Orthodox Easter 2024 is 5 May: Good Friday 3 May and Easter Monday 6 May pause, so after Thursday 2 May comes Wednesday 8 May.
    expect(nextPlayDay(cal, '2024-05-02')).toBe('2024-05-08');
  });

  it('preset DE-BY adds the Bavarian holidays to the nationwide German ones', () => {
    const de = week('DE');
    const by = week('DE-BY');
    expect(isPlayDay(de, '2025-06-19')).toBe(true); // Corpus Christi is not a nationwide holiday
    expect(isPlayDay(by, '2025-06-19')).toBe(false);
    expect(isPlayDay(by, '2025-01-06')).toBe(false); // Epiphany (Monday 6 Jan 2025)
    expect(isPlayDay(de, '2025-01-06')).toBe(true);
    expect(isPlayDay(de, '2025-10-03')).toBe(false); // German Unity Day
  });

  it('preset RU: the New Year holidays 1–8 January and a holiday moved from Sunday to Monday', () => {
    const ru = week('RU', [1, 2, 3, 4, 5, 6, 7]);
    for (let d = 1; d <= 8; d++) expect(isPlayDay(ru, `2026-01-0${d}`)).toBe(false);
    expect(isPlayDay(ru, '2026-01-09')).toBe(true);
    // 8 March 2026 is a Sunday: the day off moves to Monday 9 March.
    expect(isPlayDay(ru, '2026-03-09')).toBe(false);
    expect(isPlayDay(ru, '2026-02-23')).toBe(false);
  });

  it('a preset name the data set does not know is refused with the known ones', () => {
    expect(presetProblem('FR')).toMatch(/unknown holiday preset "FR"/);
    expect(presetProblem('DE-XX')).toMatch(/unknown region "XX" of DE \(known: .*BY/);
    expect(presetProblem('DE-BY')).toBeNull();
    expect(presetProblem('none')).toBeNull();
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

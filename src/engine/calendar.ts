// Play-day calendars: which dates are play days (weekdays minus holidays and pauses, plus agreed extra days),
// with holiday presets such as the Greek one whose movable feasts follow Orthodox Easter.
import { addDays, type IsoDate, instantOf, localDate, weekday } from './time.ts';

/** A game calendar. Dates are ISO 'YYYY-MM-DD'; weekdays are ISO numbers (1 = Monday … 7 = Sunday). */
export interface Calendar {
  /** Weekdays on which the game is played. */
  readonly workingWeekdays: readonly number[];
  /** Named holiday preset: 'GR' (Greek public holidays) or 'none'. */
  readonly preset: HolidayPreset;
  /** Extra pause dates (holidays added by the moderator). */
  readonly extraPauseDays: readonly IsoDate[];
  /** Dates played although they would be pauses (e.g. a Saturday agreed by the players). */
  readonly extraWorkingDays: readonly IsoDate[];
}

/** The holiday presets Narrator knows. */
export type HolidayPreset = 'GR' | 'DE' | 'RU' | 'none';

/** Monday to Friday with no holidays. */
export const WEEKDAYS: readonly number[] = [1, 2, 3, 4, 5];

/** Orthodox Easter Sunday of a year (Meeus' Julian computation, shifted to the Gregorian calendar). */
export function orthodoxEaster(year: number): IsoDate {
  const a = year % 4;
  const b = year % 7;
  const c = year % 19;
  const d = (19 * c + 15) % 30;
  const e = (2 * a + 4 * b - d + 34) % 7;
  const month = Math.floor((d + e + 114) / 31);
  const day = ((d + e + 114) % 31) + 1;
  const julian = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  // The Julian calendar runs 13 days behind the Gregorian one from 1900 to 2099.
  return addDays(julian, julianOffset(year));
}

/** Western (Gregorian) Easter Sunday of a year (anonymous Gregorian algorithm). */
export function westernEaster(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function julianOffset(year: number): number {
  const century = Math.floor(year / 100);
  return century - Math.floor(century / 4) - 2;
}

const cache = new Map<string, ReadonlySet<IsoDate>>();

/** The holidays of a preset in one year. */
export function presetHolidays(preset: HolidayPreset, year: number): ReadonlySet<IsoDate> {
  const k = `${preset}:${year}`;
  const hit = cache.get(k);
  if (hit) return hit;
  const y = String(year);
  const fixed = (md: string[]) => md.map((x) => `${y}-${x}`);
  let days: IsoDate[] = [];
  if (preset === 'GR') {
    // PAL-CAL-1 preset "GR": fixed feasts plus Clean Monday, Good Friday, Easter Monday and Whit Monday.
    const e = orthodoxEaster(year);
    days = [...fixed(['01-01', '01-06', '03-25', '05-01', '08-15', '10-28', '12-25', '12-26']), addDays(e, -48), addDays(e, -2), addDays(e, 1), addDays(e, 50)];
  } else if (preset === 'DE') {
    const e = westernEaster(year);
    days = [...fixed(['01-01', '05-01', '10-03', '12-25', '12-26']), addDays(e, -2), addDays(e, 1), addDays(e, 39), addDays(e, 50)];
  } else if (preset === 'RU') {
    days = fixed(['01-01', '01-02', '01-03', '01-04', '01-05', '01-06', '01-07', '01-08', '02-23', '03-08', '05-01', '05-09', '06-12', '11-04']);
  }
  const set = new Set(days);
  cache.set(k, set);
  return set;
}

/** True when the game is played on `date` (PAL-CAL-1 working-day predicate). */
export function isPlayDay(cal: Calendar, date: IsoDate): boolean {
  if (cal.extraWorkingDays.includes(date)) return true;
  if (!cal.workingWeekdays.includes(weekday(date))) return false;
  if (cal.extraPauseDays.includes(date)) return false;
  return !presetHolidays(cal.preset, Number(date.slice(0, 4))).has(date);
}

const nextCache = new WeakMap<Calendar, Map<IsoDate, IsoDate>>();

/** The first play day strictly after `date` (PAL-CAL-2: "next day" means next working day). Memoised per calendar. */
export function nextPlayDay(cal: Calendar, date: IsoDate): IsoDate {
  let memo = nextCache.get(cal);
  if (!memo) nextCache.set(cal, (memo = new Map()));
  const hit = memo.get(date);
  if (hit !== undefined) return hit;
  const next = scanPlayDay(cal, date);
  if (memo.size > 10_000) memo.clear();
  memo.set(date, next);
  return next;
}

function scanPlayDay(cal: Calendar, date: IsoDate): IsoDate {
  let d = addDays(date, 1);
  for (let i = 0; i < 3660; i++) {
    if (isPlayDay(cal, d)) return d;
    d = addDays(d, 1);
  }
  throw new Error(`calendar has no play day within ten years after ${date}`);
}

/** True when some date within ten years is a play day (a calendar that never plays is refused at the edge). */
export function hasPlayDays(cal: Calendar): boolean {
  return cal.workingWeekdays.length > 0 || cal.extraWorkingDays.length > 0;
}

/**
 * The earliest instant after `from` whose local time is `time` on a date that `isPause` does not exclude, and that
 * leaves at least `minMs` after `from` (phase deadlines on a wall clock with a minimum length).
 */
export function firstLocalTimeAfter(from: number, time: string, minMs: number, timeZone: string, isPause: (date: IsoDate) => boolean): number {
  let date = localDate(from, timeZone);
  for (let i = 0; i < 3660; i++) {
    const t = instantOf(date, time, timeZone);
    if (t > from && t - from >= minMs && !isPause(date)) return t;
    date = addDays(date, 1);
  }
  throw new Error(`no allowed ${time} within ten years`);
}

// Play-day calendars: which dates are play days (weekdays minus holidays and pauses, plus agreed extra days).
// A preset's holidays come from a holiday data set that computes dates with `Date`, so the edge (app/holidays.ts)
// resolves them into plain dates when the game is configured and the pure engine only reads that list.
import { addDays, type IsoDate, instantOf, localDate, weekday } from './time.ts';

/** A game calendar. Dates are ISO 'YYYY-MM-DD'; weekdays are ISO numbers (1 = Monday … 7 = Sunday). */
export interface Calendar {
  /** Weekdays on which the game is played. */
  readonly workingWeekdays: readonly number[];
  /** Named holiday preset: 'GR', 'DE', 'DE-BY' (a German federal state), 'RU' or 'none'. */
  readonly preset: HolidayPreset;
  /** The preset's public holidays as dates, resolved at configuration time (absent: none). */
  readonly holidays?: readonly IsoDate[];
  /** Extra pause dates (holidays added by the moderator). */
  readonly extraPauseDays: readonly IsoDate[];
  /** Dates played although they would be pauses (e.g. a Saturday agreed by the players). */
  readonly extraWorkingDays: readonly IsoDate[];
}

/** A holiday preset: 'none', or a country of the data set ('GR', 'DE', 'RU'), optionally with a region ('DE-BY'). */
export type HolidayPreset = string;

/** Monday to Friday with no holidays. */
export const WEEKDAYS: readonly number[] = [1, 2, 3, 4, 5];

const holidaySets = new WeakMap<readonly IsoDate[], ReadonlySet<IsoDate>>();
const NO_HOLIDAYS: ReadonlySet<IsoDate> = new Set();

/** The holiday dates of a calendar as a set (memoised per list: isPlayDay runs for every scheduled instant). */
function holidaySet(cal: Calendar): ReadonlySet<IsoDate> {
  const list = cal.holidays;
  if (!list) return NO_HOLIDAYS;
  let set = holidaySets.get(list);
  if (!set) holidaySets.set(list, (set = new Set(list)));
  return set;
}

/** True when the game is played on `date` (PAL-CAL-1 working-day predicate). */
export function isPlayDay(cal: Calendar, date: IsoDate): boolean {
  if (cal.extraWorkingDays.includes(date)) return true;
  if (!cal.workingWeekdays.includes(weekday(date))) return false;
  if (cal.extraPauseDays.includes(date)) return false;
  return !holidaySet(cal).has(date);
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

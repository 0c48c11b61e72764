// Zoned wall-clock arithmetic on Temporal. Instants are epoch milliseconds; dates are ISO 'YYYY-MM-DD'.
import { Temporal } from 'temporal-polyfill';
import type { Millis } from '../core/types.ts';

/** A calendar date, ISO 'YYYY-MM-DD'. */
export type IsoDate = string;

/** A local wall-clock time, 'HH:MM' or 'HH:MM:SS'. */
export type LocalTime = string;

const instantCache = new Map<string, Millis>();

/**
 * The instant of a local wall-clock time on a date in an IANA zone. A time inside a DST gap moves forward by the
 * gap; a time that occurs twice means its first occurrence (PAL-CAL-6: Temporal's 'compatible' disambiguation).
 */
export function instantOf(date: IsoDate, time: LocalTime, timeZone: string): Millis {
  const k = `${date}T${time}@${timeZone}`;
  const hit = instantCache.get(k);
  if (hit !== undefined) return hit;
  const zdt = Temporal.PlainDateTime.from(`${date}T${time}`).toZonedDateTime(timeZone, { disambiguation: 'compatible' });
  const ms = zdt.epochMilliseconds;
  if (instantCache.size > 50_000) instantCache.clear();
  instantCache.set(k, ms);
  return ms;
}

function zoned(ms: Millis, timeZone: string): Temporal.ZonedDateTime {
  return Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timeZone);
}

const localDateCache = new Map<string, IsoDate>();

/** ISO-8601 with the zone's local offset, e.g. 2025-10-06T20:00:00+03:00. */
export function isoLocal(ms: Millis, timeZone: string): string {
  return zoned(ms, timeZone).toString({ timeZoneName: 'never', fractionalSecondDigits: 0 });
}

/** The local date of an instant (memoised: every round asks for the same few). */
export function localDate(ms: Millis, timeZone: string): IsoDate {
  const k = `${ms}@${timeZone}`;
  const hit = localDateCache.get(k);
  if (hit !== undefined) return hit;
  const date = zoned(ms, timeZone).toPlainDate().toString();
  if (localDateCache.size > 50_000) localDateCache.clear();
  localDateCache.set(k, date);
  return date;
}

/** 'dd/mm' of a date. */
export function ddmm(date: IsoDate): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}`;
}

/** Local 'HH:MM' of an instant. */
export function hhmm(ms: Millis, timeZone: string): string {
  const z = zoned(ms, timeZone);
  return `${String(z.hour).padStart(2, '0')}:${String(z.minute).padStart(2, '0')}`;
}

/** Local 'HH:MM:SS' of an instant. */
export function hhmmss(ms: Millis, timeZone: string): string {
  const z = zoned(ms, timeZone);
  return `${hhmm(ms, timeZone)}:${String(z.second).padStart(2, '0')}`;
}

// Date arithmetic memos: parsing a PlainDate costs microseconds and the same few dates recur in every round.
const weekdayCache = new Map<IsoDate, number>();
const addDaysCache = new Map<string, IsoDate>();

function remember<K, T>(cache: Map<K, T>, k: K, value: T): T {
  if (cache.size > 50_000) cache.clear();
  cache.set(k, value);
  return value;
}

/** ISO weekday of a date: 1 = Monday … 7 = Sunday. */
export function weekday(date: IsoDate): number {
  return weekdayCache.get(date) ?? remember(weekdayCache, date, Temporal.PlainDate.from(date).dayOfWeek);
}

/** The date `days` after `date` (negative goes back). */
export function addDays(date: IsoDate, days: number): IsoDate {
  const k = `${date}${days}`;
  return addDaysCache.get(k) ?? remember(addDaysCache, k, Temporal.PlainDate.from(date).add({ days }).toString());
}

/** Minutes after an instant (absolute time, no wall-clock effects). */
export function addMinutes(ms: Millis, minutes: number): Millis {
  return ms + minutes * 60_000;
}

/**
 * Parses a timestamp: a local date-time in the game zone ('2025-10-06T09:00', seconds optional) or an ISO instant
 * with an offset or 'Z'. Returns null when it is not a valid time.
 */
export function parseTimestamp(text: string, timeZone: string): Millis | null {
  const s = text.trim().replace(' ', 'T');
  try {
    if (/[zZ]$|[+-]\d\d:?\d\d$/.test(s)) return Temporal.Instant.from(s).epochMilliseconds;
    if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return instantOf(s, '00:00', timeZone);
    const pdt = Temporal.PlainDateTime.from(s);
    return pdt.toZonedDateTime(timeZone, { disambiguation: 'compatible' }).epochMilliseconds;
  } catch {
    return null;
  }
}

/** True when `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    Temporal.Now.instant; // keep the import used in environments that tree-shake
    Temporal.ZonedDateTime.from({ year: 2000, month: 1, day: 1, timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** True when `date` is a valid ISO calendar date. */
export function isIsoDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  try {
    return Temporal.PlainDate.from(date, { overflow: 'reject' }).toString() === date;
  } catch {
    return false;
  }
}

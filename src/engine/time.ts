// Zoned wall-clock arithmetic. Instants are epoch milliseconds; dates are ISO 'YYYY-MM-DD'. Temporal knows the zones:
// it gives an instant's UTC offset and the next transition (once per stretch of constant offset, twice a year where
// clocks change) and resolves local times to instants; dates, weekdays and local times of day are then plain
// arithmetic on the proleptic Gregorian calendar, as Temporal's ISO calendar counts them (a Temporal object costs
// microseconds, and the engine asks for a local time with many of its messages).
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

/** A stretch of time in which a zone keeps one UTC offset: [from, to). */
interface OffsetSpan {
  readonly from: Millis;
  readonly to: Millis;
  readonly offset: Millis;
}

/** The latest offset spans looked up per zone (a game asks about one zone, mostly moving forward in time). */
const spans = new Map<string, OffsetSpan[]>();

/**
 * The zone's UTC offset at an instant, in ms. Temporal is asked once per stretch between two transitions of the
 * zone (twice a year where clocks change); inside a known stretch the offset is read from it.
 */
function offsetAt(ms: Millis, timeZone: string): Millis {
  let known = spans.get(timeZone);
  if (known) for (const x of known) if (x.from <= ms && ms < x.to) return x.offset;
  const z = zoned(ms, timeZone);
  const next = z.getTimeZoneTransition('next');
  // The stretch starts at `ms` itself: the transition before it may be exactly `ms`, with another offset before.
  const span: OffsetSpan = { from: ms, to: next ? next.epochMilliseconds : Number.POSITIVE_INFINITY, offset: z.offsetNanoseconds / 1e6 };
  if (!known) spans.set(timeZone, (known = []));
  known.unshift(span);
  if (known.length > 8) known.pop();
  return span.offset;
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a proleptic Gregorian date (Hinnant's days_from_civil). */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** The day counts of 0000-01-01 and 9999-12-31: the years a 'YYYY-MM-DD' date can write. */
const FIRST_DAY = -719_528;
const LAST_DAY = 2_932_896;

/** The ISO date of a day count since 1970-01-01 (Hinnant's civil_from_days), for years 0000–9999. */
function civilFromDays(days: number): IsoDate {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${String(y).padStart(4, '0')}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The day count of a valid 'YYYY-MM-DD' date, or undefined for anything else (left to Temporal, which refuses it). */
function dayNumber(date: IsoDate): number | undefined {
  if (date.length !== 10 || date.charCodeAt(4) !== 45 || date.charCodeAt(7) !== 45) return undefined;
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const d = Number(date.slice(8, 10));
  if (!Number.isInteger(y) || !Number.isInteger(m) || !Number.isInteger(d) || m < 1 || m > 12 || d < 1) return undefined;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  if (d > (m === 2 && leap ? 29 : MONTH_DAYS[m - 1]!)) return undefined;
  return daysFromCivil(y, m, d);
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The local wall-clock milliseconds of an instant: epoch ms shifted by the zone's offset. */
function wall(ms: Millis, timeZone: string): number {
  return ms + offsetAt(ms, timeZone);
}

/** ISO-8601 with the zone's local offset, e.g. 2025-10-06T20:00:00+03:00. */
export function isoLocal(ms: Millis, timeZone: string): string {
  return zoned(ms, timeZone).toString({ timeZoneName: 'never', fractionalSecondDigits: 0 });
}

/** The local date of an instant. */
export function localDate(ms: Millis, timeZone: string): IsoDate {
  const days = Math.floor(wall(ms, timeZone) / DAY_MS);
  if (days < FIRST_DAY || days > LAST_DAY) return zoned(ms, timeZone).toPlainDate().toString();
  return civilFromDays(days);
}

/** 'dd/mm' of a date. */
export function ddmm(date: IsoDate): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}`;
}

/** Local 'HH:MM' of an instant. */
export function hhmm(ms: Millis, timeZone: string): string {
  const t = Math.floor((((wall(ms, timeZone) % DAY_MS) + DAY_MS) % DAY_MS) / 60_000);
  return `${two(Math.floor(t / 60))}:${two(t % 60)}`;
}

/** Local 'HH:MM:SS' of an instant. */
export function hhmmss(ms: Millis, timeZone: string): string {
  const t = Math.floor((((wall(ms, timeZone) % DAY_MS) + DAY_MS) % DAY_MS) / 1000);
  return `${two(Math.floor(t / 3600))}:${two(Math.floor(t / 60) % 60)}:${two(t % 60)}`;
}

/** ISO weekday of a date: 1 = Monday … 7 = Sunday. */
export function weekday(date: IsoDate): number {
  const n = dayNumber(date);
  if (n === undefined) return Temporal.PlainDate.from(date).dayOfWeek;
  return ((((n + 3) % 7) + 7) % 7) + 1;
}

/** The date `days` after `date` (negative goes back). */
export function addDays(date: IsoDate, days: number): IsoDate {
  const n = dayNumber(date);
  if (n === undefined || !Number.isInteger(days) || n + days < FIRST_DAY || n + days > LAST_DAY) {
    return Temporal.PlainDate.from(date).add({ days }).toString();
  }
  return civilFromDays(n + days);
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

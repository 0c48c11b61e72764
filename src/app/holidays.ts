// Holiday presets from the `date-holidays` data set (maintained public-holiday rules per country and region),
// resolved into plain dates when a game is configured. The data set computes with `Date`, which the pure engine
// may not use, so the engine receives the dates as data (Calendar.holidays) and never sees the package.
import { createRequire } from 'node:module';
import type HolidaysType from 'date-holidays';
import type { Calendar, HolidayPreset } from '../engine/calendar.ts';
import { addDays, type IsoDate } from '../engine/time.ts';

/** Countries a preset may name; a German preset may add a federal state ('DE-BY'). */
export const PRESET_COUNTRIES = ['GR', 'DE', 'RU'] as const;

/** Years of holidays a game carries: the year it starts and the next ones (a forum game lasts weeks, rarely months). */
export const HOLIDAY_YEARS = 3;

// Loaded on first use: the data set holds every country (0.8 MB) and takes about 0.2 s to load, which commands that
// configure no game (`narrator --version`, `narrator rules`) should not pay.
let ctor: typeof HolidaysType | undefined;
function holidaysClass(): typeof HolidaysType {
  ctor ??= createRequire(import.meta.url)('date-holidays') as typeof HolidaysType;
  return ctor;
}

/** Why a preset name is not usable, or null when it is. */
export function presetProblem(preset: string): string | null {
  if (preset === 'none') return null;
  const [country, region, ...rest] = preset.split('-');
  if (!country || !(PRESET_COUNTRIES as readonly string[]).includes(country) || rest.length > 0)
    return `unknown holiday preset "${preset}" (known: none, ${PRESET_COUNTRIES.join(', ')}, or DE-<state> such as DE-BY)`;
  if (region === undefined) return null;
  const states = new (holidaysClass())().getStates(country) ?? {};
  if (!Object.hasOwn(states, region)) return `unknown region "${region}" of ${country} (known: ${Object.keys(states).join(', ') || 'none'})`;
  return null;
}

const cache = new Map<string, readonly IsoDate[]>();

/**
 * The public holidays of a preset in one year, as local dates. Multi-day entries (Russia's New Year holidays,
 * 2–6 January, are one entry of five days) are expanded; observances, optional and school days are left out.
 */
export function presetHolidays(preset: HolidayPreset, year: number): readonly IsoDate[] {
  if (preset === 'none') return [];
  const k = `${preset}:${year}`;
  const hit = cache.get(k);
  if (hit) return hit;
  const [country, region] = preset.split('-') as [string, string | undefined];
  const H = holidaysClass();
  const h = region ? new H(country, region) : new H(country);
  const days = new Set<IsoDate>();
  for (const x of h.getHolidays(year) || []) {
    if (x.type !== 'public') continue;
    const first = x.date.slice(0, 10);
    const length = Math.max(1, Math.round((x.end.getTime() - x.start.getTime()) / 86_400_000));
    for (let i = 0; i < length; i++) days.add(addDays(first, i));
  }
  const list = [...days].sort();
  cache.set(k, list);
  return list;
}

/** The holidays a game starting in `year` carries: HOLIDAY_YEARS years of its preset. */
export function holidaysFrom(preset: HolidayPreset, year: number): IsoDate[] {
  const out: IsoDate[] = [];
  for (let y = year; y < year + HOLIDAY_YEARS; y++) out.push(...presetHolidays(preset, y));
  return out;
}

/** A calendar with its preset's holidays resolved for a game whose first date is `firstDate`. */
export function resolveCalendar(cal: Omit<Calendar, 'holidays'>, firstDate: IsoDate): Calendar {
  return { ...cal, holidays: holidaysFrom(cal.preset, Number(firstDate.slice(0, 4))) };
}

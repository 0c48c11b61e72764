// The interface's language: the user's choice (kept in localStorage), else the browser's first supported
// language, else English. Messages are ICU MessageFormat (plurals by the locale's rules) compiled once per locale
// and key; dates and times go through Intl in the locale and the zone asked for.
import { IntlMessageFormat } from 'intl-messageformat';
import { de } from './de.ts';
import { el } from './el.ts';
import { type Catalog, en, type MessageKey } from './en.ts';
import { ru } from './ru.ts';

/** The interface languages. */
export const LOCALES = ['en', 'el', 'de', 'ru'] as const;
/** An interface language. */
export type Locale = (typeof LOCALES)[number];

/** Each language's name in itself (the language menu). */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', el: 'Ελληνικά', de: 'Deutsch', ru: 'Русский' };

const CATALOGS: Readonly<Record<Locale, Catalog>> = { en, el, de, ru };
const STORAGE_KEY = 'narrator.locale';

function isLocale(x: string | null | undefined): x is Locale {
  return (LOCALES as readonly string[]).includes(x ?? '');
}

/** The language to start in: the stored choice, else the browser's. */
export function initialLocale(stored: string | null, browser: readonly string[]): Locale {
  if (isLocale(stored)) return stored;
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return 'en';
}

let current: Locale = initialLocale(safeStorage()?.getItem(STORAGE_KEY) ?? null, typeof navigator === 'undefined' ? [] : navigator.languages);
const compiled = new Map<string, IntlMessageFormat>();
const listeners = new Set<() => void>();

function safeStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** The interface language now. */
export function locale(): Locale {
  return current;
}

/** Switches the language, remembers it and re-renders every subscriber. */
export function setLocale(l: Locale): void {
  current = l;
  safeStorage()?.setItem(STORAGE_KEY, l);
  if (typeof document !== 'undefined') document.documentElement.lang = l;
  for (const f of listeners) f();
}

/** Calls `f` after every change of language; returns the unsubscribe. */
export function onLocale(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

/** The message `key` in the current language when the catalogue has it (a server's error code), else undefined. */
export function tIf(key: string, params?: Record<string, string | number>): string | undefined {
  return Object.hasOwn(CATALOGS[current], key) ? t(key as MessageKey, params) : undefined;
}

/** The message `key` in the current language with its parameters filled in. */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  const id = `${current}\u0000${key}`;
  let f = compiled.get(id);
  if (!f) {
    f = new IntlMessageFormat(CATALOGS[current][key], current);
    compiled.set(id, f);
  }
  return String(f.format(params));
}

// Building an Intl.DateTimeFormat costs far more than formatting with one (a thread of 120 lines built 120 of them
// on every render), so each language, style and zone gets one.
const formats = new Map<string, Intl.DateTimeFormat>();
function formatter(style: 'dateTime' | 'timeOfDay', timeZone: string | undefined): Intl.DateTimeFormat {
  const k = `${current}\u0000${style}\u0000${timeZone ?? ''}`;
  let f = formats.get(k);
  if (!f) {
    // A 24-hour clock in every language: the rulebooks' own messages and rules write "20:00" (a Greek interface once
    // showed the close moved to "7:00 μ.μ." beside the thread's "19:00").
    const zone = { hourCycle: 'h23' as const, ...(timeZone ? { timeZone } : {}) };
    f = new Intl.DateTimeFormat(
      current,
      style === 'dateTime' ? { dateStyle: 'medium', timeStyle: 'short', ...zone } : { weekday: 'short', hour: '2-digit', minute: '2-digit', ...zone },
    );
    formats.set(k, f);
  }
  return f;
}

/** A date and time in the current language, in the given zone (the viewer's own when none is given). */
export function dateTime(at: number, timeZone?: string): string {
  return formatter('dateTime', timeZone).format(at);
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * A wall-clock time as a moderator typed it for the game ('2025-11-04T11:00', the game's local time) in the current
 * language, unchanged by any zone; undefined for any other text.
 */
export function wallTime(text: string): string | undefined {
  const m = WALL_TIME.exec(text);
  return m ? dateTime(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!), 'UTC') : undefined;
}

/** A short time of day in the current language. */
export function timeOfDay(at: number, timeZone?: string): string {
  return formatter('timeOfDay', timeZone).format(at);
}

/** A list ("Anna, Babis and Chris") in the current language. */
export function list(items: readonly string[]): string {
  return new Intl.ListFormat(current, { type: 'conjunction' }).format(items);
}

let viewerZone: string | undefined;
/** The viewer's own time zone (read once: building a formatter to ask costs a countdown's every render). */
export function localZone(): string {
  viewerZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return viewerZone;
}

/**
 * Real milliseconds until `duration(ms)` shows another text, at `speed` game milliseconds per real one (Infinity once
 * passed): a minute's change while it shows hours or days, a second's below an hour.
 */
export function durationChangesIn(ms: number, speed = 1): number {
  if (ms <= 0) return Number.POSITIVE_INFINITY;
  const step = ms > 3_600_000 ? 60_000 : 1000;
  // The text floors: it changes when the remainder first drops below the step's multiple (+1 ms past it); in the
  // last second, when it reaches 0 ("now").
  const wait = ms < 1000 ? ms : (ms % step) + 1;
  return wait / Math.max(speed, 1e-9);
}

/** A duration as the countdown shows it (days, else hours and minutes, else minutes and seconds). */
export function duration(ms: number): string {
  if (ms <= 0) return t('deadline.passed');
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${t('duration.days', { n: d })} ${t('duration.hm', { h, m })}`;
  if (h > 0) return t('duration.hm', { h, m });
  return t('duration.ms', { m, s: s % 60 });
}

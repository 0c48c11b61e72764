// engine/time.ts computes local dates and times of day arithmetically from the zone's offset (asked of Temporal
// once per stretch between two transitions): it must agree with Temporal everywhere, across DST changes, odd
// offsets (+05:45, +13:45, Lord Howe's half-hour shift) and historical local mean time.
import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { addDays, hhmm, hhmmss, localDate, weekday } from '../../src/engine/time.ts';

const ZONES = [
  'UTC',
  'Europe/Athens',
  'Europe/Berlin',
  'Europe/Moscow',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'America/St_Johns',
  'Africa/Casablanca',
  'Pacific/Apia',
];
const pad = (n: number) => String(n).padStart(2, '0');

/** What Temporal says of an instant in a zone: local date, HH:MM, HH:MM:SS. */
function temporal(ms: number, zone: string): string[] {
  const z = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone);
  return [z.toPlainDate().toString(), `${pad(z.hour)}:${pad(z.minute)}`, `${pad(z.hour)}:${pad(z.minute)}:${pad(z.second)}`];
}

describe('zoned arithmetic agrees with Temporal', () => {
  it('local date and time of day of any instant from 1850 to 2100, in zones with odd offsets and history', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.integer({ min: Date.UTC(1850, 0, 1), max: Date.UTC(2100, 0, 1) }), (zone, ms) => {
        expect([localDate(ms, zone), hhmm(ms, zone), hhmmss(ms, zone)]).toEqual(temporal(ms, zone));
      }),
      { numRuns: 3000 },
    );
  });
  it('every minute around the DST changes of 2025 in Athens and on Lord Howe, forwards and then backwards', () => {
    const around = [Date.UTC(2025, 2, 30, 0, 0), Date.UTC(2025, 9, 26, 0, 0), Date.UTC(2025, 3, 5, 14, 0), Date.UTC(2025, 9, 4, 15, 0)];
    for (const zone of ['Europe/Athens', 'Australia/Lord_Howe']) {
      for (const t0 of around) {
        const minutes = Array.from({ length: 240 }, (_, i) => t0 + i * 60_000 + 17_000);
        for (const ms of [...minutes, ...minutes.reverse()])
          expect([localDate(ms, zone), hhmm(ms, zone), hhmmss(ms, zone)], `${zone} ${ms}`).toEqual(temporal(ms, zone));
      }
    }
  });
  it('addDays and weekday of any date from 1600 to 2300; invalid dates are refused as Temporal refuses them', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 255_000 }), fc.integer({ min: -1000, max: 1000 }), (offset, days) => {
        const date = Temporal.PlainDate.from('1600-01-01').add({ days: offset }).toString();
        expect([addDays(date, days), weekday(date)]).toEqual([Temporal.PlainDate.from(date).add({ days }).toString(), Temporal.PlainDate.from(date).dayOfWeek]);
      }),
      { numRuns: 3000 },
    );
    for (const bad of ['2025-02-30', '2025-13-01', 'yesterday']) {
      expect(() => addDays(bad, 1)).toThrow();
      expect(() => weekday(bad)).toThrow();
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { GameConfig } from '../../src/engine/state.ts';
import { mafiaDe } from '../../src/variants/mafia-de/index.ts';
import { palermo } from '../../src/variants/palermo/index.ts';

const config = (variant: string, options: Record<string, unknown>): GameConfig => ({
  variant,
  locale: 'en',
  timeZone: 'Europe/Berlin',
  createdAt: 0,
  startAt: 1,
  options,
  calendar: palermo.defaultCalendar,
});

describe('defineVariant: options typed by the schema', () => {
  it('DE-GEN-1: mafia-de reads a configuration through its schema, with the defaults of spec §1.1', () => {
    const o = mafiaDe.options(config('mafia-de', { maxWarnings: 5 }));
    expect(o.maxWarnings).toBe(5);
    expect(o.dayEnd).toBe('20:00');
    expect(o.blacklist).toEqual([]);
  });

  it('PAL-TIE-4, PAL-WIN-4: palermo reads its options typed, with their defaults', () => {
    const o = palermo.options(config('palermo', { runoffExtensionMinutes: 60 }));
    expect(o.runoffExtensionMinutes).toBe(60);
    expect(o.autoStopWhenKillersOutnumber).toBe(true);
    expect(o.killersWinAtParity).toBe(false);
  });

  it('reads one configuration once: the same options object comes back', () => {
    const c = config('palermo', {});
    expect(palermo.options(c)).toBe(palermo.options(c));
  });
});

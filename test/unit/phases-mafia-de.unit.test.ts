// mafia-de's declared cycle as the engine runs it (engine/phases.ts, docs/actions.md §10), over bot games and every
// mafia-de scenario: Day 1 opens at the start, day N is followed by night N and night N by day N+1 (DE-SCHED-1), the
// engine's open phase is the one the rulebook plays (votes by day, night orders by night), and each resolution runs
// its declared steps in the spec's order (D2–D10, N1–N14), stopping only where the game ends.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/core/types.ts';
import { typed } from '../../src/engine/events.ts';
import { evolve, initialState } from '../../src/engine/evolve.ts';
import { planContext } from '../../src/engine/phases.ts';
import { planPhase, type ScheduleDef } from '../../src/engine/schedule.ts';
import type { GameState } from '../../src/engine/state.ts';
import { instantOf } from '../../src/engine/time.ts';
import { loadScript } from '../../src/scripts/load.ts';
import { runScript } from '../../src/scripts/run.ts';
import { driveGame } from '../../src/sim/runner.ts';
import type { DeEvents } from '../../src/variants/mafia-de/events.ts';
import { mafiaDe } from '../../src/variants/mafia-de/index.ts';
import { mafiaDeSim } from '../../src/variants/mafia-de/sim.ts';
import type { DeState } from '../../src/variants/mafia-de/state.ts';

const DAY = ['one-one', 'tally', 'lynch', 'voodoo', 'succession', 'wills', 'vote-warnings', 'newspaper', 'win'];
const NIGHT = ['protection', 'murder', 'voodoo', 'query', 'role-draw', 'succession', 'post-warnings', 'results', 'wills', 'newspaper', 'win'];

/** Checks mafia-de's phases over one log; returns how many days and nights opened and how many resolutions ran. */
function checkLog(events: readonly GameEvent[], label: string): { days: number; nights: number; resolved: number } {
  let s = initialState(mafiaDe, events[0]!) as GameState<DeState>;
  let last: { phase: string; round: number } | undefined;
  const out = { days: 0, nights: 0, resolved: 0 };
  for (const [i, raw] of events.entries()) {
    if (i > 0) s = evolve(mafiaDe, s, raw);
    const where = `${label} event ${i + 1}`;
    const e = typed<DeEvents>(raw);
    if (e.type === 'game.ended' || e.type === 'game.cancelled') expect(s.phases, where).toEqual([]);
    // The rulebook's own acts fall in the engine's phase that allows them.
    if (e.type === 'vote.cast') expect(s.phases, where).toMatchObject([{ id: 'day', round: e.data.day }]);
    if (e.type === 'night.act')
      expect(
        s.phases.map((p) => p.id),
        where,
      ).toEqual(['night']);
    if (e.type === 'phase.entered') {
      // DE-SCHED-1: Day 1 first, then night N after day N and day N+1 after night N.
      const next = !last ? { phase: 'day', round: 1 } : last.phase === 'day' ? { phase: 'night', round: last.round } : { phase: 'day', round: last.round + 1 };
      expect(e.data, where).toEqual(next);
      expect(s.phases, where).toEqual([{ id: next.phase, round: next.round, openedAt: raw.at }]);
      expect(s.v.last, where).toBe(next.round);
      last = next;
      out[next.phase === 'day' ? 'days' : 'nights']++;
    }
    if (e.type !== 'phase.resolved' || e.data.instant === 'surrender') continue;
    const declared = e.data.instant === 'day.end' ? DAY : NIGHT;
    const ran = e.data.steps;
    expect(e.data.instant, where).toBe(last?.phase === 'day' ? 'day.end' : 'night.end');
    // A resolution runs every declared step in order; it stops early only where the game ends (the 1:1 guard, a win).
    expect(ran, where).toEqual(declared.slice(0, ran.length));
    if (ran.length < declared.length || s.status !== 'running') expect(['one-one', 'win'], where).toContain(ran.at(-1));
    out.resolved++;
  }
  return out;
}

describe('mafia-de’s declared cycle, as the engine runs it', () => {
  it('over bot games: day N, night N, day N+1 are the engine’s phases, each resolution ran its declared steps', () => {
    const total = { days: 0, nights: 0, resolved: 0 };
    for (const [n, seed] of [
      [7, 1],
      [13, 2],
      [20, 3],
      [13, 4],
    ] as const) {
      const spec = { variant: 'mafia-de', players: n, roleList: mafiaDeSim.roleList(n), options: {}, policy: 'sensible' };
      const r = checkLog(driveGame(spec, seed, { keepEvents: true }).events, `mafia-de ${n} #${seed}`);
      for (const k of ['days', 'nights', 'resolved'] as const) total[k] += r[k];
    }
    expect(total.resolved).toBeGreaterThan(total.days);
    expect(total.days).toBeGreaterThan(8);
    expect(total.nights).toBeGreaterThan(4);
  });

  it('over every mafia-de scenario, moderator moves and pauses included', async () => {
    const dir = join(import.meta.dirname, '..', 'scenarios', 'mafia-de');
    const total = { days: 0, nights: 0, resolved: 0 };
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
      const text = readFileSync(join(dir, file), 'utf8');
      if (/^# Refused: /m.test(text)) continue;
      const r = checkLog((await runScript(loadScript(text, file))).events, file);
      for (const k of ['days', 'nights', 'resolved'] as const) total[k] += r[k];
    }
    expect(total.resolved).toBeGreaterThan(60);
    expect(total.days).toBeGreaterThan(40);
    expect(total.nights).toBeGreaterThan(30);
  });
});

describe('a rulebook’s own pause dates (Flowing.isPause)', () => {
  // A phase that ends at the first 20:00 at least an hour after it opens, opened on Monday 3 March 2025 at 09:00 UTC.
  const schedule: ScheduleDef = {
    phases: [{ id: 'day', what: { en: 'day' }, instants: [{ id: 'end', when: { first: '20:00', atLeast: { minutes: 60 } }, what: { en: 'end' } }] }],
  };
  const calendar = { workingWeekdays: [1, 2, 3, 4, 5, 6, 7], preset: 'none', extraPauseDays: ['2025-03-04'], extraWorkingDays: [] };
  const s = { clock: instantOf('2025-03-03', '09:00', 'UTC'), config: { timeZone: 'UTC' }, calendar } as unknown as GameState<unknown>;
  const endOf = (t: Parameters<typeof planContext>[1]) => planPhase(schedule, 'day', planContext(s, t, 1, undefined))[0]!.at;

  it('the plan of an entered phase skips them; without them the calendar’s pauses decide', () => {
    const options = () => ({});
    expect(endOf({ options })).toBe(instantOf('2025-03-03', '20:00', 'UTC'));
    // The rulebook pauses Monday (its own pause date); the calendar's Tuesday pause is the rulebook's to honour too.
    const own = { options, isPause: (_s: GameState<unknown>, d: string) => d === '2025-03-03' || d === '2025-03-04' };
    expect(endOf(own)).toBe(instantOf('2025-03-05', '20:00', 'UTC'));
    expect(endOf({ options, isPause: (_s: GameState<unknown>, d: string) => d === '2025-03-03' })).toBe(instantOf('2025-03-04', '20:00', 'UTC'));
  });
});

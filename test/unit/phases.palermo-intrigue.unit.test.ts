// palermo-intrigue's declared flow as the engine runs it (engine/phases.ts, docs/actions.md §10), over bot games and
// every palermo-intrigue scenario: the engine's open phase is the round the rulebook plays; the night of round r+1
// opens beside it at the 20:10 count (INT-NIGHT-1), stays open through the runoff and the next day's opening, and
// ends at 02:00; a tied count stops after its absence removals and opens the runoff of the same round (INT-VOTE-8);
// a decided count or runoff opens round r+1 on the next play day; each resolution ran its declared steps in order.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/core/types.ts';
import { nextPlayDay } from '../../src/engine/calendar.ts';
import { typed } from '../../src/engine/events.ts';
import { evolve, initialState } from '../../src/engine/evolve.ts';
import { currentPhase } from '../../src/engine/phases.ts';
import type { GameState } from '../../src/engine/state.ts';
import { loadScript } from '../../src/scripts/load.ts';
import { runScript } from '../../src/scripts/run.ts';
import { driveGame } from '../../src/sim/runner.ts';
import type { IntEvents } from '../../src/variants/palermo-intrigue/events.ts';
import { palermoIntrigue } from '../../src/variants/palermo-intrigue/index.ts';
import { palermoIntrigueSim } from '../../src/variants/palermo-intrigue/sim.ts';
import type { IntState } from '../../src/variants/palermo-intrigue/state.ts';

const CLOSE = ['freeze-outing', 'open-night', 'tally', 'tie-removals', 'removals', 'outing', 'close-post', 'close-win'];
const RUNOFF_END = ['runoff-tally', 'removals', 'outing', 'close-post', 'close-win'];

/** The open phases as `id round`, the cycle's last. */
const open = (s: GameState<IntState>) => s.phases.map((p) => `${p.id} ${p.round}`);

type Totals = { tied: number; decided: number; nights: number; kills: number; sequence: string[][] };

/** Checks palermo-intrigue's phases over one log; returns what it saw and the open phases after each instant. */
function checkLog(events: readonly GameEvent[], label: string): Totals {
  let s = initialState(palermoIntrigue, events[0]!) as GameState<IntState>;
  const out: Totals = { tied: 0, decided: 0, nights: 0, kills: 0, sequence: [] };
  for (const [i, raw] of events.entries()) {
    if (i > 0) s = evolve(palermoIntrigue, s, raw);
    const where = `${label} event ${i + 1}`;
    const e = typed<IntEvents>(raw);
    if (events[i + 1]?.at !== raw.at && out.sequence.at(-1)?.join() !== open(s).join()) out.sequence.push(open(s));
    if (e.type === 'game.ended' || e.type === 'game.cancelled') expect(s.phases, where).toEqual([]);
    if (e.type === 'round.opened') {
      // The round the rulebook opens is the engine's current phase, on its date, whatever night runs beside it.
      expect(currentPhase(s), where).toMatchObject({ id: 'day', round: e.data.round, date: e.data.date });
      expect(currentPhase(s)?.id, where).toBe('day');
      expect(
        s.phases.filter((p) => p.id !== 'day').map((p) => p.id),
        where,
      ).toEqual(e.data.round === 1 ? [] : ['night']);
    }
    if (e.type === 'night.opened') {
      // INT-NIGHT-1: the night of round r+1 opens at round r's count, beside the day it does not replace.
      expect(s.phases, where).toMatchObject([
        { id: 'day', round: s.v.round },
        { id: 'night', round: s.v.round + 1, date: s.v.date, beside: true },
      ]);
      expect(currentPhase(s)?.id, where).toBe('day');
      out.nights++;
    }
    if (e.type === 'runoff.opened') expect(open(s), where).toEqual([`night ${e.data.round + 1}`, `runoff ${e.data.round}`]);
    if (e.type !== 'phase.resolved') continue;
    const ran = e.data.steps;
    const next = events.slice(i + 1).find((x) => (x.type === 'phase.entered' && (x.data as { phase: string }).phase !== 'night') || x.at !== raw.at);
    if (e.data.instant === 'dawn') {
      // §5.2 step 4: the night ends at 02:00; the cycle's phase goes on.
      expect(ran, where).toEqual(['dawn']);
      expect(
        s.phases.some((p) => p.id === 'night'),
        where,
      ).toBe(false);
      if (s.status === 'running') expect(events[i + 1], where).toMatchObject({ type: 'phase.exited', data: { phase: 'night' } });
    }
    if (e.data.instant === 'kill') {
      expect(ran, where).toEqual(['close-windows', 'murder', 'win-checks']);
      out.kills++;
    }
    if (e.data.instant !== 'close' && e.data.instant !== 'runoff' && e.data.instant !== 'extension') continue;
    if (e.data.instant === 'close' && ran.length === 4) {
      // INT-VOTE-8: a tie stops the count after its absence removals; the runoff of the same round opens.
      expect(ran, where).toEqual(CLOSE.slice(0, 4));
      if (s.status === 'running') expect(next?.data, where).toMatchObject({ phase: 'runoff', round: s.v.round });
      out.tied++;
    } else if (e.data.instant === 'close' || ran.length === RUNOFF_END.length) {
      expect(ran, where).toEqual(e.data.instant === 'close' ? CLOSE : RUNOFF_END);
      // PAL-CAL-3: round r+1 opens on the next play day.
      if (s.status === 'running') expect(next?.data, where).toEqual({ phase: 'day', round: s.v.round + 1, date: nextPlayDay(s.calendar, s.v.date) });
      out.decided++;
    } else expect(ran, where).toEqual(['runoff-tally']); // the poll goes on as its extension
  }
  return out;
}

describe('palermo-intrigue’s declared flow, as the engine runs it', () => {
  it('over bot games: the engine’s phases are the rulebook’s day, night and runoff, each resolution its declared steps', () => {
    const total = { tied: 0, decided: 0, nights: 0, kills: 0 };
    let first: string[][] = [];
    for (const [n, seed] of [
      [8, 1],
      [12, 2],
      [16, 3],
      [20, 4],
    ] as const) {
      const spec = { variant: 'palermo-intrigue', players: n, roleList: palermoIntrigueSim.roleList(n), options: {}, policy: 'sensible' };
      const r = checkLog(driveGame(spec, seed, { keepEvents: true }).events, `palermo-intrigue ${n} #${seed}`);
      for (const k of ['tied', 'decided', 'nights', 'kills'] as const) total[k] += r[k];
      if (first.length === 0) first = r.sequence;
    }
    // Through a day and a night: round 1, its count opens the night of round 2 beside round 2's day, 02:00 ends it.
    expect(first.slice(0, 4)).toEqual([[], ['day 1'], ['night 2', 'day 2'], ['day 2']]);
    expect(total.decided).toBeGreaterThan(10);
    expect(total.nights).toBeGreaterThanOrEqual(total.decided);
    expect(total.kills).toBeGreaterThan(5);
  });

  it('over every palermo-intrigue scenario, ties and runoffs included', async () => {
    const dir = join(import.meta.dirname, '..', 'scenarios', 'palermo-intrigue');
    const total = { tied: 0, decided: 0, nights: 0, kills: 0 };
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
      const text = readFileSync(join(dir, file), 'utf8');
      if (/^# Refused: /m.test(text)) continue;
      const r = checkLog((await runScript(loadScript(text, file))).events, file);
      for (const k of ['tied', 'decided', 'nights', 'kills'] as const) total[k] += r[k];
    }
    expect(total.tied).toBeGreaterThan(0);
    expect(total.decided).toBeGreaterThan(10);
  });
});

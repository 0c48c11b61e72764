// The phase in the engine (engine/phases.ts, docs/actions.md §10): the fold of the engine's phase events, and
// palermo's declared flow as the engine runs it over whole bot games and every palermo scenario: the engine's open
// phase is the round the rulebook plays (PAL-CAL-2), a tied close stops after its absence removals and opens the
// runoff of the same round (PAL-TIE-1), a decided close or runoff opens round r+1 on the next play day (PAL-CAL-3),
// and each resolution records the steps it ran in their declared order.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/core/types.ts';
import { Builder } from '../../src/engine/builder.ts';
import { nextPlayDay } from '../../src/engine/calendar.ts';
import { typed } from '../../src/engine/events.ts';
import { evolve, initialState } from '../../src/engine/evolve.ts';
import { createGame } from '../../src/engine/game.ts';
import { changedPhases, currentPhase, enterPhase, type Flowing, type FlowTable, resolveInstant } from '../../src/engine/phases.ts';
import type { ScheduleDef } from '../../src/engine/schedule.ts';
import type { GameState } from '../../src/engine/state.ts';
import { loadScript } from '../../src/scripts/load.ts';
import { runScript } from '../../src/scripts/run.ts';
import { driveGame } from '../../src/sim/runner.ts';
import type { PalEvents } from '../../src/variants/palermo/events.ts';
import { palermo } from '../../src/variants/palermo/index.ts';
import { palermoSim } from '../../src/variants/palermo/sim.ts';
import type { PalState } from '../../src/variants/palermo/state.ts';

describe('the open phases as the engine folds them', () => {
  const day = changedPhases([], { open: 'day', round: 1, date: '2025-03-03' }, 10);

  it('an opening replaces the open phases, unless it opens beside them', () => {
    expect(day).toEqual([{ id: 'day', round: 1, date: '2025-03-03', openedAt: 10 }]);
    expect(changedPhases(day, { open: 'runoff', round: 1 }, 20)).toEqual([{ id: 'runoff', round: 1, openedAt: 20 }]);
    const both = changedPhases(day, { open: 'night', round: 1, beside: true }, 30);
    expect(both.map((p) => p.id)).toEqual(['day', 'night']);
    expect(changedPhases(both, { close: 'day' }, 40)).toEqual([{ id: 'night', round: 1, openedAt: 30, beside: true }]);
  });

  it('a phase opened beside stays open through the cycle’s openings until it exits, and is never the current one', () => {
    const at = (phases: GameState['phases']) => ({ phases }) as GameState;
    const both = changedPhases(day, { open: 'night', round: 2, beside: true }, 30);
    expect(currentPhase(at(both))?.id).toBe('day');
    const runoff = changedPhases(both, { open: 'runoff', round: 1 }, 30);
    expect(runoff.map((p) => p.id)).toEqual(['night', 'runoff']);
    expect(currentPhase(at(runoff))?.id).toBe('runoff');
    // The rulebook's own event for the same opening, after the engine's, changes nothing.
    expect(changedPhases(runoff, { open: 'runoff', round: 1 }, 30)).toBe(runoff);
    const next = changedPhases(runoff, { open: 'day', round: 2, date: '2025-03-04' }, 50);
    expect(next.map((p) => `${p.id} ${p.round}`)).toEqual(['night 2', 'day 2']);
    expect(changedPhases(next, { close: 'night' }, 60)).toEqual([{ id: 'day', round: 2, date: '2025-03-04', openedAt: 50 }]);
  });

  it('opening the phase already open for that round and date changes nothing (a logged event after the engine’s)', () => {
    expect(changedPhases(day, { open: 'day', round: 1, date: '2025-03-03' }, 99)).toBe(day);
    expect(changedPhases(day, { open: 'day', round: 2, date: '2025-03-04' }, 99)).toEqual([{ id: 'day', round: 2, date: '2025-03-04', openedAt: 99 }]);
    expect(changedPhases(day, { dated: 'day', date: '2025-03-05' }, 99)).toEqual([{ id: 'day', round: 1, date: '2025-03-05', openedAt: 10 }]);
    expect(changedPhases(day, { close: 'night' }, 99)).toBe(day);
  });
});

// A cycle of one day and a night beside it, on demand only (no deadlines): the mechanism apart from any rulebook.
const TOY: ScheduleDef = {
  phases: [
    {
      id: 'day',
      what: { en: 'day' },
      instants: [{ id: 'close', when: { local: '20:00' }, onDemand: true, what: { en: 'close' } }],
      next: [{ at: 'close', to: [{ phase: 'day', round: 'next' }] }],
    },
    {
      id: 'night',
      what: { en: 'night' },
      beside: true,
      instants: [{ id: 'dawn', when: { local: '02:00', dayOffset: 1 }, onDemand: true, what: { en: 'dawn' } }],
      next: [{ at: 'dawn', to: [{ exit: true }] }],
    },
  ],
};
const TOY_FLOW: Flowing<PalState, PalEvents, object> = {
  schedule: TOY,
  flow: {
    scratch: () => ({}),
    steps: {
      'open-night': (b) => {
        enterPhase(b, TOY_FLOW, 'night', currentPhase(b.state)!.round + 1, undefined);
      },
    },
    conditions: {},
  },
  options: () => ({}),
};

describe('transitions the engine follows', () => {
  it('an instant’s transitions are those of the open phase that declares it; a phase beside the cycle exits on its own', () => {
    const config = {
      variant: 'palermo',
      locale: 'en' as const,
      timeZone: 'Europe/Athens',
      calendar: palermo.defaultCalendar,
      createdAt: 0,
      startAt: 0,
      options: {},
    };
    const b = new Builder<PalState, PalEvents>(palermo, createGame(palermo, config, 'seed', ['Ann', 'Bob']).state, {}, 1000);
    b.emit('game.started', {});
    enterPhase(b, TOY_FLOW, 'day', 1, undefined);
    const ids = () => b.state.phases.map((p) => `${p.id} ${p.round}`);
    resolveInstant(b, TOY_FLOW, 'close', ['open-night'], { id: 'r1:close', kind: 'close', at: 1000 });
    // The day's close opened the night beside it, then the next day, which the night outlives.
    expect(ids()).toEqual(['night 2', 'day 2']);
    expect(currentPhase(b.state)?.id).toBe('day');
    resolveInstant(b, TOY_FLOW, 'dawn', [], { id: 'n2:dawn', kind: 'dawn', at: 1000 });
    // The night declares dawn: its transition ends it, and the day (which has none at dawn) goes on.
    expect(b.events.at(-1)).toMatchObject({ type: 'phase.exited', data: { phase: 'night' } });
    expect(ids()).toEqual(['day 2']);
  });
});

const CLOSE = ['freeze-outing', 'tally', 'tie-removals', 'outing', 'removals', 'reveal-voted-out', 'outing-penalty', 'close-post', 'close-win'];

/** Checks palermo's phases over one log; returns how many closes were tied and how many decided. */
function checkLog(events: readonly GameEvent[], label: string): { tied: number; decided: number; kills: number } {
  let s = initialState(palermo, events[0]!) as GameState<PalState>;
  const out = { tied: 0, decided: 0, kills: 0 };
  for (const [i, raw] of events.entries()) {
    if (i > 0) s = evolve(palermo, s, raw);
    const where = `${label} event ${i + 1}`;
    const e = typed<PalEvents>(raw);
    if (e.type === 'game.ended' || e.type === 'game.cancelled') expect(s.phases, where).toEqual([]);
    if (e.type === 'round.opened') {
      // The round the rulebook opens is the engine's open day, on its date.
      expect(s.phases, where).toMatchObject([{ id: 'day', round: e.data.round, date: e.data.date }]);
      expect(currentPhase(s)?.id).toBe('day');
    }
    if (e.type === 'runoff.opened') expect(s.phases, where).toMatchObject([{ id: 'runoff', round: e.data.round, date: s.v.date }]);
    if (e.type !== 'phase.resolved') continue;
    const ran = e.data.steps;
    const next = events.slice(i + 1).find((x) => x.type === 'phase.entered' || x.at !== raw.at);
    if (e.data.instant === 'kill') {
      expect(ran, where).toEqual(['close-outing-window', 'protection', 'murder', 'reveal-murdered', 'void-votes', 'post', 'win']);
      out.kills++;
    }
    if (e.data.instant !== 'close') continue;
    if (ran.length === 3) {
      // PAL-TIE-1: a tie stops the close after its absence removals; the runoff of the same round opens.
      expect(ran, where).toEqual(CLOSE.slice(0, 3));
      if (s.status === 'running') expect(next?.data, where).toMatchObject({ phase: 'runoff', round: s.v.round });
      out.tied++;
    } else {
      expect(ran, where).toEqual(CLOSE);
      // PAL-CAL-3: round r+1 opens on the next play day.
      if (s.status === 'running') expect(next?.data, where).toEqual({ phase: 'day', round: s.v.round + 1, date: nextPlayDay(s.calendar, s.v.date) });
      out.decided++;
    }
  }
  return out;
}

describe('palermo’s declared flow, as the engine runs it', () => {
  it('over bot games: the engine’s phase is the rulebook’s round, and each resolution ran its declared steps', () => {
    const total = { tied: 0, decided: 0, kills: 0 };
    for (const [n, seed] of [
      [7, 1],
      [13, 2],
      [20, 3],
      [13, 4],
    ] as const) {
      const spec = { variant: 'palermo', players: n, roleList: palermoSim.roleList(n), options: {}, policy: 'sensible' };
      const r = checkLog(driveGame(spec, seed, { keepEvents: true }).events, `palermo ${n} #${seed}`);
      for (const k of ['tied', 'decided', 'kills'] as const) total[k] += r[k];
    }
    expect(total.decided).toBeGreaterThan(5);
    expect(total.kills).toBeGreaterThan(5);
  });

  it('over every palermo scenario, ties and runoffs included', async () => {
    const dir = join(import.meta.dirname, '..', 'scenarios', 'palermo');
    const total = { tied: 0, decided: 0, kills: 0 };
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
      const text = readFileSync(join(dir, file), 'utf8');
      if (/^# Refused: /m.test(text)) continue;
      const r = checkLog((await runScript(loadScript(text, file))).events, file);
      for (const k of ['tied', 'decided', 'kills'] as const) total[k] += r[k];
    }
    expect(total.tied).toBeGreaterThan(0);
    expect(total.decided).toBeGreaterThan(10);
  });
});

describe('entering a phase', () => {
  const config = {
    variant: 'palermo',
    locale: 'en' as const,
    timeZone: 'Europe/Athens',
    calendar: palermo.defaultCalendar,
    createdAt: 0,
    startAt: 86_400_000,
    options: {},
  };
  const schedule: ScheduleDef = {
    phases: [{ id: 'p', what: { en: 'p' }, enter: ['step'], instants: [{ id: 'end', when: { local: '12:00' }, what: { en: 'end' } }] }],
  };
  /** Enters phase p of a running game whose entering step does `step`; returns the state after. */
  const enter = (step: (b: Builder<PalState, PalEvents>) => void) => {
    const b = new Builder<PalState, PalEvents>(palermo, createGame(palermo, config, 'seed', ['Ann', 'Bob']).state, {}, 1000);
    b.emit('game.started', {});
    const flow: FlowTable<PalState, PalEvents, undefined> = { scratch: () => undefined, steps: { step: (x) => void step(x) }, conditions: {} };
    enterPhase(b, { schedule, flow, options: () => ({}) }, 'p', 1, '2025-03-03');
    return b.state;
  };

  it('plans its instants after its entering steps', () => {
    const s = enter(() => undefined);
    expect(s.phases).toMatchObject([{ id: 'p', round: 1, date: '2025-03-03' }]);
    expect(s.deadlines.map((d) => d.id)).toContain('r1:end');
  });

  it('plans its instants where its entering steps name `plan`, and not at all when a step before it stops', () => {
    const run = (stopFirst: boolean) => {
      const b = new Builder<PalState, PalEvents>(palermo, createGame(palermo, config, 'seed', ['Ann', 'Bob']).state, {}, 1000);
      b.emit('game.started', {});
      const from = b.events.length;
      const say = (key: string) => (x: Builder<PalState, PalEvents>) => void x.say({ kind: 'moderator' }, { key });
      const flow: FlowTable<PalState, PalEvents, undefined> = {
        scratch: () => undefined,
        steps: {
          before: (x) => {
            say('before')(x);
            return stopFirst ? 'stop' : undefined;
          },
          after: say('after'),
        },
        conditions: {},
      };
      const planned: ScheduleDef = { phases: [{ ...schedule.phases[0]!, enter: ['before', 'plan', 'after'] }] };
      enterPhase(b, { schedule: planned, flow, options: () => ({}) }, 'p', 1, '2025-03-03');
      return { types: b.events.slice(from).map((e) => e.type), deadlines: b.state.deadlines.map((d) => d.id) };
    };
    expect(run(false).types).toEqual(['phase.entered', 'message', 'schedule.set', 'message']);
    expect(run(true)).toEqual({ types: ['phase.entered', 'message'], deadlines: ['start'] });
  });

  it('plans nothing when an entering step ended the game (a win found as the phase opens)', () => {
    const s = enter((b) => {
      b.emit('game.ended', { side: 'citizens', reason: 'test', players: [] });
    });
    expect(s.status).toBe('ended');
    expect(s.deadlines).toEqual([]);
    expect(s.phases).toEqual([]);
  });
});

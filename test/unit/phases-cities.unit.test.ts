// mafia-cities' declared phases as the engine holds them through played games (schedule.ts, index.ts): Day k, its
// vote from voteStart, Night k+1 from voteEnd, Day k+1 from the night's end; each resolution runs its declared steps.
// One phase for the whole game: every city keeps the same clock (spec §3.1).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/core/types.ts';
import { typed } from '../../src/engine/events.ts';
import { evolve, initialState } from '../../src/engine/evolve.ts';
import { currentPhase } from '../../src/engine/phases.ts';
import type { GameState } from '../../src/engine/state.ts';
import { localDate } from '../../src/engine/time.ts';
import { loadScript } from '../../src/scripts/load.ts';
import { runScript } from '../../src/scripts/run.ts';
import { driveGame } from '../../src/sim/runner.ts';
import type { CitEvents } from '../../src/variants/mafia-cities/events.ts';
import { mafiaCities } from '../../src/variants/mafia-cities/index.ts';
import { mafiaCitiesSim } from '../../src/variants/mafia-cities/sim.ts';
import type { CitState } from '../../src/variants/mafia-cities/state.ts';

const VOTE_END = ['standing', 'missed-calls', 'court-verdict', 'executions', 'inactivity', 'judge-results', 'gf-elections', 'day-deaths', 'day-win'];
const NIGHT_END = ['standing', 'night-kills', 'family-reports'];

/** Checks the phases over one log; returns the phases entered, as «id round» in order. */
function checkLog(events: readonly GameEvent[], label: string): string[] {
  let s = initialState(mafiaCities, events[0]!) as GameState<CitState>;
  const entered: string[] = [];
  for (const [i, raw] of events.entries()) {
    if (i > 0) s = evolve(mafiaCities, s, raw);
    const where = `${label} event ${i + 1}`;
    const e = typed<CitEvents>(raw);
    if (e.type === 'game.ended' || e.type === 'game.cancelled') expect(s.phases, where).toEqual([]);
    if (e.type === 'phase.entered') entered.push(`${e.data.phase} ${e.data.round}`);
    // The rulebook's day, vote and night are the engine's open phase, with its round and date.
    if (e.type === 'cit.day') {
      expect(s.phases, where).toMatchObject([{ id: 'day', round: e.data.day, date: e.data.date }]);
      expect(currentPhase(s)?.id).toBe('day');
    }
    if (e.type === 'cit.voting') expect(s.phases, where).toMatchObject([{ id: 'vote', round: s.v.day, date: s.v.date }]);
    if (e.type === 'cit.night') {
      // Night k+1 follows Day k: its round is the day it leads to.
      expect(e.data.night, where).toBe(s.v.day + 1);
      expect(s.phases, where).toMatchObject([{ id: 'night', round: e.data.night, date: s.v.date }]);
    }
    if (e.type !== 'phase.resolved') continue;
    const ran = e.data.steps;
    const next = events.slice(i + 1).find((x) => x.type === 'phase.entered' || x.at !== raw.at);
    const opened = next?.type === 'phase.entered' ? next.data : undefined;
    if (e.data.instant === 'vote.start') {
      expect(ran, where).toEqual([]);
      expect(opened, where).toEqual({ phase: 'vote', round: s.v.day, date: s.v.date });
    }
    if (e.data.instant === 'vote.end') {
      // CIT-RES-1: a win stops the resolution (and no night opens); otherwise Night k+1 opens.
      if (s.status === 'running') {
        expect(ran, where).toEqual(VOTE_END);
        expect(opened, where).toEqual({ phase: 'night', round: s.v.day + 1, date: s.v.date });
      } else expect(ran.at(-1), where).toBe('day-win');
    }
    if (e.data.instant === 'night.end') {
      expect(ran, where).toEqual(NIGHT_END);
      // CIT-RES-2: Day k+1 opens on the date of the night's end.
      expect(opened, where).toEqual({ phase: 'day', round: s.phases[0]!.round, date: localDate(s.v.nightEnd, s.config.timeZone) });
    }
  }
  // An ended game keeps no phase and plans nothing (a win in the morning stops the day's entering steps).
  if (s.status === 'ended') expect(s.deadlines, label).toEqual([]);
  return entered;
}

describe('mafia-cities’ declared phases, as the engine runs them', () => {
  it('over bot games: Day 0, its vote, Night 1, Day 1 … in order, each resolution with its declared steps', () => {
    for (const [n, seed, cityCount] of [
      [12, 1, undefined],
      [24, 2, 2],
      [36, 3, 3],
    ] as const) {
      const spec = { variant: 'mafia-cities', players: n, roleList: mafiaCitiesSim.roleList(n), options: cityCount ? { cityCount } : {}, policy: 'sensible' };
      const d = driveGame(spec, seed, { keepEvents: true });
      const entered = checkLog(d.events, `mafia-cities ${n} #${seed}`);
      expect(entered.slice(0, 6)).toEqual(['day 0', 'vote 0', 'night 1', 'day 1', 'vote 1', 'night 2']);
      // Every phase follows its predecessor: the vote the day of its round, the night the vote, the day the night.
      entered.forEach((p, i) => {
        if (i === 0) return;
        const [id, r] = p.split(' ');
        const [prev, pr] = entered[i - 1]!.split(' ');
        const want = { day: ['night', Number(r)], vote: ['day', Number(r)], night: ['vote', Number(r) - 1] }[id as 'day' | 'vote' | 'night'];
        expect([prev, Number(pr)], `${n} #${seed}: ${entered[i - 1]} → ${p}`).toEqual(want);
      });
      expect(d.state.status).toBe('ended');
    }
  });

  it('over every mafia-cities scenario (extensions, pauses, freezes and staff kills included)', async () => {
    const dir = join(import.meta.dirname, '..', 'scenarios', 'mafia-cities');
    let nights = 0;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
      const text = readFileSync(join(dir, file), 'utf8');
      if (/^# Refused: /m.test(text)) continue;
      nights += checkLog((await runScript(loadScript(text, file))).events, file).filter((p) => p.startsWith('night')).length;
    }
    expect(nights).toBeGreaterThan(20);
  });
});

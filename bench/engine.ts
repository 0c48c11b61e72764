// Engine throughput on one core: full simulated 13-player palermo games through decide/tick, and the bare loop of
// the same random-play model without the engine, measured in the same run.

import { modelSpec } from '../src/sim/model.ts';
import { palermoSim } from '../src/sim/palermo.ts';
import { Rand } from '../src/sim/random.ts';
import { driveGame, playGame } from '../src/sim/runner.ts';
import type { SimSpec } from '../src/sim/types.ts';
import { bareGame } from './bare.ts';

/** Games and commands per second of CPU time for one spec, after a warm-up. */
export function engineRate(spec: SimSpec, seconds: number): { games: number; gamesPerSec: number; commandsPerSec: number; eventsPerGame: number } {
  for (let i = 0; i < 200; i++) playGame(spec, 1_000_000 + i);
  const c0 = process.cpuUsage();
  let games = 0;
  let commands = 0;
  let events = 0;
  let cpu = 0;
  while (cpu < seconds * 1e6) {
    for (let i = 0; i < 50; i++) {
      const r = playGame(spec, games++);
      commands += r.commands;
      events += r.events;
    }
    const c = process.cpuUsage(c0);
    cpu = c.user + c.system;
  }
  return { games, gamesPerSec: games / (cpu / 1e6), commandsPerSec: commands / (cpu / 1e6), eventsPerGame: events / games };
}

/** The bare random-play loop's games per CPU second. */
export function bareRate(n: number, m: number, seconds: number): number {
  const rand = new Rand(7);
  let sink = 0;
  for (let i = 0; i < 100_000; i++) sink += bareGame(rand, n, m, 'strict').rounds;
  const c0 = process.cpuUsage();
  let games = 0;
  let cpu = 0;
  while (cpu < seconds * 1e6) {
    for (let i = 0; i < 100_000; i++) sink += bareGame(rand, n, m, 'strict').rounds;
    games += 100_000;
    const c = process.cpuUsage(c0);
    cpu = c.user + c.system;
  }
  if (sink < 0) throw new Error('unreachable');
  return games / (cpu / 1e6);
}

/** The share of a simulated game's time spent inside the engine (the rest: bots, views, statistics). */
export function engineShare(spec: SimSpec, games: number): number {
  const clock = { engine: 0 };
  const t0 = performance.now();
  for (let i = 0; i < games; i++) driveGame(spec, 5_000_000 + i, { clock });
  return clock.engine / (performance.now() - t0);
}

/** The three engine figures of the table. */
export function engineFigures(seconds: number) {
  const sensible: SimSpec = { variant: 'palermo', players: 13, roleList: palermoSim.roleList(13), options: {}, policy: 'sensible' };
  const model = modelSpec(13, 3, 'strict');
  return {
    sensible: engineRate(sensible, seconds),
    sensibleShare: engineShare(sensible, 500),
    model: engineRate(model, seconds),
    modelShare: engineShare(model, 500),
    bare: bareRate(13, 3, Math.min(seconds, 2)),
  };
}

/** States of `count` 13-player games driven two rounds in (for the memory figure). */
export function activeGames(count: number, keepEvents: boolean): unknown[] {
  const spec: SimSpec = { variant: 'palermo', players: 13, roleList: palermoSim.roleList(13), options: {}, policy: 'sensible' };
  const out: unknown[] = [];
  for (let i = 0; i < count; i++) {
    const g = driveGame(spec, i, { deadlines: 3, keepEvents });
    out.push(keepEvents ? { state: g.state, events: g.events } : g.state);
  }
  return out;
}

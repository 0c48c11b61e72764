// Engine throughput on one core: full simulated 13-player palermo games through decide/tick, and the bare loop of
// the same random-play model without the engine, measured in the same run.

import type { Command } from '../src/core/types.ts';
import { createGame, decide } from '../src/engine/game.ts';
import { modelSpec } from '../src/sim/model.ts';
import { drawSource, Rand } from '../src/sim/random.ts';
import { driveGame, playGame, prepare } from '../src/sim/runner.ts';
import type { SimSpec } from '../src/sim/types.ts';
import { mafiaCitiesSim } from '../src/variants/mafia-cities/sim.ts';
import { palermoSim } from '../src/variants/palermo/sim.ts';
import { palermoIntrigueSim } from '../src/variants/palermo-intrigue/sim.ts';
import { bareGame } from './bare.ts';

/** Games and commands per second of CPU time for one spec, after a warm-up. */
export function engineRate(spec: SimSpec, seconds: number, warmup = 200) {
  return rateOf(playGame, spec, seconds, warmup);
}

/** One tree's `playGame` (the A/B benchmark loads another tree's beside this one's). */
export type PlayGame = (spec: SimSpec, seed: number) => { readonly commands: number; readonly events: number };

/** Games and commands per second of CPU time of one `playGame` for one spec, after a warm-up. */
export function rateOf(
  play: PlayGame,
  spec: SimSpec,
  seconds: number,
  warmup = 200,
): { games: number; gamesPerSec: number; commandsPerSec: number; eventsPerGame: number } {
  for (let i = 0; i < warmup; i++) play(spec, 1_000_000 + i);
  const c0 = process.cpuUsage();
  let games = 0;
  let commands = 0;
  let events = 0;
  let cpu = 0;
  while (cpu < seconds * 1e6) {
    for (let i = 0; i < 10; i++) {
      const r = play(spec, games++);
      commands += r.commands;
      events += r.events;
    }
    const c = process.cpuUsage(c0);
    cpu = c.user + c.system;
  }
  return { games, gamesPerSec: games / (cpu / 1e6), commandsPerSec: commands / (cpu / 1e6), eventsPerGame: events / games };
}

/**
 * Games and commands per CPU second of the engine alone: bot games are recorded first (their commands), then replayed
 * through createGame and decide with the same draws, so the bots, their views and the statistics are not timed.
 */
export function engineOnlyRate(spec: SimSpec, seconds: number): { gamesPerSec: number; commandsPerSec: number; microsPerCommand: number } {
  const { variant, config, names } = prepare(spec);
  const recorded = Array.from({ length: 200 }, (_, seed) => {
    const g = driveGame(spec, seed, { keepCommands: true });
    return { seed, commands: g.commands, version: g.state.version };
  });
  const replayAll = (check = false): number => {
    let n = 0;
    for (const { seed, commands, version } of recorded) {
      const source = drawSource(seed);
      const env = { rng: () => source };
      let state = createGame(variant, config, `sim-${seed}`, names).state;
      for (const c of commands as Command[]) {
        state = decide(variant, state, c, env).state;
        n++;
      }
      // The replay must be the same game, or the figure would time something else.
      if (check && state.version !== version) throw new Error(`replay of game ${seed} diverged`);
    }
    return n;
  };
  replayAll(true);
  const c0 = process.cpuUsage();
  let games = 0;
  let commands = 0;
  let cpu = 0;
  while (cpu < seconds * 1e6) {
    commands += replayAll();
    games += recorded.length;
    const c = process.cpuUsage(c0);
    cpu = c.user + c.system;
  }
  return { gamesPerSec: games / (cpu / 1e6), commandsPerSec: commands / (cpu / 1e6), microsPerCommand: cpu / commands };
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
  // mafia-cities: three cities of twelve, the rulebook's own deal per city (its bots are sensible too).
  const cities: SimSpec = { variant: 'mafia-cities', players: 36, roleList: mafiaCitiesSim.roleList(36), options: { cityCount: 3 }, policy: 'sensible' };
  return {
    sensible: engineRate(sensible, seconds),
    cities: engineRate(cities, seconds),
    sensibleShare: engineShare(sensible, 500),
    sensibleEngineOnly: engineOnlyRate(sensible, seconds),
    model: engineRate(model, seconds),
    modelShare: engineShare(model, 500),
    bare: bareRate(13, 3, Math.min(seconds, 2)),
  };
}

/** 16-player palermo-intrigue games per CPU second beside 16-player palermo games, measured one after the other. */
export function intrigueFigures(seconds: number) {
  const spec = (variant: string, roleList: string[]): SimSpec => ({ variant, players: 16, roleList, options: {}, policy: 'sensible' });
  return {
    palermo: engineRate(spec('palermo', palermoSim.roleList(16)), seconds, 50),
    intrigue: engineRate(spec('palermo-intrigue', palermoIntrigueSim.roleList(16)), seconds, 50),
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

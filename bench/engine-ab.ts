// The engine alone, A/B in one process: two source trees' engines (`createGame` and `decide`) are loaded side by
// side, bot games of each rulebook are recorded once (their commands, with this tree's bots), and both engines
// replay the same games in alternating slices, so whatever else the machine runs falls on both alike. Prints, per
// rulebook, the CPU µs per command of each engine and the median of the slice pairs' ratios (B/A).
// Run: node --import tsx bench/engine-ab.ts <rootA> <rootB> [seconds per engine and rulebook] [one rulebook's id]
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { canonicalJson } from '../src/app/state-hash.ts';
import type { Command } from '../src/core/types.ts';
import { driveGame } from '../src/sim/runner.ts';
import type { SimSpec } from '../src/sim/types.ts';
import { mafiaCitiesSim } from '../src/variants/mafia-cities/sim.ts';
import { mafiaDeSim } from '../src/variants/mafia-de/sim.ts';
import { palermoSim } from '../src/variants/palermo/sim.ts';
import { palermoIntrigueSim } from '../src/variants/palermo-intrigue/sim.ts';

/** What the replay needs of a tree (the names every tree since the first benchmark exports). */
interface EngineApi {
  createGame(variant: unknown, config: unknown, seed: string, players: readonly string[]): { state: { version: number } };
  decide(variant: unknown, state: unknown, cmd: Command, env: unknown): { state: { version: number } };
  prepare(spec: SimSpec): { variant: unknown; config: unknown; names: readonly string[] };
  drawSource(seed: number): unknown;
}

async function load(root: string): Promise<EngineApi> {
  const at = (p: string) => import(pathToFileURL(join(root, p)).href);
  const [game, runner, random] = await Promise.all([at('src/engine/game.ts'), at('src/sim/runner.ts'), at('src/sim/random.ts')]);
  return { createGame: game.createGame, decide: game.decide, prepare: runner.prepare, drawSource: random.drawSource };
}

/** One rulebook's setup and how many games of it are recorded. */
export interface EngineCase {
  readonly name: string;
  readonly spec: SimSpec;
  readonly games: number;
}

/** The rulebooks the engine figures replay: each at the table size the other figures use. */
export const ENGINE_CASES: readonly EngineCase[] = [
  { name: 'palermo, 13 players', spec: sensible('palermo', 13, palermoSim.roleList(13)), games: 100 },
  { name: 'palermo-intrigue, 16 players', spec: sensible('palermo-intrigue', 16, palermoIntrigueSim.roleList(16)), games: 30 },
  { name: 'mafia-de, 13 players', spec: sensible('mafia-de', 13, mafiaDeSim.roleList(13)), games: 50 },
  { name: 'mafia-cities, 36 players in 3 cities', spec: sensible('mafia-cities', 36, mafiaCitiesSim.roleList(36), { cityCount: 3 }), games: 15 },
];

function sensible(variant: string, players: number, roleList: string[], options: Record<string, unknown> = {}): SimSpec {
  return { variant, players, roleList, options, policy: 'sensible' };
}

/** One recorded game: its seed and the commands its bots sent. */
interface Recorded {
  readonly seed: number;
  readonly commands: readonly Command[];
}

/** Replays recorded games through one engine; returns the commands decided and the final states. */
function replay(api: EngineApi, spec: SimSpec, games: readonly Recorded[]): { commands: number; finals: unknown[] } {
  const { variant, config, names } = api.prepare(spec);
  let commands = 0;
  const finals: unknown[] = [];
  for (const { seed, commands: cmds } of games) {
    const source = api.drawSource(seed);
    const env = { rng: () => source };
    let state: unknown = api.createGame(variant, config, `sim-${seed}`, names).state;
    for (const c of cmds) state = api.decide(variant, state, c, env).state;
    commands += cmds.length;
    finals.push(state);
  }
  return { commands, finals };
}

const cpuNow = () => {
  const c = process.cpuUsage();
  return c.user + c.system;
};
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The figures of one rulebook: µs per command of each engine, the median slice-pair ratio B/A, same games or not. */
export interface EngineAbFigures {
  readonly name: string;
  readonly commandsPerGame: number;
  readonly microsA: number;
  readonly microsB: number;
  readonly ratio: number;
  readonly pairs: number;
  /** True when both engines end every recorded game in the same state (canonical JSON). */
  readonly same: boolean;
}

/** Measures one rulebook: `seconds` of CPU per engine, in slices of about 40 ms, alternating A, B, B, A, … */
function measure(c: EngineCase, a: EngineApi, b: EngineApi, seconds: number): EngineAbFigures {
  const recorded: Recorded[] = Array.from({ length: c.games }, (_, i) => {
    const seed = 7_000 + i;
    return { seed, commands: driveGame(c.spec, seed, { keepCommands: true }).commands };
  });
  // Warm both up (and check they play the same games), then find a slice of about 40 ms.
  const ra = replay(a, c.spec, recorded);
  const rb = replay(b, c.spec, recorded);
  const same = ra.finals.every((s, i) => canonicalJson(s) === canonicalJson(rb.finals[i]));
  const perGame = ra.commands / recorded.length;
  let t0 = cpuNow();
  replay(a, c.spec, recorded);
  const gameMicros = (cpuNow() - t0) / recorded.length;
  const slice = Math.max(1, Math.min(recorded.length, Math.round(40_000 / gameMicros)));
  let next = 0;
  const sliceGames = () => {
    const out: Recorded[] = [];
    for (let i = 0; i < slice; i++) out.push(recorded[(next + i) % recorded.length]!);
    next = (next + slice) % recorded.length;
    return out;
  };
  const spent = [0, 0];
  const done = [0, 0];
  const ratios: number[] = [];
  for (let pair = 0; spent[0]! < seconds * 1e6 || spent[1]! < seconds * 1e6; pair++) {
    const games = sliceGames();
    const order = pair % 2 === 0 ? [0, 1] : [1, 0];
    const us = [0, 0];
    for (const k of order) {
      t0 = cpuNow();
      const n = replay(k === 0 ? a : b, c.spec, games).commands;
      us[k] = (cpuNow() - t0) / n;
      spent[k]! += cpuNow() - t0;
      done[k]! += n;
    }
    if (us[0]! > 0 && us[1]! > 0) ratios.push(us[1]! / us[0]!);
  }
  return {
    name: c.name,
    commandsPerGame: perGame,
    microsA: spent[0]! / done[0]!,
    microsB: spent[1]! / done[1]!,
    ratio: median(ratios),
    pairs: ratios.length,
    same,
  };
}

/** Every rulebook's figures for engines A and B, in this process. */
export async function engineAb(rootA: string, rootB: string, seconds: number, cases = ENGINE_CASES): Promise<EngineAbFigures[]> {
  const [a, b] = await Promise.all([load(rootA), load(rootB)]);
  return cases.map((c) => measure(c, a, b, seconds));
}

if (process.argv[1] === import.meta.filename) {
  const [rootA, rootB, seconds, only] = process.argv.slice(2);
  if (!rootA || !rootB) throw new Error('usage: bench/engine-ab.ts <rootA> <rootB> [seconds] [rulebook]');
  const cases = ENGINE_CASES.filter((c) => only === undefined || c.spec.variant === only);
  process.stdout.write(`${JSON.stringify(await engineAb(rootA, rootB, Number(seconds ?? 3), cases))}\n`);
}

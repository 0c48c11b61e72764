// Where a simulated 13-player palermo game spends its time, for the next structural step towards 10,000 sensible-bot
// games a second on one core (docs/simulation.md): the bots against the engine, inside the engine the fold (one
// state object per event) against deciding, the events that copy a record keyed by player id, and the messages.
// (Garbage collection's share comes from a CPU profile: `node --cpu-prof`; Node's gc entries miss the collector's
// helper threads.) Run: npx tsx bench/shares.ts [seconds per figure]
import type { Command, GameEvent } from '../src/core/types.ts';
import { evolve, initialState } from '../src/engine/evolve.ts';
import { createGame, decide } from '../src/engine/game.ts';
import type { GameState } from '../src/engine/state.ts';
import { drawSource } from '../src/sim/random.ts';
import { driveGame, playGame, prepare } from '../src/sim/runner.ts';
import type { SimSpec } from '../src/sim/types.ts';
import { palermoSim } from '../src/variants/palermo/sim.ts';

const seconds = Number(process.argv[2] ?? 3);
const spec: SimSpec = { variant: 'palermo', players: 13, roleList: palermoSim.roleList(13), options: {}, policy: 'sensible' };
const { variant, config, names } = prepare(spec);
const games = Array.from({ length: 100 }, (_, seed) => ({ seed, ...driveGame(spec, seed, { keepEvents: true, keepCommands: true }) }));
const perGame = (xs: readonly { length: number }[]) => xs.reduce((n, x) => n + x.length, 0) / games.length;
const commandsPerGame = perGame(games.map((g) => g.commands));
const eventsPerGame = perGame(games.map((g) => g.events));

const cpu = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

/** CPU ms per round of `fn` (one round = every recorded game once), after two rounds of warm-up. */
function timed(fn: () => void): { ms: number } {
  fn();
  fn();
  const c0 = cpu();
  let rounds = 0;
  while (cpu() - c0 < seconds * 1000) {
    fn();
    rounds++;
  }
  return { ms: (cpu() - c0) / rounds };
}

const sim = timed(() => {
  for (const g of games) playGame(spec, g.seed);
});
const engine = timed(() => {
  for (const g of games) {
    const source = drawSource(g.seed);
    const env = { rng: () => source };
    let s = createGame(variant, config, `sim-${g.seed}`, names).state;
    for (const c of g.commands as Command[]) s = decide(variant, s, c, env).state;
  }
});

// The fold alone, event by event on the state before it, grouped by what the event copies.
const pairs: [GameState<unknown>, GameEvent][] = [];
for (const g of games) {
  let s = initialState(variant, g.events[0]!);
  for (const e of g.events.slice(1)) {
    pairs.push([s, e]);
    s = evolve(variant, s, e);
  }
}
/** Events whose fold copies a record keyed by player id (the players, a vote, an absence, last words…). */
const KEYED = new Set([
  'player.signed_up',
  'game.dealt',
  'player.removed',
  'vote.cast',
  'votes.voided',
  'runoff.ballot',
  'lastwords.granted',
  'lastwords.posted',
  'absence.adjusted',
  'pal.knowledge',
  'informant.told',
  'close.resolved',
]);
const fold = (filter: (e: GameEvent) => boolean) => {
  const some = pairs.filter(([, e]) => filter(e));
  const t = timed(() => {
    for (const [s, e] of some) evolve(variant, s, e);
  });
  return { ms: t.ms, count: some.length / games.length };
};
const all = fold(() => true);
const keyed = fold((e) => KEYED.has(e.type));
const messages = fold((e) => e.type === 'message');

const fmt = (n: number, d = 1) => n.toFixed(d);
const pct = (a: number, b: number) => `${fmt((a / b) * 100, 0)}%`;
const us = (ms: number) => (ms * 1000) / games.length;
const lines = [
  `13-player palermo, sensible bots, ${games.length} recorded games: ${fmt(commandsPerGame, 0)} commands and ${fmt(eventsPerGame, 0)} events a game`,
  `a simulated game: ${fmt(us(sim.ms))} µs (${fmt(1e6 / us(sim.ms), 0)} games/s on one core)`,
  `  the engine alone (recorded commands replayed): ${fmt(us(engine.ms))} µs, ${pct(engine.ms, sim.ms)} of a game; ${fmt(us(engine.ms) / commandsPerGame, 2)} µs a command`,
  `  the bots, their views and the statistics: ${fmt(us(sim.ms - engine.ms))} µs, ${pct(sim.ms - engine.ms, sim.ms)}`,
  `  the fold alone (one state object per event): ${fmt(us(all.ms))} µs, ${pct(all.ms, engine.ms)} of the engine; ${fmt((all.ms * 1000) / games.length / eventsPerGame, 2)} µs an event`,
  `    events that copy a record keyed by player id (${fmt(keyed.count, 0)} a game): ${fmt(us(keyed.ms))} µs, ${pct(keyed.ms, engine.ms)} of the engine`,
  `    messages (${fmt(messages.count, 0)} a game): ${fmt(us(messages.ms))} µs to fold, ${pct(messages.ms, engine.ms)} of the engine`,
];
process.stdout.write(`${lines.join('\n')}\n`);

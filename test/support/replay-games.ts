// The 200 recorded bot games of test/sim/replay-hashes.int.test.ts: sensible-bot games of the four rulebooks at
// several table sizes, each given by its spec and seed (the simulator's games are a function of both). For each
// game, `fingerprint` hashes what the bots sent (the commands), every event of the log and the final state, so a
// change anywhere in the engine, the rulebooks or the bots that alters a game shows as a changed hash.
//
// Re-record (only when a game is meant to change, e.g. a rule fix; say so in the commit):
//   npx tsx test/support/replay-games.ts > test/sim/replay-hashes.json
import { stateHash } from '../../src/app/state-hash.ts';
import { driveGame } from '../../src/sim/runner.ts';
import type { SimSpec } from '../../src/sim/types.ts';
import { mafiaCitiesSim } from '../../src/variants/mafia-cities/sim.ts';
import { mafiaDeSim } from '../../src/variants/mafia-de/sim.ts';
import { palermoSim } from '../../src/variants/palermo/sim.ts';
import { palermoIntrigueSim } from '../../src/variants/palermo-intrigue/sim.ts';

/** One recorded game: its setup and seed. */
export interface ReplayGame {
  readonly name: string;
  readonly spec: SimSpec;
  readonly seed: number;
}

const spec = (variant: string, players: number, roleList: string[], options: Record<string, unknown> = {}): SimSpec => ({
  variant,
  players,
  roleList,
  options,
  policy: 'sensible',
});

/** The setups, 50 games per rulebook spread over them. */
const SETUPS: readonly SimSpec[][] = [
  [7, 13, 20].map((n) => spec('palermo', n, palermoSim.roleList(n))),
  [8, 12, 16, 20].map((n) => spec('palermo-intrigue', n, palermoIntrigueSim.roleList(n))),
  [8, 13, 16].map((n) => spec('mafia-de', n, mafiaDeSim.roleList(n))),
  [
    spec('mafia-cities', 12, mafiaCitiesSim.roleList(12)),
    spec('mafia-cities', 24, mafiaCitiesSim.roleList(24), { cityCount: 2 }),
    spec('mafia-cities', 36, mafiaCitiesSim.roleList(36), { cityCount: 3 }),
  ],
];

/** The 200 games, in a fixed order. */
export const REPLAY_GAMES: readonly ReplayGame[] = SETUPS.flatMap((setups) =>
  Array.from({ length: 50 }, (_, i) => {
    const s = setups[i % setups.length]!;
    const seed = 9_000 + i;
    return { name: `${s.variant} ${s.players} #${seed}`, spec: s, seed };
  }),
);

/** What a game produced: the hashes of its commands, its event log and its final state, and the counts. */
export interface Fingerprint {
  readonly commands: number;
  readonly events: number;
  readonly commandsHash: string;
  readonly eventsHash: string;
  readonly stateHash: string;
}

/** Plays a recorded game again and fingerprints it. */
export function fingerprint(g: ReplayGame): Fingerprint {
  const d = driveGame(g.spec, g.seed, { keepEvents: true, keepCommands: true });
  return {
    commands: d.commands.length,
    events: d.events.length,
    commandsHash: stateHash(d.commands),
    eventsHash: stateHash(d.events),
    stateHash: stateHash(d.state),
  };
}

if (process.argv[1] === import.meta.filename) {
  const out: Record<string, Fingerprint> = {};
  for (const g of REPLAY_GAMES) out[g.name] = fingerprint(g);
  process.stdout.write(`${JSON.stringify(out, null, 1)}\n`);
}

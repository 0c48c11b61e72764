// One measurement of one source tree in a fresh process, for the A/B benchmark: the same measuring code (this
// tree's) runs the tree's own game code or benchmark module, and prints its figures as one JSON line.
//   node --import tsx bench/ab-child.ts <root> sim '<SimSpec JSON>' <seconds>   games/s of the tree's bots and engine
//   node --import tsx bench/ab-child.ts <root> bare <seconds>                   the tree's bare model loop
//   node --import tsx bench/ab-child.ts <root> restart <sqlite|postgres> <games> the tree's bench/restart.ts
//   node --import tsx bench/ab-child.ts <root> fanout <clients> <votes>          the tree's bench/fanout.ts
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type PlayGame, rateOf } from './engine.ts';

const [root, task, ...args] = process.argv.slice(2);
if (!root || !task) throw new Error('usage: bench/ab-child.ts <root> <task> …');
const from = (p: string) => import(pathToFileURL(join(root, p)).href);

let out: unknown;
switch (task) {
  case 'sim': {
    const { playGame } = (await from('src/sim/runner.ts')) as { playGame: PlayGame };
    out = rateOf(playGame, JSON.parse(args[0]!), Number(args[1] ?? 2), 30);
    break;
  }
  case 'bare': {
    const { bareRate } = await from('bench/engine.ts');
    out = { gamesPerSec: bareRate(13, 3, Number(args[0] ?? 1)) };
    break;
  }
  case 'restart': {
    const { restartFigures } = await from('bench/restart.ts');
    out = await restartFigures(args[0], Number(args[1]), (s: string) => process.stderr.write(`  ${s}\n`));
    break;
  }
  case 'fanout': {
    const { fanoutFigures } = await from('bench/fanout.ts');
    out = await fanoutFigures(Number(args[0]), Number(args[1]));
    break;
  }
  default:
    throw new Error(`unknown task ${task}`);
}
process.stdout.write(`${JSON.stringify(out)}\n`);

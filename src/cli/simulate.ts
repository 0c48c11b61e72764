// `narrator simulate`: plays many bot games of one setup on worker threads and prints win rates, survival, game
// length and the rules that fired. The command's definition only: simulate-run.ts, loaded when it runs, does the work.
import type { Command as Program } from 'commander';
import { runCli } from './usage.ts';

export { int, parseOptions, UsageError } from './usage.ts';

/** The options commander parses for `narrator simulate`. */
export interface SimulateOpts {
  variant: string;
  players?: string;
  roles?: string;
  killers?: string;
  policy: string;
  games: string;
  workers?: string;
  seed?: string;
  option: string[];
  cities?: string;
  json?: boolean;
  progress: boolean;
}

/** Adds `narrator simulate` to the program. */
export function addSimulate(program: Program): void {
  program
    .command('simulate')
    .description('play many bot games of one setup through the engine and report win rates, survival, length and rules fired')
    .option('--variant <id>', 'rulebook', 'palermo')
    .option('--players <n>', 'players at the table')
    .option('--roles <list>', 'roles, e.g. killer=3,informant=1,nurse=1 (the rest are citizens); default: the rulebook’s deal')
    .option('--killers <m>', 'killers, keeping the default deal’s other roles')
    .option('--policy <style>', 'bots: sensible, random, or model (the random-lynch model of the literature)', 'sensible')
    .option('--games <n>', 'games to play', '10000')
    .option('--workers <n>', 'worker threads (default: all cores)')
    .option('--seed <s>', 'master seed (default: random, printed)')
    .option('--cities <n>', 'multi-city rulebooks (mafia-cities): the number of cities; --players then defaults to 12 per city')
    .option('--option <key=value>', 'a variant option, e.g. killersWinAtParity=true (repeatable)', (v: string, acc: string[]) => [...acc, v], [])
    .option('--json', 'print one JSON object')
    .option('--no-progress', 'no progress bar')
    // The work is loaded only when the command runs (`--help` and the other commands never load it).
    .action(async (opts: SimulateOpts) => runCli('simulate', async () => (await import('./simulate-run.ts')).runSimulate(opts)));
}

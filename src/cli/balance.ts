// `narrator balance`: simulates a grid of player counts × killer counts and writes an HTML report with SVG charts
// (plus JSON, and a PNG when Chromium is installed) marking the rulebook's deal. The definition only: balance-run.ts,
// loaded when the command runs, does the work.
import type { Command as Program } from 'commander';
import { runCli, UsageError } from './usage.ts';

/** Parses '7..30', '7-30' or '13'. */
export function parseRange(text: string): [number, number] {
  const m = /^(\d+)(?:\s*(?:\.\.|-|–)\s*(\d+))?$/.exec(text.trim());
  if (!m) throw new UsageError(`--players wants a range like 7..30 (got "${text}")`);
  const a = Number(m[1]);
  const b = m[2] !== undefined ? Number(m[2]) : a;
  if (b < a) throw new UsageError(`--players: ${a}..${b} is empty`);
  return [a, b];
}

/** The options commander parses for `narrator balance`. */
export interface BalanceOpts {
  variant: string;
  players: string;
  games: string;
  policy: string;
  workers?: string;
  seed?: string;
  out?: string;
  png: boolean;
  progress: boolean;
}

/** Adds `narrator balance` to the program. */
export function addBalance(program: Program): void {
  program
    .command('balance')
    .description('win rate against player count and killer count, as an HTML report with SVG charts (and PNG when Chromium is installed)')
    .option('--variant <id>', 'rulebook', 'palermo')
    .option('--players <range>', 'player counts, e.g. 7..30', '7..30')
    .option('--games <n>', 'games per setup', '500')
    .option('--policy <style>', 'bots: sensible or random', 'sensible')
    .option('--workers <n>', 'worker threads (default: all cores)')
    .option('--seed <s>', 'master seed (default: random)')
    .option('--out <file>', 'the HTML file to write (default: reports/balance-<variant>-<from>-<to>.html)')
    .option('--no-png', 'do not render the PNG')
    .option('--no-progress', 'no progress bar')
    // The work is loaded only when the command runs (`--help` and the other commands never load it).
    .action(async (opts: BalanceOpts) => runCli('balance', async () => (await import('./balance-run.ts')).runBalance(opts)));
}

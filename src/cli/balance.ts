// `narrator balance`: simulates a grid of player counts × killer counts and writes an HTML report with SVG charts
// (plus JSON, and a PNG when Chromium is installed) marking the rulebook's deal.
import { randomInt } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import type { Command as Program } from 'commander';
import { type BalanceData, balanceCells, balanceHtml, balanceSpecs } from '../sim/balance.ts';
import { runBatch } from '../sim/pool.ts';
import { Progress } from '../sim/progress.ts';
import { getSim, SIMS } from '../sim/registry.ts';
import { renderPng } from './png.ts';
import { int, UsageError } from './simulate.ts';

/** Parses '7..30', '7-30' or '13'. */
export function parseRange(text: string): [number, number] {
  const m = /^(\d+)(?:\s*(?:\.\.|-|–)\s*(\d+))?$/.exec(text.trim());
  if (!m) throw new UsageError(`--players wants a range like 7..30 (got "${text}")`);
  const a = Number(m[1]);
  const b = m[2] !== undefined ? Number(m[2]) : a;
  if (b < a) throw new UsageError(`--players: ${a}..${b} is empty`);
  return [a, b];
}

interface BalanceOpts {
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
    .action(async (opts: BalanceOpts) => {
      try {
        const sim = getSim(opts.variant);
        if (!sim) throw new UsageError(`cannot simulate "${opts.variant}"; simulated variants: ${Object.keys(SIMS).join(', ')}`);
        if (!sim.policies[opts.policy]) throw new UsageError(`unknown --policy "${opts.policy}"`);
        const [from, to] = parseRange(opts.players);
        const v = sim.variant;
        if (from < v.minPlayers || to > v.maxPlayers) throw new UsageError(`--players must lie within ${v.minPlayers}..${v.maxPlayers} for ${v.id}`);
        const games = int('games', opts.games, 1);
        const workers = opts.workers !== undefined ? int('workers', opts.workers, 0) : availableParallelism();
        const seed = opts.seed !== undefined ? int('seed', opts.seed, 0) : randomInt(2 ** 31);
        const items = balanceSpecs(sim, from, to, opts.policy);
        process.stderr.write(`${items.length} setups × ${games} games on ${workers} worker(s)\n`);
        const bar = opts.progress ? new Progress(items.length * games) : undefined;
        const started = performance.now();
        const tallies = await runBatch(
          items.map((it, i) => ({ spec: it.spec, games, seed: seed + i })),
          { workers, onProgress: (d) => bar?.update(d) },
        );
        const seconds = bar ? bar.finish() : (performance.now() - started) / 1000;
        const townSide = v.sides[0]?.id ?? 'citizens';
        const data: BalanceData = {
          variant: v.id,
          variantName: v.names.en ?? v.id,
          townSide,
          policy: opts.policy,
          gamesPerSetup: games,
          seed,
          seconds,
          cells: balanceCells(items, tallies, townSide, sim.killerRoles ?? sim.killerRole),
        };
        const html = resolve(opts.out ?? `reports/balance-${v.id}-${from}-${to}.html`);
        mkdirSync(dirname(html), { recursive: true });
        writeFileSync(html, balanceHtml(data));
        const json = html.replace(/\.html?$/, '') + '.json';
        writeFileSync(json, `${JSON.stringify(data, null, 1)}\n`);
        process.stdout.write(`HTML: ${html}\nJSON: ${json}\n`);
        if (opts.png) {
          const png = html.replace(/\.html?$/, '') + '.png';
          const skipped = await renderPng(html, png);
          process.stdout.write(skipped ? `PNG skipped: ${skipped}\n` : `PNG: ${png}\n`);
        }
        for (let n = from; n <= to; n++) {
          const row = data.cells.filter((c) => c.players === n);
          const def = row.find((c) => c.isDefault);
          const fair = row.reduce((a, b) => (Math.abs(b.town.rate - 0.5) < Math.abs(a.town.rate - 0.5) ? b : a));
          process.stdout.write(
            `${String(n).padStart(3)} players: default ${def?.killers ?? '-'} killers → town ${def ? `${Math.round(def.town.rate * 100)}%` : '-'}; closest to 50%: ${fair.killers} killers (${Math.round(fair.town.rate * 100)}%)\n`,
          );
        }
      } catch (e) {
        if (e instanceof UsageError) {
          process.stderr.write(`narrator balance: ${e.message}\n`);
          process.exitCode = 2;
          return;
        }
        throw e;
      }
    });
}

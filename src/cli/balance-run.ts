// The work of `narrator balance`, loaded only when the command runs: simulates the grid and writes the reports.
import { randomInt } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import { type BalanceData, balanceCells, balanceHtml, balanceSpecs } from '../sim/balance.ts';
import { runBatch } from '../sim/pool.ts';
import { Progress } from '../sim/progress.ts';
import { getSim, SIMS } from '../variants/sims.ts';
import { type BalanceOpts, parseRange } from './balance.ts';
import { renderPng } from './png.ts';
import { int, UsageError } from './usage.ts';

/** Runs `narrator balance` with parsed options (usage mistakes throw UsageError). */
export async function runBalance(opts: BalanceOpts): Promise<void> {
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
}

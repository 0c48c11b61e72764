// The work of `narrator simulate`, loaded only when the command runs: builds the spec, plays the games on worker
// threads and prints the report.
import { randomInt } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { ExactModel } from '../sim/exact.ts';
import { runBatch } from '../sim/pool.ts';
import { Progress } from '../sim/progress.ts';
import { buildReport, formatReport } from '../sim/report.ts';
import type { SimSpec } from '../sim/types.ts';
import { getVariant } from '../variants/registry.ts';
import { getSim, SIMS } from '../variants/sims.ts';

import type { SimulateOpts } from './simulate.ts';
import { int, parseOptions, UsageError } from './usage.ts';

/** What a setup is made of on the command line. */
export interface SetupArgs {
  readonly variant: string;
  readonly players: number;
  readonly roles?: string;
  readonly killers?: number;
  readonly policy: string;
  readonly options: Record<string, unknown>;
}

/**
 * Builds a spec: `--roles killer=3,informant=1` (the rest are the variant's filler role) or a plain comma list;
 * `--killers M` keeps the default table's other roles; neither gives the default deal.
 */
export function specOf(a: SetupArgs): SimSpec {
  const variant = getVariant(a.variant);
  const sim = getSim(a.variant);
  if (!variant || !sim) throw new UsageError(`cannot simulate "${a.variant}"; simulated variants: ${Object.keys(SIMS).join(', ')}`);
  if (!sim.policies[a.policy]) throw new UsageError(`unknown --policy "${a.policy}"; known: ${Object.keys(sim.policies).join(', ')}`);
  const model = a.policy === 'model';
  const min = model ? 3 : variant.minPlayers;
  if (a.players < min || a.players > variant.maxPlayers) throw new UsageError(`--players must be ${min}…${variant.maxPlayers} for ${variant.id}`);
  let roleList: string[];
  if (a.roles) {
    const known = new Set(variant.roles.map((r) => r.id));
    roleList = [];
    for (const part of a.roles
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)) {
      const [role, count] = part.split(/[=:×x*]/).map((x) => x.trim());
      if (!role || !known.has(role)) throw new UsageError(`unknown role "${role}" in --roles; roles: ${[...known].join(', ')}`);
      const n = count === undefined ? 1 : int('roles', count, 0);
      for (let i = 0; i < n; i++) roleList.push(role);
    }
    if (roleList.length > a.players) throw new UsageError(`--roles lists ${roleList.length} roles for ${a.players} players`);
    while (roleList.length < a.players) roleList.push(sim.fillerRole);
  } else {
    roleList = sim.roleList(a.players, a.killers);
  }
  return {
    variant: variant.id,
    players: a.players,
    roleList,
    options: a.options,
    policy: a.policy,
    ...(a.players < variant.minPlayers ? { minPlayers: a.players } : {}),
  };
}

/** The literature's exact value when the spec is the random-lynch model (killers and citizens, model bots). */
function exactOf(spec: SimSpec): { exact: { rule: string; killers: string; p: number } } | Record<string, never> {
  if (spec.policy !== 'model' || spec.roleList.some((r) => r !== 'killer' && r !== 'citizen')) return {};
  const parity = spec.options.killersWinAtParity === true;
  if (!parity && spec.options.autoStopWhenKillersOutnumber === false) return {};
  const m = spec.roleList.filter((r) => r === 'killer').length;
  const x = new ExactModel(parity ? 'parity' : 'strict').mafiaWins(spec.players, m);
  return { exact: { rule: parity ? 'mafia win at parity' : 'mafia win when more', killers: x.toString(), p: x.toNumber() } };
}

/** Runs `narrator simulate` with parsed options (usage mistakes throw UsageError). */
export async function runSimulate(opts: SimulateOpts): Promise<void> {
  const cities = opts.cities !== undefined ? int('cities', opts.cities, 2) : undefined;
  if (!opts.players && cities === undefined) throw new UsageError('--players is required');
  const players = opts.players ? int('players', opts.players, 1) : 12 * cities!;
  const options = { ...parseOptions(opts.option), ...(cities !== undefined ? { cityCount: cities } : {}) };
  const spec = specOf({
    variant: opts.variant,
    players,
    ...(opts.roles ? { roles: opts.roles } : {}),
    ...(opts.killers ? { killers: int('killers', opts.killers, 1) } : {}),
    policy: opts.policy,
    options,
  });
  const games = int('games', opts.games, 1);
  const workers = opts.workers !== undefined ? int('workers', opts.workers, 0) : availableParallelism();
  const seed = opts.seed !== undefined ? int('seed', opts.seed, 0) : randomInt(2 ** 31);
  const bar = opts.progress ? new Progress(games) : undefined;
  const started = performance.now();
  const [tally] = await runBatch([{ spec, games, seed }], { workers, onProgress: (d) => bar?.update(d) });
  const seconds = bar ? bar.finish() : (performance.now() - started) / 1000;
  const report = buildReport(spec, tally!, { seed, workers, seconds, ...exactOf(spec) });
  process.stdout.write(opts.json ? `${JSON.stringify(report, null, 1)}\n` : `${formatReport(report)}\n`);
}

// Turns tallies into the simulate report: text for people, JSON for machines.
import { histogramSummary, type Tally, wilson } from './stats.ts';
import type { SimSpec } from './types.ts';

/** The machine-readable report of one simulated setup. */
export interface SimReport {
  readonly variant: string;
  readonly players: number;
  readonly roles: Readonly<Record<string, number>>;
  readonly policy: string;
  readonly options: Readonly<Record<string, unknown>>;
  readonly games: number;
  readonly seed: number;
  readonly workers: number;
  readonly seconds: number;
  readonly gamesPerSecond: number;
  /** Side -> win rate with its Wilson 95% interval. */
  readonly wins: Record<string, { games: number; rate: number; lo: number; hi: number }>;
  readonly reasons: Record<string, number>;
  /** Role -> share of its seats still in the game at the end, with a 95% interval. */
  readonly survival: Record<string, { seats: number; rate: number; lo: number; hi: number }>;
  readonly rounds: ReturnType<typeof histogramSummary> & { histogram: Record<number, number> };
  /** Rule -> share of games in which it fired and mean firings per game. */
  readonly rules: Record<string, { games: number; share: number; perGame: number }>;
  readonly commandsPerGame: number;
  readonly eventsPerGame: number;
  /** For the random-lynch model: the exact P(killers win) of the literature's recursion, and the end rule. */
  readonly exact?: { readonly rule: string; readonly killers: string; readonly p: number };
}

/** Counts of each role in a list. */
export function roleCounts(list: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of list) out[r] = (out[r] ?? 0) + 1;
  return out;
}

/** Builds the report of one setup. */
export function buildReport(
  spec: SimSpec,
  t: Tally,
  meta: { seed: number; workers: number; seconds: number; exact?: { rule: string; killers: string; p: number } },
): SimReport {
  const wins: SimReport['wins'] = {};
  for (const side of Object.keys(t.wins).sort()) {
    const e = wilson(t.wins[side]!, t.games);
    wins[side] = { games: t.wins[side]!, rate: e.p, lo: e.lo, hi: e.hi };
  }
  const survival: SimReport['survival'] = {};
  for (const role of Object.keys(t.roles).sort()) {
    const r = t.roles[role]!;
    const e = wilson(r.survived, r.dealt);
    survival[role] = { seats: r.dealt, rate: e.p, lo: e.lo, hi: e.hi };
  }
  const rules: SimReport['rules'] = {};
  for (const rule of Object.keys(t.rules).sort()) {
    const r = t.rules[rule]!;
    rules[rule] = { games: r.games, share: r.games / Math.max(1, t.games), perGame: r.times / Math.max(1, t.games) };
  }
  return {
    variant: spec.variant,
    players: spec.players,
    roles: roleCounts(spec.roleList),
    policy: spec.policy,
    options: spec.options,
    games: t.games,
    seed: meta.seed,
    workers: meta.workers,
    seconds: meta.seconds,
    gamesPerSecond: t.games / Math.max(1e-9, meta.seconds),
    wins,
    reasons: t.reasons,
    survival,
    rounds: { ...histogramSummary(t.rounds), histogram: t.rounds },
    rules,
    commandsPerGame: t.commands / Math.max(1, t.games),
    eventsPerGame: t.events / Math.max(1, t.games),
    ...(meta.exact ? { exact: meta.exact } : {}),
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The report as text. */
export function formatReport(r: SimReport): string {
  const lines: string[] = [];
  const roles = Object.entries(r.roles)
    .map(([k, n]) => `${k}×${n}`)
    .join(', ');
  lines.push(`${r.variant}: ${r.players} players (${roles}), ${r.policy} bots${Object.keys(r.options).length ? `, options ${JSON.stringify(r.options)}` : ''}`);
  lines.push(
    `${r.games.toLocaleString('en-US')} games in ${r.seconds.toFixed(1)} s on ${r.workers} worker(s): ${Math.round(r.gamesPerSecond).toLocaleString('en-US')} games/s; seed ${r.seed}`,
  );
  lines.push('');
  lines.push('Win rate (95% Wilson interval)');
  for (const [side, w] of Object.entries(r.wins))
    lines.push(`  ${side.padEnd(12)} ${pct(w.rate).padStart(6)}  [${pct(w.lo)} – ${pct(w.hi)}]  ${w.games} games`);
  if (r.exact) lines.push(`  exact random-lynch model (${r.exact.rule}): killers ${r.exact.killers} = ${(r.exact.p * 100).toFixed(2)}%`);
  lines.push('');
  lines.push('Survival to the end, per role (95% interval)');
  for (const [role, s] of Object.entries(r.survival))
    lines.push(`  ${role.padEnd(12)} ${pct(s.rate).padStart(6)}  [${pct(s.lo)} – ${pct(s.hi)}]  ${s.seats} seats`);
  lines.push('');
  const g = r.rounds;
  lines.push(`Game length in rounds: mean ${g.mean.toFixed(2)} (sd ${g.sd.toFixed(2)}), min ${g.min}, median ${g.median}, p90 ${g.p90}, max ${g.max}`);
  const hist = Object.entries(g.histogram)
    .map(([k, n]) => `${k}:${pct(n / r.games)}`)
    .join('  ');
  lines.push(`  ${hist}`);
  lines.push('');
  lines.push('Rules fired (share of games; times per game)');
  const rows = Object.entries(r.rules).sort((a, b) => b[1].share - a[1].share || a[0].localeCompare(b[0]));
  for (const [rule, x] of rows) lines.push(`  ${rule.padEnd(42)} ${pct(x.share).padStart(6)}  ${x.perGame.toFixed(2).padStart(6)}`);
  lines.push('');
  lines.push(`Per game: ${r.commandsPerGame.toFixed(1)} commands, ${r.eventsPerGame.toFixed(1)} events through the engine.`);
  return lines.join('\n');
}

// Balance grids: win rates over player counts and killer counts, with the rulebook's own deal marked, rendered as
// an HTML page with inline SVG charts (no external assets) so a moderator can pick a fair setup at a glance.
import type { Tally } from './stats.ts';
import { wilson } from './stats.ts';
import type { SimSpec, SimVariant } from './types.ts';

/** One simulated setup of the grid. */
export interface BalanceCell {
  readonly players: number;
  readonly killers: number;
  readonly roles: Readonly<Record<string, number>>;
  readonly games: number;
  /** The town side's win rate with its Wilson 95% interval. */
  readonly town: { readonly rate: number; readonly lo: number; readonly hi: number };
  readonly meanRounds: number;
  /** The rulebook deals this setup for this player count. */
  readonly isDefault: boolean;
}

/** A balance report's data. */
export interface BalanceData {
  readonly variant: string;
  readonly variantName: string;
  readonly townSide: string;
  readonly policy: string;
  readonly gamesPerSetup: number;
  readonly seed: number;
  readonly seconds: number;
  readonly cells: readonly BalanceCell[];
}

/** The killer counts worth showing for n players: the rulebook's least (1 by default) up to the default + 3, within the rules (killers < others). */
export function killerRange(sim: SimVariant<unknown>, n: number): number[] {
  const least = sim.minKillers ?? 1;
  const most = Math.min(Math.floor((n - 1) / 2), sim.defaultKillers(n) + 3);
  return Array.from({ length: Math.max(0, most - least + 1) }, (_, i) => i + least);
}

/** The grid's specs, in order: for each player count, each killer count. */
export function balanceSpecs(sim: SimVariant<unknown>, from: number, to: number, policy: string): { spec: SimSpec; isDefault: boolean }[] {
  const out: { spec: SimSpec; isDefault: boolean }[] = [];
  for (let n = from; n <= to; n++) {
    for (const m of killerRange(sim, n)) {
      const roleList = sim.roleList(n, m);
      out.push({ spec: { variant: sim.variant.id, players: n, roleList, options: {}, policy }, isDefault: m === sim.defaultKillers(n) });
    }
  }
  return out;
}

/** Turns the tallies of the grid into cells. */
export function balanceCells(
  items: readonly { spec: SimSpec; isDefault: boolean }[],
  tallies: readonly Tally[],
  townSide: string,
  killerRole: string | readonly string[],
): BalanceCell[] {
  const killerRoles = typeof killerRole === 'string' ? [killerRole] : killerRole;
  return items.map(({ spec, isDefault }, i) => {
    const t = tallies[i]!;
    const e = wilson(t.wins[townSide] ?? 0, t.games);
    const roles: Record<string, number> = {};
    for (const r of spec.roleList) roles[r] = (roles[r] ?? 0) + 1;
    let rounds = 0;
    for (const [k, c] of Object.entries(t.rounds)) rounds += Number(k) * c;
    return {
      players: spec.players,
      killers: killerRoles.reduce((n, r) => n + (roles[r] ?? 0), 0),
      roles,
      games: t.games,
      town: { rate: e.p, lo: e.lo, hi: e.hi },
      meanRounds: rounds / Math.max(1, t.games),
      isDefault,
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Rendering

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const pct = (x: number) => `${Math.round(x * 100)}%`;
const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b', '#e377c2'];

/** A colour for a town win rate: red (killers favoured) through white (50%) to blue (town favoured). */
export function rateColour(rate: number): string {
  const d = Math.max(-1, Math.min(1, (rate - 0.5) * 2.5));
  const mix = (a: number, b: number, t: number) => Math.round(a + (b - a) * t);
  const [r, g, b] = d < 0 ? [mix(255, 214, -d), mix(255, 96, -d), mix(255, 77, -d)] : [mix(255, 69, d), mix(255, 117, d), mix(255, 180, d)];
  return `rgb(${r},${g},${b})`;
}

/** One SVG chart: town win rate against killers, one line per player count, the default deal ringed. */
export function chartSvg(cells: readonly BalanceCell[], title: string): string {
  const W = 640;
  const H = 360;
  const L = 56;
  const R = 130;
  const T = 36;
  const B = 44;
  const maxK = Math.max(2, ...cells.map((c) => c.killers));
  const x = (k: number) => L + ((k - 1) / Math.max(1, maxK - 1)) * (W - L - R);
  const y = (p: number) => T + (1 - p) * (H - T - B);
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${esc(title)}">`);
  parts.push(`<rect width="${W}" height="${H}" fill="#fff"/>`);
  parts.push(`<text x="${L}" y="22" font-size="15" font-weight="bold">${esc(title)}</text>`);
  for (let i = 0; i <= 10; i++) {
    const p = i / 10;
    parts.push(`<line x1="${L}" x2="${W - R}" y1="${y(p)}" y2="${y(p)}" stroke="${i === 5 ? '#555' : '#e4e4e4'}" ${i === 5 ? 'stroke-dasharray="5 4"' : ''}/>`);
    if (i % 2 === 0) parts.push(`<text x="${L - 8}" y="${y(p) + 4}" font-size="11" text-anchor="end">${pct(p)}</text>`);
  }
  for (let k = 1; k <= maxK; k++) parts.push(`<text x="${x(k)}" y="${H - B + 18}" font-size="11" text-anchor="middle">${k}</text>`);
  parts.push(`<text x="${(L + W - R) / 2}" y="${H - 8}" font-size="12" text-anchor="middle">killers</text>`);
  parts.push(`<text transform="translate(14 ${(T + H - B) / 2}) rotate(-90)" font-size="12" text-anchor="middle">town win rate</text>`);
  const ns = [...new Set(cells.map((c) => c.players))].sort((a, b) => a - b);
  ns.forEach((n, i) => {
    const colour = PALETTE[i % PALETTE.length]!;
    const row = cells.filter((c) => c.players === n).sort((a, b) => a.killers - b.killers);
    parts.push(`<g class="n${n}">`);
    for (const c of row)
      parts.push(
        `<line x1="${x(c.killers)}" x2="${x(c.killers)}" y1="${y(c.town.lo)}" y2="${y(c.town.hi)}" stroke="${colour}" stroke-opacity="0.35" stroke-width="3"/>`,
      );
    parts.push(`<polyline fill="none" stroke="${colour}" stroke-width="2" points="${row.map((c) => `${x(c.killers)},${y(c.town.rate)}`).join(' ')}"/>`);
    for (const c of row) {
      const tip = `${n} players, ${c.killers} killers: town ${pct(c.town.rate)} [${pct(c.town.lo)}–${pct(c.town.hi)}], ${c.games} games${c.isDefault ? ' — default deal' : ''}`;
      parts.push(`<circle cx="${x(c.killers)}" cy="${y(c.town.rate)}" r="3" fill="${colour}"><title>${esc(tip)}</title></circle>`);
      if (c.isDefault)
        parts.push(
          `<circle class="default" cx="${x(c.killers)}" cy="${y(c.town.rate)}" r="7.5" fill="none" stroke="#000" stroke-width="2"><title>${esc(tip)}</title></circle>`,
        );
    }
    parts.push(
      `<rect x="${W - R + 14}" y="${T + i * 18}" width="14" height="4" fill="${colour}"/><text x="${W - R + 34}" y="${T + i * 18 + 6}" font-size="12">${n} players</text>`,
    );
    parts.push('</g>');
  });
  const ly = T + ns.length * 18 + 10;
  parts.push(
    `<circle cx="${W - R + 21}" cy="${ly}" r="7" fill="none" stroke="#000" stroke-width="2"/><text x="${W - R + 34}" y="${ly + 4}" font-size="12">default deal</text>`,
  );
  parts.push(
    `<line x1="${W - R + 14}" x2="${W - R + 28}" y1="${ly + 20}" y2="${ly + 20}" stroke="#555" stroke-dasharray="5 4"/><text x="${W - R + 34}" y="${ly + 24}" font-size="12">50%: fair</text>`,
  );
  parts.push('</svg>');
  return parts.join('\n');
}

/** The heat-map table: rows are player counts, columns killers; the default deal is framed, the fairest cell starred. */
function heatTable(cells: readonly BalanceCell[]): string {
  const maxK = Math.max(...cells.map((c) => c.killers));
  const ns = [...new Set(cells.map((c) => c.players))].sort((a, b) => a - b);
  const head = `<tr><th>players \\ killers</th>${Array.from({ length: maxK }, (_, i) => `<th>${i + 1}</th>`).join('')}<th>default deal</th></tr>`;
  const rows = ns.map((n) => {
    const row = cells.filter((c) => c.players === n);
    const fairest = row.reduce((a, b) => (Math.abs(b.town.rate - 0.5) < Math.abs(a.town.rate - 0.5) ? b : a));
    const def = row.find((c) => c.isDefault);
    const tds = Array.from({ length: maxK }, (_, i) => {
      const c = row.find((x) => x.killers === i + 1);
      if (!c) return '<td class="na"></td>';
      const cls = [c.isDefault ? 'def' : '', c === fairest ? 'fair' : ''].filter(Boolean).join(' ');
      return `<td class="${cls}" style="background:${rateColour(c.town.rate)}" title="${esc(`town ${pct(c.town.rate)} [${pct(c.town.lo)}–${pct(c.town.hi)}], mean ${c.meanRounds.toFixed(1)} rounds`)}">${pct(c.town.rate)}${c === fairest ? ' ★' : ''}</td>`;
    }).join('');
    const roles = def
      ? Object.entries(def.roles)
          .map(([r, k]) => `${r}×${k}`)
          .join(', ')
      : '—';
    return `<tr><th>${n}</th>${tds}<td class="roles">${esc(roles)}</td></tr>`;
  });
  return `<table class="heat">${head}${rows.join('')}</table>`;
}

/** The whole report page. */
export function balanceHtml(data: BalanceData): string {
  const ns = [...new Set(data.cells.map((c) => c.players))].sort((a, b) => a - b);
  const charts: string[] = [];
  for (let i = 0; i < ns.length; i += 6) {
    const group = ns.slice(i, i + 6);
    const lo = group[0]!;
    const hi = group[group.length - 1]!;
    charts.push(
      chartSvg(
        data.cells.filter((c) => group.includes(c.players)),
        `${data.variantName}: ${lo === hi ? lo : `${lo}–${hi}`} players`,
      ),
    );
  }
  const when = `${data.gamesPerSetup.toLocaleString('en-US')} games per setup, ${data.policy} bots, seed ${data.seed}, ${data.seconds.toFixed(0)} s`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(data.variantName)} — balance by players and killers</title>
<style>
body { font-family: system-ui, sans-serif; margin: 24px; color: #222; max-width: 1340px; }
h1 { font-size: 22px; margin: 0 0 4px; } p.meta { color: #555; margin: 0 0 16px; }
.charts { display: flex; flex-wrap: wrap; gap: 16px; } .charts svg { border: 1px solid #ddd; }
table.heat { border-collapse: collapse; margin-top: 20px; font-size: 13px; }
table.heat th, table.heat td { border: 1px solid #ccc; padding: 4px 7px; text-align: center; }
table.heat td.def { outline: 3px solid #000; outline-offset: -3px; font-weight: bold; }
table.heat td.na { background: #f4f4f4; } table.heat td.roles { text-align: left; background: #fafafa; }
</style></head><body>
<h1>${esc(data.variantName)}: how often the town wins, by players and killers</h1>
<p class="meta">${esc(when)}. Each point is the ${esc(data.townSide)}' win rate with its 95% interval; the ringed point (framed cell) is the setup the rulebook deals; ★ marks the killer count closest to 50%. The other special roles follow the rulebook's table.</p>
<div class="charts">
${charts.join('\n')}
</div>
${heatTable(data.cells)}
</body></html>
`;
}

// Balance reports: the grid of setups, the SVG charts with the rulebook's deal marked, and `narrator balance`
// writing its HTML and JSON (the PNG needs Chromium and is skipped here).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRange } from '../../src/cli/balance.ts';
import { type BalanceCell, balanceSpecs, chartSvg, killerRange, rateColour } from '../../src/sim/balance.ts';
import type { SimVariant } from '../../src/sim/types.ts';
import { palermoSim } from '../../src/variants/palermo/sim.ts';

const sim = palermoSim as unknown as SimVariant<unknown>;
const root = join(import.meta.dirname, '..', '..');

describe('balance grid', () => {
  it('spans 1 to the default + 3 killers within the rules, and marks the default deal once per player count', () => {
    expect(killerRange(sim, 7)).toEqual([1, 2, 3]);
    expect(killerRange(sim, 13)).toEqual([1, 2, 3, 4, 5, 6]);
    const items = balanceSpecs(sim, 7, 30, 'sensible');
    for (let n = 7; n <= 30; n++) {
      const defaults = items.filter((i) => i.spec.players === n && i.isDefault);
      expect(defaults).toHaveLength(1);
      expect([...defaults[0]!.spec.roleList].sort()).toEqual([...palermoSim.roleList(n)].sort());
    }
    for (const { spec } of items) {
      const k = spec.roleList.filter((r) => r === 'killer').length;
      expect(k).toBeLessThan(spec.players - k);
      if (k < 2) expect(spec.roleList).not.toContain('informant');
    }
  });

  it('parses player ranges', () => {
    expect(parseRange('7..30')).toEqual([7, 30]);
    expect(parseRange('13')).toEqual([13, 13]);
    expect(() => parseRange('30..7')).toThrow();
  });

  it('draws one line per player count and rings the default deal', () => {
    const cell = (players: number, killers: number, rate: number, isDefault: boolean): BalanceCell => ({
      players,
      killers,
      roles: { killer: killers },
      games: 100,
      town: { rate, lo: rate - 0.05, hi: rate + 0.05 },
      meanRounds: 4,
      isDefault,
    });
    const svg = chartSvg([cell(9, 1, 0.7, false), cell(9, 2, 0.55, true), cell(10, 1, 0.8, false), cell(10, 2, 0.6, false), cell(10, 3, 0.4, true)], 'test');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.match(/<polyline/g)).toHaveLength(2);
    expect(svg.match(/class="default"/g)).toHaveLength(2);
    expect(svg).toContain('9 players, 2 killers: town 55%');
    expect(rateColour(0.5)).toBe('rgb(255,255,255)');
  });
});

describe('narrator balance', () => {
  it('writes the HTML report with inline SVG and the JSON data', () => {
    const dir = mkdtempSync(join(tmpdir(), 'narrator-balance-'));
    try {
      const out = execFileSync(
        'node',
        ['bin/narrator.mjs', 'balance', '--players', '7..8', '--games', '20', '--workers', '1', '--seed', '4', '--no-png', '--out', join(dir, 'b.html')],
        { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      );
      expect(out).toContain('7 players: default 2 killers');
      const html = readFileSync(join(dir, 'b.html'), 'utf8');
      expect(html).toContain('<svg');
      expect(html).not.toMatch(/<(script|link|img)\b/);
      const data = JSON.parse(readFileSync(join(dir, 'b.json'), 'utf8'));
      expect(data.cells).toHaveLength(6);
      expect(data.cells.filter((c: BalanceCell) => c.isDefault)).toHaveLength(2);
      expect(existsSync(join(dir, 'b.png'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

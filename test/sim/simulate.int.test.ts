// The simulator plays through the real engine: every game ends with one winner, games are reproducible from their
// seed whatever the number of workers, bots see only what their player may see, the random-lynch model agrees
// with the exact mathematics on small tables, and `narrator simulate` prints its report.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkModel } from '../../src/sim/model.ts';
import { runBatch } from '../../src/sim/pool.ts';
import { playGame } from '../../src/sim/runner.ts';
import { addGame, emptyTally } from '../../src/sim/stats.ts';
import type { SimSpec } from '../../src/sim/types.ts';
import { palermoSim } from '../../src/variants/palermo/sim.ts';

const root = join(import.meta.dirname, '..', '..');
const spec = (policy: string, n = 13): SimSpec => ({ variant: 'palermo', players: n, roleList: palermoSim.roleList(n), options: {}, policy });

describe('bot games through the engine', () => {
  for (const policy of ['sensible', 'random', 'model']) {
    it(`${policy} bots: every game ends with exactly one winning side and no rejected input`, () => {
      const t = emptyTally();
      for (let i = 0; i < 60; i++) addGame(t, playGame(spec(policy, 7 + (i % 18)), i));
      expect(t.wins.none ?? 0).toBe(0);
      expect((t.wins.citizens ?? 0) + (t.wins.killers ?? 0)).toBe(60);
      expect(Object.keys(t.rules).filter((r) => r.startsWith('rejected'))).toEqual([]);
    });
  }

  it('replays the same game from the same seed', () => {
    expect(playGame(spec('sensible'), 42)).toEqual(playGame(spec('sensible'), 42));
    expect(playGame(spec('sensible'), 42)).not.toEqual(playGame(spec('sensible'), 43));
  });

  it('deals the role list it was given (default deal of 20 players)', () => {
    const r = playGame(spec('sensible', 20), 1);
    const roles = r.seats.map((s) => s.role).sort();
    expect(roles).toEqual([...palermoSim.roleList(20)].sort());
    expect(roles.filter((x) => x === 'killer')).toHaveLength(5);
  });

  it('fires the rules the bots exercise: murders, protections, outings, runoffs', () => {
    const t = emptyTally();
    for (let i = 0; i < 150; i++) addGame(t, playGame(spec(i % 2 ? 'random' : 'sensible'), i));
    for (const rule of [
      'PAL-KILL-4 murder',
      'PAL-VOTE-8 voted out',
      'PAL-NUR-3 protection saved the target',
      'PAL-OUT-1 outing submitted',
      'PAL-TIE-1 runoff',
    ]) {
      expect(t.rules[rule]?.games ?? 0, rule).toBeGreaterThan(0);
    }
  });
});

describe('views', () => {
  it('a bot knows only what its role was told: killers their team, the informant his killers, citizens nothing', async () => {
    const { createGame, decide, tick } = await import('../../src/engine/game.ts');
    const { prepare } = await import('../../src/sim/runner.ts');
    const { drawSource } = await import('../../src/sim/random.ts');
    const s13 = spec('sensible');
    const { variant, config, names } = prepare(s13);
    const c = createGame(variant, config, 'views', names);
    const d = decide(variant, c.state, tick(config.startAt), { rng: () => drawSource(9) });
    const views = new Map(d.state.order.map((id) => [id, palermoSim.newView(id)]));
    for (const e of [...c.events, ...d.events]) {
      for (const [id, v] of views) {
        const a = e.audience;
        if (a.kind === 'public' || ((a.kind === 'players' || a.kind === 'team') && a.ids.includes(id))) palermoSim.observe(v, e);
      }
    }
    const killers = d.state.order.filter((id) => d.state.players[id]!.role === 'killer');
    for (const [id, v] of views) {
      const role = d.state.players[id]!.role;
      expect(v.role).toBe(role);
      if (role === 'killer') expect([...v.mates].sort()).toEqual([...killers].sort());
      else expect(v.mates.size).toBe(0);
      if (role === 'informant') expect(v.known.size).toBeGreaterThan(0);
      else expect(v.known.size).toBe(0);
      expect(v.revealed.size).toBe(0);
    }
  });

  it("PAL-GEN-8: a bot reads a claim's vote line with the rulebook's syntax table, in every form it accepts", () => {
    const v = palermoSim.newView('p1');
    const pub = { kind: 'public' } as const;
    for (const [id, name] of [
      ['p2', 'Anna'],
      ['p3', 'Babis'],
      ['p4', 'Gina'],
    ])
      palermoSim.observe(v, { type: 'player.signed_up', at: 0, audience: pub, data: { id, name } });
    const claim = (author: string, vote: string) =>
      palermoSim.observe(v, { type: 'post.published', at: 1, audience: pub, data: { author, text: `Claim: informant\n${vote}` } });
    claim('p2', 'Ψηφίζω Babis');
    claim('p3', '*vote : Gina*');
    claim('p4', 'Ψήφος: Anna');
    expect(Object.fromEntries(v.claims)).toEqual({ p2: 'p3', p3: 'p4', p4: 'p2' });
  });
});

describe('worker pool', () => {
  it('gives the same tallies on two worker threads as in this thread', async () => {
    const jobs = [
      { spec: spec('sensible', 9), games: 120, seed: 5 },
      { spec: spec('random', 11), games: 80, seed: 6 },
    ];
    const seen: number[] = [];
    const threads = await runBatch(jobs, { workers: 2, onProgress: (d) => seen.push(d) });
    const local = await runBatch(jobs, { workers: 0 });
    expect(threads).toEqual(local);
    expect(seen.at(-1)).toBe(200);
  });
});

describe('the random-lynch model through the engine (small tables; the full grid runs in npm run test:slow)', () => {
  it('agrees with the exact recursion within 4 standard errors', async () => {
    const configs = [
      { n: 5, m: 1, rule: 'parity' as const },
      { n: 5, m: 2, rule: 'strict' as const },
      { n: 8, m: 2, rule: 'parity' as const },
      { n: 8, m: 3, rule: 'strict' as const },
    ];
    const results = await checkModel(configs, 1500, { workers: 2 });
    for (const r of results) {
      expect(r.unfinished, `${r.n}/${r.m}`).toBe(0);
      expect(r.agrees, `n=${r.n} m=${r.m} ${r.rule}: simulated ${r.simulated}, exact ${r.exact}, p=${r.pValue}`).toBe(true);
    }
  });
});

describe('narrator simulate', () => {
  it('prints a JSON report with win rates and their intervals', () => {
    const out = execFileSync('node', ['bin/narrator.mjs', 'simulate', '--players', '9', '--games', '60', '--workers', '1', '--seed', '3', '--json'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const r = JSON.parse(out);
    expect(r.games).toBe(60);
    expect(r.roles).toEqual({ killer: 2, informant: 1, citizen: 6 });
    const rates = Object.values(r.wins as Record<string, { rate: number; lo: number; hi: number }>);
    expect(rates.reduce((a, w) => a + w.rate, 0)).toBeCloseTo(1, 10);
    for (const w of rates) expect(w.lo <= w.rate && w.rate <= w.hi).toBe(true);
    expect(r.rounds.mean).toBeGreaterThan(1);
    expect(r.rules['PAL-VOTE-8 voted out'].share).toBeGreaterThan(0.9);
  });

  it('refuses an impossible setup with exit code 2', () => {
    let code = 0;
    try {
      execFileSync('node', ['bin/narrator.mjs', 'simulate', '--players', '9', '--roles', 'killer=5,wizard=1', '--games', '1'], { cwd: root, stdio: 'pipe' });
    } catch (e) {
      code = (e as { status: number }).status;
    }
    expect(code).toBe(2);
  });
});

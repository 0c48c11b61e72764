// The mafia-cities bots through the real engine: games of two and three cities end, sensible bots send nothing the
// engine refuses, every role's bot uses its ability, games replay from their seed, and a bot's view holds only what
// its player was shown (his family, his own checks).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameEvent, PlayerId } from '../../src/core/types.ts';
import type { GameState } from '../../src/engine/state.ts';
import { driveGame, playGame } from '../../src/sim/runner.ts';
import type { SimSpec } from '../../src/sim/types.ts';
import { mafiaCitiesSim } from '../../src/variants/mafia-cities/sim.ts';
import type { CitState } from '../../src/variants/mafia-cities/state.ts';

const root = join(import.meta.dirname, '..', '..');
const spec = (policy: string, n: number, cities: number): SimSpec => ({
  variant: 'mafia-cities',
  players: n,
  roleList: mafiaCitiesSim.roleList(n),
  options: { cityCount: cities },
  policy,
});
const SETUPS: [number, number][] = [
  [12, 2],
  [20, 2],
  [36, 3],
];

describe('mafia-cities bot games through the engine', () => {
  for (const policy of ['sensible', 'random']) {
    it(`${policy} bots: 24 games of two and three cities all end with no human (CIT-ENG-1, CIT-WIN-1..5), and sensible bots are never refused`, () => {
      const ends: Record<string, number> = {};
      for (let i = 0; i < 24; i++) {
        const [n, c] = SETUPS[i % SETUPS.length]!;
        const r = playGame(spec(policy, n, c), 700 + i);
        expect(r.reason, `game ${i}`).toMatch(/^T-(WIN-HONEST|WIN-MAFIA|WIN-MANIAC|DRAW|STALEMATE)$/);
        ends[r.winner] = (ends[r.winner] ?? 0) + 1;
        if (policy === 'sensible') expect(Object.keys(r.rules).filter((k) => k.startsWith('rejected'))).toEqual([]);
      }
      expect(Object.keys(ends).length).toBeGreaterThan(1);
    });
  }

  it('sensible bots use every ability: nominations, votes, judge elections, the Godfather vote, kills, tours, knives, checks, protection', () => {
    const seen = new Set<string>();
    for (let seed = 1; seed <= 4; seed++) for (const e of driveGame(spec('sensible', 36, 3), seed, { keepEvents: true }).events) seen.add(e.type);
    for (const t of ['cit.nominated', 'cit.voted', 'cit.candidacy', 'cit.judge.voted', 'cit.gf.voted', 'cit.decision', 'cit.knife', 'cit.check', 'cit.protect'])
      expect(seen, t).toContain(t);
  });

  it('replays the same game from the same seed', () => {
    const a = playGame(spec('sensible', 20, 2), 42);
    const b = playGame(spec('sensible', 20, 2), 42);
    expect(b).toEqual(a);
  });
});

describe('mafia-cities views (the bots’ secrecy)', () => {
  const visible = (e: GameEvent, id: PlayerId) => {
    const a = e.audience;
    return a.kind === 'public' || ((a.kind === 'players' || a.kind === 'team') && a.ids.includes(id));
  };

  it('CIT-SET-8, CIT-REL-2, CIT-COM-2: a mafioso knows his own family only, a commissioner his own checks only, everyone else neither', () => {
    for (const [policy, seed] of [
      ['sensible', 3],
      ['random', 4],
    ] as const) {
      const run = driveGame(spec(policy, 36, 3), seed, { keepEvents: true });
      const state = run.state as GameState<CitState>;
      const events = run.events;
      for (const me of state.order) {
        const v = mafiaCitiesSim.newView(me);
        for (const e of events) if (visible(e, me) && mafiaCitiesSim.relevant(e)) mafiaCitiesSim.observe(v, e);
        const role = state.players[me]!.role;
        expect(v.role).toBe(role);
        const family = state.order.filter((id) => state.players[id]!.role === 'mafioso' && state.v.cityOf[id] === state.v.cityOf[me]);
        expect([...v.mates].sort()).toEqual(role === 'mafioso' ? family.sort() : []);
        if (role !== 'commissioner') expect(v.checks.size).toBe(0);
        for (const [id, mafia] of v.checks) {
          expect(mafia).toBe(state.players[id]!.role === 'mafioso');
          expect(state.v.cityOf[id]).toBe(state.v.cityOf[me]);
        }
      }
      // Night orders, checks and protections never reach the public.
      const secret = new Set(['cit.knife', 'cit.check', 'cit.protect', 'cit.decision', 'cit.proposal', 'cit.gf.voted', 'role.assigned', 'team.formed']);
      expect(events.filter((e) => secret.has(e.type) && e.audience.kind === 'public')).toEqual([]);
    }
  });
});

describe('narrator simulate --variant mafia-cities --cities 3', () => {
  it('prints a JSON report of 36-player, three-city games', () => {
    const out = execFileSync(
      'node',
      ['bin/narrator.mjs', 'simulate', '--variant', 'mafia-cities', '--cities', '3', '--games', '6', '--workers', '1', '--seed', '3', '--json'],
      { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const r = JSON.parse(out);
    expect(r.games).toBe(6);
    expect(r.players).toBe(36);
    const rates = Object.values(r.wins as Record<string, { rate: number }>);
    expect(rates.reduce((a, w) => a + w.rate, 0)).toBeCloseTo(1, 10);
  });
});

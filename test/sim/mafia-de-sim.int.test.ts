// The mafia-de bots through the real engine: games of the rulebook's own deal end with a winner, sensible bots send
// no command the engine refuses and keep clear of inactivity warnings, every role's bot uses its ability, games
// replay from their seed, and a bot's view holds no role its player was not told.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameEvent, PlayerId } from '../../src/core/types.ts';
import { driveGame, playGame } from '../../src/sim/runner.ts';
import { addGame, emptyTally, type Tally } from '../../src/sim/stats.ts';
import type { SimSpec } from '../../src/sim/types.ts';
import { checkDm } from '../../src/variants/mafia-de/deathmessage.ts';
import { deathMessage, mafiaDeSim } from '../../src/variants/mafia-de/sim.ts';

const root = join(import.meta.dirname, '..', '..');
const spec = (policy: string, n: number): SimSpec => ({ variant: 'mafia-de', players: n, roleList: mafiaDeSim.roleList(n), options: {}, policy });
const SIZES = [7, 9, 10, 12, 13, 15];

const tallies = new Map<string, Tally>();
function tally(policy: string): Tally {
  let t = tallies.get(policy);
  if (!t) {
    t = emptyTally();
    for (let i = 0; i < 150; i++) addGame(t, playGame(spec(policy, SIZES[i % SIZES.length]!), 1000 + i));
    tallies.set(policy, t);
  }
  return t;
}

/** The rule that shows each role's own ability in use (every role also votes every day). */
const ABILITY: Readonly<Record<string, string[]>> = {
  detective: ['DE-QRY-1 detective query'],
  matchmaker: ['DE-QRY-2 matchmaker comparison'],
  'guardian-angel': ['DE-PROT-1 protection'],
  'mafia-boss': ['DE-KILL-1 murder order'],
  mafioso: ['DE-MROLE-2 special role chosen'],
  framer: ['DE-FRAME-1 framing'],
  'voodoo-doll': ['DE-VOODOO-1 voodoo link'],
  robber: ['DE-ROB-1 robbery'],
  insider: ['DE-INS-2 insider missed', 'DE-INS-2 insider found the detective'],
};

describe('mafia-de bot games through the engine', () => {
  for (const policy of ['sensible', 'random']) {
    it(`${policy} bots: 150 games of the default deal (7–15 players) all end with a winner`, () => {
      const t = tally(policy);
      expect(t.games).toBe(150);
      expect(t.wins.none ?? 0).toBe(0);
      expect((t.wins.citizens ?? 0) + (t.wins.mafia ?? 0)).toBe(150);
      // Both sides win some games: neither style is a walkover.
      expect(t.wins.citizens ?? 0).toBeGreaterThan(10);
      expect(t.wins.mafia ?? 0).toBeGreaterThan(10);
      // Nobody is refused, warned for inactivity, or left without a vote: the bots keep every duty of the rulebook.
      const bad = Object.keys(t.rules).filter((r) => r.startsWith('rejected') || r.startsWith('flag') || r.includes('DE-INACT') || r.includes('DE-GEN-4'));
      expect(bad).toEqual([]);
      expect(t.rules['DE-VOTE-4 default self-vote']).toBeUndefined();
    });

    it(`${policy} bots: every role's bot uses its ability`, () => {
      const t = tally(policy);
      for (const [role, rules] of Object.entries(ABILITY)) {
        expect(
          rules.reduce((n, r) => n + (t.rules[r]?.games ?? 0), 0),
          role,
        ).toBeGreaterThan(0);
      }
      expect(t.rules['DE-VOTE-5 lynched']?.games).toBe(150);
    });
  }

  it('sensible bots exercise the rulebook: murders, voodoo deaths, robberies, framings, successions, testaments', () => {
    const t = tally('sensible');
    for (const rule of [
      'DE-KILL-6 murdered',
      'DE-KILL-6 no murder',
      'DE-VOODOO-3 died by voodoo',
      'DE-ROB-2 robbery blocks abilities',
      'DE-FRAME-2 framing inverts checks',
      'DE-BOSS-2 successor designated',
      'DE-BOSS-3 succession',
      'DE-WILL-3 testament published',
      'DE-NEWS-1 ad placed',
      'DE-QRY-4 check shows mafia',
    ]) {
      expect(t.rules[rule]?.games ?? 0, rule).toBeGreaterThan(0);
    }
  });

  it('sensible mafiosi never vote for or murder a teammate', () => {
    const MAFIA = new Set(['mafia-boss', 'mafioso', 'framer', 'voodoo-doll', 'robber', 'insider']);
    let votes = 0;
    for (let seed = 0; seed < 12; seed++) {
      const { state, events } = driveGame(spec('sensible', 13), seed, { keepEvents: true });
      const idByName = new Map(state.order.map((id) => [state.players[id]!.name, id]));
      const mafia = (id: PlayerId | undefined) => id !== undefined && MAFIA.has(state.players[id]!.role ?? '');
      for (const e of events) {
        const d = e.data as { kind?: string; by?: string; targets?: string[]; parts?: { key: string; params?: Record<string, unknown> }[] };
        if (e.type === 'night.act' && d.kind === 'kill') expect(mafia(d.targets![0])).toBe(false);
        for (const p of e.type === 'message' ? (d.parts ?? []) : []) {
          if (p.key !== 'MSG-VOTE-LINE') continue;
          const voter = idByName.get(String(p.params!.voter));
          const target = idByName.get(String(p.params!.target));
          if (mafia(voter)) {
            votes++;
            expect(mafia(target), `${String(p.params!.voter)} → ${String(p.params!.target)}`).toBe(false);
          }
        }
      }
    }
    expect(votes).toBeGreaterThan(50);
  });

  it('replays the same game from the same seed', () => {
    expect(playGame(spec('sensible', 13), 42)).toEqual(playGame(spec('sensible', 13), 42));
    expect(playGame(spec('random', 11), 7)).toEqual(playGame(spec('random', 11), 7));
    expect(playGame(spec('sensible', 13), 42)).not.toEqual(playGame(spec('sensible', 13), 43));
  });

  it('deals the rulebook’s own deck and writes death messages the rulebook accepts', () => {
    expect(mafiaDeSim.roleList(13).sort()).toEqual(
      ['mafia-boss', 'mafioso', 'mafioso', 'mafioso', 'detective', 'matchmaker', 'guardian-angel', ...Array(6).fill('citizen')].sort(),
    );
    expect(mafiaDeSim.defaultKillers(13)).toBe(4);
    expect(mafiaDeSim.roleList(7, 3)).toHaveLength(7);
    expect(checkDm(deathMessage('P12'), 'P12', { sentences: 4, chars: 300 }).ok).toBe(true);
  });
});

describe('mafia-de views', () => {
  const visible = (e: GameEvent, id: PlayerId) => {
    const a = e.audience;
    return a.kind === 'public' || ((a.kind === 'players' || a.kind === 'team') && a.ids.includes(id));
  };

  it('a view holds only roles that an event addressed to its player named', () => {
    for (const [policy, n, seed] of [
      ['sensible', 13, 3],
      ['random', 10, 4],
      ['sensible', 15, 5],
    ] as const) {
      const { state, events } = driveGame(spec(policy, n), seed, { keepEvents: true });
      const mafia = state.order.filter((id) => ['mafia-boss', 'mafioso', 'framer', 'voodoo-doll', 'robber', 'insider'].includes(state.players[id]!.role ?? ''));
      for (const me of state.order) {
        const v = mafiaDeSim.newView(me);
        const seen: GameEvent[] = [];
        for (const e of events) {
          if (!visible(e, me)) continue;
          seen.push(e);
          if (mafiaDeSim.relevant(e)) mafiaDeSim.observe(v, e);
        }
        const text = seen.map((e) => JSON.stringify(e.data));
        for (const [id, role] of v.roles) {
          const name = state.players[id]!.name;
          expect(
            text.some((t) => (t.includes(`"${id}"`) || t.includes(name)) && t.includes(role)),
            `${me} knows ${id} is ${role}`,
          ).toBe(true);
        }
        if (mafia.includes(me)) expect([...v.mates].sort()).toEqual([...mafia].sort());
        else {
          expect(v.mates.size).toBe(0);
          // A townsperson learns roles only from public disqualification statuses.
          for (const id of v.roles.keys()) expect(text.some((t) => t.includes('MSG-DQ') && t.includes(state.players[id]!.name))).toBe(true);
        }
      }
    }
  });
});

describe('narrator simulate --variant mafia-de', () => {
  it('prints a JSON report with win rates of both parties', () => {
    const out = execFileSync(
      'node',
      ['bin/narrator.mjs', 'simulate', '--variant', 'mafia-de', '--players', '9', '--games', '20', '--workers', '1', '--seed', '3', '--json'],
      { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const r = JSON.parse(out);
    expect(r.games).toBe(20);
    expect(r.roles).toEqual({ 'mafia-boss': 1, mafioso: 2, detective: 1, matchmaker: 1, 'guardian-angel': 1, citizen: 3 });
    const rates = Object.values(r.wins as Record<string, { rate: number }>);
    expect(rates.reduce((a, w) => a + w.rate, 0)).toBeCloseTo(1, 10);
    expect(r.wins.none).toBeUndefined();
  });
});

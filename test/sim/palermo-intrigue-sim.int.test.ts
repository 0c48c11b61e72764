// The palermo-intrigue bots through the real engine: games end with a winner, both sides win some, every card gets
// played, games replay from their seed, and a bot's view holds nothing its player was not told.
import { describe, expect, it } from 'vitest';
import type { GameEvent, PlayerId } from '../../src/core/types.ts';
import { driveGame, playGame } from '../../src/sim/runner.ts';
import type { SimSpec } from '../../src/sim/types.ts';
import { palermoIntrigueSim } from '../../src/variants/palermo-intrigue/sim.ts';

const spec = (policy: string, n: number): SimSpec => ({
  variant: 'palermo-intrigue',
  players: n,
  roleList: palermoIntrigueSim.roleList(n),
  options: {},
  policy,
});
const SIZES = [8, 12, 16, 20];

describe('palermo-intrigue bot games through the engine', () => {
  for (const policy of ['sensible', 'random']) {
    it(`${policy} bots: 24 games (8–20 players) all end with a winner; cards and night roles are used`, () => {
      const wins: Record<string, number> = {};
      const played = new Set<string>();
      for (let i = 0; i < 24; i++) {
        const { result, events } = driveGame(spec(policy, SIZES[i % SIZES.length]!), 500 + i, { keepEvents: true });
        wins[result.winner] = (wins[result.winner] ?? 0) + 1;
        for (const e of events) if (e.type === 'card.played') played.add((e.data as { card: string }).card);
      }
      expect(wins.none ?? 0).toBe(0);
      expect(Object.values(wins).reduce((a, b) => a + b, 0)).toBe(24);
      expect(Object.keys(wins).length).toBeGreaterThan(1);
      for (const card of ['grave-robbing', 'extra-vote', 'vote-cancel', 'echo', 'oracle']) expect(played, card).toContain(card);
    });
  }

  it('replays the same game from the same seed', () => {
    const a = playGame(spec('sensible', 16), 77);
    const b = playGame(spec('sensible', 16), 77);
    expect(b).toEqual(a);
  });

  const visible = (e: GameEvent, id: PlayerId) => {
    const a = e.audience;
    return a.kind === 'public' || ((a.kind === 'players' || a.kind === 'team') && a.ids.includes(id));
  };

  it('INT-CON-1: a view knows a player’s team only from an event addressed to its player', () => {
    for (const [policy, n, seed] of [
      ['sensible', 16, 3],
      ['random', 20, 4],
    ] as const) {
      const { state, events } = driveGame(spec(policy, n), seed, { keepEvents: true });
      for (const me of state.order) {
        const v = palermoIntrigueSim.newView(me);
        const seen: string[] = [];
        for (const e of events) {
          if (!visible(e, me)) continue;
          seen.push(JSON.stringify(e.data));
          if (palermoIntrigueSim.relevant(e)) palermoIntrigueSim.observe(v, e);
        }
        for (const id of v.known.keys()) {
          const name = state.players[id]!.name;
          expect(
            seen.some((t) => t.includes(`"${id}"`) || t.includes(`"${name}"`)),
            `${me} knows about ${id}`,
          ).toBe(true);
        }
        // Only the Mafia's side learns who the mafiosi are at the start.
        const side = palermoIntrigueSim.variant.roles.find((r) => r.id === state.players[me]!.role)?.side;
        if (side !== 'mafia') expect(v.mafia.size).toBe(0);
      }
    }
  });
});

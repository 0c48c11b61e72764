import { describe, expect, it } from 'vitest';
import { createGame, decide } from '../../src/engine/game.ts';
import { argPlayer, refused } from '../../src/engine/modactions.ts';
import { matchName } from '../../src/engine/names.ts';
import { othersIn } from '../../src/engine/state.ts';
import type { Variant } from '../../src/engine/variant.ts';
import { participant } from '../../src/variants/mafia-de/actions.ts';
import { mafiaDe } from '../../src/variants/mafia-de/index.ts';
import { palermo } from '../../src/variants/palermo/index.ts';

const config = (variant: string) => ({
  variant,
  locale: 'en' as const,
  timeZone: 'Europe/Berlin',
  calendar: palermo.defaultCalendar,
  createdAt: 0,
  startAt: 86_400_000,
  gameNumber: '1',
  options: {},
});

describe('moderator actions and helpers shared by the rulebooks', () => {
  it('PAL-MOD-1 restore and DE-MOD-1 revive are one action, refusing alike outside a running game', () => {
    const cases: [Variant<unknown>, string][] = [
      [palermo, 'restore'],
      [mafiaDe, 'revive'],
    ];
    for (const [variant, action] of cases) {
      const g = createGame(variant, config(variant.id), 'seed', ['Ann', 'Bob']);
      const d = decide(variant, g.state, { type: 'mod', at: 10, actor: { kind: 'moderator', name: 'mod' }, mod: { action, args: { name: 'Ann' } } });
      expect(d.rejections).toEqual([{ code: 'R-MOD-ARGS', params: expect.objectContaining({ detail: 'the game is not running' }) }]);
      expect(variant.modActions?.[action]?.summary).toBe('Undo a removal: the player is back in the game.');
    }
  });

  it('othersIn: everyone else in the game, in signup order', () => {
    const g = createGame(palermo, config('palermo'), 'seed', ['Ann', 'Bob', 'Cid']);
    const [ann, bob, cid] = g.state.order;
    expect(othersIn(g.state, bob!)).toEqual([ann, cid]);
  });

  it('refusals are returned, not thrown: an unknown name is an R-NAME rejection value', () => {
    const g = createGame(palermo, config('palermo'), 'seed', ['Ann', 'Bob']);
    const r = argPlayer(g.state, { name: 'Nobody' }, matchName);
    expect(r).toEqual({ code: 'R-NAME', params: { text: 'Nobody' } });
    expect(refused(r)).toBe(true);
    const ok = argPlayer(g.state, { name: 'Ann' }, matchName);
    expect(refused(ok)).toBe(false);
    expect(ok).toBe(g.state.order[0]);
  });

  it('DE-GEN-3: a mafia-de PM naming nobody is refused by a returned R-NAME, not a throw', () => {
    const g = createGame(mafiaDe, config('mafia-de'), 'seed', ['Ann', 'Bob']);
    expect(participant(g.state, ' Nobody ')).toEqual({ code: 'R-NAME', params: { input: 'Nobody' } });
    expect(participant(g.state, 'Bob')).toBe(g.state.order[1]);
  });
});

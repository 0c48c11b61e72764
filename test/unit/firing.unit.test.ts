// Variant.firing: a rulebook says which rule each event shows firing; `narrator simulate` counts what rulesFired reads.
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/core/types.ts';
import { rulesFired } from '../../src/engine/firing.ts';
import { rulesOf } from '../../src/sim/runner.ts';
import { mafiaDe } from '../../src/variants/mafia-de/index.ts';
import { palermo } from '../../src/variants/palermo/index.ts';

const ev = (type: string, data: unknown): GameEvent => ({ type, at: 0, audience: { kind: 'moderator' }, data });

describe('rule firings declared by the rulebook', () => {
  it('PAL-NUR-3, PAL-KILL-5: a night without a murder is a save when the protection met the order, else no murder', () => {
    expect(rulesFired(palermo.firing, ev('kill.resolved', { round: 1, victim: 'p1', order: 'p1' }))).toEqual([]);
    expect(rulesFired(palermo.firing, ev('kill.resolved', { round: 1, order: 'p1', protection: 'p1' }))).toEqual(['PAL-NUR-3 protection saved the target']);
    expect(rulesFired(palermo.firing, ev('kill.resolved', { round: 1, order: 'p1', protection: 'p2' }))).toEqual(['PAL-KILL-5 no murder']);
  });

  it('PAL-OUT-9, PAL-VOTE-8: a field picks the rule; null fires nothing; the rest falls back with its value', () => {
    expect(rulesFired(palermo.firing, ev('outing.resolved', { outcome: 'void' }))).toEqual(['PAL-OUT-9 outing void']);
    expect(rulesFired(palermo.firing, ev('player.removed', { how: 'vote' }))).toEqual(['PAL-VOTE-8 voted out']);
    expect(rulesFired(palermo.firing, ev('player.removed', { how: 'outing' }))).toEqual([]);
    expect(rulesFired(palermo.firing, ev('game.ended', { reason: 'REASON-ODD' }))).toEqual(['end: REASON-ODD']);
  });

  it('DE-VOTE-4, DE-QRY-4: message parts fire by key and by a parameter', () => {
    const m = ev('message', {
      parts: [{ key: 'MSG-VOTE-LINE', params: { mark: 'default' } }, { key: 'MSG-VOTE-LINE', params: { mark: '' } }, { key: 'MSG-RESULT-DET-mafia' }],
    });
    expect(rulesFired(mafiaDe.firing, m)).toEqual(['DE-VOTE-4 default self-vote', 'DE-QRY-4 check shows mafia']);
  });

  it('reads only the declaration itself: an event type or value named like a prototype key fires nothing', () => {
    expect(rulesFired(palermo.firing, ev('constructor', {}))).toEqual([]);
    expect(rulesFired(palermo.firing, ev('player.removed', { how: 'toString' }))).toEqual(['removed: toString']);
    expect(rulesFired(undefined, ev('runoff.opened', {}))).toEqual([]);
  });

  it('the simulator counts a refused input as "rejected <code>", whatever the rulebook', () => {
    expect(rulesOf(palermo.firing, ev('command.rejected', { code: 'R-DEAD' }))).toEqual(['rejected R-DEAD']);
    expect(rulesOf(mafiaDe.firing, ev('runoff.opened', {}))).toEqual([]);
    expect(rulesOf(palermo.firing, ev('runoff.opened', {}))).toEqual(['PAL-TIE-1 runoff']);
  });
});

// palermo-intrigue checks on pure pieces (the count's order, the deal tables, the conditions' rights) and on the
// event log of its scenarios (secrets stay with their audience, every template renders in Greek and English).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canSee } from '../src/engine/view.ts';
import { renderMessage } from '../src/i18n/render.ts';
import { loadScript } from '../src/scripts/load.ts';
import { runScript } from '../src/scripts/run.ts';
import { cardCounts, readCard } from '../src/variants/palermo-intrigue/cards.ts';
import { STATES } from '../src/variants/palermo-intrigue/conditions.ts';
import { count } from '../src/variants/palermo-intrigue/count.ts';
import { vendettaPeriod } from '../src/variants/palermo-intrigue/flow.ts';
import { palermoIntrigue } from '../src/variants/palermo-intrigue/index.ts';
import { el, en } from '../src/variants/palermo-intrigue/messages.ts';
import { checkRoleList, defaultRoles, formalTeam } from '../src/variants/palermo-intrigue/roles.ts';

const dir = join(import.meta.dirname, 'scenarios', 'palermo-intrigue');
const scenario = (name: string) => runScript(loadScript(readFileSync(join(dir, name), 'utf8'), name));
const order = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];

describe('palermo-intrigue: the count (INT-VOTE-5)', () => {
  const base = { order, doubled: new Set<string>(), cancelled: new Set<string>(), votable: () => true };
  it('INT-VOTE-5: cancelled voters drop out, doubled ballots weigh 2, totals come after every step', () => {
    const ballots = new Map([
      ['a', 'c'],
      ['b', 'c'],
      ['d', 'e'],
      ['f', 'e'],
    ]);
    const r = count({ ...base, ballots, doubled: new Set(['d']), cancelled: new Set(['a']) });
    expect(r.final.rows.map((x) => [x.target, x.total])).toEqual([
      ['e', 3],
      ['c', 1],
    ]);
    expect(r.effects).toEqual([
      { kind: 'cancelled', voter: 'a' },
      { kind: 'double', voter: 'd' },
    ]);
  });
  it('INT-ROLE-7, INT-VOTE-6: the Corrupt Cop moves the ballots on X to Y with the Mayor’s mark', () => {
    const ballots = new Map([
      ['a', 'c'],
      ['b', 'c'],
      ['d', 'e'],
      ['f', 'e'],
    ]);
    const r = count({ ...base, ballots, mayor: 'd', transfer: { from: 'e', to: 'g' } });
    expect(r.mayorTarget).toBe('g');
    expect(r.final.top).toEqual(['c', 'g']);
  });
  it('INT-ROLE-6, INT-VOTE-5: the Lawyer acts before the Corrupt Cop (moved ballots count for the client)', () => {
    const ballots = new Map([
      ['a', 'c'],
      ['b', 'e'],
    ]);
    const r = count({ ...base, ballots, client: 'c', transfer: { from: 'e', to: 'c' } });
    expect(r.final.rows.map((x) => [x.target, x.total])).toEqual([['c', 1]]);
    const r2 = count({ ...base, ballots, client: 'c', transfer: { from: 'c', to: 'e' } });
    expect(r2.effects.some((e) => e.kind === 'transfer')).toBe(false);
  });
  it('INT-VOTE-3: ballots on a target that is no longer votable do not count', () => {
    const r = count({ ...base, ballots: new Map([['a', 'c']]), votable: (id) => id !== 'c' });
    expect(r.final.max).toBe(0);
  });
});

describe('palermo-intrigue: deal tables', () => {
  it('INT-DIST-1: the default table for 16 and 20 players', () => {
    expect(defaultRoles(16)).toEqual([
      'archmafioso',
      'visible-mafioso-a',
      'visible-mafioso-b',
      'hidden-mafioso',
      'informant',
      'detective',
      'medium',
      'nurse',
      'mayor',
      'lawyer',
      'corrupt-cop',
      'prostitute',
      'rival-mafioso',
      'citizen',
      'citizen',
      'citizen',
    ]);
    const r20 = defaultRoles(20);
    expect(r20.filter((r) => r === 'hidden-mafioso')).toHaveLength(2);
    expect(r20.filter((r) => r === 'roommate')).toHaveLength(2);
    expect(r20.filter((r) => r === 'citizen')).toHaveLength(4);
    for (const n of [8, 12, 16, 20, 30, 60]) expect(checkRoleList(defaultRoles(n), n)).toBeNull();
  });
  it('INT-DIST-1: lists the rulebook cannot play are refused', () => {
    expect(checkRoleList(['archmafioso', 'citizen', 'citizen', 'citizen', 'citizen', 'citizen', 'citizen', 'citizen'], 8)).toMatch(/two mafiosi/);
    expect(checkRoleList([...defaultRoles(16).slice(0, 15), 'roommate'], 16)).toMatch(/roommates/);
  });
  it('INT-CARD-1: the deal counts for 16 players (F = 3 → extra vote 2, vote cancel 1), one card per player', () => {
    const c = cardCounts(16);
    expect(c).toMatchObject({
      'feign-death': 2,
      'grave-robbing': 2,
      detention: 1,
      'detention-cancel': 1,
      echo: 2,
      oracle: 2,
      'failed-murder': 1,
      'vote-exemption': 2,
      'extra-vote': 2,
      'vote-cancel': 1,
    });
    for (const n of [8, 13, 16, 24, 40]) expect(Object.values(cardCounts(n)).reduce((a, b) => a + b, 0)).toBe(n);
  });
  it('INT-CARD-2: the longest card name that begins the text is the card, the rest names the target', () => {
    expect(readCard('ΗΧΩ ΑΠΟ ΤΟ ΥΠΕΡΠΕΡΑΝ')).toEqual({ card: 'echo', rest: '' });
    expect(readCard('χρησμός της πυθίας Manos')).toEqual({ card: 'oracle', rest: 'manos' });
    expect(readCard('ΑΚΥΡΩΣΗ ΠΡΟΦΥΛΑΚΙΣΗΣ Olga')?.card).toBe('detention-cancel');
    expect(readCard('ΑΚΥΡΩΣΗ ΨΗΦΟΥ Olga')?.card).toBe('vote-cancel');
    expect(readCard('ΤΙΠΟΤΑ')).toBeUndefined();
  });
  it('INT-RM-1: the Rival Mafioso is formally a mafioso; Corrupt Cop, Prostitute and henchman formally citizens', () => {
    expect(formalTeam('rival-mafioso')).toBe('mafioso');
    for (const r of ['corrupt-cop', 'prostitute', 'henchman']) expect(formalTeam(r)).toBe('citizen');
  });
  it('INT-OUT-7, INT-MOD-3: vendetta periods by N, and the moderator’s explicit last round', () => {
    expect(vendettaPeriod(16, true)).toEqual({ kind: 'rounds', last: 4 });
    expect(vendettaPeriod(18, true)).toEqual({ kind: 'rounds', last: 5 });
    expect(vendettaPeriod(24, true)).toEqual({ kind: 'rounds', last: 6 });
    expect(vendettaPeriod(26, true)).toEqual({ kind: 'present', min: 13 });
    expect(vendettaPeriod(15, true)).toEqual({ kind: 'none' });
    expect(vendettaPeriod(20, false)).toEqual({ kind: 'none' });
    expect(vendettaPeriod(16, true, 7)).toEqual({ kind: 'rounds', last: 7 });
  });
});

describe('palermo-intrigue: player conditions (INT-STATE-*)', () => {
  it('INT-STATE-2, INT-STATE-3: rights by condition', () => {
    const conds = { d: 'detained', g: 'ghost', o: 'out' } as const;
    expect(STATES.may(conds, 'x', 'vote')).toBe(true);
    expect(STATES.may(conds, 'd', 'vote')).toBe(false);
    expect(STATES.may(conds, 'd', 'present')).toBe(true);
    expect(STATES.may(conds, 'g', 'oracle-target')).toBe(true);
    expect(STATES.may(conds, 'g', 'present')).toBe(false);
    expect(STATES.holders(conds, ['x', 'd', 'g', 'o'], 'present')).toEqual(['x', 'd']);
    expect(STATES.may(conds, 'o', 'oracle-target')).toBe(false);
  });
});

describe('palermo-intrigue: secrets and texts', () => {
  const files = readdirSync(dir).filter((f) => f.endsWith('.yaml'));
  it('INT-DIST-4, INT-CARD-1: cards, knowledge and night answers reach only their holder (INT-CON-1)', async () => {
    for (const f of ['INT-S01.yaml', 'INT-S06.yaml', 'INT-S15.yaml']) {
      const r = await scenario(f);
      for (const e of r.events) {
        if (e.type === 'card.assigned' || e.type === 'int.knowledge' || e.type === 'cards.dealt' || e.type === 'night.request') {
          expect(canSee({ kind: 'spectator' }, e.audience)).toBe(false);
          const holder = (e.data as { player?: string; actor?: string }).player ?? (e.data as { actor?: string }).actor;
          if (holder) for (const other of r.state.order.filter((id) => id !== holder)) expect(canSee({ kind: 'player', id: other }, e.audience)).toBe(false);
        }
      }
    }
  });
  it('every message key the rulebook renders exists in Greek and English', async () => {
    for (const f of files) {
      const r = await scenario(f);
      for (const e of r.events) {
        if (e.type !== 'message') continue;
        for (const part of (e.data as { parts: { key: string }[] }).parts) {
          for (const loc of ['el', 'en'] as const) {
            const table = loc === 'el' ? el : en;
            if (!part.key.startsWith('MSG-PM') && !part.key.startsWith('MSG-SIGNUP')) expect(table[part.key], `${f}: ${part.key} (${loc})`).toBeDefined();
            expect(() => renderMessage(palermoIntrigue, loc, part as never)).not.toThrow();
          }
        }
      }
    }
  });
});

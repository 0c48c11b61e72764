// The general mechanisms the mafia-de rulebook needs, tested on their own: private ballots with default
// self-votes and all-tied removal, protection memory, falsifiable checks, role blocks, linked deaths, night
// parity, role choice by a team, leader succession and wall-clock deadlines with pauses.
import { describe, expect, it } from 'vitest';
import { countBallots, tallyAllTied, votersFor } from '../../src/engine/ballot.ts';
import { firstLocalTimeAfter } from '../../src/engine/calendar.ts';
import { apparentTeam, checkTeam, compareTeams } from '../../src/engine/checks.ts';
import { linkedDeaths, pruneLinks } from '../../src/engine/links.ts';
import { matchStrict } from '../../src/engine/names.ts';
import { activeOn, parityOf } from '../../src/engine/parity.ts';
import { compileSyntax, parseCommands } from '../../src/engine/parse.ts';
import { checkProtection, isShielded, rememberProtection } from '../../src/engine/protection.ts';
import { Draws } from '../../src/engine/rng.ts';
import { applyBlock } from '../../src/engine/roleblock.ts';
import { successor } from '../../src/engine/succession.ts';
import { assignRemaining, checkChoice, freeRoles } from '../../src/engine/teamchoice.ts';
import { instantOf } from '../../src/engine/time.ts';

const order = ['a', 'b', 'c', 'd'];

describe('private ballots', () => {
  it('DE-VOTE-4: a player without a vote counts for himself; a voided voter is marked apart', () => {
    const c = countBallots({ a: 'b', b: 'x' }, order, ['b'], true);
    expect([...c.ballots]).toEqual([
      ['a', 'b'],
      ['b', 'b'],
      ['c', 'c'],
      ['d', 'd'],
    ]);
    expect(c.defaulted).toEqual(['c', 'd']);
    expect(c.voidDefaulted).toEqual(['b']);
  });
  it('DE-VOTE-5: a tie removes every tied player', () => {
    const t = tallyAllTied(
      new Map([
        ['a', 'b'],
        ['b', 'a'],
        ['c', 'a'],
        ['d', 'b'],
      ]),
      order,
    );
    expect(t.removed).toEqual(['a', 'b']);
    expect(votersFor({ a: 'b', c: 'b', d: 'a' }, 'b')).toEqual(['a', 'c']);
  });
  it('without default self-votes a silent player has no ballot', () => {
    expect(countBallots({}, order, [], false).ballots.size).toBe(0);
  });
});

describe('protection memory', () => {
  it('DE-PROT-2: nobody is protected two nights in a row; self allowed where the rules say so', () => {
    expect(checkProtection(rememberProtection('b'), 'a', 'b', { selfAllowed: true })).toBe('repeat');
    expect(checkProtection(rememberProtection(undefined), 'a', 'a', { selfAllowed: true })).toBe('ok');
    expect(checkProtection({}, 'a', 'a', { selfAllowed: false })).toBe('self');
  });
  it('DE-PROT-3: a blocked protection does not shield', () => {
    expect(isShielded('b', 'b', false)).toBe(true);
    expect(isShielded('b', 'b', true)).toBe(false);
    expect(isShielded('b', 'c', false)).toBe(false);
  });
});

describe('falsifiable checks', () => {
  const teams = { a: 'mafia', b: 'citizens' };
  const teamOf = (id: string) => (id === 'm' ? 'mafia' : 'citizens');
  it('DE-FRAME-2: framing inverts a check and flips a comparison', () => {
    expect(apparentTeam('citizens', true, teams)).toBe('mafia');
    expect(checkTeam('m', teamOf, new Set(['m']), teams)).toBe('citizens');
    expect(compareTeams('x', 'y', teamOf, new Set(), teams)).toBe(true);
    expect(compareTeams('x', 'y', teamOf, new Set(['x']), teams)).toBe(false);
  });
});

describe('role block', () => {
  it('DE-ROB-2: every submission of the blocked player is void except immune kinds', () => {
    const r = applyBlock({ kill: { by: 'b' }, frame: { by: 'b' }, protect: { by: 'g' } }, 'b', ['kill']);
    expect(Object.keys(r.kept)).toEqual(['kill', 'protect']);
    expect(r.voided).toEqual(['frame']);
  });
});

describe('linked deaths', () => {
  it('DE-VOODOO-3/5: the linked player dies with the holder, once, and only if still in the game', () => {
    expect(linkedDeaths(['d'], { d: 'x' }, () => true)).toEqual(['x']);
    expect(linkedDeaths(['d', 'x'], { d: 'x' }, () => true)).toEqual([]);
    expect(linkedDeaths(['d'], { d: 'x' }, () => false)).toEqual([]);
    expect(pruneLinks({ d: 'x', e: 'y' }, ['x'])).toEqual({ e: 'y' });
  });
});

describe('night parity', () => {
  it('DE-QRY-3: even and odd nights', () => {
    expect(parityOf(1)).toBe('odd');
    expect(activeOn('even', 2)).toBe(true);
    expect(activeOn('even', 3)).toBe(false);
    expect(activeOn('every', 3)).toBe(true);
  });
});

describe('role choice by a team', () => {
  const pool = ['framer', 'voodoo-doll', 'robber', 'insider'];
  it('DE-MROLE-3/4: each role once; a choice is final', () => {
    expect(checkChoice(pool, { k: 'robber' }, 'l', 'robber', 'none')).toBe('taken');
    expect(checkChoice(pool, { k: 'robber' }, 'k', 'framer', 'none')).toBe('chosen');
    expect(checkChoice(pool, {}, 'k', 'terrorist', 'none')).toBe('unknown');
    expect(checkChoice(pool, { k: 'robber' }, 'l', 'none', 'none')).toBe('ok');
    expect(freeRoles(pool, { k: 'robber', l: 'none' })).toEqual(['framer', 'voodoo-doll', 'insider']);
  });
  it('DE-MROLE-7: non-choosers draw from the free roles in canonical order; none free costs no draw', () => {
    const d = new Draws({ draw: () => 0.99 }, 0);
    expect(assignRemaining(pool, { k: 'robber', l: 'framer' }, ['j', 'x'], d)).toEqual({ j: 'insider', x: 'voodoo-doll' });
    const d2 = new Draws({ draw: () => 0.5 }, 0);
    expect(assignRemaining(['framer'], { k: 'framer' }, ['j'], d2)).toEqual({ j: undefined });
    expect(d2.used).toEqual([]);
  });
});

describe('succession', () => {
  it('DE-BOSS-3: the designated successor if eligible, else the first in signup order', () => {
    expect(successor('c', ['b', 'c'])).toBe('c');
    expect(successor('z', ['b', 'c'])).toBe('b');
    expect(successor(undefined, [])).toBeUndefined();
  });
});

describe('wall-clock deadlines and names', () => {
  const tz = 'Europe/Berlin';
  it('DE-SCHED-2/3/4: first local time after a minimum length, skipping pause dates', () => {
    const t0 = instantOf('2011-03-31', '14:30', tz);
    expect(firstLocalTimeAfter(t0, '20:00', 8 * 3_600_000, tz, () => false)).toBe(instantOf('2011-04-01', '20:00', tz));
    const n0 = instantOf('2011-04-01', '20:00', tz);
    expect(firstLocalTimeAfter(n0, '10:00', 8 * 3_600_000, tz, (d) => d === '2011-04-02')).toBe(instantOf('2011-04-03', '10:00', tz));
  });
  it('DE-GEN-3: strict names keep accents and a final dot; quotes and @ are stripped', () => {
    const ps = [
      { id: '1', name: 'Markus F.' },
      { id: '2', name: 'Jürgen' },
    ];
    expect(matchStrict('markus f.', ps)).toEqual({ kind: 'one', id: '1' });
    expect(matchStrict('„@Jürgen“', ps)).toEqual({ kind: 'one', id: '2' });
    expect(matchStrict('@JÜRGEN', ps)).toEqual({ kind: 'one', id: '2' });
    expect(matchStrict('„Jürgen“', ps)).toEqual({ kind: 'one', id: '2' });
    expect(matchStrict('Jurgen', ps)).toEqual({ kind: 'none' });
  });
  it('DE-SIGN-1: the lead form matches the first word only', () => {
    const syn = compileSyntax([{ command: 'join', keywords: ['Anmeldung'], form: 'lead' }]);
    expect(parseCommands('Anmeldung!', syn)).toHaveLength(1);
    expect(parseCommands('Anmeldung, bin dabei', syn)).toHaveLength(1);
    expect(parseCommands('Wann endet die Anmeldung?', syn)).toHaveLength(0);
    expect(parseCommands('Anmeldungen', syn)).toHaveLength(0);
  });
});

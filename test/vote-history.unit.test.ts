// The vote history read model (app/vote-history.ts) against the live count: over whole bot games of every rulebook,
// the recount of the vote log at any past event equals the live count of the state replayed to that event (so the
// count at any past post is a recount), each history line is a vote, a change or a dropped ballot the count shows,
// and a private ballot (mafia-de DE-VOTE-7) reaches nobody but the moderator before the result post publishes it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seesVoteCount, type VoteCount, voteCount } from '../src/app/views.ts';
import { nameIndexOf, type Recount, recount, type VoteRecord, VoteRecorder } from '../src/app/vote-history.ts';
import type { GameEvent, Viewer } from '../src/core/types.ts';
import { evolve, initialState } from '../src/engine/evolve.ts';
import type { GameState } from '../src/engine/state.ts';
import type { LiveCount, Variant } from '../src/engine/variant.ts';
import { loadScript } from '../src/scripts/load.ts';
import { runScript } from '../src/scripts/run.ts';
import { driveGame } from '../src/sim/runner.ts';
import { getVariant } from '../src/variants/registry.ts';
import { getSim } from '../src/variants/sims.ts';

interface Played {
  readonly v: Variant<unknown>;
  readonly events: GameEvent[];
  /** states[i]: the state after events[0..i]. */
  readonly states: GameState<unknown>[];
  readonly recorder: VoteRecorder;
}

/** A whole bot game of a rulebook, its state after each event, and its vote log. */
function play(variant: string, players: number, policy: string, seed: number): Played {
  const sim = getSim(variant)!;
  const { events } = driveGame({ variant, players, roleList: sim.roleList(players), options: {}, policy }, seed, { keepEvents: true });
  return replayed(getVariant(variant)!, events);
}

/** A recount's count with names, as the live count shows it (app/views.ts voteCount). */
function named(c: LiveCount | null, s: GameState<unknown>): Omit<NonNullable<VoteCount>, 'round'> | null {
  if (!c) return null;
  const nm = (id: string) => s.players[id]?.name ?? id;
  return {
    phase: c.phase,
    lines: c.lines.map((l) => ({ target: nm(l.target), votes: l.voters.length, voters: l.voters.map(nm), ...(l.channel ? { channel: l.channel } : {}) })),
    notVoted: c.notVoted.map(nm),
  };
}

const GAMES: [string, number, string, number][] = [
  ['palermo', 11, 'random', 1],
  ['palermo', 13, 'sensible', 2],
  ['palermo-intrigue', 12, 'random', 3],
  ['palermo-intrigue', 14, 'sensible', 4],
  ['mafia-de', 10, 'random', 5],
  ['mafia-de', 13, 'sensible', 6],
  ['mafia-cities', 14, 'random', 7],
  ['mafia-cities', 16, 'sensible', 8],
];

const SCENARIOS = join(import.meta.dirname, 'scenarios');
const MOD: Viewer = { kind: 'moderator' };
const SPECTATOR: Viewer = { kind: 'spectator' };

/** The state after each event of a log, and its vote log. */
function replayed(v: Variant<unknown>, events: GameEvent[]): Played {
  const states: GameState<unknown>[] = [];
  let s = initialState(v, events[0]!);
  states.push(s);
  for (const e of events.slice(1)) states.push((s = evolve(v, s, e)));
  const recorder = new VoteRecorder(v, nameIndexOf(s));
  for (const [i, e] of events.entries()) recorder.add(i + 1, e);
  return { v, events, states, recorder };
}

/**
 * Compares, after every command that voted or posted (its last event: the next one has another instant), each
 * live-count reader's recount with the live count of the state then. Returns how many counts were compared, and
 * how many of them had lines.
 */
function compareCounts(g: Played, label: string): { checked: number; withLines: number } {
  const viewers = [MOD, ...(seesVoteCount(g.v, SPECTATOR) ? [SPECTATOR] : [])];
  const voteAt = new Set(g.recorder.records.map((r) => r.global));
  let checked = 0;
  let withLines = 0;
  let touched = false;
  for (const [i, e] of g.events.entries()) {
    const global = i + 1;
    touched ||= voteAt.has(global) || e.type === 'post.published';
    if (g.events[i + 1]?.at === e.at || !touched) continue;
    touched = false;
    const s = g.states[i]!;
    const live = voteCount(g.v, s);
    for (const viewer of viewers) {
      const mine = recount(g.recorder.records, viewer, { live: true, order: g.v.voteOrder ?? 'seat', upto: global }).count;
      const where = `${label} event ${global} (${e.type}) for ${viewer.kind}`;
      // Where no vote is open the rulebook's record may still exist empty (a closed day); a recount has none.
      if (mine === null || live === null) {
        expect(live?.lines ?? [], where).toEqual([]);
        expect(mine?.lines ?? [], where).toEqual([]);
        continue;
      }
      // The recount has no per-city non-voters (notVotedIn: the live count's, for each city's thread) yet.
      const { round: _r, notVotedIn: _n, ...want } = live;
      expect(named(mine, s), where).toEqual(want);
      // Every rulebook numbers its count as the thread numbers the vote (mafia-de's day N, issue 25 item 11).
      expect(mine.round, where).toBe(live.round);
      checked++;
      if (mine.lines.length > 0) withLines++;
    }
  }
  return { checked, withLines };
}

describe('vote history: the count at any past event is a recount', () => {
  for (const [variant, n, policy, seed] of GAMES) {
    it(`${variant} (${n} players, ${policy} bots): every live-count reader's recount equals the live count after every command that voted or posted`, () => {
      const { checked, withLines } = compareCounts(play(variant, n, policy, seed), variant);
      expect(checked).toBeGreaterThan(20);
      expect(withLines).toBeGreaterThan(10);
    });
  }

  // The scenario scripts reach what bots rarely do: runoffs and their extensions, removals by the moderator, voided
  // and restored ballots, substitutions, disqualifications, deaths during a city's vote.
  for (const variant of readdirSync(SCENARIOS)) {
    it(`${variant}: the same after every step of every scenario script`, async () => {
      let checked = 0;
      for (const file of readdirSync(join(SCENARIOS, variant)).filter((f) => f.endsWith('.yaml'))) {
        const text = readFileSync(join(SCENARIOS, variant, file), 'utf8');
        if (/^# Refused: /m.test(text)) continue;
        const run = await runScript(loadScript(text, file));
        checked += compareCounts(replayed(getVariant(variant)!, [...run.events]), file).checked;
      }
      expect(checked).toBeGreaterThan(50);
    });
  }
});

/** Every history line of a recount. */
const entries = (r: Recount) => r.rounds.flatMap((x) => x.entries);

describe('vote history: the lines', () => {
  it('palermo: every vote and change with the post that cast it; a change names the earlier target', () => {
    const g = play('palermo', 11, 'random', 1);
    const r = recount(g.recorder.records, SPECTATOR, { live: true, order: 'seat' });
    const all = entries(r);
    const casts = all.filter((e) => e.kind === 'vote' || e.kind === 'change');
    const cast = g.events.filter((e) => e.type === 'vote.cast' || e.type === 'runoff.ballot').length;
    expect(casts.length).toBe(cast);
    // A vote is a thread post: each line names the post (its global number points at a post.published).
    for (const c of casts) expect(g.events[c.post!.global - 1]!.type).toBe('post.published');
    expect(all.some((e) => e.kind === 'change' && e.previous !== undefined && e.previous !== e.target)).toBe(true);
    // One history per vote: each day and runoff of the game.
    const opened = g.events.filter((e) => e.type === 'round.opened' || e.type === 'runoff.opened').length;
    expect(r.rounds.length).toBeLessThanOrEqual(opened);
    expect(r.rounds.length).toBeGreaterThan(1);
  });

  it('mafia-cities: each city’s ballots are lines of its own thread, and a withdrawn vote is an unvote (CIT-VOTE-4)', () => {
    const g = play('mafia-cities', 16, 'random', 8);
    const all = entries(recount(g.recorder.records, SPECTATOR, { live: true, order: 'time' }));
    expect(all.filter((e) => e.kind === 'vote').every((e) => e.channel?.startsWith('city-'))).toBe(true);
    expect(new Set(all.map((e) => e.channel)).size).toBeGreaterThan(1);
    const unvoted = g.events.filter((e) => e.type === 'cit.unvoted').length;
    expect(all.filter((e) => e.kind === 'unvote').length).toBeLessThanOrEqual(unvoted);
  });
});

describe('vote history: private ballots (DE-VOTE-7)', () => {
  const g = play('mafia-de', 13, 'random', 6);
  const records = g.recorder.records;
  const players = g.states.at(-1)!.order;
  const results = g.events.flatMap((e, i) => (e.type === 'message' && JSON.stringify(e.data).includes('MSG-DAY-RESULT') ? [i + 1] : []));

  it('DE-VOTE-7: a spectator and a player learn no ballot before the result post; after it, the published ballots only', () => {
    expect(results.length).toBeGreaterThan(1);
    for (const viewer of [SPECTATOR, { kind: 'player', id: players[0]! } as Viewer]) {
      const live = seesVoteCount(g.v, viewer);
      expect(live).toBe(false);
      for (let global = 1; global <= g.events.length; global++) {
        const r = recount(records, viewer, { live, order: 'seat', upto: global });
        const published = results.filter((x) => x <= global);
        for (const e of entries(r)) {
          expect(e.kind).toBe('published');
          expect(published).toContain(e.global);
        }
        if (r.count) {
          expect(r.count.phase).toBe('published');
          expect(published.length).toBeGreaterThan(0);
        }
      }
    }
  });

  it('DE-VOTE-7: after the result post the count is the published one: every player in the game with his counted vote', () => {
    const at = results[0]!;
    const r = recount(records, SPECTATOR, { live: false, order: 'seat', upto: at });
    const s = g.states[at - 1]!;
    const inGame = s.order.filter((id) => s.players[id]!.status === 'alive').length;
    const counted = r.count!.lines.reduce((n, l) => n + l.voters.length, 0);
    // The lynched left the game in the same command as the post: they are counted, so the lines cover more.
    expect(counted).toBeGreaterThanOrEqual(inGame);
    // The moderator's recount before the deadline (the last event stamped earlier than the result post) counts the
    // same ballots for the players who voted.
    const before = g.events.filter((e) => e.at < g.events[at - 1]!.at).length;
    const mod = recount(records, MOD, { live: true, order: 'seat', upto: before });
    const modVotes = new Map(mod.count!.lines.flatMap((l) => l.voters.map((v) => [v, l.target] as const)));
    for (const l of r.count!.lines) for (const v of l.voters) if (!r.count!.notVoted.includes(v)) expect(modVotes.get(v)).toBe(l.target);
  });

  it('DE-VOTE-7: the moderator sees every ballot live, with its time', () => {
    const mine = entries(recount(records, MOD, { live: true, order: 'seat' }));
    const sent = g.events.filter((e) => e.type === 'vote.cast').length;
    expect(mine.filter((e) => e.kind === 'vote' || e.kind === 'change').length).toBe(sent);
    expect(mine.filter((e) => e.kind === 'published').length).toBeGreaterThan(0);
  });
});

describe('vote history: the fold itself', () => {
  const rec = (global: number, step: VoteRecord['step']): VoteRecord => ({ global, at: global * 1000, audience: { kind: 'public' }, step });
  const seats = ['a', 'b', 'c', 'd'].flatMap((p, i) => [rec(i + 1, { kind: 'seat', player: p })]);
  const start: VoteRecord[] = [...seats, rec(5, { kind: 'running', running: true }), rec(6, { kind: 'open', round: 1, phase: 'runoff' })];
  const count = (records: VoteRecord[]) => recount(records, SPECTATOR, { live: true, order: 'seat' });

  it('PAL-TIE-4: a narrowed runoff keeps only the ballots for its remaining candidates', () => {
    const r = count([
      ...start,
      rec(7, { kind: 'cast', voter: 'a', target: 'c' }),
      rec(8, { kind: 'cast', voter: 'b', target: 'd' }),
      rec(9, { kind: 'void', why: 'runoff', keep: ['c'], phase: 'runoff' }),
    ]);
    expect(r.count!.lines).toEqual([{ target: 'c', voters: ['a'] }]);
    expect(r.count!.notVoted).toEqual(['b', 'c', 'd']);
    expect(entries(r).at(-1)).toMatchObject({ kind: 'void', voter: 'b', target: 'd', why: 'runoff' });
  });

  it('a void bound to a phase leaves the ballots of another phase alone (a removed voter keeps his runoff ballot)', () => {
    const r = count([...start, rec(7, { kind: 'cast', voter: 'a', target: 'c' }), rec(8, { kind: 'void', why: 'removed', voters: ['a'], phase: 'day' })]);
    expect(r.count!.lines).toEqual([{ target: 'c', voters: ['a'] }]);
  });

  it('a change names the earlier target, an unvote the ballot taken back; a closed vote counts nothing', () => {
    const r = count([
      ...start,
      rec(7, { kind: 'cast', voter: 'a', target: 'c' }),
      rec(8, { kind: 'cast', voter: 'a', target: 'd' }),
      rec(9, { kind: 'withdraw', voter: 'a' }),
    ]);
    expect(entries(r).map((e) => [e.kind, e.target, e.previous])).toEqual([
      ['vote', 'c', undefined],
      ['change', 'd', 'c'],
      ['unvote', 'd', undefined],
    ]);
    expect(count([...start, rec(7, { kind: 'cast', voter: 'a', target: 'c' }), rec(8, { kind: 'close' })]).count).toBeNull();
  });

  it('a step the viewer may not see changes nothing of his recount', () => {
    const hidden: VoteRecord = { ...rec(7, { kind: 'cast', voter: 'a', target: 'c' }), audience: { kind: 'players', ids: ['a'] } };
    expect(count([...start, hidden]).count!.lines).toEqual([]);
    expect(recount([...start, hidden], MOD, { live: true, order: 'seat' }).count!.lines).toEqual([{ target: 'c', voters: ['a'] }]);
  });
});

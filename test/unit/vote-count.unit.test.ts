// Every rulebook declares its live count (Variant.voteCount, issue 24 item 3): after every event of every scenario
// script, the count the app shows is the one the scenario's state says (each ballot of the open vote's record once,
// under its target; everyone in the game who has no ballot among the non-voters), it is numbered as the thread
// numbers the day it belongs to (issue 25 item 11: mafia-de's Tag N), and a runoff's count is the runoff's.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { voteCount } from '../../src/app/views.ts';
import type { GameEvent, PlayerId } from '../../src/core/types.ts';
import { typed } from '../../src/engine/events.ts';
import { evolve, initialState } from '../../src/engine/evolve.ts';
import { currentPhase } from '../../src/engine/phases.ts';
import type { GameState } from '../../src/engine/state.ts';
import { loadScript } from '../../src/scripts/load.ts';
import { runScript } from '../../src/scripts/run.ts';
import { getVariant } from '../../src/variants/registry.ts';

const SCENARIOS = join(import.meta.dirname, '..', 'scenarios');

type Record_ = Readonly<Record<PlayerId, PlayerId>>;

/** The open vote's ballots as the scenario's state keeps them (the test may read a rulebook's slice; the app may not). */
function ballotsOf(variant: string, s: GameState<unknown>): { record: Record_; voted: ReadonlySet<PlayerId>; phase: string } | null {
  if (variant === 'mafia-cities') {
    // Its vote is a phase of the engine's (GameState.phases).
    const v = s.v as { votes: readonly Readonly<Record<PlayerId, { target: PlayerId }>>[] };
    if (s.phases.at(-1)?.id !== 'vote') return null;
    const record: Record<PlayerId, PlayerId> = {};
    const voted = new Set<PlayerId>();
    for (const city of v.votes) {
      for (const [voter, b] of Object.entries(city)) {
        voted.add(voter);
        // CIT-VOTE-6: a ballot for a candidate who left the game is no line of the count (its voter has voted).
        if (s.players[b.target]?.status === 'alive') record[voter] = b.target;
      }
    }
    return { record, voted, phase: 'vote' };
  }
  // palermo and palermo-intrigue keep their phase in the engine (GameState.phases); the others in their slice, as yet.
  const v = s.v as { phase?: string; votes: Record_; runoff?: { ballots: Record_ } };
  const phase = v.phase ?? currentPhase(s)?.id ?? 'day';
  const record = phase === 'runoff' && v.runoff ? v.runoff.ballots : v.votes;
  return { record, voted: new Set(Object.keys(record)), phase };
}

describe('declared live counts match the scenarios’ state', () => {
  for (const variant of readdirSync(SCENARIOS)) {
    it(`${variant}: the count after every event of every scenario is the state's open vote, numbered as the thread's day`, async () => {
      const v = getVariant(variant)!;
      let compared = 0;
      let runoffs = 0;
      for (const file of readdirSync(join(SCENARIOS, variant)).filter((f) => f.endsWith('.yaml'))) {
        const text = readFileSync(join(SCENARIOS, variant, file), 'utf8');
        if (/^# Refused: /m.test(text)) continue;
        const events: GameEvent[] = [...(await runScript(loadScript(text, file))).events];
        let s = initialState(v, events[0]!);
        let day: number | undefined;
        for (const [i, e] of events.entries()) {
          if (i > 0) s = evolve(v, s, e);
          day = v.dayOf?.(typed(e)) ?? day;
          const count = voteCount(v, s);
          const want = s.status === 'running' ? ballotsOf(variant, s) : null;
          if (!count || !want) {
            expect(count === null || count.lines.length === 0 || want !== null, `${file} event ${i + 1}`).toBe(true);
            continue;
          }
          const where = `${file} event ${i + 1} (${e.type})`;
          const name = (id: PlayerId) => s.players[id]!.name;
          const shown = count.lines.flatMap((l) => l.voters.map((voter) => `${voter}>${l.target}`)).sort();
          const held = Object.entries(want.record)
            .filter(([voter]) => s.order.includes(voter))
            .map(([voter, target]) => `${name(voter)}>${name(target)}`)
            .sort();
          expect(shown, where).toEqual(held);
          for (const l of count.lines) expect(l.votes, where).toBe(l.voters.length);
          const inGame = s.order.filter((id) => s.players[id]!.status === 'alive' && !want.voted.has(id)).map(name);
          expect(count.notVoted, where).toEqual(inGame);
          if (variant === 'mafia-cities') {
            // Each city's thread lists its own residents who have not voted, not the other cities' (issue 25).
            const cityOf = (s.v as { cityOf: Readonly<Record<PlayerId, number>> }).cityOf;
            const cities = new Set(Object.values(cityOf));
            expect(Object.keys(count.notVotedIn ?? {}).length, where).toBe(cities.size);
            for (const c of cities) {
              const residents = s.order.filter((id) => cityOf[id] === c && s.players[id]!.status === 'alive' && !want.voted.has(id)).map(name);
              expect(count.notVotedIn?.[`city-${c + 1}`], where).toEqual(residents);
            }
          } else expect(count.notVotedIn, where).toBeUndefined();
          expect(count.phase, where).toBe(want.phase);
          // The count of day N says N, as the thread's day N does (a night keeps its day's number).
          if (day !== undefined) expect(count.round, where).toBe(day);
          compared++;
          if (count.phase === 'runoff') runoffs++;
        }
      }
      expect(compared).toBeGreaterThan(100);
      if (variant.startsWith('palermo')) expect(runoffs).toBeGreaterThan(0);
    });
  }
});

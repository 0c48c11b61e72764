// The live count of a vote kept as one record (voter → target): what a rulebook with a single open vote declares as
// its `voteCount` (engine/variant.ts), so the app reads the count the rulebook declares and never its slice.
import type { PlayerId } from '../core/types.ts';
import type { GameState } from './state.ts';
import type { LiveCount } from './variant.ts';

/**
 * The count of `record` as the thread shows it: one line per target with its voters in signup order, the targets
 * with the most voters first (ties in signup order), and the players in the game who have not voted.
 */
export function recordCount<V>(s: GameState<V>, record: Readonly<Record<PlayerId, PlayerId>>, round: number, phase: string): LiveCount {
  const by = new Map<PlayerId, PlayerId[]>();
  for (const id of s.order) {
    const t = record[id];
    if (t === undefined) continue;
    const voters = by.get(t);
    if (voters) voters.push(id);
    else by.set(t, [id]);
  }
  const seat = (id: PlayerId) => s.order.indexOf(id);
  const lines = [...by.entries()].sort((a, b) => b[1].length - a[1].length || seat(a[0]) - seat(b[0])).map(([target, voters]) => ({ target, voters }));
  const notVoted = s.order.filter((id) => s.players[id]?.status === 'alive' && record[id] === undefined);
  return { round, phase, lines, notVoted };
}

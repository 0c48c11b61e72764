// Plurality tallies: weighted ballots, totals per target, the top set. Shared by main votes and runoff polls.
import type { PlayerId } from '../core/types.ts';

/** One row of a tally: a target, its total and its voters in signup order. */
export interface TallyRow {
  readonly target: PlayerId;
  readonly total: number;
  readonly voters: readonly PlayerId[];
}

/** The result of a tally. */
export interface Tally {
  /** Targets with at least one ballot, highest total first, ties in signup order. */
  readonly rows: readonly TallyRow[];
  /** The highest total (0 when there is no ballot). */
  readonly max: number;
  /** Targets sharing the highest total, in signup order (empty when max is 0). */
  readonly top: readonly PlayerId[];
}

/**
 * Counts ballots (voter → target). `order` is the signup order used to sort voters and break display ties;
 * `weight` gives a voter's weight (1 by default).
 */
export function tally(ballots: ReadonlyMap<PlayerId, PlayerId>, order: readonly PlayerId[], weight: (voter: PlayerId) => number = () => 1): Tally {
  const rank = new Map(order.map((id, i) => [id, i] as const));
  const pos = (id: PlayerId) => rank.get(id) ?? Number.MAX_SAFE_INTEGER;
  const byTarget = new Map<PlayerId, { total: number; voters: PlayerId[] }>();
  for (const [voter, target] of ballots) {
    const w = weight(voter);
    const row = byTarget.get(target) ?? { total: 0, voters: [] };
    row.total += w;
    row.voters.push(voter);
    byTarget.set(target, row);
  }
  const rows = [...byTarget]
    .map(([target, r]) => ({ target, total: r.total, voters: r.voters.sort((a, b) => pos(a) - pos(b)) }))
    .filter((r) => r.total > 0)
    .sort((a, b) => b.total - a.total || pos(a.target) - pos(b.target));
  const max = rows[0]?.total ?? 0;
  const top = max > 0 ? rows.filter((r) => r.total === max).map((r) => r.target) : [];
  return { rows, max, top };
}

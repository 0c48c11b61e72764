// Successor of a team leader (a reusable piece): when the leader leaves, his designated successor takes over if
// he is still eligible, else the first eligible member in signup order.
import type { PlayerId } from '../core/types.ts';

/** The new leader: the designated successor if eligible, else the first eligible candidate (signup order). */
export function successor(designated: PlayerId | undefined, candidates: readonly PlayerId[]): PlayerId | undefined {
  if (designated !== undefined && candidates.includes(designated)) return designated;
  return candidates[0];
}

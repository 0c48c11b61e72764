// Private ballots (a reusable piece): each voter's latest accepted vote is kept secret until the deadline, a voter
// without a counted vote can default to himself, votes on a player who left become void, and a plurality tally
// can remove every player tied at the top.
import type { PlayerId } from '../core/types.ts';
import { type Tally, tally } from './tally.ts';

/** The counted ballots of a closing vote and how each voter's ballot came about. */
export interface CountedBallots {
  /** Voter → target for every player in the game. */
  readonly ballots: ReadonlyMap<PlayerId, PlayerId>;
  /** Voters counted for themselves because they sent no vote. */
  readonly defaulted: readonly PlayerId[];
  /** Voters counted for themselves because their vote became void and they did not vote again. */
  readonly voidDefaulted: readonly PlayerId[];
}

/**
 * Counts the ballots of the players in the game: the latest vote when its target is still in the game, otherwise
 * (with `defaultSelf`) a vote for himself. `voided` lists voters whose vote was voided during the phase.
 */
export function countBallots(
  votes: Readonly<Record<PlayerId, PlayerId>>,
  inGame: readonly PlayerId[],
  voided: readonly PlayerId[],
  defaultSelf: boolean,
): CountedBallots {
  const alive = new Set(inGame);
  const ballots = new Map<PlayerId, PlayerId>();
  const defaulted: PlayerId[] = [];
  const voidDefaulted: PlayerId[] = [];
  for (const voter of inGame) {
    const target = votes[voter];
    if (target !== undefined && alive.has(target)) {
      ballots.set(voter, target);
      continue;
    }
    if (!defaultSelf) continue;
    ballots.set(voter, voter);
    if (voided.includes(voter)) voidDefaulted.push(voter);
    else defaulted.push(voter);
  }
  return { ballots, defaulted, voidDefaulted };
}

/** Voters whose current vote names `target` (used when the target leaves during the phase). */
export function votersFor(votes: Readonly<Record<PlayerId, PlayerId>>, target: PlayerId): PlayerId[] {
  return Object.entries(votes)
    .filter(([, t]) => t === target)
    .map(([voter]) => voter);
}

/** A plurality tally where a tie removes every tied player: the removed set is the whole top. */
export function tallyAllTied(ballots: ReadonlyMap<PlayerId, PlayerId>, order: readonly PlayerId[]): Tally & { readonly removed: readonly PlayerId[] } {
  const t = tally(ballots, order);
  return { ...t, removed: t.top };
}

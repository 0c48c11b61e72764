// The vote log: how a rulebook's events read as the history of its votes, for the host's read model
// (app/vote-history.ts) that lists every vote and change and recounts the standing at any past post. A rulebook
// declares one pure function from an event to steps (`Variant.voteSteps`) and how its count ranks ties
// (`Variant.voteOrder`); the host folds the steps of the events a viewer may see, so a ballot the rules keep secret
// never reaches a count he is shown, and nothing here reads a rulebook's state.
import type { PlayerId } from '../core/types.ts';

/** How a published ballot is marked (mafia-de DE-VOTE-7): a default self-vote, or one whose vote was voided. */
export type BallotMark = 'default' | 'void';

/** One change to the standing ballots of a game's vote, as a rulebook's event stands for it. */
export type VoteStep =
  /** A vote opens (a day's vote, a runoff): every standing ballot is dropped and the count starts at zero. */
  | { readonly kind: 'open'; readonly round: number; readonly phase: string }
  /** The phase changes while the ballots stand (mafia-de's moderator keeps the day's ballots through the night). */
  | { readonly kind: 'phase'; readonly phase: string }
  /** The vote closes: its ballots are dropped and no count stands until the next one opens. */
  | { readonly kind: 'close' }
  /** A ballot cast (or changed: the voter's earlier ballot in the same channel is replaced). */
  | { readonly kind: 'cast'; readonly voter: PlayerId; readonly target: PlayerId; readonly channel?: string }
  /** A voter takes his ballot back. */
  | { readonly kind: 'withdraw'; readonly voter: PlayerId; readonly channel?: string }
  /**
   * Ballots dropped by the rules (a voter or a candidate left, the moderator voided them, a runoff narrowed): those
   * of `voters`, those for `targets`, and those whose target is not in `keep`. With `phase`, only while that phase
   * is the current one (palermo's removal drops the day's ballot, never a runoff ballot).
   */
  | {
      readonly kind: 'void';
      readonly why: string;
      readonly voters?: readonly PlayerId[];
      readonly targets?: readonly PlayerId[];
      readonly keep?: readonly PlayerId[];
      readonly phase?: string;
    }
  /** Ballots given back (palermo-intrigue INT-CARD-11), with `phase` as for `void`. */
  | { readonly kind: 'restore'; readonly ballots: Readonly<Record<PlayerId, PlayerId>>; readonly phase?: string }
  /** A private ballot's result as the rulebook's own announcement publishes it (mafia-de DE-VOTE-7). */
  | {
      readonly kind: 'published';
      readonly round: number;
      readonly ballots: readonly { readonly voter: PlayerId; readonly target: PlayerId; readonly mark?: BallotMark }[];
    };

/** Finds a player by a name he has or had in the game (a published result names players, not seats). */
export type NameIndex = (name: string) => PlayerId | undefined;

/**
 * How a recount ranks targets with equal votes and lists each target's voters: by seat (palermo's live count) or by
 * when the ballots came (mafia-cities CIT-VOTE-6: the candidate who reached his count first leads).
 */
export type VoteOrder = 'seat' | 'time';

// The palermo event vocabulary: each event this rulebook emits, with its data (the engine's are in engine/events.ts).
import type { Millis, PlayerId } from '../../core/types.ts';
import type { AbsenceCounter } from '../../engine/absence.ts';
import type { EventsOf } from '../../engine/events.ts';
import type { TallyRow } from '../../engine/tally.ts';
import type { IsoDate } from '../../engine/time.ts';

/** Event types and data of the palermo rulebook. */
export type PalEvents = {
  'pal.setup': { readonly M: number; readonly k: number };
  'pal.knowledge': {
    readonly informant: PlayerId;
    readonly killers: readonly PlayerId[];
    readonly fixed: boolean;
    readonly drawn?: readonly number[];
    readonly check?: unknown;
  };
  'role.assigned': { readonly player: PlayerId; readonly role: string; readonly substitute?: boolean };
  'round.opened': { readonly round: number; readonly date: IsoDate; readonly killAt?: Millis; readonly closeAt: Millis };
  'round.timing': { readonly closeAt?: Millis; readonly killAt?: Millis };
  'round.dated': { readonly round: number; readonly date: IsoDate };
  'vote.cast': { readonly voter: PlayerId; readonly target: PlayerId; readonly round: number };
  'votes.voided': { readonly target?: PlayerId; readonly voters: readonly PlayerId[]; readonly byModerator?: boolean };
  'kill.ordered': { readonly by: PlayerId; readonly target: PlayerId; readonly round: number };
  'protection.set': { readonly target: PlayerId; readonly round: number };
  'kill.resolved': { readonly round: number; readonly victim?: PlayerId; readonly protection?: PlayerId; readonly order?: PlayerId };
  'kill.lost': { readonly round: number };
  'outing.window': { readonly open: boolean };
  'outing.submitted': { readonly outer: PlayerId; readonly target: PlayerId; readonly round: number };
  'outing.withdrawn': { readonly outer: PlayerId };
  'outing.frozen': Record<string, never>;
  'outing.resolved': { readonly outcome: 'void' | 'success' | 'miss'; readonly outer: PlayerId; readonly target: PlayerId };
  'close.resolved': {
    readonly round: number;
    readonly rows: readonly TallyRow[];
    readonly nonVoters: readonly PlayerId[];
    readonly absences: Readonly<Record<PlayerId, AbsenceCounter>>;
    readonly charged: readonly PlayerId[];
    readonly reached: readonly PlayerId[];
  };
  'runoff.opened': { readonly round: number; readonly candidates: readonly PlayerId[]; readonly endsAt: Millis; readonly max: number };
  'runoff.ballot': { readonly voter: PlayerId; readonly target: PlayerId };
  'runoff.extended': { readonly candidates: readonly PlayerId[]; readonly endsAt: Millis };
  'runoff.timing': { readonly endsAt: Millis };
  'runoff.dropped': { readonly player: PlayerId };
  'runoff.closed': { readonly round: number; readonly voted: readonly PlayerId[] };
  'runoff.length': { readonly minutes: number };
  'runoff.designated': { readonly player: PlayerId };
  'lot.fixed': { readonly candidates: readonly PlayerId[]; readonly chosen: PlayerId };
  'lot.drawn': {
    readonly candidates: readonly PlayerId[];
    readonly index: number;
    readonly chosen: PlayerId;
    readonly drawn: readonly number[];
    readonly check: unknown;
  };
  'lastwords.granted': { readonly player: PlayerId; readonly until: Millis; readonly round: number };
  'lastwords.posted': { readonly player: PlayerId; readonly postId: string; readonly windowEnd: Millis };
  'lastwords.edited': { readonly player: PlayerId; readonly windowEnd: Millis };
  'votedout.set': { readonly players: readonly PlayerId[] };
  'absence.waived': { readonly player: PlayerId };
  'absence.adjusted': { readonly player: PlayerId; readonly counter: AbsenceCounter };
  'informant.told': { readonly informant: PlayerId; readonly killer: PlayerId };
  revealed: { readonly players: readonly PlayerId[] };
};

/** Every event of a palermo game (the engine's and the rulebook's). */
export type PalEvent = EventsOf<PalEvents>;

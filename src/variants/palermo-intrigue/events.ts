// The palermo-intrigue event vocabulary (the engine's are in engine/events.ts).
import type { Millis, PlayerId } from '../../core/types.ts';
import type { AbsenceCounter } from '../../engine/absence.ts';
import type { EventsOf } from '../../engine/events.ts';
import type { TallyRow } from '../../engine/tally.ts';
import type { IsoDate } from '../../engine/time.ts';
import type { CardId } from './cards.ts';
import type { IntCondition } from './conditions.ts';

/** An outing type (INT-OUT-3). */
export type OutingKind = 'simple' | 'massacre' | 'vendetta';

/** A massacre claim (INT-OUT-6). */
export type Claim = 'informant' | 'detective';

/** A night role's request (INT-NIGHT-*). */
export type NightRole = 'detective' | 'medium' | 'nurse' | 'prostitute';

/** Event types and data of palermo-intrigue. */
export type IntEvents = {
  'int.setup': { readonly M: number; readonly V: number; readonly vendetta: VendettaPeriod };
  'int.knowledge': { readonly player: PlayerId; readonly knows: readonly PlayerId[] };
  'role.assigned': { readonly player: PlayerId; readonly role: string; readonly substitute?: boolean };
  'cards.dealt': { readonly hands: Readonly<Record<PlayerId, CardId>>; readonly fixed: boolean; readonly drawn: readonly number[]; readonly check?: unknown };
  'card.assigned': { readonly player: PlayerId; readonly card: CardId };
  'round.opened': {
    readonly round: number;
    readonly date: IsoDate;
    readonly killAt?: Millis;
    readonly lockAt: Millis;
    readonly extAt: Millis;
    readonly closeAt: Millis;
  };
  /** PAL-MOD-3 (INT-MOD-4): the ΣΕ moved an instant of the open round (the lock with the change window and count). */
  'round.timing': { readonly killAt?: Millis; readonly lockAt?: Millis; readonly extAt?: Millis; readonly closeAt?: Millis };
  'condition.changed': { readonly player: PlayerId; readonly to: IntCondition; readonly how: string };
  'vote.cast': { readonly voter: PlayerId; readonly target: PlayerId; readonly round: number; readonly change?: boolean };
  'votes.voided': { readonly target: PlayerId; readonly voters: readonly PlayerId[] };
  'votes.restored': { readonly ballots: Readonly<Record<PlayerId, PlayerId>> };
  'vote.locked': { readonly voters: readonly PlayerId[] };
  'kill.ordered': { readonly by: PlayerId; readonly target: PlayerId; readonly executor: PlayerId; readonly round: number; readonly arch: boolean };
  'kill.resolved': { readonly round: number; readonly victims: readonly PlayerId[]; readonly protected?: PlayerId };
  'night.request': { readonly actor: PlayerId; readonly role: NightRole; readonly target: PlayerId };
  'night.answered': { readonly actor: PlayerId };
  'night.midnight': { readonly block?: PlayerId };
  'night.closed': { readonly protection?: PlayerId };
  'night.opened': { readonly endsAt: Millis; readonly midnightAt: Millis };
  'lawyer.client': { readonly client: PlayerId; readonly round: number };
  'cc.transfer': { readonly from: PlayerId; readonly to: PlayerId; readonly round: number };
  'card.played': { readonly player: PlayerId; readonly card: CardId; readonly target?: PlayerId; readonly round: number };
  'detention.started': { readonly player: PlayerId; readonly until: Millis; readonly cardRound?: number };
  'detention.cancelled': { readonly player: PlayerId };
  'echo.started': { readonly players: readonly PlayerId[]; readonly until: Millis };
  'echo.ended': { readonly players: readonly PlayerId[] };
  'outing.window': { readonly open: boolean };
  'outing.submitted': {
    readonly kind: OutingKind;
    readonly outer: PlayerId;
    readonly target: PlayerId;
    readonly claim?: Claim;
    readonly round: number;
    readonly exception?: boolean;
  };
  'outing.withdrawn': { readonly outer: PlayerId };
  'outing.frozen': Record<string, never>;
  'outing.lapsed': Record<string, never>;
  'outing.resolved': { readonly kind: OutingKind; readonly outcome: 'void' | 'success' | 'miss' | 'partial'; readonly exits: readonly PlayerId[] };
  'vendetta.closed': Record<string, never>;
  'count.resolved': {
    readonly round: number;
    readonly rows: readonly TallyRow[];
    readonly absences: Readonly<Record<PlayerId, AbsenceCounter>>;
    readonly charged: readonly PlayerId[];
    readonly reached: readonly PlayerId[];
  };
  'runoff.opened': { readonly round: number; readonly candidates: readonly PlayerId[]; readonly endsAt: Millis };
  'runoff.ballot': { readonly voter: PlayerId; readonly target: PlayerId };
  'runoff.extended': { readonly candidates: readonly PlayerId[]; readonly endsAt: Millis };
  /** PAL-MOD-3 (INT-MOD-4): the ΣΕ moved the open runoff's end. */
  'runoff.timing': { readonly endsAt: Millis };
  'runoff.dropped': { readonly player: PlayerId };
  'runoff.closed': { readonly voted: readonly PlayerId[] };
  'lot.drawn': {
    readonly candidates: readonly PlayerId[];
    readonly index: number;
    readonly chosen: PlayerId;
    readonly drawn: readonly number[];
    readonly check: unknown;
  };
  'lastwords.granted': { readonly player: PlayerId; readonly until: Millis };
  'lastwords.posted': { readonly player: PlayerId; readonly postId: string; readonly windowEnd: Millis };
  'votedout.set': { readonly players: readonly PlayerId[] };
  'rm.activated': { readonly player: PlayerId };
  'ban.recorded': { readonly player: PlayerId };
  revealed: { readonly players: readonly PlayerId[] };
};

/**
 * INT-OUT-7.2: when a vendetta is accepted: its last round, a minimum of active players (kind `present`, a name kept
 * because stored logs hold it), or never.
 */
export type VendettaPeriod =
  | { readonly kind: 'rounds'; readonly last: number }
  | { readonly kind: 'present'; readonly min: number }
  | { readonly kind: 'none' };

/** Every event of a palermo-intrigue game. */
export type IntEvent = EventsOf<IntEvents>;

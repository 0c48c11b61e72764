// The village rulebook's own events and its slice of the game state. The engine keeps everything else: players and
// roles, the open phase and round, deadlines, removals and the end.
import type { PlayerId } from '../../src/core/types.ts';
import type { EventsOf } from '../../src/engine/events.ts';
import type { EveryKey } from '../../src/engine/state.ts';

/** The events this rulebook adds to the engine's. */
export type VillageEvents = {
  /** Tells a player his role (the app's inbox and role card read it under this name in every rulebook). */
  'role.assigned': { readonly player: PlayerId; readonly role: string };
  'vote.cast': { readonly voter: PlayerId; readonly target: PlayerId };
  'vote.voided': { readonly voter: PlayerId };
  'kill.ordered': { readonly by: PlayerId; readonly target: PlayerId };
};

/** What the rulebook remembers besides the engine's state: the day's votes and the night's order. */
export interface VillageState {
  /** The latest vote of each voter in the open day. */
  readonly votes: Readonly<Record<PlayerId, PlayerId>>;
  /** The mafia's latest order in the open night. */
  readonly kill: PlayerId | undefined;
  /** The round opened last: the engine closes its phases when the game ends, and reports count the rounds played. */
  readonly round: number;
}

/** The slice when the game is created. */
export function initialVillage(): VillageState {
  return { votes: {}, kill: undefined, round: 0 };
}

/** Folds one event into the slice (one object literal per change: see EveryKey); each phase starts afresh. */
export function evolveVillage(v: VillageState, e: EventsOf<VillageEvents>): VillageState {
  let next: EveryKey<VillageState>;
  switch (e.type) {
    case 'vote.cast':
      next = { votes: { ...v.votes, [e.data.voter]: e.data.target }, kill: v.kill, round: v.round };
      return next;
    case 'vote.voided': {
      const { [e.data.voter]: _, ...votes } = v.votes;
      next = { votes, kill: v.kill, round: v.round };
      return next;
    }
    case 'kill.ordered':
      next = { votes: v.votes, kill: e.data.target, round: v.round };
      return next;
    case 'phase.entered':
      next = { votes: {}, kill: undefined, round: e.data.round };
      return next;
    default:
      return v;
  }
}

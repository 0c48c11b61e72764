// The engine's event vocabulary: every event the engine emits or its fold reads, with its data. A rulebook adds its
// own map (see Variant's `M`); the union of both is what its builder may emit and its fold receives.
import type { EventOf, GameEvent, Message, Param, PlayerId } from '../core/types.ts';
import type { Calendar } from './calendar.ts';
import type { Deadline, GameConfig, Outcome } from './state.ts';
import type { IsoDate } from './time.ts';

/** Event types and data of the engine layer. */
export type EngineEvents = {
  'game.created': { readonly config: GameConfig; readonly commitment: string };
  /** The moderator's fixed deal and the secret options, beside the public configuration. */
  'config.sealed': { readonly fixedRoles?: GameConfig['fixedRoles']; readonly options: Readonly<Record<string, unknown>> };
  'seed.sealed': { readonly seed: string };
  'seed.revealed': { readonly seed: string; readonly commitment: string };
  'player.signed_up': { readonly id: PlayerId; readonly name: string };
  'player.withdrew': { readonly id: PlayerId };
  'signup.closed': { readonly players: number };
  'game.cancelled': { readonly reason: 'players' | 'moderator' | 'config'; readonly players?: number; readonly detail?: string };
  /** Roles by player; `drawn` counts the draws the deal consumed, `check` lets a verifier redo it. */
  'game.dealt': { readonly roles: Readonly<Record<PlayerId, string>>; readonly fixed: boolean; readonly drawn: readonly unknown[]; readonly check?: unknown };
  'game.keyed': { readonly key: string };
  'game.started': Record<string, never>;
  'schedule.set': { readonly deadlines: readonly Deadline[] };
  'deadline.fired': { readonly id: string; readonly kind: string };
  /**
   * A phase of the declared schedule opens for a round (engine/phases.ts); unless `beside`, the cycle's phase open
   * before it closes with it, and one opened `beside` stays open through such openings until it exits. (Named apart
   * from mafia-de's own `phase.opened`, which its logs carry with another shape.)
   */
  'phase.entered': { readonly phase: string; readonly round: number; readonly date?: IsoDate; readonly beside?: boolean };
  /** A phase closes without another opening (the cycle waits, or a phase beside others ends). */
  'phase.exited': { readonly phase: string };
  /** An open phase moves to another date (a moderator re-dates the round). */
  'phase.dated': { readonly phase: string; readonly date: IsoDate };
  /** A resolution ran at a declared instant: the steps it ran, in order (the last one may have stopped it). */
  'phase.resolved': { readonly instant: string; readonly steps: readonly string[] };
  'player.removed': { readonly player: PlayerId; readonly how: string };
  'player.restored': { readonly player: PlayerId };
  'role.changed': { readonly player: PlayerId; readonly role: string };
  'player.substituted': { readonly player: PlayerId; readonly name: string; readonly previous?: string };
  /**
   * A warning for the player's cross-game profile (mafia-cities «Овощ», CIT-ACT-7): `name` is the account the seat
   * belongs to when it is issued, `date` the game date; the host records it when the event commits.
   */
  'player.warned': { readonly player: PlayerId; readonly name: string; readonly kind: string; readonly date: string; readonly reason: string };
  /** Staff withdrew the seat's latest warning of this kind issued in this game (the host deletes it from the profile). */
  'player.warning.revoked': { readonly player: PlayerId; readonly name: string; readonly kind: string };
  /** A player's post; `channel` names the channel it was posted in (absent: the main thread, engine/channels.ts). */
  'post.published': { readonly postId: string; readonly author: PlayerId; readonly name: string; readonly text: string; readonly channel?: string };
  'pm.forwarded': { readonly from: string; readonly player?: PlayerId; readonly text: string };
  'game.paused': Record<string, never>;
  'game.resumed': { readonly shiftedBy: number };
  'calendar.changed': { readonly calendar: Calendar };
  'game.ended': Outcome;
  /** One post (several message parts, rendered in order) to the event's audience, in `channel` (absent: the main thread). */
  /** `pin`: the slot of a pinned post (a later message of the same slot replaces it, mafia-cities CIT-ANN-1). */
  message: { readonly parts: readonly Message[]; readonly channel?: string; readonly pin?: string };
  'command.rejected': {
    readonly by: string;
    readonly player?: PlayerId;
    readonly code: string;
    readonly params: Readonly<Record<string, Param>>;
    readonly line: string;
    readonly flagged: boolean;
  };
  'moderator.flag': { readonly reason: string; readonly params: Readonly<Record<string, Param>> };
  /** A moderator action as given; `as` the toolkit action an older name (an alias) ran as. */
  'moderator.action': { readonly by: string; readonly action: string; readonly args: Readonly<Record<string, unknown>>; readonly as?: string };
  // Conventions every rulebook follows and the host reads (transcripts, views): the same shape in each.
  /** A player's private message as the rulebook logged it (the author's own copy). */
  'pm.received': { readonly from: PlayerId; readonly text: string; readonly subject?: string };
  /** An edit of a thread post. */
  'post.edited': { readonly postId: string; readonly author: PlayerId; readonly text: string };
  /** A team's members, told to the team at the deal. */
  'team.formed': { readonly team: string; readonly members: readonly PlayerId[] };
  // Written by the host (app/game-service.ts, the server), not by decide; a rulebook's fold may read them.
  'game.hosted': { readonly title: string; readonly host: string };
  'moderator.added': { readonly name: string; readonly by: string };
  'team.chat': { readonly team: string; readonly from: PlayerId; readonly name: string; readonly text: string };
  /** The moderator's reminder leads for the game, in minutes before each deadline (app/reminder-plan.ts). */
  'reminders.set': { readonly minutes: readonly number[]; readonly by: string };
};

/** An event of the engine's vocabulary. */
export type EngineEvent = EventOf<EngineEvents>;

/** Every event a game of a rulebook with event map `M` holds. */
export type EventsOf<M> = EventOf<EngineEvents & M>;

/**
 * Types a stored event as one of a vocabulary. The log only holds events emitted through a typed Builder (or made by
 * createGame), so this is the one place where untyped JSON from the store meets the event types.
 */
export function typed<M = Record<never, never>>(e: GameEvent): EventsOf<M> {
  return e as EventsOf<M>;
}

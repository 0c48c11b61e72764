// The mafia-de event vocabulary: each event this rulebook emits, with its data (the engine's are in engine/events.ts).
import type { Millis, PlayerId } from '../../core/types.ts';
import type { EventsOf } from '../../engine/events.ts';
import type { ActKind } from './state.ts';

/** Event types and data of the mafia-de rulebook. */
export type DeEvents = {
  'signup.deadline': { readonly deadline: Millis; readonly extensions?: number };
  'blacklist.set': { readonly names: readonly string[] };
  'pause-dates.set': { readonly dates: readonly string[] };
  /** Not written any more (the engine's `phase.entered` opens a day or night); older logs hold it. */
  'phase.opened': { readonly phase: 'day' | 'night'; readonly n: number; readonly deadline: Millis };
  /** Not written any more (the phase's deadline is the one the engine schedules); older logs may hold it. */
  'phase.deadline': { readonly deadline: Millis };
  'boss.set': { readonly boss?: PlayerId };
  'role.assigned': { readonly player: PlayerId; readonly role?: string; readonly substitute?: boolean };
  'post.counted': { readonly player: PlayerId };
  'thread.vote.hinted': { readonly player: PlayerId };
  'vote.cast': { readonly voter: PlayerId; readonly target: PlayerId; readonly day: number };
  'votes.voided': { readonly target: PlayerId; readonly voters: readonly PlayerId[] };
  'night.act': { readonly kind: ActKind; readonly by: PlayerId; readonly targets: readonly PlayerId[] };
  'night.acts.voided': { readonly kinds: readonly ActKind[] };
  'night.resolved': {
    readonly protected?: PlayerId;
    readonly links: Readonly<Record<PlayerId, PlayerId>>;
    readonly robbed?: PlayerId;
    readonly framed: readonly PlayerId[];
  };
  /** Not written any more; older logs may hold it. */
  'links.set': { readonly links: Readonly<Record<PlayerId, PlayerId>> };
  'dm.stored': { readonly text: string };
  'dm.rejected': { readonly normalized: string; readonly reason: string };
  'role.chosen': { readonly player: PlayerId; readonly role: string; readonly random?: boolean };
  'role.drawn': { readonly player: PlayerId; readonly role: string | undefined; readonly drawn: readonly number[]; readonly check: unknown };
  'successor.designated': { readonly player: PlayerId };
  'insider.guessed': { readonly day: number; readonly target: PlayerId; readonly hit: boolean };
  'ad.accepted': { readonly author: PlayerId; readonly key: string; readonly display: string; readonly text: string };
  'ads.published': { readonly count: number };
  'ads.dropped': { readonly author: PlayerId };
  'will.set': { readonly player: PlayerId; readonly text: string; readonly recipients: readonly PlayerId[] };
  'will.deleted': { readonly player: PlayerId };
  'warning.changed': { readonly player: PlayerId; readonly count: number; readonly cycle?: number };
  'surrender.posted': { readonly postId: string; readonly author: PlayerId };
  'surrender.expired': { readonly postId: string };
  fate: { readonly player: PlayerId; readonly how: string; readonly phase: 'day' | 'night'; readonly n: number };
};

/** Every event of a mafia-de game (the engine's and the rulebook's). */
export type DeEvent = EventsOf<DeEvents>;

/** The day or night an event opens: the engine's `phase.entered`, or the rulebook's `phase.opened` of older logs. */
export function opened(e: DeEvent): { readonly phase: string; readonly n: number } | undefined {
  if (e.type === 'phase.entered') return { phase: e.data.phase, n: e.data.round };
  return e.type === 'phase.opened' ? e.data : undefined;
}

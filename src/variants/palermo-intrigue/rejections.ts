// The palermo-intrigue rejection codes: palermo's plus INT §6.3.
import type { Actor, Param } from '../../core/types.ts';
import type { Builder } from '../../engine/builder.ts';
import type { PalRejectionCode } from '../palermo/rejections.ts';
import type { IntEvents } from './events.ts';

/** Every code palermo-intrigue adds to palermo's. */
export const INT_REJECTIONS = [
  'R-STATE',
  'R-TARGET-STATE',
  'R-TARGET-NOT-VOTABLE',
  'R-LOCKED',
  'R-EXT-ONCE',
  'R-EXT-CONTENT',
  'R-EXT-NOVOTE',
  'R-VOTE-LOCKED',
  'R-NIGHT-CLOSED',
  'R-NIGHT-DONE',
  'R-DEAD-TIME',
  'R-CARD-NONE',
  'R-CARD-WINDOW',
  'R-SELF',
  'R-DETENTION-USED',
  'R-EXECUTOR',
  'R-LAWYER-REPEAT',
  'R-CC-SAME',
  'R-CC-SELF',
  'R-OUT-HIDDEN-FIRST',
  'R-OUT-SPECIAL-USED',
  'R-MASSACRE-CLAIM',
  'R-VENDETTA-CLOSED',
  'R-NO-QUIT',
  'R-SIGNUP-BANNED',
] as const;

/** A rejection code a palermo-intrigue game may give. */
export type IntRejectionCode = PalRejectionCode | (typeof INT_REJECTIONS)[number];

/** The builder of palermo-intrigue code. */
export type IntBuilder<V> = Builder<V, IntEvents, IntRejectionCode>;

/** Refuses an action with one of the rulebook's codes. */
export function reject<V>(
  b: IntBuilder<V>,
  actor: Actor,
  code: IntRejectionCode,
  params: Record<string, Param> = {},
  detail?: { line?: string; flag?: boolean },
): void {
  b.reject(actor, code, params, detail);
}

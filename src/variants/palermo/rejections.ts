// The palermo rejection codes (the spec's R-… vocabulary): a refusal names one of these or an engine code.
import type { Actor, Param } from '../../core/types.ts';
import type { Builder } from '../../engine/builder.ts';
import type { EngineRejectionCode } from '../../engine/rejections.ts';
import type { PalEvents } from './events.ts';

/** Every code palermo itself rejects with. */
export const PAL_REJECTIONS = [
  'R-CONFIG',
  'R-KILL-LOST',
  'R-KILL-ROUND1',
  'R-LATE',
  'R-LW-USED',
  'R-NO-POST',
  'R-NURSE-REPEAT',
  'R-NURSE-SELF',
  'R-OUT-ACTIVE',
  'R-OUT-FROZEN',
  'R-OUT-GATE',
  'R-OUT-LONE',
  'R-OUT-NONE',
  'R-OUT-NOT-YOURS',
  'R-OUT-SELF',
  'R-OUT-TEAMMATE',
  'R-OUT-WINDOW',
  'R-ROLE',
  'R-ROUND-NOT-OPEN',
  'R-ROUND1',
  'R-RUNOFF-CANDIDATE',
  'R-RUNOFF-CLOSED',
  'R-TARGET-OUT',
  'R-VOTE-MULTI',
  'R-VOTE-PM',
  'R-VOTE-SELF',
  'R-VOTE-WITHDRAW',
] as const;

/** A rejection code a palermo game may give. */
export type PalRejectionCode = EngineRejectionCode | (typeof PAL_REJECTIONS)[number];

/** Refuses an action with one of palermo's codes (a misspelt code does not compile). */
export function reject<V>(
  b: Builder<V, PalEvents, PalRejectionCode>,
  actor: Actor,
  code: PalRejectionCode,
  params: Record<string, Param> = {},
  detail?: { line?: string; flag?: boolean },
): void {
  b.reject(actor, code, params, detail);
}

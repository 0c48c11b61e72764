// Role blocks (a reusable piece): a blocker switches off one player's abilities for a phase. Every submission of
// the blocked player is void, except those of kinds the rulebook declares immune (e.g. a team's collective kill).
import type { PlayerId } from '../core/types.ts';

/** A submitted ability use of a phase. */
export interface Submission {
  readonly by: PlayerId;
}

/** Splits submissions (keyed by ability kind) into those that stand and those the block voids. */
export function applyBlock<T extends Submission>(
  submissions: Readonly<Record<string, T>>,
  blocked: PlayerId | undefined,
  immune: readonly string[] = [],
): { readonly kept: Record<string, T>; readonly voided: string[] } {
  const kept: Record<string, T> = {};
  const voided: string[] = [];
  for (const [kind, sub] of Object.entries(submissions)) {
    if (blocked !== undefined && sub.by === blocked && !immune.includes(kind)) voided.push(kind);
    else kept[kind] = sub;
  }
  return { kept, voided };
}

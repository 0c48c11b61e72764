// Protection with memory (a reusable piece): a protector shields one player from the night kill; the choice of
// the previous night is remembered so that nobody is protected two nights in a row, whether or not that
// protection was effective.
import type { PlayerId } from '../core/types.ts';

/** What a protector chose in the previous phase (undefined when he made no choice). */
export interface ProtectionMemory {
  readonly last?: PlayerId;
}

/** Why a protection is refused, or 'ok'. */
export type ProtectionCheck = 'ok' | 'self' | 'repeat';

/** Checks a protection target against the rules: self-protection allowed or not, and the repeat ban. */
export function checkProtection(memory: ProtectionMemory, protector: PlayerId, target: PlayerId, opts: { readonly selfAllowed: boolean }): ProtectionCheck {
  if (!opts.selfAllowed && target === protector) return 'self';
  if (memory.last !== undefined && memory.last === target) return 'repeat';
  return 'ok';
}

/** The memory after a phase: the final choice counts even if it was blocked or never tested. */
export function rememberProtection(choice: PlayerId | undefined): ProtectionMemory {
  return choice === undefined ? {} : { last: choice };
}

/** True when a kill on `target` is stopped by an effective (not blocked) protection of `protectedId`. */
export function isShielded(target: PlayerId, protectedId: PlayerId | undefined, blocked: boolean): boolean {
  return !blocked && protectedId !== undefined && protectedId === target;
}

// Role choice by a team (a reusable piece): members choose special roles from a pool, each role at most once,
// first come first served, a choice (also "none") is final; members who did not choose get a random free role
// when the choice closes.
import type { PlayerId } from '../core/types.ts';
import type { Draws } from './rng.ts';

/** The outcome of one member's choice. */
export type ChoiceCheck = 'ok' | 'chosen' | 'taken' | 'unknown';

/** The roles of `pool` (canonical order) nobody has taken. */
export function freeRoles(pool: readonly string[], choices: Readonly<Record<PlayerId, string>>): string[] {
  const taken = new Set(Object.values(choices));
  return pool.filter((r) => !taken.has(r));
}

/** Checks a choice: `none` is the "no special role" value; a member chooses once. */
export function checkChoice(pool: readonly string[], choices: Readonly<Record<PlayerId, string>>, member: PlayerId, role: string, none: string): ChoiceCheck {
  if (choices[member] !== undefined) return 'chosen';
  if (role !== none && !pool.includes(role)) return 'unknown';
  if (role !== none && !freeRoles(pool, choices).includes(role)) return 'taken';
  return 'ok';
}

/**
 * Assigns a random free role to each member who did not choose, in the given order: one draw per pick from the
 * free roles in canonical order, the picked role leaving the list; none free → the member stays plain (no draw).
 */
export function assignRemaining(
  pool: readonly string[],
  choices: Readonly<Record<PlayerId, string>>,
  nonChoosers: readonly PlayerId[],
  draws: Draws,
): Record<PlayerId, string | undefined> {
  const free = freeRoles(pool, choices);
  const out: Record<PlayerId, string | undefined> = {};
  for (const id of nonChoosers) {
    if (free.length === 0) {
      out[id] = undefined;
      continue;
    }
    const i = draws.pickIndex(free.length);
    out[id] = free[i]!;
    free.splice(i, 1);
  }
  return out;
}

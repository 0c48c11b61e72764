// Absence counters (a reusable piece): a player in the game without a valid vote at a close gets one absence;
// a valid vote resets the consecutive count; reaching a limit removes the player (PAL-ABS-*).
import type { PlayerId } from '../core/types.ts';

/** A player's absences. */
export interface AbsenceCounter {
  readonly total: number;
  readonly consecutive: number;
}

/** Limits at which a player is removed. */
export interface AbsenceLimits {
  readonly consecutive: number;
  readonly total: number;
}

/** The counters after a close and who reached a limit (signup order kept from `inGame`). */
export function chargeAbsences(
  counters: Readonly<Record<PlayerId, AbsenceCounter>>,
  inGame: readonly PlayerId[],
  voted: ReadonlySet<PlayerId>,
  waived: ReadonlySet<PlayerId>,
  limits: AbsenceLimits,
): { counters: Record<PlayerId, AbsenceCounter>; charged: PlayerId[]; reached: PlayerId[] } {
  const next: Record<PlayerId, AbsenceCounter> = { ...counters };
  const charged: PlayerId[] = [];
  const reached: PlayerId[] = [];
  for (const id of inGame) {
    const c = counters[id] ?? { total: 0, consecutive: 0 };
    if (voted.has(id)) {
      next[id] = { total: c.total, consecutive: 0 };
    } else if (waived.has(id)) {
      next[id] = c;
    } else {
      const n = { total: c.total + 1, consecutive: c.consecutive + 1 };
      next[id] = n;
      charged.push(id);
      if (n.consecutive >= limits.consecutive || n.total >= limits.total) reached.push(id);
    }
  }
  return { counters: next, charged, reached };
}

// Absence counters (a reusable piece): a player in the game without a valid vote at a close gets one absence;
// a valid vote resets the consecutive count; reaching a limit removes the player (PAL-ABS-*).
import type { PlayerId } from '../core/types.ts';

/** A player's absences. */
export interface AbsenceCounter {
  readonly total: number;
  readonly consecutive: number;
}

/** A player's counter towards a penalty (the moderator's digest lists those near their limit; see Variant.standing). */
export interface Standing {
  readonly player: PlayerId;
  /** `absences` (in total), `consecutive` (absences in a row), `inactivity` (days), `warnings`. */
  readonly counter: 'absences' | 'consecutive' | 'inactivity' | 'warnings';
  readonly value: number;
  readonly limit: number;
}

/** The absence counters of the players in the game, both kinds, where they are above zero. */
export function absenceStanding(counters: Readonly<Record<PlayerId, AbsenceCounter>>, inGame: readonly PlayerId[], limits: AbsenceLimits): Standing[] {
  return inGame.flatMap((player) => {
    const c = counters[player];
    if (!c) return [];
    return [
      ...(c.total > 0 ? [{ player, counter: 'absences' as const, value: c.total, limit: limits.total }] : []),
      ...(c.consecutive > 0 ? [{ player, counter: 'consecutive' as const, value: c.consecutive, limit: limits.consecutive }] : []),
    ];
  });
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

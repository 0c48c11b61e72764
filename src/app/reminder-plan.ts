// The reminder plan of a game (issue 26): a slot `lead` before each pending deadline, and one moderator's digest per
// game day, derived from the game's state alone, so every instance that hears a commit plans the same slots and a
// boot can heal a plan a crash left behind. A paused, ended or not yet running game plans nothing: a pause drops
// the pending slots and the resume plans them again from the shifted deadlines (a reminder already sent stays sent,
// store/notify.ts). Pure: no I/O, no clock.
import type { Millis } from '../core/types.ts';
import type { GameState } from '../engine/state.ts';
import { localDate } from '../engine/time.ts';
import type { ReminderSlot } from '../store/notify.ts';

/** The leads every game has until its moderator sets others: 3 hours and 30 minutes before each deadline. */
export const DEFAULT_REMINDER_MINUTES: readonly number[] = [180, 30];

/** Longest lead a moderator may set (two days), and most leads per game. */
export const MAX_REMINDER_MINUTES = 2880;
/** Most leads a game may have. */
export const MAX_REMINDER_LEADS = 4;

/** The leads of a game in ms, longest first, from the moderator's minutes (or the defaults). */
export function leadsOf(minutes: readonly number[] | undefined): number[] {
  return [...new Set(minutes ?? DEFAULT_REMINDER_MINUTES)].sort((a, b) => b - a).map((m) => m * 60_000);
}

/** The id of a reminder slot. */
export const slotId = (gameId: string, deadlineId: string, leadMs: number): string => `${gameId} ${deadlineId}@${leadMs}`;

/**
 * The slots of a game: one per pending deadline and lead, and a digest on each game day that has a deadline, due
 * with that day's first reminder (its longest lead before its earliest deadline).
 */
export function planSlots(gameId: string, s: GameState<unknown>, leadsMs: readonly number[]): ReminderSlot[] {
  if (s.status !== 'running' || s.pausedSince !== undefined || leadsMs.length === 0) return [];
  const out: ReminderSlot[] = [];
  const longest = Math.max(...leadsMs);
  const digests = new Map<string, ReminderSlot>();
  for (const d of s.deadlines) {
    for (const lead of leadsMs)
      out.push({ id: slotId(gameId, d.id, lead), gameId, kind: 'reminder', deadlineId: d.id, deadlineAt: d.at, leadMs: lead, dueAt: d.at - lead });
    const date = localDate(d.at, s.config.timeZone);
    const due: Millis = d.at - longest;
    const had = digests.get(date);
    if (!had || due < had.dueAt)
      digests.set(date, { id: `${gameId} digest@${date}`, gameId, kind: 'digest', deadlineId: d.id, deadlineAt: d.at, leadMs: longest, dueAt: due });
  }
  return [...out, ...digests.values()].sort((a, b) => a.dueAt - b.dueAt || (a.id < b.id ? -1 : 1));
}

/** A short fingerprint of a plan, to skip writing a plan that did not change (FNV-1a over the slots). */
export function planSignature(slots: readonly ReminderSlot[]): string {
  let h = 0x811c9dc5;
  const text = slots.map((x) => `${x.id}|${x.dueAt}|${x.deadlineAt}`).join('\n');
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `${slots.length}:${h.toString(16)}`;
}

// Inactivity, absences and «Овощ» warnings (spec §4.18 CIT-ACT-1..5, CIT-ACT-7): who was active on a game day, the
// counters of step D5 and the Prokurator's inactivity kill, the private reminder, `/absent`, and the warnings the host
// records in the player's cross-game profile.
import { phrase } from '../../core/params.ts';
import { MODERATOR, type PlayerId } from '../../core/types.ts';
import { announceIn } from '../../engine/channels.ts';
import { isAlive } from '../../engine/state.ts';
import type { IsoDate } from '../../engine/time.ts';
import { type B, cityOf, cityThread, genderOf, inCities, isDaytime, living, msg, nm, revealParam, type S } from './common.ts';
import { citOptions } from './options.ts';
import { VEGETABLE } from './state.ts';

/** Why a warning was issued (its profile entry's reason). */
export type WarningReason = 'inactivity' | 'suicide' | 'moderator';

/** CIT-ACT-1: whether the current instant lies inside a game day's `[dayStart, voteEnd)` (nights are not counted). */
function inDay(s: S, at: number): boolean {
  const v = s.v;
  return isDaytime(s) && at >= v.dayStart && at < v.voteEnd;
}

/**
 * CIT-ACT-1: the player posted in his city thread or the general thread, or had a command accepted; the first such
 * act of a game day is recorded (one moderator event a day, so the counters of D5 read the state alone).
 */
export function markActive(b: B, id: PlayerId): void {
  const s = b.state;
  if (s.status !== 'running' || !isAlive(s, id) || s.v.activeToday[id] || !inDay(s, b.at)) return;
  b.emit('cit.active', { player: id }, MODERATOR);
}

/** `DD.MM` (or `DD.MM.YYYY`) as the nearest such date that is not more than half a year before `today`. */
export function parseDate(arg: string, today: IsoDate): IsoDate | undefined {
  const m = /^\s*(\d{1,2})\.(\d{1,2})(?:\.(\d{4}))?\.?\s*$/u.exec(arg);
  if (!m) return undefined;
  const dd = m[1]!.padStart(2, '0');
  const mm = m[2]!.padStart(2, '0');
  const year = Number(today.slice(0, 4));
  const iso = (y: number) => `${y}-${mm}-${dd}`;
  let d = m[3] !== undefined ? iso(Number(m[3])) : iso(year);
  // A date in January written in December means the coming January.
  if (m[3] === undefined && Date.parse(d) < Date.parse(today) - 183 * 86_400_000) d = iso(year + 1);
  const t = new Date(`${d}T00:00:00Z`);
  if (Number.isNaN(t.getTime()) || t.toISOString().slice(0, 10) !== d) return undefined;
  return d;
}

/** «04.03» for a date. */
export function dayMonth(d: IsoDate): string {
  return `${d.slice(8, 10)}.${d.slice(5, 7)}`;
}

/** CIT-ACT-5: an accepted `/absent` for game day `d` (its conditions are declared in actions.ts): T-ABSENT in his thread. */
export function absent(b: B, id: PlayerId, d: IsoDate): void {
  const s = b.state;
  b.emit('cit.absent', { player: id, date: d });
  announceIn(b, cityThread(b.state, cityOf(s, id)), msg('T-ABSENT', { name: nm(s, id), g: genderOf(s, id), date: dayMonth(d) }));
  b.tell([id], msg('P-ACK-FINAL', { what: phrase('W-ACT-absent', { date: dayMonth(d) }) }));
}

/** CIT-ACT-7: records a «Овощ» warning (an engine event the host writes into the account's profile). */
export function warn(b: B, id: PlayerId, reason: WarningReason | string): void {
  const s = b.state;
  b.emit('player.warned', { player: id, name: nm(s, id), kind: VEGETABLE, date: s.v.date, reason }, MODERATOR);
}

/**
 * D5 (CIT-ACT-2, CIT-ACT-3): each living player's counter is reset when he was active (or absent, CIT-ACT-5) today
 * and incremented otherwise; those reaching `inactivityDaysToKill` die by the Prokurator's hand with T-PROK-KILL.
 * Returns the dead and those whose counter became 1 (their reminder goes out with the night, D10).
 */
export function chargeInactivity(b: B): { readonly killed: PlayerId[]; readonly remind: PlayerId[] } {
  const s = b.state;
  const o = citOptions(s.config);
  if (o.inactivityDaysToKill === 0) return { killed: [], remind: [] };
  const counters: Record<PlayerId, number> = {};
  for (const id of living(s)) {
    const active = s.v.activeToday[id] === true || (s.v.absences[id] ?? []).includes(s.v.date);
    counters[id] = active ? 0 : (s.v.inactive[id] ?? 0) + 1;
  }
  b.emit('cit.inactivity', { counters }, MODERATOR);
  const killed = living(s).filter((id) => counters[id]! >= o.inactivityDaysToKill);
  for (const id of killed) {
    const st = b.state;
    inCities(
      b,
      [cityOf(st, id)],
      true,
      msg('T-PROK-KILL', { name: nm(st, id), role: revealParam(st, id), vegetable: o.vegetableOnInactivityKill ? 'yes' : 'no' }),
    );
    if (o.vegetableOnInactivityKill) warn(b, id, 'inactivity');
    b.emit('player.removed', { player: id, how: 'inactivity' });
  }
  const remind = living(b.state).filter((id) => counters[id] === 1);
  return { killed, remind };
}

/** D10 (CIT-ACT-3): the private reminder to those with one inactive day (P-INACT-REMINDER). */
export function remindInactive(b: B, ids: readonly PlayerId[]): void {
  const s = b.state;
  const alive = ids.filter((id) => isAlive(s, id));
  if (alive.length > 0) b.tell(alive, msg('P-INACT-REMINDER', { voteEnd: citOptions(s.config).voteEnd }));
}

/** CIT-ACT-4, CIT-MOD-8: whether staff may still excuse the player today (before voteEnd of the current day). */
export function canExcuse(s: S, at: number): boolean {
  return isDaytime(s) && at < s.v.voteEnd;
}

// The judge recall (CIT-REC) and resignation (CIT-JUD-8): residents of a judge's city file and confirm a request
// in its inbox until the cutoff (voteStart − recallLeadHours); enough living confirmations remove the judge at once.
import type { PlayerId } from '../../core/types.ts';
import { MODERATOR } from '../../core/types.ts';
import { nextPlayDay } from '../../engine/calendar.ts';
import { announceIn } from '../../engine/channels.ts';
import { isAlive } from '../../engine/state.ts';
import { instantOf } from '../../engine/time.ts';
import {
  type B,
  cityName,
  cityOf,
  date,
  family,
  genderOf,
  inCities,
  isDaytime,
  msg,
  names,
  nm,
  phaseOf,
  recallInbox,
  residents,
  type S,
  time,
} from './common.ts';
import { recountCourt } from './court.ts';
import { vacancy } from './flow.ts';
import { citOptions } from './options.ts';

/** CIT-REC-2: the game day whose window the instant falls in, or null (the cutoff has passed, or Day 0). */
export function windowDay(s: S, at: number): number | null {
  const v = s.v;
  if (phaseOf(s) === 'night') return v.day + 1;
  const cut = v.voteStart - citOptions(s.config).recallLeadHours * 3_600_000;
  return v.day >= 1 && at < cut ? v.day : null;
}

/** The cutoff of a window day as an instant (the current day's, or the next morning's day during the night). */
function cutoffOf(s: S): number {
  const o = citOptions(s.config);
  const v = s.v;
  const d = phaseOf(s) === 'night' ? nextPlayDay(s.calendar, v.date) : v.date;
  return instantOf(d, o.voteStart, s.config.timeZone) - o.recallLeadHours * 3_600_000;
}

/** CIT-REC-4: N = max(min(B, E), min(4, L)), B the request's base (4 unless staff set it, CIT-MOD-6). */
export function threshold(s: S, city: number): number {
  const judge = s.v.judge[city];
  const E = residents(s, city).filter((id) => id !== judge).length;
  const L = family(s, city).length;
  return Math.max(Math.min(s.v.recall[city]?.base ?? 4, E), Math.min(4, L));
}

/** CIT-REC-4, CIT-REC-5: after a death in a city with an open request, N is recomputed and announced when it moved. */
export function recheck(b: B, city: number, before: number): void {
  const s = b.state;
  const r = s.v.recall[city];
  if (!r) return;
  const N = threshold(s, city);
  if (N !== before) inCities(b, [city], false, msg('T-RECALL-THRESHOLD', { judge: nm(s, r.judge), N }));
  if (r.confirmers.filter((x) => isAlive(s, x)).length >= N) removed(b, city, r.day);
}

/** CIT-MOD-6: staff set the base of an open request within max(1, L) ≤ B ≤ 4 (only while L < 4). */
export function setBase(b: B, city: number, base: number): { code: string; params?: Record<string, string | number> } | undefined {
  const s = b.state;
  const r = s.v.recall[city];
  if (!r) return { code: 'R-MOD-ARGS', params: { detail: 'no recall request is open in that city' } };
  const L = family(s, city).length;
  const min = Math.max(1, L);
  if (L >= 4 || base < min || base > 4) return { code: 'REJ-STAFF-RANGE', params: { min } };
  const before = threshold(s, city);
  b.emit('cit.recall.base', { city, base }, MODERATOR);
  const N = threshold(b.state, city);
  if (N !== before) inCities(b, [city], false, msg('T-RECALL-THRESHOLD', { judge: nm(s, r.judge), N }));
  const k = r.confirmers.filter((x) => isAlive(b.state, x)).length;
  if (k >= N) removed(b, city, r.day);
  return undefined;
}

/** REJ-REC-LATE's parameters: the day's cutoff. */
export function recallLate(s: S): { time: string } {
  return { time: time(s, s.v.voteStart - citOptions(s.config).recallLeadHours * 3_600_000) };
}

/** The player already filed or confirmed the request of window day `day` (REJ-REC-DUP). */
export function confirmedOn(s: S, id: PlayerId, day: number | null): boolean {
  const open = s.v.recall[cityOf(s, id)];
  return open !== null && open !== undefined && open.day === day && open.confirmers.includes(id);
}

/** CIT-REC-1..6: a `/recall` of a living resident, accepted (the conditions are declared in actions.ts). */
export function recall(b: B, id: PlayerId): void {
  const s = b.state;
  const c = cityOf(s, id);
  const judge = s.v.judge[c]!;
  const day = windowDay(s, b.at)!;
  const open = s.v.recall[c];
  const current = open && open.day === day ? open : null;
  const cut = cutoffOf(s);
  b.emit('cit.recall', { city: c, day, by: id, date: date(s, cut) }, MODERATOR);
  const st = b.state;
  const N = threshold(st, c);
  if (!current) {
    // CIT-REC-3: the initiator is not named.
    inCities(b, [c], false, msg('T-RECALL-FILED', { judge: nm(st, judge), N, city: cityName(st, c), time: time(st, cut), date: date(st, cut) }));
  }
  // CIT-REC-5: the confirmation is declared in the request's inbox, where every confirmer sees who has confirmed.
  const living = st.v.recall[c]!.confirmers.filter((x) => isAlive(st, x));
  const k = living.length;
  announceIn(b, recallInbox(st, c)!, msg('P-RECALL-INBOX', { judge: nm(st, judge), names: names(st, living), k, N, time: time(st, cut), date: date(st, cut) }));
  if (k >= N) removed(b, c, day);
}

/** CIT-REC-6, CIT-REC-8: the judge is removed at once; he cannot stand in elections up to Day D+2. */
function removed(b: B, city: number, day: number): void {
  const s = b.state;
  const judge = s.v.judge[city]!;
  let through = phaseOf(s) === 'night' ? nextPlayDay(s.calendar, s.v.date) : s.v.date;
  for (let i = 0; i < 2; i++) through = nextPlayDay(s.calendar, through);
  b.emit('cit.recall.ended', { city, how: 'removed', bannedThrough: day + 2, bannedDate: `${through.slice(8, 10)}.${through.slice(5, 7)}` }, MODERATOR);
  const o = citOptions(s.config);
  const d = phaseOf(s) === 'night' ? nextPlayDay(s.calendar, s.v.date) : s.v.date;
  const vs = instantOf(d, o.voteStart, s.config.timeZone);
  inCities(
    b,
    [city],
    true,
    msg('T-RECALL-OK', {
      judge: nm(s, judge),
      g: genderOf(s, judge),
      city: cityName(s, city),
      voteStart: time(s, vs),
      voteEnd: o.voteEnd,
      date: date(s, vs),
    }),
  );
  vacancy(b, city, true);
  recountCourt(b);
}

/** CIT-REC-7: at the cutoff an unconfirmed request expires. */
export function cutoff(b: B): void {
  const s = b.state;
  s.v.recall.forEach((r, c) => {
    if (!r || r.day !== s.v.day) return;
    const k = r.confirmers.filter((x) => isAlive(s, x)).length;
    b.emit('cit.recall.ended', { city: c, how: 'expired' }, MODERATOR);
    inCities(b, [c], false, msg('T-RECALL-EXPIRED', { judge: nm(s, r.judge), k, N: threshold(s, c) }));
  });
}

/** CIT-REC-9: the judge died or resigned while a request was open. */
export function closeRecall(b: B, city: number, why: 'dead' | 'resigned'): void {
  const r = b.state.v.recall[city];
  if (!r) return;
  b.emit('cit.recall.ended', { city, how: 'closed' }, MODERATOR);
  inCities(b, [city], false, msg('T-RECALL-CLOSED', { judge: nm(b.state, r.judge), why }));
}

/** CIT-JUD-8: an acting judge resigns at once; his seat falls vacant (the election today before the cutoff). */
export function resign(b: B, id: PlayerId): void {
  const s = b.state;
  const c = s.v.judge.indexOf(id);
  closeRecall(b, c, 'resigned');
  const o = citOptions(s.config);
  const v = s.v;
  const today = isDaytime(s) && v.day >= 1 && b.at < v.voteStart - o.recallLeadHours * 3_600_000;
  const d = today ? v.date : nextPlayDay(s.calendar, v.date);
  const vs = instantOf(d, o.voteStart, s.config.timeZone);
  vacancy(b, c, true);
  recountCourt(b);
  inCities(
    b,
    [c],
    true,
    msg('T-RESIGN', { name: nm(s, id), g: genderOf(s, id), city: cityName(s, c), voteStart: time(s, vs), voteEnd: o.voteEnd, date: date(s, vs) }),
  );
}

// mafia-de's cycle as data (DE-SCHED-1…4): day N, then night N, then day N+1; a day ends at `dayEnd`, a night at
// `nightEnd`, each at the first such local time on a date that is not a pause and at least the phase's minimum
// length after it opened; a surrender post expires a few minutes after it was posted. The resolutions' steps are
// named in index.ts and written in flow.ts; the engine opens the phases (engine/phases.ts).
import type { Millis } from '../../core/types.ts';
import { type Calendar, isPlayDay } from '../../engine/calendar.ts';
import type { InstantDef, PlanContext, ScheduleDef, Words } from '../../engine/schedule.ts';
import { weekday } from '../../engine/time.ts';
import { opts, type S } from './common.ts';

/** The instants of mafia-de's cycle. */
export type DeInstant = 'day.end' | 'night.end' | 'surrender';

/**
 * DE-SCHED-2/3: a phase ends at the first `time` (an option) on a non-pause date at least `min` hours (an option)
 * after it opened. Day and night share the one `phase` deadline the moderator moves (DE-SCHED-5).
 */
function phaseEnd(id: 'day.end' | 'night.end', time: string, min: string, what: Words): InstantDef<DeInstant> {
  return { id, when: { first: { option: time }, atLeast: { option: min, unit: 'hours' } }, kind: 'phase', key: 'phase', what };
}

/** What the two phase ends resolve (spec §5.1, §5.2). */
const ENDS: Record<'day' | 'night', Words> = {
  day: {
    en: 'vote closes: votes published, lynch (tie: all tied), newspaper',
    de: 'Einsendeschluss: Stimmen veröffentlicht, Lynchmord (Gleichstand: alle), Zeitung',
  },
  night: { en: 'night ends: murder, queries, newspaper; next day begins', de: 'Nachtende: Mord, Abfragen, Zeitung; Tag N+1 beginnt' },
};

/** mafia-de's declared schedule. Both phase ends are the one pending `phase` deadline the moderator can move. */
export const DE_SCHEDULE: ScheduleDef<DeInstant> = {
  phases: [
    {
      id: 'day',
      what: { en: 'Day N', de: 'Tag N' },
      // D10, N14: the post that opens it names its deadline.
      enter: ['post'],
      // D9: a day's resolution opens the night of the same number (a won game ends instead).
      next: [{ at: 'day.end', to: [{ phase: 'night' }] }],
      instants: [phaseEnd('day.end', 'dayEnd', 'minDayHours', ENDS.day)],
      windows: [{ id: 'vote', opens: 'open', closes: { instant: 'day.end' }, what: { en: 'vote by PM', de: 'Stimme per PN' } }],
    },
    {
      id: 'night',
      what: { en: 'Night N', de: 'Nacht N' },
      // D9: Night 1 asks the mafiosi for their special roles; D10: the post names the night's deadline.
      enter: ['role-choice', 'post'],
      // N14: a night's resolution opens the next day.
      next: [{ at: 'night.end', to: [{ phase: 'day', round: 'next' }] }],
      instants: [phaseEnd('night.end', 'nightEnd', 'minNightHours', ENDS.night)],
      windows: [
        {
          id: 'orders',
          opens: 'open',
          closes: { instant: 'night.end' },
          what: { en: 'night orders and the death message', de: 'Nachtaktionen und Todesnachricht' },
        },
        {
          id: 'role-choice',
          opens: 'open',
          closes: { instant: 'night.end' },
          rounds: { only: [1] },
          what: { en: 'mafiosi choose their special roles', de: 'Mafiosi wählen ihre Sonderrollen' },
        },
      ],
    },
  ],
  timers: [
    {
      id: 'surrender',
      when: { after: 'action', delay: { option: 'surrenderWindowSeconds', unit: 'seconds' } },
      onDemand: true,
      key: 'surrender:{key}',
      what: { en: 'an unconfirmed surrender post expires', de: 'eine unbestätigte Kapitulation verfällt' },
    },
  ],
  pauses: {
    en: 'pause dates (and weekends with weekendPause): no deadline falls on one',
    de: 'Pausentage (mit weekendPause auch Wochenenden): keine Frist fällt auf einen Pausentag',
  },
};

/** Where a phase of a game opened at `from` falls, for planning its end (DE-SCHED-2/3/4). */
export function deContext(s: S, round: number | undefined, from: Millis): PlanContext {
  return { round, opensAt: from, timeZone: s.config.timeZone, options: opts(s), isPause: (d) => isPause(s, d) };
}

/** DE-SCHED-4: a pause date (configured, added by the moderator, weekend, or not a play day of the calendar). */
export function isPause(s: S, date: string): boolean {
  return isPauseDate(s.calendar, opts(s).weekendPause, s.v.pauseDates, date);
}

/** DE-SCHED-4 on plain data (the configuration check has no state yet). */
export function isPauseDate(calendar: Calendar, weekendPause: boolean, pauseDates: readonly string[], date: string): boolean {
  if (pauseDates.includes(date)) return true;
  if (weekendPause && weekday(date) >= 6) return true;
  return !isPlayDay(calendar, date);
}

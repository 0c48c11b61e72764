// palermo's day as data (spec §3, §5): the 13:00 murder from round 2, the 20:00 close, the runoff an hour after a
// tied close and its extension; the windows those instants close; what entering a phase does and where each phase
// goes after its instants (engine/phases.ts). The resolutions' steps are named in index.ts and written in flow.ts.

import type { PlanContext, ScheduleDef } from '../../engine/schedule.ts';
import type { GameState } from '../../engine/state.ts';
import type { IsoDate } from '../../engine/time.ts';
import { palOptions } from './options.ts';
import type { PalState } from './state.ts';

/** Fixed clock times of palermo (spec §3.4: fixed in this variant). */
export const KILL_TIME = '13:00';
/** The main vote closes at this local time. */
export const CLOSE_TIME = '20:00';
/** Length of a runoff poll in minutes (PAL-TIE-1). */
export const RUNOFF_MINUTES = 60;

/** The instants of palermo's day. */
export type PalInstant = 'kill' | 'close' | 'runoff' | 'extension';

/** palermo's declared schedule. */
export const PAL_SCHEDULE: ScheduleDef<PalInstant> = {
  phases: [
    {
      id: 'day',
      what: { en: 'round r on its play day D_r', el: 'γύρος r την εργάσιμη D_r' },
      // Entering the day resets the round's orders and records its times (PAL-CAL-2).
      enter: ['open-round'],
      // PAL-TIE-1: a tied close opens the runoff of the same round; otherwise round r+1 opens on the next play day.
      next: [
        {
          at: 'close',
          to: [
            { when: 'tied', phase: 'runoff' },
            { phase: 'day', round: 'next', date: 'next-play-day' },
          ],
        },
      ],
      instants: [
        {
          id: 'kill',
          when: { local: KILL_TIME },
          rounds: { from: 2 },
          what: { en: 'murder; team reveal in odd rounds', el: 'δολοφονία· αποκάλυψη ομάδας σε μονούς γύρους' },
        },
        {
          id: 'close',
          when: { local: CLOSE_TIME },
          what: {
            en: 'vote closes: tally, absences, reveal in even rounds, outing resolved',
            el: 'λήξη ψηφοφορίας, απουσίες, αποκάλυψη σε ζυγούς γύρους, κάρφωμα',
          },
        },
      ],
      windows: [
        { id: 'vote', opens: 'open', closes: { instant: 'close' }, what: { en: 'main vote', el: 'κύρια ψηφοφορία' } },
        { id: 'kill', opens: 'open', closes: { instant: 'kill' }, rounds: { from: 2 }, what: { en: "killers' murder order", el: 'εντολή δολοφονίας' } },
        { id: 'protect', opens: 'open', closes: { instant: 'kill' }, rounds: { from: 2 }, what: { en: "nurse's protection", el: 'προστασία νοσοκόμας' } },
        {
          id: 'outing',
          opens: 'open',
          closes: { instant: 'kill' },
          what: { en: 'ordinary outing (opens at the previous close)', el: 'κάρφωμα (ανοίγει στο προηγούμενο κλείσιμο)' },
        },
      ],
    },
    {
      id: 'runoff',
      what: { en: 'runoff after a tied close', el: 'δημοσκόπηση μετά από ισοψηφία' },
      enter: ['open-runoff'],
      // PAL-TIE-4: a poll still tied goes on as its extension; a decided one opens round r+1 on the next play day.
      next: [
        {
          at: 'runoff',
          to: [
            { when: 'runoff-goes-on', stay: true },
            { phase: 'day', round: 'next', date: 'next-play-day' },
          ],
        },
        {
          at: 'extension',
          to: [
            { when: 'runoff-goes-on', stay: true },
            { phase: 'day', round: 'next', date: 'next-play-day' },
          ],
        },
      ],
      instants: [
        {
          id: 'runoff',
          when: { after: 'close', delay: { minutes: RUNOFF_MINUTES } },
          onDemand: true,
          what: { en: 'runoff poll ends (a tie: one extension)', el: 'λήξη δημοσκόπησης (ισοψηφία: μία παράταση)' },
        },
        {
          id: 'extension',
          kind: 'runoff',
          when: { after: 'runoff', delay: { option: 'runoffExtensionMinutes', unit: 'minutes' } },
          onDemand: true,
          what: { en: 'extension ends (still tied: a lot)', el: 'λήξη παράτασης (ισοψηφία: κλήρωση)' },
        },
      ],
      windows: [{ id: 'ballot', opens: 'open', closes: { instant: 'runoff' }, what: { en: 'runoff ballot', el: 'ψήφος δημοσκόπησης' } }],
    },
  ],
  pauses: { en: 'weekends and holidays (default: Greek public holidays)', el: 'Σαββατοκύριακα και αργίες (προεπιλογή: ελληνικές αργίες)' },
};

/** Where round `round` (on `date`, default the open round's) of a game falls, for planning its instants. */
export function palContext(s: GameState<PalState>, round = s.v.round, date: IsoDate = s.v.date): PlanContext {
  return { round, date, opensAt: s.clock, timeZone: s.config.timeZone, options: palOptions(s.config) };
}

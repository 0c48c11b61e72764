// mafia-cities' day as data (spec §3): a game day runs from dayStart to voteEnd, with the recall cut-off
// recallLeadHours before voteStart; the night runs to dayStart of the next game date (a pause lengthens it). The
// hooks are in index.ts, the steps in flow.ts and recall.ts.
import { isPlayDay } from '../../engine/calendar.ts';
import type { PlanContext, ScheduleDef } from '../../engine/schedule.ts';
import type { IsoDate } from '../../engine/time.ts';
import type { S } from './common.ts';
import { citOptions } from './options.ts';

/** The instants of a mafia-cities cycle. */
export type CitInstant = 'cutoff' | 'vote.start' | 'vote.end' | 'night.end';

/** mafia-cities' declared schedule (CIT §3.1–3.3). */
export const CIT_SCHEDULE: ScheduleDef<CitInstant> = {
  phases: [
    {
      id: 'day',
      what: { en: 'Day k (Day 0: the start date)', ru: 'игровой день (день 0 — дата старта)' },
      instants: [
        {
          id: 'cutoff',
          when: { before: 'vote.start', lead: { option: 'recallLeadHours', unit: 'hours' } },
          rounds: { from: 1 },
          what: {
            en: 'recall cut-off; later vacancies are filled the next game day',
            ru: 'срок требований о снятии судьи; позже освободившиеся места заполняются на следующий игровой день',
          },
        },
        {
          id: 'vote.start',
          when: { local: { option: 'voteStart' } },
          what: { en: 'nominations (and judge candidacy) close, voting opens', ru: 'конец выдвижения (и кандидатур в судьи), начало голосования' },
        },
        {
          id: 'vote.end',
          when: { local: { option: 'voteEnd' } },
          what: {
            en: 'day-end resolution; Day 0: judge results, Godfather election closes; the night starts',
            ru: 'итоги дня; в день 0 — итоги выборов судей и конец выборов Крёстного отца; начинается ночь',
          },
        },
      ],
      windows: [
        {
          id: 'nominate',
          opens: 'open',
          closes: { instant: 'vote.start' },
          rounds: { from: 1 },
          what: { en: 'one nomination per day', ru: 'одно выдвижение в день' },
        },
        {
          id: 'execution-vote',
          opens: { instant: 'vote.start' },
          closes: { instant: 'vote.end' },
          rounds: { from: 1 },
          what: { en: 'execution vote', ru: 'голосование о казни' },
        },
        {
          id: 'recall',
          opens: 'open',
          closes: { instant: 'cutoff' },
          rounds: { from: 1 },
          what: { en: 'recall requests and confirmations (opened at 22:00)', ru: 'требования о снятии судьи и подтверждения (открыты с 22:00)' },
        },
        { id: 'doctor', opens: 'open', closes: { instant: 'vote.end' }, what: { en: 'doctor window', ru: 'ход врача' } },
        {
          id: 'godfather',
          opens: 'open',
          closes: { instant: 'vote.end' },
          rounds: { only: [0] },
          what: { en: 'initial Godfather election', ru: 'первые выборы Крёстного отца' },
        },
        {
          id: 'campaign',
          opens: { action: 'vacancy' },
          closes: { instant: 'vote.start' },
          onDemand: true,
          what: { en: 'judge candidacy and campaign', ru: 'кандидатуры в судьи и агитация' },
        },
        {
          id: 'judge-vote',
          opens: { instant: 'vote.start' },
          closes: { instant: 'vote.end' },
          onDemand: true,
          what: { en: 'judge election vote', ru: 'голосование на выборах судьи' },
        },
      ],
    },
    {
      id: 'night',
      what: { en: 'Night k+1: threads closed', ru: 'ночь: темы закрыты' },
      instants: [
        {
          id: 'night.end',
          when: { first: { option: 'dayStart' }, atLeast: { minutes: 0 } },
          what: { en: 'end-of-night resolution, morning post; Day k+1 opens', ru: 'итоги ночи, утренний пост; начинается следующий день' },
        },
      ],
      windows: [
        {
          id: 'threads',
          opens: 'open',
          closes: { instant: 'night.end' },
          mode: 'locked',
          what: { en: 'threads closed (nightThreadsLocked)', ru: 'темы закрыты на ночь' },
        },
        {
          id: 'night-commands',
          opens: 'open',
          closes: { instant: 'night.end' },
          what: {
            en: 'mafia, tour, maniac, commissioner; relay; recall filing',
            ru: 'мафия, гастроли, маньяк, комиссар; передача сообщений; подача требований о снятии',
          },
        },
      ],
    },
  ],
  pauses: {
    en: 'pauseDates and days outside workingDays are not game days: a night across them lengthens',
    ru: 'дни паузы и нерабочие дни — не игровые: ночь через них удлиняется',
  },
};

/** Where a phase of a game opening at `opensAt` on `date` falls, for planning its instants. */
export function citContext(s: S, round: number, date: IsoDate, opensAt: number): PlanContext {
  return { round, date, opensAt, timeZone: s.config.timeZone, options: citOptions(s.config), isPause: (d) => !isPlayDay(s.calendar, d) };
}

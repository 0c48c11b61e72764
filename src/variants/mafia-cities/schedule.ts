// mafia-cities' day as data (spec §3): a game day runs from dayStart to voteEnd, with the recall cut-off
// recallLeadHours before voteStart; the night runs to dayStart of the next game date (a pause lengthens it). Every
// city keeps the one clock (§3.1), so the phases are the game's, not a city's: Day k (nominations), its vote from
// voteStart, Night k+1 (its round is the day it leads to). What entering a phase does and where it goes are declared
// here, each instant's resolution in index.ts; flow.ts writes the steps (engine/phases.ts runs them).
import type { ScheduleDef } from '../../engine/schedule.ts';

/** The instants of a mafia-cities cycle. */
export type CitInstant = 'cutoff' | 'vote.start' | 'vote.end' | 'night.end';

/** The phases of a mafia-cities cycle. */
export type CitPhase = 'day' | 'vote' | 'night';

/** mafia-cities' declared schedule (CIT §3.1–3.3). */
export const CIT_SCHEDULE: ScheduleDef<CitInstant> = {
  phases: [
    {
      id: 'day',
      what: { en: 'Day k (Day 0: the start date)', ru: 'игровой день (день 0 — дата старта)' },
      // CIT-RES-2 N8, N9: a day opens with the morning post and the consequences of the night's deaths; a win then
      // ends the game before the day's instants are planned. Day 0 opens with the start instead (§1.2).
      enter: ['open-day', 'day-zero', 'morning-post', 'night-deaths', 'elections-today', 'morning-win', 'plan', 'pins'],
      // The vote's instants are the day's (planned together at dayStart, so that an extension moves them).
      next: [{ at: 'vote.start', to: [{ phase: 'vote' }] }],
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
      id: 'vote',
      what: { en: 'the vote of Day k, voteStart to voteEnd', ru: 'голосование игрового дня, до конца голосования' },
      // CIT-NOM-6, CIT-JUD-5: the lists of the execution vote and of today's judge elections.
      enter: ['voting', 'vote-lists'],
      instants: [],
      // CIT-RES-1 D10: Night k+1 follows unless the day-end resolution ended the game.
      next: [{ at: 'vote.end', to: [{ phase: 'night', round: 'next' }] }],
    },
    {
      id: 'night',
      what: { en: 'Night k+1: threads closed', ru: 'ночь: темы закрыты' },
      // D10 (CIT-TOUR-2, CIT-DOC-4): the protection and the touring city are fixed as the night opens.
      enter: ['protection', 'plan', 'open-night', 'remind-inactive', 'pins-after-day'],
      // CIT-RES-2: Day k+1 opens on the date of the night's end.
      next: [{ at: 'night.end', to: [{ phase: 'day', date: 'morning' }] }],
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

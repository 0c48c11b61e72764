// The `mafia-cities` rulebook (Russian forum multi-city Mafia, spec rules/mafia-cities.md): data plus the hooks the
// engine calls. Several cities play one game, each with its own thread, vote, family, commissioner and judge.
import { MODERATOR } from '../../core/types.ts';
import { nextPlayDay } from '../../engine/calendar.ts';
import { syntaxOf } from '../../engine/game.ts';
import { defineTimetable } from '../../engine/schedule.ts';
import type { GameState } from '../../engine/state.ts';
import { instantOf, localDate } from '../../engine/time.ts';
import { type DefinedVariant, defineVariant, type LiveCount } from '../../engine/variant.ts';
import { ACTIONS } from './actions.ts';
import { channels, living, phaseOf, residents, type S } from './common.ts';
import type { CitEvents } from './events.ts';
import { FIRING } from './firing.ts';
import { CIT_FLOW, type CitScratch, deal, start } from './flow.ts';
import { en, ru } from './messages.ts';
import { MOD_ACTIONS, MOD_KIT, moderate } from './moderator.ts';
import { citOptions, options } from './options.ts';
import { commandLines, onEdit, onPm, onPost } from './reading.ts';
import { cutoff as recallCutoff } from './recall.ts';
import { defaultRoles, ROLES, SIDES } from './roles.ts';
import { CIT_SCHEDULE, type CitInstant } from './schedule.ts';
import { dutyOf, outsideDuty, staffDuties, staffSignup } from './staff.ts';
import { staffEn, staffRu } from './staff-messages.ts';
import { type CitState, cityChannel, evolveCit, initialCit } from './state.ts';
import { refreshPins } from './status.ts';
import { ranking } from './tally.ts';
import { shiftOnResume } from './time-powers.ts';
import { citiesVoteSteps } from './vote-log.ts';

/** CIT-VOTE-6: the standing votes of every city, each line in its city's thread, ranked as the tally ranks them. */
function voteCount(s: S): LiveCount | null {
  const v = s.v;
  if (phaseOf(s) !== 'vote' || v.day < 1) return null;
  const lines = v.cities.flatMap((_, c) => {
    const by = v.votes[c]!;
    return ranking(s, c).map((r) => ({
      target: r.target,
      voters: r.votes.map((x) => Object.keys(by).find((voter) => by[voter] === x)!),
      channel: cityChannel(c),
    }));
  });
  const voted = new Set(v.cities.flatMap((_, c) => Object.keys(v.votes[c]!)));
  // Each city's thread lists its own residents who have not voted (CIT-VOTE-1: a resident votes in his city alone).
  const notVotedIn = Object.fromEntries(v.cities.map((_, c) => [cityChannel(c), residents(s, c).filter((id) => !voted.has(id))]));
  return { round: v.day, phase: 'vote', lines, notVoted: living(s).filter((id) => !voted.has(id)), notVotedIn };
}

/**
 * mafia-cities' schedule with each instant's resolution as named steps in order (flow.ts writes them; the engine
 * runs them and follows the phases' declared transitions, engine/phases.ts). Logs written before the engine kept the
 * phase read their day, vote and night openings as the phase changes they were.
 */
const TIMETABLE = defineTimetable<CitState, CitEvents, CitInstant, CitScratch>({
  schedule: CIT_SCHEDULE,
  hooks: {
    // CIT-REC-7: unconfirmed recall requests expire.
    cutoff: recallCutoff,
    // CIT-NOM-6: nothing resolves; the vote opens (schedule.ts).
    'vote.start': [],
    // CIT-RES-1 D1–D9; the night follows (its entering steps post T-NIGHT and the pins, CIT-ANN-1).
    'vote.end': ['standing', 'missed-calls', 'court-verdict', 'executions', 'inactivity', 'judge-results', 'gf-elections', 'day-deaths', 'day-win'],
    // CIT-RES-2 N2–N7; the day follows (its entering steps post the morning, N8–N9).
    'night.end': ['standing', 'night-kills', 'family-reports'],
  },
  flow: CIT_FLOW,
  logged: {
    'cit.day': (d: CitEvents['cit.day']) => ({ open: 'day', round: d.day, date: d.date }),
    'cit.voting': (d: CitEvents['cit.voting'], s: GameState<CitState>) => ({ open: 'vote', round: d.day, date: s.phases.at(-1)?.date }),
    'cit.night': (d: CitEvents['cit.night'], s: GameState<CitState>) => ({ open: 'night', round: d.night, date: s.phases.at(-1)?.date }),
  },
  options: citOptions,
});

/** The mafia-cities variant. */
export const mafiaCities: DefinedVariant<CitState, typeof options, CitEvents> = defineVariant({
  id: 'mafia-cities',
  // Votes are thread posts in each city's thread: everyone reads them.
  ballots: 'public',
  names: { ru: 'Мафия: города', en: 'Mafia: cities (Russian forum rules)' },
  defaultLocale: 'ru',
  locales: ['ru', 'en'],
  defaultTimeZone: 'Europe/Moscow',
  // §3.4: every weekday is a game day by default, and no holidays.
  defaultCalendar: { workingWeekdays: [1, 2, 3, 4, 5, 6, 7], preset: 'none', extraPauseDays: [], extraWorkingDays: [] },
  minPlayers: 10,
  maxPlayers: 60,
  roles: ROLES,
  sides: SIDES,
  syntax: ACTIONS.syntax,
  messages: { ru: { ...ru, ...staffRu }, en: { ...en, ...staffEn } },
  optionsSchema: options,
  validateConfig(config) {
    const o = options.safeParse(config.options);
    if (!o.success) return o.error.issues.map((i) => i.message).join('; ');
    const t = (x: string) => Number(x.slice(0, 2)) * 60 + Number(x.slice(3));
    const { dayStart: ds, voteStart: vs, voteEnd: ve, recallLeadHours: lead } = o.data;
    // §3.4: dayStart < voteStart − recallLeadHours, voteStart < voteEnd ≤ 23:59.
    if (!(t(ds) < t(vs) - lead * 60 && t(vs) < t(ve)))
      return { field: 'options', reason: 'day', params: {}, message: 'the day needs dayStart < voteStart − recallLeadHours and voteStart < voteEnd' };
    return null;
  },
  initial: initialCit,
  // §3.3 unfreeze: the stored instants move with the deadlines the engine shifted.
  evolve: (v, e, s) => evolveCit(shiftOnResume(v, e), e, s.version, phaseOf(s) === 'night'),
  deal,
  // Day 0's entering steps post the pins (schedule.ts).
  start,
  timetable: TIMETABLE,
  // §3.3 freeze: while the game is paused every player input is refused (REJ-FROZEN): the toolkit's pause policy
  // (moderator.ts), applied by the engine before these hooks run.
  // CIT-ANN-1, CIT-VOTE-6: after every input the pinned posts follow what changed.
  post: (b, cmd) => {
    onPost(b, cmd);
    refreshPins(b);
  },
  edit: (b, cmd) => onEdit(b, cmd),
  // CIT-SET-1, CIT-SET-2: a second signup is refused; too few players postpone the start by one game day.
  signup: {
    duplicate: 'REJ-SIGNUP-DUP',
    // CIT-ENG-2: staff cannot sign up as players of the same game.
    refuse: staffSignup,
    tooFew(b, n, min) {
      const s = b.state;
      const next = instantOf(nextPlayDay(s.calendar, localDate(s.config.startAt, s.config.timeZone)), citOptions(s.config).dayStart, s.config.timeZone);
      b.upsertDeadlines({ id: 'start', kind: 'start', at: Math.max(next, b.at + 60_000) });
      b.say(MODERATOR, { key: 'MSG-START-POSTPONED', params: { n, min } });
      return true;
    },
  },
  pm: (b, cmd) => {
    onPm(b, cmd);
    refreshPins(b);
  },
  mod: (b, cmd) => {
    // CIT-ENG-3: staff run the rulebook's actions of their own capacity only.
    const outside = cmd.actor.kind === 'moderator' && MOD_ACTIONS[cmd.mod.action] ? outsideDuty(b.state, cmd.actor.name, cmd.mod.action) : undefined;
    if (outside) {
      b.refuse(cmd.actor, outside);
      return true;
    }
    const known = moderate(b, cmd);
    refreshPins(b);
    return known;
  },
  modActions: MOD_ACTIONS,
  modKit: MOD_KIT,
  actions: ACTIONS,
  // §0.1: what a post or PM holds is its first command line; the others are not read (and their author is told).
  recognise: (_s, cmd) =>
    commandLines(syntaxOf(mafiaCities), cmd)
      .slice(0, 1)
      .map((l) => (l.arg === '' ? { command: l.command } : { command: l.command, target: l.arg })),
  // The moderator's digest: inactive days towards the Prokurator's kill (CIT-ACT-2); none when it is off.
  standing: (s) => {
    const limit = citOptions(s.config).inactivityDaysToKill;
    if (limit === 0) return [];
    return living(s).flatMap((player) => {
      const value = s.v.inactive[player] ?? 0;
      return value > 0 ? [{ player, counter: 'inactivity' as const, value, limit }] : [];
    });
  },
  defaultRoles,
  channels,
  voteCount,
  // CIT-ENG-2, CIT-ENG-3: staff capacities and the duty of every non-public event.
  dutyOf,
  staffDuties,
  dayOf: (e) => (e.type === 'cit.day' ? e.data.day : undefined),
  voteSteps: citiesVoteSteps,
  voteOrder: 'time',
  firing: FIRING,
});

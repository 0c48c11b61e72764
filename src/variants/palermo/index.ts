// The `palermo` rulebook (Greek forum Palermo): data plus the hooks the engine calls.
import { absenceStanding } from '../../engine/absence.ts';
import { WEEKDAYS } from '../../engine/calendar.ts';
import { defineTimetable } from '../../engine/schedule.ts';
import { type GameState, playersIn } from '../../engine/state.ts';
import { type DefinedVariant, defineVariant } from '../../engine/variant.ts';
import { ACTIONS, onEdit, onPm, onPost } from './actions.ts';
import type { PalEvents } from './events.ts';
import { FIRING } from './firing.ts';
import { dayOrRunoffCount, deal, firstRoundFrom, PAL_ABSENCE_LIMITS, PAL_FLOW, type PalScratch, roundOneProblem, start } from './flow.ts';
import { el, en } from './messages.ts';
import { MOD_ACTIONS, MOD_KIT, moderate } from './moderator.ts';
import { options, palOptions } from './options.ts';
import { checkRoleList, defaultRoles, ROLES, SIDES, TEAMS } from './roles.ts';
import { PAL_SCHEDULE } from './schedule.ts';
import { evolvePal, initialPal, type PalState } from './state.ts';
import { palermoVoteSteps } from './vote-log.ts';

/** The end of a runoff poll or of its extension (spec §5.3), then the close's steps 5–9. */
const RUNOFF_END = ['runoff-tally', 'runoff-decision', 'outing', 'removals', 'reveal-voted-out', 'outing-penalty', 'close-post', 'close-win'] as const;

/**
 * palermo's schedule with each instant's resolution as named steps in order (flow.ts writes them; the engine runs
 * them and follows the phases' declared transitions, engine/phases.ts). Logs written before the engine kept the
 * phase read their round and runoff openings as the phase changes they were.
 */
const TIMETABLE = defineTimetable<PalState, PalEvents, 'kill' | 'close' | 'runoff' | 'extension', PalScratch>({
  schedule: PAL_SCHEDULE,
  hooks: {
    // Spec §5.1: the murder of round r at 13:00.
    kill: ['close-outing-window', 'protection', 'murder', 'reveal-murdered', 'void-votes', 'post', 'win'],
    // Spec §5.2: the close; a tie stops it after the absence removals and the runoff opens (schedule.ts).
    close: ['freeze-outing', 'tally', 'tie-removals', 'outing', 'removals', 'reveal-voted-out', 'outing-penalty', 'close-post', 'close-win'],
    // Spec §5.3: the runoff's end, or its extension's; then the close's steps 5–9.
    runoff: RUNOFF_END,
    extension: RUNOFF_END,
  },
  flow: PAL_FLOW,
  logged: {
    'round.opened': (d: PalEvents['round.opened']) => ({ open: 'day', round: d.round, date: d.date }),
    'runoff.opened': (d: PalEvents['runoff.opened'], s: GameState<PalState>) => ({ open: 'runoff', round: d.round, date: s.phases.at(-1)?.date }),
    'round.dated': (d: PalEvents['round.dated']) => ({ dated: 'day', date: d.date }),
  },
  options: palOptions,
});

/** The palermo variant. */
export const palermo: DefinedVariant<PalState, typeof options, PalEvents> = defineVariant({
  id: 'palermo',
  // Votes are thread posts: everyone may count them as they come.
  ballots: 'public',
  names: { el: 'Παλέρμο', en: 'Palermo (Greek forum rules)' },
  defaultLocale: 'el',
  locales: ['el', 'en'],
  defaultTimeZone: 'Europe/Athens',
  defaultCalendar: { workingWeekdays: WEEKDAYS, preset: 'GR', extraPauseDays: [], extraWorkingDays: [] },
  minPlayers: 7,
  maxPlayers: 60,
  roles: ROLES,
  teams: TEAMS,
  sides: SIDES,
  // PAL-GEN-8: the command syntax comes from the declared actions (every keyword accepted in every game).
  syntax: ACTIONS.syntax,
  actions: ACTIONS,
  firing: FIRING,
  messages: { el, en },
  optionsSchema: options,
  // PAL-GEN-6: which killers an informant knows is a secret of the informant (and the ΣΕ).
  secretOptions: ['informantKnows'],
  validateConfig(config) {
    if (config.fixedRoles && config.roleList) return 'give either fixed roles or a role list, not both';
    // PAL-DIST-1: a role list the rulebook cannot deal is refused when the game is created, not at its start.
    const badList = config.roleList ? checkRoleList(config.roleList, config.roleList.length) : null;
    if (badList) return { field: 'roleList', reason: 'deal', params: { detail: badList }, message: badList };
    return roundOneProblem(config);
  },
  // The deal may be a moderator's role list (checked when the game is created).
  dealFromList: true,
  // PAL-CAL-2: left to the rulebook, round 1 is the start's date when its vote closes after the start, else the next working day.
  firstRoundFrom: (config) => firstRoundFrom(config.calendar, config.timeZone, config.startAt),
  initial: initialPal,
  evolve: (v, e) => evolvePal(v, e),
  deal,
  start,
  timetable: TIMETABLE,
  post: onPost,
  edit: onEdit,
  pm: onPm,
  mod: moderate,
  modActions: MOD_ACTIONS,
  modKit: MOD_KIT,
  // The moderator's digest: absences towards PAL-ABS's limits.
  standing: (s) =>
    absenceStanding(
      s.v.absences,
      playersIn(s).map((p) => p.id),
      PAL_ABSENCE_LIMITS,
    ),
  defaultRoles,
  dayOf: (e) => (e.type === 'round.opened' ? e.data.round : undefined),
  // The live count: the main vote's record, or the runoff's ballots while it runs (PAL-VOTE-6, PAL-TIE-2).
  voteCount: dayOrRunoffCount,
  voteSteps: palermoVoteSteps,
});

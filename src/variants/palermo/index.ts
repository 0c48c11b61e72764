// The `palermo` rulebook (Greek forum Palermo): data plus the hooks the engine calls.
import { absenceStanding } from '../../engine/absence.ts';
import { WEEKDAYS } from '../../engine/calendar.ts';
import { defineTimetable } from '../../engine/schedule.ts';
import { playersIn } from '../../engine/state.ts';
import { type DefinedVariant, defineVariant } from '../../engine/variant.ts';
import { ACTIONS, onEdit, onPm, onPost } from './actions.ts';
import type { PalEvents } from './events.ts';
import { FIRING } from './firing.ts';
import { deal, PAL_ABSENCE_LIMITS, resolveClose, resolveKill, resolveRunoff, roundOneProblem, start } from './flow.ts';
import { el, en } from './messages.ts';
import { MOD_ACTIONS, MOD_KIT, moderate } from './moderator.ts';
import { options, palOptions } from './options.ts';
import { defaultRoles, ROLES, SIDES, TEAMS } from './roles.ts';
import { PAL_SCHEDULE, palPhase } from './schedule.ts';
import { evolvePal, initialPal, type PalState } from './state.ts';
import { palermoVoteSteps } from './vote-log.ts';

/** palermo's schedule with its hooks: what happens at each declared instant (flow.ts). */
const TIMETABLE = defineTimetable<PalState, PalEvents, 'kill' | 'close' | 'runoff' | 'extension'>({
  schedule: PAL_SCHEDULE,
  hooks: { kill: resolveKill, close: resolveClose, runoff: resolveRunoff, extension: resolveRunoff },
  phaseOf: palPhase,
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
    return roundOneProblem(config);
  },
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
  voteSteps: palermoVoteSteps,
});

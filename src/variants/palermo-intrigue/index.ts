// The `palermo-intrigue` rulebook: palermo with player states, Intrigue Cards, night roles, the Rival Mafioso and
// the 20:10 count. It reuses palermo's calendar, round-one check, texts and helpers, and replaces the day.
import type { PlayerId } from '../../core/types.ts';
import { absenceStanding } from '../../engine/absence.ts';
import { WEEKDAYS } from '../../engine/calendar.ts';
import { fold } from '../../engine/names.ts';
import { currentPhase } from '../../engine/phases.ts';
import { defineTimetable } from '../../engine/schedule.ts';
import type { GameState } from '../../engine/state.ts';
import { type DefinedVariant, defineVariant, type LegalAction } from '../../engine/variant.ts';
import { dayOrRunoffCount, firstRoundFrom, roundOneProblem } from '../palermo/flow.ts';
import { ACTIONS, onEdit, onPm, onPost } from './actions.ts';
import { CARDS, cardCounts } from './cards.ts';
import type { IntEvents } from './events.ts';
import { FIRING } from './firing.ts';
import { ABSENCE_LIMITS, deal, INT_FLOW, type IntScratch, resolveDetentionEnd, resolveEchoStart, start } from './flow.ts';
import { el, en } from './messages.ts';
import { MOD_ACTIONS, MOD_KIT, moderate } from './moderator.ts';
import { intOptions, options } from './options.ts';
import { checkRoleList, defaultRoles, ROLES, SIDES, TEAMS } from './roles.ts';
import { active, cond } from './rules.ts';
import { INT_SCHEDULE, type IntInstant } from './schedule.ts';
import { evolveInt, type IntState, initialInt } from './state.ts';
import { intrigueVoteSteps } from './vote-log.ts';

/** The end of a runoff poll or of its extension (INT-VOTE-8), then the count's steps 4–7 (§5.4). */
const RUNOFF_END = ['runoff-tally', 'removals', 'outing', 'close-post', 'close-win'] as const;

/**
 * palermo-intrigue's schedule with each instant's resolution as named steps in order (flow.ts writes them; the engine
 * runs them and follows the phases' declared transitions, engine/phases.ts); the card timers are hooks. Logs written
 * before the engine kept the phase read their round, runoff and night openings (and the night's end) as the phase
 * changes they were.
 */
const TIMETABLE = defineTimetable<IntState, IntEvents, IntInstant, IntScratch>({
  schedule: INT_SCHEDULE,
  hooks: {
    // §5.3: the 13:00 murder of round r ≥ 2.
    kill: ['close-windows', 'murder', 'win-checks'],
    // INT-VOTE-1: the 20:00 lock and the 20:05 change window.
    lock: ['lock'],
    ext: ['open-change'],
    // §5.4: the count; the night of round r+1 opens with it; a tie stops it after the absence removals (schedule.ts).
    close: ['freeze-outing', 'open-night', 'tally', 'tie-removals', 'removals', 'outing', 'close-post', 'close-win'],
    runoff: RUNOFF_END,
    extension: RUNOFF_END,
    // §5.2: the night's 00:00 and its 02:00 end.
    midnight: ['midnight'],
    dawn: ['dawn'],
    echo: resolveEchoStart,
    detention: (b, d) => {
      const [, player = '', t = '0'] = d.id.split(':');
      resolveDetentionEnd(b, player, Number(t));
    },
  },
  flow: INT_FLOW,
  logged: {
    'round.opened': (d: IntEvents['round.opened']) => ({ open: 'day', round: d.round, date: d.date }),
    'runoff.opened': (d: IntEvents['runoff.opened'], s: GameState<IntState>) => ({ open: 'runoff', round: d.round, date: currentPhase(s)?.date }),
    'night.opened': (_d: IntEvents['night.opened'], s: GameState<IntState>) => ({ open: 'night', round: s.v.round + 1, date: s.v.date, beside: true }),
    'night.closed': () => ({ close: 'night' }),
  },
  options: intOptions,
});

/** The palermo-intrigue variant. */
export const palermoIntrigue: DefinedVariant<IntState, typeof options, IntEvents> = defineVariant({
  id: 'palermo-intrigue',
  ballots: 'public',
  names: { el: 'Παλέρμο με Κάρτες Ίντριγκας', en: 'Palermo with Intrigue Cards' },
  defaultLocale: 'el',
  locales: ['el', 'en'],
  defaultTimeZone: 'Europe/Athens',
  defaultCalendar: { workingWeekdays: WEEKDAYS, preset: 'GR', extraPauseDays: [], extraWorkingDays: [] },
  minPlayers: 8,
  maxPlayers: 60,
  roles: ROLES,
  sides: SIDES,
  teams: TEAMS,
  // INT §2.1: the Intrigue Cards with their deal counts.
  pieces: [{ heading: { el: 'Κάρτες Ίντριγκας', en: 'Intrigue Cards' }, pieces: CARDS, counts: cardCounts }],
  // INT-CARD-2, PAL-GEN-8: the command syntax comes from the declared actions (every keyword accepted in every game).
  syntax: ACTIONS.syntax,
  actions: ACTIONS,
  firing: FIRING,
  messages: { el, en },
  optionsSchema: options,
  // INT-CARD-1: a hand fixed by the moderator is a secret like a fixed deal.
  secretOptions: ['cards'],
  validateConfig(config) {
    if (config.fixedRoles && config.roleList) return 'give either fixed roles or a role list, not both';
    // INT-DIST-1: a deal the rulebook cannot play is refused at creation when its size is already known.
    const list = config.roleList ?? (config.fixedRoles ? Object.values(config.fixedRoles) : undefined);
    const bad = list ? checkRoleList(list, list.length) : null;
    return bad ?? roundOneProblem(config);
  },
  // The deal may be a moderator's role list (checked when the game is created).
  dealFromList: true,
  // INT follows PAL-CAL-2 for round 1's date.
  firstRoundFrom: (config) => firstRoundFrom(config.calendar, config.timeZone, config.startAt),
  initial: () => initialInt(),
  evolve: (v, e) => evolveInt(v, e),
  deal,
  start,
  timetable: TIMETABLE,
  post: onPost,
  edit: onEdit,
  pm: onPm,
  mod: moderate,
  modActions: MOD_ACTIONS,
  modKit: MOD_KIT,
  // The moderator's digest: absences of the active players towards INT-ABS's limits.
  standing: (s) => absenceStanding(s.v.absences, active(s), ABSENCE_LIMITS),
  defaultRoles,
  signup: {
    // INT-ABS-5: a player banned by the previous game of the series cannot sign up (the ΣΕ lifts it by editing the list).
    refuse(s, name) {
      const banned = intOptions(s.config).banned ?? [];
      return banned.some((n) => fold(n) === fold(name)) ? { code: 'R-SIGNUP-BANNED', params: {} } : undefined;
    },
  },
  condition: (s, id: PlayerId) => cond(s, id),
  dayOf: (e) => (e.type === 'round.opened' ? e.data.round : undefined),
  // The live count: the round's ballots, or the runoff's while it runs (INT-VOTE-8).
  voteCount: dayOrRunoffCount,
  voteSteps: intrigueVoteSteps,
});

/** Re-exported for bots and tests. */
export type { LegalAction };

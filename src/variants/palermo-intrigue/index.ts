// The `palermo-intrigue` rulebook: palermo with player states, Intrigue Cards, night roles, the Rival Mafioso and
// the 20:10 count. It reuses palermo's calendar, round-one check, texts and helpers, and replaces the day.
import type { PlayerId } from '../../core/types.ts';
import { absenceStanding } from '../../engine/absence.ts';
import { WEEKDAYS } from '../../engine/calendar.ts';
import { fold } from '../../engine/names.ts';
import { commandExample, type SyntaxRule } from '../../engine/parse.ts';
import { defineTimetable } from '../../engine/schedule.ts';
import type { GameState } from '../../engine/state.ts';
import { type DefinedVariant, defineVariant, type LegalAction } from '../../engine/variant.ts';
import { roundOneProblem } from '../palermo/flow.ts';
import { onEdit, onPm, onPost } from './actions.ts';
import { CARDS, cardCounts } from './cards.ts';
import type { IntEvents } from './events.ts';
import { FIRING } from './firing.ts';
import {
  ABSENCE_LIMITS,
  deal,
  resolveClose,
  resolveDawn,
  resolveDetentionEnd,
  resolveEchoStart,
  resolveExt,
  resolveKill,
  resolveLock,
  resolveMidnight,
  resolveRunoff,
  start,
} from './flow.ts';
import { legalActions, SYNTAX_REF } from './legal.ts';
import { el, en } from './messages.ts';
import { MOD_ACTIONS, MOD_KIT, moderate } from './moderator.ts';
import { intOptions, options } from './options.ts';
import { checkRoleList, defaultRoles, ROLES, SIDES, TEAMS } from './roles.ts';
import { active, cond } from './rules.ts';
import { INT_SCHEDULE, type IntInstant } from './schedule.ts';
import { evolveInt, type IntState, initialInt } from './state.ts';
import { intrigueVoteSteps } from './vote-log.ts';

/** INT-CARD-2, INT-ROLE-*, INT-OUT-3, INT-MOD-2: the command syntax (palermo's plus the new commands). */
const SYNTAX: readonly SyntaxRule[] = [
  { command: 'vote', keywords: ['Ψήφος', 'Vote'], form: 'colon', where: 'post', taught: { el: 'Ψήφος', en: 'Vote' } },
  { command: 'vote', keywords: ['Ψηφίζω'], form: 'space', where: 'post' },
  { command: 'ballot', keywords: ['Δημοσκόπηση', 'Runoff'], form: 'colon', where: 'post', taught: { el: 'Δημοσκόπηση', en: 'Runoff' } },
  { command: 'kill', keywords: ['ΔΟΛΟΦΟΝΙΑ', 'Kill'], form: 'colon', where: 'pm', taught: { el: 'ΔΟΛΟΦΟΝΙΑ', en: 'Kill' } },
  { command: 'check', keywords: ['ΕΛΕΓΧΟΣ', 'Check'], form: 'colon', where: 'pm', taught: { el: 'ΕΛΕΓΧΟΣ', en: 'Check' } },
  { command: 'medium', keywords: ['ΜΕΝΤΙΟΥΜ', 'Medium'], form: 'colon', where: 'pm', taught: { el: 'ΜΕΝΤΙΟΥΜ', en: 'Medium' } },
  { command: 'protect', keywords: ['ΠΡΟΣΤΑΣΙΑ', 'Protect'], form: 'colon', where: 'pm', taught: { el: 'ΠΡΟΣΤΑΣΙΑ', en: 'Protect' } },
  { command: 'block', keywords: ['ΠΟΡΝΗ', 'Block'], form: 'colon', where: 'pm', taught: { el: 'ΠΟΡΝΗ', en: 'Block' } },
  { command: 'client', keywords: ['ΠΕΛΑΤΗΣ', 'Client'], form: 'colon', where: 'pm', taught: { el: 'ΠΕΛΑΤΗΣ', en: 'Client' } },
  { command: 'transfer', keywords: ['ΜΕΤΑΦΟΡΑ', 'Transfer'], form: 'colon', where: 'pm', taught: { el: 'ΜΕΤΑΦΟΡΑ', en: 'Transfer' } },
  { command: 'out', keywords: ['ΚΑΡΦΩΜΑ', 'Out'], form: 'colon', where: 'pm', taught: { el: 'ΚΑΡΦΩΜΑ', en: 'Out' } },
  { command: 'massacre', keywords: ['ΜΑΚΕΛΕΙΟ', 'Massacre'], form: 'colon', where: 'pm', taught: { el: 'ΜΑΚΕΛΕΙΟ', en: 'Massacre' } },
  { command: 'vendetta', keywords: ['ΒΕΝΤΕΤΑ', 'Vendetta'], form: 'colon', where: 'pm', taught: { el: 'ΒΕΝΤΕΤΑ', en: 'Vendetta' } },
  {
    command: 'withdraw',
    keywords: ['ΑΠΟΣΥΡΣΗ ΚΑΡΦΩΜΑΤΟΣ', 'Withdraw outing'],
    form: 'none',
    where: 'pm',
    taught: { el: 'ΑΠΟΣΥΡΣΗ ΚΑΡΦΩΜΑΤΟΣ', en: 'Withdraw outing' },
  },
  { command: 'card', keywords: ['ΚΑΡΤΑ', 'Card'], form: 'colon', where: 'pm', taught: { el: 'ΚΑΡΤΑ', en: 'Card' } },
  { command: 'quit', keywords: ['ΑΠΟΧΩΡΩ', 'I quit'], form: 'none', where: 'pm', taught: { el: 'ΑΠΟΧΩΡΩ', en: 'I quit' } },
  { command: 'join', keywords: ['Συμμετοχή', 'Join'], form: 'none', where: 'post', taught: { el: 'Συμμετοχή', en: 'Join' } },
  { command: 'leave', keywords: ['Αποχώρηση', 'Leave'], form: 'none', where: 'post', taught: { el: 'Αποχώρηση', en: 'Leave' } },
];

SYNTAX_REF.rules = SYNTAX;

/** How a command is written in a game of this locale. */
export function template(s: GameState<IntState>, command: string, arg = '{name}'): string {
  return commandExample(SYNTAX, command, s.config.locale, arg);
}

/** palermo-intrigue's schedule with its hooks: what happens at each declared instant (flow.ts). */
const TIMETABLE = defineTimetable<IntState, IntEvents, IntInstant>({
  schedule: INT_SCHEDULE,
  hooks: {
    kill: resolveKill,
    lock: resolveLock,
    ext: resolveExt,
    close: resolveClose,
    runoff: resolveRunoff,
    extension: resolveRunoff,
    midnight: resolveMidnight,
    dawn: resolveDawn,
    echo: resolveEchoStart,
    detention: (b, d) => {
      const [, player = '', t = '0'] = d.id.split(':');
      resolveDetentionEnd(b, player, Number(t));
    },
  },
  phaseOf: (s) => (s.v.phase === 'day' || s.v.phase === 'runoff' ? s.v.phase : undefined),
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
  syntax: SYNTAX,
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
  legalActions,
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
  voteSteps: intrigueVoteSteps,
});

/** Re-exported for bots and tests. */
export type { LegalAction };

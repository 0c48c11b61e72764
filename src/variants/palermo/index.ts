// The `palermo` rulebook (Greek forum Palermo): data plus the hooks the engine calls.
import type { PlayerId } from '../../core/types.ts';
import { absenceStanding } from '../../engine/absence.ts';
import { WEEKDAYS } from '../../engine/calendar.ts';
import { commandExample, type SyntaxRule } from '../../engine/parse.ts';
import { defineTimetable, windowUntil } from '../../engine/schedule.ts';
import { type GameState, isAlive, othersIn, playersIn } from '../../engine/state.ts';
import { type DefinedVariant, defineVariant, type LegalAction } from '../../engine/variant.ts';
import { onEdit, onPm, onPost } from './actions.ts';
import type { PalEvents } from './events.ts';
import { FIRING } from './firing.ts';
import { deal, killersIn, PAL_ABSENCE_LIMITS, resolveClose, resolveKill, resolveRunoff, roundOneProblem, start } from './flow.ts';
import { el, en } from './messages.ts';
import { MOD_ACTIONS, moderate } from './moderator.ts';
import { options, palOptions } from './options.ts';
import { defaultRoles, ROLES, SIDES, TEAMS } from './roles.ts';
import { PAL_SCHEDULE } from './schedule.ts';
import { evolvePal, initialPal, type PalState } from './state.ts';
import { palermoVoteSteps } from './vote-log.ts';

/**
 * PAL-GEN-8: the command syntax (canonical keywords; case- and accent-insensitive; one command per line). Every
 * keyword set is accepted in every game; `taught` is the one a game in that locale writes in its own texts.
 * PAL-SIGN-1: joining and leaving are command lines too (the keyword alone on its line), so "I do not want to
 * join" is discussion.
 */
const SYNTAX: readonly SyntaxRule[] = [
  { command: 'vote', keywords: ['Ψήφος', 'Vote'], form: 'colon', where: 'post', taught: { el: 'Ψήφος', en: 'Vote' } },
  { command: 'vote', keywords: ['Ψηφίζω'], form: 'space', where: 'post' },
  { command: 'ballot', keywords: ['Δημοσκόπηση', 'Runoff'], form: 'colon', where: 'post', taught: { el: 'Δημοσκόπηση', en: 'Runoff' } },
  { command: 'kill', keywords: ['ΔΟΛΟΦΟΝΙΑ', 'Kill'], form: 'colon', where: 'pm', taught: { el: 'ΔΟΛΟΦΟΝΙΑ', en: 'Kill' } },
  { command: 'protect', keywords: ['ΠΡΟΣΤΑΣΙΑ', 'Protect'], form: 'colon', where: 'pm', taught: { el: 'ΠΡΟΣΤΑΣΙΑ', en: 'Protect' } },
  { command: 'out', keywords: ['ΚΑΡΦΩΜΑ', 'Out'], form: 'colon', where: 'pm', taught: { el: 'ΚΑΡΦΩΜΑ', en: 'Out' } },
  {
    command: 'withdraw',
    keywords: ['ΑΠΟΣΥΡΣΗ ΚΑΡΦΩΜΑΤΟΣ', 'Withdraw outing'],
    form: 'none',
    where: 'pm',
    taught: { el: 'ΑΠΟΣΥΡΣΗ ΚΑΡΦΩΜΑΤΟΣ', en: 'Withdraw outing' },
  },
  { command: 'join', keywords: ['Συμμετοχή', 'Join'], form: 'none', where: 'post', taught: { el: 'Συμμετοχή', en: 'Join' } },
  { command: 'leave', keywords: ['Αποχώρηση', 'Leave'], form: 'none', where: 'post', taught: { el: 'Αποχώρηση', en: 'Leave' } },
];

/** How a command is written in a game of this locale (action templates, PAL-GEN-8). */
function template(s: GameState<PalState>, command: string): string {
  return commandExample(SYNTAX, command, s.config.locale, '{name}');
}

/** What a player may do now (forms, bots): mirrors the checks of actions.ts. */
function legalActions(s: GameState<PalState>, me: PlayerId): LegalAction[] {
  const v = s.v;
  if (s.status !== 'running') return [];
  const out: LegalAction[] = [];
  const role = s.players[me]?.role;
  if (!isAlive(s, me)) {
    const lw = v.lastWords[me];
    if (lw && lw.postId === undefined && s.clock < lw.until)
      out.push({ command: 'lastwords', via: 'post', template: s.config.locale === 'el' ? '<τελευταία λόγια>' : '<last words>', until: lw.until });
    return out;
  }
  if (v.phase === 'day')
    out.push({ command: 'vote', via: 'post', template: template(s, 'vote'), targets: othersIn(s, me), until: windowUntil(PAL_SCHEDULE, s, 'vote') });
  if (v.phase === 'runoff' && v.runoff) {
    out.push({
      command: 'ballot',
      via: 'post',
      template: template(s, 'ballot'),
      targets: v.runoff.candidates.filter((c) => c !== me && isAlive(s, c)),
      until: windowUntil(PAL_SCHEDULE, s, 'ballot'),
    });
  }
  const dayOpen = v.phase === 'day' && v.round >= 2 && !v.killDone;
  if (role === 'killer') {
    if (dayOpen && v.killLostRound !== v.round)
      out.push({
        command: 'kill',
        via: 'pm',
        template: template(s, 'kill'),
        targets: playersIn(s).map((p) => p.id),
        until: windowUntil(PAL_SCHEDULE, s, 'kill'),
      });
    const two = killersIn(s).length >= 2;
    if (two && v.outingOpen && (!v.outing || (v.outing.outer === me && !v.outing.frozen))) {
      out.push({
        command: 'out',
        via: 'pm',
        template: template(s, 'out'),
        targets: playersIn(s)
          .filter((p) => p.role !== 'killer')
          .map((p) => p.id),
      });
    }
    if (v.outing && v.outing.outer === me && !v.outing.frozen) out.push({ command: 'withdraw', via: 'pm', template: template(s, 'withdraw') });
  }
  if (role === 'nurse' && dayOpen) {
    out.push({
      command: 'protect',
      via: 'pm',
      template: template(s, 'protect'),
      targets: othersIn(s, me).filter((id) => id !== v.lastProtection),
      until: windowUntil(PAL_SCHEDULE, s, 'protect'),
    });
  }
  return out;
}

/** palermo's schedule with its hooks: what happens at each declared instant (flow.ts). */
const TIMETABLE = defineTimetable<PalState, PalEvents, 'kill' | 'close' | 'runoff' | 'extension'>({
  schedule: PAL_SCHEDULE,
  hooks: { kill: resolveKill, close: resolveClose, runoff: resolveRunoff, extension: resolveRunoff },
  phaseOf: (s) => (s.v.phase === 'day' || s.v.phase === 'runoff' ? s.v.phase : undefined),
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
  syntax: SYNTAX,
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
  legalActions,
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

// The `palermo` rulebook (Greek forum Palermo): data plus the hooks the engine calls.
import type { PlayerId } from '../../core/types.ts';
import { WEEKDAYS } from '../../engine/calendar.ts';
import { commandExample, type SyntaxRule } from '../../engine/parse.ts';
import { type GameState, isAlive, othersIn, playersIn } from '../../engine/state.ts';
import { type DefinedVariant, defineVariant, type LegalAction } from '../../engine/variant.ts';
import { onEdit, onPm, onPost } from './actions.ts';
import type { PalEvents } from './events.ts';
import { FIRING } from './firing.ts';
import { CLOSE_TIME, deal, KILL_TIME, killersIn, resolveClose, resolveKill, resolveRunoff, roundOneProblem, start } from './flow.ts';
import { el, en } from './messages.ts';
import { MOD_ACTIONS, moderate } from './moderator.ts';
import { options } from './options.ts';
import { defaultRoles, ROLES, SIDES, TEAMS } from './roles.ts';
import { evolvePal, initialPal, type PalState } from './state.ts';

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
  if (v.phase === 'day') out.push({ command: 'vote', via: 'post', template: template(s, 'vote'), targets: othersIn(s, me), until: v.closeAt });
  if (v.phase === 'runoff' && v.runoff) {
    out.push({
      command: 'ballot',
      via: 'post',
      template: template(s, 'ballot'),
      targets: v.runoff.candidates.filter((c) => c !== me && isAlive(s, c)),
      until: v.runoff.endsAt,
    });
  }
  const dayOpen = v.phase === 'day' && v.round >= 2 && !v.killDone;
  if (role === 'killer') {
    if (dayOpen && v.killLostRound !== v.round)
      out.push({ command: 'kill', via: 'pm', template: template(s, 'kill'), targets: playersIn(s).map((p) => p.id), until: v.killAt });
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
      until: v.killAt,
    });
  }
  return out;
}

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
  onDeadline(b, d) {
    if (d.kind === 'kill') resolveKill(b);
    else if (d.kind === 'close') resolveClose(b);
    else if (d.kind === 'runoff') resolveRunoff(b);
  },
  post: onPost,
  edit: onEdit,
  pm: onPm,
  mod: moderate,
  modActions: MOD_ACTIONS,
  legalActions,
  defaultRoles,
  schedule(locale) {
    const g = locale === 'el';
    return [
      { when: g ? 'έναρξη' : 'start', what: g ? 'μοίρασμα ρόλων με το seed, πμ ρόλων, ανακοίνωση έναρξης' : 'seeded deal, role PMs, start announcement' },
      { when: KILL_TIME, what: g ? 'δολοφονία (από τον 2ο γύρο)· αποκάλυψη ομάδας σε μονούς γύρους' : 'murder (from round 2); team reveal in odd rounds' },
      {
        when: CLOSE_TIME,
        what: g ? 'λήξη ψηφοφορίας, απουσίες, αποκάλυψη σε ζυγούς γύρους, κάρφωμα' : 'vote closes: tally, absences, reveal in even rounds, outing resolved',
      },
      { when: '20:00–21:00', what: g ? 'δημοσκόπηση σε ισοψηφία (+30/60 λεπτά, μετά κλήρωση)' : 'runoff on a tie (+30/60 min extension, then a lot)' },
      {
        when: g ? 'Σαββατοκύριακα, αργίες' : 'weekends, holidays',
        what: g ? 'παύση (προεπιλογή: ελληνικές αργίες)' : 'paused (default: Greek public holidays)',
      },
    ];
  },
});

// The `mafia-cities` rulebook (Russian forum multi-city Mafia, spec rules/mafia-cities.md): data plus the hooks the
// engine calls. Several cities play one game, each with its own thread, vote, family, commissioner and judge.
import { MODERATOR, type PlayerId } from '../../core/types.ts';
import { nextPlayDay } from '../../engine/calendar.ts';
import { syntaxOf } from '../../engine/game.ts';
import { commandExample, type SyntaxRule } from '../../engine/parse.ts';
import { defineTimetable } from '../../engine/schedule.ts';
import { isAlive } from '../../engine/state.ts';
import { instantOf, localDate } from '../../engine/time.ts';
import { type DefinedVariant, defineVariant, type LegalAction, type LiveCount } from '../../engine/variant.ts';
import { commandLines, onEdit, onPm, onPost } from './actions.ts';
import { channels, cityOf, family, isJudge, living, residents, type S } from './common.ts';
import type { CitEvents } from './events.ts';
import { FIRING } from './firing.ts';
import { dayStart, deal, ranking, start, voteEnd, voteStart } from './flow.ts';
import { en, ru } from './messages.ts';
import { MOD_ACTIONS, MOD_KIT, moderate } from './moderator.ts';
import { citOptions, options } from './options.ts';
import { cutoff as recallCutoff } from './recall.ts';
import { defaultRoles, ROLES, SIDES } from './roles.ts';
import { CIT_SCHEDULE, type CitInstant } from './schedule.ts';
import { speech } from './speech.ts';
import { dutyOf, outsideDuty, staffDuties, staffSignup } from './staff.ts';
import { staffEn, staffRu } from './staff-messages.ts';
import { type CitState, cityChannel, evolveCit, initialCit } from './state.ts';
import { refreshPins } from './status.ts';
import { shiftOnResume } from './time-powers.ts';
import { citiesVoteSteps } from './vote-log.ts';

/**
 * §0.1: public forms are posts in the author's own city thread; private forms (the slash commands, with their
 * Russian aliases) are sent to the engine. `none` forms are the keyword alone on its line.
 */
const SYNTAX: readonly SyntaxRule[] = [
  { command: 'nominate', keywords: ['выдвигаю'], form: 'space', where: 'post', taught: { ru: 'выдвигаю', en: 'выдвигаю' } },
  { command: 'vote', keywords: ['казнить'], form: 'space', where: 'post', taught: { ru: 'казнить', en: 'казнить' } },
  { command: 'unvote', keywords: ['отменяю голос'], form: 'none', where: 'post' },
  { command: 'run', keywords: ['кандидат в судьи'], form: 'none', where: 'post' },
  { command: 'unrun', keywords: ['снимаю кандидатуру'], form: 'none', where: 'post' },
  { command: 'judgevote', keywords: ['судья'], form: 'space', where: 'post' },
  { command: 'judgeunvote', keywords: ['отменяю голос за судью'], form: 'none', where: 'post' },
  { command: 'nominate', keywords: ['/nominate'], form: 'space', where: 'pm' },
  { command: 'vote', keywords: ['/vote'], form: 'space', where: 'pm' },
  { command: 'unvote', keywords: ['/unvote'], form: 'none', where: 'pm' },
  { command: 'run', keywords: ['/run'], form: 'none', where: 'pm' },
  { command: 'unrun', keywords: ['/unrun'], form: 'none', where: 'pm' },
  { command: 'judgevote', keywords: ['/judgevote'], form: 'space', where: 'pm' },
  { command: 'judgeunvote', keywords: ['/judgeunvote'], form: 'none', where: 'pm' },
  { command: 'protect', keywords: ['/protect', '/лечу'], form: 'space', where: 'pm' },
  { command: 'knife', keywords: ['/knife', '/нож'], form: 'space', where: 'pm' },
  { command: 'noknife', keywords: ['/noknife'], form: 'none', where: 'pm' },
  { command: 'check', keywords: ['/check', '/проверка'], form: 'space', where: 'pm' },
  { command: 'kill', keywords: ['/kill', '/убить'], form: 'space', where: 'pm' },
  { command: 'nokill', keywords: ['/nokill', '/отказ'], form: 'none', where: 'pm' },
  { command: 'tour', keywords: ['/tour', '/гастроли'], form: 'space', where: 'pm' },
  { command: 'notour', keywords: ['/notour'], form: 'none', where: 'pm' },
  { command: 'defer', keywords: ['/defer', '/не-могу-решить'], form: 'none', where: 'pm' },
  { command: 'propose-tour', keywords: ['/propose-tour'], form: 'space', where: 'pm' },
  { command: 'propose', keywords: ['/propose'], form: 'space', where: 'pm' },
  { command: 'gf', keywords: ['/gf', '/крёстный'], form: 'space', where: 'pm' },
  { command: 'lastword', keywords: ['/lastword', '/последнее-слово'], form: 'space', where: 'pm' },
  { command: 'recall', keywords: ['/recall', '/снять-судью'], form: 'none', where: 'pm' },
  { command: 'resign', keywords: ['/resign', '/самоотвод'], form: 'none', where: 'pm' },
  { command: 'relay', keywords: ['/relay', '/консильери'], form: 'space', where: 'pm' },
  { command: 'court-propose', keywords: ['/court propose', '/суд казнить'], form: 'space', where: 'pm' },
  { command: 'court-yes', keywords: ['/court yes', '/суд за'], form: 'none', where: 'pm' },
  { command: 'court-no', keywords: ['/court no', '/суд против'], form: 'none', where: 'pm' },
  { command: 'suicide-confirm', keywords: ['/suicide confirm', '/самоубийство подтверждаю'], form: 'none', where: 'pm' },
  { command: 'suicide', keywords: ['/suicide', '/самоубийство'], form: 'none', where: 'pm' },
  { command: 'speech', keywords: ['/speech', '/речь'], form: 'space', where: 'pm' },
  { command: 'absent', keywords: ['/absent', '/отсутствую'], form: 'space', where: 'pm' },
  { command: 'join', keywords: ['+', '/join'], form: 'none', where: 'post' },
  { command: 'leave', keywords: ['/leave'], form: 'none', where: 'post' },
];

/** How a command is written in this game's locale. */
function template(s: S, command: string): string {
  return commandExample(SYNTAX, command, s.config.locale, '{name}');
}

/** What a player may do now (forms, bots): mirrors the checks of actions.ts. */
function legalActions(s: S, me: PlayerId): LegalAction[] {
  if (s.status !== 'running' || !isAlive(s, me)) return [];
  const v = s.v;
  const out: LegalAction[] = [];
  const c = cityOf(s, me);
  const thread = cityChannel(c);
  const role = s.players[me]?.role;
  const others = living(s).filter((id) => id !== me);
  if (v.phase === 'day' && v.day >= 1 && v.nominatedBy[me] === undefined) {
    const listed = new Set(v.nominations[c]!.map((n) => n.target));
    out.push({
      command: 'nominate',
      via: 'post',
      channel: thread,
      template: template(s, 'nominate'),
      targets: living(s).filter((id) => !isJudge(s, id) && !listed.has(id)),
      until: v.voteStart,
    });
  }
  if (v.phase === 'vote' && v.day >= 1) {
    const list = v.nominations[c]!.filter((n) => isAlive(s, n.target) && v.votes[c]![me]?.target !== n.target).map((n) => n.target);
    if (list.length > 0) out.push({ command: 'vote', via: 'post', channel: thread, template: template(s, 'vote'), targets: list, until: v.voteEnd });
    if (v.votes[c]![me]) out.push({ command: 'unvote', via: 'post', channel: thread, template: template(s, 'unvote'), until: v.voteEnd });
  }
  const el = v.election[c];
  // CIT-JUD-4: the public candidacy form is written while the threads are open.
  if (el && v.phase === 'day' && el.day >= v.day) {
    out.push({
      command: el.candidates.includes(me) ? 'unrun' : 'run',
      via: 'post',
      channel: thread,
      template: template(s, el.candidates.includes(me) ? 'unrun' : 'run'),
    });
  }
  if (el && el.day === v.day && v.phase === 'vote') {
    const cands = el.candidates.filter((x) => isAlive(s, x) && el.votes[me]?.target !== x);
    if (cands.length > 0)
      out.push({ command: 'judgevote', via: 'post', channel: thread, template: template(s, 'judgevote'), targets: cands, until: v.voteEnd });
  }
  if (role === 'doctor' && (v.phase === 'day' || v.phase === 'vote'))
    out.push({ command: 'protect', via: 'pm', template: template(s, 'protect'), targets: living(s), until: v.voteEnd });
  if (v.phase === 'night') {
    if (role === 'maniac') out.push({ command: 'knife', via: 'pm', template: template(s, 'knife'), targets: others, until: v.nightEnd });
    if (role === 'commissioner' && v.checked[me] === undefined)
      out.push({ command: 'check', via: 'pm', template: template(s, 'check'), targets: residents(s, c).filter((id) => id !== me), until: v.nightEnd });
    if (role === 'mafioso' && v.voidNight[c] !== v.day + 1) {
      const home = residents(s, c).filter((id) => s.players[id]?.role !== 'mafioso' && v.judge[c] !== id);
      const away = living(s).filter((id) => cityOf(s, id) !== c && !isJudge(s, id));
      if (v.godfather[c] === me) {
        out.push({ command: 'kill', via: 'pm', template: template(s, 'kill'), targets: home, until: v.nightEnd });
        out.push({ command: 'nokill', via: 'pm', template: template(s, 'nokill'), until: v.nightEnd });
        if (v.touring === c) {
          out.push({ command: 'tour', via: 'pm', template: template(s, 'tour'), targets: away, until: v.nightEnd });
          out.push({ command: 'notour', via: 'pm', template: template(s, 'notour'), until: v.nightEnd });
        }
      } else {
        out.push({ command: 'propose', via: 'pm', template: template(s, 'propose'), targets: home, until: v.nightEnd });
        if (v.touring === c) out.push({ command: 'propose-tour', via: 'pm', template: template(s, 'propose-tour'), targets: away, until: v.nightEnd });
      }
    }
  }
  if (role === 'mafioso' && v.godfather[c] === null && v.gfElection[c]) {
    out.push({ command: 'gf', via: 'pm', template: template(s, 'gf'), targets: family(s, c), until: v.gfElection[c]!.until });
  }
  return out;
}

/** CIT-VOTE-6: the standing votes of every city, each line in its city's thread, ranked as the tally ranks them. */
function voteCount(s: S): LiveCount | null {
  const v = s.v;
  if (v.phase !== 'vote' || v.day < 1) return null;
  const lines = v.cities.flatMap((_, c) => {
    const by = v.votes[c]!;
    return ranking(s, c).map((r) => ({
      target: r.target,
      voters: r.votes.map((x) => Object.keys(by).find((voter) => by[voter] === x)!),
      channel: cityChannel(c),
    }));
  });
  const voted = new Set(v.cities.flatMap((_, c) => Object.keys(v.votes[c]!)));
  return { round: v.day, phase: 'vote', lines, notVoted: living(s).filter((id) => !voted.has(id)) };
}

/** The day's instants and their hooks (CIT-RES-1, CIT-RES-2, CIT-REC-7). */
const TIMETABLE = defineTimetable<CitState, CitEvents, CitInstant>({
  schedule: CIT_SCHEDULE,
  // CIT-ANN-1, CIT-VOTE-6: the pinned posts follow every resolution.
  hooks: {
    cutoff: recallCutoff,
    'vote.start': voteStart,
    'vote.end': (b) => {
      voteEnd(b);
      refreshPins(b, true);
    },
    'night.end': (b) => {
      dayStart(b);
      refreshPins(b);
    },
  },
  phaseOf: (s) => (s.v.phase === 'night' ? 'night' : s.v.phase === 'day' || s.v.phase === 'vote' ? 'day' : undefined),
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
  syntax: SYNTAX,
  messages: { ru: { ...ru, ...staffRu }, en: { ...en, ...staffEn } },
  optionsSchema: options,
  validateConfig(config) {
    const o = options.safeParse(config.options);
    if (!o.success) return o.error.issues.map((i) => i.message).join('; ');
    const t = (x: string) => Number(x.slice(0, 2)) * 60 + Number(x.slice(3));
    const { dayStart: ds, voteStart: vs, voteEnd: ve, recallLeadHours: lead } = o.data;
    // §3.4: dayStart < voteStart − recallLeadHours, voteStart < voteEnd ≤ 23:59.
    if (!(t(ds) < t(vs) - lead * 60 && t(vs) < t(ve))) return 'the day needs dayStart < voteStart − recallLeadHours and voteStart < voteEnd';
    return null;
  },
  initial: initialCit,
  // §3.3 unfreeze: the stored instants move with the deadlines the engine shifted.
  evolve: (v, e, s) => evolveCit(shiftOnResume(v, e), e, s.version),
  deal,
  start: (b) => {
    start(b);
    refreshPins(b);
  },
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
    // CIT-JUD-4: a campaign speech takes the whole message after its keyword.
    if (!speech(b, cmd)) onPm(b, cmd);
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
  legalActions,
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

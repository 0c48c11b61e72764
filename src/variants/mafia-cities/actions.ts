// Player actions of mafia-cities, each declared once (docs/actions.md): the public forms of a city thread (with their
// slash twins by PM, CIT-VOTE-5) and the private commands of the roles, the judges and every resident (spec §0.1,
// CIT-NOM, CIT-VOTE, CIT-JUD, CIT-MAF, CIT-TOUR, CIT-GF, CIT-MAN, CIT-DOC, CIT-COM, CIT-CRT, CIT-LW, CIT-REC, CIT-REL,
// CIT-ACT). Conditions are listed in §0 «Rejection precedence» (dead, role, timing, state, name, target, content);
// the engine derives from the same list the check, what a player may do now (forms, bots) and `narrator rules`.
import { list, phrase } from '../../core/params.ts';
import { MODERATOR, type Param, type Params, type Phrase, type PlayerId } from '../../core/types.ts';
import { type ActorCheck, ALIKE, type Ctx, type TargetCheck } from '../../engine/actions/declare.ts';
import { alive, choice, inGame, notSelf, player, resolve, role, separator, text } from '../../engine/actions/guards.ts';
import { rulebook } from '../../engine/actions/kit.ts';
import { isPlayDay, nextPlayDay } from '../../engine/calendar.ts';
import { announceIn } from '../../engine/channels.ts';
import { fold, matchName } from '../../engine/names.ts';
import type { SyntaxRule } from '../../engine/parse.ts';
import { isAlive } from '../../engine/state.ts';
import { instantOf } from '../../engine/time.ts';
import { absent, dayMonth, parseDate, warn } from './activity.ts';
import {
  type B,
  cityName,
  cityOf,
  cityThread,
  date,
  family,
  genderOf,
  isDaytime,
  isJudge,
  living,
  msg,
  nm,
  phaseOf,
  residents,
  revealParam,
  type S,
  time,
  toFamily,
} from './common.ts';
import { courtChannel, courtTeam, settle, sitting } from './court.ts';
import type { CitEvents } from './events.ts';
import { dieNow, electByMajority } from './flow.ts';
import { publishLastWord } from './lastword.ts';
import { citOptions } from './options.ts';
import { confirmedOn, recall, recallLate, resign, windowDay } from './recall.ts';
import type { CitRejectionCode } from './rejections.ts';
import { CIT_SCHEDULE } from './schedule.ts';
import { type CitState, cityChannel, familyChannel } from './state.ts';
import { candidateList } from './tally.ts';

type C = Ctx<CitState>;
type Code = CitRejectionCode;

/** The next dayStart as «10:00 04.03» parameters (for «ещё не открыто» texts). */
export function nextMorning(s: S): { dayStart: string; date: string } {
  const v = s.v;
  const at =
    phaseOf(s) === 'night'
      ? v.nightEnd
      : v.day === 0 || s.clock >= v.voteStart
        ? instantOf(nextPlayDay(s.calendar, v.date), citOptions(s.config).dayStart, s.config.timeZone)
        : v.dayStart;
  return { dayStart: time(s, at), date: date(s, at) };
}

const K = rulebook<CitState, CitEvents, Code>({
  schedule: CIT_SCHEDULE,
  // A nick may be written with a leading @ (forum mention).
  match: (raw, players) => matchName(raw.replace(/^@/, ''), players),
  // §0.1: signing up is a post of its own («+»); during the game it is no action (REJ-ROLE).
  extraSyntax: [
    { command: 'join', keywords: ['+', '/join'], form: 'none', where: 'post' },
    { command: 'leave', keywords: ['/leave'], form: 'none', where: 'post' },
  ],
});

/** A private form: slash keywords, read only by PM. */
function pm(keywords: readonly string[], form: SyntaxRule['form']): Omit<SyntaxRule, 'command'> {
  return { keywords, form, where: 'pm' };
}

/** A private command (its id is the command): its slash keywords (`|` between them), its rules and summary. */
function slash(id: string, keywords: string, form: SyntaxRule['form'], rules: string, en: string) {
  return { id, command: id, via: 'pm' as const, syntax: [pm(keywords.split('|'), form)], summary: { en }, rules };
}

/** A second declaration of a private command (a `select` variant: «none», «call»), written with the first's keywords. */
function also(id: string, first: { readonly command: string; readonly syntax?: readonly Omit<SyntaxRule, 'command'>[] }, rules: string, en: string) {
  return { id, command: first.command, via: 'pm' as const, syntax: first.syntax, summary: { en }, rules };
}

/**
 * A public form: a post in the actor's own city thread (CIT-THR-1; locked at night, CIT-THR-3) and its slash twin by
 * PM (§0.1, CIT-VOTE-5), which the effect announces as passed on by the Prokurator.
 */
function thread(id: string, post: string, slashed: string, form: SyntaxRule['form'], rules: string, en: string) {
  const syntax = [{ keywords: [post], form, where: 'post' as const }, pm([slashed], form)];
  return {
    id,
    command: id,
    via: 'post' as const,
    also: 'pm' as const,
    syntax,
    summary: { en },
    rules,
    channel: (c: C) => cityChannel(home(c)),
    writable: (c: C) => c.s.status === 'running' && (dayOrVote(c) || !citOptions(c.s.config).nightThreadsLocked),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Shared conditions

/**
 * A question many conditions of one check or derivation ask (a legal list once per candidate): the last context's
 * answer is kept, since a context is made per check or derivation and never changes.
 */
function perCtx<T>(answer: (c: C) => T): (c: C) => T {
  let last: C | undefined;
  let value: T;
  return (c) => {
    if (c !== last) {
      value = answer(c);
      last = c;
    }
    return value;
  };
}
/** The acting player's city. */
const home = perCtx((c) => cityOf(c.s, c.me));
/** A city's list as a set, made once per list (a list is replaced, never changed, when someone is nominated). */
const listSets = new WeakMap<object, ReadonlySet<PlayerId>>();
function listSet(list: readonly { readonly target: PlayerId }[]): ReadonlySet<PlayerId> {
  let set = listSets.get(list);
  if (!set) listSets.set(list, (set = new Set(list.map((n) => n.target))));
  return set;
}
/** Who is on the acting player's city list today. */
const listed = perCtx((c) => listSet(c.s.v.nominations[home(c)]!));
/** The recall window day the instant falls in (CIT-REC-2), or null past its cutoff. */
const recallDay = perCtx((c) => windowDay(c.s, c.at));
/** The acting player's standing execution vote and judge vote. */
const myVote = perCtx((c) => c.s.v.votes[home(c)]![c.me]?.target);
const myJudgeVote = perCtx((c) => c.s.v.election[home(c)]?.votes[c.me]?.target);
/** Who is on any city's list today (the last word's nominees, CIT-LW-1). */
const everyList = new WeakMap<object, ReadonlySet<PlayerId>>();
function onAnyList(s: S, id: PlayerId): boolean {
  let set = everyList.get(s.v.nominations);
  if (!set) everyList.set(s.v.nominations, (set = new Set(s.v.nominations.flatMap((l) => l.map((n) => n.target)))));
  return set.has(id);
}
const dayOrVote = (c: C) => isDaytime(c.s);

/** REJ-NICK: the text names no single player (signup list, living and dead). */
const nick = player<Code>('REJ-NICK', { params: (raw) => ({ arg: raw }) });
/** REJ-TARGET-DEAD: the named player is out. */
function livingTarget<Arg extends string>(arg: Arg): TargetCheck<CitState, Code, Arg> {
  return { ...inGame(arg, 'REJ-TARGET-DEAD'), params: (c, id) => targetParams(c.s, id) };
}
function targetParams(s: S, id: PlayerId): Params {
  return { name: nm(s, id), g: genderOf(s, id) };
}

/** What a command did, for acknowledgements: «защита — Gleb», «отказ от убийства». */
function act(kind: string, who?: Param): Phrase {
  return phrase(`W-ACT-${kind}`, who === undefined ? { who: '', with: 'no' } : { who, with: 'yes' });
}

/** The private acknowledgement (P-ACK) with the window's end. */
function ack(b: B, id: PlayerId, what: Param, until: number): void {
  const s = b.state;
  b.tell([id], msg('P-ACK', { what, time: time(s, until), date: date(s, until) }));
}

/** The thread of the actor's city, where the engine publishes what he sent privately (CIT-VOTE-5). */
const homeThread = (b: B, id: PlayerId) => cityThread(b.state, cityOf(b.state, id));

// ---------------------------------------------------------------------------------------------------------------
// The city's nominations and execution vote (CIT-NOM, CIT-VOTE)

/** CIT-NOM-1..4: one nomination a day, between dayStart and voteStart of Day ≥ 1. */
const NOMINATE = K.action({
  ...thread(
    'nominate',
    'выдвигаю',
    '/nominate',
    'space',
    'CIT-NOM-1…4',
    'nominates a living player for execution in the city’s list (one a day, until voteStart)',
  ),
  params: { target: nick },
  checks: [
    // CIT-NOM-1: after voteStart the seed's sentence; before dayStart or on Day 0 «ещё не открыто».
    K.actor('REJ-NOM-CLOSED', (c) => c.s.v.day >= 1 && c.phase === 'day', {
      params: (c) => ({ late: c.s.v.day >= 1 && c.phase === 'vote' ? 'yes' : 'no', ...nextMorning(c.s) }),
      until: (c) => c.s.v.voteStart,
    }),
    K.actor('REJ-NOM-USED', (c) => c.s.v.nominatedBy[c.me] === undefined, { params: (c) => ({ name: nm(c.s, c.s.v.nominatedBy[c.me]!) }) }),
    resolve('target'),
    livingTarget('target'),
    // §0: the list's state (already nominated) before the target's immunity.
    K.target('target', 'REJ-NOM-DUP', (c, id) => !listed(c).has(id), { params: (c, id) => targetParams(c.s, id), listKey: home }),
    K.target('target', 'REJ-NOM-JUDGE', (c, id) => !isJudge(c.s, id), { params: (c, id) => targetParams(c.s, id) }),
  ],
  effect(b, a) {
    const s = b.state;
    const c = cityOf(s, a.me);
    const t = a.args.target;
    b.emit('cit.nominated', { city: c, target: t, by: a.me });
    const thread = homeThread(b, a.me);
    if (a.via === 'pm') announceIn(b, thread, msg('T-NOM-PROXY', { by: nm(s, a.me), target: nm(s, t) }));
    announceIn(b, thread, msg('T-NOM', { target: nm(s, t), city: cityName(s, cityOf(s, t)), by: nm(s, a.me), g: genderOf(s, a.me) }));
    b.tell([t], msg('P-NOMINATED', { city: cityName(s, c), voteEnd: time(s, s.v.voteEnd) }));
  },
});

/** REJ-VOTE-CLOSED unless the execution vote of Day ≥ 1 is open (CIT-VOTE-1, CIT-VOTE-13). */
const voting = K.actor('REJ-VOTE-CLOSED', (c) => c.s.v.day >= 1 && c.phase === 'vote', {
  params: (c) => {
    const v = c.s.v;
    const late = c.phase === 'night' || (c.phase === 'vote' && v.day === 0);
    return { late: late ? 'yes' : 'no', voteStart: time(c.s, v.voteStart), voteEnd: time(c.s, v.voteEnd) };
  },
  until: (c) => c.s.v.voteEnd,
});

/** The living nominees of the actor's city, in the order they were nominated (made once per list and roster). */
const nomineeLists = new WeakMap<object, { readonly players: object; readonly ids: readonly PlayerId[] }>();
const nominees = perCtx((c) => {
  const list = c.s.v.nominations[home(c)]!;
  const hit = nomineeLists.get(list);
  if (hit?.players === c.s.players) return hit.ids;
  const ids = list.filter((n) => isAlive(c.s, n.target)).map((n) => n.target);
  nomineeLists.set(list, { players: c.s.players, ids });
  return ids;
});

/** CIT-VOTE-1..5: a vote for a nominee of his city; a later vote replaces the earlier one. */
const VOTE = K.action({
  ...thread('vote', 'казнить', '/vote', 'space', 'CIT-VOTE-1…5', 'the execution vote for a living nominee of the city’s list (voteStart–voteEnd)'),
  params: { target: nick },
  checks: [
    voting,
    resolve('target'),
    livingTarget('target'),
    K.target('target', 'REJ-VOTE-NOTCAND', (c, id) => listed(c).has(id), {
      params: (c, id) => ({ ...targetParams(c.s, id), names: candidateList(c.s, nominees(c), home(c)) || '—' }),
      among: nominees,
    }),
    K.target('target', 'REJ-VOTE-SAME', (c, id) => myVote(c) !== id, { params: (c, id) => ({ name: nm(c.s, id) }) }),
  ],
  effect(b, a) {
    const s = b.state;
    b.emit('cit.voted', { city: cityOf(s, a.me), voter: a.me, target: a.args.target });
    if (a.via === 'pm') announceIn(b, homeThread(b, a.me), msg('T-VOTE-PROXY', { name: nm(s, a.me), target: nm(s, a.args.target) }));
  },
});

/** CIT-VOTE-4: the vote is withdrawn. */
const UNVOTE = K.action({
  ...thread('unvote', 'отменяю голос', '/unvote', 'none', 'CIT-VOTE-4', 'withdraws his execution vote'),
  params: {},
  checks: [voting, K.actor('REJ-VOTE-NONE', (c) => c.s.v.votes[home(c)]![c.me] !== undefined)],
  effect(b, a) {
    const s = b.state;
    b.emit('cit.unvoted', { city: cityOf(s, a.me), voter: a.me });
    if (a.via === 'pm') announceIn(b, homeThread(b, a.me), msg('T-UNVOTE-PROXY', { name: nm(s, a.me) }));
  },
});

// ---------------------------------------------------------------------------------------------------------------
// The judge election (CIT-JUD-4, CIT-JUD-5, CIT-REC-8)

/** CIT-JUD-4: candidacy is open from the election's announcement until voteStart of its day. */
const candidacyOpen = K.actor(
  'REJ-JC-CLOSED',
  (c) => {
    const el = c.s.v.election[home(c)];
    return !!el && (el.day > c.s.v.day || (el.day === c.s.v.day && c.phase === 'day'));
  },
  { params: (c) => ({ voteStart: time(c.s, c.s.v.voteStart) }) },
);
const isCandidate = (c: C) => c.s.v.election[home(c)]?.candidates.includes(c.me) === true;

function candidacy(on: boolean) {
  return (b: B, a: { me: PlayerId }) => {
    const s = b.state;
    b.emit('cit.candidacy', { city: cityOf(s, a.me), player: a.me, on });
    announceIn(b, homeThread(b, a.me), msg(on ? 'T-JUDGE-CAND' : 'T-JUDGE-UNCAND', { name: nm(s, a.me) }));
  };
}

const RUN = K.action({
  ...thread(
    'run',
    'кандидат в судьи',
    '/run',
    'none',
    'CIT-JUD-4, CIT-REC-8',
    'stands as a candidate in the city’s judge election (until voteStart of its day)',
  ),
  params: {},
  checks: [
    candidacyOpen,
    K.actor('REJ-JC-DUP', (c) => !isCandidate(c)),
    // CIT-REC-8: a removed judge cannot stand for two following days.
    K.actor(
      'REJ-JUD-BANNED',
      (c) => {
        const ban = c.s.v.banned[c.me];
        return !ban || c.s.v.election[home(c)]!.day > ban.day;
      },
      { params: (c) => ({ date: c.s.v.banned[c.me]!.date }) },
    ),
  ],
  effect: candidacy(true),
});

const UNRUN = K.action({
  ...thread('unrun', 'снимаю кандидатуру', '/unrun', 'none', 'CIT-JUD-4', 'withdraws his candidacy'),
  params: {},
  checks: [candidacyOpen, K.actor('REJ-JC-NONE', isCandidate)],
  effect: candidacy(false),
});

/** CIT-JUD-5: the election's vote is the execution vote's window of its day. */
const judgeVoting = K.actor(
  'REJ-JV-CLOSED',
  (c) => {
    const el = c.s.v.election[home(c)];
    return !!el && el.day === c.s.v.day && c.phase === 'vote';
  },
  { until: (c) => c.s.v.voteEnd },
);

const JUDGE_VOTE = K.action({
  ...thread('judgevote', 'судья', '/judgevote', 'space', 'CIT-JUD-5', 'a vote for a candidate in the city’s judge election'),
  params: { target: nick },
  checks: [
    judgeVoting,
    resolve('target'),
    livingTarget('target'),
    K.target('target', 'REJ-JV-NOTCAND', (c, id) => c.s.v.election[home(c)]!.candidates.includes(id), {
      params: (c, id) => ({ name: nm(c.s, id) }),
      among: (c) => c.s.v.election[home(c)]!.candidates,
    }),
    K.target('target', 'REJ-VOTE-SAME', (c, id) => myJudgeVote(c) !== id, { params: (c, id) => ({ name: nm(c.s, id) }) }),
  ],
  effect(b, a) {
    const s = b.state;
    b.emit('cit.judge.voted', { city: cityOf(s, a.me), voter: a.me, target: a.args.target });
    if (a.via === 'pm') announceIn(b, homeThread(b, a.me), msg('T-JUDGE-VOTE', { name: nm(s, a.me), target: nm(s, a.args.target) }));
  },
});

const JUDGE_UNVOTE = K.action({
  ...thread('judgeunvote', 'отменяю голос за судью', '/judgeunvote', 'none', 'CIT-JUD-5', 'withdraws his vote in the judge election'),
  params: {},
  checks: [judgeVoting, K.actor('REJ-VOTE-NONE', (c) => c.s.v.election[home(c)]!.votes[c.me] !== undefined)],
  effect(b, a) {
    b.emit('cit.judge.voted', { city: cityOf(b.state, a.me), voter: a.me, target: null });
  },
});

// ---------------------------------------------------------------------------------------------------------------
// The roles' private commands (CIT-DOC, CIT-MAN, CIT-COM)

/** CIT-DOC-1, CIT-DOC-2: by day, whom the doctor protects the next night. */
const PROTECT = K.action({
  ...slash(
    'protect',
    '/protect|/лечу',
    'space',
    'CIT-DOC-1, CIT-DOC-2',
    'the doctor’s protection for the next night, by day (himself and the previous target as the options allow)',
  ),
  params: { target: nick },
  checks: [
    role('doctor', 'REJ-ROLE'),
    K.actor('REJ-DOC-NIGHT', dayOrVote, {
      params: (c) => ({ dayStart: citOptions(c.s.config).dayStart, voteEnd: citOptions(c.s.config).voteEnd }),
      until: (c) => c.s.v.voteEnd,
    }),
    resolve('target'),
    livingTarget('target'),
    K.target('target', 'REJ-DOC-SELF', (c, id) => id !== c.me || citOptions(c.s.config).doctorSelfProtect),
    K.target('target', 'REJ-DOC-REPEAT', (c, id) => id !== c.s.v.protectLast || citOptions(c.s.config).doctorRepeatTarget),
  ],
  effect(b, a) {
    b.emit('cit.protect', { target: a.args.target }, { kind: 'players', ids: [a.me] });
    ack(b, a.me, act('protect', nm(b.state, a.args.target)), b.state.v.voteEnd);
  },
});

const maniac = role<Code>('maniac', 'REJ-ROLE');
const night = (code: Code) =>
  K.actor(code, (c) => c.phase === 'night', { params: (c) => ({ voteEnd: time(c.s, c.s.v.voteEnd) }), until: (c) => c.s.v.nightEnd });
const maniacNight = night('REJ-MAN-DAY');

/** CIT-MAN-1, CIT-MAN-2: the maniac's knife, any living player but himself. */
const KNIFE = K.action({
  ...slash('knife', '/knife|/нож', 'space', 'CIT-MAN-1, CIT-MAN-2', 'the maniac’s kill at night: any living player but himself'),
  params: { target: nick },
  checks: [maniac, maniacNight, resolve('target'), livingTarget('target'), notSelf('target', 'REJ-MAN-SELF')],
  effect(b, a) {
    b.emit('cit.knife', { target: a.args.target }, { kind: 'players', ids: [a.me] });
    ack(b, a.me, act('knife', nm(b.state, a.args.target)), b.state.v.nightEnd);
  },
});

/** CIT-MAN-1: the maniac must kill; declining is always refused (never offered). */
const NOKNIFE = K.action({
  ...slash('noknife', '/noknife', 'none', 'CIT-MAN-1', 'refused: the maniac must kill'),
  params: {},
  checks: [maniac, maniacNight, K.actor('REJ-MAN-MUST', () => false)],
  effect() {},
});

/** CIT-COM-1, CIT-COM-2: one check a night of a resident of his city; the Consigliere answers at once. */
const CHECK = K.action({
  ...slash('check', '/check|/проверка', 'space', 'CIT-COM-1, CIT-COM-2', 'the commissioner’s check at night: one living resident of his city'),
  params: { target: nick },
  checks: [
    role('commissioner', 'REJ-ROLE'),
    night('REJ-COM-DAY'),
    K.actor('REJ-COM-USED', (c) => c.s.v.checked[c.me] === undefined, { params: (c) => ({ name: nm(c.s, c.s.v.checked[c.me]!) }) }),
    resolve('target'),
    livingTarget('target'),
    K.target('target', 'REJ-COM-CITY', (c, id) => cityOf(c.s, id) === home(c), {
      params: (c) => ({ city: cityName(c.s, home(c)) }),
      among: (c) => residents(c.s, home(c)),
    }),
    notSelf('target', 'REJ-COM-SELF'),
  ],
  effect(b, a) {
    const s = b.state;
    const t = a.args.target;
    const mafia = s.players[t]?.role === 'mafioso';
    b.emit('cit.check', { by: a.me, target: t, mafia }, { kind: 'players', ids: [a.me] });
    b.tell([a.me], msg(mafia ? 'P-CHECK-YES' : 'P-CHECK-NO', { name: nm(s, t), g: genderOf(s, t) }));
  },
});

// ---------------------------------------------------------------------------------------------------------------
// The family (CIT-GF, CIT-MAF, CIT-TOUR, CIT-REL)

const mafioso = role<Code>('mafioso', 'REJ-ROLE');

/** CIT-GF-1: a vote in the family's Godfather election; a strict majority of the living members elects at once. */
const GF = K.action({
  ...slash('gf', '/gf|/крёстный', 'space', 'CIT-GF-1', 'a vote in the family’s Godfather election: a living member'),
  params: { target: nick },
  checks: [
    mafioso,
    // §0 precedence: outside the election window CLOSED, inside it after the election DONE.
    K.actor(
      'REJ-GF-CLOSED',
      (c) => {
        const until = c.s.v.gfUntil[home(c)];
        return until !== null && until !== undefined && c.at < until;
      },
      { until: (c) => c.s.v.gfElection[home(c)]?.until },
    ),
    K.actor('REJ-GF-DONE', (c) => !c.s.v.godfather[home(c)], { params: (c) => ({ name: nm(c.s, c.s.v.godfather[home(c)]!) }) }),
    K.actor('REJ-GF-CLOSED', (c) => !!c.s.v.gfElection[home(c)]),
    resolve('target'),
    K.target('target', 'REJ-GF-CAND', (c, id) => family(c.s, home(c)).includes(id), {
      params: (c, id) => ({ name: nm(c.s, id) }),
      among: (c) => family(c.s, home(c)),
      listKey: home,
    }),
  ],
  effect(b, a) {
    const s = b.state;
    const c = cityOf(s, a.me);
    b.emit('cit.gf.voted', { city: c, voter: a.me, target: a.args.target }, familyTeam(s, c));
    toFamily(b, c, msg('P-GF-VOTE', { name: nm(s, a.me), target: nm(s, a.args.target) }));
    electByMajority(b, c);
  },
});

function familyTeam(s: S, c: number) {
  return { kind: 'team' as const, team: familyChannel(c), ids: family(s, c, false) };
}

/** CIT-MAF-2: at night, unless the family's night is void (its Godfather died, CIT-GF-4). */
const familyNight = [
  mafioso,
  night('REJ-MAF-DAY'), // CIT-MOD-2: an extended vote ends later
  K.actor('REJ-MAF-GFDEAD', (c) => c.s.v.voidNight[home(c)] !== c.s.v.day + 1),
];
const godfather = K.actor('REJ-MAF-NOTGF', (c) => c.s.v.godfather[home(c)] === c.me);
/** CIT-TOUR-3: the family holds tonight's touring right (none tonight, or another city's). */
const tourRefusal: ActorCheck<CitState, Code> = {
  kind: 'actor',
  code: 'REJ-TOUR-NOTYOURS',
  test: (c) => c.s.v.touring === home(c),
  why: (c) =>
    c.s.v.touring === home(c)
      ? undefined
      : c.s.v.touring === null
        ? { code: 'REJ-TOUR-NONE' as const }
        : { code: 'REJ-TOUR-NOTYOURS', params: (x) => ({ city: cityName(x.s, x.s.v.touring!) }) },
  codes: ['REJ-TOUR-NONE', 'REJ-TOUR-NOTYOURS'],
};

/** CIT-MAF-1, CIT-MAF-3: a home target is a living resident of the city, no mafioso, not its judge. */
const homeTargets = [
  resolve('target'),
  livingTarget('target'),
  K.target('target', 'REJ-MAF-CITY', (c, id) => cityOf(c.s, id) === home(c), { among: (c) => residents(c.s, home(c)), listKey: home }),
  K.target('target', 'REJ-MAF-OWN', (c, id) => c.s.players[id]?.role !== 'mafioso', { params: (c, id) => ({ name: nm(c.s, id) }) }),
  K.target('target', 'REJ-MAF-JUDGE', (c, id) => c.s.v.judge[home(c)] !== id, { params: (c, id) => ({ name: nm(c.s, id) }) }),
] as const;
/** CIT-TOUR-5, CIT-TOUR-6: a touring target lives in another city and is no judge. */
const tourTargets = [
  resolve('target'),
  livingTarget('target'),
  K.target('target', 'REJ-TOUR-OWNCITY', (c, id) => cityOf(c.s, id) !== home(c), { among: (c) => living(c.s), listKey: home }),
  K.target('target', 'REJ-TOUR-JUDGE', (c, id) => !isJudge(c.s, id), { params: (c, id) => ({ name: nm(c.s, id) }) }),
] as const;

/** The Godfather's decision for the night, or a member's proposal told to the family (a target, or none). */
function order(kind: 'home' | 'tour', command: string, proposal = false) {
  return (b: B, a: { me: PlayerId; args: Readonly<Record<string, string | undefined>> }) => {
    const s = b.state;
    const c = cityOf(s, a.me);
    const t = a.args.target ?? null;
    const who = t === null ? undefined : nm(s, t);
    if (proposal) {
      b.emit('cit.proposal', { city: c, kind, by: a.me, target: t }, familyTeam(s, c));
      toFamily(b, c, msg('P-PROPOSAL', { name: nm(s, a.me), what: act(kind === 'home' ? 'propose' : 'propose-tour', who) }));
    } else b.emit('cit.decision', { city: c, kind, target: t }, familyTeam(s, c));
    ack(b, a.me, act(command, who), s.v.nightEnd);
  };
}

/** A proposal of no kill: the word none (нет, отказ) instead of a name; `select` picks it among the proposals. */
const NONE = choice<Code, 'none'>('REJ-NICK', {
  values: ['none'],
  read: (raw) => (/^(none|нет|отказ)$/iu.test(raw.trim()) ? 'none' : undefined),
  show: (_v, locale) => (locale === 'ru' ? 'нет' : 'none'),
  params: (raw) => ({ arg: raw }),
});
const saysNone = K.peek('word', 'REJ-NICK', (_c, v) => v === 'none', { select: true });

const KILL = K.action({
  ...slash('kill', '/kill|/убить', 'space', 'CIT-MAF-1…3, CIT-GF-4', 'the Godfather’s kill at night: a living resident of his city, no mafioso, not its judge'),
  params: { target: nick },
  checks: [...familyNight, godfather, ...homeTargets],
  effect: order('home', 'kill'),
});

const NOKILL = K.action({
  ...slash('nokill', '/nokill|/отказ', 'none', 'CIT-MAF-2', 'the Godfather decides no kill tonight'),
  params: {},
  checks: [...familyNight, godfather],
  effect: order('home', 'nokill'),
});

const TOUR = K.action({
  ...slash(
    'tour',
    '/tour|/гастроли',
    'space',
    'CIT-TOUR-3…7',
    'the touring kill of the family holding the right: a living player of another city, not a judge',
  ),
  params: { target: nick },
  checks: [...familyNight, godfather, tourRefusal, ...tourTargets],
  effect: order('tour', 'tour'),
});

const NOTOUR = K.action({
  ...slash('notour', '/notour', 'none', 'CIT-TOUR-3, CIT-TOUR-7', 'the Godfather declines tonight’s tour'),
  params: {},
  checks: [...familyNight, godfather, tourRefusal],
  effect: order('tour', 'notour'),
});

/** CIT-MAF-4 «не могу решить»: the Godfather withdraws his decision; the Consigliere procedure decides (CIT-MAF-6). */
const DEFER = K.action({
  ...slash('defer', '/defer|/не-могу-решить', 'none', 'CIT-MAF-4', 'the Godfather cannot decide: the Consigliere procedure decides'),
  params: {},
  checks: [...familyNight, godfather],
  effect(b, a) {
    const s = b.state;
    const c = cityOf(s, a.me);
    b.emit('cit.decision', { city: c, kind: 'home', target: 'defer' }, familyTeam(s, c));
    ack(b, a.me, act('defer'), s.v.nightEnd);
  },
});

const PROPOSE = K.action({
  ...slash('propose', '/propose', 'space', 'CIT-MAF-3, CIT-MAF-5', 'a member’s proposal of tonight’s home kill'),
  params: { target: nick },
  checks: [...familyNight, ...homeTargets],
  effect: order('home', 'propose', true),
});

const PROPOSE_NONE = K.action({
  ...also('propose.none', PROPOSE, 'CIT-MAF-5', 'a member proposes no kill'),
  params: { word: NONE },
  checks: [...familyNight, saysNone, resolve('word')],
  effect: order('home', 'propose', true),
});

const PROPOSE_TOUR = K.action({
  ...slash('propose-tour', '/propose-tour', 'space', 'CIT-MAF-5, CIT-TOUR-5…7', 'a member’s proposal of tonight’s touring kill'),
  params: { target: nick },
  checks: [...familyNight, tourRefusal, ...tourTargets],
  effect: order('tour', 'propose-tour', true),
});

const PROPOSE_TOUR_NONE = K.action({
  ...also('propose-tour.none', PROPOSE_TOUR, 'CIT-MAF-5, CIT-TOUR-7', 'a member proposes no touring kill'),
  params: { word: NONE },
  checks: [...familyNight, tourRefusal, saysNone, resolve('word')],
  effect: order('tour', 'propose-tour', true),
});

/** The cities a relay reaches (-1: every other city), or undefined when the word names none. */
function relayCity(s: S, word: string): number | undefined {
  const w = fold(word);
  if (w === 'all' || w === 'всем') return -1;
  const to = s.v.cities.findIndex((x) => fold(x) === w);
  return to < 0 ? undefined : to;
}
/** The families a relay reaches: the named city's, or every other city's that still has one. */
function relayTargets(s: S, from: number, to: number): number[] {
  if (to >= 0) return family(s, to).length > 0 ? [to] : [];
  return s.v.cities.map((_, i) => i).filter((i) => i !== from && family(s, i).length > 0);
}
const relayMax = (c: C) => citOptions(c.s.config).relayMaxChars;

/**
 * CIT-REL-1, CIT-REL-2: a message to another city's family (or every other family) through the Consigliere,
 * delivered without the sender's name; at most relayMaxPerDay per family and game day.
 */
const RELAY = K.action({
  ...slash(
    'relay',
    '/relay|/консильери',
    'space',
    'CIT-REL-1, CIT-REL-2',
    'a message to another city’s family (or «all») through the Consigliere, without the sender’s name',
  ),
  params: {
    city: text({ placeholder: { ru: 'город|всем', en: 'city|all' } }),
    text: text({ placeholder: { ru: 'текст', en: 'text' }, sep: separator({ ru: ' ', en: ' ' }, /\s+/u) }),
  },
  checks: [
    mafioso,
    K.actor('REJ-REL-LIMIT', (c) => (c.s.v.relays[home(c)] ?? 0) < citOptions(c.s.config).relayMaxPerDay, {
      params: (c) => ({ n: citOptions(c.s.config).relayMaxPerDay }),
    }),
    K.peek('city', 'REJ-REL-CITY', (c, _v, raw) => relayCity(c.s, raw) !== undefined, {
      params: (c, _v, raw) => ({ arg: raw, cities: c.s.v.cities.join(', ') }),
    }),
    K.peek('city', 'REJ-REL-OWN', (c, _v, raw) => relayCity(c.s, raw) !== home(c)),
    K.peek('city', 'REJ-REL-NONE', (c, _v, raw) => relayTargets(c.s, home(c), relayCity(c.s, raw)!).length > 0, {
      params: (c, _v, raw) => {
        const to = relayCity(c.s, raw)!;
        return { city: to < 0 ? '—' : cityName(c.s, to) };
      },
    }),
    resolve('city'),
    resolve('text'),
    K.peek('text', 'REJ-REL-LONG', (c, _v, raw) => raw !== '' && raw.length <= relayMax(c), { params: (c, _v, raw) => ({ max: relayMax(c), n: raw.length }) }),
  ],
  effect(b, a) {
    const s = b.state;
    const c = cityOf(s, a.me);
    const targets = relayTargets(s, c, relayCity(s, a.args.city)!);
    b.emit('cit.relay', { from: c, to: targets }, MODERATOR);
    for (const t of targets) toFamily(b, t, msg('P-RELAY', { city: cityName(s, c), text: a.args.text }));
    const to = list(
      targets.map((t) => cityName(s, t)),
      'and',
    );
    b.tell([a.me], msg('P-ACK-FINAL', { what: act('relay', to) }));
  },
});

// ---------------------------------------------------------------------------------------------------------------
// The court of acting judges (CIT-CRT-2..4, CIT-CRT-9)

const judge = K.actor('REJ-CRT-NOTJUDGE', (c) => isJudge(c.s, c.me));
const courtOpen = K.actor('REJ-CRT-CLOSED', (c) => c.s.v.day >= 1 && dayOrVote(c), {
  params: (c) => ({ dayStart: citOptions(c.s.config).dayStart, voteEnd: citOptions(c.s.config).voteEnd }),
  until: (c) => c.s.v.voteEnd,
});
const noVerdict = K.actor('REJ-CRT-FINAL', (c) => !c.s.v.verdict);
const motion = K.actor('REJ-CRT-NOMOTION', (c) => !!c.s.v.motion);

const COURT_PROPOSE = K.action({
  ...slash(
    'court-propose',
    '/court propose|/суд казнить',
    'space',
    'CIT-CRT-2, CIT-CRT-3, CIT-CRT-9',
    'an acting judge moves to execute a player (no judge); unanimity of the court executes',
  ),
  params: { target: nick },
  checks: [
    judge,
    courtOpen,
    K.actor('REJ-CRT-OPEN', (c) => !c.s.v.motion, { params: (c) => ({ name: nm(c.s, c.s.v.motion!.target) }) }),
    K.actor('REJ-CRT-DONE', (c) => !c.s.v.verdict),
    K.actor('REJ-CRT-QUORUM', (c) => sitting(c.s).length >= citOptions(c.s.config).courtMinJudges, {
      params: (c) => ({ k: sitting(c.s).length, min: citOptions(c.s.config).courtMinJudges }),
    }),
    resolve('target'),
    livingTarget('target'),
    K.target('target', 'REJ-CRT-JUDGE', (c, id) => !isJudge(c.s, id), { params: (c, id) => ({ name: nm(c.s, id) }), listKey: ALIKE }),
  ],
  effect(b, a) {
    b.emit('cit.court.motion', { target: a.args.target, by: a.me }, courtTeam(b));
    settle(b);
  },
});

const COURT_YES = K.action({
  ...slash('court-yes', '/court yes|/суд за', 'none', 'CIT-CRT-4', 'an acting judge agrees to the open motion'),
  params: {},
  checks: [judge, courtOpen, noVerdict, motion, K.actor('REJ-CRT-VOTED', (c) => !c.s.v.motion!.yes.includes(c.me))],
  effect(b, a) {
    b.emit('cit.court.yes', { judge: a.me }, courtTeam(b));
    settle(b);
  },
});

/** CIT-CRT-4: «Если хотя бы один судья против, то казнь отменяется.» */
const COURT_NO = K.action({
  ...slash('court-no', '/court no|/суд против', 'none', 'CIT-CRT-4', 'an acting judge vetoes the open motion'),
  params: {},
  checks: [judge, courtOpen, noVerdict, motion],
  effect(b, a) {
    const s = b.state;
    const target = s.v.motion!.target;
    b.emit('cit.court.dropped', { why: 'veto' }, courtTeam(b));
    announceIn(b, courtChannel(b), msg('P-COURT-CANCEL', { name: nm(s, a.me), target: nm(s, target) }));
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Last words, speeches, recall, resignation, suicide, absence

const lastWordOpen = [
  K.actor('REJ-LW-CLOSED', (c) => c.s.v.day >= 1 && dayOrVote(c), { until: (c) => c.s.v.voteEnd }),
  K.actor('REJ-LW-NOTCAND', (c) => onAnyList(c.s, c.me)),
  K.actor('REJ-LW-USED', (c) => c.s.v.cities.some((_, i) => listSet(c.s.v.nominations[i]!).has(c.me) && !c.s.v.lastWords[i]!.includes(c.me))),
];
const lwMax = (c: C) => citOptions(c.s.config).lastWordTextMaxChars;

/** CIT-LW-1, CIT-LW-2, CIT-LW-4: a nominee's last word (any number of lines), published in every list's thread. */
const LAST_WORD = K.action({
  ...slash(
    'lastword',
    '/lastword|/последнее-слово',
    'space',
    'CIT-LW-1, CIT-LW-2, CIT-LW-4',
    'a nominee’s last word, once per list, published in the thread of every city whose list holds him',
  ),
  params: { text: text({ placeholder: { ru: 'текст', en: 'text' }, lines: 'all' }) },
  checks: [
    ...lastWordOpen,
    K.peek('text', 'REJ-LW-LONG', (c, _v, raw) => raw.trim().length <= lwMax(c), { params: (c, _v, raw) => ({ max: lwMax(c), n: raw.trim().length }) }),
    K.peek('text', 'REJ-LW-NOTCAND', (_c, _v, raw) => raw.trim() !== ''),
    resolve('text'),
  ],
  irreversible: true,
  effect(b, a) {
    publishLastWord(b, a.me, a.args.text, false);
  },
});

/** CIT-LW-3: the nominee asks to be phoned; staff are told and publish the recording. */
const LAST_WORD_CALL = K.action({
  ...also('lastword.call', LAST_WORD, 'CIT-LW-3', 'a nominee asks the Prokurator to phone him for his last word'),
  params: {
    word: choice<Code, 'call'>('REJ-LW-NOTCAND', {
      values: ['call'],
      read: (raw) => (/^(call|звонок)$/iu.test(raw.trim()) ? 'call' : undefined),
      show: (_v, locale) => (locale === 'ru' ? 'звонок' : 'call'),
    }),
  },
  checks: [K.peek('word', 'REJ-LW-NOTCAND', (_c, v) => v === 'call', { select: true }), ...lastWordOpen, resolve('word')],
  effect(b, a) {
    const s = b.state;
    // CIT-LW-3: the engine cannot phone; staff are told, and the nominee is told what happens next.
    b.emit('cit.lastword.call', { player: a.me }, { kind: 'players', ids: [a.me] });
    b.flag('P-LW-CALL-STAFF', { name: nm(s, a.me) });
    b.tell([a.me], msg('P-LW-CALL', { voteEnd: time(s, s.v.voteEnd) }));
  },
});

const speechMax = (c: C) => citOptions(c.s.config).speechTextMaxChars;

/**
 * CIT-JUD-4: a declared candidate's campaign speech (the whole message after the keyword, any number of lines and
 * speeches), published at once in his city's thread. Audio is not stored: a candidate links his recording.
 */
const SPEECH = K.action({
  ...slash('speech', '/speech|/речь', 'space', 'CIT-JUD-4', 'a judge candidate’s campaign speech, published in his city’s thread'),
  params: { text: text({ placeholder: { ru: 'текст', en: 'text' }, lines: 'all', code: 'REJ-SPEECH-EMPTY' }) },
  checks: [
    K.actor('REJ-SPEECH-NOTCAND', isCandidate),
    resolve('text'),
    K.peek('text', 'REJ-SPEECH-LONG', (c, _v, raw) => raw.length <= speechMax(c), { params: (c, _v, raw) => ({ max: speechMax(c), n: raw.length }) }),
  ],
  effect(b, a) {
    announceIn(b, homeThread(b, a.me), msg('T-SPEECH', { name: nm(b.state, a.me), text: a.args.text }));
  },
});

/** CIT-REC-1..6: a resident files or confirms a request to remove his city's judge, until the cutoff. */
const RECALL = K.action({
  ...slash(
    'recall',
    '/recall|/снять-судью',
    'none',
    'CIT-REC-1…6',
    'files or confirms the request to remove the city’s judge (until voteStart − recallLeadHours)',
  ),
  params: {},
  checks: [
    // §0 precedence, timing first: «Требование, направленное и (или) подтверждённое позднее установленного срока,
    // прокуратором не рассматривается» — after a cut-off nothing else about the request is considered. On Day 0 no
    // window has opened yet and no judge sits: that is said as REJ-REC-NOJUDGE, not as lateness.
    K.actor('REJ-REC-LATE', (c) => c.s.v.day < 1 || recallDay(c) !== null, { params: (c) => recallLate(c.s) }),
    K.actor('REJ-REC-NOJUDGE', (c) => !!c.s.v.judge[home(c)]),
    K.actor('REJ-REC-SELF', (c) => c.s.v.judge[home(c)] !== c.me),
    K.actor('REJ-REC-LATE', (c) => recallDay(c) !== null, { params: (c) => recallLate(c.s) }),
    K.actor('REJ-REC-DUP', (c) => !confirmedOn(c.s, c.me, recallDay(c)), { params: (c) => ({ judge: nm(c.s, c.s.v.judge[home(c)]!) }) }),
  ],
  effect(b, a) {
    recall(b, a.me);
  },
});

/** CIT-JUD-8: an acting judge resigns at once. */
const RESIGN = K.action({
  ...slash('resign', '/resign|/самоотвод', 'none', 'CIT-JUD-8', 'an acting judge resigns; his seat falls vacant'),
  params: {},
  checks: [K.actor('REJ-CRT-NOTJUDGE', (c) => c.s.v.judge.includes(c.me))],
  confirm: true,
  effect(b, a) {
    resign(b, a.me);
  },
});

/** CIT-ACT-6: a suicide is asked for first, then confirmed within ten minutes. */
const SUICIDE = K.action({
  ...slash('suicide', '/suicide|/самоубийство', 'none', 'CIT-ACT-6', 'asks to leave the game by suicide (confirmed within ten minutes)'),
  params: {},
  checks: [],
  effect(b, a) {
    b.emit('cit.suicide.asked', { player: a.me }, { kind: 'players', ids: [a.me] });
    b.tell([a.me], msg('P-SUICIDE-ASK'));
  },
});

const SUICIDE_WINDOW = 10 * 60_000;

/** CIT-ACT-6, CIT-ACT-7: a confirmed suicide within ten minutes of the request kills at once, with «Овощ». */
const SUICIDE_CONFIRM = K.action({
  ...slash(
    'suicide-confirm',
    '/suicide confirm|/самоубийство подтверждаю',
    'none',
    'CIT-ACT-6, CIT-ACT-7',
    'confirms the suicide asked for in the last ten minutes',
  ),
  params: {},
  checks: [
    K.actor(
      'REJ-SUICIDE-NOASK',
      (c) => {
        const asked = c.s.v.suicideAsked[c.me];
        return asked !== undefined && c.at < asked + SUICIDE_WINDOW;
      },
      { until: (c) => (c.s.v.suicideAsked[c.me] ?? 0) + SUICIDE_WINDOW },
    ),
  ],
  irreversible: true,
  confirm: true,
  effect(b, a) {
    const s = b.state;
    // CIT-ACT-7: «Самоубийство — наказывается предупреждением "Овощ"» (recorded before the death, which may end the game).
    warn(b, a.me, 'suicide');
    dieNow(b, a.me, 'suicide', msg('T-SUICIDE', { name: nm(s, a.me), g: genderOf(s, a.me), role: revealParam(s, a.me) }));
  },
});

/** CIT-ACT-5's date: a game day whose voteEnd has not passed. */
function absenceDate(c: C, raw: string): string | undefined {
  const s = c.s;
  const d = parseDate(raw, s.v.date);
  if (d === undefined || !isPlayDay(s.calendar, d)) return undefined;
  return instantOf(d, citOptions(s.config).voteEnd, s.config.timeZone) <= c.at ? undefined : d;
}

/** CIT-ACT-5: `/absent <DD.MM>`, at most absenceMaxDays a game. */
const ABSENT = K.action({
  ...slash('absent', '/absent|/отсутствую', 'space', 'CIT-ACT-5', 'announces an absence on a game day (at most absenceMaxDays a game)'),
  params: { date: text({ placeholder: { ru: 'ДД.ММ', en: 'DD.MM' } }) },
  checks: [
    K.peek('date', 'REJ-ABS-PAST', (c, _v, raw) => absenceDate(c, raw) !== undefined, { params: (c) => ({ voteEnd: citOptions(c.s.config).voteEnd }) }),
    K.peek('date', 'REJ-ABS-DUP', (c, _v, raw) => !(c.s.v.absences[c.me] ?? []).includes(absenceDate(c, raw)!), {
      params: (c, _v, raw) => ({ date: dayMonth(absenceDate(c, raw)!) }),
    }),
    K.actor('REJ-ABS-LIMIT', (c) => (c.s.v.absences[c.me] ?? []).length < citOptions(c.s.config).absenceMaxDays, {
      params: (c) => ({ n: citOptions(c.s.config).absenceMaxDays }),
    }),
    resolve('date'),
  ],
  effect(b, a) {
    absent(b, a.me, parseDate(a.args.date, b.state.v.date)!);
  },
});

/** §0: the dead are refused everything first (the reading says so before any command; the lists need it too). */
const inTheGame = alive<Code>('REJ-DEAD');

/** Every player action of mafia-cities, in the order the legal actions list them. */
export const ACTIONS = K.table(
  [
    NOMINATE,
    VOTE,
    UNVOTE,
    RUN,
    UNRUN,
    JUDGE_VOTE,
    JUDGE_UNVOTE,
    PROTECT,
    KNIFE,
    NOKNIFE,
    CHECK,
    KILL,
    NOKILL,
    TOUR,
    NOTOUR,
    DEFER,
    PROPOSE,
    PROPOSE_NONE,
    PROPOSE_TOUR,
    PROPOSE_TOUR_NONE,
    GF,
    RELAY,
    COURT_PROPOSE,
    COURT_YES,
    COURT_NO,
    LAST_WORD,
    LAST_WORD_CALL,
    SPEECH,
    RECALL,
    RESIGN,
    SUICIDE,
    SUICIDE_CONFIRM,
    ABSENT,
  ].map((a) => ({ ...a, checks: [inTheGame, ...a.checks] })),
);

/** The family commands: any of them, accepted or not, is the family speaking tonight (CIT-MAF-7). */
export const MAFIA_COMMANDS: ReadonlySet<string> = new Set(['kill', 'nokill', 'tour', 'notour', 'defer', 'propose', 'propose-tour', 'gf', 'relay']);

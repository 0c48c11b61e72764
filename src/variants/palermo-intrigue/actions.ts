// Player actions of palermo-intrigue, each declared once (docs/actions.md): votes, the 20:05–20:10 change, runoff
// ballots and last words in the thread; murder orders, night actions, the Lawyer's client, the Corrupt Cop's transfer,
// outings and cards (play.ts) by PM. Conditions are listed in palermo's §5.4 order as this rulebook applies it — the
// sender's condition (INT-STATE-2, R-STATE) and role, the window, the name, the target, the sender's state — so the
// first that fails gives the code; the engine derives from the same list what a player may do now (forms, bots), the
// command lines of the role messages and `narrator rules`. What stays here besides is how posts and PMs are read.
import type { Command, Millis, PlayerId } from '../../core/types.ts';
import { perform } from '../../engine/actions/check.ts';
import { type ActorCheck, ALIKE, type Ctx, type Reason } from '../../engine/actions/declare.ts';
import { choice, nameParam, notSelf, player, resolve, role, separator, text } from '../../engine/actions/guards.ts';
import { type Kit, rulebook } from '../../engine/actions/kit.ts';
import { forward, publishPost, syntaxOf } from '../../engine/game.ts';
import { fold, matchName } from '../../engine/names.ts';
import { parseCommands, type SyntaxRule } from '../../engine/parse.ts';
import { nameOf, namesOf, signedUp } from '../../engine/state.ts';
import { localDate } from '../../engine/time.ts';
import { lateParams, voteLines, WITHDRAW } from '../palermo/actions.ts';
import { msg } from '../palermo/flow.ts';
import type { Claim, IntEvents, NightRole, OutingKind } from './events.ts';
import { answer, canExecute, EXCEPTION_MINUTES, orderInForce } from './flow.ts';
import { cardActions } from './play.ts';
import { type IntBuilder, type IntRejectionCode, reject } from './rejections.ts';
import { MAFIOSI } from './roles.ts';
import { activeSet, at, cond, inOuting, isMafioso, mafiaGroup, may, outers, roleOf, type S, stateParam, TIMES, vendettaOpen, votableSet } from './rules.ts';
import { INT_SCHEDULE, intPhase } from './schedule.ts';
import type { IntState } from './state.ts';

type B = IntBuilder<IntState>;
type C = Ctx<IntState>;
type Code = IntRejectionCode;

/** The declaration kit of palermo-intrigue. */
export type IntKit = Kit<IntState, IntEvents, Code>;

/** A keyword line: every keyword is accepted in every game; `taught` is the one a game's texts write (PAL-GEN-8). */
function keyword(el: string, en: string, form: SyntaxRule['form'] = 'colon'): Omit<SyntaxRule, 'command' | 'where'> {
  return { keywords: [el, en], form, taught: { el, en } };
}

const K: IntKit = rulebook<IntState, IntEvents, Code>({
  schedule: INT_SCHEDULE,
  phase: intPhase,
  round: (s) => s.v.round,
  // INT-MOD-2: «ΑΠΟΧΩΡΩ» is read (and refused) though it is no action; joining and leaving belong to the signup.
  extraSyntax: [
    { command: 'quit', ...keyword('ΑΠΟΧΩΡΩ', 'I quit', 'none'), where: 'pm' },
    { command: 'join', ...keyword('Συμμετοχή', 'Join', 'none'), where: 'post' },
    { command: 'leave', ...keyword('Αποχώρηση', 'Leave', 'none'), where: 'post' },
  ],
});

// ---------------------------------------------------------------------------------------------------------------
// Conditions several actions share (one object each, so a derivation evaluates it once)

/** INT-STATE-2: the sender is active (R-STATE names his condition). */
export const activeSender = K.actor('R-STATE', (c) => activeSet(c.s).has(c.me), { params: (c) => ({ state: stateParam(c.s, c.me) }) });
/** INT-STATE-3, INT-CARD-9: the sender may vote (active, or a ghost with echo). */
const mayVote = K.actor('R-STATE', (c) => may(c.s, c.me, 'vote'), { params: (c) => ({ state: stateParam(c.s, c.me) }) });
/** A formal mafioso (the Rival Mafioso is none). */
const mafioso = role<Code>([...MAFIOSI], 'R-ROLE');
/** A name that matches no single player (PAL-GEN-4). */
export const named = player<Code>('R-NAME');
/** The target's condition as R-TARGET-STATE shows it. */
export const targetState = (c: C, id: PlayerId) => ({ name: nameOf(c.s, id), state: stateParam(c.s, id) });
/** INT-STATE-3: the target is active. */
const targetActive = K.target('target', 'R-TARGET-STATE', (c, id) => activeSet(c.s).has(id), { params: targetState });
/** INT-VOTE-3: the target is votable in the open round's main vote (the other conditions where it stands read no actor). */
const votableTarget = <A extends string>(arg: A) =>
  K.target(arg, 'R-TARGET-NOT-VOTABLE', (c, id) => votableSet(c.s).has(id), { params: nameParam, listKey: ALIKE });
/** INT-CARD-5: a ballot doubled by «Επιπλέον Ψήφος» is locked for the round. */
const notLocked = K.actor('R-VOTE-LOCKED', (c) => {
  for (const x of c.s.v.doubled) if (x.voter === c.me && x.round === c.s.v.round) return false;
  return true;
});
/** PAL-TIE-7: during the runoff round r+1 is not open yet. */
const RUNOFF_PENDING: Reason<IntState, Code> = { code: 'R-ROUND-NOT-OPEN', params: (c) => ({ r: c.round + 1 }) };

/** An own condition with a refusal per reason: `why` returns the refusal, or undefined when it holds. */
function reasons(codes: readonly Code[], why: (c: C) => Reason<IntState, Code> | undefined, until?: (c: C) => Millis | undefined): ActorCheck<IntState, Code> {
  return { kind: 'actor', code: codes[codes.length - 1]!, codes, test: (c) => why(c) === undefined, why, ...(until ? { until } : {}) };
}

// ---------------------------------------------------------------------------------------------------------------
// The thread

/** PAL-LW-1/2, INT-LW-1: a voted-out ghost's first post before his deadline is his last words. */
const LAST_WORDS = K.action({
  id: 'lastwords',
  command: 'lastwords',
  via: 'post',
  summary: { en: 'a voted-out ghost’s one post of last words', el: 'ένα ποστ τελευταίων λόγων του φαντάσματος που αποχώρησε με ψηφοφορία' },
  rules: 'PAL-LW-1, PAL-LW-2, INT-LW-1, INT-CON-2, INT-STATE-3',
  params: { text: text({ whole: true, multiline: true, placeholder: { el: 'τελευταία λόγια', en: 'last words' } }) },
  checks: [
    // INT-CON-2, INT-STATE-3: everyone else who lacks the right to post is ignored and flagged (PAL-LW-2 once used).
    K.actor('R-LW-USED', (c) => c.s.v.lastWords[c.me]?.postId === undefined, { flag: true }),
    K.actor(
      'R-STATE',
      (c) => {
        const lw = c.s.v.lastWords[c.me];
        return lw !== undefined && c.at < lw.until && !may(c.s, c.me, 'post') && cond(c.s, c.me) !== 'detained';
      },
      { flag: true, params: (c) => ({ state: stateParam(c.s, c.me) }), until: (c) => c.s.v.lastWords[c.me]?.until },
    ),
    resolve('text'),
  ],
  irreversible: true,
  effect(b, a) {
    const lw = b.state.v.lastWords[a.me];
    const postId = publishPost(b, a.me, a.input.text, a.input.postId);
    b.emit('lastwords.posted', { player: a.me, postId, windowEnd: Math.min(b.at + EXCEPTION_MINUTES * 60_000, lw?.until ?? b.at) });
  },
  refused(b, a) {
    b.flag('FLAG-OUT-POST', { name: nameOf(b.state, a.me) });
  },
});

/** The vote target, as every vote reads it (INT-VOTE-3, PAL-VOTE-3/4). */
const voteTarget = [
  K.word('target', 'R-VOTE-WITHDRAW', (raw) => !WITHDRAW.has(fold(raw))),
  resolve('target'),
  notSelf<'target', Code>('target', 'R-VOTE-SELF'),
  votableTarget('target'),
] as const;

/** INT-VOTE-1: the thread is locked in [20:00, 20:05) (posts there are refused whole by the reading). */
const LOCKED: Reason<IntState, Code> = { code: 'R-LOCKED', params: () => ({ from: TIMES.lock, to: TIMES.ext }) };

/** PAL-VOTE-1…5 with INT-VOTE-3: a main-vote line, before the 20:00 lock. */
const VOTE = K.action({
  id: 'vote',
  command: 'vote',
  via: 'post',
  syntax: [keyword('Ψήφος', 'Vote'), { keywords: ['Ψηφίζω'], form: 'space' }],
  summary: { en: 'the main vote until 20:00: another votable player; may be changed, not withdrawn', el: 'κύρια ψηφοφορία ως τις 20:00' },
  rules: 'PAL-VOTE-1…5, INT-VOTE-1, INT-VOTE-3, INT-CARD-5, PAL-TIE-7',
  params: { target: named },
  checks: [
    mayVote,
    reasons(
      ['R-ROUND-NOT-OPEN', 'R-LOCKED'],
      (c) => (c.s.v.phase === 'runoff' ? RUNOFF_PENDING : c.s.v.phase === 'day' && c.at >= c.s.v.lockAt ? LOCKED : undefined),
      K.until('vote'),
    ),
    // PAL-VOTE-5: a post stamped before a close that was already resolved is late (forum adapters only).
    K.actor('R-LATE', (c) => c.s.v.lastClose === undefined || c.at >= c.s.v.lastClose, { params: (c) => lateParams(c.s, c.s.v.lastClose ?? c.at, c.at) }),
    ...voteTarget,
    notLocked,
  ],
  effect(b, a) {
    b.emit('vote.cast', { voter: a.me, target: a.args.target, round: b.state.v.round });
  },
});

/** The voter's own state in the change window (INT-VOTE-1): a ballot at 20:00, not locked, not changed yet. */
const changeState = [
  K.actor('R-EXT-NOVOTE', (c) => c.s.v.atLock.includes(c.me)),
  notLocked,
  K.actor('R-EXT-ONCE', (c) => !c.s.v.changed.includes(c.me)),
] as const;

/** INT-VOTE-1: the one change of [20:05, 20:10), a post that is a name only (the reading finds it). */
const VOTE_CHANGE = K.action({
  id: 'vote.change',
  command: 'vote',
  via: 'post',
  summary: { en: 'one vote change in 20:05–20:10, a post with a name only', el: 'μία αλλαγή ψήφου 20:05–20:10, μόνο με όνομα' },
  rules: 'INT-VOTE-1, INT-VOTE-3',
  params: { target: named },
  checks: [
    K.actor('R-ROUND-NOT-OPEN', (c) => c.s.v.phase === 'day' && c.at >= c.s.v.extAt && c.at < c.s.v.closeAt, {
      select: true,
      params: (c) => ({ r: c.round + 1 }),
      until: K.until('vote-change'),
    }),
    mayVote,
    // The voter's own state is judged after the name and the target (palermo §5.4 steps 3–5).
    ...voteTarget,
    ...changeState,
  ],
  effect(b, a) {
    b.emit('vote.cast', { voter: a.me, target: a.args.target, round: b.state.v.round, change: true });
  },
});

/** PAL-TIE-2, INT-VOTE-8: a runoff ballot, by an active player, for a candidate other than himself. */
const BALLOT = K.action({
  id: 'ballot',
  command: 'ballot',
  via: 'post',
  syntax: [keyword('Δημοσκόπηση', 'Runoff')],
  summary: { en: 'a runoff ballot for one of the tied candidates (active players, not oneself)', el: 'ψήφος δημοσκόπησης' },
  rules: 'PAL-TIE-2, INT-VOTE-8',
  params: { target: named },
  checks: [
    // An echo ghost may post but not ballot: the sender (§5.4 step 1) before the runoff (2).
    activeSender,
    K.actor('R-RUNOFF-CLOSED', (c) => c.s.v.phase === 'runoff' && c.s.v.runoff !== undefined, { until: K.until('ballot') }),
    resolve('target'),
    K.target('target', 'R-RUNOFF-CANDIDATE', (c, id) => id !== c.me && c.s.v.runoff?.candidates.includes(id) === true, {
      params: (c) => ({ candidates: namesOf(c.s, c.s.v.runoff?.candidates ?? []) }),
    }),
  ],
  effect(b, a) {
    b.emit('runoff.ballot', { voter: a.me, target: a.args.target });
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Murder orders (INT-KILL-1…5)

/** R-LATE after the round's 13:00 murder. */
const KILLED: Reason<IntState, Code> = { code: 'R-LATE', params: (c) => lateParams(c.s, c.s.v.killAt ?? c.s.v.closeAt, c.at) };

/** The sender may execute (an order without an executor); asked once per check or derivation, not per candidate. */
const execMemo: { c: C | undefined; can: boolean } = { c: undefined, can: false };
function selfExecutes(c: C): boolean {
  if (execMemo.c !== c) {
    execMemo.c = c;
    execMemo.can = canExecute(c.s, c.me);
  }
  return execMemo.can;
}

/** INT-KILL-5: no murder in round 1. */
const ROUND1: Reason<IntState, Code> = { code: 'R-KILL-ROUND1' };

/** INT-KILL-1/2/4: a murder order, optionally naming its executor (absent: the sender). */
const KILL = K.action({
  id: 'kill',
  command: 'kill',
  via: 'pm',
  syntax: [keyword('ΔΟΛΟΦΟΝΙΑ', 'Kill')],
  summary: {
    en: 'the Mafia’s murder order, from round 2 until 13:00: an active player, and an executor who may execute (the sender by default)',
    el: 'εντολή δολοφονίας',
  },
  rules: 'INT-KILL-1, INT-KILL-2, INT-KILL-4, INT-KILL-5, PAL-TIE-7',
  params: {
    target: named,
    executor: player<Code>('R-NAME', {
      optional: true,
      label: { el: 'εκτελεστής', en: 'executor' },
      sep: separator({ el: ' ΕΚΤΕΛΕΣΤΗΣ: ', en: ' EXECUTOR: ' }, /\s+(?:ΕΚΤΕΛΕΣΤΗΣ|EXECUTOR)\s*:\s*/iu),
    }),
  },
  checks: [
    activeSender,
    // INT-KILL-4: once active, the Rival Mafioso alone orders murders.
    K.actor('R-ROLE', (c) => (c.s.v.rmActive ? roleOf(c.s, c.me) === 'rival-mafioso' : isMafioso(c.s, c.me))),
    reasons(
      ['R-ROUND-NOT-OPEN', 'R-KILL-ROUND1', 'R-LATE'],
      (c) => (c.s.v.phase === 'runoff' ? RUNOFF_PENDING : c.s.v.round === 1 ? ROUND1 : c.s.v.killDone ? KILLED : undefined),
      K.until('kill'),
    ),
    resolve('target'),
    resolve('executor'),
    targetActive,
    K.target('executor', 'R-EXECUTOR', (c, id) => canExecute(c.s, id) && (!c.s.v.rmActive || id === c.me), { params: nameParam }),
    {
      kind: 'args',
      code: 'R-EXECUTOR',
      test: (c, a) => (a.executor ?? c.me) !== a.target && (a.executor !== undefined || selfExecutes(c)),
      params: (c, a) => ({ name: nameOf(c.s, a.executor ?? c.me) }),
    },
  ],
  effect(b, a) {
    const s = b.state;
    const v = s.v;
    const rm = v.rmActive;
    const executor = a.args.executor ?? a.me;
    const arch = roleOf(s, a.me) === 'archmafioso';
    b.emit('kill.ordered', { by: a.me, target: a.args.target, executor, round: v.round, arch }, rm ? { kind: 'players', ids: [a.me] } : mafiaGroup(s));
    const o = orderInForce(b.state)!;
    const inForce = `${nameOf(s, o.target)} / ${nameOf(s, o.executor)}`;
    const ack = msg('MSG-KILL-ORDER-ACK', { r: v.round, target: nameOf(s, a.args.target), executor: nameOf(s, executor), sender: nameOf(s, a.me), inForce });
    if (rm) b.tell([a.me], ack);
    else b.say(mafiaGroup(s), ack);
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Night actions (INT-NIGHT-1…3, INT-ROLE-1…5)

/** The 13:00 after a night (INT-NIGHT-1's R-LATE ends there), remembered for the night it was asked for. */
let noonMemo: { ends: Millis; zone: string; noon: Millis } | undefined;
function noonAfter(s: S, nightEndsAt: Millis): Millis {
  if (noonMemo?.ends !== nightEndsAt || noonMemo.zone !== s.config.timeZone) {
    noonMemo = { ends: nightEndsAt, zone: s.config.timeZone, noon: at(s, localDate(nightEndsAt, s.config.timeZone), TIMES.kill) };
  }
  return noonMemo.noon;
}

const NIGHT_CLOSED: Reason<IntState, Code> = { code: 'R-NIGHT-CLOSED' };

/**
 * INT-NIGHT-1/2: the night after the count is open (the Prostitute's until 00:00, the others' until 02:00); after the
 * role's deadline until 13:00 of that day an order is late (decision B41), otherwise the night is closed. The night
 * runs beside the next day, so it is an own condition, not a window of the open phase (docs/actions.md §10).
 */
function night(prostitute: boolean): ActorCheck<IntState, Code> {
  const deadline = (s: S) => (prostitute ? s.v.midnightAt : s.v.nightEndsAt);
  const late: Reason<IntState, Code> = { code: 'R-LATE', params: (c) => lateParams(c.s, deadline(c.s) ?? c.at, c.at) };
  return reasons(
    ['R-LATE', 'R-NIGHT-CLOSED'],
    (c) => {
      const v = c.s.v;
      const t = c.at;
      const ends = v.nightEndsAt;
      if (v.lastClose !== undefined && ends !== undefined && t >= v.lastClose && t < ends && !(prostitute && v.midnightAt !== undefined && t >= v.midnightAt))
        return undefined;
      const d = deadline(c.s);
      return d !== undefined && ends !== undefined && t >= d && t < noonAfter(c.s, ends) ? late : NIGHT_CLOSED;
    },
    K.until(prostitute ? 'prostitute-order' : 'night-orders'),
  );
}

const nightOpen = night(false);
/** INT-NIGHT-3: one answered request a night (a state check, after the name and the target). */
const notAnswered = K.actor('R-NIGHT-DONE', (c) => !c.s.v.answered.includes(c.me));

/** The declaration of a night action of `nightRole`. */
function nightAction(id: string, nightRole: NightRole, words: [string, string], summary: string, checks: 'ghost' | 'other' | 'nurse') {
  const targetChecks =
    checks === 'ghost'
      ? [K.target('target', 'R-TARGET-STATE', (c, x) => cond(c.s, x) === 'ghost', { params: targetState })] // INT-ROLE-2
      : checks === 'other'
        ? [notSelf<'target', Code>('target', 'R-SELF'), targetActive]
        : [
            targetActive,
            notSelf<'target', Code>('target', 'R-NURSE-SELF'),
            K.target('target', 'R-NURSE-REPEAT', (c, x) => x !== c.s.v.lastProtection, { params: nameParam }),
          ];
  return K.action({
    id,
    command: id,
    via: 'pm',
    syntax: [keyword(...words)],
    summary: { en: summary, el: summary },
    rules: 'INT-NIGHT-1…3, INT-ROLE-1…5',
    params: { target: named },
    checks: [activeSender, role(nightRole, 'R-ROLE'), nightRole === 'prostitute' ? night(true) : nightOpen, resolve('target'), ...targetChecks, notAnswered],
    effect(b, a) {
      b.emit('night.request', { actor: a.me, role: nightRole, target: a.args.target }, { kind: 'players', ids: [a.me] });
      b.tell([a.me], msg('MSG-INT-ACK', { command: a.line }));
      // INT-NIGHT-3: after 00:00 a detective's or medium's request is answered at once.
      if (b.state.v.midnightDone && (nightRole === 'detective' || nightRole === 'medium')) answer(b, a.me, nightRole, a.args.target);
    },
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The end of the vote (INT-ROLE-6/7)

/** The main vote of the open round, before 20:10. */
const endOfVote = K.actor('R-ROUND-NOT-OPEN', (c) => c.s.v.phase === 'day' && c.at < c.s.v.closeAt, {
  params: (c) => ({ r: c.round + 1 }),
  until: K.until('end-of-vote'),
});

/** INT-ROLE-6: the Lawyer's client. */
const CLIENT = K.action({
  id: 'client',
  command: 'client',
  via: 'pm',
  syntax: [keyword('ΠΕΛΑΤΗΣ', 'Client')],
  summary: { en: 'the Lawyer’s client until 20:10: another active player, not the previous round’s', el: 'πελάτης του Δικηγόρου' },
  rules: 'INT-ROLE-6',
  params: { target: named },
  checks: [
    activeSender,
    role('lawyer', 'R-ROLE'),
    endOfVote,
    resolve('target'),
    notSelf<'target', Code>('target', 'R-SELF'),
    targetActive,
    K.target('target', 'R-LAWYER-REPEAT', (c, id) => c.s.v.lastClient?.round !== c.s.v.round - 1 || c.s.v.lastClient.client !== id, { params: nameParam }),
  ],
  effect(b, a) {
    b.emit('lawyer.client', { client: a.args.target, round: b.state.v.round }, { kind: 'players', ids: [a.me] });
    b.tell([a.me], msg('MSG-INT-ACK', { command: a.line }));
  },
});

/** INT-ROLE-7: the Corrupt Cop's transfer X -> Y. */
const TRANSFER = K.action({
  id: 'transfer',
  command: 'transfer',
  via: 'pm',
  syntax: [keyword('ΜΕΤΑΦΟΡΑ', 'Transfer')],
  summary: { en: 'the Corrupt Cop moves the ballots on one votable player to another, until 20:10', el: 'μεταφορά ψήφων του Διεφθαρμένου' },
  rules: 'INT-ROLE-7',
  params: { from: named, to: player<Code>('R-NAME', { sep: separator({ el: ' -> ', en: ' -> ' }, /\s*(?:->|→|=>|>)\s*/u) }) },
  checks: [
    activeSender,
    role('corrupt-cop', 'R-ROLE'),
    endOfVote,
    resolve('from'),
    resolve('to'),
    notSelf<'from', Code>('from', 'R-CC-SELF'),
    notSelf<'to', Code>('to', 'R-CC-SELF'),
    { kind: 'args', code: 'R-CC-SAME', test: (_c, a) => a.from !== a.to },
    votableTarget('from'),
    votableTarget('to'),
  ],
  effect(b, a) {
    b.emit('cc.transfer', { from: a.args.from, to: a.args.to, round: b.state.v.round }, { kind: 'players', ids: [a.me] });
    b.tell([a.me], msg('MSG-INT-ACK', { command: a.line }));
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Outings (INT-OUT-1…3, -6, -7)

/** PAL-OUT-4: the exception window on the last voted-out player (a ghost) is open at t. */
function exceptionFor(s: S, id: PlayerId, t: Millis): boolean {
  const lw = s.v.lastWords[id];
  return (
    cond(s, id) === 'ghost' && s.v.lastVotedOut.includes(id) && lw?.postedAt !== undefined && lw.windowEnd !== undefined && t >= lw.postedAt && t < lw.windowEnd
  );
}

/** Who may out now: two or more active mafiosi (PAL-OUT-2), hidden mafiosi first (INT-OUT-2). */
const mayOut = [
  activeSender,
  mafioso,
  K.actor('R-OUT-LONE', (c) => outers(c.s).activeMafiosi >= 2),
  K.actor('R-OUT-HIDDEN-FIRST', (c) => {
    const hidden = outers(c.s).hiddenActive;
    return hidden.length === 0 || hidden.includes(c.me) || roleOf(c.s, c.me) === 'archmafioso';
  }),
] as const;

const outingUntil = K.until('outing');
/** INT-OUT-1: the ordinary window (opened at the previous count). */
const outingOpen = K.actor('R-OUT-WINDOW', (c) => c.s.v.outingOpen, { until: outingUntil });
const outTarget = [
  notSelf<'target', Code>('target', 'R-OUT-SELF'),
  K.target('target', 'R-OUT-TEAMMATE', (c, id) => !isMafioso(c.s, id), { params: nameParam }),
] as const;
const targetIn = K.target('target', 'R-TARGET-OUT', (c, id) => activeSet(c.s).has(id), { params: nameParam });
/** INT-OUT-6.4, -7.1: one massacre or vendetta a game. */
const specialFree = K.actor('R-OUT-SPECIAL-USED', (c) => !c.s.v.specialUsed);

/** PAL-OUT-5, INT-OUT-6: one outing at a time; its outers may replace it until it is frozen; a massacre's second outer completes it. */
function outingFree(kind: OutingKind): ActorCheck<IntState, Code> {
  return K.actor(
    'R-OUT-ACTIVE',
    (c) => {
      const o = c.s.v.outing;
      if (!o) return true;
      const own = !o.frozen && o.kind === kind && (o.outer === c.me || o.second?.outer === c.me);
      const completes = !o.frozen && kind === 'massacre' && o.kind === 'massacre' && !o.second && o.outer !== c.me;
      return own || completes;
    },
    { params: (c) => ({ outer: nameOf(c.s, c.s.v.outing?.outer ?? '') }) },
  );
}

/** INT-OUT-6.1: the other outer of a massacre (his claim and player must differ from the sender's). */
function otherOuter(s: S, me: PlayerId): { readonly target: PlayerId; readonly claim?: Claim | undefined } | undefined {
  const o = s.v.outing;
  if (o?.kind !== 'massacre') return undefined;
  return o.outer === me ? o.second : { target: o.target, claim: o.claim };
}

/** The claim the sender already made in the pending massacre, if any. */
function ownClaim(s: S, me: PlayerId): Claim | undefined {
  const o = s.v.outing;
  if (o?.kind !== 'massacre') return undefined;
  return o.outer === me ? o.claim : o.second?.outer === me ? o.second.claim : undefined;
}

/** The massacre's claim, written after ΩΣ. */
const CLAIMS: Record<Claim, { el: string; en: string }> = {
  informant: { el: 'ΠΛΗΡΟΦΟΡΙΟΔΟΤΗΣ', en: 'INFORMANT' },
  detective: { el: 'ΝΤΕΤΕΚΤΙΒ', en: 'DETECTIVE' },
};

/** The effect of an accepted outing of `kind`. */
function submit(kind: OutingKind) {
  return (b: B, a: { me: PlayerId; line: string; args: { target: PlayerId; claim?: Claim } }): void => {
    const s = b.state;
    const v = s.v;
    const target = a.args.target;
    const claim = a.args.claim;
    const exception = kind === 'simple' && exceptionFor(s, target, b.at);
    const round = v.phase === 'runoff' ? v.round + 1 : v.round;
    b.emit('outing.submitted', { kind, outer: a.me, target, ...(claim ? { claim } : {}), round, ...(exception ? { exception } : {}) }, mafiaGroup(s));
    b.tell([a.me], msg('MSG-INT-ACK', { command: a.line }));
    b.say(mafiaGroup(s), msg('MSG-OUT-TEAM', { sender: nameOf(s, a.me), target: nameOf(s, target) }));
    // INT-OUT-8: the informant gate of PAL-OUT-7 is always open here (the informant knows every visible mafioso).
    b.announce(msg('MSG-OUT-RECEIVED')); // PAL-OUT-6, INT-OUT-3
  };
}

/** INT-OUT-1…3: a simple outing, in the ordinary window or the target's exception window (PAL-OUT-3/4). */
const OUT = K.action({
  id: 'out',
  command: 'out',
  via: 'pm',
  syntax: [keyword('ΚΑΡΦΩΜΑ', 'Out')],
  summary: { en: 'out the informant: an active player who is not a mafioso (or a ghost in his exception window)', el: 'κάρφωμα' },
  rules: 'INT-OUT-1…3, PAL-OUT-2…5',
  params: { target: named },
  checks: [
    ...mayOut,
    K.peek('target', 'R-OUT-WINDOW', (c, id) => c.s.v.outingOpen || (id !== undefined && exceptionFor(c.s, id, c.at)), {
      until: (c) => (c.s.v.outingOpen ? outingUntil(c) : undefined),
    }),
    resolve('target'),
    ...outTarget,
    // No condition on the target reads the outer (not-self aside): one list for every killer.
    K.target('target', 'R-TARGET-OUT', (c, id) => cond(c.s, id) === 'active' || exceptionFor(c.s, id, c.at), { params: nameParam, listKey: ALIKE }),
    outingFree('simple'),
  ],
  effect: submit('simple'),
});

/** INT-OUT-6: one outer's half of a massacre: a player and the role he is claimed to hold. */
const MASSACRE = K.action({
  id: 'massacre',
  command: 'massacre',
  via: 'pm',
  syntax: [keyword('ΜΑΚΕΛΕΙΟ', 'Massacre')],
  summary: { en: 'a massacre outing: a player claimed as the informant or the detective; a second outer names the other', el: 'κάρφωμα–μακελειό' },
  rules: 'INT-OUT-6',
  params: {
    target: named,
    claim: choice<Code, Claim>('R-MASSACRE-CLAIM', {
      values: ['informant', 'detective'],
      read: (raw) => {
        const f = fold(raw);
        return f === 'πληροφοριοδοτησ' || f === 'informant' ? 'informant' : f === 'ντετεκτιβ' || f === 'detective' ? 'detective' : undefined;
      },
      show: (v, locale) => CLAIMS[v][locale === 'en' ? 'en' : 'el'],
      label: { el: 'ρόλος', en: 'role' },
      sep: separator({ el: ' ΩΣ ', en: ' AS ' }, /\s+(?:ΩΣ|AS)\s+/iu),
    }),
  },
  checks: [
    ...mayOut,
    outingOpen,
    K.peek('claim', 'R-MASSACRE-CLAIM', (_c, value) => value !== undefined),
    resolve('target'),
    resolve('claim'),
    ...outTarget,
    targetIn,
    specialFree,
    outingFree('massacre'),
    K.target('target', 'R-MASSACRE-CLAIM', (c, id) => otherOuter(c.s, c.me)?.target !== id),
    // A second claim type from the same outer is refused too: he replaces his claim with one of its type.
    K.peek('claim', 'R-MASSACRE-CLAIM', (c, value) => {
      const other = otherOuter(c.s, c.me);
      const own = ownClaim(c.s, c.me);
      return (other === undefined || other.claim !== value) && (own === undefined || own === value);
    }),
  ],
  effect: submit('massacre'),
});

/** INT-OUT-7: the vendetta, while its period lasts. */
const VENDETTA = K.action({
  id: 'vendetta',
  command: 'vendetta',
  via: 'pm',
  syntax: [keyword('ΒΕΝΤΕΤΑ', 'Vendetta')],
  summary: { en: 'a vendetta outing, while its period lasts and no massacre or vendetta was resolved', el: 'κάρφωμα–βεντέτα' },
  rules: 'INT-OUT-7',
  params: { target: named },
  checks: [
    ...mayOut,
    outingOpen,
    K.actor('R-VENDETTA-CLOSED', (c) => vendettaOpen(c.s)),
    resolve('target'),
    ...outTarget,
    targetIn,
    specialFree,
    outingFree('vendetta'),
  ],
  effect: submit('vendetta'),
});

/** PAL-OUT-5, INT-OUT-6.3: a withdrawal by an outer before the outing is frozen (a massacre goes whole). */
const WITHDRAW_OUTING = K.action({
  id: 'withdraw',
  command: 'withdraw',
  via: 'pm',
  syntax: [keyword('ΑΠΟΣΥΡΣΗ ΚΑΡΦΩΜΑΤΟΣ', 'Withdraw outing', 'none')],
  summary: { en: 'withdraw one’s outing before the close that resolves it', el: 'απόσυρση καρφώματος' },
  rules: 'PAL-OUT-5, INT-OUT-6.3',
  params: {},
  checks: [
    activeSender,
    mafioso,
    K.actor('R-OUT-NONE', (c) => c.s.v.outing !== undefined),
    K.actor('R-OUT-NOT-YOURS', (c) => inOuting(c.s, c.me), { params: (c) => ({ outer: nameOf(c.s, c.s.v.outing?.outer ?? '') }) }),
    K.actor('R-OUT-FROZEN', (c) => c.s.v.outing?.frozen !== true),
  ],
  effect(b, a) {
    b.emit('outing.withdrawn', { outer: a.me }, mafiaGroup(b.state));
    b.tell([a.me], msg('MSG-INT-ACK', { command: a.line }));
  },
});

/** palermo-intrigue's declared player actions (their order is the order of the legal actions). */
export const ACTIONS = K.table([
  LAST_WORDS,
  VOTE,
  VOTE_CHANGE,
  BALLOT,
  KILL,
  nightAction('check', 'detective', ['ΕΛΕΓΧΟΣ', 'Check'], 'the detective’s check, in the night after the count: another active player', 'other'),
  nightAction('medium', 'medium', ['ΜΕΝΤΙΟΥΜ', 'Medium'], 'the medium’s question, in the night after the count: a ghost', 'ghost'),
  nightAction('protect', 'nurse', ['ΠΡΟΣΤΑΣΙΑ', 'Protect'], 'the nurse’s protection for the next 13:00: not herself, not her previous', 'nurse'),
  nightAction('block', 'prostitute', ['ΠΟΡΝΗ', 'Block'], 'the Prostitute’s block, until 00:00: another active player', 'other'),
  CLIENT,
  TRANSFER,
  OUT,
  MASSACRE,
  VENDETTA,
  WITHDRAW_OUTING,
  ...cardActions(K),
]);

// ---------------------------------------------------------------------------------------------------------------
// Where the actions arrive

/** A thread post while the game runs. */
export function onPost(b: B, cmd: Extract<Command, { type: 'post' }>): void {
  if (cmd.actor.kind !== 'player') return;
  const actor = cmd.actor;
  const s = b.state;
  const t = cmd.at;
  // A ghost without the right to post may post only his last words (INT-LW-1); the whole post is the action.
  if (!may(s, actor.id, 'post')) {
    perform(b, ACTIONS, actor, 'post', { command: 'lastwords', arg: '', line: cmd.text.slice(0, 200) }, cmd);
    return;
  }
  const v = s.v;
  // INT-VOTE-1: [20:00, 20:05) the thread is locked.
  if (v.phase === 'day' && t >= v.lockAt && t < v.extAt) {
    reject(b, actor, 'R-LOCKED', { from: TIMES.lock, to: TIMES.ext }, { flag: true });
    return;
  }
  // INT-VOTE-1: [20:05, 20:10) one change, a post that is a vote line or a name only.
  if (v.phase === 'day' && t >= v.extAt && t < v.closeAt) return changeWindow(b, actor, cmd);
  const lines = parseCommands(cmd.text, syntaxOf(b.variant));
  publishPost(b, actor.id, cmd.text, cmd.postId);
  voteLines(
    b,
    actor,
    lines,
    (l) => void perform(b, ACTIONS, actor, 'post', l, cmd),
    (l) => void perform(b, ACTIONS, actor, 'post', l, cmd),
  );
}

/**
 * INT-VOTE-1: the post of the change window is one vote line or a bare name, else it is deleted (R-EXT-CONTENT). It
 * is published once the voter may still change (his state is judged after the name and the target, so a post with a
 * wrong name still stands in the thread).
 */
function changeWindow(b: B, actor: Extract<Command['actor'], { kind: 'player' }>, cmd: Extract<Command, { type: 'post' }>): void {
  const s = b.state;
  const lines = parseCommands(cmd.text, syntaxOf(b.variant));
  const trimmed = cmd.text.trim();
  let arg: string | undefined;
  if (lines.length === 1 && lines[0]!.command === 'vote' && fold(lines[0]!.line) === fold(trimmed)) arg = lines[0]!.arg;
  else if (lines.length === 0 && !trimmed.includes('\n') && matchName(trimmed, signedUp(s)).kind === 'one') arg = trimmed;
  if (arg === undefined) return reject(b, actor, 'R-EXT-CONTENT', {}, { line: trimmed.slice(0, 200), flag: true });
  const v = s.v;
  const me = actor.id;
  const changes = may(s, me, 'vote') && v.atLock.includes(me) && !v.changed.includes(me) && !v.doubled.some((x) => x.voter === me && x.round === v.round);
  if (changes) publishPost(b, me, cmd.text, cmd.postId);
  perform(b, ACTIONS, actor, 'post', { command: 'vote', arg, line: trimmed }, cmd);
}

/** An edit of a thread post changes no vote (PAL-GEN-3). */
export function onEdit(b: B, cmd: Extract<Command, { type: 'post.edit' }>): void {
  if (cmd.actor.kind !== 'player') return reject(b, cmd.actor, 'R-NOT-IN-GAME');
  b.emit('post.edited', { postId: cmd.postId, author: cmd.actor.id, text: cmd.text });
}

/** A PM to the moderator: each command line is decided in order; free text is forwarded (INT-CON-1). */
export function onPm(b: B, cmd: Extract<Command, { type: 'pm' }>): void {
  if (cmd.actor.kind !== 'player') return;
  const actor = cmd.actor;
  const lines = parseCommands(cmd.text, syntaxOf(b.variant));
  if (lines.length === 0) return forward(b, actor, cmd.text);
  b.emit('pm.received', { from: actor.id, text: cmd.text }, { kind: 'players', ids: [actor.id] });
  for (const line of lines) {
    if (perform(b, ACTIONS, actor, 'pm', line, cmd) !== undefined) continue;
    if (line.command === 'quit') {
      // INT-MOD-2: no voluntary withdrawal; the request goes to the moderators.
      reject(b, actor, 'R-NO-QUIT', {}, { line: line.line });
      b.emit('pm.forwarded', { from: nameOf(b.state, actor.id), player: actor.id, text: cmd.text }, { kind: 'players', ids: [actor.id] });
      b.say({ kind: 'moderator' }, msg('MSG-PM-TO-MOD', { from: nameOf(b.state, actor.id), text: cmd.text }));
    } else reject(b, actor, line.command === 'vote' || line.command === 'ballot' ? 'R-VOTE-PM' : 'R-SIGNUP-CLOSED', {}, { line: line.line });
  }
}

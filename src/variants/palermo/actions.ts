// Player actions of palermo, each declared once (docs/actions.md): votes, runoff ballots and last words in the thread;
// murder orders, protection and outings by PM. Their conditions are listed in the order of spec §5.4 — (1) the sender
// is in the game and holds the role, (2) the round and window are open, (3) the name, (4) target constraints,
// (5) state constraints — so the first that fails gives the code; the engine derives from the same list what a player
// may do now (the forms, the bots), the command lines of the role messages and `narrator rules`.
import type { Actor, Command, Millis, Params, PlayerId } from '../../core/types.ts';
import { perform } from '../../engine/actions/check.ts';
import { alive, inGame, nameParam, notSelf, player, resolve, role, text } from '../../engine/actions/guards.ts';
import { rulebook } from '../../engine/actions/kit.ts';
import type { AnyEvents, Builder } from '../../engine/builder.ts';
import { forward, publishPost, syntaxOf } from '../../engine/game.ts';
import { fold } from '../../engine/names.ts';
import { type CommandLine, parseCommands, type SyntaxRule } from '../../engine/parse.ts';
import { type GameState, isAlive, nameOf, namesOf, playersIn, postAuthor, signedUp } from '../../engine/state.ts';
import { hhmmss } from '../../engine/time.ts';
import type { PalEvents } from './events.ts';
import { killersIn, killerTeam, msg, roleOf, stamp } from './flow.ts';
import { type PalRejectionCode, reject } from './rejections.ts';
import { knownKillers } from './roles.ts';
import { PAL_SCHEDULE } from './schedule.ts';
import type { PalState } from './state.ts';

type B = Builder<PalState, PalEvents, PalRejectionCode>;
type S = GameState<PalState>;

/** Minutes an exception window stays open after the last-words post or its latest edit (PAL-OUT-4). */
export const EXCEPTION_MINUTES = 60;

/** Every player who signed up, in signup order: the names a command argument may match. */
export function everyone(s: GameState<unknown>) {
  return signedUp(s);
}

/** R-LATE's parameters: the deadline missed (its local date and time) and when the input arrived. */
export function lateParams(s: GameState<unknown>, deadline: Millis, received: Millis): Params {
  const { date, time } = stamp(s, deadline);
  return { date, time, received: hhmmss(received, s.config.timeZone) };
}

/** Refuses an action that came after its deadline with R-LATE; generic so every palermo-based rulebook shares it. */
export function late<V>(b: Builder<V, AnyEvents, 'R-LATE'>, actor: Actor, deadline: Millis, received: Millis, line: string): void {
  b.reject(actor, 'R-LATE', lateParams(b.state, deadline, received), { line });
}

/** PAL-VOTE-4: vote arguments that would withdraw a vote (folded), which the rules refuse. */
export const WITHDRAW = new Set(['', '-', '–', '—', 'αποσυρω', 'αποσυρση', 'withdraw', 'unvote', 'none', 'κανενας']);

/** PAL-OUT-4: the exception window on a player voted out at the most recent close is open at t. */
export function exceptionOpen(s: S, id: PlayerId, t: Millis): boolean {
  const lw = s.v.lastWords[id];
  return s.v.lastVotedOut.includes(id) && lw?.postedAt !== undefined && lw.windowEnd !== undefined && t >= lw.postedAt && t < lw.windowEnd;
}

// ---------------------------------------------------------------------------------------------------------------
// The declarations

const K = rulebook<PalState, PalEvents, PalRejectionCode>({
  // The open phase and round are the engine's (GameState.phases).
  schedule: PAL_SCHEDULE,
  // PAL-SIGN-1: joining and leaving are command lines too (the keyword alone on its line), so "I do not want to join"
  // is discussion.
  extraSyntax: [
    { command: 'join', keywords: ['Συμμετοχή', 'Join'], form: 'none', where: 'post', taught: { el: 'Συμμετοχή', en: 'Join' } },
    { command: 'leave', keywords: ['Αποχώρηση', 'Leave'], form: 'none', where: 'post', taught: { el: 'Αποχώρηση', en: 'Leave' } },
  ],
});

/** PAL-GEN-8: a keyword line: every keyword is accepted in every game; `taught` is the one a game's texts write. */
function keyword(el: string, en: string, form: SyntaxRule['form'] = 'colon'): Omit<SyntaxRule, 'command' | 'where'> {
  return { keywords: [el, en], form, taught: { el, en } };
}

const inTheGame = alive<PalRejectionCode>('R-NOT-IN-GAME');
const killer = role<PalRejectionCode>('killer', 'R-ROLE');
/** PAL-TIE-7: during the runoff round r+1 is not open yet. */
const runoffPending = { code: 'R-ROUND-NOT-OPEN', params: (c: { round: number }) => ({ r: c.round + 1 }) } as const;
/** The refusal of an order after the 13:00 murder of its round (R-LATE names that deadline). */
const afterMurder = { code: 'R-LATE', params: (c: { s: S; at: Millis }) => lateParams(c.s, c.s.v.killAt ?? c.s.v.closeAt, c.at) } as const;
/** A name that matches no single player (PAL-GEN-4). */
const named = player<PalRejectionCode>('R-NAME');

/** PAL-LW-1/2: a voted-out player's first post before the deadline is his last words; nothing else he posts counts. */
const LAST_WORDS = K.action({
  id: 'lastwords',
  command: 'lastwords',
  via: 'post',
  summary: { en: 'a voted-out player’s one post of last words', el: 'ένα ποστ τελευταίων λόγων του παίκτη που αποχώρησε με ψηφοφορία' },
  rules: 'PAL-LW-1, PAL-LW-2, PAL-CON-1',
  params: { text: text({ whole: true, multiline: true, placeholder: { el: 'τελευταία λόγια', en: 'last words' } }) },
  checks: [
    // PAL-CON-1, PAL-VOTE-6: posts of players who are out (and not owed last words) are ignored and flagged.
    K.actor('R-NOT-IN-GAME', (c) => !isAlive(c.s, c.me) && c.s.v.lastWords[c.me] !== undefined, { flag: true }),
    K.actor('R-LW-USED', (c) => c.s.v.lastWords[c.me]?.postId === undefined, { flag: true }),
    K.actor('R-LATE', (c) => c.at < (c.s.v.lastWords[c.me]?.until ?? 0), {
      params: (c) => lateParams(c.s, c.s.v.lastWords[c.me]?.until ?? 0, c.at),
      until: (c) => c.s.v.lastWords[c.me]?.until,
    }),
    resolve('text'),
  ],
  irreversible: true,
  effect(b, a) {
    const lw = b.state.v.lastWords[a.me];
    const postId = publishPost(b, a.me, a.input.text, a.input.postId);
    const windowEnd = Math.min(b.at + EXCEPTION_MINUTES * 60_000, lw?.until ?? b.at);
    b.emit('lastwords.posted', { player: a.me, postId, windowEnd });
  },
  refused(b, a) {
    b.flag('FLAG-OUT-POST', { name: nameOf(b.state, a.me) });
  },
});

/** PAL-VOTE-1…5: a main-vote line; a later vote replaces the earlier one. */
const VOTE = K.action({
  id: 'vote',
  command: 'vote',
  via: 'post',
  syntax: [keyword('Ψήφος', 'Vote'), { keywords: ['Ψηφίζω'], form: 'space' }],
  summary: { en: 'the main vote: any other player in the game; may be changed, not withdrawn', el: 'κύρια ψηφοφορία' },
  rules: 'PAL-VOTE-1…5, PAL-TIE-7',
  params: {
    target: player<PalRejectionCode>('R-NAME', {
      // PAL-VOTE-3: a text naming several players may be a proxy vote: flagged to the ΣΕ.
      ambiguous: (c, _raw) => ({ reason: 'FLAG-PROXY', params: { name: nameOf(c.s, c.me), line: c.line } }),
    }),
  },
  checks: [
    inTheGame,
    K.window('vote', runoffPending),
    // PAL-VOTE-5: a post stamped before a close that was already resolved is late (forum adapters only).
    K.actor('R-LATE', (c) => c.s.v.lastClose === undefined || c.at >= c.s.v.lastClose, {
      params: (c) => lateParams(c.s, c.s.v.lastClose ?? c.at, c.at),
      note: (c) => ({ reason: 'FLAG-LATE', params: { name: nameOf(c.s, c.me), time: hhmmss(c.at, c.s.config.timeZone) } }),
    }),
    // PAL-VOTE-4: a vote cannot be withdrawn, only changed.
    K.word('target', 'R-VOTE-WITHDRAW', (raw) => !WITHDRAW.has(fold(raw))),
    resolve('target'),
    notSelf('target', 'R-VOTE-SELF'),
    inGame('target', 'R-TARGET-OUT'),
  ],
  effect(b, a) {
    b.emit('vote.cast', { voter: a.me, target: a.args.target, round: b.state.v.round });
  },
});

/** PAL-TIE-2: a runoff ballot, for a candidate other than the voter. */
const BALLOT = K.action({
  id: 'ballot',
  command: 'ballot',
  via: 'post',
  syntax: [keyword('Δημοσκόπηση', 'Runoff')],
  summary: { en: 'a runoff ballot for one of the tied candidates (not oneself); may be changed', el: 'ψήφος δημοσκόπησης' },
  rules: 'PAL-TIE-2',
  params: { target: named },
  checks: [
    inTheGame,
    K.window('ballot', 'R-RUNOFF-CLOSED'),
    resolve('target'),
    K.target('target', 'R-RUNOFF-CANDIDATE', (c, id) => id !== c.me && c.s.v.runoff?.candidates.includes(id) === true, {
      params: (c) => ({ candidates: namesOf(c.s, c.s.v.runoff?.candidates ?? []) }),
    }),
  ],
  effect(b, a) {
    b.emit('runoff.ballot', { voter: a.me, target: a.args.target });
  },
});

/**
 * PAL-KILL-1…3: a murder order. PAL-KILL-1: the target may be any player in the game, killers included, and the
 * sender himself is one of them (the order is the team's: any killer may send it, so another could name him too).
 */
const KILL = K.action({
  id: 'kill',
  command: 'kill',
  via: 'pm',
  syntax: [keyword('ΔΟΛΟΦΟΝΙΑ', 'Kill')],
  summary: { en: 'the killers’ murder order, from round 2 until 13:00: any player in the game', el: 'εντολή δολοφονίας' },
  rules: 'PAL-KILL-1…3, PAL-TIE-7',
  params: { target: named },
  checks: [
    inTheGame,
    killer,
    K.window('kill', { phase: runoffPending, round: 'R-KILL-ROUND1', closed: afterMurder }),
    resolve('target'),
    inGame('target', 'R-TARGET-OUT'),
    // PAL-KILL-3: the lost kill is a state check (§5.4 step 5), so it comes after the name and the target.
    K.actor('R-KILL-LOST', (c) => c.s.v.killLostRound !== c.round),
  ],
  effect(b, a) {
    const s = b.state;
    const r = s.v.round;
    const team = killerTeam(s);
    b.emit('kill.ordered', { by: a.me, target: a.args.target, round: r }, team);
    b.tell([a.me], msg('MSG-ACK', { command: a.line }));
    b.say(team, msg('MSG-KILL-ORDER-ACK', { r, target: nameOf(s, a.args.target), sender: nameOf(s, a.me) }));
  },
});

/** PAL-OUT-7: while an informant in the game knows fewer than k(M) killers, no outing is valid. */
function gateOpen(s: S): boolean {
  const k = knownKillers(s.v.M);
  return !playersIn(s).some((p) => p.role === 'informant' && (s.v.knows[p.id]?.length ?? 0) < k);
}

const outingUntil = K.until('outing');

/** PAL-OUT-1…7: an outing submission (or the replacement of the sender's own). */
const OUT = K.action({
  id: 'out',
  command: 'out',
  via: 'pm',
  syntax: [keyword('ΚΑΡΦΩΜΑ', 'Out')],
  summary: { en: 'out the informant: a player in the game (or in his exception window) who is not a killer', el: 'κάρφωμα του ρουφιάνου' },
  rules: 'PAL-OUT-1…7',
  params: { target: named },
  // An outing is resolved at the close and frozen by a tie (PAL-OUT-5): a form asks before sending it (issue 25).
  confirm: true,
  checks: [
    inTheGame,
    killer,
    K.actor('R-OUT-LONE', (c) => killersIn(c.s).length >= 2), // PAL-OUT-2
    // PAL-OUT-3 (check 2 needs the target): the ordinary window, or an open exception window of the target.
    K.peek('target', 'R-OUT-WINDOW', (c, id) => c.s.v.outingOpen || (id !== undefined && exceptionOpen(c.s, id, c.at)), {
      until: (c) => (c.s.v.outingOpen ? outingUntil(c) : undefined),
    }),
    resolve('target'),
    notSelf('target', 'R-OUT-SELF'),
    K.target('target', 'R-OUT-TEAMMATE', (c, id) => roleOf(c.s, id) !== 'killer', { params: nameParam }), // A16
    K.target('target', 'R-TARGET-OUT', (c, id) => isAlive(c.s, id) || exceptionOpen(c.s, id, c.at), { params: nameParam }),
    // PAL-OUT-7: the validity gate, checked for every target alike so it leaks nothing.
    K.actor('R-OUT-GATE', (c) => gateOpen(c.s)),
    // PAL-OUT-5: one active outing per team; its author may replace it until it is frozen.
    K.actor('R-OUT-ACTIVE', (c) => c.s.v.outing === undefined || (!c.s.v.outing.frozen && c.s.v.outing.outer === c.me), {
      params: (c) => ({ outer: nameOf(c.s, c.s.v.outing?.outer ?? '') }),
    }),
  ],
  effect(b, a) {
    const s = b.state;
    const v = s.v;
    // PAL-OUT-8: resolved at the first main-vote close after the submission.
    const round = s.phases.at(-1)?.id === 'runoff' ? v.round + 1 : v.round;
    const team = killerTeam(s);
    b.emit('outing.submitted', { outer: a.me, target: a.args.target, round }, team);
    b.tell([a.me], msg('MSG-ACK', { command: a.line }));
    b.say(team, msg('MSG-OUT-TEAM', { sender: nameOf(s, a.me), target: nameOf(s, a.args.target) }));
    b.announce(msg('MSG-OUT-RECEIVED')); // PAL-OUT-6
  },
});

/** PAL-OUT-5: withdrawal of an outing by its author before it is frozen (never announced, A18). */
const WITHDRAW_OUTING = K.action({
  id: 'withdraw',
  command: 'withdraw',
  via: 'pm',
  syntax: [keyword('ΑΠΟΣΥΡΣΗ ΚΑΡΦΩΜΑΤΟΣ', 'Withdraw outing', 'none')],
  summary: { en: 'withdraw one’s own outing before the close that resolves it', el: 'απόσυρση καρφώματος' },
  rules: 'PAL-OUT-5',
  params: {},
  checks: [
    inTheGame,
    killer,
    K.actor('R-OUT-NONE', (c) => c.s.v.outing !== undefined),
    K.actor('R-OUT-NOT-YOURS', (c) => c.s.v.outing?.outer === c.me, { params: (c) => ({ outer: nameOf(c.s, c.s.v.outing?.outer ?? '') }) }),
    K.actor('R-OUT-FROZEN', (c) => c.s.v.outing?.frozen !== true),
  ],
  effect(b, a) {
    const s = b.state;
    const team = killerTeam(s);
    b.emit('outing.withdrawn', { outer: a.me }, team);
    b.tell([a.me], msg('MSG-ACK', { command: a.line }));
    b.say(team, msg('MSG-OUT-TEAM-WITHDRAW', { sender: nameOf(s, a.me) }));
  },
});

/** PAL-NUR-1/2: the nurse's protection. */
const PROTECT = K.action({
  id: 'protect',
  command: 'protect',
  via: 'pm',
  syntax: [keyword('ΠΡΟΣΤΑΣΙΑ', 'Protect')],
  summary: { en: 'the nurse’s protection, from round 2 until 13:00: not herself, not her previous target', el: 'προστασία της νοσοκόμας' },
  rules: 'PAL-NUR-1, PAL-NUR-2, PAL-TIE-7',
  params: { target: named },
  checks: [
    inTheGame,
    role('nurse', 'R-ROLE'),
    K.window('protect', { phase: runoffPending, round: 'R-ROUND1', closed: afterMurder }),
    resolve('target'),
    inGame('target', 'R-TARGET-OUT'),
    notSelf('target', 'R-NURSE-SELF'),
    K.target('target', 'R-NURSE-REPEAT', (c, id) => id !== c.s.v.lastProtection, { params: nameParam }),
  ],
  effect(b, a) {
    b.emit('protection.set', { target: a.args.target, round: b.state.v.round }, { kind: 'players', ids: [a.me] });
    b.tell([a.me], msg('MSG-ACK', { command: a.line }));
  },
});

/** palermo's declared player actions (their order is the order of the legal actions). */
export const ACTIONS = K.table([LAST_WORDS, VOTE, BALLOT, KILL, OUT, WITHDRAW_OUTING, PROTECT]);

// ---------------------------------------------------------------------------------------------------------------
// Where the actions arrive

/** A thread post while the game runs: last words of a voted-out player, or discussion with votes/ballots. */
export function onPost(b: B, cmd: Extract<Command, { type: 'post' }>): void {
  if (cmd.actor.kind !== 'player') return;
  const actor = cmd.actor;
  if (!isAlive(b.state, actor.id)) {
    // A player who is out may post only his last words (PAL-LW-1/2); the whole post is the action.
    perform(b, ACTIONS, actor, 'post', { command: 'lastwords', arg: '', line: cmd.text.slice(0, 200) }, cmd);
    return;
  }
  const lines = parseCommands(cmd.text, syntaxOf(b.variant));
  publishPost(b, actor.id, cmd.text, cmd.postId);
  voteLines(
    b,
    actor,
    lines,
    (l) => void perform(b, ACTIONS, actor, 'post', l, cmd),
    (l) => void perform(b, ACTIONS, actor, 'post', l, cmd),
  );
  // Orders written in the thread have no effect (PAL-OUT-1, PAL-CON-4): only PMs to the engine count.
}

/**
 * PAL-VOTE-2: one vote line and one runoff-ballot line per post count; more of either is refused (R-VOTE-MULTI) and
 * the previous vote stays. Each rulebook passes its own vote and ballot checks.
 */
export function voteLines<V>(
  b: Builder<V, AnyEvents, 'R-VOTE-MULTI'>,
  actor: Actor,
  lines: readonly CommandLine[],
  vote: (line: CommandLine) => void,
  ballot: (line: CommandLine) => void,
): void {
  const v = single(lines, 'vote');
  if (v === 'many') b.reject(actor, 'R-VOTE-MULTI', {}, { line: joined(lines, 'vote') });
  else if (v) vote(v);
  const r = single(lines, 'ballot');
  if (r === 'many') b.reject(actor, 'R-VOTE-MULTI', {}, { line: joined(lines, 'ballot') });
  else if (r) ballot(r);
}

/** The one line of a command in a post, 'many' when there are several, or undefined. */
function single(lines: readonly CommandLine[], command: string): CommandLine | 'many' | undefined {
  let first: CommandLine | undefined;
  for (const l of lines) {
    if (l.command !== command) continue;
    if (first) return 'many';
    first = l;
  }
  return first;
}

/** The lines of a command in a post, as the refusal quotes them. */
function joined(lines: readonly CommandLine[], command: string): string {
  return lines
    .filter((l) => l.command === command)
    .map((l) => l.line)
    .join(' / ');
}

/** PAL-LW-4: edits of a last-words post move the open exception window; other edits change no vote (PAL-GEN-3). */
export function onEdit(b: B, cmd: Extract<Command, { type: 'post.edit' }>): void {
  if (cmd.actor.kind !== 'player') return reject(b, cmd.actor, 'R-NOT-IN-GAME');
  const s = b.state;
  const id = cmd.actor.id;
  const author = postAuthor(s, cmd.postId);
  if (author !== id) return reject(b, cmd.actor, 'R-NO-POST', { post: cmd.postId });
  b.emit('post.edited', { postId: cmd.postId, author: id, text: cmd.text });
  const lw = s.v.lastWords[id];
  if (lw && lw.postId === cmd.postId && lw.windowEnd !== undefined && cmd.at < lw.windowEnd && cmd.at < lw.until) {
    b.emit('lastwords.edited', { player: id, windowEnd: Math.min(cmd.at + EXCEPTION_MINUTES * 60_000, lw.until) });
  }
}

/** A PM to the moderator: each command line is decided in order; free text is forwarded (PAL-CON-3). */
export function onPm(b: B, cmd: Extract<Command, { type: 'pm' }>): void {
  if (cmd.actor.kind !== 'player') return;
  const actor = cmd.actor;
  const lines = parseCommands(cmd.text, syntaxOf(b.variant));
  if (lines.length === 0) return forward(b, actor, cmd.text);
  b.emit('pm.received', { from: actor.id, text: cmd.text }, { kind: 'players', ids: [actor.id] });
  for (const line of lines) {
    if (perform(b, ACTIONS, actor, 'pm', line, cmd) !== undefined) continue;
    // PAL-VOTE-3: votes and ballots are thread posts; joining and leaving belong to the signup.
    reject(b, actor, line.command === 'vote' || line.command === 'ballot' ? 'R-VOTE-PM' : 'R-SIGNUP-CLOSED', {}, { line: line.line });
  }
}

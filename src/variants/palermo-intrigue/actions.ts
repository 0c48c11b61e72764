// Player actions of palermo-intrigue: thread posts (votes, the change window, runoff ballots, last words, echo
// posts) and PMs (murder orders, night actions, Lawyer, Corrupt Cop, outings, cards, requests to quit). The first
// failing check gives the code; a refused action changes nothing.
import type { Actor, Command, Millis, PlayerId } from '../../core/types.ts';
import { forward, publishPost, syntaxOf } from '../../engine/game.ts';
import { fold, matchName } from '../../engine/names.ts';
import { type CommandLine, parseCommands } from '../../engine/parse.ts';
import { type GameState, nameOf, namesOf } from '../../engine/state.ts';
import { localDate } from '../../engine/time.ts';
import { everyone, late, voteLines, WITHDRAW } from '../palermo/actions.ts';
import { msg } from '../palermo/flow.ts';
import type { Claim, NightRole, OutingKind } from './events.ts';
import { answer, canExecute, EXCEPTION_MINUTES, orderInForce } from './flow.ts';
import { playCard } from './play.ts';
import { type IntBuilder, type IntRejectionCode, reject } from './rejections.ts';
import { active, at, cond, inOuting, isMafioso, mafiaGroup, may, roleOf, stateParam, TIMES, vendettaOpen, votable } from './rules.ts';
import type { IntState } from './state.ts';

type B = IntBuilder<IntState>;
type S = GameState<IntState>;
type PlayerActor = Extract<Actor, { kind: 'player' }>;

/** Resolves a name to one player or records R-NAME. */
export function named(b: B, actor: Actor, text: string, line: string): PlayerId | undefined {
  const m = matchName(text, everyone(b.state));
  if (m.kind === 'one') return m.id;
  reject(b, actor, 'R-NAME', { text }, { line });
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Thread posts

/** A thread post while the game runs. */
export function onPost(b: B, cmd: Extract<Command, { type: 'post' }>): void {
  if (cmd.actor.kind !== 'player') return;
  const actor = cmd.actor;
  const s = b.state;
  const id = actor.id;
  const t = cmd.at;
  if (!may(s, id, 'post')) {
    // PAL-LW-1/2, INT-LW-1: a voted-out ghost's first post before the deadline is his last words.
    const lw = s.v.lastWords[id];
    if (cond(s, id) !== 'detained' && lw && lw.postId === undefined && t < lw.until) {
      const postId = publishPost(b, id, cmd.text, cmd.postId);
      b.emit('lastwords.posted', { player: id, postId, windowEnd: Math.min(t + EXCEPTION_MINUTES * 60_000, lw.until) });
      return;
    }
    // INT-CON-2, INT-STATE-3: everyone else who lacks the right is ignored and flagged (PAL-LW-2 once used).
    if (lw?.postId !== undefined) reject(b, actor, 'R-LW-USED', {}, { flag: true });
    else reject(b, actor, 'R-STATE', { state: stateParam(s, id) }, { flag: true });
    b.flag('FLAG-OUT-POST', { name: nameOf(s, id) });
    return;
  }
  const v = s.v;
  // INT-VOTE-1: [20:00, 20:05) the thread is locked.
  if (v.phase === 'day' && t >= v.lockAt && t < v.extAt) {
    reject(b, actor, 'R-LOCKED', { from: TIMES.lock, to: TIMES.ext }, { flag: true });
    return;
  }
  // INT-VOTE-1: [20:05, 20:10) one change, a name only.
  if (v.phase === 'day' && t >= v.extAt && t < v.closeAt) return changeWindow(b, actor, cmd.text, cmd.postId);
  const lines = parseCommands(cmd.text, syntaxOf(b.variant));
  publishPost(b, id, cmd.text, cmd.postId);
  voteLines(
    b,
    actor,
    lines,
    (l) => castVote(b, actor, l, t),
    (l) => castBallot(b, actor, l),
  );
}

/**
 * Checks a vote target (INT-VOTE-3) and, unless the caller judges it itself, the voter's lock (INT-CARD-5); returns
 * the target or undefined.
 */
function voteTarget(b: B, actor: PlayerActor, arg: string, line: string, lock = true): PlayerId | undefined {
  const s = b.state;
  if (WITHDRAW.has(fold(arg))) {
    reject(b, actor, 'R-VOTE-WITHDRAW', {}, { line });
    return undefined;
  }
  const to = named(b, actor, arg, line);
  if (to === undefined) return undefined;
  if (to === actor.id) {
    reject(b, actor, 'R-VOTE-SELF', {}, { line });
    return undefined;
  }
  if (!votable(s, to, s.v.round)) {
    reject(b, actor, 'R-TARGET-NOT-VOTABLE', { name: nameOf(s, to) }, { line });
    return undefined;
  }
  if (lock && s.v.doubled.some((x) => x.voter === actor.id && x.round === s.v.round)) {
    reject(b, actor, 'R-VOTE-LOCKED', {}, { line });
    return undefined;
  }
  return to;
}

/** PAL-VOTE-1…5 with INT-VOTE-3: a main-vote line. */
function castVote(b: B, actor: PlayerActor, line: CommandLine, t: Millis): void {
  const s = b.state;
  const v = s.v;
  if (!may(s, actor.id, 'vote')) return reject(b, actor, 'R-STATE', { state: stateParam(s, actor.id) }, { line: line.line });
  if (v.phase === 'runoff') return reject(b, actor, 'R-ROUND-NOT-OPEN', { r: v.round + 1 }, { line: line.line }); // PAL-TIE-7
  if (v.lastClose !== undefined && t < v.lastClose) return late(b, actor, v.lastClose, t, line.line);
  const to = voteTarget(b, actor, line.arg, line.line);
  if (to === undefined) return;
  b.emit('vote.cast', { voter: actor.id, target: to, round: v.round });
}

/** INT-VOTE-1: the one change of [20:05, 20:10). */
function changeWindow(b: B, actor: PlayerActor, text: string, postId?: string): void {
  const s = b.state;
  const v = s.v;
  const lines = parseCommands(text, syntaxOf(b.variant));
  const trimmed = text.trim();
  let arg: string | undefined;
  if (lines.length === 1 && lines[0]!.command === 'vote' && fold(lines[0]!.line) === fold(trimmed)) arg = lines[0]!.arg;
  else if (lines.length === 0 && !trimmed.includes('\n') && matchName(trimmed, everyone(s)).kind === 'one') arg = trimmed;
  if (arg === undefined) {
    // Deleted: the post is not published (INT-VOTE-1).
    return reject(b, actor, 'R-EXT-CONTENT', {}, { line: trimmed.slice(0, 200), flag: true });
  }
  if (!may(s, actor.id, 'vote')) return reject(b, actor, 'R-STATE', { state: stateParam(s, actor.id) }, { line: trimmed });
  // The voter's own state (no ballot at 20:00, a locked ballot, the change used) is judged after the name and the
  // target (palermo §5.4 steps 3–5); a post that fails it is not published, as before.
  const state: IntRejectionCode | undefined = !v.atLock.includes(actor.id)
    ? 'R-EXT-NOVOTE'
    : v.doubled.some((x) => x.voter === actor.id && x.round === v.round)
      ? 'R-VOTE-LOCKED'
      : v.changed.includes(actor.id)
        ? 'R-EXT-ONCE'
        : undefined;
  if (state === undefined) publishPost(b, actor.id, text, postId);
  const to = voteTarget(b, actor, arg, trimmed, false);
  if (to === undefined) return;
  if (state !== undefined) return reject(b, actor, state, {}, { line: trimmed });
  b.emit('vote.cast', { voter: actor.id, target: to, round: v.round, change: true });
}

/** PAL-TIE-2, INT-VOTE-8: a runoff ballot (active players only). */
function castBallot(b: B, actor: PlayerActor, line: CommandLine): void {
  const s = b.state;
  const ru = s.v.runoff;
  // Only active players ballot (an echo ghost may post but not ballot): the sender (§5.4 step 1) before the runoff (2).
  if (cond(s, actor.id) !== 'active') return reject(b, actor, 'R-STATE', { state: stateParam(s, actor.id) }, { line: line.line });
  if (s.v.phase !== 'runoff' || !ru) return reject(b, actor, 'R-RUNOFF-CLOSED', {}, { line: line.line });
  const to = named(b, actor, line.arg, line.line);
  if (to === undefined) return;
  if (to === actor.id || !ru.candidates.includes(to)) {
    return reject(b, actor, 'R-RUNOFF-CANDIDATE', { candidates: namesOf(s, ru.candidates) }, { line: line.line });
  }
  b.emit('runoff.ballot', { voter: actor.id, target: to });
}

/** An edit of a thread post changes no vote (PAL-GEN-3). */
export function onEdit(b: B, cmd: Extract<Command, { type: 'post.edit' }>): void {
  if (cmd.actor.kind !== 'player') return reject(b, cmd.actor, 'R-NOT-IN-GAME');
  b.emit('post.edited', { postId: cmd.postId, author: cmd.actor.id, text: cmd.text });
}

// ---------------------------------------------------------------------------------------------------------------
// Private messages

/** A PM to the moderator: each command line is decided in order; free text is forwarded (INT-CON-1). */
export function onPm(b: B, cmd: Extract<Command, { type: 'pm' }>): void {
  if (cmd.actor.kind !== 'player') return;
  const actor = cmd.actor;
  const lines = parseCommands(cmd.text, syntaxOf(b.variant));
  if (lines.length === 0) return forward(b, actor, cmd.text);
  b.emit('pm.received', { from: actor.id, text: cmd.text }, { kind: 'players', ids: [actor.id] });
  for (const line of lines) {
    switch (line.command) {
      case 'vote':
      case 'ballot':
        reject(b, actor, 'R-VOTE-PM', {}, { line: line.line });
        break;
      case 'kill':
        orderKill(b, actor, line, cmd.at);
        break;
      case 'check':
      case 'medium':
      case 'protect':
      case 'block':
        night(b, actor, line, cmd.at);
        break;
      case 'client':
        chooseClient(b, actor, line, cmd.at);
        break;
      case 'transfer':
        transfer(b, actor, line, cmd.at);
        break;
      case 'out':
      case 'massacre':
      case 'vendetta':
        submitOuting(b, actor, line, cmd.at);
        break;
      case 'withdraw':
        withdrawOuting(b, actor, line);
        break;
      case 'card':
        playCard(b, actor, line, cmd.at);
        break;
      case 'quit':
        // INT-MOD-2: no voluntary withdrawal; the request goes to the moderators.
        reject(b, actor, 'R-NO-QUIT', {}, { line: line.line });
        b.emit('pm.forwarded', { from: nameOf(b.state, actor.id), player: actor.id, text: cmd.text }, { kind: 'players', ids: [actor.id] });
        b.say({ kind: 'moderator' }, msg('MSG-PM-TO-MOD', { from: nameOf(b.state, actor.id), text: cmd.text }));
        break;
      default:
        reject(b, actor, 'R-SIGNUP-CLOSED', {}, { line: line.line });
    }
  }
}

/**
 * Common first checks (palermo §5.4 step 1): the sender is in the game, which here means active (INT-STATE-2;
 * R-STATE, INT-ROLE-10), and then holds the role (R-ROLE).
 */
function holder(b: B, actor: PlayerActor, ok: (role: string) => boolean, line: CommandLine): boolean {
  const s = b.state;
  if (cond(s, actor.id) !== 'active') {
    reject(b, actor, 'R-STATE', { state: stateParam(s, actor.id) }, { line: line.line });
    return false;
  }
  if (!ok(roleOf(s, actor.id))) {
    reject(b, actor, 'R-ROLE', {}, { line: line.line });
    return false;
  }
  return true;
}

const EXECUTOR = /\s+(?:ΕΚΤΕΛΕΣΤΗΣ|EXECUTOR)\s*:\s*/iu;

/** INT-KILL-1/2/4: a murder order, optionally naming its executor. */
function orderKill(b: B, actor: PlayerActor, line: CommandLine, t: Millis): void {
  const s = b.state;
  const v = s.v;
  const rm = v.rmActive;
  if (!holder(b, actor, (r) => (rm ? r === 'rival-mafioso' : isMafioso(s, actor.id)), line)) return;
  if (v.phase === 'runoff') return reject(b, actor, 'R-ROUND-NOT-OPEN', { r: v.round + 1 }, { line: line.line });
  if (v.round === 1) return reject(b, actor, 'R-KILL-ROUND1', {}, { line: line.line }); // INT-KILL-5
  if (v.killDone) return late(b, actor, v.killAt ?? v.closeAt, t, line.line);
  const [targetText = '', executorText] = line.arg.split(EXECUTOR);
  const to = named(b, actor, targetText, line.line);
  if (to === undefined) return;
  const executor = executorText !== undefined ? named(b, actor, executorText, line.line) : actor.id;
  if (executor === undefined) return;
  if (cond(s, to) !== 'active') return reject(b, actor, 'R-TARGET-STATE', { name: nameOf(s, to), state: stateParam(s, to) }, { line: line.line });
  if (executor === to || !canExecute(s, executor) || (rm && executor !== actor.id)) {
    return reject(b, actor, 'R-EXECUTOR', { name: nameOf(s, executor) }, { line: line.line });
  }
  const arch = roleOf(s, actor.id) === 'archmafioso';
  b.emit('kill.ordered', { by: actor.id, target: to, executor, round: v.round, arch }, rm ? { kind: 'players', ids: [actor.id] } : mafiaGroup(s));
  const o = orderInForce(b.state)!;
  const inForce = `${nameOf(s, o.target)} / ${nameOf(s, o.executor)}`;
  const ack = msg('MSG-KILL-ORDER-ACK', { r: v.round, target: nameOf(s, to), executor: nameOf(s, executor), sender: nameOf(s, actor.id), inForce });
  if (rm) b.tell([actor.id], ack);
  else b.say(mafiaGroup(s), ack);
}

const NIGHT_ROLE: Record<string, NightRole> = { check: 'detective', medium: 'medium', protect: 'nurse', block: 'prostitute' };

/** INT-NIGHT-1…3, INT-ROLE-1…5: a night action. */
function night(b: B, actor: PlayerActor, line: CommandLine, t: Millis): void {
  const role = NIGHT_ROLE[line.command]!;
  if (!holder(b, actor, (r) => r === role, line)) return;
  const s = b.state;
  const v = s.v;
  const open = v.lastClose !== undefined && v.nightEndsAt !== undefined && t >= v.lastClose && t < v.nightEndsAt;
  // INT-NIGHT-2: the Prostitute's deadline is 00:00, the others' 02:00.
  const deadline = role === 'prostitute' ? v.midnightAt : v.nightEndsAt;
  // INT-NIGHT-1 (decision B41): after the role's deadline until 13:00 of that day → R-LATE; otherwise R-NIGHT-CLOSED.
  if (!open || (role === 'prostitute' && v.midnightAt !== undefined && t >= v.midnightAt)) {
    const noon = v.nightEndsAt !== undefined ? at(s, localDate(v.nightEndsAt, s.config.timeZone), TIMES.kill) : undefined;
    if (deadline !== undefined && noon !== undefined && t >= deadline && t < noon) {
      return late(b, actor, deadline, t, line.line);
    }
    return reject(b, actor, 'R-NIGHT-CLOSED', {}, { line: line.line });
  }
  const to = named(b, actor, line.arg, line.line);
  if (to === undefined) return;
  if (role === 'medium') {
    // INT-ROLE-2: the medium names a ghost.
    if (cond(s, to) !== 'ghost') return reject(b, actor, 'R-TARGET-STATE', { name: nameOf(s, to), state: stateParam(s, to) }, { line: line.line });
  } else {
    if (to === actor.id && role !== 'nurse') return reject(b, actor, 'R-SELF', {}, { line: line.line });
    if (cond(s, to) !== 'active') return reject(b, actor, 'R-TARGET-STATE', { name: nameOf(s, to), state: stateParam(s, to) }, { line: line.line });
    if (role === 'nurse' && to === actor.id) return reject(b, actor, 'R-NURSE-SELF', {}, { line: line.line }); // PAL-NUR-2
    if (role === 'nurse' && to === v.lastProtection) return reject(b, actor, 'R-NURSE-REPEAT', { name: nameOf(s, to) }, { line: line.line });
  }
  // INT-NIGHT-3: the answer already given tonight is a state check (§5.4 step 5), after the name and the target.
  if (v.answered.includes(actor.id)) return reject(b, actor, 'R-NIGHT-DONE', {}, { line: line.line });
  b.emit('night.request', { actor: actor.id, role, target: to }, { kind: 'players', ids: [actor.id] });
  b.tell([actor.id], msg('MSG-INT-ACK', { command: line.line }));
  // INT-NIGHT-3: after 00:00 a detective's or medium's request is answered at once.
  if (v.midnightDone && (role === 'detective' || role === 'medium')) answer(b, actor.id, role, to);
}

/** The round's end-of-vote actions are open: the main vote of the open round, before 20:10 (INT-ROLE-6/7). */
function endOfVoteOpen(b: B, actor: PlayerActor, line: CommandLine, t: Millis): boolean {
  const v = b.state.v;
  if (v.phase !== 'day' || t >= v.closeAt) {
    reject(b, actor, 'R-ROUND-NOT-OPEN', { r: v.round + 1 }, { line: line.line });
    return false;
  }
  return true;
}

/** INT-ROLE-6: the Lawyer's client. */
function chooseClient(b: B, actor: PlayerActor, line: CommandLine, t: Millis): void {
  if (!holder(b, actor, (r) => r === 'lawyer', line) || !endOfVoteOpen(b, actor, line, t)) return;
  const s = b.state;
  const to = named(b, actor, line.arg, line.line);
  if (to === undefined) return;
  if (to === actor.id) return reject(b, actor, 'R-SELF', {}, { line: line.line });
  if (cond(s, to) !== 'active') return reject(b, actor, 'R-TARGET-STATE', { name: nameOf(s, to), state: stateParam(s, to) }, { line: line.line });
  const last = s.v.lastClient;
  if (last && last.round === s.v.round - 1 && last.client === to) return reject(b, actor, 'R-LAWYER-REPEAT', { name: nameOf(s, to) }, { line: line.line });
  b.emit('lawyer.client', { client: to, round: s.v.round }, { kind: 'players', ids: [actor.id] });
  b.tell([actor.id], msg('MSG-INT-ACK', { command: line.line }));
}

const ARROW = /\s*(?:->|→|=>|>)\s*/u;

/** INT-ROLE-7: the Corrupt Cop's transfer X -> Y. */
function transfer(b: B, actor: PlayerActor, line: CommandLine, t: Millis): void {
  if (!holder(b, actor, (r) => r === 'corrupt-cop', line) || !endOfVoteOpen(b, actor, line, t)) return;
  const s = b.state;
  const [fromText = '', toText = ''] = line.arg.split(ARROW);
  const from = named(b, actor, fromText, line.line);
  if (from === undefined) return;
  const to = named(b, actor, toText, line.line);
  if (to === undefined) return;
  if (from === actor.id || to === actor.id) return reject(b, actor, 'R-CC-SELF', {}, { line: line.line });
  if (from === to) return reject(b, actor, 'R-CC-SAME', {}, { line: line.line });
  for (const x of [from, to]) if (!votable(s, x, s.v.round)) return reject(b, actor, 'R-TARGET-NOT-VOTABLE', { name: nameOf(s, x) }, { line: line.line });
  b.emit('cc.transfer', { from, to, round: s.v.round }, { kind: 'players', ids: [actor.id] });
  b.tell([actor.id], msg('MSG-INT-ACK', { command: line.line }));
}

// ---------------------------------------------------------------------------------------------------------------
// Outings (INT-OUT-1…3, -6, -7)

/** PAL-OUT-4: the exception window on the last voted-out player is open at t. */
export function exceptionOpen(s: S, id: PlayerId, t: Millis): boolean {
  const lw = s.v.lastWords[id];
  return s.v.lastVotedOut.includes(id) && lw?.postedAt !== undefined && lw.windowEnd !== undefined && t >= lw.postedAt && t < lw.windowEnd;
}

const CLAIM = /\s+(?:ΩΣ|AS)\s+(.+)$/iu;

/** The massacre claim written after ΩΣ. */
function readClaim(text: string): Claim | undefined {
  const f = fold(text);
  if (f === 'πληροφοριοδοτησ' || f === 'informant') return 'informant';
  if (f === 'ντετεκτιβ' || f === 'detective') return 'detective';
  return undefined;
}

/** INT-OUT-2: the sender may out now. */
function eligibleOuter(s: S, id: PlayerId): boolean {
  const hidden = active(s).filter((x) => roleOf(s, x) === 'hidden-mafioso');
  if (hidden.length === 0) return true;
  return hidden.includes(id) || roleOf(s, id) === 'archmafioso';
}

/** INT-OUT-1…3, -6, -7: an outing declaration (or the replacement of the sender's own). */
function submitOuting(b: B, actor: PlayerActor, line: CommandLine, t: Millis): void {
  const s = b.state;
  if (!holder(b, actor, (r) => isMafioso(s, actor.id) && r !== 'rival-mafioso', line)) return;
  const v = s.v;
  const kind: OutingKind = line.command === 'massacre' ? 'massacre' : line.command === 'vendetta' ? 'vendetta' : 'simple';
  if (active(s).filter((id) => isMafioso(s, id)).length < 2) return reject(b, actor, 'R-OUT-LONE', {}, { line: line.line }); // PAL-OUT-2
  if (!eligibleOuter(s, actor.id)) return reject(b, actor, 'R-OUT-HIDDEN-FIRST', {}, { line: line.line }); // INT-OUT-2
  // Palermo §5.4: the window (2) before the claim and the name (3), the target (4) before the state (5). The window
  // needs the name only for a simple outing's exception window (PAL-OUT-3), so the name is read first, judged later.
  const m = CLAIM.exec(line.arg);
  const claim = kind === 'massacre' && m ? readClaim(m[1]!) : undefined;
  const text = kind === 'massacre' && m ? line.arg.slice(0, m.index) : line.arg;
  const match = matchName(text, everyone(s));
  const target = match.kind === 'one' ? match.id : undefined;
  const exception = kind === 'simple' && target !== undefined && cond(s, target) === 'ghost' && exceptionOpen(s, target, t);
  if (!v.outingOpen && !exception) return reject(b, actor, 'R-OUT-WINDOW', {}, { line: line.line }); // INT-OUT-1
  if (kind === 'vendetta' && !vendettaOpen(s)) return reject(b, actor, 'R-VENDETTA-CLOSED', {}, { line: line.line }); // INT-OUT-7.2
  if (kind === 'massacre' && !claim) return reject(b, actor, 'R-MASSACRE-CLAIM', {}, { line: line.line });
  if (target === undefined) return reject(b, actor, 'R-NAME', { text }, { line: line.line });
  if (target === actor.id) return reject(b, actor, 'R-OUT-SELF', {}, { line: line.line });
  if (isMafioso(s, target)) return reject(b, actor, 'R-OUT-TEAMMATE', { name: nameOf(s, target) }, { line: line.line });
  if (cond(s, target) !== 'active' && !exception) return reject(b, actor, 'R-TARGET-OUT', { name: nameOf(s, target) }, { line: line.line });
  if (kind !== 'simple' && v.specialUsed) return reject(b, actor, 'R-OUT-SPECIAL-USED', {}, { line: line.line }); // INT-OUT-6.4, -7.1
  const o = v.outing;
  if (o) {
    const own = !o.frozen && o.kind === kind && (o.outer === actor.id || o.second?.outer === actor.id);
    const completes = !o.frozen && kind === 'massacre' && o.kind === 'massacre' && !o.second && o.outer !== actor.id;
    if (!own && !completes) return reject(b, actor, 'R-OUT-ACTIVE', { outer: nameOf(s, o.outer) }, { line: line.line });
    if (kind === 'massacre') {
      // INT-OUT-6.1: the other outer's claim type and player must differ from this one.
      const other = o.outer === actor.id ? o.second : { outer: o.outer, target: o.target, claim: o.claim! };
      if (other && (other.claim === claim || other.target === target)) return reject(b, actor, 'R-MASSACRE-CLAIM', {}, { line: line.line });
    }
  }
  const round = v.phase === 'runoff' ? v.round + 1 : v.round;
  b.emit('outing.submitted', { kind, outer: actor.id, target, ...(claim ? { claim } : {}), round, ...(exception ? { exception } : {}) }, mafiaGroup(s));
  b.tell([actor.id], msg('MSG-INT-ACK', { command: line.line }));
  b.say(mafiaGroup(s), msg('MSG-OUT-TEAM', { sender: nameOf(s, actor.id), target: nameOf(s, target) }));
  // INT-OUT-8: the informant gate of PAL-OUT-7 is always open here (the informant knows every visible mafioso).
  b.announce(msg('MSG-OUT-RECEIVED')); // PAL-OUT-6, INT-OUT-3
}

/** PAL-OUT-5, INT-OUT-6.3: a withdrawal by an outer before the outing is frozen (a massacre goes whole). */
function withdrawOuting(b: B, actor: PlayerActor, line: CommandLine): void {
  const s = b.state;
  if (!holder(b, actor, () => isMafioso(s, actor.id), line)) return;
  const o = s.v.outing;
  if (!o) return reject(b, actor, 'R-OUT-NONE', {}, { line: line.line });
  if (!inOuting(s, actor.id)) return reject(b, actor, 'R-OUT-NOT-YOURS', { outer: nameOf(s, o.outer) }, { line: line.line });
  if (o.frozen) return reject(b, actor, 'R-OUT-FROZEN', {}, { line: line.line });
  b.emit('outing.withdrawn', { outer: actor.id }, mafiaGroup(s));
  b.tell([actor.id], msg('MSG-INT-ACK', { command: line.line }));
}

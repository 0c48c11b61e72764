// Player actions of palermo: thread posts (votes, runoff ballots, last words) and PMs (murder orders,
// protection, outings). Checks run in the order of spec §5.4; the first failing check gives the code.
import type { Actor, Command, Millis, PlayerId } from '../../core/types.ts';
import type { AnyEvents, Builder } from '../../engine/builder.ts';
import { forward, publishPost, syntaxOf } from '../../engine/game.ts';
import { fold, matchName } from '../../engine/names.ts';
import type { CommandLine } from '../../engine/parse.ts';
import { parseCommands } from '../../engine/parse.ts';
import { type GameState, isAlive, nameOf, namesOf, playersIn, postAuthor, signedUp } from '../../engine/state.ts';
import { hhmmss } from '../../engine/time.ts';
import type { PalEvents } from './events.ts';
import { killersIn, killerTeam, msg, roleOf, stamp } from './flow.ts';
import { type PalRejectionCode, reject } from './rejections.ts';
import { knownKillers } from './roles.ts';
import type { PalState } from './state.ts';

type B = Builder<PalState, PalEvents, PalRejectionCode>;
type S = GameState<PalState>;

/** Minutes an exception window stays open after the last-words post or its latest edit (PAL-OUT-4). */
export const EXCEPTION_MINUTES = 60;

/** Every player who signed up, in signup order: the names a command argument may match. */
export function everyone(s: GameState<unknown>) {
  return signedUp(s);
}

/** Resolves a name argument to one player or records R-NAME (flagging a possible proxy vote, PAL-VOTE-3). */
function target(b: B, actor: Actor, line: CommandLine, proxyCheck = false): PlayerId | undefined {
  const m = matchName(line.arg, everyone(b.state));
  if (m.kind === 'one') return m.id;
  const flag = proxyCheck && m.kind === 'several';
  reject(b, actor, 'R-NAME', { text: line.arg }, { line: line.line, flag });
  if (flag) b.flag('FLAG-PROXY', { name: actorName(b.state, actor), line: line.line });
  return undefined;
}

function actorName(s: S, a: Actor): string {
  return a.kind === 'player' ? nameOf(s, a.id) : a.kind === 'guest' || a.kind === 'moderator' ? a.name : 'system';
}

/** Refuses an action that came after its deadline with R-LATE; generic so every palermo-based rulebook shares it. */
export function late<V>(b: Builder<V, AnyEvents, 'R-LATE'>, actor: Actor, deadline: Millis, received: Millis, line: string): void {
  const s = b.state;
  const { date, time } = stamp(s, deadline);
  b.reject(actor, 'R-LATE', { date, time, received: hhmmss(received, s.config.timeZone) }, { line });
}

// ---------------------------------------------------------------------------------------------------------------
// Thread posts

/** A thread post while the game runs: last words of a voted-out player, or discussion with votes/ballots. */
export function onPost(b: B, cmd: Extract<Command, { type: 'post' }>): void {
  if (cmd.actor.kind !== 'player') return;
  const actor = cmd.actor;
  const s = b.state;
  const id = actor.id;
  if (!isAlive(s, id)) {
    // PAL-LW-1/2: a voted-out player's first post before the deadline is his last words; nothing else counts.
    const lw = s.v.lastWords[id];
    if (lw && lw.postId === undefined && cmd.at < lw.until) {
      const postId = publishPost(b, id, cmd.text, cmd.postId);
      const windowEnd = Math.min(cmd.at + EXCEPTION_MINUTES * 60_000, lw.until);
      b.emit('lastwords.posted', { player: id, postId, windowEnd });
      return;
    }
    if (lw && lw.postId !== undefined) {
      reject(b, actor, 'R-LW-USED', {}, { flag: true });
    } else if (lw && cmd.at >= lw.until) {
      late(b, actor, lw.until, cmd.at, cmd.text.slice(0, 200));
    } else {
      // PAL-CON-1, PAL-VOTE-6: posts of players who are out are ignored and flagged.
      reject(b, actor, 'R-NOT-IN-GAME', {}, { flag: true });
    }
    b.flag('FLAG-OUT-POST', { name: nameOf(s, id) });
    return;
  }
  const lines = parseCommands(cmd.text, syntaxOf(b.variant));
  publishPost(b, id, cmd.text, cmd.postId);
  voteLines(
    b,
    actor,
    lines,
    (l) => castVote(b, actor, l, cmd.at),
    (l) => castBallot(b, actor, l),
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
  const votes: CommandLine[] = [];
  const ballots: CommandLine[] = [];
  for (const l of lines) {
    if (l.command === 'vote') votes.push(l);
    else if (l.command === 'ballot') ballots.push(l);
  }
  if (votes.length > 1) b.reject(actor, 'R-VOTE-MULTI', {}, { line: votes.map((l) => l.line).join(' / ') });
  else if (votes[0]) vote(votes[0]);
  if (ballots.length > 1) b.reject(actor, 'R-VOTE-MULTI', {}, { line: ballots.map((l) => l.line).join(' / ') });
  else if (ballots[0]) ballot(ballots[0]);
}

/** PAL-VOTE-4: vote arguments that would withdraw a vote (folded), which the rules refuse. */
export const WITHDRAW = new Set(['', '-', '–', '—', 'αποσυρω', 'αποσυρση', 'withdraw', 'unvote', 'none', 'κανενας']);

/** PAL-VOTE-1…5: a main-vote line. */
function castVote(b: B, actor: Extract<Actor, { kind: 'player' }>, line: CommandLine, t: Millis): void {
  const s = b.state;
  const v = s.v;
  // PAL-TIE-7: during the runoff round r+1 is not open yet.
  if (v.phase === 'runoff') return reject(b, actor, 'R-ROUND-NOT-OPEN', { r: v.round + 1 }, { line: line.line });
  // PAL-VOTE-5: a post stamped before a close that was already resolved is late (forum adapters only).
  if (v.lastClose !== undefined && t < v.lastClose) {
    late(b, actor, v.lastClose, t, line.line);
    b.flag('FLAG-LATE', { name: nameOf(s, actor.id), time: hhmmss(t, s.config.timeZone) });
    return;
  }
  // PAL-VOTE-4: a vote cannot be withdrawn, only changed.
  if (WITHDRAW.has(fold(line.arg))) return reject(b, actor, 'R-VOTE-WITHDRAW', {}, { line: line.line });
  const to = target(b, actor, line, true);
  if (to === undefined) return;
  if (to === actor.id) return reject(b, actor, 'R-VOTE-SELF', {}, { line: line.line });
  if (!isAlive(s, to)) return reject(b, actor, 'R-TARGET-OUT', { name: nameOf(s, to) }, { line: line.line });
  b.emit('vote.cast', { voter: actor.id, target: to, round: v.round });
}

/** PAL-TIE-2: a runoff ballot. */
function castBallot(b: B, actor: Extract<Actor, { kind: 'player' }>, line: CommandLine): void {
  const s = b.state;
  const ru = s.v.runoff;
  if (s.v.phase !== 'runoff' || !ru) return reject(b, actor, 'R-RUNOFF-CLOSED', {}, { line: line.line });
  const to = target(b, actor, line);
  if (to === undefined) return;
  if (to === actor.id || !ru.candidates.includes(to)) {
    return reject(b, actor, 'R-RUNOFF-CANDIDATE', { candidates: namesOf(s, ru.candidates) }, { line: line.line });
  }
  b.emit('runoff.ballot', { voter: actor.id, target: to });
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

// ---------------------------------------------------------------------------------------------------------------
// Private messages

/** A PM to the moderator: each command line is decided in order; free text is forwarded (PAL-CON-3). */
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
        reject(b, actor, 'R-VOTE-PM', {}, { line: line.line }); // PAL-VOTE-3
        break;
      case 'kill':
        orderKill(b, actor, line, cmd.at);
        break;
      case 'protect':
        protect(b, actor, line);
        break;
      case 'out':
        submitOuting(b, actor, line, cmd.at);
        break;
      case 'withdraw':
        withdrawOuting(b, actor, line);
        break;
      default:
        reject(b, actor, 'R-SIGNUP-CLOSED', {}, { line: line.line });
    }
  }
}

type PlayerActor = Extract<Actor, { kind: 'player' }>;

/** Common first checks of a PM order: the sender is in the game and holds the role (§5.4 check 1). */
function holder(b: B, actor: PlayerActor, role: string, line: CommandLine): boolean {
  const s = b.state;
  if (!isAlive(s, actor.id)) {
    reject(b, actor, 'R-NOT-IN-GAME', {}, { line: line.line });
    return false;
  }
  if (roleOf(s, actor.id) !== role) {
    reject(b, actor, 'R-ROLE', {}, { line: line.line });
    return false;
  }
  return true;
}

/** PAL-KILL-1…3: a murder order. */
function orderKill(b: B, actor: PlayerActor, line: CommandLine, t: Millis): void {
  if (!holder(b, actor, 'killer', line)) return;
  const s = b.state;
  const v = s.v;
  if (v.phase === 'runoff') return reject(b, actor, 'R-ROUND-NOT-OPEN', { r: v.round + 1 }, { line: line.line });
  if (v.round === 1) return reject(b, actor, 'R-KILL-ROUND1', {}, { line: line.line }); // PAL-KILL-2
  if (v.killDone) return late(b, actor, v.killAt ?? v.closeAt, t, line.line);
  const to = target(b, actor, line);
  if (to === undefined) return;
  if (!isAlive(s, to)) return reject(b, actor, 'R-TARGET-OUT', { name: nameOf(s, to) }, { line: line.line });
  // PAL-KILL-3: the lost kill is a state check (§5.4 step 5), so it comes after the name and the target.
  if (v.killLostRound === v.round) return reject(b, actor, 'R-KILL-LOST', {}, { line: line.line });
  b.emit('kill.ordered', { by: actor.id, target: to, round: v.round }, killerTeam(s));
  b.tell([actor.id], msg('MSG-ACK', { command: line.line }));
  b.say(killerTeam(s), msg('MSG-KILL-ORDER-ACK', { r: v.round, target: nameOf(s, to), sender: nameOf(s, actor.id) }));
}

/** PAL-NUR-1/2: the nurse's protection. */
function protect(b: B, actor: PlayerActor, line: CommandLine): void {
  if (!holder(b, actor, 'nurse', line)) return;
  const s = b.state;
  const v = s.v;
  if (v.phase === 'runoff') return reject(b, actor, 'R-ROUND-NOT-OPEN', { r: v.round + 1 }, { line: line.line });
  if (v.round === 1) return reject(b, actor, 'R-ROUND1', {}, { line: line.line });
  if (v.killDone) return late(b, actor, v.killAt ?? v.closeAt, b.at, line.line);
  const to = target(b, actor, line);
  if (to === undefined) return;
  if (!isAlive(s, to)) return reject(b, actor, 'R-TARGET-OUT', { name: nameOf(s, to) }, { line: line.line });
  if (to === actor.id) return reject(b, actor, 'R-NURSE-SELF', {}, { line: line.line });
  if (to === v.lastProtection) return reject(b, actor, 'R-NURSE-REPEAT', { name: nameOf(s, to) }, { line: line.line });
  b.emit('protection.set', { target: to, round: v.round }, { kind: 'players', ids: [actor.id] });
  b.tell([actor.id], msg('MSG-ACK', { command: line.line }));
}

/** PAL-OUT-4: the exception window on a player voted out at the most recent close is open at t. */
export function exceptionOpen(s: S, id: PlayerId, t: Millis): boolean {
  const lw = s.v.lastWords[id];
  return s.v.lastVotedOut.includes(id) && lw?.postedAt !== undefined && lw.windowEnd !== undefined && t >= lw.postedAt && t < lw.windowEnd;
}

/** PAL-OUT-1…7: an outing submission (or the replacement of the sender's own). */
function submitOuting(b: B, actor: PlayerActor, line: CommandLine, t: Millis): void {
  if (!holder(b, actor, 'killer', line)) return;
  const s = b.state;
  const v = s.v;
  if (killersIn(s).length < 2) return reject(b, actor, 'R-OUT-LONE', {}, { line: line.line }); // PAL-OUT-2
  const m = matchName(line.arg, everyone(s));
  const named = m.kind === 'one' ? m.id : undefined;
  const exception = named !== undefined && exceptionOpen(s, named, t);
  if (!v.outingOpen && !exception) return reject(b, actor, 'R-OUT-WINDOW', {}, { line: line.line }); // PAL-OUT-3
  if (named === undefined) return reject(b, actor, 'R-NAME', { text: line.arg }, { line: line.line });
  if (named === actor.id) return reject(b, actor, 'R-OUT-SELF', {}, { line: line.line });
  if (roleOf(s, named) === 'killer') return reject(b, actor, 'R-OUT-TEAMMATE', { name: nameOf(s, named) }, { line: line.line }); // A16
  if (!isAlive(s, named) && !exception) return reject(b, actor, 'R-TARGET-OUT', { name: nameOf(s, named) }, { line: line.line });
  // PAL-OUT-7: the validity gate, checked for every target alike so it leaks nothing.
  const k = knownKillers(v.M);
  if (playersIn(s).some((p) => p.role === 'informant' && (v.knows[p.id]?.length ?? 0) < k)) {
    return reject(b, actor, 'R-OUT-GATE', {}, { line: line.line });
  }
  // PAL-OUT-5: one active outing per team; its author may replace it until it is frozen.
  if (v.outing && (v.outing.frozen || v.outing.outer !== actor.id)) {
    return reject(b, actor, 'R-OUT-ACTIVE', { outer: nameOf(s, v.outing.outer) }, { line: line.line });
  }
  // PAL-OUT-8: resolved at the first main-vote close after the submission.
  const round = v.phase === 'runoff' ? v.round + 1 : v.round;
  b.emit('outing.submitted', { outer: actor.id, target: named, round }, killerTeam(s));
  b.tell([actor.id], msg('MSG-ACK', { command: line.line }));
  b.say(killerTeam(s), msg('MSG-OUT-TEAM', { sender: nameOf(s, actor.id), target: nameOf(s, named) }));
  b.announce(msg('MSG-OUT-RECEIVED')); // PAL-OUT-6
}

/** PAL-OUT-5: withdrawal of an outing by its author before it is frozen (never announced, A18). */
function withdrawOuting(b: B, actor: PlayerActor, line: CommandLine): void {
  if (!holder(b, actor, 'killer', line)) return;
  const s = b.state;
  const o = s.v.outing;
  if (!o) return reject(b, actor, 'R-OUT-NONE', {}, { line: line.line });
  if (o.outer !== actor.id) return reject(b, actor, 'R-OUT-NOT-YOURS', { outer: nameOf(s, o.outer) }, { line: line.line });
  if (o.frozen) return reject(b, actor, 'R-OUT-FROZEN', {}, { line: line.line });
  b.emit('outing.withdrawn', { outer: actor.id }, killerTeam(s));
  b.tell([actor.id], msg('MSG-ACK', { command: line.line }));
  b.say(killerTeam(s), msg('MSG-OUT-TEAM-WITHDRAW', { sender: nameOf(s, actor.id) }));
}

// Players' posts and private commands (spec §0.1, CIT-THR, CIT-NOM, CIT-VOTE, CIT-JUD, CIT-MAF, CIT-TOUR, CIT-GF,
// CIT-MAN, CIT-DOC, CIT-COM). Each handler checks in the order of §0 «Rejection precedence» and, when it accepts,
// emits the fact and tells who the rules tell.
import { list, phrase } from '../../core/params.ts';
import { type Actor, type Command, MODERATOR, type Param, type Phrase, type PlayerId } from '../../core/types.ts';
import { nextPlayDay } from '../../engine/calendar.ts';
import { announceIn, channelById, MAIN_CHANNEL, publishIn } from '../../engine/channels.ts';
import { forward, syntaxOf } from '../../engine/game.ts';
import { fold, matchName } from '../../engine/names.ts';
import { type CommandLine, parseCommands, type Syntax } from '../../engine/parse.ts';
import { isAlive, postAuthor, signedUp } from '../../engine/state.ts';
import { instantOf } from '../../engine/time.ts';
import { absent, markActive, warn } from './activity.ts';
import {
  type B,
  channels,
  cityName,
  cityOf,
  cityThread,
  date,
  family,
  genderOf,
  isJudge,
  msg,
  names,
  nm,
  revealParam,
  type S,
  time,
  toFamily,
} from './common.ts';
import { candidateList, dieNow, electByMajority } from './flow.ts';
import { lastWord } from './lastword.ts';
import { citOptions } from './options.ts';
import { recall, resign } from './recall.ts';
import type { CitRejectionCode } from './rejections.ts';
import { COURT_CHANNEL, cityChannel, familyChannel } from './state.ts';

type Reply = { readonly code: CitRejectionCode; readonly params?: Record<string, Param> };

const no = (code: CitRejectionCode, params: Record<string, Param> = {}): Reply => ({ code, params });

/** The player a command names, or why not (REJ-NICK, REJ-TARGET-DEAD). */
function target(s: S, arg: string): PlayerId | Reply {
  const m = matchName(arg.replace(/^@/, ''), signedUp(s));
  if (m.kind !== 'one') return no('REJ-NICK', { arg });
  if (!isAlive(s, m.id)) return no('REJ-TARGET-DEAD', { name: nm(s, m.id), g: genderOf(s, m.id) });
  return m.id;
}

const refused = (x: PlayerId | Reply): x is Reply => typeof x !== 'string';

/** The next dayStart as «10:00 04.03» parameters (for «ещё не открыто» texts). */
function nextMorning(s: S): { dayStart: string; date: string } {
  const v = s.v;
  const at = v.phase === 'night' ? v.nightEnd : v.day === 0 || s.clock >= v.voteStart ? nextDayStartOf(s) : v.dayStart;
  return { dayStart: time(s, at), date: date(s, at) };
}

function nextDayStartOf(s: S): number {
  // The next game day's dayStart: the same local time on the next play date.
  const o = citOptions(s.config);
  const next = nextPlayDayIso(s);
  return instantAt(s, next, o.dayStart);
}

function nextPlayDayIso(s: S): string {
  return nextPlayDay(s.calendar, s.v.date);
}

function instantAt(s: S, d: string, t: string): number {
  return instantOf(d, t, s.config.timeZone);
}

/** CIT-LW-2: a last word may be long and span lines: the whole message after the keyword is its text. */
const LASTWORD = /^\s*\/(lastword|последнее-слово)(?=\s|$)/iu;

/**
 * The command lines of a post (the public forms) or a PM (the private forms), in order; a last word's PM is one line.
 * §0.1: only the first counts.
 */
export function commandLines(syntax: Syntax, cmd: Extract<Command, { type: 'post' | 'pm' }>): readonly CommandLine[] {
  if (cmd.type === 'post') return parseCommands(cmd.text, syntax).filter((l) => l.where !== 'pm');
  const lw = LASTWORD.exec(cmd.text);
  if (lw) return [{ command: 'lastword', arg: cmd.text.slice(lw[0].length).trim(), line: cmd.text.split('\n')[0] ?? '', where: 'pm' }];
  return parseCommands(cmd.text, syntax).filter((l) => l.where === 'pm');
}

/**
 * §0.1: «one command per post (the first line that parses as a command counts, further command lines are ignored
 * and the author is told so privately)»; the same for a PM's private commands. Each further line gets its notice,
 * naming it and the line that counted (the counted line also tells the staff whose matter the notice is, CIT-ENG-3).
 */
function ignored(b: B, actor: Actor, lines: readonly CommandLine[]): void {
  const [first, ...rest] = lines;
  for (const l of rest) b.reject(actor, 'REJ-ONE-COMMAND', { first: first!.line, line: l.line }, { line: l.line });
}

/** A post in a thread or an inbox (CIT-THR-1..4, CIT-MAF-9). */
export function onPost(b: B, cmd: Extract<Command, { type: 'post' }>): void {
  if (cmd.actor.kind !== 'player') return;
  const id = cmd.actor.id;
  const s = b.state;
  const chId = cmd.channel ?? MAIN_CHANNEL;
  const ch = channelById(b.variant, s, chId);
  // CIT-THR-4: the dead are silent everywhere; their posts are not published.
  if (!isAlive(s, id)) return void b.reject(cmd.actor, 'REJ-DEAD');
  if (!ch) return void b.reject(cmd.actor, 'R-CHANNEL', { channel: chId });
  const lines = commandLines(syntaxOf(b.variant), cmd);
  const city = s.v.cities.findIndex((_, i) => cityChannel(i) === chId);
  const thread = chId === MAIN_CHANNEL || city >= 0;
  if (thread) {
    // CIT-THR-1: only residents write in a city thread; CIT-THR-3: nobody at night.
    if (city >= 0 && cityOf(s, id) !== city) return void b.reject(cmd.actor, 'REJ-THR-CITY', { city: cityName(s, city) });
    if (!ch.writers.includes(id)) {
      // A vote or nomination written at night is refused for its own window (CIT-VOTE-1: «окончено в 22:00»); any
      // other post for the night lock. Neither is published.
      const first = city >= 0 ? lines[0] : undefined;
      const closed = first && WINDOWED.has(first.command) ? run(b, id, first, 'post') : undefined;
      return void (closed
        ? b.reject(cmd.actor, closed.code, closed.params ?? {}, { line: first!.line })
        : b.reject(cmd.actor, 'REJ-THR-NIGHT', nextMorning(s)));
    }
    publishIn(b, ch, id, cmd.text, cmd.postId);
    // CIT-ACT-1: a published post in his city thread or the general thread (a refused command that stays visible too).
    markActive(b, id);
    // CIT-THR-2: no command in the general thread.
    if (city < 0) return lines.length > 0 ? void b.reject(cmd.actor, 'REJ-THR-GENERAL', {}, { line: lines[0]!.line }) : undefined;
    // §0.1: one command per post, the first command line.
    const first = lines[0];
    if (first) command(b, cmd.actor, id, first, 'post');
    ignored(b, cmd.actor, lines);
    return;
  }
  if (!ch.writers.includes(id)) return void b.reject(cmd.actor, 'R-CHANNEL', { channel: chId });
  publishIn(b, ch, id, cmd.text, cmd.postId);
}

/** CIT-THR-5: an edit is shown as an edit («изменено»); the command its post held stays as it was recorded. */
export function onEdit(b: B, cmd: Extract<Command, { type: 'post.edit' }>): void {
  if (cmd.actor.kind !== 'player') return;
  const id = cmd.actor.id;
  if (!isAlive(b.state, id)) return void b.reject(cmd.actor, 'REJ-DEAD');
  if (postAuthor(b.state, cmd.postId) !== id) return void b.reject(cmd.actor, 'R-CHANNEL', { channel: cmd.postId });
  b.emit('post.edited', { postId: cmd.postId, author: id, text: cmd.text });
}

/** A private message to the Prokurator / Consigliere (§0.1 private forms); free text is forwarded to staff. */
export function onPm(b: B, cmd: Extract<Command, { type: 'pm' }>): void {
  if (cmd.actor.kind !== 'player') return;
  const id = cmd.actor.id;
  const lines = commandLines(syntaxOf(b.variant), cmd);
  const first = lines[0];
  if (!first) return forward(b, cmd.actor, cmd.text);
  if (!isAlive(b.state, id)) return void b.reject(cmd.actor, 'REJ-DEAD');
  b.emit('pm.received', { from: id, text: cmd.text }, { kind: 'players', ids: [id] });
  command(b, cmd.actor, id, first, 'pm');
  ignored(b, cmd.actor, lines);
}

/** Thread commands whose own window is the day: at night they are refused for it, not for the night lock. */
const WINDOWED = new Set(['nominate', 'vote', 'unvote', 'judgevote', 'judgeunvote']);

const MAFIA = new Set(['kill', 'nokill', 'tour', 'notour', 'defer', 'propose', 'propose-tour', 'gf', 'relay']);

/** Carries out one command line of a living player. */
function command(b: B, actor: Actor, id: PlayerId, line: CommandLine, via: 'post' | 'pm'): void {
  const s = b.state;
  if (!isAlive(s, id)) return void b.reject(actor, 'REJ-DEAD');
  // CIT-MAF-7: any mafia command, accepted or not, is the family speaking tonight.
  const c = cityOf(s, id);
  if (MAFIA.has(line.command) && s.players[id]?.role === 'mafioso' && s.v.phase === 'night' && !s.v.spoke[c]) {
    b.emit('cit.spoke', { city: c }, { kind: 'team', team: familyChannel(c), ids: family(s, c, false) });
  }
  const r = run(b, id, line, via);
  if (r) b.reject(actor, r.code, r.params ?? {}, { line: line.line });
  // CIT-ACT-1: any accepted command, public or private.
  else markActive(b, id);
}

function run(b: B, id: PlayerId, line: CommandLine, via: 'post' | 'pm'): Reply | undefined {
  switch (line.command) {
    case 'nominate':
      return nominate(b, id, line.arg, via);
    case 'vote':
      return vote(b, id, line.arg, via);
    case 'unvote':
      return unvote(b, id, via);
    case 'run':
    case 'unrun':
      return candidacy(b, id, line.command === 'run');
    case 'judgevote':
      return judgeVote(b, id, line.arg, via);
    case 'judgeunvote':
      return judgeVote(b, id, null, via);
    case 'protect':
      return protect(b, id, line.arg);
    case 'knife':
    case 'noknife':
      return knife(b, id, line.command === 'knife' ? line.arg : null);
    case 'check':
      return check(b, id, line.arg);
    case 'gf':
      return gfVote(b, id, line.arg);
    case 'relay':
      return relay(b, id, line.arg);
    case 'recall':
      return recall(b, id);
    case 'lastword':
      return lastWord(b, id, line.arg);
    case 'resign':
      return resign(b, id);
    case 'court-propose':
    case 'court-yes':
    case 'court-no':
      return court(b, id, line.command, line.arg);
    case 'suicide':
      b.emit('cit.suicide.asked', { player: id }, { kind: 'players', ids: [id] });
      b.tell([id], msg('P-SUICIDE-ASK'));
      return undefined;
    case 'suicide-confirm':
      return suicide(b, id);
    case 'absent':
      return absent(b, id, line.arg);
    case 'kill':
    case 'nokill':
    case 'tour':
    case 'notour':
    case 'defer':
    case 'propose':
    case 'propose-tour':
      return mafia(b, id, line.command, line.arg);
    default:
      return no('REJ-ROLE');
  }
}

/** The thread of the actor's city, where the engine publishes what he sent privately (CIT-VOTE-5). */
function homeThread(b: B, id: PlayerId) {
  return cityThread(b.state, cityOf(b.state, id));
}

/** CIT-NOM-1..4. */
function nominate(b: B, id: PlayerId, arg: string, via: 'post' | 'pm'): Reply | undefined {
  const s = b.state;
  const v = s.v;
  const c = cityOf(s, id);
  if (v.day === 0 || v.phase !== 'day') {
    // CIT-NOM-1: after voteStart the seed's sentence; before dayStart or on Day 0 «ещё не открыто».
    const late = v.day >= 1 && v.phase === 'vote';
    return no('REJ-NOM-CLOSED', { late: late ? 'yes' : 'no', ...nextMorning(s) });
  }
  const used = v.nominatedBy[id];
  if (used !== undefined) return no('REJ-NOM-USED', { name: nm(s, used) });
  const t = target(s, arg);
  if (refused(t)) return t;
  // §0: the list's state (already nominated) before the target's immunity.
  if (v.nominations[c]!.some((n) => n.target === t)) return no('REJ-NOM-DUP', { name: nm(s, t), g: genderOf(s, t) });
  if (isJudge(s, t)) return no('REJ-NOM-JUDGE', { name: nm(s, t), g: genderOf(s, t) });
  b.emit('cit.nominated', { city: c, target: t, by: id });
  const thread = homeThread(b, id);
  if (via === 'pm') announceIn(b, thread, msg('T-NOM-PROXY', { by: nm(s, id), target: nm(s, t) }));
  announceIn(b, thread, msg('T-NOM', { target: nm(s, t), city: cityName(s, cityOf(s, t)), by: nm(s, id), g: genderOf(s, id) }));
  b.tell([t], msg('P-NOMINATED', { city: cityName(s, c), voteEnd: time(s, v.voteEnd) }));
  return undefined;
}

/** CIT-VOTE-1..5. */
function vote(b: B, id: PlayerId, arg: string, via: 'post' | 'pm'): Reply | undefined {
  const s = b.state;
  const v = s.v;
  const c = cityOf(s, id);
  const closed = votingClosed(s);
  if (closed) return closed;
  const t = target(s, arg);
  if (refused(t)) return t;
  const list = v.nominations[c]!.filter((n) => isAlive(s, n.target)).map((n) => n.target);
  if (!list.includes(t)) return no('REJ-VOTE-NOTCAND', { name: nm(s, t), g: genderOf(s, t), names: candidateList(s, list, c) || '—' });
  if (v.votes[c]![id]?.target === t) return no('REJ-VOTE-SAME', { name: nm(s, t) });
  b.emit('cit.voted', { city: c, voter: id, target: t });
  if (via === 'pm') announceIn(b, homeThread(b, id), msg('T-VOTE-PROXY', { name: nm(s, id), target: nm(s, t) }));
  return undefined;
}

/** REJ-VOTE-CLOSED unless the execution vote is open (CIT-VOTE-1, CIT-VOTE-13). */
function votingClosed(s: S): Reply | undefined {
  const v = s.v;
  if (v.day >= 1 && v.phase === 'vote') return undefined;
  const late = v.phase === 'night' || (v.phase === 'vote' && v.day === 0);
  return no('REJ-VOTE-CLOSED', { late: late ? 'yes' : 'no', voteStart: time(s, v.voteStart), voteEnd: time(s, v.voteEnd) });
}

/** CIT-VOTE-4. */
function unvote(b: B, id: PlayerId, via: 'post' | 'pm'): Reply | undefined {
  const s = b.state;
  const c = cityOf(s, id);
  const closed = votingClosed(s);
  if (closed) return closed;
  if (!s.v.votes[c]![id]) return no('REJ-VOTE-NONE');
  b.emit('cit.unvoted', { city: c, voter: id });
  if (via === 'pm') announceIn(b, homeThread(b, id), msg('T-UNVOTE-PROXY', { name: nm(s, id) }));
  return undefined;
}

/** CIT-JUD-4: candidacy is open from the election's announcement until voteStart of its day. */
function candidacy(b: B, id: PlayerId, on: boolean): Reply | undefined {
  const s = b.state;
  const c = cityOf(s, id);
  const el = s.v.election[c];
  const open = el && (el.day > s.v.day || (el.day === s.v.day && s.v.phase === 'day'));
  if (!el || !open) return no('REJ-JC-CLOSED', { voteStart: time(s, s.v.voteStart) });
  const is = el.candidates.includes(id);
  if (on && is) return no('REJ-JC-DUP');
  // CIT-REC-8: a removed judge cannot stand for two following days.
  const ban = s.v.banned[id];
  if (on && ban && el.day <= ban.day) return no('REJ-JUD-BANNED', { date: ban.date });
  if (!on && !is) return no('REJ-JC-NONE');
  b.emit('cit.candidacy', { city: c, player: id, on });
  announceIn(b, homeThread(b, id), msg(on ? 'T-JUDGE-CAND' : 'T-JUDGE-UNCAND', { name: nm(s, id) }));
  return undefined;
}

/** CIT-JUD-5: a vote (or its cancellation, target null) in the city's judge election. */
function judgeVote(b: B, id: PlayerId, arg: string | null, via: 'post' | 'pm'): Reply | undefined {
  const s = b.state;
  const c = cityOf(s, id);
  const el = s.v.election[c];
  if (!el || el.day !== s.v.day || s.v.phase !== 'vote') return no('REJ-JV-CLOSED');
  if (arg === null) {
    if (!el.votes[id]) return no('REJ-VOTE-NONE');
    b.emit('cit.judge.voted', { city: c, voter: id, target: null });
    return undefined;
  }
  const t = target(s, arg);
  if (refused(t)) return t;
  if (!el.candidates.includes(t)) return no('REJ-JV-NOTCAND', { name: nm(s, t) });
  if (el.votes[id]?.target === t) return no('REJ-VOTE-SAME', { name: nm(s, t) });
  b.emit('cit.judge.voted', { city: c, voter: id, target: t });
  if (via === 'pm') announceIn(b, homeThread(b, id), msg('T-JUDGE-VOTE', { name: nm(s, id), target: nm(s, t) }));
  return undefined;
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

/** CIT-DOC-1, CIT-DOC-2. */
function protect(b: B, id: PlayerId, arg: string): Reply | undefined {
  const s = b.state;
  if (s.players[id]?.role !== 'doctor') return no('REJ-ROLE');
  const o = citOptions(s.config);
  if (s.v.phase !== 'day' && s.v.phase !== 'vote') return no('REJ-DOC-NIGHT', { dayStart: o.dayStart, voteEnd: o.voteEnd });
  const t = target(s, arg);
  if (refused(t)) return t;
  if (t === id && !o.doctorSelfProtect) return no('REJ-DOC-SELF');
  if (t === s.v.protectLast && !o.doctorRepeatTarget) return no('REJ-DOC-REPEAT');
  b.emit('cit.protect', { target: t }, { kind: 'players', ids: [id] });
  ack(b, id, act('protect', nm(s, t)), s.v.voteEnd);
  return undefined;
}

/** CIT-MAN-1, CIT-MAN-2. */
function knife(b: B, id: PlayerId, arg: string | null): Reply | undefined {
  const s = b.state;
  if (s.players[id]?.role !== 'maniac') return no('REJ-ROLE');
  if (s.v.phase !== 'night') return no('REJ-MAN-DAY', { voteEnd: time(s, s.v.voteEnd) });
  if (arg === null) return no('REJ-MAN-MUST');
  const t = target(s, arg);
  if (refused(t)) return t;
  if (t === id) return no('REJ-MAN-SELF');
  b.emit('cit.knife', { target: t }, { kind: 'players', ids: [id] });
  ack(b, id, act('knife', nm(s, t)), s.v.nightEnd);
  return undefined;
}

/** CIT-COM-1, CIT-COM-2: the Consigliere answers at once. */
function check(b: B, id: PlayerId, arg: string): Reply | undefined {
  const s = b.state;
  if (s.players[id]?.role !== 'commissioner') return no('REJ-ROLE');
  if (s.v.phase !== 'night') return no('REJ-COM-DAY', { voteEnd: time(s, s.v.voteEnd) });
  const done = s.v.checked[id];
  if (done !== undefined) return no('REJ-COM-USED', { name: nm(s, done) });
  const t = target(s, arg);
  if (refused(t)) return t;
  const c = cityOf(s, id);
  if (cityOf(s, t) !== c) return no('REJ-COM-CITY', { city: cityName(s, c) });
  if (t === id) return no('REJ-COM-SELF');
  const mafia = s.players[t]?.role === 'mafioso';
  b.emit('cit.check', { by: id, target: t, mafia }, { kind: 'players', ids: [id] });
  b.tell([id], msg(mafia ? 'P-CHECK-YES' : 'P-CHECK-NO', { name: nm(s, t), g: genderOf(s, t) }));
  return undefined;
}

/** CIT-GF-1: a vote in the family's Godfather election; a strict majority of the living members elects at once. */
function gfVote(b: B, id: PlayerId, arg: string): Reply | undefined {
  const s = b.state;
  if (s.players[id]?.role !== 'mafioso') return no('REJ-ROLE');
  const c = cityOf(s, id);
  // §0 precedence: outside the election window CLOSED, inside it after the election DONE.
  const until = s.v.gfUntil[c];
  if (until === null || until === undefined || b.at >= until) return no('REJ-GF-CLOSED');
  const gf = s.v.godfather[c];
  if (gf) return no('REJ-GF-DONE', { name: nm(s, gf) });
  const el = s.v.gfElection[c];
  if (!el) return no('REJ-GF-CLOSED');
  const fam = family(s, c);
  const t = target(s, arg);
  if (refused(t)) return t.code === 'REJ-TARGET-DEAD' ? no('REJ-GF-CAND', { name: String(t.params?.name ?? arg) }) : t;
  if (!fam.includes(t)) return no('REJ-GF-CAND', { name: nm(s, t) });
  b.emit('cit.gf.voted', { city: c, voter: id, target: t }, { kind: 'team', team: familyChannel(c), ids: family(s, c, false) });
  toFamily(b, c, msg('P-GF-VOTE', { name: nm(s, id), target: nm(s, t) }));
  electByMajority(b, c);
  return undefined;
}

/** CIT-MAF-2..5, CIT-TOUR-3..7, CIT-GF-4: the Godfather's decisions and the members' proposals. */
function mafia(b: B, id: PlayerId, command: string, arg: string): Reply | undefined {
  const s = b.state;
  const v = s.v;
  if (s.players[id]?.role !== 'mafioso') return no('REJ-ROLE');
  if (v.phase !== 'night') return no('REJ-MAF-DAY', { voteEnd: time(s, v.voteEnd) }); // CIT-MOD-2: an extended vote ends later
  const c = cityOf(s, id);
  const night = v.day + 1;
  if (v.voidNight[c] === night) return no('REJ-MAF-GFDEAD');
  const isTour = command === 'tour' || command === 'notour' || command === 'propose-tour';
  const propose = command === 'propose' || command === 'propose-tour';
  if (!propose && v.godfather[c] !== id) return no('REJ-MAF-NOTGF');
  if (isTour && v.touring !== c) return v.touring === null ? no('REJ-TOUR-NONE') : no('REJ-TOUR-NOTYOURS', { city: cityName(s, v.touring) });
  const kind = isTour ? 'tour' : 'home';
  if (command === 'defer') {
    b.emit('cit.decision', { city: c, kind: 'home', target: 'defer' }, familyTeam(s, c));
    ack(b, id, act('defer'), v.nightEnd);
    return undefined;
  }
  let t: PlayerId | null = null;
  const refusal = command === 'nokill' || command === 'notour' || (propose && /^(none|нет|отказ)$/iu.test(arg.trim()));
  if (!refusal) {
    const x = target(s, arg);
    if (refused(x)) return x;
    const bad = isTour ? tourTarget(s, c, x) : homeTarget(s, c, x);
    if (bad) return bad;
    t = x;
  }
  if (propose) {
    b.emit('cit.proposal', { city: c, kind, by: id, target: t }, familyTeam(s, c));
    toFamily(b, c, msg('P-PROPOSAL', { name: nm(s, id), what: act(kind === 'home' ? 'propose' : 'propose-tour', t === null ? undefined : nm(s, t)) }));
  } else {
    b.emit('cit.decision', { city: c, kind, target: t }, familyTeam(s, c));
  }
  ack(b, id, act(command, t === null ? undefined : nm(s, t)), v.nightEnd);
  return undefined;
}

function familyTeam(s: S, c: number) {
  return { kind: 'team' as const, team: familyChannel(c), ids: family(s, c, false) };
}

/**
 * CIT-REL-1, CIT-REL-2: a message to another city's family (or every other family) through the Consigliere,
 * delivered without the sender's name; at most relayMaxPerDay per family and game day.
 */
function relay(b: B, id: PlayerId, arg: string): Reply | undefined {
  const s = b.state;
  if (s.players[id]?.role !== 'mafioso') return no('REJ-ROLE');
  const o = citOptions(s.config);
  const c = cityOf(s, id);
  const sent = s.v.relays[c] ?? 0;
  if (sent >= o.relayMaxPerDay) return no('REJ-REL-LIMIT', { n: o.relayMaxPerDay });
  const [word = '', ...rest] = arg.trim().split(/\s+/);
  const text = arg.trim().slice(word.length).trim();
  const all = fold(word) === 'all' || fold(word) === 'всем';
  const to = all ? -1 : s.v.cities.findIndex((x) => fold(x) === fold(word));
  if (!all && to < 0) return no('REJ-REL-CITY', { arg: word, cities: s.v.cities.join(', ') });
  if (to === c) return no('REJ-REL-OWN');
  const targets = all ? s.v.cities.map((_, i) => i).filter((i) => i !== c && family(s, i).length > 0) : family(s, to).length > 0 ? [to] : [];
  if (targets.length === 0) return no('REJ-REL-NONE', { city: all ? '—' : cityName(s, to) });
  if (rest.length === 0 || text.length > o.relayMaxChars) return no('REJ-REL-LONG', { max: o.relayMaxChars, n: text.length });
  b.emit('cit.relay', { from: c, to: targets }, MODERATOR);
  for (const t of targets) toFamily(b, t, msg('P-RELAY', { city: cityName(s, c), text }));
  b.tell(
    [id],
    msg('P-ACK-FINAL', {
      what: act(
        'relay',
        list(
          targets.map((t) => cityName(s, t)),
          'and',
        ),
      ),
    }),
  );
  return undefined;
}

/** The court's inbox: the acting judges (CIT-CRT-1). */
function courtChannel(b: B) {
  return channels(b.state).find((c) => c.id === COURT_CHANNEL)!;
}

/** Acting judges who are alive (the court as it sits now). */
function sitting(s: S): PlayerId[] {
  return s.v.judge.filter((j): j is PlayerId => j !== null && isAlive(s, j));
}

/** CIT-CRT-2..4: a motion, a «за» or a «против» of an acting judge, in the court's inbox. */
function court(b: B, id: PlayerId, command: string, arg: string): Reply | undefined {
  const s = b.state;
  const v = s.v;
  if (!isJudge(s, id)) return no('REJ-CRT-NOTJUDGE');
  const o = citOptions(s.config);
  // CIT-CRT-9: no court on Day 0.
  if (v.day < 1 || (v.phase !== 'day' && v.phase !== 'vote')) return no('REJ-CRT-CLOSED', { dayStart: o.dayStart, voteEnd: o.voteEnd });
  const judges = sitting(s);
  if (command === 'court-propose') {
    if (v.motion) return no('REJ-CRT-OPEN', { name: nm(s, v.motion.target) });
    if (v.verdict) return no('REJ-CRT-DONE');
    if (judges.length < o.courtMinJudges) return no('REJ-CRT-QUORUM', { k: judges.length, min: o.courtMinJudges });
    const t = target(s, arg);
    if (refused(t)) return t;
    if (isJudge(s, t)) return no('REJ-CRT-JUDGE', { name: nm(s, t) });
    b.emit('cit.court.motion', { target: t, by: id }, courtTeam(b));
    return settle(b);
  }
  if (v.verdict) return no('REJ-CRT-FINAL');
  const m = v.motion;
  if (!m) return no('REJ-CRT-NOMOTION');
  if (command === 'court-yes') {
    if (m.yes.includes(id)) return no('REJ-CRT-VOTED');
    b.emit('cit.court.yes', { judge: id }, courtTeam(b));
    return settle(b);
  }
  // CIT-CRT-4: «Если хотя бы один судья против, то казнь отменяется.»
  b.emit('cit.court.dropped', { why: 'veto' }, courtTeam(b));
  announceIn(b, courtChannel(b), msg('P-COURT-CANCEL', { name: nm(s, id), target: nm(s, m.target) }));
  return undefined;
}

function courtTeam(b: B) {
  const c = courtChannel(b);
  return { kind: 'team' as const, team: c.id, ids: [...c.readers] };
}

/**
 * CIT-CRT-5: a judge left office while a motion is open: his vote no longer counts and unanimity is judged among the
 * judges who remain (below the quorum the motion lapses).
 */
export function recountCourt(b: B): void {
  const s = b.state;
  const m = s.v.motion;
  if (!m) return;
  if (sitting(s).length < citOptions(s.config).courtMinJudges) {
    b.emit('cit.court.dropped', { why: 'quorum' }, courtTeam(b));
    return;
  }
  settle(b);
}

/** CIT-CRT-4: the motion's state in the court inbox, final once every acting judge said «за». */
function settle(b: B): undefined {
  const s = b.state;
  const m = s.v.motion!;
  const judges = sitting(s);
  const waiting = judges.filter((j) => !m.yes.includes(j));
  const place = cityName(s, cityOf(s, m.target));
  if (waiting.length === 0 && judges.length >= citOptions(s.config).courtMinJudges) {
    b.emit('cit.court.final', { target: m.target }, courtTeam(b));
    announceIn(b, courtChannel(b), msg('P-COURT-FINAL', { target: nm(s, m.target), g: genderOf(s, m.target), voteEnd: time(s, s.v.voteEnd) }));
  } else {
    announceIn(
      b,
      courtChannel(b),
      msg('P-COURT-MOTION', { name: nm(s, m.by), target: nm(s, m.target), city: place, yes: names(s, m.yes), waiting: names(s, waiting) || '—' }),
    );
  }
  return undefined;
}

/** CIT-ACT-6, CIT-ACT-7: a confirmed suicide within ten minutes of the request kills at once, with «Овощ». */
function suicide(b: B, id: PlayerId): Reply | undefined {
  const s = b.state;
  const asked = s.v.suicideAsked[id];
  if (asked === undefined || b.at >= asked + 10 * 60_000) return no('REJ-SUICIDE-NOASK');
  // CIT-ACT-6, CIT-ACT-7: «Самоубийство — наказывается предупреждением "Овощ"» (recorded before the death, which
  // may end the game).
  warn(b, id, 'suicide');
  dieNow(b, id, 'suicide', msg('T-SUICIDE', { name: nm(s, id), g: genderOf(s, id), role: revealParam(s, id) }));
  return undefined;
}

/** CIT-MAF-1, CIT-MAF-3. */
function homeTarget(s: S, c: number, t: PlayerId): Reply | undefined {
  if (cityOf(s, t) !== c) return no('REJ-MAF-CITY');
  if (s.players[t]?.role === 'mafioso') return no('REJ-MAF-OWN', { name: nm(s, t) });
  if (s.v.judge[c] === t) return no('REJ-MAF-JUDGE', { name: nm(s, t) });
  return undefined;
}

/** CIT-TOUR-5, CIT-TOUR-6. */
function tourTarget(s: S, c: number, t: PlayerId): Reply | undefined {
  if (cityOf(s, t) === c) return no('REJ-TOUR-OWNCITY');
  if (isJudge(s, t)) return no('REJ-TOUR-JUDGE', { name: nm(s, t) });
  return undefined;
}

/** Names of a family, for messages that list it. */
export function familyNames(s: S, c: number): string {
  return names(s, family(s, c));
}

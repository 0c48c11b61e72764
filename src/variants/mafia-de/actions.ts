// Player PNs of mafia-de (DE-GEN-4…11): votes, night orders, the death message, the Night-1 role choice, the
// insider's guess, the successor, ads, testaments and the surrender confirmation. Checks run in the order of
// DE-GEN-11; the first failing one answers with its code, and a rejected PN changes nothing.
import type { Actor, Command, Param, PlayerId, Rejection } from '../../core/types.ts';
import { refused } from '../../engine/modactions.ts';
import { matchStrict } from '../../engine/names.ts';
import { activeOn, type NightParity } from '../../engine/parity.ts';
import { checkProtection } from '../../engine/protection.ts';
import { isAlive, nameOf } from '../../engine/state.ts';
import { checkChoice, freeRoles } from '../../engine/teamchoice.ts';
import type { Recognised } from '../../engine/variant.ts';
import { keywordOf, type ParsedPm, parsePm, parseRoleChoice, splitPair } from './commands.ts';
import { type B, gameNo, isBoss, mafiaIn, msg, opts, partyOf, pn, roleOf, type S, when } from './common.ts';
import { checkDm, normalizeDm } from './deathmessage.ts';
import { endParts, freeSpecials, rolesParam } from './flow.ts';
import { placeAd, writeWill } from './press.ts';
import type { DeRejectionCode } from './rejections.ts';
import { CITIZENS, MAFIA, MAFIA_SPECIALS } from './roles.ts';
import type { ActKind } from './state.ts';

type PlayerActor = Extract<Actor, { kind: 'player' }>;

/** A refusal inside a handler: code and parameters (DE-GEN-11). */
/** A refusal of the PM being handled (returned up to onPm, which records it). */
function no(code: DeRejectionCode, params: Record<string, Param> = {}): Rejection {
  return { code, params };
}

function everyone(s: S) {
  return s.order.map((id) => s.players[id]!);
}

/** DE-GEN-3: a participant by name (R-NAME otherwise). */
export function participant(s: S, text: string): PlayerId | Rejection {
  const m = matchStrict(text, everyone(s));
  if (m.kind !== 'one') return no('R-NAME', { input: text.trim() });
  return m.id;
}

/** A participant who is still in the game (R-TARGET-REMOVED otherwise). */
function inGame(s: S, text: string): PlayerId | Rejection {
  const id = participant(s, text);
  if (refused(id)) return id;
  if (!isAlive(s, id)) return no('R-TARGET-REMOVED', { name: nameOf(s, id) });
  return id;
}

/** The night abilities with a single target, by role (DE-GEN-9), and the nights they work in. */
const NIGHT_ABILITIES: readonly { kind: ActKind; role: string; parity: NightParity }[] = [
  { kind: 'query', role: 'detective', parity: 'even' },
  { kind: 'protect', role: 'guardian-angel', parity: 'every' },
  { kind: 'frame', role: 'framer', parity: 'every' },
  { kind: 'voodoo', role: 'voodoo-doll', parity: 'every' },
  { kind: 'rob', role: 'robber', parity: 'every' },
];

/** DE-GEN-9: the single-target night actions a player has in night n (the boss's murder first). */
export function bareActions(s: S, me: PlayerId, n: number): ActKind[] {
  const out: ActKind[] = [];
  if (isBoss(s, me)) out.push('kill');
  for (const a of NIGHT_ABILITIES) if (roleOf(s, me) === a.role && activeOn(a.parity, n)) out.push(a.kind);
  return out;
}

/** A private message while the game runs. */
export function onPm(b: B, cmd: Extract<Command, { type: 'pm' }>): void {
  if (cmd.actor.kind !== 'player') return;
  const actor = cmd.actor;
  const s = b.state;
  // DE-GEN-12: every input is logged (the moderator sees it with its outcome); DE-GEN-2: inputs are handled in stamp
  // order after every deadline due at their stamp.
  b.emit(
    'pm.received',
    { from: actor.id, text: cmd.text, ...(cmd.subject !== undefined ? { subject: cmd.subject } : {}) },
    { kind: 'players', ids: [actor.id] },
  );
  const refusal = readPm(b, s, actor, cmd);
  if (refusal) b.refuse(actor, refusal);
}

/** Reads and runs a running game's PM (`s`: the state before it was logged); returns its refusal, if any. */
function readPm(b: B, s: S, actor: PlayerActor, cmd: Extract<Command, { type: 'pm' }>): Rejection | undefined {
  // DE-GEN-11 step 3 (DE-INACT-7, DE-WILL-5): removed players cannot act. Decision: this comes before recognising a
  // command, so a removed player's free text is refused too (docs/mafia-de.md, interpretation 5).
  if (!isAlive(s, actor.id)) return no('R-NOT-ALIVE');
  const isName = (t: string) => matchStrict(t, everyone(s)).kind === 'one';
  const p = parsePm(cmd.text, cmd.subject, isName);
  if (!p) {
    forward(b, actor, cmd.text); // DE-GEN-4
    return undefined;
  }
  return handle(b, actor, p);
}

/** What a running game reads in a PN (DE-GEN-8/9), for the reply to its author: at most one command. */
export function recognisePm(s: S, cmd: Extract<Command, { type: 'pm' }>): Recognised[] {
  const isName = (t: string) => matchStrict(t, everyone(s)).kind === 'one';
  const p = parsePm(cmd.text, cmd.subject, isName);
  if (!p) return [];
  let command: string = p.command;
  if (p.command === 'bare') {
    // DE-GEN-9: a bare name is a vote by day, else the sender's one single-target action of the night.
    const acts = cmd.actor.kind === 'player' && s.v.phase !== 'day' ? bareActions(s, cmd.actor.id, s.v.n) : [];
    command = s.v.phase === 'day' ? 'vote' : acts.length === 1 ? acts[0]! : 'bare';
  }
  return [p.arg === '' ? { command } : { command, target: p.arg }];
}

/** DE-GEN-4: a PN without a command goes to the human game master; the sender is told. */
function forward(b: B, actor: PlayerActor, text: string): void {
  b.emit('pm.forwarded', { from: nameOf(b.state, actor.id), player: actor.id, text }, { kind: 'moderator' });
  b.say({ kind: 'moderator' }, msg('MSG-PM-TO-MOD', { from: nameOf(b.state, actor.id), text }));
  pn(b, [actor.id], 'Hinweis', msg('MSG-FORWARDED'));
}

function handle(b: B, actor: PlayerActor, p: ParsedPm): Rejection | undefined {
  const s = b.state;
  const me = actor.id;
  const v = s.v;
  switch (p.command) {
    case 'bare': {
      if (v.phase === 'day') return vote(b, me, p.arg);
      const acts = bareActions(s, me, v.n);
      if (acts.length === 0) return no('R-NO-ACTION', { N: v.n });
      if (acts.length > 1) return no('R-AMBIGUOUS', { cmd1: keywordOf(acts[0]!, s.config.locale), cmd2: keywordOf(acts[1]!, s.config.locale), name: p.arg });
      if (acts[0] === 'kill') return kill(b, me, p.arg, []);
      return nightAct(b, me, acts[0]!, p.arg);
    }
    case 'vote':
      return vote(b, me, p.arg);
    case 'kill':
      if (!isBoss(s, me)) return no('R-NOT-YOUR-ROLE');
      if (v.phase !== 'night') return no('R-NIGHT-ONLY');
      return kill(b, me, p.arg, p.rest);
    case 'dm':
      if (!isBoss(s, me)) return no('R-NOT-YOUR-ROLE');
      if (v.phase !== 'night') return no('R-NIGHT-ONLY');
      return deathMessage(b, me, [p.arg, ...p.rest].join('\n'));
    case 'protect':
    case 'query':
    case 'frame':
    case 'voodoo':
    case 'rob': {
      const ability = NIGHT_ABILITIES.find((a) => a.kind === p.command)!;
      if (roleOf(s, me) !== ability.role) return no('R-NOT-YOUR-ROLE');
      if (v.phase !== 'night') return no('R-NIGHT-ONLY');
      // DE-QRY-1 (decision, interpretation 10: the bad input «a second query on an odd night» is this refusal).
      if (!activeOn(ability.parity, v.n)) return no('R-WRONG-NIGHT-DET', { N: v.n });
      return nightAct(b, me, p.command, p.arg);
    }
    case 'compare':
      return compare(b, me, p.arg);
    case 'suspect':
      return suspect(b, me, p.arg);
    case 'role':
      return chooseRole(b, me, p.arg);
    case 'successor': {
      // DE-BOSS-2: any phase; a mafioso in the game other than the boss.
      if (!isBoss(s, me)) return no('R-NOT-YOUR-ROLE');
      const id = participant(s, p.arg);
      if (refused(id)) return id;
      if (id === me || !isAlive(s, id) || partyOf(s, id) !== MAFIA) return no('R-SUCCESSOR', { name: nameOf(s, id) });
      b.emit('successor.designated', { player: id }, { kind: 'players', ids: [me] });
      pn(b, [me], 'Bestätigung', msg('MSG-ACK-SUCCESSOR', { name: nameOf(s, id) }));
      return undefined;
    }
    case 'ad':
      return placeAd(b, me, p.arg, p.rest, no);
    case 'will':
      return writeWill(b, me, p.arg, p.rest, no);
    case 'surrender':
      return confirmSurrender(b, me);
  }
}

/** DE-VOTE-1, DE-VOTE-2, DE-VOTE-3 (a vote at night names the last day and its deadline): a vote by PN, any player in the game (himself included). */
function vote(b: B, me: PlayerId, arg: string): Rejection | undefined {
  const s = b.state;
  const v = s.v;
  if (v.phase !== 'day') return no('R-VOTE-CLOSED', { N: v.lastDay?.n ?? v.n, deadline: when(s, v.lastDay?.deadline ?? v.opensAt) });
  const to = inGame(s, arg);
  if (refused(to)) return to;
  b.emit('vote.cast', { voter: me, target: to, day: v.n }, { kind: 'players', ids: [me] });
  pn(b, [me], 'Bestätigung', msg('MSG-ACK-VOTE', { name: nameOf(s, to), N: v.n, deadline: when(s, v.deadline) }));
}

/**
 * DE-PROT-1/2, DE-QRY-1, DE-FRAME-1, DE-VOODOO-1, DE-ROB-1: a single-target night action. Framer and robber get only
 * the acknowledgement (DE-FRAME-3, DE-ROB-4).
 */
function nightAct(b: B, me: PlayerId, kind: ActKind, arg: string): Rejection | undefined {
  const s = b.state;
  const to = inGame(s, arg);
  if (refused(to)) return to;
  // DE-GEN-6: self-targeting only for the guardian's protection.
  if (to === me && kind !== 'protect') return no('R-SELF');
  if (kind === 'protect' && checkProtection({ last: s.v.lastProtected }, me, to, { selfAllowed: true }) === 'repeat') {
    return no('R-PROTECT-REPEAT', { name: nameOf(s, to) });
  }
  b.emit('night.act', { kind, by: me, targets: [to] }, { kind: 'players', ids: [me] });
  pn(b, [me], 'Bestätigung', msg(`MSG-ACK-${kind}`, { name: nameOf(s, to), N: s.v.n }));
}

/** DE-QRY-2: the matchmaker's comparison (odd nights; two different living players, not himself). */
function compare(b: B, me: PlayerId, arg: string): Rejection | undefined {
  const s = b.state;
  if (roleOf(s, me) !== 'matchmaker') return no('R-NOT-YOUR-ROLE');
  if (s.v.phase !== 'night') return no('R-NIGHT-ONLY');
  if (!activeOn('odd', s.v.n)) return no('R-WRONG-NIGHT-MM', { N: s.v.n });
  const names = splitPair(arg);
  if (names.length !== 2) return no('R-MATCH-SAME');
  const ids: PlayerId[] = [];
  for (const n of names) {
    const id = participant(s, n);
    if (refused(id)) return id;
    ids.push(id);
  }
  for (const id of ids) if (!isAlive(s, id)) return no('R-TARGET-REMOVED', { name: nameOf(s, id) });
  if (ids.includes(me)) return no('R-MATCH-SELF');
  if (ids[0] === ids[1]) return no('R-MATCH-SAME');
  b.emit('night.act', { kind: 'compare', by: me, targets: ids }, { kind: 'players', ids: [me] });
  pn(b, [me], 'Bestätigung', msg('MSG-ACK-compare', { name: nameOf(s, ids[0]!), name2: nameOf(s, ids[1]!), N: s.v.n }));
}

/** The state of the death message for a target, as MSG-ACK-KILL reports it. */
function dmState(s: S, target: PlayerId): Record<string, Param> {
  const o = opts(s);
  if (s.v.dm === undefined) return { dm: 'none' };
  const c = checkDm(s.v.dm, nameOf(s, target), { sentences: o.deathMessageMinSentences, chars: o.deathMessageMinChars });
  if (!c.ok) return { dm: 'none' };
  return c.form === 'link' ? { dm: 'link' } : { dm: 'ok', s: c.sentences, c: c.chars };
}

/** DE-KILL-1/2/4: the murder order, optionally with the death message on the following lines. */
function kill(b: B, me: PlayerId, arg: string, rest: readonly string[]): Rejection | undefined {
  const s = b.state;
  const o = opts(s);
  const to = inGame(s, arg);
  if (refused(to)) return to;
  if (to === me) return no('R-SELF');
  const attached = rest.join('\n').trim();
  b.emit('night.act', { kind: 'kill', by: me, targets: [to] }, { kind: 'players', ids: [me] });
  let state: Record<string, Param>;
  if (attached !== '') {
    const c = checkDm(attached, nameOf(s, to), { sentences: o.deathMessageMinSentences, chars: o.deathMessageMinChars });
    if (c.ok && !s.v.rejectedDms.includes(normalizeDm(attached))) {
      b.emit('dm.stored', { text: attached }, { kind: 'players', ids: [me] });
      state = c.form === 'link' ? { dm: 'link' } : { dm: 'ok', s: c.sentences, c: c.chars };
    } else if (c.ok) {
      // Decision (interpretation 4): the text the moderator rejected sets the target but not the message.
      state = { dm: 'rejected' };
    } else {
      const why = c.code === 'R-DM-EMPTY' ? 'empty' : c.code === 'R-DM-SHORT' ? 'short' : 'victim';
      state = { dm: why, minS: o.deathMessageMinSentences, minC: o.deathMessageMinChars, ...(c.code === 'R-DM-SHORT' ? { s: c.sentences, c: c.chars } : {}) };
    }
  } else {
    state = dmState(b.state, to);
    // DE-KILL-4: a stored text that does not name the new target goes stale (decision: the stale notice is a second PN
    // besides the acknowledgement, interpretation 3) until the target named returns.
    if (s.v.dm !== undefined && state.dm === 'none') pn(b, [me], 'Hinweis', msg('MSG-DM-STALE', { name: nameOf(s, to) }));
  }
  pn(b, [me], 'Bestätigung', msg('MSG-ACK-KILL', { name: nameOf(s, to), N: s.v.n, ...state }));
}

/** DE-KILL-2/3/4/5: a death message on its own. */
function deathMessage(b: B, me: PlayerId, text: string): Rejection | undefined {
  const s = b.state;
  const o = opts(s);
  const target = s.v.acts.kill?.targets[0];
  const c = checkDm(text, target !== undefined ? nameOf(s, target) : undefined, { sentences: o.deathMessageMinSentences, chars: o.deathMessageMinChars });
  if (!c.ok) {
    if (c.code === 'R-DM-SHORT') return no(c.code, { minS: o.deathMessageMinSentences, minC: o.deathMessageMinChars, s: c.sentences, c: c.chars });
    if (c.code === 'R-DM-VICTIM') return no(c.code, { name: nameOf(s, target!) });
    return no(c.code);
  }
  if (s.v.rejectedDms.includes(normalizeDm(text))) return no('R-DM-REJECTED');
  b.emit('dm.stored', { text: text.trim() }, { kind: 'players', ids: [me] });
  const form: Record<string, Param> = c.form === 'link' ? { form: 'link' } : { form: 'text', s: c.sentences, c: c.chars };
  pn(b, [me], 'Bestätigung', msg('MSG-ACK-DM', { N: s.v.n, ...form, order: target !== undefined ? 'set' : 'none' }));
}

/**
 * DE-INS-1, DE-INS-2 (answered at once), DE-INS-3 (one guess a day), DE-INS-4 (none after a hit), DE-INS-5 (framing
 * and robbery never touch it): the insider's guess.
 */
function suspect(b: B, me: PlayerId, arg: string): Rejection | undefined {
  const s = b.state;
  if (roleOf(s, me) !== 'insider') return no('R-NOT-YOUR-ROLE');
  if (s.v.phase !== 'day') return no('R-DAY-ONLY');
  const id = participant(s, arg);
  if (refused(id)) return id;
  if (id === me) return no('R-SELF');
  if (s.v.insiderDay === s.v.n) return no('R-INS-TODAY', { N: s.v.n });
  if (s.v.insiderDone) return no('R-INS-DONE');
  const hit = roleOf(s, id) === 'detective';
  b.emit('insider.guessed', { day: s.v.n, target: id, hit }, { kind: 'players', ids: [me] });
  pn(b, [me], 'Abfrage', msg(hit ? 'MSG-INS-HIT' : 'MSG-INS-MISS', { name: nameOf(s, id) }));
}

/**
 * DE-MROLE-2, DE-MROLE-3, DE-MROLE-4 (final), DE-MROLE-5, DE-MROLE-6 (usable at once, the others are told): a mafioso
 * picks his special role in Night 1.
 */
function chooseRole(b: B, me: PlayerId, arg: string): Rejection | undefined {
  const s = b.state;
  const role = roleOf(s, me);
  // DE-MROLE-5: the dealt boss cannot choose; a successor who has not chosen yet may.
  if (partyOf(s, me) !== MAFIA || role === 'mafia-boss') return no('R-NOT-YOUR-ROLE');
  if (s.v.phase !== 'night' || s.v.n !== 1) return no('R-ROLE-CLOSED');
  const pick = parseRoleChoice(arg);
  if (pick === undefined) return no('R-ROLE-UNKNOWN', { input: arg.trim() });
  const check = checkChoice(MAFIA_SPECIALS, s.v.choices, me, pick, 'none');
  if (check === 'chosen') return no('R-ROLE-CHOSEN', { role: rolesParam([s.v.choices[me] === 'none' ? 'mafioso' : s.v.choices[me]!]) });
  if (check === 'taken') return no('R-ROLE-TAKEN', { role: rolesParam([pick]), free: rolesParam(freeSpecials(s)) });
  b.emit('role.chosen', { player: me, role: pick }, { kind: 'team', team: MAFIA, ids: mafiaIn(s) });
  if (pick !== 'none') b.emit('role.changed', { player: me, role: pick }, { kind: 'team', team: MAFIA, ids: mafiaIn(s) });
  const after = b.state;
  pn(b, [me], 'Sonderstatus', msg(`MSG-ROLE-PICKED-${pick}`, { nightEnd: opts(s).nightEnd }));
  const others = mafiaIn(after).filter((id) => id !== me);
  const free = rolesParam(freeRoles(MAFIA_SPECIALS, after.v.choices));
  pn(
    b,
    others,
    'Sonderstatus',
    pick === 'none'
      ? msg('MSG-ROLE-PICKED-INFO-NONE', { name: nameOf(s, me), free })
      : msg('MSG-ROLE-PICKED-INFO', { name: nameOf(s, me), role: rolesParam([pick]), free }),
  );
}

/** DE-WIN-5: the boss confirms a surrender post of the last five minutes; the citizens win at once. */
function confirmSurrender(b: B, me: PlayerId): Rejection | undefined {
  const s = b.state;
  if (!isBoss(s, me)) return no('R-SURRENDER-NOT-BOSS');
  const window = opts(s).surrenderWindowSeconds * 1000;
  const open = s.v.surrenders.some((x) => b.at >= x.at && b.at < x.at + window);
  if (!open) return no('R-NO-SURRENDER-POST');
  b.announce(...endParts(b, CITIZENS, 'surrender'));
}

/** DE-BOSS-1 is enforced by isBoss checks above. The rejection hook: engine codes renamed to this rulebook's (DE-GEN-11) and the game number added. */
export function decorateRejection(s: S, r: { code: string; params?: Readonly<Record<string, Param>> }) {
  const outside = s.status === 'signup' || s.status === 'dealt' ? 'R-NOT-RUNNING' : 'R-NOT-PARTICIPANT';
  const rename: Record<string, string> = { 'R-NOT-STARTED': 'R-NOT-RUNNING', 'R-NOT-IN-GAME': outside, 'R-NOT-SIGNED-UP': outside };
  const params: Record<string, Param> = { ...(r.params ?? {}), game: gameNo(s) };
  if (r.code === 'R-NAME' && params.input === undefined) params.input = String(params.text ?? '');
  return { code: rename[r.code] ?? r.code, params };
}

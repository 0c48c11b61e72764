// Player actions of mafia-de, each declared once (docs/actions.md): the vote, the night orders and the death
// message, the Night-1 role choice, the insider's guess, the successor, ads, testaments and the surrender
// confirmation, all by PN. Their conditions are listed in the order of DE-GEN-11 — (3) the sender is in the game,
// (5) his role entitles him, (6) timing, (7) arguments, (8) limits — so the first that fails gives the code; the
// engine derives from the same list what a player may do now (forms, bots), the command lines of the role messages
// and `narrator rules`. What stays here besides is reading a PN (commands.ts): one command per PN, bare names.

import { own } from '../../core/own.ts';
import type { Command, Message, Param, Params, PlayerId, Rejection } from '../../core/types.ts';
import { perform } from '../../engine/actions/check.ts';
import { type ActionDef, type ArgsCheck, actorHolds, type Compiled, ctxOf, type ParamDefs, type TextParam } from '../../engine/actions/declare.ts';
import { alive, choice, inGame, nameParam, notSelf, player, resolve, role, separator, text } from '../../engine/actions/guards.ts';
import { rulebook } from '../../engine/actions/kit.ts';
import { commandLine, textsOf } from '../../engine/actions/text.ts';
import { matchStrict, strictKey } from '../../engine/names.ts';
import { activeOn } from '../../engine/parity.ts';
import { namePlaceholder } from '../../engine/parse.ts';
import { currentPhase } from '../../engine/phases.ts';
import { isAlive, type Locale, nameOf, signedUp } from '../../engine/state.ts';
import { normKeyword, type ParsedPm, parsePm, pmKeywords } from './commands.ts';
import { type B, dePhase, deRound, gameNo, isBoss, mafiaIn, msg, nameList, opts, partyOf, phaseLabel, pn, roleOf, type S, when } from './common.ts';
import { checkDm, type DmCheck, normalizeDm } from './deathmessage.ts';
import type { DeEvents } from './events.ts';
import { endParts, freeSpecials, rolesParam } from './flow.ts';
import { de, en } from './messages.ts';
import { adQuota, isDeletion, readWill } from './press.ts';
import type { DeRejectionCode } from './rejections.ts';
import { CITIZENS, MAFIA, MAFIA_SPECIALS, ROLES } from './roles.ts';
import { DE_SCHEDULE } from './schedule.ts';
import type { ActKind, DeState } from './state.ts';

type PlayerActor = Extract<Command['actor'], { kind: 'player' }>;

/** DE-GEN-3: a participant by name (R-NAME otherwise). */
export function participant(s: S, text: string): PlayerId | Rejection {
  const m = matchStrict(text, signedUp(s));
  if (m.kind !== 'one') return { code: 'R-NAME', params: { input: text.trim() } };
  return m.id;
}

// ---------------------------------------------------------------------------------------------------------------
// The declarations

const K = rulebook<DeState, DeEvents, DeRejectionCode>({
  schedule: DE_SCHEDULE,
  // DE-GEN-3: names match exactly after normalising (no fuzzy matching).
  match: matchStrict,
  extraSyntax: [
    // DE-SIGN-1, DE-SIGN-3: «Anmeldung» / «Abmeldung» as the first word of a post.
    { command: 'join', keywords: ['Anmeldung'], form: 'lead', firstLine: true, where: 'post', taught: { de: 'Anmeldung', en: 'Sign up' } },
    { command: 'leave', keywords: ['Abmeldung'], form: 'lead', firstLine: true, where: 'post', taught: { de: 'Abmeldung', en: 'Withdraw' } },
    // The English keywords are everyday words ("Withdraw your vote, Anna!"), so they count only as the whole first line.
    { command: 'join', keywords: ['Sign up', 'Signup'], form: 'none', firstLine: true, where: 'post' },
    { command: 'leave', keywords: ['Withdraw'], form: 'none', firstLine: true, where: 'post' },
  ],
});

/**
 * A PN action whose command is its id, with its German keyword as the rulebook writes it and its English one for
 * games in English (DE-GEN-8): every game accepts both, a game's texts and forms teach its locale's. A running game
 * reads PNs itself (commands.ts) and answers one without a command (DE-GEN-4), so the parser gives them no hint.
 */
function pm<P extends ParamDefs<DeRejectionCode>>(
  id: string,
  de: string,
  en: string,
  def: Omit<ActionDef<DeState, DeEvents, DeRejectionCode, P>, 'id' | 'command' | 'via' | 'syntax'>,
  { command = id, form = 'colon' }: { command?: string; form?: 'colon' | 'none' } = {},
) {
  return K.action({ id, command, via: 'pm', syntax: [{ keywords: [de, en], form, hint: false, taught: { de, en } }], ...def });
}

const inTheGame = alive<DeRejectionCode>('R-NOT-ALIVE');
const holds = (r: string) => role<DeRejectionCode>(r, 'R-NOT-YOUR-ROLE');
const boss = K.actor('R-NOT-YOUR-ROLE', (c) => isBoss(c.s, c.me));
const night = K.window('orders', 'R-NIGHT-ONLY');
/** DE-GEN-3: a participant's name, resolved among everyone who signed up (R-NAME quotes the input). */
const named = player<DeRejectionCode>('R-NAME', { params: (raw) => ({ input: raw.trim() }) });
const present = inGame<'target', DeRejectionCode>('target', 'R-TARGET-REMOVED');
const notMe = notSelf<'target', DeRejectionCode>('target', 'R-SELF');
const N = (c: { round: number }): Params => ({ N: c.round });
/** A text argument with its placeholder per locale. */
const textArg = (de: string, en: string, more: Partial<TextParam<DeRejectionCode>> = {}) => text<DeRejectionCode>({ placeholder: { de, en }, ...more });
const tell = (b: B, me: PlayerId, key: string, params: Record<string, Param>) => pn(b, [me], 'Bestätigung', msg(key, params));

/** A vote at night names the last day and its deadline, the night's opening (DE-VOTE-3). */
const voteClosed = {
  code: 'R-VOTE-CLOSED',
  params: (c: { s: S; round: number }) => ({ N: c.round, deadline: when(c.s, currentPhase(c.s)?.openedAt ?? c.s.v.deadline) }),
} as const;

/** DE-VOTE-1…3: the day's vote by PN, any player in the game, himself included (DE-GEN-6). */
const VOTE = pm('vote', 'Stimme', 'Vote', {
  summary: { en: 'the day’s vote: any player in the game, oneself included; may be changed until the deadline', de: 'Stimme für die Hinrichtung' },
  rules: 'DE-VOTE-1…3, DE-GEN-6',
  params: { target: named },
  checks: [inTheGame, K.window('vote', { closed: voteClosed }), resolve('target'), present],
  effect(b, a) {
    const s = b.state;
    b.emit('vote.cast', { voter: a.me, target: a.args.target, day: deRound(s) }, { kind: 'players', ids: [a.me] });
    tell(b, a.me, 'MSG-ACK-VOTE', { name: nameOf(s, a.args.target), N: deRound(s), deadline: when(s, s.v.deadline) });
  },
});

const guessedToday = K.actor('R-INS-TODAY', (c) => c.s.v.insiderDay !== c.round, { params: N });
const foundAlready = K.actor('R-INS-DONE', (c) => !c.s.v.insiderDone);

/** DE-INS-1…5: the insider's guess whether a participant is the detective, answered at once. */
const SUSPECT = pm('suspect', 'Verdacht', 'Suspect', {
  summary: { en: 'the insider’s guess, once a day until a hit: any other participant', de: 'Verdacht des Insiders' },
  rules: 'DE-INS-1…5',
  params: { target: named },
  checks: [inTheGame, holds('insider'), K.window('vote', 'R-DAY-ONLY'), resolve('target'), notMe, guessedToday, foundAlready],
  effect(b, a) {
    const s = b.state;
    const hit = roleOf(s, a.args.target) === 'detective';
    b.emit('insider.guessed', { day: deRound(s), target: a.args.target, hit }, { kind: 'players', ids: [a.me] });
    pn(b, [a.me], 'Abfrage', msg(hit ? 'MSG-INS-HIT' : 'MSG-INS-MISS', { name: nameOf(s, a.args.target) }));
  },
});

/** DE-KILL-3's verdict on a death message for `victim` (by default the current murder target). */
function dmCheck(s: S, written: string, victim = s.v.acts.kill?.targets[0]) {
  const o = opts(s);
  return checkDm(written, victim !== undefined ? nameOf(s, victim) : undefined, { sentences: o.deathMessageMinSentences, chars: o.deathMessageMinChars });
}

/** How MSG-ACK-KILL reports a death message's verdict. */
function dmParams(s: S, c: DmCheck): Record<string, Param> {
  if (c.ok) return c.form === 'link' ? { dm: 'link' } : { dm: 'ok', s: c.sentences, c: c.chars };
  const o = opts(s);
  const why = c.code === 'R-DM-EMPTY' ? 'empty' : c.code === 'R-DM-SHORT' ? 'short' : 'victim';
  return { dm: why, minS: o.deathMessageMinSentences, minC: o.deathMessageMinChars, ...(c.code === 'R-DM-SHORT' ? { s: c.sentences, c: c.chars } : {}) };
}

/**
 * DE-KILL-1/2/4: the boss's murder order, any other player in the game (A22), optionally with the death message on
 * the following lines: without a valid one nobody dies (DE-KILL-3), so the form asks for it.
 */
const KILL = pm('kill', 'Mord', 'Kill', {
  summary: { en: 'the boss’s murder order, every night: any other player in the game; the death message on the following lines', de: 'Mordauftrag des Bosses' },
  rules: 'DE-KILL-1, DE-KILL-2, DE-KILL-4, DE-GEN-6',
  params: {
    target: named,
    dm: textArg('Todesbotschaft', 'death message', { lines: 'rest', optional: true, label: { de: 'Todesbotschaft', en: 'Death message' } }),
  },
  checks: [inTheGame, boss, night, resolve('target'), present, notMe, resolve('dm')],
  effect(b, a) {
    const s = b.state;
    const [me, to, attached] = [a.me, a.args.target, a.args.dm];
    b.emit('night.act', { kind: 'kill', by: me, targets: [to] }, { kind: 'players', ids: [me] });
    let state: Record<string, Param>;
    if (attached !== undefined) {
      const c = dmCheck(s, attached, to);
      // Decision (interpretation 4): the text the moderator rejected sets the target but not the message.
      const refused = c.ok && s.v.rejectedDms.includes(normalizeDm(attached));
      if (c.ok && !refused) b.emit('dm.stored', { text: attached }, { kind: 'players', ids: [me] });
      state = refused ? { dm: 'rejected' } : dmParams(s, c);
    } else {
      const c = s.v.dm === undefined ? undefined : dmCheck(s, s.v.dm, to);
      state = c?.ok ? dmParams(s, c) : { dm: 'none' };
      // DE-KILL-4: a stored text that does not name the new target goes stale (decision: the stale notice is a second
      // PN besides the acknowledgement, interpretation 3) until the target named returns.
      if (c && !c.ok) pn(b, [me], 'Hinweis', msg('MSG-DM-STALE', { name: nameOf(s, to) }));
    }
    tell(b, me, 'MSG-ACK-KILL', { name: nameOf(s, to), N: deRound(s), ...state });
  },
});

/** A condition refusing a death message with `code` when DE-KILL-3's verdict is that. */
function dmRule(code: 'R-DM-EMPTY' | 'R-DM-SHORT' | 'R-DM-VICTIM', params?: (c: { s: S }, raw: string) => Params) {
  return K.peek('text', code, (c, _v, raw) => (dmCheck(c.s, raw) as { code?: string }).code !== code, params && { params: (c, _v, raw) => params(c, raw) });
}

/** DE-KILL-2…5: a death message on its own (the rest of the keyword line and the following lines). */
const DM = pm('dm', 'Todesbotschaft', 'Death message', {
  summary: { en: 'the boss’s death message on its own, every night', de: 'Todesbotschaft' },
  rules: 'DE-KILL-2…5',
  params: { text: textArg('Text', 'text', { lines: 'all' }) },
  checks: [
    inTheGame,
    boss,
    night,
    dmRule('R-DM-EMPTY'),
    dmRule('R-DM-SHORT', (c, raw) => {
      const { dm: _, ...counts } = dmParams(c.s, dmCheck(c.s, raw));
      return counts;
    }),
    dmRule('R-DM-VICTIM', (c) => ({ name: nameOf(c.s, c.s.v.acts.kill?.targets[0] ?? '') })),
    K.peek('text', 'R-DM-REJECTED', (c, _v, raw) => !c.s.v.rejectedDms.includes(normalizeDm(raw))),
    resolve('text'),
  ],
  effect(b, a) {
    const s = b.state;
    const c = dmCheck(s, a.args.text);
    b.emit('dm.stored', { text: a.args.text }, { kind: 'players', ids: [a.me] });
    const form: Record<string, Param> = c.ok && c.form === 'text' ? { form: 'text', s: c.sentences, c: c.chars } : { form: 'link' };
    tell(b, a.me, 'MSG-ACK-DM', { N: deRound(s), ...form, order: s.v.acts.kill ? 'set' : 'none' });
  },
});

type Check = ReturnType<typeof resolve<'target'>> | typeof present | ReturnType<typeof K.actor>;
/** A single-target night action's checks after the window: any other player in the game (DE-GEN-6). */
const OTHER: readonly Check[] = [resolve('target'), present, notMe];

/**
 * DE-PROT-1/2, DE-QRY-1, DE-FRAME-1, DE-VOODOO-1, DE-ROB-1: a role's single-target night action, `checks` those after
 * the window; framer and robber learn nothing more than the acknowledgement (DE-FRAME-3, DE-ROB-4).
 */
function nightAction(id: Exclude<ActKind, 'kill' | 'compare'>, holder: string, de: string, en: string, summary: string, checks = OTHER) {
  return pm(id, de, en, {
    summary: { en: `${summary}${checks === OTHER ? ', every night: any other player in the game' : ''}`, de },
    rules: `DE-${{ protect: 'PROT-1, DE-PROT-2', query: 'QRY-1', frame: 'FRAME-1', voodoo: 'VOODOO-1', rob: 'ROB-1' }[id]}`,
    params: { target: named },
    checks: [inTheGame, holds(holder), night, ...checks],
    effect(b, a) {
      b.emit('night.act', { kind: id, by: a.me, targets: [a.args.target] }, { kind: 'players', ids: [a.me] });
      tell(b, a.me, `MSG-ACK-${id}`, { name: nameOf(b.state, a.args.target), N: deRound(b.state) });
    },
  });
}

// A15: not the player the guardian chose the previous night, whatever came of it.
const repeat = K.target('target', 'R-PROTECT-REPEAT', (c, id) => id !== c.s.v.lastProtected, { params: nameParam });
const PROTECT = nightAction(
  'protect',
  'guardian-angel',
  'Schutz',
  'Protect',
  'the guardian angel’s protection, every night: any player in the game, oneself included, but not last night’s',
  [resolve('target'), present, repeat],
);
// DE-QRY-1 (decision, interpretation 10: the bad input «a second query on an odd night» is R-WRONG-NIGHT-DET).
const evenNight = K.actor('R-WRONG-NIGHT-DET', (c) => activeOn('even', c.round), { params: N });
const QUERY = nightAction('query', 'detective', 'Abfrage', 'Query', 'the detective’s query, even nights: any other player in the game', [evenNight, ...OTHER]);
const FRAME = nightAction('frame', 'framer', 'Rufmord', 'Frame', 'the framer’s frame');
const VOODOO = nightAction('voodoo', 'voodoo-doll', 'Voodoo', 'Voodoo', 'the voodoo doll’s link');
const ROB = nightAction('rob', 'robber', 'Raub', 'Rob', 'the robber’s robbery');

/** DE-QRY-2: how a comparison's two names are separated («X und Y», also «,», «/», «&», and «X and Y»). */
const PAIR = separator({ de: ' und ', en: ' and ' }, /\s+(?:und|and)\s+|\s*[,/&]\s*/i);

/**
 * DE-QRY-2: the matchmaker's comparison in odd nights: two different players in the game, neither himself. A
 * comparison that does not name exactly two players is R-MATCH-SAME; a name that is no participant's is R-NAME first
 * (DE-GEN-11 ranks R-NAME before R-MATCH-SAME).
 */
const COMPARE = pm('compare', 'Vergleich', 'Compare', {
  summary: { en: 'the matchmaker’s comparison, odd nights: two different other players in the game', de: 'Vergleich des Matchmakers' },
  rules: 'DE-QRY-2, DE-GEN-11',
  params: { a: named, b: { ...named, sep: PAIR } },
  checks: [
    inTheGame,
    holds('matchmaker'),
    night,
    K.actor('R-WRONG-NIGHT-MM', (c) => activeOn('odd', c.round), { params: N }),
    K.peek('a', 'R-MATCH-SAME', (_c, _v, raw) => raw.trim() !== ''),
    resolve('a'),
    K.peek('b', 'R-MATCH-SAME', (_c, _v, raw) => raw.trim() !== '' && PAIR.accept.exec(raw) === null),
    resolve('b'),
    inGame('a', 'R-TARGET-REMOVED'),
    inGame('b', 'R-TARGET-REMOVED'),
    notSelf('a', 'R-MATCH-SELF'),
    notSelf('b', 'R-MATCH-SELF'),
    { kind: 'args', code: 'R-MATCH-SAME', test: (_c, x) => x.a !== x.b },
  ],
  effect(b, a) {
    const s = b.state;
    b.emit('night.act', { kind: 'compare', by: a.me, targets: [a.args.a, a.args.b] }, { kind: 'players', ids: [a.me] });
    tell(b, a.me, 'MSG-ACK-compare', { name: nameOf(s, a.args.a), name2: nameOf(s, a.args.b), N: deRound(s) });
  },
});

/** DE-MROLE-2: a role choice as written (the German and English role names, «keine»/«none»), or undefined. */
export function parseRoleChoice(arg: string): string | undefined {
  const k = normKeyword(arg).replace(/[.!]+$/, '');
  if (k === 'rufmoerder' || k === 'framer') return 'framer';
  if (k === 'voodoo-puppe' || k === 'voodoopuppe' || k === 'voodoo puppe' || k === 'voodoo' || k === 'voodoo doll' || k === 'voodoo-doll') return 'voodoo-doll';
  if (k === 'raeuber' || k === 'robber') return 'robber';
  if (k === 'insider') return 'insider';
  if (k === 'keine' || k === 'kein' || k === 'ohne' || k === 'none') return 'none';
  return undefined;
}

/** How a role choice is written in a locale (the role's name; «keine» / «none»). */
function showRole(value: string, locale: Locale): string {
  if (value === 'none') return locale === 'en' ? 'none' : 'keine';
  const names = ROLES.find((r) => r.id === value)?.names;
  return (locale === 'en' ? names?.en : names?.de) ?? value;
}

const roleChoice = choice<DeRejectionCode, string>('R-ROLE-UNKNOWN', {
  values: [...MAFIA_SPECIALS, 'none'],
  read: parseRoleChoice,
  show: showRole,
  params: (raw) => ({ input: raw.trim() }),
});
/** DE-MROLE-5: the dealt boss cannot choose; a successor who has not chosen yet may. */
const chooser = K.actor('R-NOT-YOUR-ROLE', (c) => partyOf(c.s, c.me) === MAFIA && roleOf(c.s, c.me) !== 'mafia-boss');
/** DE-MROLE-4: a choice is final («keine» reads as «einfacher Mafioso», interpretation 12). */
const chosen = K.actor('R-ROLE-CHOSEN', (c) => c.s.v.choices[c.me] === undefined, {
  params: (c) => ({ role: rolesParam([c.s.v.choices[c.me] === 'none' ? 'mafioso' : (c.s.v.choices[c.me] ?? 'mafioso')]) }),
});
const free = K.peek('role', 'R-ROLE-TAKEN', (c, v) => v === 'none' || (v !== undefined && freeSpecials(c.s).includes(v)), {
  params: (c, v) => ({ role: rolesParam([v ?? '']), free: rolesParam(freeSpecials(c.s)) }),
});

/** DE-MROLE-2…6: a mafioso who is not the dealt boss picks his special role in Night 1 (final; usable at once; the others are told). */
const ROLE = pm('role', 'Rolle', 'Role', {
  summary: { en: 'a mafioso’s special role, Night 1: one still free, or none; final', de: 'Wahl der Sonderrolle' },
  rules: 'DE-MROLE-2…6',
  params: { role: roleChoice },
  checks: [inTheGame, chooser, K.window('role-choice', 'R-ROLE-CLOSED'), resolve('role'), chosen, free],
  irreversible: true,
  effect(b, a) {
    const s = b.state;
    const [me, pick] = [a.me, a.args.role];
    const team = () => ({ kind: 'team' as const, team: MAFIA, ids: mafiaIn(s) });
    b.emit('role.chosen', { player: me, role: pick }, team());
    if (pick !== 'none') b.emit('role.changed', { player: me, role: pick }, team());
    pn(b, [me], 'Sonderstatus', taught(s, `MSG-ROLE-PICKED-${pick}`, { nightEnd: opts(s).nightEnd }));
    const after = b.state;
    const info = { name: nameOf(s, me), free: rolesParam(freeSpecials(after)) };
    const others = mafiaIn(after).filter((id) => id !== me);
    pn(
      b,
      others,
      'Sonderstatus',
      pick === 'none' ? msg('MSG-ROLE-PICKED-INFO-NONE', info) : msg('MSG-ROLE-PICKED-INFO', { ...info, role: rolesParam([pick]) }),
    );
  },
});

/** DE-BOSS-2: the boss names his successor, any phase: another mafioso in the game. */
const SUCCESSOR = pm('successor', 'Nachfolger', 'Successor', {
  summary: { en: 'the boss names his successor, any time: another mafioso in the game', de: 'Nachfolger des Bosses' },
  rules: 'DE-BOSS-2',
  params: { target: named },
  checks: [
    inTheGame,
    boss,
    resolve('target'),
    K.target('target', 'R-SUCCESSOR', (c, id) => id !== c.me && isAlive(c.s, id) && partyOf(c.s, id) === MAFIA, { params: nameParam }),
  ],
  effect(b, a) {
    b.emit('successor.designated', { player: a.args.target }, { kind: 'players', ids: [a.me] });
    tell(b, a.me, 'MSG-ACK-SUCCESSOR', { name: nameOf(b.state, a.args.target) });
  },
});

const quota = K.actor('R-AD-QUOTA', (c) => (c.s.v.adCount[c.me] ?? 0) < adQuota(c.s, c.me), { params: (c) => ({ q: adQuota(c.s, c.me) }) });
/** DE-NEWS-3: a pseudonym is bound to its first author. */
const pseudonymFree = K.peek(
  'pseudonym',
  'R-AD-PSEUDONYM',
  (c, _v, raw) => {
    const bound = own(c.s.v.pseudonyms, strictKey(raw.trim()));
    return raw.trim() === '' || !bound || bound.author === c.me;
  },
  { params: (_c, _v, raw) => ({ p: raw.trim() }) },
);
const adValid: ArgsCheck<DeState, DeRejectionCode> = {
  kind: 'args',
  code: 'R-AD-INVALID',
  test: (c, x) => {
    const [o, p, t] = [opts(c.s), x.pseudonym?.trim() ?? '', x.text ?? ''];
    return p !== '' && [...p].length <= o.pseudonymMaxChars && t !== '' && [...t].length <= o.adMaxChars;
  },
  params: (c) => ({ maxP: opts(c.s).pseudonymMaxChars, maxA: opts(c.s).adMaxChars }),
};

/** DE-NEWS-1…4: an ad under a pseudonym, the text on the following lines, within the quota of the role. */
const AD = pm('ad', 'Anzeige', 'Ad', {
  summary: { en: 'an anonymous ad in the next newspaper, within the quota of the role', de: 'Zeitungsanzeige' },
  rules: 'DE-NEWS-1…4',
  params: { pseudonym: textArg('Pseudonym', 'Pseudonym', { label: { de: 'Pseudonym', en: 'Pseudonym' } }), text: textArg('Text', 'text', { lines: 'rest' }) },
  checks: [inTheGame, K.actor('R-AD-NOT-ALLOWED', (c) => adQuota(c.s, c.me) > 0), quota, pseudonymFree, resolve('pseudonym'), resolve('text'), adValid],
  effect(b, a) {
    const s = b.state;
    const [p, q] = [a.args.pseudonym.trim(), adQuota(s, a.me)];
    const key = strictKey(p);
    const bound = own(s.v.pseudonyms, key);
    b.emit('ad.accepted', { author: a.me, key, display: p, text: a.args.text }, { kind: 'players', ids: [a.me] });
    tell(b, a.me, 'MSG-ACK-AD', { p: bound?.display ?? p, phase: phaseLabel(s), k: (s.v.adCount[a.me] ?? 0) + 1, q });
  },
});

const recipients = K.peek('text', 'R-WILL-RECIPIENT', (c, _v, raw) => !('unknown' in readWill(c.s, c.me, raw)), {
  params: (c, _v, raw) => {
    const w = readWill(c.s, c.me, raw);
    return { input: 'unknown' in w ? w.unknown : '' };
  },
});
const willValid = K.peek(
  'text',
  'R-WILL-INVALID',
  (c, _v, raw) => {
    const w = readWill(c.s, c.me, raw);
    return isDeletion(raw) || ('text' in w && w.text !== '' && [...w.text].length <= opts(c.s).testamentMaxChars);
  },
  { params: (c) => ({ max: opts(c.s).testamentMaxChars }) },
);

/**
 * DE-WILL-1, DE-WILL-2: a testament, any phase; it replaces the previous one (public, or to the named recipients).
 * «Testament löschen» / «Will: delete» (the word alone as its text) deletes it (interpretation 11).
 */
const WILL = pm('will', 'Testament', 'Will', {
  summary: { en: 'the testament, any time: a first line «Recipients: A, B» sends it only to them; the text «delete» deletes it', de: 'Testament' },
  rules: 'DE-WILL-1, DE-WILL-2',
  params: { text: textArg('Text', 'text', { lines: 'all' }) },
  checks: [inTheGame, recipients, willValid, resolve('text')],
  effect(b, a) {
    if (isDeletion(a.args.text)) {
      b.emit('will.deleted', { player: a.me }, { kind: 'players', ids: [a.me] });
      return tell(b, a.me, 'MSG-ACK-WILL-DELETED', {});
    }
    const w = readWill(b.state, a.me, a.args.text);
    if ('unknown' in w) return;
    b.emit('will.set', { player: a.me, text: w.text, recipients: w.recipients }, { kind: 'players', ids: [a.me] });
    pn(b, [a.me], 'Bestätigung', w.recipients.length ? msg('MSG-ACK-WILL-TO', { names: nameList(b.state, w.recipients) }) : msg('MSG-ACK-WILL-PUBLIC'));
  },
});

/** The instant the latest open surrender window closes (DE-WIN-4), if one is open at `at`. */
function surrenderUntil(s: S, at: number): number | undefined {
  const window = opts(s).surrenderWindowSeconds * 1000;
  let until: number | undefined;
  for (const x of s.v.surrenders) if (at >= x.at && at < x.at + window) until = Math.max(until ?? 0, x.at + window);
  return until;
}

/** DE-WIN-5: the boss confirms a surrender post of the last minutes; the citizens win at once. */
const SURRENDER = pm(
  'surrender',
  'Aufgabe',
  'Surrender',
  {
    summary: { en: 'the boss confirms a surrender post of the last minutes: the citizens win', de: 'Kapitulation bestätigen' },
    rules: 'DE-WIN-4, DE-WIN-5',
    params: {},
    checks: [
      inTheGame,
      K.actor('R-SURRENDER-NOT-BOSS', (c) => isBoss(c.s, c.me)),
      K.actor('R-NO-SURRENDER-POST', (c) => surrenderUntil(c.s, c.at) !== undefined, { until: (c) => surrenderUntil(c.s, c.at) }),
    ],
    irreversible: true,
    confirm: true,
    effect(b) {
      b.announce(...endParts(b, CITIZENS, 'surrender'));
    },
  },
  { form: 'none' },
);

/** mafia-de's declared player actions (their order is the order of the legal actions). */
export const ACTIONS = K.table([VOTE, SUSPECT, KILL, DM, PROTECT, QUERY, COMPARE, FRAME, VOODOO, ROB, ROLE, SUCCESSOR, AD, WILL, SURRENDER]);

/** The PN keywords a running game reads (both languages, from the declarations). */
export const PM_KEYWORDS = pmKeywords(ACTIONS.syntax);

/**
 * The syntax the engine's parser reads (signup posts, PN commands before the game runs, votes written in the thread):
 * the declarations' without the surrender confirmation, since «Aufgabe» in the thread is a post's reading (DE-WIN-4,
 * posts.ts), not a PN command outside the game.
 */
export const SYNTAX = ACTIONS.syntax.filter((r) => r.command !== 'surrender');

/**
 * A role message or help text with the command lines it quotes, as the game's locale teaches them (`{vote}` is
 * «Stimme: Name»): taken from the declarations, so the texts and the forms write the same keyword. A line's first
 * line only; the texts say what follows on the next lines (the death message, an ad's text).
 */
export function taught(s: S, key: string, params: Record<string, Param> = {}): Message {
  return msg(key, { ...params, ...quotedBy(key, s.config.locale) });
}

const QUOTED = new Map<string, Readonly<Record<string, string>>>();

/** The command lines a template quotes (`{vote}`, `{kill}`, …), made once per template and locale. */
function quotedBy(key: string, locale: Locale): Readonly<Record<string, string>> {
  let out = QUOTED.get(`${locale}|${key}`);
  if (out) return out;
  const template = (locale === 'en' ? en : de)[key] ?? '';
  const lines: Record<string, string> = {};
  for (const a of ACTIONS.actions) {
    if (!template.includes(`{${a.id}}`)) continue;
    // The rulebook's texts write placeholders bare, a player as «Name» in both languages (spec §6: „Stimme: Name“).
    const line = commandLine(ACTIONS, a.id, locale).split('\n')[0]!;
    lines[a.id] = line.replaceAll(namePlaceholder(locale), 'Name').replace(/<([^<>]+)>/g, (_, x: string) => x.split('|').join(' | '));
  }
  out = lines;
  QUOTED.set(`${locale}|${key}`, out);
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Where the actions arrive

/** DE-GEN-9: the night actions a bare name may stand for. */
const BARE = new Set(['kill', 'protect', 'query', 'frame', 'voodoo', 'rob']);

function isName(s: S): (t: string) => boolean {
  return (t) => matchStrict(t, signedUp(s)).kind === 'one';
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
  // DE-GEN-11 step 3 (DE-INACT-7, DE-WILL-5): removed players cannot act. Decision: this comes before recognising a
  // command, so a removed player's free text is refused too (docs/mafia-de.md, interpretation 5).
  if (!isAlive(s, actor.id)) return b.reject(actor, 'R-NOT-ALIVE');
  const p = parsePm(cmd.text, cmd.subject, isName(s), PM_KEYWORDS);
  if (!p) return forward(b, actor, cmd.text); // DE-GEN-4
  const command = commandOf(s, actor.id, b.at, p);
  if (typeof command !== 'string') return refuseBare(b, actor, p, command);
  perform(b, ACTIONS, actor, 'pm', { command, arg: p.arg, line: p.line, rest: p.rest }, cmd);
}

/**
 * DE-GEN-9: the command of a parsed PN; a bare name is the vote by day and by night the sender's one single-target
 * night action. Otherwise the declarations a bare name could mean (none: R-NO-ACTION, several: R-AMBIGUOUS).
 */
function commandOf(s: S, me: PlayerId, at: number, p: ParsedPm): string | readonly Compiled<DeState, DeEvents, DeRejectionCode>[] {
  if (p.command !== 'bare') return p.command;
  if (dePhase(s) === 'day') return 'vote';
  const c = ctxOf(s, me, at, '');
  const acts = ACTIONS.actions.filter((a) => BARE.has(a.id) && a.actorChecks.every((m) => actorHolds(m.step, c)));
  return acts.length === 1 ? acts[0]!.command : acts;
}

/** Refuses a bare name that stands for no night action or for several (DE-GEN-9). */
function refuseBare(b: B, actor: PlayerActor, p: ParsedPm, acts: readonly Compiled<DeState, DeEvents, DeRejectionCode>[]): void {
  const s = b.state;
  if (acts.length === 0) return b.reject(actor, 'R-NO-ACTION', { N: deRound(s) }, { line: p.line });
  const [k1, k2] = acts.map((a) => textsOf(a, s.config.locale).keyword);
  b.reject(actor, 'R-AMBIGUOUS', { cmd1: k1!, cmd2: k2!, name: p.arg }, { line: p.line });
}

/** What a running game reads in a PN (DE-GEN-8/9), for the reply to its author: at most one command. */
export function recognisePm(s: S, cmd: Extract<Command, { type: 'pm' }>) {
  const p = parsePm(cmd.text, cmd.subject, isName(s), PM_KEYWORDS);
  if (!p) return [];
  const read = cmd.actor.kind === 'player' ? commandOf(s, cmd.actor.id, cmd.at, p) : p.command;
  const command = typeof read === 'string' ? read : 'bare';
  return [p.arg === '' ? { command } : { command, target: p.arg }];
}

/** DE-GEN-4: a PN without a command goes to the human game master; the sender is told. */
function forward(b: B, actor: PlayerActor, text: string): void {
  b.emit('pm.forwarded', { from: nameOf(b.state, actor.id), player: actor.id, text }, { kind: 'moderator' });
  b.say({ kind: 'moderator' }, msg('MSG-PM-TO-MOD', { from: nameOf(b.state, actor.id), text }));
  pn(b, [actor.id], 'Hinweis', msg('MSG-FORWARDED'));
}

/** The rejection hook: engine codes renamed to this rulebook's (DE-GEN-11) and the game number added. */
export function decorateRejection(s: S, r: { code: string; params?: Readonly<Record<string, Param>> }) {
  const outside = s.status === 'signup' || s.status === 'dealt' ? 'R-NOT-RUNNING' : 'R-NOT-PARTICIPANT';
  const rename: Record<string, string> = { 'R-NOT-STARTED': 'R-NOT-RUNNING', 'R-NOT-IN-GAME': outside, 'R-NOT-SIGNED-UP': outside };
  const params: Record<string, Param> = { ...(r.params ?? {}), game: gameNo(s) };
  if (r.code === 'R-NAME' && params.input === undefined) params.input = String(params.text ?? '');
  return { code: rename[r.code] ?? r.code, params };
}

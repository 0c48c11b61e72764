// The palermo round: deal, start, and the steps of the 13:00 murder, the 20:00 close with absences, runoff,
// extension and lot, the outing resolution, reveals and win checks (spec §5). Which steps run at which instant, and
// which phase follows, is declared (schedule.ts, index.ts); the engine runs them (engine/phases.ts).
import { list, phrase, ref } from '../../core/params.ts';
import type { Audience, Message, Millis, Param, PlayerId, Ref } from '../../core/types.ts';
import { chargeAbsences } from '../../engine/absence.ts';
import { commandLine } from '../../engine/actions/text.ts';
import type { Builder } from '../../engine/builder.ts';
import { type Calendar, isPlayDay, nextPlayDay } from '../../engine/calendar.ts';
import { recordCount } from '../../engine/live-count.ts';
import { currentPhase, enterPhase, type Flowing, type FlowTable, type StepContext } from '../../engine/phases.ts';
import { deadlineOf } from '../../engine/schedule.ts';
import { bySignup, type GameConfig, type GameState, isAlive, nameOf, namesOf, playersIn } from '../../engine/state.ts';
import { tally } from '../../engine/tally.ts';
import { addDays, ddmm, hhmm, type IsoDate, instantOf, isoLocal, localDate, weekday } from '../../engine/time.ts';
import type { ConfigProblem, LiveCount } from '../../engine/variant.ts';

/** Ballots by voter. */
type Votes = Readonly<Record<PlayerId, PlayerId>>;

import { ACTIONS } from './actions.ts';
import type { PalEvents } from './events.ts';
import { palOptions } from './options.ts';
import type { PalRejectionCode } from './rejections.ts';
import { canonical, checkRoleList, defaultRoles, knownKillers, ROLES } from './roles.ts';
import { CLOSE_TIME, PAL_SCHEDULE, palContext } from './schedule.ts';
import type { Outing, PalState } from './state.ts';

/** PAL-ABS: out at two absences in a row or three in total. */
export const PAL_ABSENCE_LIMITS = { consecutive: 2, total: 3 } as const;

type B = Builder<PalState, PalEvents, PalRejectionCode>;
type S = GameState<PalState>;

export { CLOSE_TIME, KILL_TIME, RUNOFF_MINUTES } from './schedule.ts';

/** A message part. */
export function msg(key: string, params?: Record<string, Param>): Message {
  return params ? { key, params } : { key };
}

/** Role of a player ('' before the deal). */
export function roleOf(s: S, id: PlayerId): string {
  return s.players[id]?.role ?? '';
}

/** The formal team a reveal shows (PAL-REV-2). */
export function teamOf(s: S, id: PlayerId): string {
  return ROLES.find((r) => r.id === roleOf(s, id))?.team ?? 'citizen';
}

/** The formal team a reveal shows, as a parameter. */
export function teamRef(s: S, id: PlayerId): Ref {
  return ref('team', teamOf(s, id));
}

/** A player's role, as a parameter. */
export function roleRef(s: S, id: PlayerId): Ref {
  return ref('role', roleOf(s, id));
}

/** Killers in the game, signup order. */
export function killersIn(s: S): PlayerId[] {
  return playersIn(s)
    .filter((p) => p.role === 'killer')
    .map((p) => p.id);
}

/** The killers' group conversation: the killers in the game (PAL-DIST-4). */
export function killerTeam(s: S): Audience {
  return { kind: 'team', team: 'killers', ids: killersIn(s) };
}

/** 'dd/mm' of an instant in the game zone. */
export function dateLabel(s: GameState<unknown>, at: Millis): string {
  return ddmm(localDate(at, s.config.timeZone));
}

/** The instant of a local time on a date in the game zone. */
export function at(s: GameState<unknown>, date: IsoDate, time: string): Millis {
  return instantOf(date, time, s.config.timeZone);
}

// ---------------------------------------------------------------------------------------------------------------
// Deal and start

/** How a rulebook built on palermo deals its roles: its default list, its canonical order and its check of a list. */
export interface RoleDeck {
  defaultRoles(n: number): readonly string[];
  canonical(list: readonly string[]): string[];
  checkRoleList(list: readonly string[], n: number): string | null;
}

/** The value a record keyed by player names (as a moderator types them) holds for a player, case-insensitively. */
export function byName<T>(s: GameState<unknown>, rec: Readonly<Record<string, T>> | undefined, id: PlayerId): T | undefined {
  const key = rec && Object.keys(rec).find((k) => k.toLowerCase() === nameOf(s, id).toLowerCase());
  return key === undefined ? undefined : rec?.[key];
}

/**
 * PAL-DIST-1/2: deals the roles (a seeded shuffle of the canonical list, or fixed by the moderator) and records the
 * deal; undefined when the setup cannot be dealt and the game is cancelled.
 */
export function dealRoles<V>(b: Builder<V>, deck: RoleDeck): Readonly<Record<PlayerId, string>> | undefined {
  const s = b.state;
  const n = s.order.length;
  const fixed = s.config.fixedRoles;
  let roles: Record<PlayerId, string>;
  let drawn: number[] = [];
  let check: unknown;
  if (fixed) {
    roles = Object.fromEntries(s.order.map((id) => [id, byName(s, fixed, id) ?? '']));
    const err = Object.values(roles).some((r) => r === '') ? 'every player needs a fixed role' : deck.checkRoleList(Object.values(roles), n);
    if (err) return void cancel(b, err);
  } else {
    const list = s.config.roleList ? [...s.config.roleList] : deck.defaultRoles(n);
    const err = deck.checkRoleList(list, n);
    if (err) return void cancel(b, err);
    const d = b.draws();
    const from = deck.canonical(list);
    const shuffled = d.shuffle(from);
    drawn = d.used;
    check = { kind: 'shuffle', from, result: shuffled };
    roles = Object.fromEntries(s.order.map((id, i) => [id, shuffled[i]!]));
  }
  b.emit('game.dealt', { roles, fixed: Boolean(fixed), drawn, check }, { kind: 'moderator' });
  return roles;
}

/** PAL-DIST-1/2/3/4: deals the roles and sends the role PMs. */
export function deal(b: B): void {
  const s = b.state;
  const roles = dealRoles(b, { defaultRoles, canonical, checkRoleList });
  if (!roles) return;
  const after = b.state;
  const killers = bySignup(
    after,
    s.order.filter((id) => roles[id] === 'killer'),
  );
  const M = killers.length;
  const k = knownKillers(M);
  b.emit('pal.setup', { M, k });
  // PAL-DIST-3: each informant (signup order) learns k(M) killers: a shuffle of the killers in signup order.
  const configured = palOptions(after.config).informantKnows ?? {};
  for (const id of after.order.filter((x) => roles[x] === 'informant')) {
    const fixedKnown = byName(after, configured, id);
    if (fixedKnown) {
      const ids = fixedKnown
        .map((nm) => after.order.find((x) => nameOf(after, x).toLowerCase() === nm.toLowerCase()))
        .filter((x): x is string => x !== undefined && roles[x] === 'killer');
      b.emit('pal.knowledge', { informant: id, killers: ids, fixed: true }, { kind: 'players', ids: [id] });
    } else {
      const d = b.draws();
      const shuffled = d.shuffle(killers);
      const check = { kind: 'shuffle', from: killers, result: shuffled };
      b.emit('pal.knowledge', { informant: id, killers: shuffled.slice(0, k), fixed: false, drawn: d.used, check }, { kind: 'players', ids: [id] });
    }
  }
  // PAL-DIST-4: role PMs right after the deal; the killers also share one group conversation. The command lines they
  // teach are the declared actions' (PAL-GEN-8: the keywords of the game's locale).
  const st = b.state;
  const line = (id: string) => commandLine(ACTIONS, id, st.config.locale);
  for (const id of st.order) {
    const role = roles[id]!;
    b.emit('role.assigned', { player: id, role }, { kind: 'players', ids: [id] });
    if (role === 'killer') b.tell([id], msg('MSG-ROLE-KILLER', { killers: namesOf(st, killers), kill: line('kill'), out: line('out') }));
    else if (role === 'informant') b.tell([id], msg('MSG-ROLE-INFORMANT', { known: namesOf(st, st.v.knows[id] ?? [], '—') }));
    else if (role === 'nurse') b.tell([id], msg('MSG-ROLE-NURSE', { protect: line('protect') }));
    else if (role === 'henchman') b.tell([id], msg('MSG-ROLE-HENCHMAN', { killers: namesOf(st, killers) }));
    else b.tell([id], msg('MSG-ROLE-CITIZEN'));
  }
  b.emit('team.formed', { team: 'killers', members: killers }, killerTeam(b.state));
}

/** Cancels a game whose setup cannot be played (R-CONFIG to the moderator); any rulebook's builder may call it. */
export function cancel<V>(b: Builder<V>, detail: string): void {
  b.emit('game.cancelled', { reason: 'config', detail });
  b.say({ kind: 'moderator' }, msg('R-CONFIG', { detail }));
}

// ---------------------------------------------------------------------------------------------------------------
// Round 1 (PAL-CAL-2)

const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** PAL-CAL-2: the first working day on which a round opened at `from` can still close at 20:00 after `from`. */
export function firstRoundFrom(calendar: Calendar, timeZone: string, from: Millis): IsoDate {
  const today = localDate(from, timeZone);
  if (isPlayDay(calendar, today) && from < instantOf(today, CLOSE_TIME, timeZone)) return today;
  return nextPlayDay(calendar, today);
}

/** Why a date is not a working day of a calendar, in words. */
function pauseReason(cal: Calendar, date: IsoDate): string {
  if (cal.extraPauseDays.includes(date)) return 'a pause day added to the calendar';
  const wd = weekday(date);
  if (!cal.workingWeekdays.includes(wd)) return `a ${WEEKDAY_NAMES[wd - 1]}, not a working weekday`;
  return `a public holiday of the calendar's preset ${cal.preset}`;
}

/** PAL-CAL-2: why round 1 of a configuration cannot be played (a pause day, or a start after its close), or null. */
export function roundOneProblem(config: GameConfig): ConfigProblem | null {
  const tz = config.timeZone;
  const cal = config.calendar;
  const D1 = config.firstRoundDate ?? localDate(config.startAt, tz);
  const given = config.firstRoundDate !== undefined ? 'firstRoundDate' : 'the date of startAt';
  const field = config.firstRoundDate !== undefined ? 'firstRoundDate' : 'startAt';
  const suggestion = firstRoundFrom(cal, tz, config.startAt);
  if (!isPlayDay(cal, D1)) {
    const message = `round 1 cannot be played on ${D1} (${given}): it is ${pauseReason(cal, D1)}; round 1 must be a working day, e.g. ${suggestion} (PAL-CAL-2)`;
    return { field, reason: 'round1Pause', params: { date: D1, suggestion }, message };
  }
  const close = instantOf(D1, CLOSE_TIME, tz);
  if (config.startAt >= close) {
    const message = `the game starts at ${isoLocal(config.startAt, tz).slice(0, 16)}, not before round 1's vote closes (${D1} ${CLOSE_TIME}); start earlier or set firstRoundDate to a later working day, e.g. ${suggestion} (PAL-CAL-2)`;
    return { field, reason: 'round1Late', params: { date: D1, time: CLOSE_TIME, suggestion }, message };
  }
  return null;
}

/**
 * PAL-DIST-5, PAL-CAL-1: the game's own pause days as the start announcement's last sentences, e.g. «Σαββατοκύριακα
 * και αργίες το παιχνίδι είναι σε παύση.» for the rulebook's calendar; extra pause and play dates follow.
 */
export function pausesParam(cal: Calendar): Param {
  const off = [1, 2, 3, 4, 5, 6, 7].filter((d) => !cal.workingWeekdays.includes(d));
  const holidays = cal.preset !== 'none' && (cal.holidays?.length ?? 0) > 0;
  const weekend = off.length === 2 && off[0] === 6 && off[1] === 7;
  const days: Param[] = weekend ? [phrase('PAUSE-WEEKENDS')] : off.map((d) => phrase('PAUSE-DAY', { d: String(d) }));
  // Greek opens the sentence with the list: holidays alone take the capitalised word.
  if (holidays) days.push(phrase(days.length === 0 ? 'PAUSE-HOLIDAYS-FIRST' : 'PAUSE-HOLIDAYS'));
  const sentences: Param[] = [days.length === 0 ? phrase('PAUSES-NONE') : phrase('PAUSES-OFF', { days: list(days, 'and') })];
  if (cal.extraPauseDays.length > 0) sentences.push(phrase('PAUSES-EXTRA', { dates: list(cal.extraPauseDays.map(ddmm), 'comma') }));
  if (cal.extraWorkingDays.length > 0) sentences.push(phrase('PAUSES-WORK', { dates: list(cal.extraWorkingDays.map(ddmm), 'comma') }));
  return list(sentences, 'space');
}

/** PAL-DIST-5, PAL-CAL-2: the start announcement and round 1. */
export function start(b: B): void {
  const s = b.state;
  const roles = Object.values(s.players)
    .filter((p) => p.status === 'alive')
    .map((p) => p.role ?? '');
  const count = (r: string) => roles.filter((x) => x === r).length;
  const others = ['informant', 'nurse', 'henchman'].filter((r) => count(r) > 0).map((r) => phrase('PART-ROLE-COUNT', { role: ref('role', r), n: count(r) }));
  // A moderator's early start re-plans round 1 from now by the rulebook's clock (its planned date would leave the
  // round open for days), and so does a start delayed (by a pause) past the planned round's close; otherwise the
  // configured date stands.
  const planned = s.config.firstRoundDate ?? localDate(s.config.startAt, s.config.timeZone);
  const replan = b.at < s.config.startAt || at(s, planned, CLOSE_TIME) <= b.at;
  const D1 = replan ? firstRoundFrom(s.calendar, s.config.timeZone, b.at) : planned;
  b.announce(
    msg('MSG-START', {
      N: s.order.length,
      M: s.v.M,
      roleList: list(others, 'comma', '—'),
      tzLabel: s.config.timeZone,
      date: ddmm(D1),
      pauses: pausesParam(s.calendar),
    }),
  );
  enterPhase(b, FLOWING, 'day', 1, D1);
}

/**
 * What a close's steps hand on to each other and to the phase it opens (here and in palermo-intrigue): the one post,
 * who reached the absence limit (A) and who is voted out (E) with their vote totals, the runoff's state, the win.
 */
export interface CloseScratch {
  parts: Message[];
  A: readonly PlayerId[];
  E: readonly PlayerId[];
  counts: Readonly<Record<PlayerId, number>>;
  /** The lot's line, when a lot or the moderators decided a runoff (PAL-TIE-5). */
  lot?: Message;
  /** The close is tied: the runoff's candidates and their total (PAL-TIE-1). */
  tie?: { readonly candidates: readonly PlayerId[]; readonly max: number };
  /** The runoff goes on (its extension opened) or there was none to resolve. */
  goesOn: boolean;
  win?: { readonly side: string; readonly reason: string };
}

/** What one palermo resolution's steps hand on besides a close's: the round, the murder, the outing, the reveals. */
export interface PalScratch extends CloseScratch {
  round: number;
  /** Nobody voted (PAL-VOTE-9). */
  noVotes: boolean;
  /** 13:00: the protection in force and the murdered player. */
  protection?: PlayerId;
  victim?: PlayerId;
  /** The outing this close resolves and its outcome (PAL-OUT-8…11). */
  out?: Outing;
  outcome?: 'void' | 'success' | 'miss';
  /** Players revealed before this close, and by it. */
  revealedBefore: readonly PlayerId[];
  revealedNow: Set<PlayerId>;
}

/** The live count (here and in palermo-intrigue): the main vote's record, or the runoff's ballots while it runs (PAL-TIE-2). */
export function dayOrRunoffCount<V extends { readonly votes: Votes; readonly runoff?: { readonly ballots: Votes }; readonly round: number }>(
  s: GameState<V>,
): LiveCount {
  const phase = currentPhase(s)?.id ?? 'day';
  return recordCount(s, phase === 'runoff' && s.v.runoff ? s.v.runoff.ballots : s.v.votes, s.v.round, phase);
}

/** The conditions and date rule of a close's and a runoff's transitions (PAL-TIE-1, PAL-TIE-4, PAL-CAL-3). */
export const CLOSE_FLOW = {
  conditions: {
    tied: (_s: GameState<unknown>, c: CloseScratch) => c.tie !== undefined,
    'runoff-goes-on': (_s: GameState<unknown>, c: CloseScratch) => c.goesOn,
  },
  dates: { 'next-play-day': nextRoundDate },
};

/** A fresh scratch. */
function scratch(): PalScratch {
  return { round: 0, parts: [], A: [], E: [], counts: {}, noVotes: false, goesOn: false, revealedBefore: [], revealedNow: new Set() };
}

type Step = (b: B, c: PalScratch, at: StepContext) => undefined | 'stop';

/** PAL-CAL-3: the play day after the open round's date, on which round r+1 opens. */
export function nextRoundDate(s: GameState<{ readonly date: IsoDate }>): IsoDate {
  return nextPlayDay(s.calendar, s.v.date);
}

// ---------------------------------------------------------------------------------------------------------------
// Entering a phase

/** The day: the round's orders reset and its times recorded (13:00 from round 2, 20:00), as the engine plans them. */
const openRound: Step = (b, _c, { plan = [] }) => {
  const open = b.state.phases.at(-1)!;
  const atOf = (kind: string) => plan.find((d) => d.kind === kind)?.at;
  b.emit('round.opened', { round: open.round, date: open.date!, killAt: atOf('kill'), closeAt: atOf('close')! });
};

/** PAL-TIE-1: the runoff among the tied, an hour after the close, announced with the close's post. */
const openRunoff: Step = (b, c) => {
  const s = b.state;
  const tie = c.tie!;
  const runoff = deadlineOf(PAL_SCHEDULE, 'runoff', palContext(s, c.round), { anchor: s.v.closeAt });
  const endsAt = runoff.at;
  b.emit('runoff.opened', { round: c.round, candidates: tie.candidates, endsAt, max: tie.max });
  c.parts.push(msg('MSG-RUNOFF', { n: tie.max, candidates: namesOf(s, tie.candidates), end: hhmm(endsAt, s.config.timeZone) }));
  b.upsertDeadlines(runoff);
  b.announce(...c.parts);
};

// ---------------------------------------------------------------------------------------------------------------
// 13:00 (spec §5.1)

/** PAL-OUT-3: the ordinary outing window closes at 13:00; withdrawals stay possible. */
const closeOutingWindow: Step = (b, c) => {
  c.round = b.state.v.round;
  if (b.state.v.outingOpen) b.emit('outing.window', { open: false }, { kind: 'moderator' });
};

/** PAL-NUR-3: the protection counts only if the nurse is still in the game at 13:00. */
const protection: Step = (b, c) => {
  const s = b.state;
  const nurse = playersIn(s).find((p) => p.role === 'nurse');
  c.protection = nurse && s.v.protection ? s.v.protection : undefined;
};

/** PAL-KILL-4 (a)–(e), PAL-OUT-13 lost kill, PAL-KILL-5: the murder or none (its reason never given). */
const murder: Step = (b, c) => {
  const s = b.state;
  const r = c.round;
  const order = s.v.killOrder;
  if (s.v.killLostRound !== r && order && isAlive(s, order.target) && killersIn(s).length > 0 && c.protection !== order.target) c.victim = order.target;
  b.emit('kill.resolved', { round: r, victim: c.victim, protection: c.protection, order: order?.target }, { kind: 'moderator' });
  if (c.victim) {
    b.emit('player.removed', { player: c.victim, how: 'murder' });
    c.parts.push(msg('MSG-KILL', { r, names: nameOf(s, c.victim) }));
  } else c.parts.push(msg('MSG-NOKILL', { r }));
};

/** PAL-REV-1: odd rounds ≥ 3 reveal the murdered player's formal team with the announcement. */
const revealMurdered: Step = (b, c) => {
  if (c.victim && c.round % 2 === 1) c.parts.push(reveal(b, c.victim));
};

/** PAL-VOTE-7: votes for the murdered player become void. */
const voidVotes: Step = (b, c) => {
  if (c.victim) c.parts.push(...voidVotesFor(b, c.victim));
};

/** The resolution's one post. */
const post: Step = (b, c) => {
  b.announce(...c.parts);
};

/** The win checks after a removal. */
const win: Step = (b) => {
  checkWin(b);
};

/** PAL-REV-1/2: reveals a player's formal team (and records it). */
export function reveal(b: B, id: PlayerId): Message {
  b.emit('revealed', { players: [id] });
  return msg('MSG-REVEAL', { name: nameOf(b.state, id), team: teamRef(b.state, id) });
}

/** The event a void of ballots emits (the widest shape: palermo's moderator voids without a target). */
type VoidedEvents = { 'votes.voided': { readonly target?: PlayerId; readonly voters: readonly PlayerId[] } };

/**
 * PAL-VOTE-7: votes for a player who left before the close become void; the voters are listed. Generic over the
 * rulebook's state (only its ballots are read) so palermo-intrigue's INT-VOTE-4 runs this very code.
 */
export function voidVotesFor<V extends { readonly votes: Readonly<Record<PlayerId, PlayerId>> }>(
  b: Builder<V, VoidedEvents, string>,
  target: PlayerId,
): Message[] {
  const s = b.state;
  const voters = bySignup(
    s,
    Object.entries(s.v.votes)
      .filter(([, t]) => t === target)
      .map(([voter]) => voter),
  );
  if (voters.length === 0) return [];
  b.emit('votes.voided', { target, voters });
  return [msg('MSG-VOID-VOTES', { name: nameOf(s, target), voters: namesOf(s, voters) })];
}

// ---------------------------------------------------------------------------------------------------------------
// 20:00 (spec §5.2)

/** Step 1: votes stop; the outing this close resolves freezes; the next ordinary outing window opens now. */
const freezeOuting: Step = (b, c) => {
  const v = b.state.v;
  c.round = v.round;
  if (v.outing && v.outing.round === c.round) b.emit('outing.frozen', {}, { kind: 'moderator' });
  if (!v.outingOpen) b.emit('outing.window', { open: true }, { kind: 'moderator' });
};

/** The ballots a close counts: those of voters and for targets still in the game. */
function countedBallots(s: S): Map<PlayerId, PlayerId> {
  return new Map(Object.entries(s.v.votes).filter(([voter, target]) => isAlive(s, voter) && isAlive(s, target)));
}

/** Steps 2–4 (PAL-ABS-1/2/3, PAL-VOTE-8/9, PAL-ABS-5…8, PAL-TIE-1): absences, the tally and who it votes out. */
const tallyClose: Step = (b, c) => {
  const s = b.state;
  const r = c.round;
  const inGame = playersIn(s).map((p) => p.id);
  const ballots = countedBallots(s);
  const abs = chargeAbsences(s.v.absences, inGame, new Set(ballots.keys()), new Set(s.v.waived), PAL_ABSENCE_LIMITS);
  c.A = abs.reached;
  const t = tally(ballots, s.order);
  const nonVoters = inGame.filter((id) => !ballots.has(id));
  b.emit('close.resolved', { round: r, rows: t.rows, nonVoters, absences: abs.counters, charged: abs.charged, reached: c.A });
  c.parts.push(
    msg('MSG-TALLY', { r }),
    ...t.rows.map((row) => msg('MSG-TALLY-ROW', { target: nameOf(s, row.target), n: row.total, voters: namesOf(s, row.voters) })),
    msg('MSG-TALLY-NONVOTERS', { names: namesOf(s, nonVoters, '—') }),
  );
  c.counts = Object.fromEntries(t.rows.map((row) => [row.target, row.total]));
  const T = t.top;
  const topAbsent = T.filter((id) => c.A.includes(id));
  if (t.max === 0) c.noVotes = true;
  else if (topAbsent.length > 0) c.E = topAbsent;
  else if (T.length === 1) c.E = T;
  else c.tie = { candidates: T, max: t.max };
};

/**
 * Step 4d: on a tie, absence removals outside the top leave now and the close stops; its post then opens the runoff
 * (or, when a removal decided the game, ends it).
 */
const tieRemovals: Step = (b, c) => {
  if (!c.tie) return;
  for (const id of c.A) {
    b.emit('player.removed', { player: id, how: 'absences' });
    c.parts.push(absenceMessage(b, id, false));
  }
  if (winner(b.state, false)) {
    b.announce(...c.parts);
    checkWin(b);
  }
  return 'stop';
};

/** PAL-REV-4, PAL-ABS-3/5: the absence-removal line with the full role; with last words when he topped the vote. */
function absenceMessage(b: B, id: PlayerId, top: boolean, lwDate?: string): Message {
  const s = b.state;
  const c = s.v.absences[id] ?? { total: 0, consecutive: 0 };
  b.emit('revealed', { players: [id] });
  const params = { name: nameOf(s, id), k: c.consecutive, t: c.total, roleName: roleRef(s, id), team: teamRef(s, id) };
  return top ? msg('MSG-ABS-ELIM-TOP', { ...params, date: lwDate ?? '' }) : msg('MSG-ABS-ELIM', params);
}

// ---------------------------------------------------------------------------------------------------------------
// The runoff's end (spec §5.3)

/** PAL-TIE-2/6: the runoff's tally among the candidates still in the game. */
const tallyRunoff: Step = (b, c) => {
  const s = b.state;
  const ru = s.v.runoff;
  if (!ru) {
    c.goesOn = true;
    return 'stop';
  }
  c.round = ru.round;
  const candidates = ru.candidates.filter((x) => isAlive(s, x));
  const ballots = new Map(Object.entries(ru.ballots).filter(([voter, target]) => isAlive(s, voter) && candidates.includes(target)));
  const t = tally(ballots, s.order);
  c.parts.push(
    msg('MSG-RUNOFF-TALLY'),
    ...t.rows.map((row) => msg('MSG-TALLY-ROW', { target: nameOf(s, row.target), n: row.total, voters: namesOf(s, row.voters) })),
  );
  c.counts = Object.fromEntries(t.rows.map((row) => [row.target, row.total]));
  // PAL-TIE-6: candidates who left are dropped; one left is voted out; none, nobody is. PAL-TIE-3: a top of one.
  if (candidates.length <= 1) c.E = candidates;
  else if (t.top.length === 1) c.E = [...t.top];
  else c.tie = { candidates: t.max > 0 ? [...t.top] : candidates, max: t.max };
};

/**
 * PAL-TIE-4: a poll still tied goes on as one extension among the candidates sharing the top (the runoff goes on);
 * PAL-TIE-5: an extension still tied is decided by the moderators' designation, if it stands, else by a lot.
 */
const decideRunoff: Step = (b, c) => {
  const s = b.state;
  const ru = s.v.runoff!;
  if (c.tie && ru.stage === 'poll') {
    const tied = c.tie.candidates;
    // The moderator may have chosen the extension's length (PAL-TIE-4), so the state's length overrides the option.
    const extension = deadlineOf(PAL_SCHEDULE, 'extension', palContext(s, ru.round), { anchor: ru.endsAt, delay: s.v.extensionMinutes * 60_000 });
    b.emit('runoff.extended', { candidates: tied, endsAt: extension.at });
    b.upsertDeadlines(extension);
    b.announce(...c.parts, msg('MSG-RUNOFF-EXT', { candidates: namesOf(s, tied), end: hhmm(extension.at, s.config.timeZone) }));
    c.goesOn = true;
    return 'stop';
  }
  if (c.tie) {
    const tied = c.tie.candidates;
    if (s.v.designated && tied.includes(s.v.designated)) {
      b.emit('lot.fixed', { candidates: tied, chosen: s.v.designated });
      c.E = [s.v.designated];
      c.lot = msg('MSG-LOT-MOD', { name: nameOf(s, s.v.designated) });
    } else {
      const inOrder = bySignup(s, tied);
      const d = b.draws();
      const index = d.pickIndex(inOrder.length);
      const chosen = inOrder[index]!;
      b.emit('lot.drawn', { candidates: inOrder, index, chosen, drawn: d.used, check: { kind: 'pick', from: inOrder, result: chosen } });
      c.E = [chosen];
      c.lot = msg('MSG-LOT', { name: nameOf(s, chosen) });
    }
  }
  b.emit('runoff.closed', { round: ru.round, voted: [...c.E] });
};

// ---------------------------------------------------------------------------------------------------------------
// Steps 5–9 of a close (after the main vote or its runoff)

/** Step 5: the outing resolved at this close (PAL-OUT-8…11). */
const resolveOuting: Step = (b, c) => {
  const s = b.state;
  c.revealedBefore = s.v.revealed;
  const out = s.v.outing && s.v.outing.round === c.round ? s.v.outing : undefined;
  if (!out) return;
  c.out = out;
  if (c.E.includes(out.outer) || c.A.includes(out.outer) || !isAlive(s, out.outer)) c.outcome = 'void';
  else if (roleOf(s, out.target) === 'informant') c.outcome = 'success';
  else c.outcome = 'miss';
  b.emit('outing.resolved', { outcome: c.outcome, outer: out.outer, target: out.target }, { kind: 'moderator' });
};

/** Steps 6 and 8: absence removals, then vote removals, each voted-out player with his last words (PAL-LW-1). */
const removals: Step = (b, c) => {
  const s = b.state;
  const nextDate = nextRoundDate(s);
  const lwUntil = at(s, nextDate, CLOSE_TIME);
  const lwDate = ddmm(nextDate);
  for (const id of c.A) {
    if (!isAlive(b.state, id)) continue; // already removed in the runoff path
    const top = c.E.includes(id);
    b.emit('player.removed', { player: id, how: 'absences' });
    c.parts.push(absenceMessage(b, id, top, lwDate));
    c.revealedNow.add(id);
    if (top) b.emit('lastwords.granted', { player: id, until: lwUntil, round: c.round });
  }
  if (c.noVotes) c.parts.push(msg('MSG-NO-ELIM'));
  else if (c.E.length === 0) c.parts.push(msg('MSG-NO-ELIM-RUNOFF'));
  for (const id of c.E) {
    if (c.A.includes(id)) continue;
    b.emit('player.removed', { player: id, how: 'vote' });
    b.emit('lastwords.granted', { player: id, until: lwUntil, round: c.round });
    if (c.lot) c.parts.push(c.lot, msg('MSG-LW-DEADLINE', { name: nameOf(s, id), date: lwDate }));
    else c.parts.push(msg('MSG-ELIM-VOTE', { name: nameOf(s, id), n: c.counts[id] ?? 0, date: lwDate }));
  }
  b.emit('votedout.set', { players: [...c.E] });
};

/** Step 7: even rounds reveal the voted-out (PAL-REV-1). */
const revealVotedOut: Step = (b, c) => {
  if (c.round % 2 !== 0) return;
  for (const id of c.E) {
    if (c.revealedNow.has(id)) continue;
    c.parts.push(reveal(b, id));
    c.revealedNow.add(id);
  }
};

/** PAL-OUT-9…13: a void outer is revealed as a penalty, a missed outer leaves; either loses the next murder. */
const outingPenalty: Step = (b, c) => {
  const out = c.out;
  if (!out) return;
  const s = b.state;
  if (c.outcome === 'success') {
    c.parts.push(msg('MSG-OUT-SUCCESS', { outer: nameOf(s, out.outer), informant: nameOf(s, out.target) }));
    return;
  }
  if (c.outcome === 'void' && !c.revealedNow.has(out.outer) && !c.revealedBefore.includes(out.outer)) c.parts.push(reveal(b, out.outer)); // PAL-OUT-9
  if (c.outcome === 'miss') {
    b.emit('player.removed', { player: out.outer, how: 'outing' });
    b.emit('revealed', { players: [out.outer] });
    c.parts.push(msg('MSG-OUT-MISS', { name: nameOf(s, out.outer) })); // PAL-OUT-11
  }
  // PAL-OUT-13: after a void or missed outing the killers lose the next murder.
  b.emit('kill.lost', { round: c.round + 1 }, { kind: 'moderator' });
};

/** Step 9: the one result post, with the pause notice when play days are skipped before round r+1 (PAL-CAL-4). */
const closePost: Step = (b, c) => {
  const s = b.state;
  c.win = winner(s, c.outcome === 'success');
  const nextDate = nextRoundDate(s);
  if (!c.win && nextDate !== addDays(s.v.date, 1)) c.parts.push(msg('MSG-PAUSE', { date: ddmm(nextDate) }));
  b.announce(...c.parts);
};

/** Step 9: the win checks of the close (a successful outing wins, PAL-WIN-3); otherwise round r+1 opens. */
const closeWin: Step = (b, c) => {
  if (c.win) endGame(b, c.win.side, c.win.reason);
};

/**
 * palermo's flow (spec §5) as the steps, conditions and date rules its declaration names (schedule.ts: the phases'
 * `enter` and `next`; index.ts: each instant's resolution): the engine runs them (engine/phases.ts).
 */
export const PAL_FLOW: FlowTable<PalState, PalEvents, PalScratch> = {
  scratch,
  steps: {
    'open-round': openRound,
    'open-runoff': openRunoff,
    'close-outing-window': closeOutingWindow,
    protection,
    murder,
    'reveal-murdered': revealMurdered,
    'void-votes': voidVotes,
    post,
    win,
    'freeze-outing': freezeOuting,
    tally: tallyClose,
    'tie-removals': tieRemovals,
    'runoff-tally': tallyRunoff,
    'runoff-decision': decideRunoff,
    outing: resolveOuting,
    removals,
    'reveal-voted-out': revealVotedOut,
    'outing-penalty': outingPenalty,
    'close-post': closePost,
    'close-win': closeWin,
  },
  ...CLOSE_FLOW,
};

/** What the engine needs to open palermo's phases (the start opens round 1). */
const FLOWING: Flowing<PalState, PalEvents, PalScratch> = { schedule: PAL_SCHEDULE, flow: PAL_FLOW, options: palOptions };

// ---------------------------------------------------------------------------------------------------------------
// Win

/** PAL-WIN-5: the first winning condition that holds, in the order WIN-3, WIN-1, WIN-2, WIN-4. */
export function winner(s: S, outingSucceeded: boolean): { side: string; reason: string } | undefined {
  if (outingSucceeded) return { side: 'killers', reason: 'REASON-OUTING' }; // PAL-WIN-3
  const alive = playersIn(s);
  const killers = alive.filter((p) => p.role === 'killer').length;
  if (killers === 0) return { side: 'citizens', reason: 'MSG-WIN-CITIZENS' }; // PAL-WIN-1
  const aligned = alive.filter((p) => p.role === 'citizen' || p.role === 'informant' || p.role === 'nurse').length;
  if (aligned === 0) return { side: 'killers', reason: 'REASON-NO-CITIZENS' }; // PAL-WIN-2
  const auto = palOptions(s.config).autoStopWhenKillersOutnumber;
  if (auto && killers > alive.length - killers) return { side: 'killers', reason: 'REASON-OUTNUMBER' }; // PAL-WIN-4
  // House/simulation option `killersWinAtParity` (not a rule of the book): equality ends the game too.
  if (palOptions(s.config).killersWinAtParity && killers >= alive.length - killers) return { side: 'killers', reason: 'REASON-PARITY' };
  return undefined;
}

/** Runs the win checks and ends the game when one holds. */
export function checkWin(b: B): void {
  if (b.state.status !== 'running') return;
  const w = winner(b.state, false);
  if (w) endGame(b, w.side, w.reason);
}

/** PAL-WIN-6, PAL-REV-7: the end post, every role, the informants' knowledge and the seed; the thread locks. */
export function endGame(b: B, side: string, reason: string, byModerator = false): void {
  const s = b.state;
  const players = s.order.filter((id) => ROLES.find((r) => r.id === roleOf(s, id))?.side === side);
  b.emit('game.ended', { side, reason, players });
  const head: Message[] = [];
  if (byModerator) head.push(side === 'none' ? msg('MSG-STOP-MOD') : msg('MSG-WIN-MOD', { side: ref('side', side) }));
  else if (side === 'citizens') head.push(msg('MSG-WIN-CITIZENS'));
  else head.push(msg('MSG-WIN-KILLERS', { reason: phrase(reason) }));
  const roles = list(
    s.order.map((id) => phrase('PART-NAME-ROLE', { name: nameOf(s, id), role: roleRef(s, id) })),
    'semicolon',
  );
  const tail: Message[] = [msg('MSG-ROLES-END', { roles })];
  for (const id of s.order.filter((x) => roleOf(s, x) === 'informant')) {
    tail.push(msg('MSG-ROLES-END-INFORMANT', { name: nameOf(s, id), names: namesOf(s, s.v.knows[id] ?? [], '—') }));
  }
  tail.push(msg('MSG-ROLES-END-SEED', { seed: s.seed }));
  b.emit('seed.revealed', { seed: s.seed, commitment: s.commitment });
  b.announce(...head, ...tail);
}

/** Removes a player outside the scheduled resolutions (moderator), voiding votes for him. */
export function removeNow(b: B, id: PlayerId, how: string, lead: Message[]): void {
  b.emit('player.removed', { player: id, how });
  const parts = [...lead, ...voidVotesFor(b, id)];
  const ru = b.state.v.runoff;
  if (ru?.candidates.includes(id)) b.emit('runoff.dropped', { player: id });
  b.announce(...parts);
  checkWin(b);
}

/** Formats an instant's local date and time for notices. */
export function stamp(s: GameState<unknown>, ms: Millis): { date: string; time: string } {
  return { date: dateLabel(s, ms), time: hhmm(ms, s.config.timeZone) };
}

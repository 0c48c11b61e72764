// The palermo-intrigue day (INT §3, §5): deal, start, the night with its 00:00 answers and 02:00 end, the 13:00
// murder, the 20:00 lock, the 20:05 change window, the 20:10 count, runoff, outings, timers and win checks.
import { list, phrase, ref } from '../../core/params.ts';
import type { Message, Millis, PlayerId } from '../../core/types.ts';
import { chargeAbsences } from '../../engine/absence.ts';
import { commandLine } from '../../engine/actions/text.ts';
import { nextPlayDay } from '../../engine/calendar.ts';
import { type DealStep, dealHands } from '../../engine/hands.ts';
import { currentPhase, enterPhase, type Flowing, type FlowTable } from '../../engine/phases.ts';
import { deadlineOf } from '../../engine/schedule.ts';
import { bySignup, nameOf, namesOf } from '../../engine/state.ts';
import { tally } from '../../engine/tally.ts';
import { addDays, ddmm, hhmm, localDate } from '../../engine/time.ts';
import { byName, CLOSE_FLOW, type CloseScratch, cancel, dealRoles, firstRoundFrom, msg, nextRoundDate, pausesParam, voidVotesFor } from '../palermo/flow.ts';
import { ACTIONS } from './actions.ts';
import { CARDS, type CardId, cardCounts, shuffledCards } from './cards.ts';
import type { IntCondition } from './conditions.ts';
import { type CountEffect, count } from './count.ts';
import type { IntEvents, VendettaPeriod } from './events.ts';
import { intOptions } from './options.ts';
import type { IntBuilder } from './rejections.ts';
import { canonical, checkRoleList, defaultRoles, HELPERS, MAFIOSI, ROLES, VISIBLE, visibleCount } from './roles.ts';
import {
  active,
  at,
  cardParam,
  cond,
  dateLabel,
  holderOf,
  inOuting,
  isMafioso,
  mafiaGroup,
  may,
  nextRoundAt,
  present,
  roleOf,
  roleParam,
  type S,
  sideOf,
  stateParam,
  TIMES,
  teamOf,
  teamParam,
  votable,
} from './rules.ts';
import { INT_SCHEDULE, intContext } from './schedule.ts';
import type { IntState } from './state.ts';

type B = IntBuilder<IntState>;

/** INT-CARD-7: hours a detention lasts before the player becomes a ghost. */
export const DETENTION_HOURS = 5;
/** PAL-ABS limits, unchanged (INT-ABS-1). */
export const ABSENCE_LIMITS = { consecutive: 2, total: 3 };
/** Minutes an exception window stays open after a last-words post (PAL-OUT-4). */
export const EXCEPTION_MINUTES = 60;

// ---------------------------------------------------------------------------------------------------------------
// Conditions

/**
 * INT-STATE-1: moves a player to a condition. The engine's own status follows "present or not" (player.removed /
 * player.restored), so hosts that know only in/out still show who can act. A ghost's permanent exit (grave robbing,
 * an outing through his exception window, expulsion) is a removal of its own, so his status names the exit that
 * ended his game rather than the murder or vote that made him a ghost.
 */
export function setCondition(b: B, id: PlayerId, to: IntCondition, how: string): void {
  const from = cond(b.state, id);
  if (from === to) return;
  const wasPresent = from === 'active' || from === 'detained';
  const isPresent = to === 'active' || to === 'detained';
  if ((wasPresent && !isPresent) || to === 'out') b.emit('player.removed', { player: id, how });
  if (!wasPresent && isPresent) b.emit('player.restored', { player: id });
  b.emit('condition.changed', { player: id, to, how });
  const ru = b.state.v.runoff;
  if (to !== 'active' && ru?.candidates.includes(id)) b.emit('runoff.dropped', { player: id }); // INT-VOTE-8
}

// ---------------------------------------------------------------------------------------------------------------
// Deal (INT-DIST-*, INT-CARD-1)

/** INT-OUT-7.2: the vendetta period by the initial N (decision B14), or the moderator's explicit last round. */
export function vendettaPeriod(n: number, rivalDealt: boolean, lastRound?: number): VendettaPeriod {
  if (!rivalDealt) return { kind: 'none' };
  if (lastRound !== undefined) return { kind: 'rounds', last: lastRound };
  if (n < 16) return { kind: 'none' };
  if (n < 18) return { kind: 'rounds', last: 4 };
  if (n < 20) return { kind: 'rounds', last: 5 };
  if (n <= 24) return { kind: 'rounds', last: 6 };
  return { kind: 'present', min: Math.ceil(n / 2) };
}

/** INT-DIST-1…5, INT-CARD-1: deals roles, then cards, tells everyone what he knows. */
export function deal(b: B): void {
  const n = b.state.order.length;
  const roles = dealRoles(b, { defaultRoles, canonical, checkRoleList });
  if (!roles) return;
  const st = b.state;
  const order = st.order;
  const mafiosi = order.filter((id) => MAFIOSI.has(roles[id]!));
  const M = mafiosi.length;
  const opts = intOptions(st.config);
  const rival = order.some((id) => roles[id] === 'rival-mafioso');
  b.emit('int.setup', { M, V: visibleCount(M), vendetta: vendettaPeriod(n, rival, opts.vendettaLastRound) });
  dealCards(b, roles);
  tellRoles(b, roles, mafiosi);
}

/** INT-CARD-1, INT-DIST-5: the card deal after the roles, continuing the draw counter (fixed cards draw nothing). */
function dealCards(b: B, roles: Readonly<Record<PlayerId, string>>): void {
  const s = b.state;
  const n = s.order.length;
  const fixedCards = intOptions(s.config).cards;
  const fixedHands: Record<PlayerId, CardId> = {};
  for (const id of s.order) {
    const c = byName(s, fixedCards, id);
    if (c) fixedHands[id] = c;
  }
  const counts = cardCounts(n);
  if (fixedCards && Object.keys(fixedHands).length === n) {
    b.emit('cards.dealt', { hands: fixedHands, fixed: true, drawn: [] }, { kind: 'moderator' });
  } else {
    const formalMafioso = (id: PlayerId) => ROLES.find((r) => r.id === roles[id])?.team === 'mafioso';
    const alignedCitizen = (id: PlayerId) => ROLES.find((r) => r.id === roles[id])?.side === 'citizens';
    const steps: DealStep[] = [];
    const n1 = counts['feign-death'];
    // Step 1 (decision B8): with two or more, one to a formal mafioso and one to a formal citizen, the rest anywhere.
    if (n1 >= 2) {
      steps.push({ kind: 'pick', card: 'feign-death', eligible: formalMafioso });
      steps.push({ kind: 'pick', card: 'feign-death', eligible: (id) => !formalMafioso(id) });
      for (let i = 2; i < n1; i++) steps.push({ kind: 'pick', card: 'feign-death', eligible: () => true });
    } else if (n1 === 1) steps.push({ kind: 'pick', card: 'feign-death', eligible: () => true });
    // Step 2 (decision B9): the failed murder goes to an aligned citizen (never the Rival Mafioso).
    steps.push({ kind: 'pick', card: 'failed-murder', eligible: alignedCitizen });
    steps.push({ kind: 'shuffle', cards: shuffledCards(counts) });
    const d = b.draws();
    const dealt = dealHands(s.order, steps, d, fixedHands);
    if (dealt.impossible) return cancel(b, 'the card deal cannot meet its constraints (INT-CARD-1)');
    const hands: Record<PlayerId, CardId> = {};
    for (const id of s.order) hands[id] = dealt.hands[id] as CardId;
    b.emit('cards.dealt', { hands, fixed: false, drawn: d.used, check: { kind: 'cards', steps: dealt.steps } }, { kind: 'moderator' });
  }
  for (const id of s.order) {
    const card = b.state.v.cards[id];
    if (card) b.emit('card.assigned', { player: id, card }, { kind: 'players', ids: [id] });
  }
}

/** The declared action a role's message teaches (its parameter has the action's id). */
const TEACHES: Readonly<Record<string, string>> = {
  detective: 'check',
  medium: 'medium',
  nurse: 'protect',
  prostitute: 'block',
  lawyer: 'client',
  'corrupt-cop': 'transfer',
};

/** INT-DIST-3, INT-DIST-4, INT-ROLE-9: role PMs with knowledge and card; the Mafia's and the roommates' groups. */
function tellRoles(b: B, roles: Readonly<Record<PlayerId, string>>, mafiosi: readonly PlayerId[]): void {
  const s = b.state;
  const visible = s.order.filter((id) => VISIBLE.has(roles[id]!));
  const roommates = s.order.filter((id) => roles[id] === 'roommate');
  const withRoles = list(
    mafiosi.map((id) => phrase('PART-NAME-ROLE', { name: nameOf(s, id), role: ref('role', roles[id]!) })),
    'semicolon',
  );
  // The command lines the role messages teach are the declared actions' (PAL-GEN-8: the game's locale).
  const taught = (action: string | undefined) => (action ? { [action]: commandLine(ACTIONS, action, s.config.locale) } : {});
  for (const id of s.order) {
    const role = roles[id]!;
    let knows: PlayerId[] = [];
    let text: Message;
    if (role === 'archmafioso') {
      knows = [...mafiosi];
      text = msg('MSG-INT-ROLE-ARCH', { roles: withRoles });
    } else if (MAFIOSI.has(role)) {
      knows = [...mafiosi];
      text = msg('MSG-INT-ROLE-MAFIOSO', { list: namesOf(s, mafiosi) });
    } else if (role === 'informant') {
      knows = visible;
      text = msg('MSG-INT-ROLE-INFORMANT', { list: namesOf(s, visible, '—') });
    } else if (role === 'rival-mafioso') {
      knows = s.order.filter((x) => roles[x] === 'visible-mafioso-b');
      text = msg('MSG-INT-ROLE-RM', { list: namesOf(s, knows, '—') });
    } else if (HELPERS.has(role)) {
      knows = [...mafiosi];
      const key = role === 'corrupt-cop' ? 'MSG-INT-ROLE-CC' : role === 'prostitute' ? 'MSG-INT-ROLE-PROSTITUTE' : 'MSG-INT-ROLE-HENCHMAN';
      text = msg(key, { list: namesOf(s, mafiosi), ...taught(TEACHES[role]) });
    } else if (role === 'roommate') {
      knows = roommates.filter((x) => x !== id);
      text = msg('MSG-INT-ROLE-ROOMMATE', { list: namesOf(s, knows, '—') });
    } else {
      const key: Record<string, string> = {
        detective: 'MSG-INT-ROLE-DETECTIVE',
        medium: 'MSG-INT-ROLE-MEDIUM',
        nurse: 'MSG-INT-ROLE-NURSE',
        mayor: 'MSG-INT-ROLE-MAYOR',
        lawyer: 'MSG-INT-ROLE-LAWYER',
      };
      text = msg(key[role] ?? 'MSG-INT-ROLE-CITIZEN', taught(TEACHES[role]));
    }
    b.emit('role.assigned', { player: id, role }, { kind: 'players', ids: [id] });
    if (knows.length > 0) b.emit('int.knowledge', { player: id, knows }, { kind: 'players', ids: [id] });
    const card = b.state.v.cards[id];
    const cardPart = card ? [msg('MSG-INT-CARD', { card: cardParam(card), cardText: phrase(`CARDTEXT-${card}`) })] : [];
    b.tell([id], msg('MSG-INT-ROLE', { roleName: ref('role', role) }), text, ...cardPart);
  }
  b.emit('team.formed', { team: 'mafia', members: [...mafiosi] }, mafiaGroup(b.state));
  if (roommates.length === 2) b.emit('team.formed', { team: 'roommates', members: roommates }, { kind: 'team', team: 'roommates', ids: roommates });
}

// ---------------------------------------------------------------------------------------------------------------
// Start and rounds

/** INT-DIST-6: the start announcement, then round 1. */
export function start(b: B): void {
  const s = b.state;
  const roles = s.order.map((id) => roleOf(s, id));
  const others = ROLES.map((r) => r.id)
    .filter((r) => !MAFIOSI.has(r) && r !== 'citizen')
    .filter((r) => roles.includes(r))
    .map((r) => phrase('PART-ROLE-COUNT', { role: ref('role', r), n: roles.filter((x) => x === r).length }));
  const hands = Object.values(s.v.cards);
  const cardList = CARDS.filter((c) => hands.includes(c.id)).map((c) =>
    phrase('PART-CARD-COUNT', { card: cardParam(c.id), n: hands.filter((x) => x === c.id).length }),
  );
  const planned = s.config.firstRoundDate ?? localDate(s.config.startAt, s.config.timeZone);
  const replan = b.at < s.config.startAt || at(s, planned, TIMES.lock) <= b.at;
  const D1 = replan ? firstRoundFrom(s.calendar, s.config.timeZone, b.at) : planned;
  const parts: Message[] = [msg('MSG-START', { N: s.order.length, M: s.v.M, roleList: list(others, 'comma', '—'), cardList: list(cardList, 'comma', '—') })];
  const p = s.v.vendetta;
  if (p.kind === 'rounds') {
    let d = D1;
    for (let r = 1; r < p.last; r++) d = nextPlayDay(s.calendar, d);
    parts.push(msg('MSG-START-VENDETTA', { period: phrase('PERIOD-UNTIL', { date: ddmm(d) }) }));
  } else if (p.kind === 'present') parts.push(msg('MSG-START-VENDETTA', { period: phrase('PERIOD-PRESENT', { n: p.min }) }));
  parts.push(msg('MSG-PAUSES', { pauses: pausesParam(s.calendar) }));
  b.announce(...parts);
  enterPhase(b, FLOWING, 'day', 1, D1);
}

/** What a count's steps hand on besides palermo's close (CloseScratch): why nobody is voted out, and by what. */
export interface IntScratch extends CloseScratch {
  /** Nobody is voted out: a card detention in force (INT-CARD-7) or no votes (PAL-VOTE-9). */
  none?: 'suppressed' | 'noVotes';
  /** E was decided by the runoff (by its lot when `lot` is set). */
  runoff: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// Night (INT-NIGHT-*, INT-ROLE-1…5)

/** INT-NIGHT-3, INT-ROLE-1/2/3: computes and sends a detective's or medium's answer now. */
export function answer(b: B, actor: PlayerId, role: 'detective' | 'medium', target: PlayerId): void {
  const s = b.state;
  if (cond(s, actor) !== 'active') return;
  if (s.v.block === actor) {
    // INT-ROLE-3: a blocked detective or medium hears that there is no answer tonight.
    b.emit('night.answered', { actor }, { kind: 'players', ids: [actor] });
    b.tell([actor], msg('MSG-INT-NO-ANSWER'));
    return;
  }
  // INT-ROLE-1, INT-STATE-4: a target who is no longer a valid target at answer time: the role may choose again.
  const ok = role === 'detective' ? cond(s, target) === 'active' : cond(s, target) === 'ghost';
  if (!ok) {
    b.reject({ kind: 'player', id: actor }, 'R-TARGET-STATE', { name: nameOf(s, target), state: stateParam(s, target) });
    return;
  }
  b.emit('night.answered', { actor }, { kind: 'players', ids: [actor] });
  b.tell([actor], msg('MSG-INT-DET-RESULT', { name: nameOf(s, target), team: teamParam(s, target) }));
}

// ---------------------------------------------------------------------------------------------------------------
// 13:00 (§5.3)

/** The murder order in force (INT-KILL-2): the archmafioso's latest, else the latest. */
export function orderInForce(s: S): IntState['order'] {
  return s.v.archOrder ?? s.v.order;
}

/** INT-KILL-1: an executor may carry out a murder now. */
export function canExecute(s: S, id: PlayerId): boolean {
  if (cond(s, id) !== 'active') return false;
  if (s.v.rmActive) return roleOf(s, id) === 'rival-mafioso'; // INT-KILL-4
  return isMafioso(s, id) && !inOuting(s, id);
}

// ---------------------------------------------------------------------------------------------------------------
// 20:10 (§5.4)

/** INT-VOTE-5: one effect line of the tally, naming nobody who caused it. */
function effectLine(s: S, e: CountEffect): Message {
  if (e.kind === 'cancelled') return msg('MSG-TALLY-CANCELLED', { name: nameOf(s, e.voter) });
  if (e.kind === 'double') return msg('MSG-TALLY-DOUBLE', { name: nameOf(s, e.voter) });
  if (e.kind === 'client') return msg('MSG-TALLY-CLIENT', { name: nameOf(s, e.client) });
  return msg('MSG-TALLY-TRANSFER', { from: nameOf(s, e.from), to: nameOf(s, e.to) });
}

/** INT-ABS-3/4/5: a permanent exit for absences with the complete role, a ban for the next game. */
function removeForAbsences(b: B, id: PlayerId, top: boolean, lwDate: string): Message {
  const s = b.state;
  const counter = s.v.absences[id] ?? { total: 0, consecutive: 0 };
  setCondition(b, id, 'out', 'absences');
  b.emit('revealed', { players: [id] });
  b.emit('ban.recorded', { player: id }, { kind: 'moderator' });
  const params = { name: nameOf(s, id), k: counter.consecutive, t: counter.total, roleName: roleParam(s, id) };
  return top ? msg('MSG-ABS-ELIM-TOP', { ...params, date: lwDate }) : msg('MSG-ABS-ELIM', params);
}

// ---------------------------------------------------------------------------------------------------------------
// The flow: entering the day, the night and the runoff; the night (§5.2); 13:00 (§5.3); 20:00, 20:05 (INT-VOTE-1);
// the 20:10 count and the runoff's end (§5.4)

/**
 * palermo-intrigue's flow (INT §5) as the steps, conditions and date rules its declaration names (schedule.ts: the
 * phases' `enter` and `next`; index.ts: each instant's resolution): the engine runs them (engine/phases.ts).
 */
export const INT_FLOW: FlowTable<IntState, IntEvents, IntScratch> = {
  scratch: () => ({ parts: [], A: [], E: [], counts: {}, runoff: false, goesOn: false }),
  steps: {
    /**
     * The day: round r's orders reset and its times recorded (13:00 from round 2, 20:00, 20:05, 20:10) as the engine
     * plans them. Not palermo's open-round: INT-VOTE-1/2 add the 20:00 lock and the 20:05 change before the 20:10 count.
     */
    'open-round': (b, _c, { plan = [] }) => {
      const { round, date } = currentPhase(b.state)!;
      const atOf = (kind: string) => plan.find((d) => d.kind === kind)?.at;
      b.emit('round.opened', { round, date: date!, killAt: atOf('kill'), lockAt: atOf('lock')!, extAt: atOf('ext')!, closeAt: atOf('close')! });
    },
    /**
     * INT-NIGHT-1: the night of round r+1 opens at this count, beside the day, until the next calendar day's 02:00
     * (whatever the play calendar says: its instants fall a calendar day after D_r).
     */
    'open-night': (b) => {
      const s = b.state;
      enterPhase(b, FLOWING, 'night', s.v.round + 1, s.v.date);
      const atOf = (kind: string) => b.state.deadlines.find((d) => d.kind === kind)!.at;
      b.emit('night.opened', { endsAt: atOf('dawn'), midnightAt: atOf('midnight') }, { kind: 'moderator' });
    },
    /** INT-NIGHT-3, §5.2 step 2: the Prostitute's block is fixed; the detective's and medium's answers go out. */
    midnight: (b) => {
      const s = b.state;
      const req = s.v.requests.prostitute;
      const block = req && cond(s, req.actor) === 'active' ? req.target : undefined; // INT-ROLE-4
      b.emit('night.midnight', block !== undefined ? { block } : {}, { kind: 'moderator' });
      for (const role of ['detective', 'medium'] as const) {
        const r = b.state.v.requests[role];
        if (r) answer(b, r.actor, role, r.target);
      }
    },
    /**
     * §5.2 step 4: the night closes at 02:00; the nurse's protection for the next noon is frozen (INT-ROLE-5). Only the
     * block counts here: whether she is active is asked at 13:00 (murder), not now, so a nurse detained at 02:00 and
     * released by 13:00 still protects.
     */
    dawn: (b) => {
      const s = b.state;
      const r = s.v.requests.nurse;
      const protection = r && s.v.block !== r.actor ? r.target : undefined;
      b.emit('night.closed', protection !== undefined ? { protection } : {}, { kind: 'moderator' });
    },
    /** §5.3 step 1: the ordinary outing and exemption windows close; an incomplete massacre lapses (INT-OUT-6.2). */
    'close-windows': (b) => {
      const v = b.state.v;
      if (v.outingOpen) b.emit('outing.window', { open: false }, { kind: 'moderator' });
      if (v.outing?.kind === 'massacre' && !v.outing.second) {
        b.emit('outing.lapsed', {}, { kind: 'moderator' });
        b.say(mafiaGroup(b.state), msg('MSG-INT-MASSACRE-LAPSED'));
      }
      // INT-OUT-7.2: the end of a vendetta period by rounds is announced when its last window closes.
      if (v.vendetta.kind === 'rounds' && v.round >= v.vendetta.last && !v.vendettaClosed && !v.specialUsed) {
        b.emit('vendetta.closed', {});
        b.announce(msg('MSG-INT-VENDETTA-CLOSED'));
      }
    },
    /** §5.3 steps 2–5: the order in force, the nurse's protection, the victims, their post and the votes on them. */
    murder: (b) => {
      const s = b.state;
      const r = s.v.round;
      const order = orderInForce(s);
      const nurse = holderOf(s, 'nurse');
      // INT-ROLE-5: the protection frozen at 02:00 applies if the nurse is active at 13:00.
      const protection = nurse !== undefined && cond(s, nurse) === 'active' ? s.v.protection : undefined;
      const victims: PlayerId[] = [];
      // INT-KILL-3: no murder without an order, with an inactive target, an ineligible executor or a protected target.
      if (order && cond(s, order.target) === 'active' && canExecute(s, order.executor) && order.target !== order.executor && protection !== order.target) {
        victims.push(order.target);
        // INT-RM-2: the un-activated Rival Mafioso takes his murderer with him.
        if (roleOf(s, order.target) === 'rival-mafioso' && !s.v.rmActive && isMafioso(s, order.executor)) victims.push(order.executor);
      }
      const ordered = bySignup(s, victims);
      for (const id of ordered) setCondition(b, id, 'ghost', 'murder');
      b.emit('kill.resolved', { round: r, victims: ordered, ...(protection !== undefined ? { protected: protection } : {}) }, { kind: 'moderator' });
      const parts: Message[] = [];
      if (ordered.length === 0) parts.push(msg('MSG-NOKILL', { r }));
      else {
        // INT-KILL-3, INT-REV-1: names in signup order, no attribution, no reveal.
        parts.push(msg(ordered.length === 1 ? 'MSG-KILL' : 'MSG-KILL-MANY', { r, names: namesOf(b.state, ordered) }));
        for (const id of ordered) parts.push(...voidVotesFor(b, id));
      }
      b.announce(...parts);
    },
    /** 20:00: the thread locks; who has a ballot (valid or void) now may change it once from 20:05. */
    lock: (b) => {
      const v = b.state.v;
      const voters = bySignup(b.state, [...Object.keys(v.votes), ...Object.keys(v.voided)]);
      b.emit('vote.locked', { voters }, { kind: 'moderator' });
    },
    /** §5.4 step 1: the outing this count resolves is frozen; the next ordinary window opens now (the night too). */
    'freeze-outing': (b) => {
      const v = b.state.v;
      if (v.outing && v.outing.round === v.round) b.emit('outing.frozen', {}, { kind: 'moderator' });
      if (!v.outingOpen) b.emit('outing.window', { open: true }, { kind: 'moderator' });
    },
    /**
     * §5.4 steps 1–3: the count of the open round (cards → Mayor → Lawyer → Corrupt Cop), the absences (A), and who is
     * voted out (E): nobody under a detention or without votes, the absent at the top, the one on top, the Mayor's pick of
     * a tied top (INT-VOTE-6); otherwise a tie for the runoff.
     */
    tally: (b, c) => {
      const s = b.state;
      const v = s.v;
      const r = v.round;
      const ballots = new Map<PlayerId, PlayerId>();
      for (const voter of s.order) {
        const t = v.votes[voter];
        if (t !== undefined && may(s, voter, 'vote')) ballots.set(voter, t);
      }
      const inRound = <T extends { round: number }>(xs: readonly T[]) => xs.filter((x) => x.round === r);
      const mayor = holderOf(s, 'mayor');
      const lawyer = holderOf(s, 'lawyer');
      const cop = holderOf(s, 'corrupt-cop');
      const t = count({
        ballots,
        order: s.order,
        doubled: new Set(inRound(v.doubled).map((x) => x.voter)),
        cancelled: new Set(inRound(v.cancelled).map((x) => x.voter)),
        votable: (id) => votable(s, id, r),
        ...(mayor !== undefined && cond(s, mayor) === 'active' ? { mayor } : {}),
        ...(lawyer !== undefined && cond(s, lawyer) === 'active' && v.client?.round === r ? { client: v.client.client } : {}),
        ...(cop !== undefined && cond(s, cop) === 'active' && v.transfer?.round === r ? { transfer: v.transfer } : {}),
      });
      // INT-ABS-1: only active players who never cast an accepted ballot; voided, cancelled and returned players are not charged.
      const spared = new Set([...v.voted, ...Object.keys(v.voided), ...inRound(v.cancelled).map((x) => x.voter), ...v.returned]);
      const abs = chargeAbsences(v.absences, active(s), spared, new Set(), ABSENCE_LIMITS);
      const A = abs.reached;
      c.A = A;
      b.emit('count.resolved', { round: r, rows: t.final.rows, absences: abs.counters, charged: abs.charged, reached: A });
      // INT-CARD-9: echo flags end with this count.
      const echoing = Object.keys(s.v.echo).filter((id) => s.v.echo[id]! <= b.at);
      if (echoing.length > 0) b.emit('echo.ended', { players: bySignup(s, echoing) });
      c.parts.push(
        msg('MSG-TALLY', { r }),
        ...t.cast.rows.map((row) => msg('MSG-TALLY-ROW', { target: nameOf(s, row.target), n: row.total, voters: namesOf(s, row.voters) })),
        ...t.effects.map((e) => effectLine(s, e)),
        msg('MSG-TALLY-TOTALS', {
          totals: list(
            t.final.rows.map((row) => phrase('PART-TOTAL', { name: nameOf(s, row.target), n: row.total })),
            'comma',
            '—',
          ),
        }),
      );
      c.counts = Object.fromEntries(t.final.rows.map((row) => [row.target, row.total]));
      const T = t.final.top;
      const topAbsent = T.filter((id) => A.includes(id));
      // Step 3: a card detention in force for this round suppresses the vote removal (INT-CARD-7, INT-VOTE-5 step 8).
      if (v.detentionRounds.includes(r)) c.none = 'suppressed';
      else if (t.final.max === 0) c.none = 'noVotes';
      else if (topAbsent.length > 0) c.E = topAbsent;
      else if (T.length === 1) c.E = [...T];
      else if (t.mayorTarget !== undefined && T.includes(t.mayorTarget)) {
        // INT-VOTE-6: the Mayor's marked ballot on a member of the tied top decides, without a runoff.
        c.parts.push(msg('MSG-INT-MAYOR', { name: nameOf(s, t.mayorTarget) }));
        c.E = [t.mayorTarget];
      } else c.tie = { candidates: [...T], max: t.final.max };
    },
    /** PAL-TIE-1, INT-VOTE-8: a tied count stops here; its absence removals leave now, before the runoff opens. */
    'tie-removals': (b, c) => {
      if (!c.tie) return;
      for (const id of c.A) c.parts.push(removeForAbsences(b, id, false, ''));
      return 'stop';
    },
    /** INT-VOTE-8: the runoff [20:10, 21:10) among the tied, announced with the count's post. */
    'open-runoff': (b, c) => {
      const s = b.state;
      const tie = c.tie!;
      const due = deadlineOf(INT_SCHEDULE, 'runoff', intContext(s), { anchor: s.v.closeAt });
      b.emit('runoff.opened', { round: s.v.round, candidates: tie.candidates, endsAt: due.at });
      c.parts.push(msg('MSG-RUNOFF', { n: tie.max, candidates: namesOf(s, tie.candidates), end: hhmm(due.at, s.config.timeZone) }));
      b.upsertDeadlines(due);
      b.announce(...c.parts);
      afterChange(b);
    },
    /**
     * §5.3 of palermo as INT-VOTE-8 runs it: the end of the runoff poll or of its extension. Candidates who stopped being
     * active are dropped (PAL-TIE-6); a poll still tied goes on as its extension, an extension still tied by a lot.
     */
    'runoff-tally': (b, c) => {
      const s = b.state;
      const ru = s.v.runoff;
      c.goesOn = true;
      if (!ru) return 'stop';
      const candidates = ru.candidates.filter((id) => cond(s, id) === 'active');
      const ballots = new Map(Object.entries(ru.ballots).filter(([voter, t]) => cond(s, voter) === 'active' && candidates.includes(t)));
      const t = tally(ballots, s.order);
      c.parts.push(
        msg('MSG-RUNOFF-TALLY'),
        ...t.rows.map((row) => msg('MSG-TALLY-ROW', { target: nameOf(s, row.target), n: row.total, voters: namesOf(s, row.voters) })),
      );
      const tied = t.max > 0 ? [...t.top] : candidates;
      if (candidates.length > 1 && t.top.length !== 1 && ru.stage === 'poll') {
        const due = deadlineOf(INT_SCHEDULE, 'extension', intContext(s, ru.round), { anchor: ru.endsAt });
        b.emit('runoff.extended', { candidates: tied, endsAt: due.at });
        b.upsertDeadlines(due);
        b.announce(...c.parts, msg('MSG-RUNOFF-EXT', { candidates: namesOf(s, tied), end: hhmm(due.at, s.config.timeZone) }));
        return 'stop';
      }
      c.goesOn = false;
      c.runoff = true;
      if (candidates.length <= 1) c.E = candidates;
      else if (t.top.length === 1) c.E = [...t.top];
      else {
        const inOrder = bySignup(s, tied);
        const d = b.draws();
        const index = d.pickIndex(inOrder.length);
        const chosen = inOrder[index]!;
        b.emit('lot.drawn', { candidates: inOrder, index, chosen, drawn: d.used, check: { kind: 'pick', from: inOrder, result: chosen } });
        c.E = [chosen];
        c.lot = msg('MSG-LOT', { name: nameOf(s, chosen) });
      }
      b.emit('runoff.closed', { voted: [...c.E] });
    },
    /** §5.4 step 4: absence removals (last words when they prevailed, INT-ABS-4), then the voted-out become ghosts. */
    removals: (b, c) => {
      const s = b.state;
      const nextDate = nextRoundDate(s);
      const lwUntil = at(s, nextDate, TIMES.lock);
      const lwDate = ddmm(nextDate);
      // INT-ABS-2: none when the removal is suppressed.
      for (const id of c.A) {
        if (cond(b.state, id) === 'out') continue;
        const top = c.E.includes(id);
        c.parts.push(removeForAbsences(b, id, top, lwDate));
        if (top) b.emit('lastwords.granted', { player: id, until: lwUntil });
      }
      if (c.none === 'suppressed') c.parts.push(msg('MSG-INT-NO-REMOVAL'));
      else if (c.none === 'noVotes') c.parts.push(msg('MSG-NO-ELIM'));
      else if (c.E.length === 0) c.parts.push(msg('MSG-NO-ELIM-RUNOFF'));
      const votedOut: PlayerId[] = [];
      for (const id of c.E) {
        if (c.A.includes(id)) continue;
        setCondition(b, id, 'ghost', 'vote'); // INT-VOTE-7
        b.emit('lastwords.granted', { player: id, until: lwUntil });
        votedOut.push(id);
        if (c.lot) c.parts.push(c.lot);
        c.parts.push(
          c.runoff
            ? msg('MSG-ELIM-RUNOFF', { name: nameOf(s, id), date: lwDate })
            : msg('MSG-ELIM-VOTE', { name: nameOf(s, id), n: c.counts[id] ?? 0, date: lwDate }),
        );
      }
      b.emit('votedout.set', { players: votedOut });
    },
    /** §5.4 step 5: the outing resolved at this count, against the state after the removals. */
    outing: (b, c) => {
      const exits = resolveOuting(b, b.state.v.round);
      if (exits.length > 0) c.parts.push(msg('MSG-INT-OUTING-DEATHS', { names: namesOf(b.state, exits) }));
    },
    /** §5.4 step 6: the one result post, the vendetta's end and the pause notice (PAL-CAL-4) unless the game is won. */
    'close-post': (b, c) => {
      const s = b.state;
      c.win = winner(b);
      const closed = c.win ? undefined : vendettaEnd(b);
      if (closed) c.parts.push(closed);
      const nextDate = nextRoundDate(s);
      if (!c.win && nextDate !== addDays(s.v.date, 1)) c.parts.push(msg('MSG-PAUSE', { date: ddmm(nextDate) }));
      b.announce(...c.parts);
    },
    /** §5.4 step 7: the win checks of the count; otherwise round r+1 opens (schedule.ts). */
    'close-win': (b, c) => {
      if (c.win) endGame(b, c.win.side, c.win.reason);
    },
    /** §5.3 step 6: INT-RM-3 and the win checks. */
    'win-checks': (b) => {
      afterChange(b);
    },
    /** 20:05: the change window opens. */
    'open-change': (b) => {
      b.announce(msg('MSG-INT-EXT-OPEN'));
    },
  },
  ...CLOSE_FLOW,
};

/** What the engine needs to open palermo-intrigue's phases (the start opens round 1, the count its night). */
const FLOWING: Flowing<IntState, IntEvents, IntScratch> = { schedule: INT_SCHEDULE, flow: INT_FLOW, options: intOptions };

// ---------------------------------------------------------------------------------------------------------------
// Outings (INT-OUT-4…7)

/** Permanent exits of the outing this count resolves (signup order), or none. */
function resolveOuting(b: B, r: number): PlayerId[] {
  const s = b.state;
  const o = s.v.outing;
  if (!o || o.round !== r) return [];
  const exits = new Set<PlayerId>();
  const activeNow = (id: PlayerId) => cond(s, id) === 'active';
  // INT-STATE-4: nobody may learn who a detained player is, and judging a claim on him would tell the Mafia (and,
  // through the exits, everyone). A detained player is out of the game until he returns («μπορεί να επιστρέψει στο
  // παιχνίδι»), and a player already out does not leave permanently through an outing («δεν αποχωρεί οριστικά»). So
  // an outing that names a detained player is void like one whose outer is not active (nothing happens, nothing is
  // consumed), and a detained player is never among an outing's other exits or in the vendetta lot.
  const outers = o.second ? [o.outer, o.second.outer] : [o.outer];
  const named = o.second ? [o.target, o.second.target] : [o.target];
  const isVoid = !outers.every(activeNow) || named.some((id) => cond(s, id) === 'detained');
  let outcome: 'void' | 'success' | 'miss' | 'partial';
  if (isVoid || (o.kind === 'massacre' && !o.second)) outcome = 'void';
  else if (o.kind === 'simple') {
    if (roleOf(s, o.target) === 'informant') {
      outcome = 'success';
      // INT-OUT-4: a ghost informant stays a ghost unless this outing named him through his exception window.
      if (activeNow(o.target) || o.exception) exits.add(o.target);
    } else {
      outcome = 'miss';
      exits.add(o.outer);
    }
  } else if (o.kind === 'massacre') {
    const second = o.second!;
    const claims = [
      { outer: o.outer, target: o.target, claim: o.claim ?? 'informant' },
      { outer: second.outer, target: second.target, claim: second.claim },
    ];
    const hit = (c: (typeof claims)[number]) => roleOf(s, c.target) === c.claim;
    const hits = claims.filter(hit);
    if (hits.length === 0) {
      outcome = 'miss';
      for (const c of claims) exits.add(c.outer);
    } else if (hits.length === 1) {
      outcome = 'partial';
      for (const c of claims) {
        if (hit(c)) {
          if (activeNow(c.target)) exits.add(c.target);
        } else exits.add(c.outer);
      }
    } else {
      outcome = 'success';
      // INT-OUT-6.5: informant, detective and medium leave; a ghost stays a ghost, a detained medium stays detained.
      for (const role of ['informant', 'detective', 'medium']) {
        const id = holderOf(s, role);
        if (id !== undefined && activeNow(id)) exits.add(id);
      }
    }
  } else if (roleOf(s, o.target) === 'rival-mafioso') {
    outcome = 'success';
    if (activeNow(o.target)) exits.add(o.target);
    exits.add(o.outer);
    // INT-OUT-7.4: one active formal citizen by lot, after this count's removals (PAL-GEN-7).
    const pool = active(s).filter((id) => teamOf(s, id) === 'citizen' && !exits.has(id));
    if (pool.length > 0) {
      const d = b.draws();
      const index = d.pickIndex(pool.length);
      const chosen = pool[index]!;
      // Moderator-only: a public lot would show that a vendetta hit (INT-OUT-5).
      b.emit('lot.drawn', { candidates: pool, index, chosen, drawn: d.used, check: { kind: 'pick', from: pool, result: chosen } }, { kind: 'moderator' });
      exits.add(chosen);
    }
  } else {
    outcome = 'miss';
    exits.add(o.outer);
  }
  // INT-KILL-6: no outcome costs the Mafia a murder; INT-OUT-5: the exits are announced like murders, nothing revealed.
  const ordered = bySignup(b.state, exits);
  b.emit('outing.resolved', { kind: o.kind, outcome, exits: ordered }, { kind: 'moderator' });
  for (const id of ordered) setCondition(b, id, 'out', 'outing');
  return ordered;
}

// ---------------------------------------------------------------------------------------------------------------
// Timers (INT-CARD-7, -9)

/** INT-CARD-7: a detention not cancelled within 5 h turns the player into a ghost. */
export function resolveDetentionEnd(b: B, player: PlayerId, startedAt: Millis): void {
  const s = b.state;
  const det = s.v.detentions[player];
  if (!det || det.at !== startedAt || cond(s, player) !== 'detained') return;
  setCondition(b, player, 'ghost', 'detention');
  b.announce(msg('MSG-INT-DETAINED-GHOST', { name: nameOf(s, player) }), ...voidVotesFor(b, player));
  afterChange(b);
}

/** INT-CARD-9: an echo starts: every ghost now is flagged until the next scheduled count strictly after now. */
export function resolveEchoStart(b: B): void {
  const s = b.state;
  const ghosts = s.order.filter((id) => cond(s, id) === 'ghost');
  const until = currentPhase(s)?.id === 'day' && b.at < s.v.closeAt ? s.v.closeAt : nextRoundAt(s, TIMES.close);
  if (ghosts.length > 0) b.emit('echo.started', { players: ghosts, until });
  b.announce(msg('MSG-INT-ECHO-ON', { date: dateLabel(s, until), names: namesOf(s, ghosts, '—') }));
}

// ---------------------------------------------------------------------------------------------------------------
// Win (INT-WIN-*, INT-RM-3)

/** INT-WIN-5: RM activation, then WIN-4, WIN-1, WIN-2; the first that holds. No outing wins (INT-WIN-3). */
export function winner(b: B): { side: string; reason: string } | undefined {
  const s = b.state;
  const here = present(s);
  const mafiosi = here.filter((id) => isMafioso(s, id));
  const rm = here.find((id) => roleOf(s, id) === 'rival-mafioso');
  // INT-RM-3: the latent takeover, at the first moment no mafioso is present while the Rival Mafioso is.
  if (mafiosi.length === 0 && rm !== undefined && !s.v.rmActive) {
    b.emit('rm.activated', { player: rm }, { kind: 'players', ids: [rm] });
    b.tell([rm], msg('MSG-INT-RM-ACTIVE'));
  }
  if (b.state.v.rmActive && rm !== undefined && here.length <= 2) return { side: 'rival', reason: 'MSG-WIN-RIVAL' }; // INT-WIN-4
  if (mafiosi.length === 0) return rm !== undefined ? undefined : { side: 'citizens', reason: 'MSG-WIN-CITIZENS' }; // INT-WIN-1
  // INT-WIN-2: strictly more mafiosi than all others; or only Mafia-side players left.
  if (mafiosi.length > here.length - mafiosi.length) return { side: 'mafia', reason: 'REASON-OUTNUMBER' };
  if (here.every((id) => sideOf(s, id) === 'mafia')) return { side: 'mafia', reason: 'REASON-ONLY-MAFIA' };
  return undefined;
}

/**
 * INT-OUT-7.2: a period bound by active players ends the first time fewer are active, and its end is announced then
 * (the message to publish is returned). It stays over: «όσο είναι ακόμη ενεργοί» ("while still active") does not come
 * back when a detained or ghost player returns.
 */
function vendettaEnd(b: B): Message | undefined {
  const s = b.state;
  const p = s.v.vendetta;
  if (p.kind !== 'present' || s.v.vendettaClosed || active(s).length >= p.min) return undefined;
  b.emit('vendetta.closed', {});
  return msg('MSG-INT-VENDETTA-CLOSED');
}

/** Runs after every state change outside a count: the vendetta's active-players bound, then the win checks. */
export function afterChange(b: B): void {
  if (b.state.status !== 'running') return;
  const closed = vendettaEnd(b);
  if (closed) b.announce(closed);
  const w = winner(b);
  if (w) endGame(b, w.side, w.reason);
}

/** INT-WIN-6, INT-REV-3: the end post with every role and card, and the seed. */
export function endGame(b: B, side: string, reason: string, byModerator = false): void {
  const s = b.state;
  const players = s.order.filter((id) => sideOf(s, id) === side);
  b.emit('game.ended', { side, reason, players });
  const head: Message[] = [];
  if (byModerator) head.push(side === 'none' ? msg('MSG-STOP-MOD') : msg('MSG-WIN-MOD', { side: ref('side', side) }));
  else if (side === 'citizens') head.push(msg('MSG-WIN-CITIZENS'));
  else if (side === 'rival') head.push(msg('MSG-WIN-RIVAL', { name: namesOf(s, players) }));
  else head.push(msg('MSG-WIN-MAFIA', { reason: phrase(reason) }));
  const roles = list(
    s.order.map((id) => phrase('PART-NAME-ROLE', { name: nameOf(s, id), role: roleParam(s, id) })),
    'semicolon',
  );
  const cards = s.order
    .filter((id) => s.v.cards[id])
    .map((id) =>
      msg('MSG-ROLES-END-CARD', {
        name: nameOf(s, id),
        card: cardParam(s.v.cards[id]!),
        used: phrase(s.v.usedCards.includes(id) ? 'CARD-USED' : 'CARD-UNUSED'),
      }),
    );
  b.emit('seed.revealed', { seed: s.seed, commitment: s.commitment });
  b.announce(...head, msg('MSG-ROLES-END', { roles }), ...cards, msg('MSG-ROLES-END-SEED', { seed: s.seed }));
}

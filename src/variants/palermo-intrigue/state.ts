// The palermo-intrigue slice of game state and its fold.
import type { Millis, PlayerId } from '../../core/types.ts';
import type { AbsenceCounter } from '../../engine/absence.ts';
import type { EngineEvent } from '../../engine/events.ts';
import type { EveryKey } from '../../engine/state.ts';
import type { IsoDate } from '../../engine/time.ts';
import type { CardId } from './cards.ts';
import type { IntCondition } from './conditions.ts';
import type { Claim, IntEvent, NightRole, OutingKind, VendettaPeriod } from './events.ts';

/** A pending outing; a massacre holds its second declaration in `second` (INT-OUT-6). */
export interface IntOuting {
  readonly kind: OutingKind;
  readonly outer: PlayerId;
  readonly target: PlayerId;
  readonly claim?: Claim;
  readonly second?: { readonly outer: PlayerId; readonly target: PlayerId; readonly claim: Claim };
  readonly round: number;
  readonly frozen: boolean;
  /** Named through the exception window of PAL-OUT-4 (a ghost target, INT-OUT-4). */
  readonly exception: boolean;
}

/** A detention (card or penalty, INT-CARD-7, INT-MOD-1). */
export interface Detention {
  readonly at: Millis;
  readonly until: Millis;
  /** The card round of a card detention; absent for a penalty. */
  readonly cardRound?: number;
}

/** The runoff of a tied count (INT-VOTE-8). */
export interface IntRunoff {
  readonly round: number;
  readonly candidates: readonly PlayerId[];
  readonly ballots: Readonly<Record<PlayerId, PlayerId>>;
  readonly endsAt: Millis;
  readonly stage: 'poll' | 'extension';
}

/** The palermo-intrigue slice. */
export interface IntState {
  readonly round: number;
  readonly date: IsoDate;
  readonly killAt?: Millis;
  /** 20:00: the thread locks (INT-VOTE-1). */
  readonly lockAt: Millis;
  /** 20:05: the one-change window opens. */
  readonly extAt: Millis;
  /** 20:10: the count (INT-VOTE-2). */
  readonly closeAt: Millis;
  readonly killDone: boolean;
  readonly lastClose?: Millis;
  /** INT-STATE-1: every player's condition (absent = active). */
  readonly conditions: Readonly<Record<PlayerId, IntCondition>>;
  /** INT-CARD-9: echo flags, each until an instant. */
  readonly echo: Readonly<Record<PlayerId, Millis>>;
  /** Latest valid ballot per voter in the open main vote. */
  readonly votes: Readonly<Record<PlayerId, PlayerId>>;
  /** Ballots voided in this round, by voter (INT-VOTE-4; restorable by INT-CARD-11). */
  readonly voided: Readonly<Record<PlayerId, PlayerId>>;
  /** Voters who cast an accepted ballot in this round (no absence, INT-ABS-1). */
  readonly voted: readonly PlayerId[];
  /** Voters with a ballot (valid or void) at 20:00, and those who used their change (INT-VOTE-1). */
  readonly atLock: readonly PlayerId[];
  readonly changed: readonly PlayerId[];
  /** Card effects by card round. */
  readonly cancelled: readonly { readonly voter: PlayerId; readonly round: number }[];
  readonly doubled: readonly { readonly voter: PlayerId; readonly round: number }[];
  readonly exempt: readonly { readonly player: PlayerId; readonly round: number }[];
  /** INT-ROLE-6/7 choices of the open round. */
  readonly client?: { readonly client: PlayerId; readonly round: number };
  readonly lastClient?: { readonly client: PlayerId; readonly round: number };
  readonly transfer?: { readonly from: PlayerId; readonly to: PlayerId; readonly round: number };
  /** INT-KILL-2: the latest valid order and the archmafioso's latest. */
  readonly order?: { readonly by: PlayerId; readonly target: PlayerId; readonly executor: PlayerId };
  readonly archOrder?: { readonly by: PlayerId; readonly target: PlayerId; readonly executor: PlayerId };
  /** The night window (INT-NIGHT-1) and its requests. */
  readonly nightEndsAt?: Millis;
  readonly midnightAt?: Millis;
  readonly midnightDone: boolean;
  readonly requests: Readonly<Partial<Record<NightRole, { readonly actor: PlayerId; readonly target: PlayerId }>>>;
  readonly answered: readonly PlayerId[];
  readonly block?: PlayerId;
  /** INT-ROLE-5: the protection frozen at 02:00 for the next 13:00. */
  readonly protection?: PlayerId;
  /** The protection that applied at the previous 13:00 (PAL-NUR-2). */
  readonly lastProtection?: PlayerId;
  /** Players who became active again after this round's 13:00 (no absence, INT-ABS-1). */
  readonly returned: readonly PlayerId[];
  /** The players murdered at the latest 13:00 and when (INT-CARD-11). */
  readonly murdered: { readonly round: number; readonly at: Millis; readonly victims: readonly PlayerId[] } | undefined;
  readonly cards: Readonly<Record<PlayerId, CardId>>;
  readonly usedCards: readonly PlayerId[];
  readonly detentions: Readonly<Record<PlayerId, Detention>>;
  /** Card detentions in force (not cancelled) by card round (INT-CARD-7). */
  readonly detentionRounds: readonly number[];
  readonly outingOpen: boolean;
  readonly outing?: IntOuting;
  /** A massacre or vendetta was resolved non-void (INT-OUT-6.4, INT-OUT-7.1). */
  readonly specialUsed: boolean;
  readonly vendetta: VendettaPeriod;
  readonly vendettaClosed: boolean;
  readonly runoff?: IntRunoff;
  readonly lastWords: Readonly<Record<PlayerId, { readonly until: Millis; readonly postId?: string; readonly postedAt?: Millis; readonly windowEnd?: Millis }>>;
  readonly lastVotedOut: readonly PlayerId[];
  readonly absences: Readonly<Record<PlayerId, AbsenceCounter>>;
  /** What each player was told at the start (INT-DIST-3). */
  readonly knows: Readonly<Record<PlayerId, readonly PlayerId[]>>;
  readonly M: number;
  readonly V: number;
  readonly rmActive: boolean;
  readonly bans: readonly PlayerId[];
  readonly revealed: readonly PlayerId[];
}

/** The slice at creation. */
export function initialInt(): IntState {
  return canonical({
    round: 0,
    date: '',
    lockAt: 0,
    extAt: 0,
    closeAt: 0,
    killDone: false,
    conditions: {},
    echo: {},
    votes: {},
    voided: {},
    voted: [],
    atLock: [],
    changed: [],
    cancelled: [],
    doubled: [],
    exempt: [],
    midnightDone: false,
    returned: [],
    requests: {},
    answered: [],
    murdered: undefined,
    cards: {},
    usedCards: [],
    detentions: {},
    detentionRounds: [],
    outingOpen: false,
    specialUsed: false,
    vendetta: { kind: 'none' },
    vendettaClosed: false,
    lastWords: {},
    lastVotedOut: [],
    absences: {},
    knows: {},
    M: 0,
    V: 0,
    rmActive: false,
    bans: [],
    revealed: [],
  });
}

function without<T>(rec: Readonly<Record<string, T>>, keys: Iterable<string>): Record<string, T> {
  const out = { ...rec };
  for (const k of keys) delete out[k];
  return out;
}

/** Folds one event into the slice. */
export function evolveInt(v: IntState, e: IntEvent): IntState {
  const next = step(v, e);
  return next === v ? v : canonical(next);
}

/** The slice rebuilt by one object literal (every key, in one order), so all slices share one hidden class. */
function canonical(v: IntState): IntState {
  const c: EveryKey<IntState> = {
    round: v.round,
    date: v.date,
    killAt: v.killAt,
    lockAt: v.lockAt,
    extAt: v.extAt,
    closeAt: v.closeAt,
    killDone: v.killDone,
    lastClose: v.lastClose,
    conditions: v.conditions,
    echo: v.echo,
    votes: v.votes,
    voided: v.voided,
    voted: v.voted,
    atLock: v.atLock,
    changed: v.changed,
    cancelled: v.cancelled,
    doubled: v.doubled,
    exempt: v.exempt,
    client: v.client,
    lastClient: v.lastClient,
    transfer: v.transfer,
    order: v.order,
    archOrder: v.archOrder,
    nightEndsAt: v.nightEndsAt,
    midnightAt: v.midnightAt,
    midnightDone: v.midnightDone,
    requests: v.requests,
    answered: v.answered,
    block: v.block,
    protection: v.protection,
    lastProtection: v.lastProtection,
    returned: v.returned,
    murdered: v.murdered,
    cards: v.cards,
    usedCards: v.usedCards,
    detentions: v.detentions,
    detentionRounds: v.detentionRounds,
    outingOpen: v.outingOpen,
    outing: v.outing,
    specialUsed: v.specialUsed,
    vendetta: v.vendetta,
    vendettaClosed: v.vendettaClosed,
    runoff: v.runoff,
    lastWords: v.lastWords,
    lastVotedOut: v.lastVotedOut,
    absences: v.absences,
    knows: v.knows,
    M: v.M,
    V: v.V,
    rmActive: v.rmActive,
    bans: v.bans,
    revealed: v.revealed,
  };
  return c;
}

function step(v: IntState, e: IntEvent): IntState {
  switch (e.type) {
    case 'int.setup':
      return { ...v, M: e.data.M, V: e.data.V, vendetta: e.data.vendetta };
    case 'int.knowledge':
      return { ...v, knows: { ...v.knows, [e.data.player]: e.data.knows } };
    case 'cards.dealt':
      return { ...v, cards: e.data.hands };
    case 'round.opened': {
      const d = e.data;
      return {
        ...v,
        round: d.round,
        date: d.date,
        killAt: d.killAt,
        lockAt: d.lockAt,
        extAt: d.extAt,
        closeAt: d.closeAt,
        killDone: d.killAt === undefined,
        votes: {},
        voided: {},
        voted: [],
        atLock: [],
        changed: [],
        returned: [],
        order: undefined,
        archOrder: undefined,
        runoff: undefined,
      };
    }
    case 'round.timing':
      return { ...v, ...e.data };
    case 'condition.changed': {
      const { player, to } = e.data;
      const echo = to === 'ghost' ? v.echo : without(v.echo, [player]);
      const detentions = to === 'detained' ? v.detentions : without(v.detentions, [player]);
      // A player who leaves `active` takes his own ballot with him (INT-STATE-2), kept as void so «Αποτυχία
      // Δολοφονίας» can restore it (INT-CARD-11); a returning one loses an unused last-words right (INT-STATE-5).
      const own = v.votes[player];
      const votes = to === 'active' ? v.votes : without(v.votes, [player]);
      const voided = to !== 'active' && own !== undefined ? { ...v.voided, [player]: own } : v.voided;
      const lastWords = to === 'active' || to === 'out' ? without(v.lastWords, [player]) : v.lastWords;
      const returned = to === 'active' && v.killDone && v.round >= 2 ? [...v.returned, player] : v.returned;
      return { ...v, conditions: { ...v.conditions, [player]: to }, echo, detentions, votes, voided, lastWords, returned };
    }
    case 'vote.cast': {
      const d = e.data;
      return {
        ...v,
        votes: { ...v.votes, [d.voter]: d.target },
        voided: without(v.voided, [d.voter]),
        voted: v.voted.includes(d.voter) ? v.voted : [...v.voted, d.voter],
        changed: d.change ? [...v.changed, d.voter] : v.changed,
      };
    }
    case 'votes.voided': {
      const voided = { ...v.voided };
      for (const voter of e.data.voters) voided[voter] = e.data.target;
      return { ...v, votes: without(v.votes, e.data.voters), voided };
    }
    case 'votes.restored':
      return { ...v, votes: { ...v.votes, ...e.data.ballots }, voided: without(v.voided, Object.keys(e.data.ballots)) };
    case 'vote.locked':
      return { ...v, atLock: e.data.voters };
    case 'kill.ordered': {
      const o = { by: e.data.by, target: e.data.target, executor: e.data.executor };
      return { ...v, order: o, ...(e.data.arch ? { archOrder: o } : {}) };
    }
    case 'kill.resolved':
      return {
        ...v,
        killDone: true,
        order: undefined,
        archOrder: undefined,
        protection: undefined,
        lastProtection: e.data.protected,
        murdered: { round: e.data.round, at: e.at, victims: e.data.victims },
      };
    case 'night.opened':
      return { ...v, nightEndsAt: e.data.endsAt, midnightAt: e.data.midnightAt, midnightDone: false, requests: {}, answered: [], block: undefined };
    case 'night.request':
      return { ...v, requests: { ...v.requests, [e.data.role]: { actor: e.data.actor, target: e.data.target } } };
    case 'night.answered':
      return { ...v, answered: [...v.answered, e.data.actor] };
    case 'night.midnight':
      return { ...v, midnightDone: true, block: e.data.block };
    case 'night.closed':
      return { ...v, protection: e.data.protection, requests: {} };
    case 'lawyer.client':
      return { ...v, client: { client: e.data.client, round: e.data.round } };
    case 'cc.transfer':
      return { ...v, transfer: { from: e.data.from, to: e.data.to, round: e.data.round } };
    case 'card.played': {
      const d = e.data;
      const used = [...v.usedCards, d.player];
      if (d.card === 'vote-cancel' && d.target) return { ...v, usedCards: used, cancelled: [...v.cancelled, { voter: d.target, round: d.round }] };
      if (d.card === 'extra-vote') return { ...v, usedCards: used, doubled: [...v.doubled, { voter: d.player, round: d.round }] };
      if (d.card === 'vote-exemption') return { ...v, usedCards: used, exempt: [...v.exempt, { player: d.player, round: d.round }] };
      return { ...v, usedCards: used };
    }
    case 'detention.started': {
      const d = e.data;
      const det: Detention = { at: e.at, until: d.until, ...(d.cardRound !== undefined ? { cardRound: d.cardRound } : {}) };
      return {
        ...v,
        detentions: { ...v.detentions, [d.player]: det },
        detentionRounds: d.cardRound !== undefined ? [...v.detentionRounds, d.cardRound] : v.detentionRounds,
      };
    }
    case 'detention.cancelled': {
      const det = v.detentions[e.data.player];
      const r = det?.cardRound;
      const i = r === undefined ? -1 : v.detentionRounds.indexOf(r);
      return {
        ...v,
        detentions: without(v.detentions, [e.data.player]),
        detentionRounds: i < 0 ? v.detentionRounds : [...v.detentionRounds.slice(0, i), ...v.detentionRounds.slice(i + 1)],
      };
    }
    case 'echo.started': {
      const echo = { ...v.echo };
      for (const id of e.data.players) echo[id] = Math.max(echo[id] ?? 0, e.data.until);
      return { ...v, echo };
    }
    case 'echo.ended':
      return { ...v, echo: without(v.echo, e.data.players) };
    case 'outing.window':
      return { ...v, outingOpen: e.data.open };
    case 'outing.submitted': {
      const d = e.data;
      const o = v.outing;
      // INT-OUT-6.1: the second declaration of a massacre (by the other outer) completes it.
      if (d.kind === 'massacre' && o?.kind === 'massacre' && o.outer !== d.outer && d.claim) {
        return { ...v, outing: { ...o, second: { outer: d.outer, target: d.target, claim: d.claim } } };
      }
      // INT-OUT-6.1: an outer replaces his own claim; the other outer's declaration stays.
      if (d.kind === 'massacre' && o?.kind === 'massacre' && o.outer === d.outer && d.claim) {
        return { ...v, outing: { ...o, target: d.target, claim: d.claim } };
      }
      if (d.kind === 'massacre' && o?.kind === 'massacre' && o.second?.outer === d.outer && d.claim) {
        return { ...v, outing: { ...o, second: { outer: d.outer, target: d.target, claim: d.claim } } };
      }
      return {
        ...v,
        outing: {
          kind: d.kind,
          outer: d.outer,
          target: d.target,
          ...(d.claim ? { claim: d.claim } : {}),
          round: d.round,
          frozen: false,
          exception: d.exception === true,
        },
      };
    }
    case 'outing.withdrawn':
    case 'outing.lapsed':
      return { ...v, outing: undefined };
    case 'outing.frozen':
      return v.outing ? { ...v, outing: { ...v.outing, frozen: true } } : v;
    case 'outing.resolved':
      return { ...v, outing: undefined, specialUsed: v.specialUsed || (e.data.kind !== 'simple' && e.data.outcome !== 'void') };
    case 'vendetta.closed':
      return { ...v, vendettaClosed: true };
    case 'count.resolved':
      return {
        ...v,
        lastClose: e.at,
        absences: e.data.absences,
        votes: {},
        voided: {},
        lastClient: v.client?.round === e.data.round ? v.client : v.lastClient,
        client: undefined,
        transfer: undefined,
      };
    case 'runoff.opened':
      return { ...v, runoff: { round: e.data.round, candidates: e.data.candidates, ballots: {}, endsAt: e.data.endsAt, stage: 'poll' } };
    case 'runoff.ballot':
      return v.runoff ? { ...v, runoff: { ...v.runoff, ballots: { ...v.runoff.ballots, [e.data.voter]: e.data.target } } } : v;
    case 'runoff.timing':
      return v.runoff ? { ...v, runoff: { ...v.runoff, endsAt: e.data.endsAt } } : v;
    case 'runoff.extended': {
      if (!v.runoff) return v;
      const { candidates, endsAt } = e.data;
      return {
        ...v,
        runoff: {
          ...v.runoff,
          stage: 'extension',
          candidates,
          endsAt,
          ballots: Object.fromEntries(Object.entries(v.runoff.ballots).filter(([, t]) => candidates.includes(t))),
        },
      };
    }
    case 'runoff.dropped': {
      if (!v.runoff) return v;
      const gone = e.data.player;
      return {
        ...v,
        runoff: {
          ...v.runoff,
          candidates: v.runoff.candidates.filter((c) => c !== gone),
          ballots: Object.fromEntries(Object.entries(v.runoff.ballots).filter(([voter, t]) => t !== gone && voter !== gone)),
        },
      };
    }
    case 'lastwords.granted':
      return { ...v, lastWords: { ...v.lastWords, [e.data.player]: { until: e.data.until } } };
    case 'lastwords.posted': {
      const lw = v.lastWords[e.data.player];
      return lw ? { ...v, lastWords: { ...v.lastWords, [e.data.player]: { ...lw, postId: e.data.postId, postedAt: e.at, windowEnd: e.data.windowEnd } } } : v;
    }
    case 'votedout.set':
      return { ...v, lastVotedOut: e.data.players };
    case 'rm.activated':
      return { ...v, rmActive: true };
    case 'ban.recorded':
      return { ...v, bans: [...v.bans, e.data.player] };
    case 'revealed':
      return { ...v, revealed: [...v.revealed, ...e.data.players] };
    case 'game.ended':
      return { ...v, outing: undefined, runoff: undefined };
    case 'role.assigned':
    case 'card.assigned':
    case 'runoff.closed':
    case 'lot.drawn':
      return v;
    default:
      return engineOnly(e, v);
  }
}

/** The fold of an engine event that does not touch the slice. */
function engineOnly(_e: EngineEvent, v: IntState): IntState {
  return v;
}

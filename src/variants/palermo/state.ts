// The palermo slice of game state and its fold.
import type { Millis, PlayerId } from '../../core/types.ts';
import type { AbsenceCounter } from '../../engine/absence.ts';
import type { EngineEvent } from '../../engine/events.ts';
import type { EveryKey, GameConfig } from '../../engine/state.ts';
import type { IsoDate } from '../../engine/time.ts';
import type { PalEvent } from './events.ts';
import { palOptions } from './options.ts';

/** An outing (κάρφωμα) of the killer team. */
export interface Outing {
  readonly outer: PlayerId;
  readonly target: PlayerId;
  readonly at: Millis;
  /** The round whose main-vote close resolves it (PAL-OUT-8). */
  readonly round: number;
  /** Set from that close until its resolution (PAL-OUT-5). */
  readonly frozen: boolean;
}

/** The runoff poll of a tied close (PAL-TIE-*). */
export interface Runoff {
  readonly round: number;
  readonly candidates: readonly PlayerId[];
  readonly ballots: Readonly<Record<PlayerId, PlayerId>>;
  readonly endsAt: Millis;
  readonly stage: 'poll' | 'extension';
  /** The main-vote total the candidates tied on. */
  readonly max: number;
}

/** A voted-out player's right to last words and its exception window (PAL-LW-*, PAL-OUT-4). */
export interface LastWords {
  readonly until: Millis;
  /** The round of the close that voted him out. */
  readonly round: number;
  readonly postId?: string;
  readonly postedAt?: Millis;
  /** End of the killers' exception window (moves with edits made while it is open). */
  readonly windowEnd?: Millis;
}

/** The palermo slice. */
export interface PalState {
  /** Open (or last) round; 0 before the start. */
  readonly round: number;
  /** D_r, the date of the open round. */
  readonly date: IsoDate;
  readonly killAt?: Millis;
  readonly closeAt: Millis;
  /** The 13:00 resolution of the open round has happened. */
  readonly killDone: boolean;
  /** Instant of the most recent main-vote close (stale posts stamped before it are late). */
  readonly lastClose?: Millis;
  /** Latest valid vote per voter in the open round. */
  readonly votes: Readonly<Record<PlayerId, PlayerId>>;
  /** Players whose absence at the coming close the moderator waived. */
  readonly waived: readonly PlayerId[];
  readonly absences: Readonly<Record<PlayerId, AbsenceCounter>>;
  readonly killOrder?: { readonly target: PlayerId; readonly by: PlayerId };
  readonly protection?: PlayerId;
  /** The protection in force at the previous 13:00 (PAL-NUR-2). */
  readonly lastProtection?: PlayerId;
  /** The round whose murder is lost after a void or missed outing (PAL-OUT-13). */
  readonly killLostRound?: number;
  /** The ordinary outing window is open (PAL-OUT-3). */
  readonly outingOpen: boolean;
  readonly outing?: Outing;
  readonly runoff?: Runoff;
  /** Length of a runoff extension (PAL-TIE-4). */
  readonly extensionMinutes: number;
  /** The moderator's designation for the lot of the current runoff (PAL-TIE-5). */
  readonly designated?: PlayerId;
  readonly lastWords: Readonly<Record<PlayerId, LastWords>>;
  /** Players voted out at the most recent close (their exception windows, PAL-OUT-4). */
  readonly lastVotedOut: readonly PlayerId[];
  /** Informant knowledge: informant -> known killers. */
  readonly knows: Readonly<Record<PlayerId, readonly PlayerId[]>>;
  /** Initial number of killers (PAL-DIST-7). */
  readonly M: number;
  /** Players whose team or role has been revealed. */
  readonly revealed: readonly PlayerId[];
}

/**
 * The slice before the start. Every key is present (optional ones undefined) and every slice is made by spreading
 * this one, so all slices share one hidden class and the spreads in `evolvePal` stay monomorphic (see engine/evolve.ts).
 */
const INITIAL: PalState = {
  round: 0,
  date: '',
  killAt: undefined,
  closeAt: 0,
  killDone: false,
  lastClose: undefined,
  votes: {},
  waived: [],
  absences: {},
  killOrder: undefined,
  protection: undefined,
  lastProtection: undefined,
  killLostRound: undefined,
  outingOpen: false,
  outing: undefined,
  runoff: undefined,
  extensionMinutes: 30,
  designated: undefined,
  lastWords: {},
  lastVotedOut: [],
  knows: {},
  M: 0,
  revealed: [],
};

/** The slice at creation. */
export function initialPal(config: GameConfig): PalState {
  return canonical({ ...INITIAL, extensionMinutes: palOptions(config).runoffExtensionMinutes });
}

/**
 * A copy built by one object literal, so every stored slice has the same hidden class. Without it the spreads of
 * `evolvePal` saw many classes, V8's clone cache went megamorphic, and its slow path made a fresh class for every
 * copy: each event then cost about a microsecond more, and every access to the slice was megamorphic.
 */
function canonical(v: PalState): PalState {
  const c: EveryKey<PalState> = {
    round: v.round,
    date: v.date,
    killAt: v.killAt,
    closeAt: v.closeAt,
    killDone: v.killDone,
    lastClose: v.lastClose,
    votes: v.votes,
    waived: v.waived,
    absences: v.absences,
    killOrder: v.killOrder,
    protection: v.protection,
    lastProtection: v.lastProtection,
    killLostRound: v.killLostRound,
    outingOpen: v.outingOpen,
    outing: v.outing,
    runoff: v.runoff,
    extensionMinutes: v.extensionMinutes,
    designated: v.designated,
    lastWords: v.lastWords,
    lastVotedOut: v.lastVotedOut,
    knows: v.knows,
    M: v.M,
    revealed: v.revealed,
  };
  return c;
}

function without<T>(rec: Readonly<Record<string, T>>, keys: Iterable<string>): Record<string, T> {
  const out = { ...rec };
  for (const k of keys) delete out[k];
  return out;
}

/** Folds one event into the palermo slice. */
export function evolvePal(v: PalState, e: PalEvent): PalState {
  const next = step(v, e);
  return next === v ? v : canonical(next);
}

function step(v: PalState, e: PalEvent): PalState {
  switch (e.type) {
    case 'pal.setup':
      return { ...v, M: e.data.M };
    case 'pal.knowledge':
      return { ...v, knows: { ...v.knows, [e.data.informant]: e.data.killers } };
    case 'round.opened': {
      const d = e.data;
      return {
        ...v,
        round: d.round,
        date: d.date,
        killAt: d.killAt,
        closeAt: d.closeAt,
        killDone: d.killAt === undefined,
        votes: {},
        waived: [],
        killOrder: undefined,
        protection: undefined,
        runoff: undefined,
        designated: undefined,
      };
    }
    case 'round.timing': {
      const d = e.data;
      return { ...v, ...(d.closeAt !== undefined ? { closeAt: d.closeAt } : {}), ...(d.killAt !== undefined ? { killAt: d.killAt } : {}) };
    }
    case 'round.dated':
      return { ...v, date: e.data.date };
    case 'vote.cast':
      return { ...v, votes: { ...v.votes, [e.data.voter]: e.data.target } };
    case 'votes.voided':
      return { ...v, votes: without(v.votes, e.data.voters) };
    case 'kill.ordered':
      return { ...v, killOrder: { target: e.data.target, by: e.data.by } };
    case 'protection.set':
      return { ...v, protection: e.data.target };
    case 'kill.resolved':
      return { ...v, killDone: true, lastProtection: e.data.protection, killOrder: undefined, protection: undefined };
    case 'outing.window':
      return { ...v, outingOpen: e.data.open };
    case 'outing.submitted':
      return { ...v, outing: { outer: e.data.outer, target: e.data.target, at: e.at, round: e.data.round, frozen: false } };
    case 'outing.withdrawn':
      return { ...v, outing: undefined };
    case 'outing.frozen':
      return v.outing ? { ...v, outing: { ...v.outing, frozen: true } } : v;
    case 'outing.resolved':
      return { ...v, outing: undefined };
    case 'kill.lost':
      return { ...v, killLostRound: e.data.round };
    case 'close.resolved':
      return { ...v, lastClose: e.at, absences: e.data.absences, votes: {}, waived: [] };
    case 'runoff.opened': {
      const d = e.data;
      return { ...v, runoff: { round: d.round, candidates: d.candidates, ballots: {}, endsAt: d.endsAt, stage: 'poll', max: d.max } };
    }
    case 'runoff.ballot':
      return v.runoff ? { ...v, runoff: { ...v.runoff, ballots: { ...v.runoff.ballots, [e.data.voter]: e.data.target } } } : v;
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
          // Ballots for candidates no longer in the poll are void (PAL-TIE-4).
          ballots: Object.fromEntries(Object.entries(v.runoff.ballots).filter(([, t]) => candidates.includes(t))),
        },
      };
    }
    case 'runoff.timing':
      return v.runoff ? { ...v, runoff: { ...v.runoff, endsAt: e.data.endsAt } } : v;
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
    case 'runoff.length':
      return { ...v, extensionMinutes: e.data.minutes };
    case 'runoff.designated':
      return { ...v, designated: e.data.player };
    case 'lastwords.granted':
      return { ...v, lastWords: { ...v.lastWords, [e.data.player]: { until: e.data.until, round: e.data.round } } };
    case 'votedout.set':
      return { ...v, lastVotedOut: e.data.players };
    case 'lastwords.posted': {
      const d = e.data;
      const lw = v.lastWords[d.player];
      if (!lw) return v;
      return { ...v, lastWords: { ...v.lastWords, [d.player]: { ...lw, postId: d.postId, postedAt: e.at, windowEnd: d.windowEnd } } };
    }
    case 'lastwords.edited': {
      const d = e.data;
      const lw = v.lastWords[d.player];
      if (!lw) return v;
      return { ...v, lastWords: { ...v.lastWords, [d.player]: { ...lw, windowEnd: d.windowEnd } } };
    }
    case 'absence.waived':
      return { ...v, waived: [...v.waived, e.data.player] };
    case 'absence.adjusted':
      return { ...v, absences: { ...v.absences, [e.data.player]: e.data.counter } };
    case 'informant.told': {
      const inf = e.data.informant;
      return { ...v, knows: { ...v.knows, [inf]: [...(v.knows[inf] ?? []), e.data.killer] } };
    }
    case 'revealed':
      return { ...v, revealed: [...v.revealed, ...e.data.players] };
    case 'player.removed':
      // A player who leaves takes his own vote with him; votes for him are voided by an explicit event.
      return { ...v, votes: without(v.votes, [e.data.player]) };
    case 'game.ended':
      return { ...v, outing: undefined, runoff: undefined };
    case 'role.assigned':
    case 'runoff.closed':
    case 'lot.fixed':
    case 'lot.drawn':
      return v;
    default:
      // Engine events the slice does not read (the compiler checks that every palermo event has its case above).
      return engineOnly(e, v);
  }
}

/** The fold of an engine event that does not touch the slice. */
function engineOnly(_e: EngineEvent, v: PalState): PalState {
  return v;
}

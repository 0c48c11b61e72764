// The palermo slice of game state and its fold.
import type { GameEvent, Millis, PlayerId } from '../../core/types.ts';
import type { AbsenceCounter } from '../../engine/absence.ts';
import type { GameConfig } from '../../engine/state.ts';
import type { IsoDate } from '../../engine/time.ts';
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
  /** 'pre' before the start, 'day' while the round is open, 'runoff' during a tie poll, 'over' after the end. */
  readonly phase: 'pre' | 'day' | 'runoff' | 'over';
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
  phase: 'pre',
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
  return {
    round: v.round,
    date: v.date,
    phase: v.phase,
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
}

function without<T>(rec: Readonly<Record<string, T>>, keys: Iterable<string>): Record<string, T> {
  const out = { ...rec };
  for (const k of keys) delete out[k];
  return out;
}

/** Folds one event into the palermo slice. */
export function evolvePal(v: PalState, e: GameEvent): PalState {
  const next = step(v, e);
  return next === v ? v : canonical(next);
}

function step(v: PalState, e: GameEvent): PalState {
  const d = e.data as Record<string, unknown>;
  switch (e.type) {
    case 'pal.setup':
      return { ...v, M: d.M as number };
    case 'pal.knowledge':
      return { ...v, knows: { ...v.knows, [d.informant as string]: d.killers as PlayerId[] } };
    case 'round.opened':
      return {
        ...v,
        round: d.round as number,
        date: d.date as IsoDate,
        phase: 'day',
        killAt: d.killAt as Millis | undefined,
        closeAt: d.closeAt as Millis,
        killDone: d.killAt === undefined,
        votes: {},
        waived: [],
        killOrder: undefined,
        protection: undefined,
        runoff: undefined,
        designated: undefined,
      };
    case 'round.timing':
      return { ...v, ...(d.closeAt !== undefined ? { closeAt: d.closeAt as Millis } : {}), ...(d.killAt !== undefined ? { killAt: d.killAt as Millis } : {}) };
    case 'round.dated':
      return { ...v, date: d.date as IsoDate };
    case 'vote.cast':
      return { ...v, votes: { ...v.votes, [d.voter as string]: d.target as string } };
    case 'votes.voided':
      return { ...v, votes: without(v.votes, d.voters as string[]) };
    case 'kill.ordered':
      return { ...v, killOrder: { target: d.target as string, by: d.by as string } };
    case 'protection.set':
      return { ...v, protection: d.target as string };
    case 'kill.resolved':
      return { ...v, killDone: true, lastProtection: d.protection as PlayerId | undefined, killOrder: undefined, protection: undefined };
    case 'outing.window':
      return { ...v, outingOpen: d.open as boolean };
    case 'outing.submitted':
      return { ...v, outing: { outer: d.outer as string, target: d.target as string, at: e.at, round: d.round as number, frozen: false } };
    case 'outing.withdrawn':
      return { ...v, outing: undefined };
    case 'outing.frozen':
      return v.outing ? { ...v, outing: { ...v.outing, frozen: true } } : v;
    case 'outing.resolved':
      return { ...v, outing: undefined };
    case 'kill.lost':
      return { ...v, killLostRound: d.round as number };
    case 'close.resolved':
      return { ...v, lastClose: e.at, absences: d.absences as PalState['absences'], votes: {}, waived: [] };
    case 'runoff.opened':
      return {
        ...v,
        phase: 'runoff',
        runoff: {
          round: d.round as number,
          candidates: d.candidates as PlayerId[],
          ballots: {},
          endsAt: d.endsAt as Millis,
          stage: 'poll',
          max: d.max as number,
        },
      };
    case 'runoff.ballot':
      return v.runoff ? { ...v, runoff: { ...v.runoff, ballots: { ...v.runoff.ballots, [d.voter as string]: d.target as string } } } : v;
    case 'runoff.extended':
      if (!v.runoff) return v;
      return {
        ...v,
        runoff: {
          ...v.runoff,
          stage: 'extension',
          candidates: d.candidates as PlayerId[],
          endsAt: d.endsAt as Millis,
          // Ballots for candidates no longer in the poll are void (PAL-TIE-4).
          ballots: Object.fromEntries(Object.entries(v.runoff.ballots).filter(([, t]) => (d.candidates as string[]).includes(t))),
        },
      };
    case 'runoff.timing':
      return v.runoff ? { ...v, runoff: { ...v.runoff, endsAt: d.endsAt as Millis } } : v;
    case 'runoff.dropped':
      if (!v.runoff) return v;
      return {
        ...v,
        runoff: {
          ...v.runoff,
          candidates: v.runoff.candidates.filter((c) => c !== d.player),
          ballots: Object.fromEntries(Object.entries(v.runoff.ballots).filter(([voter, t]) => t !== d.player && voter !== d.player)),
        },
      };
    case 'runoff.length':
      return { ...v, extensionMinutes: d.minutes as number };
    case 'runoff.designated':
      return { ...v, designated: d.player as string };
    case 'lastwords.granted':
      return { ...v, lastWords: { ...v.lastWords, [d.player as string]: { until: d.until as Millis, round: d.round as number } } };
    case 'votedout.set':
      return { ...v, lastVotedOut: d.players as PlayerId[] };
    case 'lastwords.posted': {
      const lw = v.lastWords[d.player as string];
      if (!lw) return v;
      return {
        ...v,
        lastWords: { ...v.lastWords, [d.player as string]: { ...lw, postId: d.postId as string, postedAt: e.at, windowEnd: d.windowEnd as Millis } },
      };
    }
    case 'lastwords.edited': {
      const lw = v.lastWords[d.player as string];
      if (!lw) return v;
      return { ...v, lastWords: { ...v.lastWords, [d.player as string]: { ...lw, windowEnd: d.windowEnd as Millis } } };
    }
    case 'absence.waived':
      return { ...v, waived: [...v.waived, d.player as string] };
    case 'absence.adjusted':
      return { ...v, absences: { ...v.absences, [d.player as string]: d.counter as PalState['absences'][string] } };
    case 'informant.told': {
      const inf = d.informant as string;
      return { ...v, knows: { ...v.knows, [inf]: [...(v.knows[inf] ?? []), d.killer as string] } };
    }
    case 'revealed':
      return { ...v, revealed: [...v.revealed, ...(d.players as string[])] };
    case 'player.removed': {
      // A player who leaves takes his own vote with him; votes for him are voided by an explicit event.
      const id = d.player as string;
      return { ...v, votes: without(v.votes, [id]) };
    }
    case 'game.ended':
      return { ...v, phase: 'over', outing: undefined, runoff: undefined };
    default:
      return v;
  }
}

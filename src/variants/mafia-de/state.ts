// The mafia-de slice of game state and its fold.
import type { Millis, PlayerId } from '../../core/types.ts';
import type { EngineEvent } from '../../engine/events.ts';
import type { EveryKey, GameConfig } from '../../engine/state.ts';
import { type DeEvent, opened } from './events.ts';
import { deOptions } from './options.ts';

/** A night ability kind (the keys of `acts`). */
export type ActKind = 'kill' | 'protect' | 'query' | 'compare' | 'frame' | 'voodoo' | 'rob';

/** One night submission: who sent it and whom it names. */
export interface Act {
  readonly by: PlayerId;
  readonly targets: readonly PlayerId[];
}

/** An accepted newspaper ad, waiting for its edition. */
export interface Ad {
  readonly author: PlayerId;
  readonly key: string;
  readonly display: string;
  readonly text: string;
  readonly seq: number;
}

/** A testament (DE-WILL). */
export interface Will {
  readonly text: string;
  readonly recipients: readonly PlayerId[];
}

/** How and when a participant left (for MSG-END). */
export interface Fate {
  readonly how: string;
  readonly phase: 'day' | 'night';
  readonly n: number;
}

/** The mafia-de slice. */
export interface DeState {
  /**
   * The number of the last day or night opened: the game's length once its end has closed the engine's phases (while
   * it runs, the open phase and its number are the engine's, `GameState.phases`).
   */
  readonly last: number;
  /** The deadline of the open phase as last scheduled (DE-SCHED-5: what players are told). */
  readonly deadline: Millis;
  readonly signupDeadline: Millis;
  readonly extensions: number;
  readonly blacklist: readonly string[];
  /** The game's own moderators (host and added ones): they cannot sign up (DE-GEN-1, DE-SIGN-2). */
  readonly moderators: readonly string[];
  readonly pauseDates: readonly string[];
  /** Day: latest accepted vote per voter (DE-VOTE-2). */
  readonly votes: Readonly<Record<PlayerId, PlayerId>>;
  /** Day: voters whose vote became void (DE-VOTE-8). */
  readonly voided: readonly PlayerId[];
  /** Day: players who sent an accepted vote (DE-INACT-1). */
  readonly tookPart: readonly PlayerId[];
  readonly threadHinted: readonly PlayerId[];
  /** Night: submissions by kind (DE-GEN-10: the latest replaces). */
  readonly acts: Readonly<Partial<Record<ActKind, Act>>>;
  /** Night: the stored death message (DE-KILL-2). */
  readonly dm?: string;
  /** Night: normalised texts the moderator rejected (DE-KILL-5). */
  readonly rejectedDms: readonly string[];
  /** The guardian's final choice of the previous night (DE-PROT-2). */
  readonly lastProtected?: PlayerId;
  /** The standing voodoo link: doll → linked player (DE-VOODOO-2). */
  readonly links: Readonly<Record<PlayerId, PlayerId>>;
  /** Night-1 role choices of the dealt mafiosi ('none' for keine). */
  readonly choices: Readonly<Record<PlayerId, string>>;
  readonly boss?: PlayerId;
  readonly successor?: PlayerId;
  /** The last day the insider guessed, and whether he found the detective (DE-INS). */
  readonly insiderDay?: number;
  readonly insiderDone: boolean;
  readonly ads: readonly Ad[];
  readonly adSeq: number;
  readonly pseudonyms: Readonly<Record<string, { readonly author: PlayerId; readonly display: string }>>;
  readonly adCount: Readonly<Record<PlayerId, number>>;
  readonly wills: Readonly<Record<PlayerId, Will>>;
  readonly warnings: Readonly<Record<PlayerId, number>>;
  /** The cycle of each player's latest automatic warning (DE-INACT-3). */
  readonly autoWarned: Readonly<Record<PlayerId, number>>;
  /** Qualifying thread posts in the open cycle (DE-INACT-2). */
  readonly posts: Readonly<Record<PlayerId, number>>;
  readonly surrenders: readonly { readonly postId: string; readonly author: PlayerId; readonly at: Millis }[];
  readonly fates: Readonly<Record<PlayerId, Fate>>;
}

/** The slice at creation. */
export function initialDe(config: GameConfig): DeState {
  const o = deOptions(config);
  return canonical({
    last: 0,
    deadline: config.signupDeadline ?? config.startAt,
    signupDeadline: config.signupDeadline ?? config.startAt,
    extensions: 0,
    blacklist: o.blacklist,
    moderators: [],
    pauseDates: o.pauseDates,
    votes: {},
    voided: [],
    tookPart: [],
    threadHinted: [],
    acts: {},
    rejectedDms: [],
    links: {},
    choices: {},
    insiderDone: false,
    ads: [],
    adSeq: 0,
    pseudonyms: {},
    adCount: {},
    wills: {},
    warnings: {},
    autoWarned: {},
    posts: {},
    surrenders: [],
    fates: {},
  });
}

function without<T>(rec: Readonly<Record<string, T>>, keys: readonly string[]): Record<string, T> {
  const out = { ...rec };
  for (const k of keys) delete out[k];
  return out;
}

/** Folds one event into the mafia-de slice. */
export function evolveDe(v: DeState, e: DeEvent): DeState {
  const next = step(v, e);
  return next === v ? v : canonical(next);
}

/** The slice rebuilt by one object literal (every key, in one order), so all slices share one hidden class. */
function canonical(v: DeState): DeState {
  const c: EveryKey<DeState> = {
    last: v.last,
    deadline: v.deadline,
    signupDeadline: v.signupDeadline,
    extensions: v.extensions,
    blacklist: v.blacklist,
    moderators: v.moderators,
    pauseDates: v.pauseDates,
    votes: v.votes,
    voided: v.voided,
    tookPart: v.tookPart,
    threadHinted: v.threadHinted,
    acts: v.acts,
    dm: v.dm,
    rejectedDms: v.rejectedDms,
    lastProtected: v.lastProtected,
    links: v.links,
    choices: v.choices,
    boss: v.boss,
    successor: v.successor,
    insiderDay: v.insiderDay,
    insiderDone: v.insiderDone,
    ads: v.ads,
    adSeq: v.adSeq,
    pseudonyms: v.pseudonyms,
    adCount: v.adCount,
    wills: v.wills,
    warnings: v.warnings,
    autoWarned: v.autoWarned,
    posts: v.posts,
    surrenders: v.surrenders,
    fates: v.fates,
  };
  return c;
}

function step(v: DeState, e: DeEvent): DeState {
  // The engine's opening of a day or night, or the rulebook's own in logs written before the engine kept the phase.
  const open = opened(e);
  if (open?.phase === 'day') {
    // A new cycle starts with every day (DE-NEWS-4, DE-INACT-2).
    return { ...v, last: open.n, votes: {}, voided: [], tookPart: [], threadHinted: [], adCount: {}, posts: {} };
  }
  if (open) return { ...v, last: open.n, acts: {}, dm: undefined, rejectedDms: [] };
  switch (e.type) {
    case 'signup.deadline':
      return { ...v, signupDeadline: e.data.deadline, deadline: e.data.deadline, extensions: e.data.extensions ?? v.extensions };
    // The service's events name the game's moderators (the engine ignores them otherwise).
    case 'game.hosted':
      return { ...v, moderators: [String(e.data.host)] };
    case 'moderator.added':
      return { ...v, moderators: [...v.moderators, String(e.data.name)] };
    case 'blacklist.set':
      return { ...v, blacklist: e.data.names };
    case 'pause-dates.set':
      return { ...v, pauseDates: e.data.dates };
    // The phase's end as the engine schedules it (planned on opening, moved by the moderator or a resumed pause).
    case 'schedule.set':
      return { ...v, deadline: e.data.deadlines.find((d) => d.kind === 'phase')?.at ?? v.deadline };
    case 'phase.deadline':
      return { ...v, deadline: e.data.deadline };
    case 'vote.cast': {
      const { voter, target } = e.data;
      return {
        ...v,
        votes: { ...v.votes, [voter]: target },
        voided: v.voided.filter((x) => x !== voter),
        tookPart: v.tookPart.includes(voter) ? v.tookPart : [...v.tookPart, voter],
      };
    }
    case 'votes.voided':
      return { ...v, votes: without(v.votes, e.data.voters), voided: [...v.voided, ...e.data.voters] };
    case 'thread.vote.hinted':
      return { ...v, threadHinted: [...v.threadHinted, e.data.player] };
    case 'night.act':
      return { ...v, acts: { ...v.acts, [e.data.kind]: { by: e.data.by, targets: e.data.targets } } };
    case 'night.acts.voided':
      return { ...v, acts: without(v.acts, e.data.kinds), ...(e.data.kinds.includes('kill') ? { dm: undefined } : {}) };
    case 'dm.stored':
      return { ...v, dm: e.data.text };
    case 'dm.rejected':
      return { ...v, dm: undefined, rejectedDms: [...v.rejectedDms, e.data.normalized] };
    case 'night.resolved':
      return { ...v, lastProtected: e.data.protected, links: e.data.links };
    case 'links.set':
      return { ...v, links: e.data.links };
    case 'role.chosen':
      return { ...v, choices: { ...v.choices, [e.data.player]: e.data.role } };
    case 'boss.set':
      return { ...v, boss: e.data.boss, successor: undefined };
    case 'successor.designated':
      return { ...v, successor: e.data.player };
    case 'insider.guessed':
      return { ...v, insiderDay: e.data.day, insiderDone: v.insiderDone || e.data.hit };
    case 'ad.accepted': {
      const { author, key, display, text } = e.data;
      const ad: Ad = { author, key, display: v.pseudonyms[key]?.display ?? display, text, seq: v.adSeq };
      return {
        ...v,
        ads: [...v.ads, ad],
        adSeq: v.adSeq + 1,
        pseudonyms: v.pseudonyms[key] ? v.pseudonyms : { ...v.pseudonyms, [key]: { author, display } },
        adCount: { ...v.adCount, [author]: (v.adCount[author] ?? 0) + 1 },
      };
    }
    case 'ads.published':
      return { ...v, ads: [] };
    case 'ads.dropped': {
      const author = e.data.author;
      return { ...v, ads: v.ads.filter((a) => a.author !== author) };
    }
    case 'will.set':
      return { ...v, wills: { ...v.wills, [e.data.player]: { text: e.data.text, recipients: e.data.recipients } } };
    case 'will.deleted':
      return { ...v, wills: without(v.wills, [e.data.player]) };
    case 'warning.changed': {
      const p = e.data.player;
      const auto = e.data.cycle;
      return { ...v, warnings: { ...v.warnings, [p]: e.data.count }, autoWarned: auto !== undefined ? { ...v.autoWarned, [p]: auto } : v.autoWarned };
    }
    case 'post.counted':
      return { ...v, posts: { ...v.posts, [e.data.player]: (v.posts[e.data.player] ?? 0) + 1 } };
    case 'surrender.posted':
      return { ...v, surrenders: [...v.surrenders, { postId: e.data.postId, author: e.data.author, at: e.at }] };
    case 'surrender.expired': {
      const postId = e.data.postId;
      return { ...v, surrenders: v.surrenders.filter((x) => x.postId !== postId) };
    }
    case 'fate':
      return { ...v, fates: { ...v.fates, [e.data.player]: { how: e.data.how, phase: e.data.phase, n: e.data.n } } };
    case 'player.removed': {
      const id = e.data.player;
      const links = Object.fromEntries(Object.entries(v.links).filter(([doll, x]) => doll !== id && x !== id));
      return { ...v, votes: without(v.votes, [id]), links };
    }
    case 'player.restored':
      return { ...v, fates: without(v.fates, [e.data.player]) };
    case 'game.ended':
    case 'game.cancelled':
      return { ...v, surrenders: [] };
    case 'role.assigned':
    case 'role.drawn':
    case 'phase.opened': // read above
      return v;
    default:
      // Engine events the slice does not read (the compiler checks that every mafia-de event has its case above).
      return engineOnly(e, v);
  }
}

/** The fold of an engine event that does not touch the slice. */
function engineOnly(_e: EngineEvent, v: DeState): DeState {
  return v;
}

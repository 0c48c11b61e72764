// The mafia-de slice of game state and its fold.
import type { GameEvent, Millis, PlayerId } from '../../core/types.ts';
import type { GameConfig } from '../../engine/state.ts';
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
  readonly phase: 'signup' | 'day' | 'night' | 'over';
  /** Number of the open day or night. */
  readonly n: number;
  readonly opensAt: Millis;
  readonly deadline: Millis;
  /** The most recent day and its deadline (R-VOTE-CLOSED). */
  readonly lastDay?: { readonly n: number; readonly deadline: Millis };
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
  return {
    phase: 'signup',
    n: 0,
    opensAt: config.createdAt,
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
  };
}

function without<T>(rec: Readonly<Record<string, T>>, keys: readonly string[]): Record<string, T> {
  const out = { ...rec };
  for (const k of keys) delete out[k];
  return out;
}

/** Folds one event into the mafia-de slice. */
export function evolveDe(v: DeState, e: GameEvent): DeState {
  const d = e.data as Record<string, unknown>;
  switch (e.type) {
    case 'signup.deadline':
      return { ...v, signupDeadline: d.deadline as Millis, deadline: d.deadline as Millis, extensions: (d.extensions as number | undefined) ?? v.extensions };
    // The service's events name the game's moderators (the engine ignores them otherwise).
    case 'game.hosted':
      return { ...v, moderators: [String(d.host)] };
    case 'moderator.added':
      return { ...v, moderators: [...v.moderators, String(d.name)] };
    case 'blacklist.set':
      return { ...v, blacklist: d.names as string[] };
    case 'pause-dates.set':
      return { ...v, pauseDates: d.dates as string[] };
    case 'phase.opened': {
      const phase = d.phase as 'day' | 'night';
      const base = { ...v, phase, n: d.n as number, opensAt: e.at, deadline: d.deadline as Millis };
      if (phase === 'day') {
        // A new cycle starts with every day (DE-NEWS-4, DE-INACT-2).
        return { ...base, votes: {}, voided: [], tookPart: [], threadHinted: [], adCount: {}, posts: {} };
      }
      return { ...base, lastDay: { n: v.n, deadline: e.at }, acts: {}, dm: undefined, rejectedDms: [] };
    }
    case 'phase.deadline':
      return { ...v, deadline: d.deadline as Millis };
    case 'vote.cast':
      return {
        ...v,
        votes: { ...v.votes, [d.voter as string]: d.target as string },
        voided: v.voided.filter((x) => x !== d.voter),
        tookPart: v.tookPart.includes(d.voter as string) ? v.tookPart : [...v.tookPart, d.voter as string],
      };
    case 'votes.voided':
      return { ...v, votes: without(v.votes, d.voters as string[]), voided: [...v.voided, ...(d.voters as string[])] };
    case 'thread.vote.hinted':
      return { ...v, threadHinted: [...v.threadHinted, d.player as string] };
    case 'night.act':
      return { ...v, acts: { ...v.acts, [d.kind as ActKind]: { by: d.by as string, targets: d.targets as string[] } } };
    case 'night.acts.voided':
      return { ...v, acts: without(v.acts, d.kinds as string[]), ...((d.kinds as string[]).includes('kill') ? { dm: undefined } : {}) };
    case 'dm.stored':
      return { ...v, dm: d.text as string };
    case 'dm.rejected':
      return { ...v, dm: undefined, rejectedDms: [...v.rejectedDms, d.normalized as string] };
    case 'night.resolved':
      return { ...v, lastProtected: d.protected as PlayerId | undefined, links: d.links as Record<string, string> };
    case 'links.set':
      return { ...v, links: d.links as Record<string, string> };
    case 'role.chosen':
      return { ...v, choices: { ...v.choices, [d.player as string]: d.role as string } };
    case 'boss.set':
      return { ...v, boss: d.boss as PlayerId | undefined, successor: undefined };
    case 'successor.designated':
      return { ...v, successor: d.player as string };
    case 'insider.guessed':
      return { ...v, insiderDay: d.day as number, insiderDone: v.insiderDone || (d.hit as boolean) };
    case 'ad.accepted': {
      const author = d.author as string;
      const key = d.key as string;
      const ad: Ad = { author, key, display: v.pseudonyms[key]?.display ?? (d.display as string), text: d.text as string, seq: v.adSeq };
      return {
        ...v,
        ads: [...v.ads, ad],
        adSeq: v.adSeq + 1,
        pseudonyms: v.pseudonyms[key] ? v.pseudonyms : { ...v.pseudonyms, [key]: { author, display: d.display as string } },
        adCount: { ...v.adCount, [author]: (v.adCount[author] ?? 0) + 1 },
      };
    }
    case 'ads.published':
      return { ...v, ads: [] };
    case 'ads.dropped':
      return { ...v, ads: v.ads.filter((a) => a.author !== d.author) };
    case 'will.set':
      return { ...v, wills: { ...v.wills, [d.player as string]: { text: d.text as string, recipients: d.recipients as string[] } } };
    case 'will.deleted':
      return { ...v, wills: without(v.wills, [d.player as string]) };
    case 'warning.changed': {
      const p = d.player as string;
      const auto = d.cycle as number | undefined;
      return { ...v, warnings: { ...v.warnings, [p]: d.count as number }, autoWarned: auto !== undefined ? { ...v.autoWarned, [p]: auto } : v.autoWarned };
    }
    case 'post.counted':
      return { ...v, posts: { ...v.posts, [d.player as string]: (v.posts[d.player as string] ?? 0) + 1 } };
    case 'surrender.posted':
      return { ...v, surrenders: [...v.surrenders, { postId: d.postId as string, author: d.author as string, at: e.at }] };
    case 'surrender.expired':
      return { ...v, surrenders: v.surrenders.filter((x) => x.postId !== d.postId) };
    case 'fate':
      return { ...v, fates: { ...v.fates, [d.player as string]: { how: d.how as string, phase: d.phase as 'day' | 'night', n: d.n as number } } };
    case 'player.removed': {
      const id = d.player as string;
      const links = Object.fromEntries(Object.entries(v.links).filter(([doll, x]) => doll !== id && x !== id));
      return { ...v, votes: without(v.votes, [id]), links };
    }
    case 'player.restored':
      return { ...v, fates: without(v.fates, [d.player as string]) };
    case 'game.ended':
    case 'game.cancelled':
      return { ...v, phase: 'over', surrenders: [] };
    default:
      return v;
  }
}

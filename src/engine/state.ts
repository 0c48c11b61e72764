// The generic game state every variant shares, and the configuration a game is created with.
import { list } from '../core/params.ts';
import type { Millis, ParamList, PlayerId } from '../core/types.ts';
import type { Calendar } from './calendar.ts';
import type { IsoDate } from './time.ts';

/** A supported message language. */
export type Locale = 'el' | 'en' | 'de' | 'ru';

/** Where a player stands: in the game, out of it, or (signup) withdrawn. Variants may add states. */
export type PlayerStatus = 'alive' | 'out' | 'withdrawn';

/** One seat of a game. */
export interface PlayerState {
  readonly id: PlayerId;
  /** The registered forum name (a substitute's name replaces it). */
  readonly name: string;
  /** Position in signup order (0-based, among all signups ever made). */
  readonly index: number;
  readonly role?: string;
  readonly status: PlayerStatus;
  readonly removedAt?: Millis;
  /** How the player left: 'vote', 'murder', 'absences', 'outing', 'moderator', … */
  readonly removedHow?: string;
  /** Names that held this seat before a substitute took it over (they are no longer in the game). */
  readonly formerNames?: readonly string[];
}

/** A scheduled instant of a game: the scheduler fires it as `deadline.reached`. */
export interface Deadline {
  /** Unique within the game, e.g. 'r2:close'. */
  readonly id: string;
  /** What happens then; the variant interprets it ('signup.close', 'start', 'kill', 'close', …). */
  readonly kind: string;
  readonly at: Millis;
  readonly round?: number;
}

/**
 * A phase of the declared schedule open now (engine/phases.ts): its id, the round (day or night number) it belongs
 * to, its date where the rulebook dates its phases, and when it opened.
 */
export interface OpenPhase {
  readonly id: string;
  readonly round: number;
  readonly date?: IsoDate;
  readonly openedAt: Millis;
  /** Opened beside the cycle (a night beside the next day): the cycle's openings leave it open until it exits. */
  readonly beside?: true;
}

/** The configuration a game is created with (validated at the edge). */
export interface GameConfig {
  readonly variant: string;
  readonly locale: Locale;
  readonly timeZone: string;
  readonly calendar: Calendar;
  readonly createdAt: Millis;
  /** When signup closes and roles are dealt (defaults to startAt). */
  readonly signupDeadline?: Millis;
  /** When the game starts (start announcement, round 1 opens). */
  readonly startAt: Millis;
  /** The date of round 1 (defaults to the local date of startAt). */
  readonly firstRoundDate?: IsoDate;
  /** A label used in messages (e.g. a game number). */
  readonly gameNumber?: string;
  /** Roles fixed by the moderator, by player name (no draw is consumed). */
  readonly fixedRoles?: Readonly<Record<string, string>>;
  /** An explicit role list to shuffle instead of the variant's default table. */
  readonly roleList?: readonly string[];
  /** Variant-specific options (validated by the variant). */
  readonly options: Readonly<Record<string, unknown>>;
}

/** The end of a game. */
export interface Outcome {
  /** The winning side's id, or 'none' when the moderator stops a game without a winner. */
  readonly side: string;
  /** Why, as a message key of the variant. */
  readonly reason: string;
  readonly players: readonly PlayerId[];
}

/** Lifecycle of a game. */
export type GameStatus = 'signup' | 'dealt' | 'running' | 'ended' | 'cancelled';

/** The state of one game: a fold of its events. `V` is the variant's own slice. */
export interface GameState<V = unknown> {
  /** Number of events folded in. */
  readonly version: number;
  readonly config: GameConfig;
  readonly commitment: string;
  /** The secret seed; never shown to anyone before the game ends. */
  readonly seed: string;
  readonly status: GameStatus;
  readonly players: Readonly<Record<PlayerId, PlayerState>>;
  /** Signed-up players in signup order (withdrawn ones removed). */
  readonly order: readonly PlayerId[];
  /** Signups ever made (for fresh ids). */
  readonly signups: number;
  /** The RNG key, set at the deal. */
  readonly key?: string;
  /** Draws consumed so far. */
  readonly draws: number;
  /** Pending deadlines, earliest first. */
  readonly deadlines: readonly Deadline[];
  /** The latest instant the game has processed. */
  readonly clock: Millis;
  /**
   * The phases open now, the latest opened last (none before the first opens and after the end): folded from the
   * engine's `phase.entered`/`phase.exited`/`phase.dated` events, and from the events a rulebook logged for them
   * before the engine kept the phase (`Timetable.logged`).
   */
  readonly phases: readonly OpenPhase[];
  /** Set while the moderator has paused the game. */
  readonly pausedSince?: Millis;
  readonly calendar: Calendar;
  readonly outcome?: Outcome;
  /** Thread posts made so far (for post ids). */
  readonly posts: number;
  /**
   * Author of each thread post, one character per post in publication order: the author's seat (`index`) as
   * SEAT_BASE + seat, or NAMED for a post published under an explicit id. One byte a post, so a long game's state
   * and snapshots stay small (a list of [id, author] pairs made a state grow 18 bytes with every post). Read it
   * with `postAuthor`.
   */
  readonly postAuthors: string;
  /** Posts published under an explicit id (game scripts name posts): id → author. */
  readonly namedPosts: Readonly<Record<string, PlayerId>>;
  readonly v: V;
}

/**
 * Every key of a rulebook's slice, optional ones included (`T[K]`, which may be undefined): the type of the one
 * object literal a rulebook's fold rebuilds its slice with after each change, so a key left out is a compile error.
 * One literal gives every slice of a rulebook one hidden class, which keeps V8's spreads and property reads of the
 * slice monomorphic (see engine/evolve.ts); spreads of spreads gave every copy a class of its own.
 */
export type EveryKey<T> = { [K in keyof Required<T>]: T[K] };

/** `postAuthors` stores seat k as this character code + k (printable, above NAMED). */
const SEAT_BASE = 0x30;
/** `postAuthors`' character for a post published under an explicit id. */
const NAMED = '-';
/** Seats from here on would reach UTF-16 surrogates, which UTF-8 storage cannot keep: they go to `namedPosts`. */
const SEAT_LIMIT = 0xd800 - SEAT_BASE;

/** The number n of a default post id `post<n>`, or undefined. */
function defaultPostNumber(postId: string): number | undefined {
  if (!postId.startsWith('post')) return undefined;
  const n = Number(postId.slice(4));
  return Number.isInteger(n) && n > 0 && `post${n}` === postId ? n : undefined;
}

/** The author of a thread post, if the post exists (the first post of that id when ids repeat). */
export function postAuthor<V>(s: GameState<V>, postId: string): PlayerId | undefined {
  if (Object.hasOwn(s.namedPosts, postId)) return s.namedPosts[postId];
  const n = defaultPostNumber(postId);
  if (n === undefined) return undefined;
  const seat = s.postAuthors.charCodeAt(n - 1) - SEAT_BASE;
  if (!(seat >= 0)) return undefined;
  for (const id in s.players) if (s.players[id]!.index === seat) return id;
  return undefined;
}

/** The post-author fields of a state after `author` publishes post number `s.posts + 1` under `postId`. */
export function withPostAuthor<V>(s: GameState<V>, postId: string, author: PlayerId): Pick<GameState<V>, 'postAuthors' | 'namedPosts'> {
  const seat = s.players[author]?.index;
  if (seat !== undefined && seat < SEAT_LIMIT && postId === `post${s.posts + 1}` && !Object.hasOwn(s.namedPosts, postId)) {
    return { postAuthors: s.postAuthors + String.fromCharCode(SEAT_BASE + seat), namedPosts: s.namedPosts };
  }
  // An id that already names a post keeps naming the first one.
  const known = postAuthor(s, postId) !== undefined;
  return { postAuthors: s.postAuthors + NAMED, namedPosts: known ? s.namedPosts : { ...s.namedPosts, [postId]: author } };
}

/** Players in signup order with the given status (default: in the game). */
export function playersIn<V>(s: GameState<V>, status: PlayerStatus = 'alive'): PlayerState[] {
  const out: PlayerState[] = [];
  for (const id of s.order) {
    const p = s.players[id]!;
    if (p.status === status) out.push(p);
  }
  return out;
}

/**
 * Every player who signed up and did not withdraw, in signup order: the names a command's argument may match. The
 * same list (one object) while the players do not change, so name matching can index it once.
 */
export function signedUp<V>(s: GameState<V>): readonly PlayerState[] {
  return signedUpList(s);
}

const signedUpList: (s: GameState<unknown>) => readonly PlayerState[] = perParts(
  (s: GameState<unknown>) => [s.players],
  (s: GameState<unknown>) => s.order.map((id) => s.players[id]!),
);

/** The targets a player may name: everyone else in the game, in signup order. */
export function othersIn<V>(s: GameState<V>, me: PlayerId): PlayerId[] {
  return inGameIds(s).filter((id) => id !== me);
}

/** True when the player exists and is in the game. */
export function isAlive<V>(s: GameState<V>, id: PlayerId | undefined): boolean {
  return id !== undefined && s.players[id]?.status === 'alive';
}

/** The player's name (or the id when unknown, which only a bug can cause). */
export function nameOf<V>(s: GameState<V>, id: PlayerId): string {
  return s.players[id]?.name ?? id;
}

/** Names of the given players in signup order, as a list parameter shown joined with ', ' (`empty` for none). */
export function namesOf<V>(s: GameState<V>, ids: Iterable<PlayerId>, empty?: string): ParamList {
  const set = new Set(ids);
  const names: string[] = [];
  for (const id of s.order) if (set.has(id)) names.push(nameOf(s, id));
  return list(names, 'comma', empty);
}

/** Sorts ids by signup order. */
export function bySignup<V>(s: GameState<V>, ids: Iterable<PlayerId>): PlayerId[] {
  const set = new Set(ids);
  return s.order.filter((id) => set.has(id));
}

/** When set, every remembered perParts answer is checked against a fresh one (the test suite sets it). */
let verifying = false;

/**
 * Makes every answer perParts gives from memory be worked out again and compared: a part `answer` reads that its
 * list leaves out then fails the tests that reach it, instead of serving a stale answer. The test setup turns it on.
 */
export function verifyPartMemos(on: boolean): void {
  verifying = on;
}

/** Answers perParts remembers per question: the latest few (one per city, a few games at once). */
const RECENT = 8;

/**
 * A question about a game state that reads only some of its parts, answered again only when one of them changed:
 * `parts` lists them (a question with arguments names them too), and a remembered answer stands while every part is
 * the same value or object. A state's parts keep their identity until an event replaces them, so an answer outlives
 * the many events (posts, messages) that leave its parts alone. The latest few answers are kept, strongly: a
 * WeakMap keyed by short-lived parts kept their answers through the young generation's collections, which promoted
 * them (a simulated game's resident memory went from 7 to 12 KB). `parts` must name everything `answer` reads;
 * under `verifyPartMemos` a part left out is an error.
 */
export function perParts<S, A extends unknown[], T>(parts: (s: S, ...args: A) => readonly unknown[], answer: (s: S, ...args: A) => T): (s: S, ...args: A) => T {
  const recent: { readonly parts: readonly unknown[]; readonly value: T }[] = [];
  return (s, ...args) => {
    const now = parts(s, ...args);
    for (const hit of recent) {
      if (hit.parts.length !== now.length || !hit.parts.every((x, i) => x === now[i])) continue;
      if (verifying && JSON.stringify(answer(s, ...args)) !== JSON.stringify(hit.value)) {
        throw new Error(`perParts: a remembered answer of ${answer.name || 'a question'} differs from a fresh one; its parts miss something it reads`);
      }
      return hit.value;
    }
    const value = answer(s, ...args);
    recent.unshift({ parts: now, value });
    if (recent.length > RECENT) recent.pop();
    return value;
  };
}

/** The ids of the players in the game, in signup order (one list while the players stand: every seat asks). */
const inGameIds: (s: GameState<unknown>) => readonly PlayerId[] = perParts(
  (s: GameState<unknown>) => [s.players],
  (s: GameState<unknown>) => playersIn(s).map((p) => p.id),
);

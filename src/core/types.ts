// Contracts shared by every layer: ids, audiences, events, commands, rejections, viewers.
// No I/O and no behaviour beyond tiny constructors live here.

/** A player's stable id inside one game (a seat: a substitute inherits it). */
export type PlayerId = string;

/** Epoch milliseconds; the engine never reads a clock, every instant arrives as data. */
export type Millis = number;

/**
 * Who may see an event. A viewer outside it sees only the event's sequence number. `duty` names the staff capacity
 * a non-public event belongs to (mafia-cities: prokurator or consigliere, CIT-ENG-3): staff who hold capacities see
 * it only when they hold that one.
 */
export type Audience =
  | { readonly kind: 'public' }
  | { readonly kind: 'players'; readonly ids: readonly PlayerId[]; readonly duty?: string }
  | { readonly kind: 'team'; readonly team: string; readonly ids: readonly PlayerId[]; readonly duty?: string }
  | { readonly kind: 'moderator'; readonly duty?: string }
  /** Nobody, not even the moderator (the secret seed until the game ends). */
  | { readonly kind: 'secret' };

/** One fact in a game's append-only log. `data` is a plain JSON value. */
export interface GameEvent<T extends string = string, D = unknown> {
  readonly type: T;
  readonly at: Millis;
  readonly audience: Audience;
  readonly data: D;
}

/**
 * The event union of a vocabulary: `M` maps each event type to its data, so a misspelt type or field is a compile
 * error wherever events are emitted or folded. The stored JSON is the same `GameEvent`.
 */
export type EventOf<M> = { [T in keyof M & string]: GameEvent<T, M[T]> }[keyof M & string];

/** The data of the event of type `T` in the union `E`. */
export type DataOf<E extends GameEvent, T extends E['type']> = Extract<E, { readonly type: T }>['data'];

/** Who issues a command. */
export type Actor =
  | { readonly kind: 'player'; readonly id: PlayerId }
  /** Someone not (yet) in the game, known only by a display name (signup posts, spectators). */
  | { readonly kind: 'guest'; readonly name: string }
  | { readonly kind: 'moderator'; readonly name: string }
  | { readonly kind: 'system' };

/** What a reference names: a thing of the rulebook whose name the renderer looks up per language. */
export type RefKind = 'role' | 'side' | 'team' | 'weekday';

/** A reference to a thing of the game by id (a role, a side, a team; a weekday is its ISO number, '1' = Monday). */
export interface Ref {
  readonly ref: RefKind;
  readonly id: string;
}

/**
 * How a list is joined: `and`/`or` in the language of the sentence (Intl.ListFormat conjunction/disjunction);
 * `comma`, `semicolon`, `space` and `none` are the rulebook's own punctuation (", ", "; ", " ", nothing) for lists of
 * phrases and sentences.
 */
export type ListJoin = 'and' | 'or' | 'comma' | 'semicolon' | 'space' | 'none';

/** A list of parameters; `empty` is shown instead when it has no items (e.g. «keine», «—»). */
export interface ParamList {
  readonly list: readonly Param[];
  readonly join: ListJoin;
  readonly empty?: Param;
}

/** A phrase of the rulebook's message tables with its own parameters (a date, a «name – role» pair, a fate). */
export interface Phrase {
  readonly phrase: string;
  readonly params?: Params;
}

/** A parameter of a message or rejection: a value, a reference, a list or a phrase, never a packed string. */
export type Param = string | number | Ref | ParamList | Phrase;

/** The named parameters of a message. */
export type Params = Readonly<Record<string, Param>>;

/** A localisable message: a template key of the variant plus its parameters. */
export interface Message {
  readonly key: string;
  readonly params?: Params;
}

/** A refusal of a player's or moderator's action: a stable code plus parameters for the sentence. */
export interface Rejection<C extends string = string> {
  readonly code: C;
  readonly params?: Params;
}

/** Moderator command: a named action with JSON arguments validated by the engine or the variant. */
export interface ModeratorAction {
  readonly action: string;
  readonly args?: Readonly<Record<string, unknown>>;
}

/** Every input a game accepts. Each carries the instant it was stamped with. */
export type Command =
  /** A post in a thread (votes and signups are posts); `channel` names it when the game has several (default: the main thread). */
  | { readonly type: 'post'; readonly at: Millis; readonly actor: Actor; readonly text: string; readonly postId?: string; readonly channel?: string }
  /** An edit of an earlier thread post (tracked only where rules need it, e.g. last words). */
  | { readonly type: 'post.edit'; readonly at: Millis; readonly actor: Actor; readonly postId: string; readonly text: string }
  /** A private message to the moderator (night orders and the like); `subject` is the PM's subject line, if any. */
  | { readonly type: 'pm'; readonly at: Millis; readonly actor: Actor; readonly text: string; readonly subject?: string }
  /** A moderator's command. */
  | { readonly type: 'mod'; readonly at: Millis; readonly actor: Actor; readonly mod: ModeratorAction }
  /** The scheduler (or a script's clock) says that time has reached `at`: fire every deadline due by then. */
  | { readonly type: 'deadline.reached'; readonly at: Millis; readonly actor: Actor };

/** Who is looking at a game. */
export type Viewer =
  | { readonly kind: 'player'; readonly id: PlayerId }
  /** `duties`: the staff capacities he holds (mafia-cities CIT-ENG-3); absent = every duty (the whole console). */
  | { readonly kind: 'moderator'; readonly duties?: readonly string[] }
  | { readonly kind: 'spectator' };

/** The system actor, used for scheduled deadlines. */
export const SYSTEM: Actor = { kind: 'system' };

/** The public audience. */
export const PUBLIC: Audience = { kind: 'public' };

/** The moderator-only audience. */
export const MODERATOR: Audience = { kind: 'moderator' };

/** An audience of the given players. */
export function toPlayers(...ids: PlayerId[]): Audience {
  return { kind: 'players', ids };
}

// The contract a rulebook implements: data (roles, sides, syntax, messages, options) plus small hooks that the
// engine calls with a Builder. The engine never imports a variant; variants are registered and handed in.
import type { z } from 'zod';
import type { Audience, Command, Millis, PlayerId, Rejection } from '../core/types.ts';
import type { Standing } from './absence.ts';
import type { ActionTable } from './actions/declare.ts';
import { legalOf } from './actions/legal.ts';
import type { AnyEvents, Builder } from './builder.ts';
import type { Calendar } from './calendar.ts';
import type { ChannelDef } from './channels.ts';
import type { EventsOf } from './events.ts';
import type { RuleFiring } from './firing.ts';
import type { ModActionInfo } from './modactions.ts';
import type { ModKitInfo } from './modkit.ts';
import type { SyntaxRule } from './parse.ts';
import type { Timetable } from './schedule.ts';
import type { GameConfig, GameState, Locale } from './state.ts';
import type { IsoDate } from './time.ts';
import type { NameIndex, VoteOrder, VoteStep } from './vote-log.ts';

/** A role of a rulebook. */
export interface RoleDef {
  readonly id: string;
  /** The side it wins with. */
  readonly side: string;
  /** The formal team a reveal or a check shows. */
  readonly team: string;
  /** Display names per locale. */
  readonly names: Partial<Record<Locale, string>>;
  /** One-line summary per locale, for `narrator rules`. */
  readonly summary: Partial<Record<Locale, string>>;
}

/** Other things a rulebook deals besides roles (cards, tokens): what `narrator rules` lists under its own heading. */
export interface PieceSet {
  readonly heading: Partial<Record<Locale, string>>;
  readonly pieces: readonly { readonly id: string; readonly names: Partial<Record<Locale, string>>; readonly summary: Partial<Record<Locale, string>> }[];
  /** How many of each piece a deal to `n` players holds. */
  counts?(n: number): Readonly<Record<string, number>>;
}

/** A side that can win. */
export interface SideDef {
  readonly id: string;
  readonly names: Partial<Record<Locale, string>>;
}

/** One argument of a legal action, in order: what a form asks for. */
export type LegalParam =
  | {
      readonly kind: 'player';
      readonly key: string;
      /** The players it may name now, in signup order (every one is accepted by the command check). */
      readonly targets: readonly PlayerId[];
      readonly optional?: boolean;
      readonly label?: string;
    }
  | { readonly kind: 'choice'; readonly key: string; readonly values: readonly string[]; readonly optional?: boolean; readonly label?: string }
  | { readonly kind: 'text'; readonly key: string; readonly multiline: boolean; readonly max?: number; readonly optional?: boolean; readonly label?: string };

/** What a player may do right now (for forms, bots, reminders and `legal actions` in the API). */
export interface LegalAction {
  /** The command id of the syntax table ('vote', 'kill', …). */
  readonly command: string;
  /** Where it is sent. */
  readonly via: 'post' | 'pm';
  /** For a post: the channel it is posted in, when the game has several (engine/channels.ts). */
  readonly channel?: string;
  /** How to write it (the canonical keyword line with `{name}`, `{choice}`, `{text}` placeholders). */
  readonly template: string;
  /** Allowed targets of its first player argument, in signup order (absent when the command takes none). */
  readonly targets?: readonly PlayerId[];
  /** Allowed values of its first choice argument (`{choice}` in the template), as the player writes them. */
  readonly choices?: readonly string[];
  /** When the current window for it closes, if known. */
  readonly until?: Millis;
  /** The moderator has paused the game: the action is still taken, but no window closes until he resumes. */
  readonly paused?: boolean;
  /** The declaration it comes from (several may answer one command, e.g. one per card); declared actions only. */
  readonly id?: string;
  /** The keyword as the game's role messages teach it ('' when the action is a whole post, such as last words). */
  readonly keyword?: string;
  /** The line to send, with one `{key}` slot per argument (`Kill: {target}`). */
  readonly line?: string;
  /** Its arguments in order, each with what it may be now. */
  readonly params?: readonly LegalParam[];
  /** It cannot be replaced or undone once accepted (last words, a card). */
  readonly irreversible?: boolean;
  /** A form asks the player to confirm before sending it. */
  readonly confirm?: boolean;
}

/** A rulebook's own live vote count (several votes at once, e.g. one per city): ids, with each line's channel. */
export interface LiveCount {
  readonly round: number;
  readonly phase: string;
  readonly lines: readonly { readonly target: PlayerId; readonly voters: readonly PlayerId[]; readonly channel?: string }[];
  readonly notVoted: readonly PlayerId[];
  /** With a vote per thread (one per city): who has not voted there, by channel, so each thread's count lists its own. */
  readonly notVotedIn?: Readonly<Record<string, readonly PlayerId[]>>;
}

/**
 * Why a configuration cannot be played, as a create form shows it: the setup field at fault (`startAt`, `gameNumber`,
 * `options`, …), a stable reason with its parameters, and the English text the API and scripts print.
 */
export interface ConfigProblem {
  readonly field: string;
  readonly reason: string;
  readonly params: Readonly<Record<string, string>>;
  readonly message: string;
}

/** The text of a configuration's refusal (validateConfig's answer), or null. */
export function problemText(p: string | ConfigProblem | null): string | null {
  return p === null || typeof p === 'string' ? p : p.message;
}

/** A command read in a post or PM, as the reply to its author names it (`target`: the argument as written). */
export interface Recognised {
  readonly command: string;
  readonly target?: string;
  /**
   * What the action is called in the game's language, as its role messages teach it (the keyword «ΔΟΛΟΦΟΝΙΑ», or a
   * whole text's name, «τελευταία λόγια»): set for the actions a declaration performed, so every reply names what was
   * done, free texts included.
   */
  readonly label?: string;
}

/**
 * How a rulebook shapes the engine's signup (every member optional; a variant without it gets the engine's
 * defaults: static player limits, MSG-SIGNUP-OK, cancellation when too few sign up).
 */
export interface SignupPolicy<V = unknown, M = AnyEvents> {
  /** Player limits for this configuration (default: the variant's minPlayers/maxPlayers). */
  limits?(config: GameConfig): { readonly min: number; readonly max: number };
  /** Refuses a forum member's signup (blacklist, moderator account, full game); undefined accepts. */
  refuse?(s: GameState<V>, name: string): Rejection | undefined;
  /** The rejection code for a second signup by a registered player (default: silently ignored). */
  readonly duplicate?: string;
  /** Thread posts of forum members who are not signed up are ignored instead of rejected. */
  readonly ignoreGuestPosts?: boolean;
  /**
   * While the game runs, PMs of forum members who are not signed up are refused even without a command, instead of
   * forwarded (mafia-de's DE-GEN-11 checks that the sender is a participant before it looks for a command).
   */
  readonly refuseGuestPms?: boolean;
  /** Tells a new participant he is registered (replaces the engine's MSG-SIGNUP-OK). */
  joined?(b: Builder<V, M>, id: PlayerId): void;
  /** Tells a participant he has withdrawn (replaces the engine's MSG-SIGNOFF-OK). */
  left?(b: Builder<V, M>, id: PlayerId): void;
  /** Too few players when signup closes: returns true when it handled it (e.g. extended the deadline). */
  tooFew?(b: Builder<V, M>, n: number, min: number): boolean;
}

/** A rulebook plugged into the engine. `V` is its state slice, `M` its own event map. */
export interface Variant<V = unknown, M = AnyEvents> {
  readonly id: string;
  readonly names: Partial<Record<Locale, string>>;
  readonly defaultLocale: Locale;
  readonly locales: readonly Locale[];
  readonly defaultTimeZone: string;
  readonly defaultCalendar: Calendar;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly roles: readonly RoleDef[];
  readonly sides: readonly SideDef[];
  /** Cards, tokens and the like the rulebook deals besides roles (for `narrator rules`). */
  readonly pieces?: readonly PieceSet[];
  /** Teams as reveals name them (`{ref:'team'}` parameters), where they differ from the sides. */
  readonly teams?: readonly SideDef[];
  /** Command syntax; must include 'join' and 'leave' for signup posts. */
  readonly syntax: readonly SyntaxRule[];
  /** Which rule each event shows firing (firing.ts), for the simulator's statistics. */
  readonly firing?: RuleFiring;
  /** Message templates (ICU MessageFormat) and rejection texts, per locale, keyed by id/code. */
  readonly messages: Partial<Record<Locale, Readonly<Record<string, string>>>>;
  /**
   * Who sees the running vote: `public` ballots are thread posts anyone reads (a live count for everyone);
   * `private` ballots are sent to the moderator alone, so only he sees the count until the rulebook's own
   * announcement publishes each choice at the close. Default `public`.
   */
  readonly ballots?: 'public' | 'private';
  /** Option keys that are secret (moderator-only), kept out of the public creation event. */
  readonly secretOptions?: readonly string[];
  /** Schema of the variant's options (`GameConfig.options`). */
  readonly optionsSchema: z.ZodType<Record<string, unknown>>;
  /**
   * Checks a configuration beyond its schema; returns an error text, a problem naming the setup field at fault (so a
   * create form names its own field in its reader's language), or null.
   */
  validateConfig(config: GameConfig): string | ConfigProblem | null;
  /**
   * Round 1's date for a game starting at `config.startAt` when its moderator leaves it to the rulebook (a create
   * request's `firstRoundDate: "auto"`): the first date round 1 can be played on. Absent: the rulebook has no such date.
   */
  firstRoundFrom?(config: GameConfig): IsoDate;
  /** The rulebook needs a game number (a create request's `gameNumber: "auto"` then takes the server's next one). */
  readonly numbered?: boolean;
  /** The deal may be given as a role list (`GameConfig.roleList`): a create form offers to change it. */
  readonly dealFromList?: boolean;
  /** The slice at creation. */
  initial(config: GameConfig): V;
  /** Folds one event into the slice (every event is offered; unknown ones return `v`). */
  evolve(v: V, event: EventsOf<M>, s: GameState<V>): V;
  /** Deals roles when signup closes (consumes draws through the builder). */
  deal(b: Builder<V, M>): void;
  /** Starts the game at its start instant (announcement, first deadlines). */
  start(b: Builder<V, M>): void;
  /** The declared schedule (phases, instants, windows) with a hook per instant: fired deadlines go to the hooks. */
  readonly timetable: Timetable<V, M>;
  /** Handles a thread post while the game runs. */
  post(b: Builder<V, M>, cmd: Extract<Command, { type: 'post' }>): void;
  /** Handles an edit of a thread post while the game runs. */
  edit(b: Builder<V, M>, cmd: Extract<Command, { type: 'post.edit' }>): void;
  /** Handles a private message to the moderator while the game runs. */
  pm(b: Builder<V, M>, cmd: Extract<Command, { type: 'pm' }>): void;
  /** Handles a moderator action of its own; returns false when it does not know the action. */
  mod(b: Builder<V, M>, cmd: Extract<Command, { type: 'mod' }>): boolean;
  /** The variant's own moderator actions with their argument schemas (the API describes and validates them). */
  readonly modActions?: Readonly<Record<string, ModActionInfo>>;
  /** The toolkit's aliases, the tools the rulebook lacks (and why), and what a pause allows (engine/modkit.ts). */
  readonly modKit?: ModKitInfo;
  /**
   * The rulebook's player actions, each declared once (docs/actions.md): the engine derives their check, the legal
   * actions, their command lines and `narrator rules` from it. Rulebooks not yet ported write `legalActions` instead.
   */
  readonly actions?: ActionTable<V, M, string>;
  /** What a player may do now: derived from `actions` by `defineVariant` (or, until a rulebook declares them, its own). */
  legalActions(s: GameState<V>, player: PlayerId): LegalAction[];
  /** The role list the default table deals to `n` players (for `narrator rules` and balance reports). */
  defaultRoles(n: number): string[];
  /** Optional signup policy (blacklists, extensions, own confirmations). */
  readonly signup?: SignupPolicy<V, M>;
  /**
   * Staff duties (mafia-cities CIT-ENG-3): the duty a non-public event belongs to as it is emitted, or undefined for
   * every staff member. Rulebooks without staff capacities leave it out.
   */
  dutyOf?(s: GameState<V>, type: string, data: unknown, audience: Audience): string | undefined;
  /** The staff capacities a moderator of this name holds now, or undefined for all of them (CIT-ENG-2). */
  staffDuties?(s: GameState<V>, name: string): readonly string[] | undefined;
  /** What a post or PM holds as this rulebook reads it (default: the command lines of `syntax` for its channel). */
  recognise?(s: GameState<V>, cmd: Extract<Command, { type: 'post' | 'pm' }>): readonly Recognised[];
  /**
   * A player's condition in the rulebook's own terms ('ghost', 'detained', …) where it has more than in/out. Public:
   * the players list shows it to everyone, so a rulebook offers it only when its rules announce every change.
   */
  condition?(s: GameState<V>, player: PlayerId): string;
  /**
   * The game's channels now (public threads and private group channels with their readers and writers); without
   * it a game has its main thread alone (engine/channels.ts).
   */
  channels?(s: GameState<V>): readonly ChannelDef[];
  /**
   * The live count of the open vote (null when none is open): every rulebook declares it, so the app reads the
   * count from here and never from the slice (engine/live-count.ts counts a single voter → target record).
   */
  voteCount(s: GameState<V>): LiveCount | null;
  /** The vote steps an event stands for (engine/vote-log.ts); without it a game has no vote history. */
  voteSteps?(e: EventsOf<M>, names: NameIndex): readonly VoteStep[];
  /** How a recount ranks targets with equal votes and lists their voters (engine/vote-log.ts; default 'seat'). */
  readonly voteOrder?: VoteOrder;
  /**
   * The counters players are charged towards a penalty (absences, inactive days, warnings) with their limits, for the
   * moderator's digest; a rulebook without such counters leaves it out.
   */
  standing?(s: GameState<V>): readonly Standing[];
  /** The number of the game day an event opens, else undefined (the day export cuts the thread at these events). */
  dayOf?(event: EventsOf<M>): number | undefined;
  /** Rewrites a rejection before it is recorded (rename an engine code, add parameters such as a game number). */
  rejection?(s: GameState<V>, r: Rejection): Rejection;
}

/** Looks up a role definition; unknown ids are a bug. */
export function roleOf(variant: Variant<never> | Variant<unknown>, id: string): RoleDef {
  const r = variant.roles.find((x) => x.id === id);
  if (!r) throw new Error(`unknown role ${id} in ${variant.id}`);
  return r;
}

/**
 * Reads a configuration's options as a schema types them. Stored options were validated by that schema when the game
 * was set up; parsing them again (once per configuration object, configurations being immutable) types them without
 * a cast and fills the defaults a hand-built configuration leaves out.
 */
export function optionsReader<S extends z.ZodType<Record<string, unknown>>>(schema: S): (config: GameConfig) => z.output<S> {
  const cache = new WeakMap<GameConfig['options'], z.output<S>>();
  return (config) => {
    let o = cache.get(config.options);
    if (o === undefined) {
      o = schema.parse(config.options);
      cache.set(config.options, o);
    }
    return o;
  };
}

/** A rulebook made by `defineVariant`: it knows its options' type. */
export type DefinedVariant<V, S extends z.ZodType<Record<string, unknown>>, M = AnyEvents> = Variant<V, M> & {
  readonly optionsSchema: S;
  /** A configuration's options, typed by the schema (see `optionsReader`). */
  readonly options: (config: GameConfig) => z.output<S>;
};

/** A rulebook as it is written: with declared `actions`, its `legalActions` are derived and left out. */
export type VariantDef<V, M> = Omit<Variant<V, M>, 'legalActions'> &
  ({ readonly actions: ActionTable<V, M, string> } | { legalActions(s: GameState<V>, player: PlayerId): LegalAction[] });

/**
 * The legal actions as a moderator's pause leaves them (issue 25 item 3): none when the rulebook's pause freezes
 * every input; otherwise the same actions, marked paused and without a closing time (no deadline passes while paused,
 * and on resume each moves by the pause's length, so the time planned before would be stale).
 */
function whilePaused<V>(kit: ModKitInfo | undefined, legal: (s: GameState<V>, p: PlayerId) => LegalAction[]) {
  return (s: GameState<V>, player: PlayerId): LegalAction[] => {
    if (s.pausedSince === undefined || s.status !== 'running') return legal(s, player);
    if (kit?.pause.inputs === 'refused') return [];
    return legal(s, player).map(({ until: _, ...a }) => ({ ...a, paused: true }));
  };
}

/**
 * Declares a rulebook: its options' type is inferred from its schema, and `options(config)` reads them typed. A
 * rulebook with declared `actions` gets its `legalActions` derived from them (engine/actions/legal.ts).
 */
export function defineVariant<V, S extends z.ZodType<Record<string, unknown>>, M = AnyEvents>(
  def: VariantDef<V, M> & { readonly optionsSchema: S },
): DefinedVariant<V, S, M> {
  const own = 'legalActions' in def ? def.legalActions : undefined;
  const table = def.actions;
  const base = own ?? ((s: GameState<V>, player: PlayerId) => (table ? legalOf(table, s, player) : []));
  return { ...def, legalActions: whilePaused(def.modKit, base), options: optionsReader(def.optionsSchema) };
}

// The contracts of the simulator: bots (policies) choose inputs from a player's view and legal actions; a
// variant's simulation adapter says how a player's view grows from the events he may see and which policies play
// each role (which rule an event shows firing is the rulebook's own data, `Variant.firing`). The runner drives the
// real engine with what the bots choose.
import type { GameEvent, PlayerId } from '../core/types.ts';
import type { GameState } from '../engine/state.ts';
import type { LegalAction, Variant } from '../engine/variant.ts';
import type { Rand } from './random.ts';

/** One input a bot sends: a thread post or a PM to the moderator, in the variant's own syntax. */
export interface Intent {
  readonly via: 'post' | 'pm';
  readonly text: string;
  /** A post's channel when the game has several (a city's thread; engine/channels.ts). */
  readonly channel?: string;
}

/** The next scheduled instant (public knowledge: the schedule is announced). */
export interface NextDeadline {
  readonly kind: string;
  readonly at: number;
}

/** A decision point of one bot: who, what he knows, what he may do. */
export interface Turn<K> {
  readonly player: PlayerId;
  /** What this player has seen: built only from events whose audience includes him. */
  readonly view: K;
  /** What the rules let him do now (`variant.legalActions`). */
  readonly legal: readonly LegalAction[];
  /** 0 for the early pass of a phase, 1 for the late pass (bandwagons, counter-votes). */
  readonly pass: number;
  /** The deadline this phase runs up to. */
  readonly next: NextDeadline;
  /** The bot's share of the game's random stream. */
  readonly rng: Rand;
  /** Agreements made in the open thread that a model needs (e.g. the random-lynch model's target of the day). */
  readonly table: Map<string, unknown>;
  /** A player's display name, for writing commands. */
  name(id: PlayerId): string;
}

/** A bot: chooses inputs for one turn. */
export interface Policy<K> {
  readonly id: string;
  /** False when the bot never acts in the late pass of a phase (the runner then skips that turn). */
  readonly late?: boolean;
  act(turn: Turn<K>): Intent[];
}

/** The policies of one playing style, by role id (every role of the variant has one). */
export type PolicySet<K> = Readonly<Record<string, Policy<K>>>;

/** What the simulator needs to know about a variant. Variants without one cannot be simulated yet. */
export interface SimVariant<K> {
  readonly variant: Variant<never> | Variant<unknown>;
  /** Playing styles: 'sensible', 'random', and any model the variant supports. */
  readonly policies: Readonly<Record<string, PolicySet<K>>>;
  /** A fresh view for a player (before any event). */
  newView(player: PlayerId): K;
  /** Folds one event the player may see into his view. */
  observe(view: K, event: GameEvent): void;
  /** False for events no view uses (the runner then skips offering them to every view). */
  relevant(event: GameEvent): boolean;
  /** The role of a player as his view knows it (set once he has seen his role). */
  roleIn(view: K): string | undefined;
  /** Rounds played by the end of a game. */
  rounds(state: GameState<unknown>): number;
  /** The role list for `players` with `killers` killers, keeping the default table's other roles where they fit. */
  roleList(players: number, killers?: number): string[];
  /** Killers of the default table for `players`. */
  defaultKillers(players: number): number;
  /** The id of the killing role (for role lists given as a killer count). */
  readonly killerRole: string;
  /** Every role counted as a killer in reports, when more than `killerRole` (e.g. a boss and his mafiosi). */
  readonly killerRoles?: readonly string[];
  /** The role that fills the rest of a list. */
  readonly fillerRole: string;
  /** The fewest killers a deal of the rulebook may have (default 1). */
  readonly minKillers?: number;
}

/** A serialisable description of one simulated setup (sent to worker threads). */
export interface SimSpec {
  readonly variant: string;
  readonly players: number;
  /** The roles to shuffle (length = players). */
  readonly roleList: readonly string[];
  /** Variant options (validated by the variant's schema). */
  readonly options: Readonly<Record<string, unknown>>;
  /** The playing style: a key of `SimVariant.policies`. */
  readonly policy: string;
  /** Lowers the variant's minimum player count (models of the literature start at 5 players). */
  readonly minPlayers?: number;
}

/** The result of one simulated game. */
export interface GameResult {
  /** The winning side, or 'none' if the game did not end (a bug or the round cap). */
  readonly winner: string;
  readonly reason: string;
  readonly rounds: number;
  readonly commands: number;
  readonly events: number;
  /** Role and whether the player was still in the game at the end, per seat. */
  readonly seats: readonly { readonly role: string; readonly alive: boolean }[];
  /** Rule id -> times it fired. */
  readonly rules: Readonly<Record<string, number>>;
}

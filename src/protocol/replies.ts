// Replies whose routes publish no response schema in /docs (it stays as it was): their types, so a client reads
// them as typed as the rest. The server's handlers are checked against them (`satisfies`).
import type { Calendar } from '../engine/calendar.ts';
import type { Deadline } from '../engine/state.ts';
import type { GameSummary } from './games.ts';

/** A seat as everyone may see it; the role only once the game has ended. */
export interface PublicPlayer {
  readonly id: string;
  readonly name: string;
  readonly status: string;
  readonly removedHow: string | null;
  readonly role: string | null;
  /** The rulebook's own condition ('active', 'ghost', 'detained', …) when it has more than in/out. */
  readonly condition?: string;
}

/** The vote count of a reply (null for a private ballot or when no vote is open). */
export interface VoteCountReply {
  readonly round: number;
  readonly phase: string;
  readonly lines: readonly { readonly target: string; readonly votes: number; readonly voters: readonly string[]; readonly channel?: string }[];
  readonly notVoted: readonly string[];
  /** With a vote per thread (mafia-cities' cities): who has not voted there, by channel. */
  readonly notVotedIn?: Readonly<Record<string, readonly string[]>>;
}

/** The caller's part in the game: a seat, or the moderator's or a spectator's role. */
export type MyPart =
  | {
      readonly role: 'player';
      readonly playerId: string;
      readonly name: string;
      readonly alive: boolean;
      readonly gameRole: string | null;
      readonly teams: readonly string[];
    }
  | { readonly role: 'moderator' | 'spectator' };

/** Reply of GET /api/games/:id: the summary, with the seats themselves in place of their count. */
export interface GameDetail extends Omit<GameSummary, 'players'> {
  readonly config: {
    readonly startAt: number;
    readonly signupDeadline: number | null;
    readonly calendar: Calendar;
    /** The rulebook's options; secret ones only for the moderator. */
    readonly options: Readonly<Record<string, unknown>>;
    readonly gameNumber: string | null;
  };
  readonly players: readonly PublicPlayer[];
  readonly me: MyPart;
  readonly votes: VoteCountReply | null;
  /** The moderator's console only. */
  readonly moderator?: { readonly stateHash: string; readonly deadlines: readonly Deadline[]; readonly roles: Readonly<Record<string, string | null>> };
}

/** One argument of a legal action, in the order the line writes them (a player with the players it may name). */
export type ActionParamReply =
  | {
      readonly kind: 'player';
      readonly key: string;
      readonly targets: readonly { readonly id: string; readonly name: string }[];
      readonly optional: boolean;
      readonly label: string | null;
    }
  | { readonly kind: 'choice'; readonly key: string; readonly values: readonly string[]; readonly optional: boolean; readonly label: string | null }
  | {
      readonly kind: 'text';
      readonly key: string;
      readonly multiline: boolean;
      readonly max: number | null;
      readonly optional: boolean;
      readonly label: string | null;
    };

/**
 * Reply of GET /api/games/:id/actions: what the player may do now. Every target it lists is accepted by the command
 * check, and nothing else is. `template`, `targets` and `choices` are the first shape (one player or one choice);
 * `line` and `params` carry every argument in order and are what new clients read.
 */
export interface ActionsReply {
  readonly alive: boolean;
  readonly actions: readonly {
    readonly command: string;
    /** The declaration it comes from (unique in the list; several may share a command, e.g. one per card). */
    readonly id: string;
    readonly via: 'post' | 'pm';
    /** For a post: the channel it goes to (null: the main thread). */
    readonly channel: string | null;
    /** The keyword as the game's role messages teach it ('' when the whole post is the action, as last words are). */
    readonly keyword: string;
    /** The line to send, one `{key}` slot per argument (`Kill: {target}`). */
    readonly line: string;
    readonly params: readonly ActionParamReply[];
    /** It cannot be replaced or undone once accepted: ask before sending. */
    readonly irreversible: boolean;
    /** Ask the player to confirm before sending. */
    readonly confirm: boolean;
    readonly template: string;
    readonly targets: readonly { readonly id: string; readonly name: string }[] | null;
    readonly choices: readonly string[] | null;
    readonly until: number | null;
    readonly untilTime: string | null;
    /** The moderator paused the game: the action is still taken, its window's end waits for the resume (until: null). */
    readonly paused: boolean;
  }[];
}

/** Reply of GET /api/games/:id/start-preview (moderators): what starting now would open. */
export interface StartPreviewReply {
  readonly now: number;
  /** Starting now would deal and open the game (false: too few players, or it has started). */
  readonly startable: boolean;
  /** Round 1's first deadline if started now (its local time in the game's zone), or null. */
  readonly firstDeadline: { readonly id: string; readonly kind: string; readonly at: number; readonly time: string } | null;
}

/** Reply of GET /api/variants. */
export interface VariantsReply {
  readonly variants: readonly {
    readonly id: string;
    readonly names: Readonly<Partial<Record<string, string>>>;
    readonly minPlayers: number;
    readonly maxPlayers: number;
    readonly defaultTimeZone: string;
    /** The deal may be given as a role list: a create form offers to change it (within the rulebook's checks). */
    readonly dealFromList: boolean;
    readonly roles: readonly string[];
  }[];
}

/** Reply of GET /api/games/:id/audit (moderators). */
export interface AuditReply {
  readonly items: readonly { readonly seq: number; readonly at: number; readonly time: string; readonly type: string; readonly data: unknown }[];
  readonly version: number;
}

/** Reply of POST /api/games/:id/moderators. */
export interface ModeratorsReply {
  readonly moderators: readonly string[];
  readonly version: number;
}

/** Reply of GET /api/health. */
export interface HealthReply {
  readonly ok: true;
  readonly store: string;
  readonly games: number;
}

/**
 * GET /api/games/:id/warnings (moderators): each signed-up player's standing «Овощ» warnings from other games, as
 * the staff console shows them at signups (mafia-cities CIT-SET-1, CIT-ACT-7). Never shown to players.
 */
export interface SignupWarningsReply {
  readonly players: readonly {
    readonly player: string;
    readonly name: string;
    readonly count: number;
    readonly warnings: readonly {
      readonly gameId: string;
      readonly name: string;
      readonly kind: string;
      readonly date: string;
      readonly reason: string;
      readonly createdAt: number;
    }[];
  }[];
}

/** Reply of GET /api/games/:id/mod-actions (moderators). */
export interface ModActionsReply {
  readonly actions: readonly {
    readonly name: string;
    readonly summary: string;
    readonly rules: string;
    /** The JSON Schema of its arguments (an empty object schema for a tool the rulebook lacks). */
    readonly args: Readonly<Record<string, unknown>>;
    /** One of the toolkit every rulebook shares under the same names (engine/modkit.ts). */
    readonly toolkit: boolean;
    /** Why the rulebook lacks this tool, when it does ("not in this rulebook because …"); null otherwise. */
    readonly forbidden: string | null;
    /** Older names still accepted for it. */
    readonly aliases: readonly string[];
  }[];
  /** What a moderator's pause allows the players: their inputs are `accepted` or `refused`. */
  readonly pause: 'accepted' | 'refused';
}

/** Reply of GET /api/clock. */
export interface ClockReply {
  readonly now: number;
  readonly speed: number;
}

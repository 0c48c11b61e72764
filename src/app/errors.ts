// Application errors: a stable code (part of the API contract), an HTTP status and a readable message.

/** An expected failure of a request: bad input, missing rights, unknown ids. Never a bug. */
export class AppError extends Error {
  constructor(
    /** Stable, dotted code, e.g. 'game.not_found'. */
    readonly code: string,
    /** The HTTP status the server answers with. */
    readonly status: number,
    message: string,
    /** Optional details (field paths, limits). */
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** 404 for an unknown game. */
export const gameNotFound = (id: string) => new AppError('game.not_found', 404, `no game with id "${id}"`);

/** Seconds a client is asked to wait (Retry-After) when the database is out of reach. */
export const RETRY_AFTER_S = 1;

/** 503 while the database cannot be reached or written: nothing was acknowledged, try again shortly. */
export const storeUnavailable = () => new AppError('store.unavailable', 503, 'the database is unavailable; try again shortly', { retryAfter: RETRY_AFTER_S });

/**
 * The refusals of the command path (app/command-path.ts), by stable code. They say what went wrong, not how a
 * transport answers it: the server maps each code to its HTTP status (server/http.ts), a script reports the code.
 */
export type CommandErrorCode =
  | 'game.stale_version'
  | 'game.conflict'
  | 'game.name_confusable'
  | 'mod.refused'
  | 'team.not_member'
  | 'game.already_moderator'
  | 'game.player_cannot_moderate';

/** A command the game's command path refused before committing anything (a stale version, a look-alike seat…). */
export class CommandError extends Error {
  constructor(
    /** Stable, dotted code. */
    readonly code: CommandErrorCode,
    message: string,
    /** Details the caller may act on (the current version, the name a seat looks like, the engine's refusals). */
    readonly details?: unknown,
  ) {
    super(message);
  }
}

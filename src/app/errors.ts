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

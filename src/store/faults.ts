// Faults of the database itself, as opposed to refusals of a request: the server cannot reach PostgreSQL (down,
// restarting, the connection cut), or SQLite cannot write (disk full, I/O error). They are answered 503
// `store.unavailable` with Retry-After, never 500, and they are not bugs: nothing was acknowledged, and the client
// may simply try again. Recognised by the drivers' codes, so every store method is covered without a wrapper.

/** Node socket errors that mean the database is out of reach. */
const NET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);

/** SQLite result codes (and their extended `SQLITE_IOERR_*` forms) that mean the file cannot be written now. */
const SQLITE_CODES = /^SQLITE_(FULL|IOERR|BUSY|LOCKED|CANTOPEN|READONLY|PROTOCOL|NOLFS)/;

/**
 * PostgreSQL SQLSTATE classes: 08 connection exception, 53 insufficient resources (disk full, too many
 * connections), 57P operator intervention (shutdown, restart, cannot connect now), 58 system error.
 */
const PG_STATES = /^(08|53|57P|58)/;

/** Messages of `pg` that carry no code. */
const PG_MESSAGES = /Connection terminated|connection error|timeout exceeded when trying to connect|Client was closed|Connection closed/i;

/** Whether an error is a fault of the database (answer 503 and retry later) rather than of the request. */
export function isStoreFault(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  if (e instanceof StoreUnavailableError) return true;
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' && (NET_CODES.has(code) || SQLITE_CODES.test(code) || (code.length === 5 && PG_STATES.test(code)))) return true;
  return PG_MESSAGES.test(e.message);
}

/** Raised where a store knows it cannot serve (it is closing, its connection is down). */
export class StoreUnavailableError extends Error {
  /** Stable error code for the API. */
  readonly code = 'store.unavailable';
}

/**
 * Outcomes of the data seam that services act on, whatever the backend: each backend translates its
 * driver's errors into these (SQLite's extended codes, PostgreSQL's SQLSTATE), so no rule reads a driver's wording.
 */

/** A write hit a uniqueness rule (a taken e-mail, a second review of one listing): `constraint` names the rule or its columns. */
export class ConflictError extends Error {
  readonly constraint: string;

  constructor(constraint: string) {
    super(`Conflict: ${constraint} is taken.`);
    this.name = 'ConflictError';
    this.constraint = constraint;
  }
}

/** A service's transaction held the write lock past its limit: it was rolled back, and nothing it did is stored. */
export class TransactionTimeoutError extends Error {
  constructor(limitMs: number) {
    super(`A transaction was still open after ${limitMs} ms: it was rolled back.`);
    this.name = 'TransactionTimeoutError';
  }
}

/**
 * The database cannot take a write just now (issue 41): it is read-only (a standby, or a primary being switched over),
 * it was shut down or the connection was lost, possibly mid-COMMIT. Nothing is known to be stored; the person tries
 * again in a few seconds.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The database cannot take writes just now.', { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/** PostgreSQL's SQLSTATEs of a server that cannot take the write: read-only transaction, shutdowns, and connection exceptions. */
const UNAVAILABLE = new Set(['25006', '57P01', '57P02', '57P03']);
/** Node's errors of a server not answering. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);

/** Whether `error` says the database cannot take writes just now (its driver's codes, or the seam's error). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (UNAVAILABLE.has(code) || code.startsWith('08') || UNREACHABLE.has(code))) return true;
  // The pg driver's words for a connection that ended under a query, or was already broken (no SQLSTATE: the server never answered).
  return error instanceof Error && /^(Connection terminated|Client has encountered a connection error)/.test(error.message);
}

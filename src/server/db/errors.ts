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

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

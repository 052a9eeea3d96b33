/**
 * Whether this process's pages answer (issue 62): GET /readyz is never ready while they fail. A page answer that is a
 * server error (a 503 of the render bound is load, not failure) counts; a few in a row, with no page answered between,
 * mean the pages fail (one broken listing does not); the next page answered ends it.
 */
const FAILING_AFTER = 3;

export class PageHealth {
  private failedInRow = 0;

  /** A page was answered with `status`. */
  record(status: number): void {
    if (status === 503) return;
    this.failedInRow = status >= 500 ? this.failedInRow + 1 : 0;
  }

  /** Whether pages answer: fewer than three server errors in a row. */
  get answering(): boolean {
    return this.failedInRow < FAILING_AFTER;
  }
}

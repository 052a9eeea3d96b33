import type { z } from 'zod';
import { issuesByField } from '../shared/schemas/field-errors.ts';

/** What a write meeting a database that cannot take it says (issue 41: a standby, a switchover): a pause, never a 500. */
export const WRITES_PAUSED = 'Saving is paused for a few seconds while the database switches over. Please try again.';

/** A short machine-readable name for each status the API answers with. */
const CODES = {
  400: 'bad_request', 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found', 409: 'conflict', 410: 'gone', 413: 'too_large', 415: 'unsupported_media_type',
  419: 'csrf_mismatch', 422: 'invalid', 429: 'too_many_requests', 503: 'unavailable',
} as const;

/** An error with the HTTP status, a code and the body of spec §8; the API's onError turns it into JSON. */
export class AppError extends Error {
  readonly status: keyof typeof CODES;
  readonly code: (typeof CODES)[keyof typeof CODES];
  readonly errors: Record<string, string[]> | undefined;
  /** Headers the response must carry (Retry-After on a 429). */
  readonly headers: Record<string, string>;
  /** More fields of the body (the operator console's `reauth: true`). */
  readonly extra: Record<string, unknown> = {};

  constructor(status: AppError['status'], message: string, errors?: Record<string, string[]>, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = CODES[status];
    this.errors = errors;
    this.headers = headers;
  }
}

/** A destructive operator action without a proof from the last 15 minutes: 403 with `reauth: true` (not a 401: the browser stays signed in). */
export class ReauthRequired extends AppError {
  override readonly extra = { reauth: true };

  constructor() {
    super(403, 'Confirm it is you: enter your password again.');
  }
}

export function notFound(message = 'Not Found'): AppError {
  return new AppError(404, message);
}

/** A 422 with one field's message (spec §8's body), for a rule a schema cannot check. */
export function invalid(field: string, message: string): AppError {
  return new AppError(422, message, { [field]: [message] });
}

/**
 * Every field's problem at once (issue 40): checks a schema cannot make (a town that does not exist, a plan's limit)
 * are gathered here, and one 422 lists them all instead of the first alone.
 */
export class FieldProblems {
  readonly errors: Record<string, string[]> = {};

  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  /** Runs a check, keeping its 422 among the problems (undefined then) instead of throwing it; other errors pass. */
  async check<T>(run: () => Promise<T> | T): Promise<T | undefined> {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 422 || !error.errors) throw error;
      for (const [field, messages] of Object.entries(error.errors)) for (const message of messages) this.add(field, message);
      return undefined;
    }
  }

  /** A 422 with every problem gathered, when there is one. */
  throwIfAny(): void {
    const first = Object.values(this.errors)[0]?.[0];
    if (first !== undefined) throw new AppError(422, first, this.errors);
  }
}

/** Parses `input` with `schema`, or throws a 422 with the messages per field (spec §8). */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.infer<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = issuesByField(result.error.issues);
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
  throw new AppError(422, first, errors);
}

import type { z } from 'zod';
import { issuesByField } from '../shared/schemas/field-errors.ts';

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

/** Parses `input` with `schema`, or throws a 422 with the messages per field (spec §8). */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.infer<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = issuesByField(result.error.issues);
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
  throw new AppError(422, first, errors);
}

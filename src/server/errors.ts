import type { z } from 'zod';
import { issuesByField } from '../shared/schemas/field-errors.ts';
import { say, type MessageKey, type SaidParams } from '../shared/said.ts';
import { ERROR_STATUS, type ErrorCode } from './error-codes.ts';
import { sayIn } from './say-in.ts';

export type { ErrorCode };

/** What a write meeting a database that cannot take it says (issue 41: a standby, a switchover): a pause, never a 500. */
export const WRITES_PAUSED = say('api_writes_paused');

interface ErrorOptions {
  /** The form field the message belongs to: a 422's `errors` then name it. */
  field?: string;
  /** Every field's messages (said strings, shared/said.ts), when there are more than the one. */
  errors?: Record<string, string[]>;
  /** Headers the response must carry (Retry-After on a 429). */
  headers?: Record<string, string>;
  /** The message when it is not the code's own (a schema's first problem). */
  said?: string;
}

/**
 * An error with a code of its own (issue 63): the code names its message (`api_<code>` in messages/*.json, with the
 * parameters) and its HTTP status (error-codes.ts). The message is worded where it leaves, in the caller's language;
 * `message` is the English words, for logs. The API's onError turns it into the body of spec §8 with the code.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: (typeof ERROR_STATUS)[ErrorCode];
  /** The message as said: its key and parameters. */
  readonly said: string;
  readonly errors: Record<string, string[]> | undefined;
  readonly headers: Record<string, string>;
  /** More fields of the body (the operator console's `reauth: true`). */
  readonly extra: Record<string, unknown> = {};

  constructor(code: ErrorCode, params?: SaidParams, options: ErrorOptions = {}) {
    const said = options.said ?? say(`api_${code}` as MessageKey, params);
    super(sayIn(said, 'en'));
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.said = said;
    this.errors = options.errors ?? (options.field === undefined ? undefined : { [options.field]: [said] });
    this.headers = options.headers ?? {};
  }

  /** The same error with its message on another form field (a thread's `text` is an enquiry's `message`). */
  onField(field: string): AppError {
    return new AppError(this.code, undefined, { said: this.said, field, headers: this.headers });
  }
}

/** A destructive operator action without a proof from the last 15 minutes: 403 with `reauth: true` (not a 401: the browser stays signed in). */
export class ReauthRequired extends AppError {
  override readonly extra = { reauth: true };

  constructor() {
    super('reauth_required');
  }
}

export function notFound(code: ErrorCode = 'not_found', params?: SaidParams): AppError {
  return new AppError(code, params);
}

/** A 422 with one field's message (spec §8's body), for a rule a schema cannot check. */
export function invalid(field: string, code: ErrorCode, params?: SaidParams): AppError {
  return new AppError(code, params, { field });
}

/** A 429 with its Retry-After in seconds. */
export function tooMany(code: ErrorCode, seconds: number, params?: SaidParams, field?: string): AppError {
  return new AppError(code, params, { headers: { 'Retry-After': String(Math.max(1, Math.ceil(seconds))) }, field });
}

/**
 * Every field's problem at once (issue 40): checks a schema cannot make (a town that does not exist, a plan's limit)
 * are gathered here, and one 422 lists them all instead of the first alone.
 */
export class FieldProblems {
  readonly errors: Record<string, string[]> = {};

  add(field: string, code: ErrorCode, params?: SaidParams): void {
    this.addSaid(field, say(`api_${code}` as MessageKey, params));
  }

  private addSaid(field: string, said: string): void {
    (this.errors[field] ??= []).push(said);
  }

  /** Runs a check, keeping its 422 among the problems (undefined then) instead of throwing it; other errors pass. */
  async check<T>(run: () => Promise<T> | T): Promise<T | undefined> {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 422 || !error.errors) throw error;
      for (const [field, messages] of Object.entries(error.errors)) for (const message of messages) this.addSaid(field, message);
      return undefined;
    }
  }

  /** A 422 with every problem gathered, when there is one. */
  throwIfAny(): void {
    const first = Object.values(this.errors)[0]?.[0];
    if (first !== undefined) throw new AppError('invalid', undefined, { said: first, errors: this.errors });
  }
}

/** Parses `input` with `schema`, or throws a 422 with the messages per field (spec §8). */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.infer<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = issuesByField(result.error.issues);
  throw new AppError('invalid', undefined, { said: Object.values(errors)[0]?.[0], errors });
}

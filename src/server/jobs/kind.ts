/**
 * A kind of job (decision 0015, issue 38): its name, the zod schema of its payload, and how it runs (its lease and
 * attempts). The payload is checked when a job is queued (a wrong one is a programming error, thrown at once) and
 * again when it runs (a row written by an older release, or by hand, fails for good instead of running on a guess).
 * Each domain declares the kinds it queues beside its code; jobs/kinds.ts says what each one does.
 */
import { z } from 'zod';
import type { JobRepository } from '../db/repositories.ts';
import type { JobRow } from '../db/rows.ts';

/** How long a claimed job is held before another runner may take it, unless its runner renews it (every third of it). */
export const JOB_LEASE_MS = 30_000;
/** Attempts before a job fails for good. */
const JOB_MAX_ATTEMPTS = 5;

export interface JobSettings {
  /** The lease of this kind (JOB_LEASE_MS by default); renewed while the job runs, so it only bounds how long a dead holder's job waits. */
  leaseMs?: number;
  /** Attempts before the job fails for good (JOB_MAX_ATTEMPTS by default). */
  maxAttempts?: number;
  /** Due jobs are taken highest first (0 by default; bulk mail -1). */
  priority?: number;
}

export interface QueueOptions {
  /** When it may run (ISO); now when absent. */
  runAt?: string;
  /** A job with a key already queued, running or kept is not queued again. */
  idempotencyKey?: string;
  priority?: number;
}

export class JobKind<Schema extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly schema: Schema;
  readonly settings: JobSettings;

  constructor(name: string, schema: Schema, settings: JobSettings = {}) {
    this.name = name;
    this.schema = schema;
    this.settings = settings;
  }

  get leaseMs(): number {
    return this.settings.leaseMs ?? JOB_LEASE_MS;
  }

  /** Queues a job of this kind in `jobs` (a transaction's, to commit with the change it follows); null when its key is taken. */
  queue(jobs: JobRepository, payload: z.input<Schema>, options: QueueOptions = {}): Promise<number | null> {
    return jobs.enqueue({
      kind: this.name, payload: this.schema.parse(payload), maxAttempts: this.settings.maxAttempts ?? JOB_MAX_ATTEMPTS,
      ...(options.runAt ? { runAt: options.runAt } : {}), ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
      ...((options.priority ?? this.settings.priority) !== undefined ? { priority: options.priority ?? this.settings.priority } : {}),
    });
  }
}

/** A kind of job with the schema of its payload. */
export function jobKind<Schema extends z.ZodType>(name: string, schema: Schema, settings: JobSettings = {}): JobKind<Schema> {
  return new JobKind(name, schema, settings);
}

/** A kind that takes no payload (the recurring sweeps): `{}`. */
export const NO_PAYLOAD = z.object({}).strict();

/** What runs a kind's jobs: the kind and its handler, which must be safe to run again (a job runs at least once). */
export interface JobDefinition<Schema extends z.ZodType = z.ZodType> {
  kind: JobKind<Schema>;
  run: (payload: z.output<Schema>, job: JobRow) => Promise<void>;
}

/** Pairs a kind with what runs it (the payload typed by its schema). */
export function defineJob<Schema extends z.ZodType>(kind: JobKind<Schema>, run: (payload: z.output<Schema>, job: JobRow) => Promise<void>): JobDefinition {
  return { kind, run } as unknown as JobDefinition;
}

import { setTimeout as sleep } from 'node:timers/promises';
import { isBusy, transaction, translateError, type Db } from './connection.ts';

/** How long a write keeps retrying while another process holds the write lock, before it gives up. */
const WRITE_DEADLINE_MS = 10_000;
const RETRY_DELAY_MS = 25;

/**
 * The one path for writes on the serving connection: transactions run one at a time (so no
 * transaction ever interleaves with another on the shared handle), and when another process holds
 * the lock the write waits asynchronously and retries instead of sleeping inside SQLite, so the
 * event loop keeps serving (the serving connection's busy timeout is only a few ms).
 */
export class Writer {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Runs `work` in its own write transaction, after the writes queued before it. */
  write<T>(work: (db: Db) => T): Promise<T> {
    const run = this.queue.then(() => this.attempt(work), () => this.attempt(work));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async attempt<T>(work: (db: Db) => T): Promise<T> {
    const deadline = Date.now() + WRITE_DEADLINE_MS;
    for (;;) {
      try {
        return transaction(this.db, () => work(this.db));
      } catch (error) {
        if (!isBusy(error) || Date.now() > deadline) throw translateError(error);
        await sleep(RETRY_DELAY_MS);
      }
    }
  }

  /** Resolves once every write queued so far has finished. */
  async drain(): Promise<void> {
    await this.queue;
  }
}

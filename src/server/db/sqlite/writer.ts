import { setTimeout as sleep } from 'node:timers/promises';
import { TransactionTimeoutError } from '../errors.ts';
import { isBusy, transaction, translateError, type Db } from './connection.ts';

/** How long a write keeps retrying while another process holds the write lock, before it gives up. */
const WRITE_DEADLINE_MS = 10_000;
const RETRY_DELAY_MS = 25;
/**
 * The longest a service's transaction may hold the write lock (decision 0014). Its statements run in
 * microseconds; what it awaits between them is meant to be other statements, never a network call or a file.
 * One that is still open after this is rolled back, and its later statements refused.
 */
const TRANSACTION_LIMIT_MS = 5_000;

/**
 * The one path for writes, on the dedicated write connection: transactions run one at a time (so none ever
 * interleaves with another on the shared handle), and when another process holds the lock a write waits
 * asynchronously and retries instead of sleeping inside SQLite, so the event loop keeps serving (the busy
 * timeout is only a few ms). Reads stay on the serving connection and see only committed data.
 */
export class Writer {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly db: Db;
  private readonly limitMs: number;

  constructor(db: Db, options: { transactionLimitMs?: number } = {}) {
    this.db = db;
    this.limitMs = options.transactionLimitMs ?? TRANSACTION_LIMIT_MS;
  }

  /** Runs `work` (synchronous statements) in its own write transaction, after the writes queued before it. */
  write<T>(work: (db: Db) => T): Promise<T> {
    return this.enqueue(() => this.attempt(work));
  }

  /**
   * Runs `work` in one write transaction that it controls: it may await between statements (other statements,
   * never I/O), and everything it did is committed when it resolves, or rolled back when it throws or outlives
   * the limit. `check` throws once the transaction is over: every statement of `work` calls it first.
   */
  transaction<T>(work: (db: Db, check: () => void) => Promise<T>): Promise<T> {
    return this.enqueue(() => this.runTransaction(work));
  }

  /** Resolves once every write queued so far has finished. */
  async drain(): Promise<void> {
    await this.queue;
  }

  private enqueue<T>(run: () => Promise<T>): Promise<T> {
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
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

  private async begin(): Promise<void> {
    const deadline = Date.now() + WRITE_DEADLINE_MS;
    for (;;) {
      try {
        this.db.exec('BEGIN IMMEDIATE');
        return;
      } catch (error) {
        if (!isBusy(error) || Date.now() > deadline) throw translateError(error);
        await sleep(RETRY_DELAY_MS);
      }
    }
  }

  private async runTransaction<T>(work: (db: Db, check: () => void) => Promise<T>): Promise<T> {
    await this.begin();
    let state: 'open' | 'timed out' | 'done' = 'open';
    const check = () => {
      if (state === 'timed out') throw new TransactionTimeoutError(this.limitMs);
      if (state === 'done') throw new Error('This transaction has ended: use the repositories it was given only inside it.');
    };
    let timedOut!: () => void;
    const limit = new Promise<never>((_resolve, reject) => {
      timedOut = () => reject(new TransactionTimeoutError(this.limitMs));
    });
    limit.catch(() => undefined);
    // Rolled back when the time is up, even while `work` still awaits: the lock is free for the next write at once.
    const timer = setTimeout(() => {
      if (state !== 'open') return;
      state = 'timed out';
      if (this.db.isTransaction) this.db.exec('ROLLBACK');
      timedOut();
    }, this.limitMs);
    timer.unref();
    try {
      const result = await Promise.race([work(this.db, check), limit]);
      check();
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      if (state === 'open' && this.db.isTransaction) this.db.exec('ROLLBACK');
      throw translateError(error);
    } finally {
      clearTimeout(timer);
      if (state === 'open') state = 'done';
    }
  }
}

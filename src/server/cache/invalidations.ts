/**
 * Invalidation by tag, in one process (decision 0017). Every process reads the database's invalidation log after
 * its last look, at most once per `pollMs` (so a cached page costs no database read the rest of the time), and hands
 * the tags to its caches: the page cache, the search response cache, the memo of home and header data. A change is
 * seen by every process within `pollMs` plus the time of one read; `*` empties everything, as does falling behind
 * the log's kept entries.
 *
 * On PostgreSQL (issue 41) a NOTIFY of the log's newest id makes every process read the log at once, whatever the
 * poll interval (which stays as the fallback); after the hub reconnects, the log is read at once too. With replicas,
 * the tags are held until every replica in service has replayed the primary's position as of the read: a page
 * re-rendered after an invalidation never reads a replica that has not seen the change, and is never kept stale.
 */
import { isDatabaseUnavailable } from '../db/errors.ts';
import type { Clock } from '../clock.ts';
import { CHANNELS, type Notifications, type Replication } from '../db/replication.ts';
import type { Repositories } from '../db/repositories.ts';
import { cacheTags } from './tags.ts';

/** How often a process looks at the log by default: the staleness window's main part (under 1 s in all). */
const CACHE_POLL_MS = 500;
/** Batches remembered for renders still running when they came (a render takes far less than this many polls). */
const RECENT_BATCHES = 100;
/** Entries read at once; a process that finds more catches up over several reads. */
const READ_LIMIT = 5_000;

/** What a cache is told: the tags changed since the last look, or that everything may have. */
export type Invalidation = { all: true } | { all: false; tags: ReadonlySet<string> };

export class CacheInvalidations {
  private readonly repos: Repositories;
  private readonly clock: Clock;
  private readonly pollMs: number;
  private readonly listeners: ((invalidation: Invalidation) => void)[] = [];
  private lastId: number | undefined;
  private lookedAt = Number.NEGATIVE_INFINITY;
  private looking: Promise<void> | undefined;
  /** Batches told so far, and the recent ones, so a render that began before one does not store what it changed. */
  private sequence = 0;
  private readonly recent: { sequence: number; invalidation: Invalidation }[] = [];
  private readonly replication: Replication | null;
  /** A notification came while a read was under way: read again once it ends. */
  private notified = false;
  /** When a failed read of the log was last logged. */
  private failedAt = Number.NEGATIVE_INFINITY;
  private closed = false;

  constructor(repos: Repositories, clock: Clock, options: { pollMs?: number; replication?: Replication | null; notifications?: Notifications | null } = {}) {
    this.repos = repos;
    this.clock = clock;
    this.pollMs = options.pollMs ?? CACHE_POLL_MS;
    this.replication = options.replication ?? null;
    options.notifications?.listen(CHANNELS.invalidations, (payload) => {
      if (this.lastId === undefined || Number(payload) > this.lastId) this.lookNow();
    });
    options.notifications?.onReconnect(() => this.lookNow());
  }

  /** Reads the log now, whatever the poll interval (a notification said it grew). */
  private lookNow(): void {
    if (this.looking) {
      this.notified = true;
      return;
    }
    this.lookedAt = Number.NEGATIVE_INFINITY;
    void this.catchUp();
  }

  /**
   * Logs a failed read of the log, at most once a minute: a warning while the database is switching over (its
   * connections ended, read-only: the next look reads on), an error otherwise.
   */
  private failed(error: unknown): void {
    if (this.clock.now() - this.failedAt < 60_000) return;
    this.failedAt = this.clock.now();
    const log = isDatabaseUnavailable(error) ? console.warn : console.error;
    log(`Reading the invalidation log failed; trying again in ${this.pollMs} ms: ${error instanceof Error ? error.message : String(error)}`);
  }

  /** A cache that drops what the tags name. */
  subscribe(listener: (invalidation: Invalidation) => void): void {
    this.listeners.push(listener);
  }

  /** Where the log starts for this process: caches start empty, so what came before needs no telling. */
  async start(): Promise<void> {
    this.lastId ??= await this.repos.cache.latestInvalidation();
    this.lookedAt = this.clock.now();
  }

  /** The current batch number: a render notes it before reading, and asks `changedSince` before storing. */
  get current(): number {
    return this.sequence;
  }

  /** Whether a batch told after `sequence` names one of the tags (or is too old to know: then it did). */
  changedSince(sequence: number, tags: readonly string[]): boolean {
    if (sequence === this.sequence) return false;
    if (this.recent.length === 0 || this.recent[0]!.sequence > sequence + 1) return true;
    return this.recent.some((batch) => batch.sequence > sequence && isInvalidated(batch.invalidation, tags));
  }

  /** Whether the log was read within the poll interval and no read is under way: caches may answer without `catchUp`. */
  get fresh(): boolean {
    return this.looking === undefined && this.lastId !== undefined && this.clock.now() - this.lookedAt < this.pollMs;
  }

  /** Stops reading the log (the app is closing its database): notifications and polls do nothing from now on. */
  close(): void {
    this.closed = true;
  }

  /** Reads the log if the last look is older than the poll interval; callers that come meanwhile share the read. */
  catchUp(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.looking) return this.looking;
    if (this.clock.now() - this.lookedAt < this.pollMs) return Promise.resolve();
    // A primary that cannot answer (a failover) must not fail the pages replicas still serve: the next poll tries again.
    this.looking = this.look().catch((error: unknown) => this.failed(error)).finally(() => {
      this.looking = undefined;
      if (this.notified) {
        this.notified = false;
        this.lookNow();
      }
    });
    return this.looking;
  }

  private async look(): Promise<void> {
    if (this.lastId === undefined) return this.start();
    this.lookedAt = this.clock.now();
    if (this.lastId < (await this.repos.cache.oldestInvalidation()) - 1) {
      this.lastId = await this.repos.cache.latestInvalidation();
      return this.tellOnceReplicated({ all: true });
    }
    const tags = new Set<string>();
    for (;;) {
      const entries = await this.repos.cache.invalidationsSince(this.lastId, READ_LIMIT);
      for (const entry of entries) tags.add(entry.tag);
      if (entries.length > 0) this.lastId = entries.at(-1)!.id;
      if (entries.length < READ_LIMIT) break;
    }
    if (tags.size === 0) return;
    await this.tellOnceReplicated(tags.has(cacheTags.everything) ? { all: true } : { all: false, tags });
  }

  /**
   * Tells the caches, with replicas once every replica in service has replayed the primary's position now (the changes
   * named are committed there): a page rendered from a replica meanwhile is dropped when told, or not kept when its
   * render spans the telling. Requests never wait for it.
   */
  private async tellOnceReplicated(invalidation: Invalidation): Promise<void> {
    if (this.replication) {
      try {
        const position = await this.replication.writePosition();
        void this.replication.caughtUp(position).catch(() => undefined).finally(() => this.tell(invalidation));
        return;
      } catch {
        // The primary cannot say where it is: tell at once.
      }
    }
    this.tell(invalidation);
  }

  private tell(invalidation: Invalidation): void {
    this.sequence += 1;
    this.recent.push({ sequence: this.sequence, invalidation });
    if (this.recent.length > RECENT_BATCHES) this.recent.shift();
    for (const listener of this.listeners) listener(invalidation);
  }
}

/** Whether a cached thing carrying `tags` is named by an invalidation. */
export function isInvalidated(invalidation: Invalidation, tags: readonly string[]): boolean {
  return invalidation.all || tags.some((tag) => invalidation.tags.has(tag));
}

/**
 * Derived-data jobs: run by `npm run migrate` (after the schema is current) or `npm run reindex`,
 * in their own process and in short batches, never inside a serving process or one long lock.
 */
import { transaction, type Db } from './connection.ts';
import { finishRebuild, reindexPostRange } from './repositories/search-index.ts';

/** Posts reindexed per transaction: about half a second each at 500,000 listings, so the site's writes slip in between. */
export const REBUILD_BATCH = 2_500;

/** The post ids a rebuild walks, lowest and highest. */
export function postIdBounds(db: Db): { low: number; high: number } {
  return db.prepare('SELECT coalesce(min(id), 0) AS low, coalesce(max(id), -1) AS high FROM posts').get() as { low: number; high: number };
}

/**
 * Rebuilds the search tables from the catalogue batch by batch: every post's rows are replaced in
 * place (searches keep finding it meanwhile), then summaries and suggestions are recounted.
 */
export function rebuildSearchIndexJob(db: Db, log: (line: string) => void = () => {}): void {
  const bounds = postIdBounds(db);
  const total = Math.max(0, bounds.high - bounds.low + 1);
  for (let from = bounds.low; from <= bounds.high; from += REBUILD_BATCH) {
    transaction(db, () => reindexPostRange(db, from, from + REBUILD_BATCH));
    log(`search index: ${Math.min(total, from - bounds.low + REBUILD_BATCH)} / ${total} post ids`);
  }
  transaction(db, () => finishRebuild(db));
  // Fresh statistics, so the planner keeps choosing the index that matches each sort (see migration 0013).
  db.exec('ANALYZE search_posts');
  log('search index: summaries and suggestions recounted, statistics refreshed');
}

const JOBS: Record<string, (db: Db, log: (line: string) => void) => void> = {
  rebuild_search_index: rebuildSearchIndexJob,
};

/** Runs the jobs migrations asked for (table pending_jobs), each once, removing it when done. */
export function runPendingJobs(db: Db, log: (line: string) => void = () => {}): string[] {
  const names = (db.prepare('SELECT name FROM pending_jobs ORDER BY requested_at').all() as { name: string }[]).map((row) => row.name);
  for (const name of names) {
    const job = JOBS[name];
    if (!job) throw new Error(`Unknown job ${name}.`);
    log(`running ${name}…`);
    job(db, log);
    db.prepare('DELETE FROM pending_jobs WHERE name = ?').run(name);
  }
  return names;
}

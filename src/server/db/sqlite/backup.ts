import { backup } from 'node:sqlite';
import { openDatabase } from './connection.ts';

/**
 * Pages per backup step: all of them. SQLite's backup restarts a stepwise copy whenever another
 * connection writes, so under steady writes it might never finish; one step reads one snapshot
 * (in WAL mode writers carry on meanwhile) and finishes.
 */
const ALL_PAGES = 0x7fffffff;

/**
 * A consistent online copy of the database at `sourcePath` into `destination` while the site keeps
 * serving and writing (SQLite's backup API), then checked with `PRAGMA integrity_check`. Returns the
 * pages copied and the check's result.
 */
export async function backupDatabase(sourcePath: string, destination: string, progress?: (done: number, total: number) => void) {
  const source = openDatabase(sourcePath, { readOnly: true, busyTimeoutMs: 5_000 });
  try {
    const pages = await backup(source, destination, {
      rate: ALL_PAGES,
      progress: ({ totalPages, remainingPages }) => progress?.(totalPages - remainingPages, totalPages),
    });
    const copy = openDatabase(destination, { readOnly: true });
    try {
      const integrity = copy.prepare('PRAGMA integrity_check').all().map((row) => String(Object.values(row)[0]));
      return { pages, integrity: integrity.join('; ') };
    } finally {
      copy.close();
    }
  } finally {
    source.close();
  }
}

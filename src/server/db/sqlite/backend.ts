/** The embedded default behind the backend factory (../backend.ts): one node:sqlite file. */
import type { Clock } from '../../clock.ts';
import type { Backend, DatabaseMaintenance } from '../backend-types.ts';
import { backupDatabase } from './backup.ts';
import { openDatabase } from './connection.ts';
import { rebuildSearchIndexJob, runPendingJobs } from './jobs.ts';
import { migrate, migrationNotices, pendingMigrations } from './migrate.ts';
import { catalogueIsEmpty } from './repositories/catalogue-search.ts';
import { openSqliteRepositories } from './index.ts';
import { createSqliteSearchEngine } from './search-engine.ts';

export function openSqliteBackend(path: string, clock: Clock, options: { transactionLimitMs?: number } = {}): Backend {
  const repos = openSqliteRepositories(path, clock, options);
  return {
    label: path,
    repos,
    replication: null,
    notifications: null,
    createSearchEngine: (answers, options) => createSqliteSearchEngine(answers, { ...options, databasePath: path }),
    close: () => repos.close(),
  };
}

export function openSqliteMaintenance(path: string): DatabaseMaintenance {
  // A long busy timeout: another process migrating or writing the same file may hold the lock for a while.
  const db = openDatabase(path, { busyTimeoutMs: 60_000 });
  return {
    label: path,
    pendingMigrations: async () => pendingMigrations(db),
    migrate: async (before) => migrate(db, before),
    migrationNotices: async (versions) => migrationNotices(db, versions),
    runDerivedJobs: async (log) => runPendingJobs(db, log),
    reindex: async (log) => rebuildSearchIndexJob(db, log),
    isEmpty: async () => catalogueIsEmpty(db),
    async backup(destination) {
      const result = await backupDatabase(path, destination);
      return { detail: `${result.pages} pages`, integrity: result.integrity };
    },
    async close() {
      if (db.isOpen) db.close();
    },
  };
}

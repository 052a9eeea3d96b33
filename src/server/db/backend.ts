/**
 * The backend factory (decision 0011): the config's DATABASE_URL becomes the repositories and the search
 * engine of one backend. The composition root (app-context.ts), the server (serve.ts) and the scripts go
 * through here; nothing else opens a database or imports a backend's folder.
 */
import { systemClock, type Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Backend, DatabaseMaintenance } from './backend-types.ts';
import { openPostgresBackend, openPostgresMaintenance } from './postgres/backend.ts';
import { openSqliteBackend, openSqliteMaintenance } from './sqlite/backend.ts';

export type { Backend, DatabaseMaintenance, Replication } from './backend-types.ts';
;

/**
 * The backend the config names, refusing a database whose migrations are not all applied. The repositories
 * take the time they write and compare with from `clock` (the app's), never from the database server.
 */
export async function openBackend(config: Pick<Config, 'database'> & Partial<Pick<Config, 'transactionLimitMs'>>, clock: Clock = systemClock): Promise<Backend> {
  // The longest a transaction may stay open (decision 0014); the default unless the config says otherwise.
  const options = config.transactionLimitMs === undefined ? {} : { transactionLimitMs: config.transactionLimitMs };
  const { database } = config;
  const backend = database.kind === 'sqlite'
    ? openSqliteBackend(database.path, clock, options)
    : await openPostgresBackend(database.url, clock, {
      ...options, readUrls: database.readUrls, replicaMaxLagMs: database.replicaMaxLagMs, notifyUrls: database.notifyUrls,
    });
  const pending = await backend.repos.maintenance.pendingMigrations();
  if (pending.length > 0) {
    await backend.close();
    throw new Error(`The database at ${backend.label} is not migrated (pending: ${pending.join(', ')}). Run \`npm run migrate\` first.`);
  }
  return backend;
}

/** The maintenance side of the database the config names (scripts only). */
export async function openMaintenance(config: Pick<Config, 'database'>): Promise<DatabaseMaintenance> {
  return config.database.kind === 'sqlite' ? openSqliteMaintenance(config.database.path) : openPostgresMaintenance(config.database.url);
}

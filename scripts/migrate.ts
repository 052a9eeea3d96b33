/**
 * `npm run migrate`: applies pending migrations to DATABASE_PATH (or --database PATH), then runs
 * the derived-data jobs they asked for, with progress. `npm start` calls it before serving; a
 * serving process only checks the schema is current and refuses to start otherwise.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/sqlite/connection.ts';
import { runPendingJobs } from '../src/server/db/sqlite/jobs.ts';
import { migrate } from '../src/server/db/sqlite/migrate.ts';

const { values } = parseArgs({ options: { database: { type: 'string' } } });
const config = loadConfig(values.database ? { ...process.env, DATABASE_PATH: values.database } : process.env);
// A long busy timeout: another process migrating the same file at once holds the lock for a while.
const db = openDatabase(config.databasePath, { busyTimeoutMs: 60_000 });
const applied = migrate(db);
console.log(applied.length > 0 ? `Applied ${applied.join(', ')} to ${config.databasePath}` : `${config.databasePath} is up to date.`);
runPendingJobs(db, console.log);
db.close();

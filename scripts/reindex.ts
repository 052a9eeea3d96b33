/** `npm run reindex`: rebuilds the search index of DATABASE_PATH in batches, with progress, while the site may keep serving. */
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/sqlite/connection.ts';
import { rebuildSearchIndexJob } from '../src/server/db/sqlite/jobs.ts';

const config = loadConfig();
const db = openDatabase(config.databasePath, { busyTimeoutMs: 60_000 });
rebuildSearchIndexJob(db, console.log);
db.close();

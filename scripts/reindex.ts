/** `npm run reindex`: rebuilds the search index of the database (DATABASE_URL) in batches, with progress, while the site may keep serving. */
import { databaseConfigFromArgs, openScriptDatabase } from './database-args.ts';

const database = await openScriptDatabase(databaseConfigFromArgs());
try {
  await database.reindex(console.log);
} finally {
  await database.close();
}

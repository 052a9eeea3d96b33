/**
 * `npm run migrate`: applies pending migrations to the database DATABASE_URL names (or --database-url URL;
 * --database PATH names a SQLite file), then runs the derived-data jobs they asked for, with progress.
 * `npm start` calls it before serving; a serving process only checks the schema is current and refuses to
 * start otherwise.
 */
import { databaseConfigFromArgs, openScriptDatabase } from './database-args.ts';

const database = await openScriptDatabase(databaseConfigFromArgs());
try {
  const applied = await database.migrate();
  console.log(applied.length > 0 ? `Applied ${applied.join(', ')} to ${database.label}` : `${database.label} is up to date.`);
  for (const notice of await database.migrationNotices(applied)) console.log(notice);
  await database.runDerivedJobs(console.log);
} finally {
  await database.close();
}

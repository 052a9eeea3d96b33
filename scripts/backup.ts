/**
 * `npm run backup -- <file>`: a consistent copy of the live database (DATABASE_PATH) into <file>
 * while the site serves, checked with PRAGMA integrity_check. Restoring is in the README.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import { backupDatabase } from '../src/server/db/sqlite/backup.ts';

const target = process.argv[2];
if (!target) {
  console.error('Usage: npm run backup -- <file>');
  process.exit(2);
}
const destination = resolve(target);
if (existsSync(destination)) {
  console.error(`${destination} exists already; choose a new file.`);
  process.exit(2);
}
const { databasePath } = loadConfig();
const started = performance.now();
console.log(`Copying ${databasePath}…`);
const result = await backupDatabase(databasePath, destination);
console.log(`Backed up ${databasePath} to ${destination}: ${result.pages} pages in ${((performance.now() - started) / 1000).toFixed(1)} s; integrity check: ${result.integrity}.`);
if (result.integrity !== 'ok') process.exit(1);

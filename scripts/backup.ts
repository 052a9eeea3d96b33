/**
 * `npm run backup -- <file>`: a consistent copy of the live database (DATABASE_URL) into <file>
 * while the site serves, checked (SQLite: PRAGMA integrity_check). Restoring is in the README.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import { openScriptDatabase } from './database-args.ts';

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
const database = await openScriptDatabase(loadConfig());
const started = performance.now();
console.log(`Copying ${database.label}…`);
const result = await database.backup(destination).finally(() => database.close());
console.log(`Backed up ${database.label} to ${destination}: ${result.detail} in ${((performance.now() - started) / 1000).toFixed(1)} s; integrity check: ${result.integrity}.`);
if (result.integrity !== 'ok') process.exit(1);

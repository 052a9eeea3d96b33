import { loadConfig } from '../config.ts';
import { openDatabase, type Db } from './connection.ts';

let db: Db | undefined;

/** The process-wide database of the running site, opened (and migrated) on first use. */
export function database(): Db {
  return (db ??= openDatabase(loadConfig().databasePath));
}

/**
 * Kysely on node:sqlite (decision 0012): Kysely's SqliteDialect wants a better-sqlite3-shaped database,
 * which node:sqlite is nearly; this is the difference. Statements come from the connection's statement
 * cache (query.ts), so a repository written with Kysely prepares each distinct query once, as hand-written SQL does.
 */
import { Kysely, SqliteDialect, type SqliteDatabase } from 'kysely';
import type { SQLInputValue } from 'node:sqlite';
import type { Db } from './connection.ts';
import { statement } from './query.ts';

function values(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters as SQLInputValue[];
}

/**
 * The connection in the shape Kysely's SqliteDialect reads. Closing it is its owner's business, not Kysely's.
 * `beforeStatement` runs before each statement (a transaction's check that it is still open).
 */
function kyselyDatabase(db: Db, beforeStatement?: () => void): SqliteDatabase {
  return {
    close: () => undefined,
    prepare(sql) {
      beforeStatement?.();
      const prepared = statement(db, sql);
      return {
        // A statement that answers rows (a SELECT, or a write with RETURNING) is read with all().
        reader: prepared.columns().length > 0,
        all: (parameters) => prepared.all(...values(parameters)),
        run: (parameters) => {
          const result = prepared.run(...values(parameters));
          return { changes: result.changes, lastInsertRowid: result.lastInsertRowid };
        },
        iterate: (parameters) => prepared.iterate(...values(parameters)),
      };
    },
  };
}

/** A Kysely instance over one node:sqlite connection. */
export function sqliteKysely<Schema>(db: Db, beforeStatement?: () => void): Kysely<Schema> {
  return new Kysely<Schema>({ dialect: new SqliteDialect({ database: kyselyDatabase(db, beforeStatement) }) });
}

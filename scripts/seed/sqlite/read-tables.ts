/**
 * Reads a seeded SQLite file table by table, in batches, for another backend's seed to copy (scripts/seed/postgres/):
 * the demo data is generated once, by the SQLite fast path, whatever the backend.
 */
import { openDatabase } from '../../../src/server/db/sqlite/connection.ts';

export type Row = Record<string, unknown>;

/** The file's tables of the shared schema and their rows, `batch` at a time, in rowid order. */
export function openSeedFile(path: string) {
  const db = openDatabase(path, { readOnly: true });
  return {
    *rows(table: string, batch: number): Generator<Row[]> {
      // The table name comes from the destination's own catalogue, checked against this file's.
      const known = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table);
      if (!known) return;
      let page: Row[] = [];
      for (const row of db.prepare(`SELECT * FROM "${table}"`).iterate() as IterableIterator<Row>) {
        page.push(row);
        if (page.length === batch) {
          yield page;
          page = [];
        }
      }
      if (page.length > 0) yield page;
    },
    close: () => db.close(),
  };
}

/**
 * The embedded default's side of the test database port (../test-database.ts): a database is a file, a
 * copy is `VACUUM INTO` (one consistent snapshot, even of a file a running server holds open in WAL mode),
 * and the query layer is Kysely over a node:sqlite connection.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../../../src/server/db/sqlite/connection.ts';
import { sqliteKysely } from '../../../src/server/db/sqlite/kysely.ts';
import type { Tables } from '../../../src/server/db/tables.ts';
import type { TestDatabaseBackend } from '../test-database.ts';

function pathOf(url: string): string {
  if (!url.startsWith('sqlite:')) throw new Error(`not a SQLite database URL: ${url}`);
  return url.slice('sqlite:'.length);
}

export const sqliteTestDatabases: TestDatabaseBackend = {
  name: 'SQLite',
  async fresh(dir, name) {
    return `sqlite:${join(dir, `${name}.db`)}`;
  },
  async copy(source, dir, name) {
    const destination = join(dir, `${name}.db`);
    const db = openDatabase(pathOf(source), { readOnly: true });
    try {
      db.prepare('VACUUM INTO ?').run(destination);
    } finally {
      db.close();
    }
    return `sqlite:${destination}`;
  },
  async remove(url) {
    const path = pathOf(url);
    for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
  },
  query(url) {
    const db = openDatabase(pathOf(url), { busyTimeoutMs: 5_000 });
    const query = sqliteKysely<Tables>(db);
    return { query, close: async () => { await query.destroy(); db.close(); } };
  },
};

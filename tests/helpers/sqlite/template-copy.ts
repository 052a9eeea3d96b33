/**
 * For the tests of the SQLite implementation itself (tests/unit/sqlite/): a copy of the template as a file,
 * with a node:sqlite handle on it. Every other test goes through ../test-database.ts.
 */
import { afterAll, beforeAll, inject } from 'vitest';
import type { AppContext, AppContextOptions } from '../../../src/server/app-context.ts';
import { openDatabase, type Db } from '../../../src/server/db/sqlite/connection.ts';
import { copyOfDatabase, testApp } from '../test-database.ts';

/** The file behind a `sqlite:` URL. */
function sqlitePath(url: string): string {
  if (!url.startsWith('sqlite:')) throw new Error(`the SQLite implementation's tests run on SQLite, not ${url}`);
  return url.slice('sqlite:'.length);
}

/** A private copy of the template file and a handle on it; `close` removes it. */
export async function sqliteCopyOfTemplate(): Promise<{ db: Db; path: string; close(): Promise<void> }> {
  const copy = await copyOfDatabase(inject('templateUrl'));
  const path = sqlitePath(copy.url);
  const db = openDatabase(path);
  return { db, path, async close() { db.close(); await copy.remove(); } };
}

/** A test file's copy of the template for all its tests: `db` (a node:sqlite handle), `path`, `url` and `app`. */
export function useSqliteCopy(env: Record<string, string> = {}, options: AppContextOptions = {}): { readonly db: Db; readonly path: string; readonly url: string; readonly app: AppContext } {
  let copy: Awaited<ReturnType<typeof sqliteCopyOfTemplate>> | undefined;
  let app: AppContext | undefined;
  beforeAll(async () => {
    copy = await sqliteCopyOfTemplate();
    app = await testApp(`sqlite:${copy.path}`, env, options);
  });
  afterAll(async () => {
    await app?.close();
    await copy?.close();
  });
  return {
    get db() { return copy!.db; },
    get path() { return copy!.path; },
    get url() { return `sqlite:${copy!.path}`; },
    get app() { return app!; },
  };
}

import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { seedDatabase } from '../../scripts/seed/sqlite/generate.ts';
import { createAppContext, type AppContext, type AppContextOptions } from '../../src/server/app-context.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase, type Db } from '../../src/server/db/sqlite/connection.ts';
import { migrate } from '../../src/server/db/sqlite/migrate.ts';

/** Size of the demo data the unit and API tests share: small, but every kind of row appears. */
export const TEST_SEED = { profiles: 300, posts: 1500, seed: 20260101 } as const;

/** Seeds a fresh database file in `dir` and returns its path. */
export async function createSeededDatabase(dir: string, mediaDir: string): Promise<string> {
  const path = join(dir, 'template.db');
  const db = openDatabase(path);
  migrate(db);
  await seedDatabase(db, { ...TEST_SEED, mediaDir });
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.close();
  return path;
}

/** A private copy of the seeded template database for one test file; `close` removes it. */
export function copyOfTemplate(templatePath: string): { db: Db; path: string; close: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'yp-test-'));
  const path = join(dir, 'test.db');
  copyFileSync(templatePath, path);
  const db = openDatabase(path);
  return { db, path, close: () => { db.close(); rmSync(dir, { recursive: true, force: true }); } };
}

/** The app on a database file as the server builds it, without timers, searching on the calling thread. */
export function testApp(path: string, env: Record<string, string> = {}, options: AppContextOptions = {}): Promise<AppContext> {
  return createAppContext(loadConfig({ DATABASE_URL: `sqlite:${path}`, SEARCH_WORKERS: '0', SEARCH_CACHE_SIZE: '200', ...env }), { timers: false, ...options });
}

/**
 * Gives a test file its own copy of the template database for all its tests: `copy.db` (a raw
 * handle for fixtures and the oracle), `copy.path` and `copy.app` (the app context on it) are ready
 * from the first `beforeAll` on and removed after the last test.
 */
export function useTemplateCopy(env: Record<string, string> = {}, options: AppContextOptions = {}): { readonly db: Db; readonly path: string; readonly app: AppContext } {
  let current: ReturnType<typeof copyOfTemplate> | undefined;
  let app: AppContext | undefined;
  beforeAll(async () => {
    current = copyOfTemplate(inject('templateDb'));
    app = await testApp(current.path, env, options);
  });
  afterAll(async () => {
    await app?.close();
    current?.close();
  });
  return {
    get db() { return current!.db; },
    get path() { return current!.path; },
    get app() { return app!; },
  };
}

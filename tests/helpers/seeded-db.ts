import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { seedDatabase } from '../../scripts/seed/generate.ts';
import { openDatabase, type Db } from '../../src/server/db/connection.ts';

/** Size of the demo data the unit and API tests share: small, but every kind of row appears. */
export const TEST_SEED = { profiles: 300, posts: 1500, seed: 20260101 } as const;

/** Seeds a fresh database file in `dir` and returns its path. */
export async function createSeededDatabase(dir: string, mediaDir: string): Promise<string> {
  const path = join(dir, 'template.db');
  const db = openDatabase(path);
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

/**
 * Gives a test file its own copy of the template database for all its tests: `copy.db` and
 * `copy.path` are ready from the first `beforeAll` on and removed after the last test.
 */
export function useTemplateCopy(): { readonly db: Db; readonly path: string } {
  let current: ReturnType<typeof copyOfTemplate> | undefined;
  beforeAll(() => {
    current = copyOfTemplate(inject('templateDb'));
  });
  afterAll(() => current?.close());
  return {
    get db() { return current!.db; },
    get path() { return current!.path; },
  };
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createSeededDatabase, testDatabases } from '../helpers/test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded template's DATABASE_URL: each test file works on its own copy. */
    templateUrl: string;
    mediaDir: string;
  }
}

/** Seeds one template database per run; each test file works on its own copy of it. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'yp-template-'));
  const mediaDir = join(dir, 'media');
  const url = await createSeededDatabase(dir, mediaDir);
  project.provide('templateUrl', url);
  project.provide('mediaDir', mediaDir);
  return async () => {
    await testDatabases().remove(url);
    rmSync(dir, { recursive: true, force: true });
  };
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createSeededDatabase } from '../helpers/seeded-db.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDb: string;
    mediaDir: string;
  }
}

/** Seeds one template database per run; each test file works on its own copy of it. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'yp-template-'));
  const mediaDir = join(dir, 'media');
  project.provide('templateDb', await createSeededDatabase(dir, mediaDir));
  project.provide('mediaDir', mediaDir);
  return () => rmSync(dir, { recursive: true, force: true });
}

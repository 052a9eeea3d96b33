import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createSeededDatabase, testDatabases } from '../helpers/test-database.ts';
import { freePort, waitUntilUp } from '../helpers/server.ts';
import { SUITE_ENV } from '../helpers/suite-env.ts';
import { scaled } from '../helpers/time-factor.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The DATABASE_URL the server runs on. */
    e2eUrl: string;
    /** Where the server writes mail and SMS (tests read sign-in codes from it). */
    outboxDir: string;
  }
}

/** The advertiser site the server sends advertisers to (tests intercept it: nothing listens there). */
export const E2E_ADVERTISER_SITE = 'http://advertiser.yp.test';

/** Starts the built server on a free port with its own seeded database, as `npm start` would. */
export default async function setup(project: TestProject) {
  const entry = join(process.cwd(), 'dist/server/entry.mjs');
  if (!existsSync(entry)) throw new Error('No build found: run `npm run build` before the end-to-end tests.');
  const dir = mkdtempSync(join(tmpdir(), 'yp-e2e-'));
  const mediaDir = join(dir, 'media');
  const databaseUrl = await createSeededDatabase(dir, mediaDir, 'e2e');
  const outboxDir = join(dir, 'outbox');
  const port = await freePort();
  const server = spawn(process.execPath, [join(process.cwd(), 'scripts/serve.ts')], {
    env: { ...process.env, ...SUITE_ENV, HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: databaseUrl, MEDIA_DIR: mediaDir, OUTBOX_DIR: outboxDir,
      // Every journey comes from 127.0.0.1: the per-client limit of uncached search pages has its own test (resilience.test.ts).
      ADVERTISER_SITE_URL: E2E_ADVERTISER_SITE, SEARCH_PAGE_LIMIT: '0' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${baseUrl}/api/countries`, scaled(20_000));
  project.provide('baseUrl', baseUrl);
  project.provide('e2eUrl', databaseUrl);
  project.provide('outboxDir', outboxDir);
  return async () => {
    server.kill();
    await testDatabases().remove(databaseUrl);
    rmSync(dir, { recursive: true, force: true });
  };
}

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readiness } from '../../src/server/readiness.ts';
import { ensureChromium, findChromium, findFullChromium } from '../../scripts/chromium.ts';
import { testApp, useTestDatabase } from '../helpers/test-database.ts';
import { scaled } from '../helpers/time-factor.ts';

const copy = useTestDatabase();
const scratch = mkdtempSync(join(tmpdir(), 'yp-ops-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('readiness', () => {
  it('is ready on a migrated database with a working search, and not once the database is closed', async () => {
    // The search is ready once its facet store has loaded (PostgreSQL loads it as the app starts).
    await expect.poll(() => readiness(copy.app), { timeout: scaled(10_000) }).toEqual({ database: true, migrations: true, search: true, pages: true });
    const app = await testApp(copy.url);
    await app.repos.close();
    const checks = await readiness(app);
    expect(checks.database).toBe(false);
    await app.close().catch(() => undefined);
  });

  it('is not ready while its pages answer server errors in a row, and is again once a page answers', async () => {
    const app = await testApp(copy.url);
    try {
      app.pageHealth.record(500);
      app.pageHealth.record(503);
      app.pageHealth.record(500);
      // A 503 is the render bound's answer to load: it neither counts nor ends a run of failures.
      expect((await readiness(app)).pages).toBe(true);
      app.pageHealth.record(500);
      app.pageHealth.record(200);
      app.pageHealth.record(500);
      app.pageHealth.record(502);
      expect((await readiness(app)).pages).toBe(true);
      app.pageHealth.record(500);
      expect((await readiness(app)).pages).toBe(false);
      app.pageHealth.record(404);
      expect((await readiness(app)).pages).toBe(true);
    } finally {
      await app.close();
    }
  });
});

describe('the Chromium the end-to-end tests use', () => {
  it('takes CHROMIUM_PATH when it is an executable, and stops with one sentence when it is not, installing nothing', () => {
    const saved = process.env.CHROMIUM_PATH;
    try {
      process.env.CHROMIUM_PATH = process.execPath;
      expect(findChromium()).toBe(process.execPath);
      process.env.CHROMIUM_PATH = join(scratch, 'no-such-browser');
      const said: string[] = [];
      expect(ensureChromium((line) => said.push(line))).toBeNull();
      expect(said).toEqual([`CHROMIUM_PATH is set to ${join(scratch, 'no-such-browser')}, which is not an executable: point it at a Chromium binary, or unset it.`]);
    } finally {
      if (saved === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = saved;
    }
  });

  it.skipIf(!existsSync('/usr/bin/chromium-headless-shell'))('takes Debian\'s headless shell without CHROMIUM_PATH, and Lighthouse the full browser', () => {
    const saved = process.env.CHROMIUM_PATH;
    try {
      delete process.env.CHROMIUM_PATH;
      expect(findChromium()).toBe('/usr/bin/chromium-headless-shell');
      expect(ensureChromium(() => undefined)).toBe('/usr/bin/chromium-headless-shell');
      expect(findFullChromium()).not.toBe('/usr/bin/chromium-headless-shell');
    } finally {
      if (saved !== undefined) process.env.CHROMIUM_PATH = saved;
    }
  });
});

import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { scaled, timeFactor } from './tests/helpers/time-factor.ts';

/** Each backend's own tests (tests/unit/sqlite/, tests/unit/postgres/) run on that backend only. */
const serverBackend = process.env.TEST_DATABASE !== undefined && process.env.TEST_DATABASE !== 'sqlite';
const backendExclude = serverBackend ? ['tests/unit/sqlite/**'] : ['tests/unit/postgres/**'];
/**
 * A database server answers each statement over a socket: tests that make hundreds of calls get more time there. Both
 * allow for a busy machine: beside two CPU-bound processes a 2-core box runs the suite at about half speed, where the
 * lifecycle table (15 s) and the import-cycle parse (5 s) had timed out.
 */
// Every time limit of the suite is written for a quiet machine and scaled by how busy this one is (issue 62): measured
// here unless `npm test` measured it once for all its steps.
if (process.env.YP_TEST_TIME_FACTOR === undefined) console.log(`Test time limits × ${timeFactor()} (this machine now against a quiet one)`);
const testTimeout = scaled(serverBackend ? 30_000 : 10_000);
/**
 * The unit and API files share a worker's modules instead of importing the app again for each (isolate: false): every
 * file makes its own app context on its own copy of the template database; src/ keys what it keeps per database by
 * the database's object (WeakMaps), and its other module-level values (place names, the basemap, formatters) are the
 * same for every file. With two workers and this, the SQLite leg took 67-77 s and the PostgreSQL leg 135-172 s on this
 * 2-core box, against 207 and 362 s one file at a time, each importing the app (42 % and 22 % of them). Both pass
 * with the files in shuffled order (--sequence.shuffle.files).
 */
const shared = { testTimeout, hookTimeout: scaled(10_000), expect: { poll: { timeout: scaled(1_000) } }, isolate: false, globalSetup: ['tests/setup/template-db.ts'], setupFiles: ['tests/setup/fail-on-console-error.ts'] };

export default defineConfig({
  test: {
    // A worker per core, two at least: Vitest's default (cores - 1) ran one file at a time on the 2-core CI box, where
    // a file waits on its database much of the time. The end-to-end and cluster projects keep one file at a time
    // (fileParallelism: false): they share a server and the machine.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...backendExclude],
          ...shared,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          ...shared,
        },
      },
      {
        // The local cluster (issue 41, npm run test:cluster): root on Debian only, run last by npm test.
        test: {
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          testTimeout: scaled(60_000),
          hookTimeout: scaled(180_000),
          fileParallelism: false,
        },
      },
      {
        // End-to-end journeys in Debian's Chromium against the built server (npm run build first).
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/setup/e2e-server.ts'],
          setupFiles: ['tests/setup/hydration.ts'],
          testTimeout: scaled(30_000),
          hookTimeout: scaled(60_000),
          // Anything that polls waits generously: a 2-core machine running the whole suite is slow at times.
          expect: { poll: { timeout: scaled(5_000) } },
          fileParallelism: false,
          // One file at a time, sharing the worker's modules (Playwright, the test helpers, the app's data layer) in
          // place of importing them again for each file: 392 s against 436 s. Every file launches its own browser and
          // opens its own handle on the server's database.
          isolate: false,
        },
      },
    ],
  },
});

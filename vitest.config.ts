import { configDefaults, defineConfig } from 'vitest/config';

/** Each backend's own tests (tests/unit/sqlite/, tests/unit/postgres/) run on that backend only. */
const serverBackend = process.env.TEST_DATABASE !== undefined && process.env.TEST_DATABASE !== 'sqlite';
const backendExclude = serverBackend ? ['tests/unit/sqlite/**'] : ['tests/unit/postgres/**'];
/** A database server answers each statement over a socket: tests that make hundreds of calls get more time there. */
const testTimeout = serverBackend ? 15_000 : 5_000;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...backendExclude],
          testTimeout,
          globalSetup: ['tests/setup/template-db.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          testTimeout,
          globalSetup: ['tests/setup/template-db.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
        },
      },
      {
        // The local cluster (issue 41, npm run test:cluster): root on Debian only, run last by npm test.
        test: {
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Anything that polls waits generously: a 2-core machine running the whole suite is slow at times.
          expect: { poll: { timeout: 5_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});

/**
 * `npm test`: type checking, lint, unit and API tests on SQLite and again on PostgreSQL (a throwaway server the run
 * starts and stops, scripts/postgres/), a production build, then the end-to-end tests in Chromium against that build,
 * then (root on Debian) the local cluster's test (scripts/cluster/). Ends with one 'N passed, N failed' line summing
 * every suite.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium } from './chromium.ts';
import { ensureJava } from './java.ts';
import { projectRoot } from '../src/server/project-root.ts';
import { ensurePostgresClient } from './postgres/client.ts';
import { stopServer, testReplica, testServer } from './postgres/server.ts';
import { clusterUnavailable } from './cluster/cluster.ts';
import { timeFactor } from '../tests/helpers/time-factor.ts';

// The suite's time limits are written for a quiet machine (issue 62): how busy this one is, measured once before any
// step starts, scales them in every step (tests/helpers/time-factor.ts).
console.log(`Test time limits × ${timeFactor()} (this machine now against a quiet one, YP_TEST_TIME_FACTOR)`);

const reports = mkdtempSync(join(tmpdir(), 'yp-test-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let ok = true;

/** A step's environment: this one's, without Astro's telemetry, and `env`. */
const stepEnv = (env: Record<string, string> = {}) => ({ ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env });

const started = Date.now();
/** Seconds since `since`, one decimal. */
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

function run(label: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n=== ${label}: ${Object.entries(env).map(([key, value]) => `${key}=${value} `).join('')}${command} ${args.join(' ')}`);
  const start = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: stepEnv(env) });
  console.log(`=== ${label} ${result.status === 0 ? 'passed' : `failed (exit ${result.status ?? result.signal})`} in ${seconds(start)} s`);
  return result.status === 0;
}

/**
 * Runs commands at the same time, each printing what it wrote once it ends (in the order given): type checking and
 * lint each keep one core busy for most of their run.
 */
async function runTogether(steps: { label: string; command: string; args: string[] }[]): Promise<boolean> {
  const start = Date.now();
  const results = await Promise.all(steps.map(({ command, args }) => new Promise<{ output: string; status: number | null }>((resolve) => {
    // Colours as on a terminal, though the output goes through a pipe first.
    const child = spawn(command, args, { env: stepEnv({ FORCE_COLOR: '1' }) });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.on('error', (error) => { output += `${error.message}\n`; });
    child.on('close', (status) => resolve({ output, status }));
  })));
  let passed = true;
  steps.forEach(({ label, command, args }, index) => {
    const { output, status } = results[index]!;
    console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
    process.stdout.write(output);
    if (status !== 0) {
      console.log(`=== ${label} failed (exit ${status})`);
      passed = false;
    }
  });
  console.log(`=== ${steps.map(({ label }) => label).join(' and ')} ended in ${seconds(start)} s`);
  return passed;
}

/** Runs Vitest projects and adds their counts from the JSON report. */
function vitest(label: string, projects: string[], env: Record<string, string> = {}): boolean {
  const report = join(reports, `${label}.json`);
  const passed = run(label, 'npx', ['vitest', 'run', ...projects.flatMap((project) => ['--project', project]),
    '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], env);
  try {
    const json = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    totals.skipped += json.numPendingTests + json.numTodoTests;
  } catch {
    // No report: the run itself broke before testing; count it as a failure below.
  }
  return passed;
}

// The end-to-end tests need a Chromium: found, or installed the platform's way (scripts/chromium.ts); first, so the
// unit test of which one is taken sees what the end-to-end leg will use.
const browser = ensureChromium();
ok = await runTogether([{ label: 'typecheck', command: 'npx', args: ['astro', 'check'] }, { label: 'lint', command: 'npx', args: ['eslint', '.'] }, { label: 'knip', command: 'npx', args: ['knip', '--no-progress'] }]) && ok;
ok = vitest('unit-and-api', ['unit', 'api']) && ok;
// The same suites on PostgreSQL: the test setup starts the server (tests/helpers/postgres/), this run stops it at the end.
// Its backup test needs pg_dump and pg_restore (scripts/postgres/client.ts).
ok = ensurePostgresClient() && ok;
ok = vitest('unit-and-api-postgres', ['unit', 'api'], { TEST_DATABASE: 'postgres' }) && ok;
if (run('build', 'npx', ['astro', 'build'])) {
  // The HTML validity check runs the W3C Nu checker, which needs Java (scripts/java.ts).
  if (browser && ensureJava()) {
    process.env.CHROMIUM_PATH = browser;
    ok = vitest('e2e', ['e2e']) && ok;
  } else {
    ok = false;
  }
} else {
  ok = false;
}
// The PostgreSQL server the tests started (the unit and API leg, and the end-to-end journey on PostgreSQL).
stopServer(testReplica(projectRoot));
stopServer(testServer(projectRoot));
// Last, the local cluster (issue 41): root on Debian only, with the build above; elsewhere it says why and counts a skip.
const noCluster = clusterUnavailable();
if (noCluster) {
  console.log(`\n=== cluster: skipped, ${noCluster}`);
  totals.skipped += 1;
} else {
  ok = vitest('cluster', ['cluster']) && ok;
}
rmSync(reports, { recursive: true, force: true });

if (!ok && totals.failed === 0) totals.failed = 1;
console.log(`\nnpm test took ${((Date.now() - started) / 60_000).toFixed(1)} minutes.`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(ok ? 0 : 1);

/**
 * `npm run bench:restart` (issue 38): what a crash or a deploy costs, against the built server (npm run build) on a
 * small demo database it makes in a temporary folder (BENCH_RESTART_POSTS, default 2,000 posts).
 *
 * 1. Mail after a crash: 12 clients ask for sign-up codes (each a mail through the outbox); 2 s in, the serving worker
 *    is killed with SIGKILL; they go on for 2 s more. Printed: the delay from the kill to the last queued message
 *    written (goal ≤ 15 s), messages written twice (goal 0), and codes asked for but never written (goal 0).
 * 2. The same with the whole server killed (supervisor and workers) and started again: the delay from the new server
 *    answering to the last queued message written.
 * 3. A worker killed under load: autocannon at c=64 over cached pages for 10 s, the serving worker killed with SIGKILL
 *    3 s in. Printed: refused connections (goal 0) and failed requests (goal ≤ 0.5%).
 * 4. A rolling restart (SIGHUP, a deploy) under the same load: failed requests (goal 0).
 */
import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../src/server/project-root.ts';

if (!existsSync(join(projectRoot, 'dist/server/entry.mjs'))) {
  console.error('Needs a build (npm run build).');
  process.exit(1);
}
const POSTS = Number(process.env.BENCH_RESTART_POSTS ?? 2000);
const scratch = mkdtempSync(join(tmpdir(), 'yp-bench-restart-'));
const databaseUrl = `sqlite:${join(scratch, 'yp.db')}`;
const outboxDir = join(scratch, 'outbox');
const port = 5100 + Math.floor(Math.random() * 400);
const base = `http://127.0.0.1:${port}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

console.log(`A demo database of ${POSTS} posts in ${scratch}…`);
for (const [script, args] of [['scripts/migrate.ts', []], ['scripts/seed.ts', ['--posts', String(POSTS)]]] as const) {
  const made = spawnSync(process.execPath, [join(projectRoot, script), ...args], { env: { ...process.env, DATABASE_URL: databaseUrl, MEDIA_DIR: join(scratch, 'media') }, stdio: 'ignore' });
  if (made.status !== 0) throw new Error(`${script} failed`);
}

let log = '';
/** The server as `npm run serve` runs it, in a process group of its own (killed whole in part 2). */
function startServer(): ChildProcess {
  const child = spawn(process.execPath, ['--max-semi-space-size=4', '--max-old-space-size=384', join(projectRoot, 'scripts/serve.ts')], {
    env: {
      ...process.env, MALLOC_ARENA_MAX: '2', HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: databaseUrl, MEDIA_DIR: join(scratch, 'media'),
      OUTBOX_DIR: outboxDir, TRUST_PROXY: '1', SEARCH_PAGE_LIMIT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'], detached: true,
  });
  child.stdout!.on('data', (chunk) => { log += chunk; });
  child.stderr!.on('data', (chunk) => { log += chunk; });
  return child;
}

/** /healthz, asked up to 3 times (a kept connection to a killed process fails once). */
async function health(): Promise<{ pid?: number; restarts: number } | undefined> {
  for (let tries = 0; tries < 3; tries++) {
    try {
      return await (await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2000) })).json() as { pid?: number; restarts: number };
    } catch {
      await sleep(20);
    }
  }
  return undefined;
}

async function up(): Promise<number> {
  const began = performance.now();
  for (;;) {
    if (await health()) return performance.now();
    if (performance.now() - began > 60_000) throw new Error('the server did not start');
    await sleep(50);
  }
}

/** The serving worker's pid (/healthz names it; an older build without it: the supervisor's first child). */
async function servingPid(server: ChildProcess): Promise<number> {
  const answer = await health();
  if (answer?.pid) return answer.pid;
  return Number(spawnSync('pgrep', ['-P', String(server.pid)], { encoding: 'utf8' }).stdout.trim().split('\n')[0]);
}

let clients = 0;
/** Asks for sign-up codes from `loops` clients until `until()` says stop; returns how many were acknowledged. */
async function askForCodes(loops: number, until: () => boolean): Promise<number> {
  const token = await fetch(`${base}/api/sanctum/csrf-cookie`);
  const cookie = token.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
  const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)![1]!);
  let acknowledged = 0;
  await Promise.all(Array.from({ length: loops }, async () => {
    while (!until()) {
      const client = ++clients;
      try {
        const answer = await fetch(`${base}/api/register/verification`, {
          method: 'POST', signal: AbortSignal.timeout(10_000),
          headers: { 'Content-Type': 'application/json', Origin: base, Cookie: cookie, 'X-XSRF-TOKEN': xsrf, 'X-Forwarded-For': `10.9.${client >> 8 & 255}.${client & 255}` },
          body: JSON.stringify({ type: 'email', email: `restart-${client}@example.my` }),
        });
        await answer.arrayBuffer();
        if (answer.ok) acknowledged += 1;
      } catch {
        await sleep(20);
      }
    }
  }));
  return acknowledged;
}

/** Mail files written, and the time of the newest (ms since epoch). */
function outbox(): { files: number; newest: number } {
  const files = existsSync(outboxDir) ? readdirSync(outboxDir).filter((name) => name.endsWith('.eml')) : [];
  return { files: files.length, newest: Math.max(0, ...files.map((name) => statSync(join(outboxDir, name)).mtimeMs)) };
}

/** Waits until `expected` mails are written (or 120 s): the wall-clock time of the last one, and how many are missing. */
async function mailsWritten(expected: number): Promise<{ last: number; missing: number }> {
  const began = Date.now();
  while (outbox().files < expected && Date.now() - began < 120_000) await sleep(100);
  return { last: outbox().newest, missing: Math.max(0, expected - outbox().files) };
}

/** Mails written twice: files naming a recipient another file names (each code went to its own address). */
function writtenTwice(): number {
  const files = existsSync(outboxDir) ? readdirSync(outboxDir).filter((name) => name.endsWith('.eml')) : [];
  const recipients = new Set(files.map((name) => /^To: (.+)$/m.exec(readFileSync(join(outboxDir, name), 'utf8'))?.[1]));
  return files.length - recipients.size;
}
/** Deliveries that found their message already written (a send not recorded before a crash): sent once all the same. */
const resends = () => (log.match(/was already at/g) ?? []).length;

function load(label: string, during: (server: ChildProcess) => Promise<void>, server: ChildProcess) {
  return new Promise<string>((resolve) => {
    let refused = 0;
    let failed = 0;
    const paths = ['/', '/services', '/jobs', '/services/l'];
    const run = autocannon({
      url: base, connections: 64, duration: 10, headers: { 'accept-encoding': 'br, gzip' },
      requests: paths.map((path) => ({ method: 'GET' as const, path })),
    }, (error, result) => {
      if (error) throw error;
      const total = result.requests.total + failed;
      resolve(`${label.padEnd(34)} ${String(total).padStart(8)} ${String(refused).padStart(8)} ${String(failed + result.non2xx).padStart(7)} ${((100 * (failed + result.non2xx)) / total).toFixed(2).padStart(7)}%`);
    });
    run.on('reqError', (error: NodeJS.ErrnoException) => {
      failed += 1;
      if (error.code === 'ECONNREFUSED') refused += 1;
    });
    void sleep(3000).then(() => during(server));
  });
}

const server = startServer();
let current = server;
try {
  await up();
  await sleep(1000);
  console.log('\n1. Mail: 12 clients ask for codes; the serving worker is killed (SIGKILL) 2 s in, they go on 2 s more.');
  let stop = false;
  const asking = askForCodes(12, () => stop);
  await sleep(2000);
  const victim = await servingPid(server);
  const written = outbox().files;
  process.kill(victim, 'SIGKILL');
  const killedAt = Date.now();
  await sleep(2000);
  stop = true;
  const acknowledged = await asking;
  const first = await mailsWritten(acknowledged);
  console.log(`   ${acknowledged} codes acknowledged (${written} written before the kill); last written ${((first.last - killedAt) / 1000).toFixed(1)} s after the kill `
    + `(goal ≤ 15 s); written twice: ${writtenTwice()} (goal 0; ${resends()} resent found written); never written: ${first.missing} (goal 0)`);

  console.log('\n2. Mail: the same, then the whole server (supervisor and workers) killed and started again.');
  stop = false;
  const before = outbox().files;
  const asking2 = askForCodes(12, () => stop);
  await sleep(2000);
  // Mid-burst: the answers that came before the kill are the codes owed.
  stop = true;
  process.kill(-server.pid!, 'SIGKILL');
  const acknowledged2 = await asking2;
  const unsent = before + acknowledged2 - outbox().files;
  await sleep(500);
  const restarted = Date.now();
  current = startServer();
  await up();
  const answering = Date.now();
  const second = await mailsWritten(before + acknowledged2);
  const owed = unsent > 0 ? `last written ${((second.last - restarted) / 1000).toFixed(1)} s after the restart (goal ≤ 15 s; it answered after ${((answering - restarted) / 1000).toFixed(1)} s)`
    : 'none was owed after the restart';
  console.log(`   ${acknowledged2} codes acknowledged, ${unsent} not written at the kill; ${owed}; `
    + `written twice: ${writtenTwice()} (goal 0; ${resends()} resent found written); never written: ${second.missing} (goal 0)`);

  await sleep(3000);
  console.log('\n3-4. Load at c=64 on cached pages for 10 s (home, two category homes, a search page):');
  console.log(`${'event 3 s in'.padEnd(34)} ${'requests'.padStart(8)} ${'refused'.padStart(8)} ${'failed'.padStart(7)} ${'share'.padStart(8)}`);
  console.log(await load('none', async () => undefined, current));
  console.log(await load('serving worker killed (SIGKILL)', async () => { process.kill(await servingPid(current), 'SIGKILL'); }, current));
  await sleep(8000);
  const answer = await health();
  const rolling = answer?.pid !== undefined;
  if (!rolling) console.log(JSON.stringify(answer));
  console.log(rolling ? await load('rolling restart (SIGHUP)', async (target) => { target.kill('SIGHUP'); }, current) : 'rolling restart (SIGHUP): not supported by this build');
  console.log('\nThe server\'s log:');
  console.log(log.split('\n').filter((line) => /restart|SIGHUP|stopped|failed|ready/i.test(line) && !/^outbox/.test(line)).map((line) => `  ${line}`).join('\n'));
} finally {
  try { process.kill(-current.pid!, 'SIGKILL'); } catch { /* gone */ }
  try { process.kill(-server.pid!, 'SIGKILL'); } catch { /* gone */ }
  await sleep(500);
  rmSync(scratch, { recursive: true, force: true });
}

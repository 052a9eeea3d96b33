import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../helpers/server.ts';
import { openTestDatabase, useDatabaseCopies } from '../helpers/test-database.ts';
import { scaled } from '../helpers/time-factor.ts';

/**
 * A web process that only serves, and a worker that does the heavy work (issue 62): the server started as `npm start`
 * starts it runs one job worker beside its server processes, at a lower CPU priority, and starts it again when it dies.
 * The server processes run only the latency-bound jobs (mail and SMS a person waits for), and /healthz says so and
 * that a worker holds its lease; a sweep and a bulk send's mail are done by the worker.
 */
const scratch = mkdtempSync(join(tmpdir(), 'yp-job-worker-e2e-'));
const outbox = join(scratch, 'outbox');
const copyOfE2eDb = useDatabaseCopies();

let server: Awaited<ReturnType<typeof startServer>>;
let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  const url = await copyOfE2eDb('job-worker');
  server = await startServer({ DATABASE_URL: url, OUTBOX_DIR: outbox, SEARCH_WORKERS: '0' });
  database = await openTestDatabase(url);
});
afterAll(async () => {
  await database?.close();
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/** The pids of the job workers that said they work, in order. */
const workerPids = () => [...server.output().matchAll(/jobs: working as [^:\s]+:(\d+):/g)].map((match) => Number(match[1]));
/** A process's niceness (the 19th field of /proc/PID/stat, after the command's closing parenthesis). */
const niceness = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
/** What /healthz says of the background work. */
const jobsHealth = async () => ((await (await fetch(`${server.baseUrl}/healthz`)).json()) as { jobs: { kinds: string[]; worker: boolean | null } }).jobs;

describe('the job worker beside the server processes', () => {
  it('runs at a lower CPU priority, takes the heavy kinds the web leaves, and is started again when it dies', async () => {
    await expect.poll(workerPids, { timeout: scaled(30_000) }).toHaveLength(1);
    const [worker] = workerPids() as [number];
    expect(niceness(worker)).toBe(10);
    // The serving process runs only what a visitor waits on (mail and SMS); the worker holds its lease.
    await expect.poll(jobsHealth, { timeout: scaled(15_000) }).toEqual({ kinds: ['send_message'], worker: true });
    // A sweep the serving process does not know is done by the worker.
    const sweep = await database.repos.jobs.enqueue({ kind: 'prune_cache_invalidations' });
    await expect.poll(async () => (await database.repos.jobs.find({ kind: 'prune_cache_invalidations', limit: 20 })).find((job) => job.id === sweep)?.state,
      { timeout: scaled(30_000) }).toBe('done');
    // A bulk send's mail (an alert run's) is the worker's too: the serving process runs only send_message.
    const mail = { to: 'bulk-reader@example.my', subject: 'New listings for your saved search', text: 'Three new listings.', html: '<p>Three new listings.</p>' };
    const message = await database.repos.outbox.insert({ channel: 'mail', recipient: mail.to, message: JSON.stringify(mail) });
    const bulk = await database.repos.jobs.enqueue({ kind: 'send_bulk_message', payload: { id: message }, idempotencyKey: `message:${message}`, priority: -1 });
    await expect.poll(async () => (await database.repos.jobs.find({ kind: 'send_bulk_message', limit: 20 })).find((job) => job.id === bulk)?.state,
      { timeout: scaled(30_000) }).toBe('done');
    expect(readdirSync(outbox).filter((name) => name.endsWith('.eml')).map((name) => readFileSync(join(outbox, name), 'utf8')).some((text) => text.includes('To: bulk-reader@example.my'))).toBe(true);
    process.kill(worker, 'SIGKILL');
    await expect.poll(workerPids, { timeout: scaled(30_000) }).toHaveLength(2);
    expect(server.output()).toMatch(new RegExp(`Job worker ${worker} stopped \\(killed by SIGKILL\\): a new one starts\\.`));
    expect(niceness(workerPids()[1]!)).toBe(10);
  });
});

/**
 * The supervisor of `npm start` and `npm run serve` (security probe item 1): a node:cluster primary that
 * runs the server in one worker process and starts a new one whenever it dies, logging why. The worker
 * shares the primary's listening socket, so connections that arrive during a restart wait instead of
 * being refused. GET /healthz shows the count of restarts ({status, uptime_s, restarts}).
 *
 * One worker: the limits, blocks and de-duplication that must hold across workers are not all shared
 * yet (the in-memory request limits), so a second worker would double them.
 */
import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { RESTARTS_ENV } from './health.ts';

const WORKER_ENTRY = fileURLToPath(new URL('./serve-worker.ts', import.meta.url));
/** Restarts closer together than this count as a crash loop, and the next one waits (up to 10 s). */
const CRASH_LOOP_MS = 10_000;
/** How long a stopping worker has to finish before the primary gives up on it (its own grace is 10 s). */
const STOP_TIMEOUT_MS = 15_000;

export async function supervise(distDir: string): Promise<void> {
  cluster.setupPrimary({ exec: WORKER_ENTRY, args: [distDir] });
  let restarts = 0;
  let stopping = false;
  let lastStart = 0;
  let quickRestarts = 0;
  /** Workers already replaced (a fatal error was reported): their exit starts nobody. */
  const replaced = new WeakSet<Worker>();
  const reasons = new WeakMap<Worker, string>();

  const start = (): Worker => {
    lastStart = Date.now();
    const worker = cluster.fork({ [RESTARTS_ENV]: String(restarts) });
    worker.on('message', (message: { type?: string; reason?: string }) => {
      if (message?.type !== 'fatal' || stopping) return;
      reasons.set(worker, message.reason ?? 'uncaught exception');
      // Start the replacement now: the failed worker finishes its requests while the new one starts listening.
      replaced.add(worker);
      restarts += 1;
      console.error(`Server process ${worker.process.pid} failed (${message.reason}): starting a new one (restart ${restarts}).`);
      start();
    });
    return worker;
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    if (replaced.has(worker)) return;
    restarts += 1;
    const why = reasons.get(worker) ?? (signal ? `killed by ${signal}` : `exit code ${code}`);
    quickRestarts = Date.now() - lastStart < CRASH_LOOP_MS ? quickRestarts + 1 : 0;
    const delay = Math.min(10_000, quickRestarts * 1000);
    console.error(`Server process ${worker.process.pid} stopped (${why}): restarting${delay ? ` in ${delay / 1000} s` : ''} (restart ${restarts}).`);
    setTimeout(start, delay);
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
      if (workers.length === 0) process.exit(0);
      // Each worker finishes its requests in flight, then exits (serve.ts); the primary exits after the last.
      for (const worker of workers) worker.process.kill('SIGTERM');
      setTimeout(() => process.exit(1), STOP_TIMEOUT_MS).unref();
    });
  }
  start();
}

/**
 * The supervisor of `npm start` and `npm run serve` (issue 38): a node:cluster primary that owns the listening socket
 * and hands each connection it accepts to the one worker process that serves. Beside that worker it keeps a standby,
 * started and warmed before it is needed: when the serving worker dies, the standby serves the next connection at once,
 * and a new standby starts. Connections that come while no worker serves wait in the primary: none is refused (the
 * security probe counted 477 and 770 refusals while a crashed worker was replaced). On SIGHUP (a deploy) new workers
 * start from the build on disk; once the new one is ready it serves, and the old one finishes what it holds and exits.
 *
 * One worker serves at a time, so the limits counted in a process's memory (search, autocomplete) hold as before;
 * the one draining after a deploy only finishes requests already sent to it. GET /healthz shows the restarts.
 */
import { fork, type ChildProcess } from 'node:child_process';
import cluster, { type Worker } from 'node:cluster';
import { createServer, type Socket } from 'node:net';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { ROLE_ENV } from './process-role.ts';

const WORKER_ENTRY = fileURLToPath(new URL('./serve-worker.ts', import.meta.url));
/** The worker process of the background work (issue 62): `npm run jobs -- work`. */
const JOB_WORKER_ENTRY = fileURLToPath(new URL('../../scripts/jobs.ts', import.meta.url));
/** The job worker's niceness: the web processes come first for the CPU. */
const JOB_WORKER_NICENESS = 10;
/** Restarts closer together than this count as a crash loop, and the next one waits (up to 10 s). */
const CRASH_LOOP_MS = 10_000;
/** How long a stopping worker has to finish before the primary gives up on it (its own grace is 10 s). */
const STOP_TIMEOUT_MS = 15_000;
/** How long no new connection must come before a stopping primary closes its listening socket. */
const QUIET_MS = 300;

/** What a worker tells the primary: it is warm, it failed, or it holds a connection it was handed. */
export type WorkerMessage = { type: 'ready' } | { type: 'fatal'; reason?: string } | { type: 'taken'; id: number };
/** What the primary tells a worker: it serves from now on (with the restart count for /healthz), or takes a connection. */
export type PrimaryMessage = { type: 'serve'; restarts: number } | { type: 'connection'; id: number };

interface Options {
  host: string;
  port: number;
  /** Keep a warmed standby beside the serving worker (on by default; SERVER_STANDBY=off saves its memory). */
  standby: boolean;
  /**
   * Run the background work in a worker process of its own beside the server processes (JOB_RUNNER=in-process, the
   * default): they then run only the latency-bound jobs (mail and SMS). Off (JOB_RUNNER=off), no process here runs jobs.
   */
  jobWorker: boolean;
}

/**
 * The job worker beside the server processes (issue 62): started at a lower CPU priority, started again when it dies
 * (after a pause when it keeps dying), and again on a deploy; `stop` ends it and resolves once it has exited.
 */
function superviseJobWorker(): { restart: () => void; stop: () => Promise<void> } {
  let child: ChildProcess | undefined;
  let stopping = false;
  let quickExits = 0;
  let startedAt = 0;
  const start = () => {
    if (stopping) return;
    startedAt = Date.now();
    const worker = fork(JOB_WORKER_ENTRY, ['work'], { stdio: 'inherit' });
    child = worker;
    try {
      if (worker.pid) setPriority(worker.pid, JOB_WORKER_NICENESS);
    } catch {
      // Not permitted here: it runs at the same priority.
    }
    worker.once('exit', (code, signal) => {
      if (child === worker) child = undefined;
      if (stopping || worker.killed) return;
      quickExits = Date.now() - startedAt < CRASH_LOOP_MS ? quickExits + 1 : 0;
      console.error(`Job worker ${worker.pid} stopped (${signal ? `killed by ${signal}` : `exit code ${code}`}): a new one starts.`);
      setTimeout(start, Math.min(10_000, quickExits * 1000)).unref();
    });
  };
  start();
  const end = (worker: ChildProcess | undefined) => new Promise<void>((resolve) => {
    if (!worker || worker.exitCode !== null || worker.signalCode !== null) return resolve();
    worker.once('exit', () => resolve());
    worker.kill('SIGTERM');
  });
  return {
    restart: () => {
      const old = child;
      child = undefined;
      void end(old).then(start);
    },
    stop: () => {
      stopping = true;
      return end(child);
    },
  };
}

export async function supervise(distDir: string, options: Options): Promise<void> {
  cluster.setupPrimary({ exec: WORKER_ENTRY, args: [distDir] });
  const jobWorker = options.jobWorker ? superviseJobWorker() : undefined;
  let restarts = 0;
  let stopping = false;
  let lastCrash = 0;
  let quickRestarts = 0;
  /** Bumped by every deploy: a worker of an older generation never serves again. */
  let generation = 0;
  const generations = new WeakMap<Worker, number>();
  let serving: Worker | undefined;
  let standby: Worker | undefined;
  /** Workers started and not ready yet. */
  const starting = new Set<Worker>();
  /** Connections accepted while no worker served. */
  const waiting: Socket[] = [];
  let lastConnection = Date.now();

  const send = (worker: Worker, message: PrimaryMessage, socket?: Socket): Promise<boolean> => new Promise((resolve) => {
    if (!worker.isConnected()) return resolve(false);
    // keepOpen: the primary keeps its copy of a connection until the worker says it holds it (`taken`).
    worker.send(message, socket as never, { keepOpen: true }, (error: Error | null) => resolve(!error));
  });

  /**
   * Connections handed to a worker that has not said it holds them yet, by id. A worker killed meanwhile never read
   * them: they go to the next serving worker (Node's own handing over would leave them open in the primary, unanswered).
   */
  const handed = new Map<Worker, Map<number, Socket>>();
  let connections = 0;

  /** Hands a connection to the serving worker, or keeps it until one serves. */
  const dispatch = (socket: Socket): void => {
    const worker = serving;
    if (!worker) {
      waiting.push(socket);
      socket.once('close', () => {
        const index = waiting.indexOf(socket);
        if (index >= 0) waiting.splice(index, 1);
      });
      return;
    }
    const id = ++connections;
    const pending = handed.get(worker) ?? new Map<number, Socket>();
    handed.set(worker, pending.set(id, socket));
    void send(worker, { type: 'connection', id }, socket).then((sent) => {
      if (sent) return;
      // The worker went away between the choice and the send: the standby serves, and takes this connection.
      pending.delete(id);
      lost(worker);
      if (!socket.destroyed) dispatch(socket);
    });
  };

  /** The worker holds the connection: the primary's copy closes (the connection stays open in the worker). */
  const taken = (worker: Worker, id: number): void => {
    const socket = handed.get(worker)?.get(id);
    handed.get(worker)?.delete(id);
    socket?.destroy();
  };

  /** Connections a lost worker never took go to the one serving now. */
  const handOnUntaken = (worker: Worker): void => {
    const pending = handed.get(worker);
    handed.delete(worker);
    for (const socket of pending?.values() ?? []) if (!socket.destroyed) dispatch(socket);
  };

  const serve = (worker: Worker): void => {
    serving = worker;
    void send(worker, { type: 'serve', restarts });
    for (const socket of waiting.splice(0)) dispatch(socket);
  };

  const start = (): void => {
    if (stopping) return;
    // Beside a job worker, a server process runs only the latency-bound jobs (app-context.ts).
    const worker = cluster.fork(jobWorker ? { [ROLE_ENV]: 'web' } : {});
    generations.set(worker, generation);
    starting.add(worker);
    worker.on('message', (message: WorkerMessage) => {
      if (message?.type === 'taken') taken(worker, message.id);
      else if (message?.type === 'ready') ready(worker);
      else if (message?.type === 'fatal' && !stopping && (worker === serving || worker === standby)) {
        // It finishes the requests it holds, then exits (serve.ts); its exit starts nobody.
        replace(worker);
        report(worker, `failed (${message.reason ?? 'uncaught exception'})`);
      }
    });
  };

  /** A standby of the current build is on its way, unless one stands by or starts already. */
  const ensureStandby = (): void => {
    if (options.standby && !standby && starting.size === 0) start();
  };

  /** A started worker is warm: it serves (when none does, or after a deploy), or stands by. */
  const ready = (worker: Worker): void => {
    starting.delete(worker);
    const startedFor = generations.get(worker)!;
    if (stopping || startedFor < generation) {
      worker.process.kill('SIGTERM');
      return;
    }
    if (!serving || generations.get(serving)! < startedFor) {
      const old = serving;
      serve(worker);
      // A deploy: the old build finishes what it holds, then exits, and so does a standby of the old build.
      old?.process.kill('SIGTERM');
      if (standby && generations.get(standby)! < startedFor) {
        standby.process.kill('SIGTERM');
        standby = undefined;
      }
    } else if (options.standby && !standby) {
      standby = worker;
    } else {
      worker.process.kill('SIGTERM');
      return;
    }
    ensureStandby();
  };

  /** Workers replaced (gone or failing), so their exit is logged with why, once. */
  const replaced = new WeakSet<Worker>();

  /** The serving worker (or the standby, or one starting) is gone or failing: the standby serves now, and another starts. */
  const replace = (worker: Worker): void => {
    replaced.add(worker);
    restarts += 1;
    const now = Date.now();
    quickRestarts = now - lastCrash < CRASH_LOOP_MS ? quickRestarts + 1 : 0;
    lastCrash = now;
    if (worker === serving) {
      serving = undefined;
      if (standby?.isConnected()) {
        const next = standby;
        standby = undefined;
        serve(next);
      }
    } else if (worker === standby) {
      standby = undefined;
    }
    const delay = Math.min(10_000, quickRestarts * 1000);
    setTimeout(() => (serving ? ensureStandby() : starting.size === 0 && start()), delay).unref();
  };

  /** Workers whose replacement was logged. */
  const reported = new WeakSet<Worker>();
  const report = (worker: Worker, why: string): void => {
    reported.add(worker);
    console.error(`Server process ${worker.process.pid} ${why}: ${serving ? `process ${serving.process.pid} serves now; ` : ''}a new one starts (restart ${restarts}).`);
  };

  /** A worker that serves, stands by or starts is gone (its channel closed, a send to it failed): replaced once. */
  const lost = (worker: Worker): void => {
    if (stopping) return;
    const wasStarting = starting.delete(worker);
    if (!replaced.has(worker) && (worker === serving || worker === standby || wasStarting)) replace(worker);
    handOnUntaken(worker);
  };
  // The channel closes as soon as a worker dies, often before its exit is reported: the standby serves at once.
  cluster.on('disconnect', lost);
  /** Once every server process has exited (and the job worker), the primary exits too. */
  let exitWhenDone: (() => void) | undefined;
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) exitWhenDone?.();
      return;
    }
    lost(worker);
    if (replaced.has(worker) && !reported.has(worker)) report(worker, `stopped (${signal ? `killed by ${signal}` : `exit code ${code}`})`);
  });

  const listener = createServer({ pauseOnConnect: true }, (socket) => {
    lastConnection = Date.now();
    dispatch(socket);
  });
  listener.on('error', (error) => {
    console.error(`Cannot listen on ${options.host}:${options.port}: ${error.message}`);
    process.exit(1);
  });
  await new Promise<void>((resolve) => listener.listen(options.port, options.host, resolve));

  process.on('SIGHUP', () => {
    if (stopping) return;
    generation += 1;
    console.log(`SIGHUP: starting a server process from ${distDir}; the current one stops once it serves.`);
    start();
    jobWorker?.restart();
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      stopping = true;
      setTimeout(() => process.exit(1), STOP_TIMEOUT_MS).unref();
      const jobWorkerStopped = jobWorker?.stop() ?? Promise.resolve();
      // Connections sent before the signal are still accepted and served; once none has come for a while the socket
      // closes, then each worker finishes its requests in flight and exits (serve.ts), and the primary after the last.
      const stop = () => {
        if (Date.now() - lastConnection < QUIET_MS) return void setTimeout(stop, 50);
        listener.close();
        for (const socket of waiting.splice(0)) socket.destroy();
        const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
        exitWhenDone = () => void jobWorkerStopped.then(() => process.exit(0));
        if (workers.length === 0) exitWhenDone();
        for (const worker of workers) worker.process.kill('SIGTERM');
      };
      stop();
    });
  }
  start();
}

/** The built server as the benchmarks run it, on the benchmark database, on loopback. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../src/server/project-root.ts';

/** Starts `scripts/serve.ts` with the memory settings of `npm run serve` (decision 0003) on `databaseUrl` and `port`, with `env` on top. */
export function startBenchServer(databaseUrl: string, port: number, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--max-semi-space-size=4', '--max-old-space-size=384', join(projectRoot, 'scripts/serve.ts')], {
    env: { ...process.env, MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: '131072', HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: databaseUrl, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Resolves once the server at `base` answers; throws after about 30 s. */
export async function waitUntilUp(base: string): Promise<void> {
  for (let tries = 0; ; tries++) {
    try { if ((await fetch(`${base}/api/countries`)).ok) return; } catch { /* starting */ }
    if (tries > 150) throw new Error(`server at ${base} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The pid of the process that serves: `npm run serve` supervises one worker (src/server/supervisor.ts), and
 * the worker is what a benchmark measures (its RSS), not the small supervisor.
 */
export async function serverPid(supervisorPid: number): Promise<number> {
  for (let tries = 0; tries < 100; tries++) {
    try {
      const child = execFileSync('pgrep', ['-P', String(supervisorPid)], { encoding: 'utf8' }).trim().split('\n')[0];
      if (child) return Number(child);
    } catch { /* not forked yet */ }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no server worker under ${supervisorPid}`);
}

/** A process's resident memory in MB. */
export function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
}

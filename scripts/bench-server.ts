/** The built server as the benchmarks run it, on the benchmark database, on loopback. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from '../src/server/project-root.ts';

/** Starts `scripts/serve.ts` with the memory settings of `npm run serve` (decision 0003) on `port`, with `env` on top. */
export function startBenchServer(database: string, port: number, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--max-semi-space-size=4', '--max-old-space-size=384', join(projectRoot, 'scripts/serve.ts')], {
    env: { ...process.env, MALLOC_ARENA_MAX: '2', HOST: '127.0.0.1', PORT: String(port), DATABASE_PATH: database, ...env },
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

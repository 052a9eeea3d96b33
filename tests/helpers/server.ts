import { spawn, type ChildProcess } from 'node:child_process';
import { renameSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { SUITE_ENV } from './suite-env.ts';
import { scaled } from './time-factor.ts';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Sets a running server's TEST_CLOCK_FILE to `offsetMs` from real time: written beside the file and renamed over it,
 * so the server (which reads it at every call) never reads it empty or half written.
 */
export function setServerClock(clockFile: string, offsetMs: number): void {
  writeFileSync(`${clockFile}.next`, String(offsetMs));
  renameSync(`${clockFile}.next`, clockFile);
}

export async function waitUntilUp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Server at ${url} did not start within ${timeoutMs} ms`);
}

/**
 * The built server (scripts/serve.ts) on a free port with `env`; `output` collects what it logs. `without` names
 * variables of this process's environment the server must not see (NODE_ENV, to start it as `npm start` does).
 */
export async function startServer(env: Record<string, string>, port?: number, without: readonly string[] = []): Promise<{ baseUrl: string; process: ChildProcess; output: () => string; stop: () => Promise<void> }> {
  port ??= await freePort();
  let output = '';
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...SUITE_ENV, HOST: '127.0.0.1', PORT: String(port), ...env };
  for (const name of without) delete childEnv[name];
  const child = spawn(process.execPath, [join(process.cwd(), 'scripts/serve.ts')], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk) => { output += chunk; });
  child.stderr!.on('data', (chunk) => { output += chunk; });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${baseUrl}/api/countries`, scaled(20_000));
  return {
    baseUrl,
    process: child,
    output: () => output,
    stop: () => new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill();
    }),
  };
}

/** A running server as the CSRF helper (tests/helpers/csrf.ts) asks it: by plain HTTP. */
export function overHttp(baseUrl: string): { request: (path: string) => Promise<Response> } {
  return { request: (path) => fetch(baseUrl + path) };
}

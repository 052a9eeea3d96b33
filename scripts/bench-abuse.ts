/**
 * `npm run bench:abuse`: the security probe's resource figures (issue 21), against the built server
 * (npm run build) on a copy of a seeded database (BENCH_DATABASE, default data/yp.db: `npm start` or
 * `npm run seed` makes it), on loopback. Bounded: it stops by itself.
 *
 * 1. Uploads (item 7): from a fresh server, 16 parallel 8 MB image uploads: their statuses, the server's RSS
 *    before, at its peak and 30 s later; then /healthz latency (p50, p99) while 8 large images are processed.
 * 2. Forgot password (item 5): the median answer time for an address with an account and one without.
 * 3. Near Me pages (item 9): RSS after 8,000 distinct uncached Near Me search pages (the per-client limit is
 *    off for this part, so every page renders: the worst case of a flood from many clients).
 */
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { projectRoot } from '../src/server/project-root.ts';
import { rssMb, serverPid, startBenchServer, waitUntilUp } from './bench-server.ts';

const source = process.env.BENCH_DATABASE ?? join(projectRoot, 'data/yp.db');
if (!existsSync(join(projectRoot, 'dist/server/entry.mjs')) || !existsSync(source)) {
  console.error('Needs a build (npm run build) and a seeded database (npm start or npm run seed makes data/yp.db).');
  process.exit(1);
}
const scratch = mkdtempSync(join(tmpdir(), 'yp-bench-abuse-'));
const database = join(scratch, 'bench.db');
copyFileSync(source, database);
const outbox = join(scratch, 'outbox');
const env: Record<string, string> = { OUTBOX_DIR: outbox, MEDIA_DIR: join(scratch, 'media'), TRUST_PROXY: '1', SEARCH_WORKERS: '1' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
let clients = 0;
const anotherClient = () => `10.9.${(++clients >> 8) & 255}.${clients & 255}`;

/** A browser's session over HTTP: cookies kept, the XSRF token sent back, the site's Origin, its own client address. */
function session(base: string) {
  const jar = new Map<string, string>();
  const client = anotherClient();
  const call = async (method: string, path: string, body?: BodyInit, type?: string) => {
    if (method !== 'GET' && !jar.has('XSRF-TOKEN')) await call('GET', '/api/sanctum/csrf-cookie');
    const response = await fetch(base + path, {
      method, body,
      headers: {
        Origin: base, 'X-Forwarded-For': client, Cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(type ? { 'Content-Type': type } : {}), ...(jar.has('XSRF-TOKEN') ? { 'X-XSRF-TOKEN': decodeURIComponent(jar.get('XSRF-TOKEN')!) } : {}),
      },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', ...value] = pair.split('=');
      jar.set(name.trim(), value.join('='));
    }
    return response;
  };
  return { call, json: (method: string, path: string, body: unknown) => call(method, path, JSON.stringify(body), 'application/json') };
}

async function codeFor(email: string, after: number): Promise<string> {
  for (let tries = 0; tries < 100; tries++) {
    const mails = existsSync(outbox) ? readdirSync(outbox).sort().filter((name) => name > String(after)).map((name) => readFileSync(join(outbox, name), 'utf8')) : [];
    const code = mails.filter((mail) => mail.includes(`To: ${email}`)).map((mail) => /code is (\d{6})/.exec(mail)?.[1]).filter(Boolean).at(-1);
    if (code) return code;
    await sleep(100);
  }
  throw new Error(`no code for ${email}`);
}

/** Signs a new person up and in; returns their session. */
async function signedIn(base: string, email: string) {
  const person = session(base);
  const password = 'bench nasi kerabu 2026 pedas';
  await person.json('POST', '/api/register/verification', { type: 'email', email });
  await person.json('POST', '/api/register', { type: 'email', name: 'Bench Person', email, code: await codeFor(email, 0), password, password_confirmation: password });
  const count = existsSync(outbox) ? readdirSync(outbox).length : 0;
  const login = await (await person.json('POST', '/api/auth/login', { email, password })).json() as { data: { temp_token: string } };
  for (let tries = 0; tries < 100 && readdirSync(outbox).length <= count; tries++) await sleep(50);
  await person.json('POST', '/api/auth/2fa', { temp_token: login.data.temp_token, code: await codeFor(email, 0) });
  return person;
}

async function healthLatencies(base: string, until: () => boolean): Promise<number[]> {
  const samples: number[] = [];
  while (!until()) {
    const started = performance.now();
    await (await fetch(`${base}/healthz`)).arrayBuffer();
    samples.push(performance.now() - started);
    await sleep(20);
  }
  return samples;
}

const port = 4800 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
const server = startBenchServer(`sqlite:${database}`, port, env);
try {
  await waitUntilUp(base);
  const pid = await serverPid(server.pid!);
  console.log(`Server: IMAGE_DECODES=default (cores), IMAGE_DECODE_QUEUE=32, TRUST_PROXY=1, one client per session.`);

  // 1. Uploads.
  const person = await signedIn(base, 'bench-uploads@example.my');
  // About 8 MB of JPEG: 3,800 × 2,600 pixels of noise (noise does not compress), 10 MP.
  const photo = await sharp({ create: { width: 3800, height: 2600, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).jpeg({ quality: 92 }).toBuffer();
  const upload = async () => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'big.jpg');
    return (await person.call('POST', '/api/review/image', form)).status;
  };
  await sleep(2000);
  const before = rssMb(pid);
  let peak = before;
  let done = false;
  const watcher = (async () => { while (!done) { peak = Math.max(peak, rssMb(pid)); await sleep(50); } })();
  const started = performance.now();
  const statuses = await Promise.all(Array.from({ length: 16 }, upload));
  const seconds = (performance.now() - started) / 1000;
  done = true;
  await watcher;
  console.log(`\n16 parallel uploads of ${(photo.length / 1024 / 1024).toFixed(1)} MB JPEGs (${statuses.filter((status) => status === 201).length} × 201${statuses.some((status) => status !== 201) ? `, others: ${statuses.filter((status) => status !== 201).join(' ')}` : ''}) in ${seconds.toFixed(1)} s`);
  await sleep(30_000);
  const after = rssMb(pid);
  await sleep(30_000);
  const later = rssMb(pid);
  const signed = (mb: number) => `${mb >= 0 ? '+' : ''}${mb.toFixed(0)}`;
  console.log(`RSS: before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (${signed(peak - before)}), 30 s later ${after.toFixed(0)} MB (${signed(after - before)}), 60 s later ${later.toFixed(0)} MB (${signed(later - before)})`);

  let processing = true;
  const health = healthLatencies(base, () => !processing);
  const eight = await Promise.all(Array.from({ length: 8 }, upload));
  processing = false;
  const latencies = await health;
  console.log(`/healthz while 8 large images are processed (${eight.filter((status) => status === 201).length} × 201): ${latencies.length} samples, p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms`);

  // 2. Forgot password. The addresses with accounts are made first (each address takes one code a minute),
  // then the two kinds are timed in turns, each request from a new client.
  const knownAddresses: string[] = [];
  for (let index = 0; index < 60; index++) knownAddresses.push(await registeredAddress(index));
  await sleep(2000);
  const known: number[] = [];
  const unknown: number[] = [];
  for (let index = 0; index < 60; index++) {
    for (const [email, into] of [[`bench-forgot-${index}@example.my`, unknown], [knownAddresses[index]!, known]] as const) {
      const visitor = session(base);
      await visitor.call('GET', '/api/sanctum/csrf-cookie');
      const t0 = performance.now();
      await (await visitor.json('POST', '/api/password/verification', { email })).arrayBuffer();
      into.push(performance.now() - t0);
      await sleep(20);
    }
  }
  console.log(`\nForgot password, median answer: an address with an account ${percentile(known, 0.5).toFixed(2)} ms, without ${percentile(unknown, 0.5).toFixed(2)} ms (60 each)`);
} finally {
  server.kill();
}

/** An address with an account for the forgot-password timing (each address takes one code a minute), made before its timed call. */
async function registeredAddress(index: number): Promise<string> {
  const email = `bench-known-${index}@example.my`;
  const person = session(base);
  const password = 'bench nasi kerabu 2026 pedas';
  await person.json('POST', '/api/register/verification', { type: 'email', email });
  await person.json('POST', '/api/register', { type: 'email', name: 'Bench Person', email, code: await codeFor(email, 0), password, password_confirmation: password });
  return email;
}

// 3. Near Me pages, on a fresh server without the per-client limit.
const nearPort = port + 100;
const near = `http://127.0.0.1:${nearPort}`;
const nearServer = startBenchServer(`sqlite:${database}`, nearPort, { ...env, SEARCH_PAGE_LIMIT: '0' });
try {
  await waitUntilUp(near);
  const pid = await serverPid(nearServer.pid!);
  const start = rssMb(pid);
  let next = 0;
  const worker = async () => {
    while (next < 8000) {
      const index = next++;
      const lat = 2.9 + (index % 100) * 0.004;
      const lon = 101.5 + Math.floor(index / 100) * 0.004;
      await (await fetch(`${near}/services/l?where=Near%20Me&ul=${lat.toFixed(4)},${lon.toFixed(4)}`, { headers: { 'Accept-Encoding': 'br' } })).arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  console.log(`\n8,000 distinct Near Me pages (SEARCH_PAGE_LIMIT=0 here): RSS ${start.toFixed(0)} MB → ${rssMb(pid).toFixed(0)} MB`);
} finally {
  nearServer.kill();
  await sleep(1000);
  rmSync(scratch, { recursive: true, force: true });
}

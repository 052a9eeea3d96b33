/**
 * `npm run bench:messages` (issue 44): live delivery of conversations on the built server (npm run build).
 *
 * On a scratch SQLite database (seeded small, in a temporary folder), one server process:
 * - the RSS growth of the serving process for 500 idle streams (goal ≤ 50 MB);
 * - 50 messages a second for 60 s from 200 owners to 500 people, each with a stream open: the time from a send's 201 to
 *   its event on the reader's stream, p50 / p95 / max (goal p95 ≤ 1 s).
 * With `-- --database-url postgres://…` (an empty database, seeded here) the same on PostgreSQL with two server
 * processes, the streams split between them and every send through the first: delivery across processes, and the
 * NOTIFYs a second on the events channel. `--seconds N` shortens the load.
 */
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../src/server/config.ts';
import { newSignedCsrfToken } from '../src/server/csrf.ts';
import { openBackend } from '../src/server/db/backend.ts';
import { projectRoot } from '../src/server/project-root.ts';
import { rssMb, serverPid, startBenchServer, waitUntilUp } from './bench-server.ts';
import { percentile } from './bench-timing.ts';

const { values } = parseArgs({ options: { 'database-url': { type: 'string' }, seconds: { type: 'string' } } });
const STREAMS = 500;
// Owners write within their limit of 20 a minute: 200 of them send 50 a second between them (15 a minute each).
const OWNERS = 200;
const RATE = 50;
const SECONDS = Number(values.seconds ?? 60);

interface Person { id: number; cookie: string; csrf: string }

/** Seeds a small catalogue into `url` (an empty database). */
function seed(url: string): void {
  const done = spawnSync(process.execPath, ['scripts/seed.ts', '--posts', '3000', '--database-url', url], { cwd: projectRoot, stdio: 'inherit' });
  if (done.status !== 0) process.exit(done.status ?? 1);
}

/** People with sessions made straight in the database (sign-up codes would take hours for 700), and the owners' businesses. */
async function people(url: string): Promise<{ owners: Person[]; readers: Person[]; businesses: number[] }> {
  const backend = await openBackend(loadConfig({ DATABASE_URL: url }));
  // The server signs CSRF tokens with this key (made here first when the database is new; the server reuses it).
  const key = await backend.repos.maintenance.appSecret('csrf-token-key', randomBytes(32).toString('base64url'));
  const make = async (name: string): Promise<Person> => {
    const id = await backend.repos.users.createUser({ name, email: `${name}@bench.example.my`, phone_number: null, phone_number_country: null, password_hash: null });
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    await backend.repos.auth.createSession({
      id: createHash('sha256').update(token).digest('hex'), user_id: id, csrf_token: newSignedCsrfToken(key), client: '127.0.0.1',
      created_at: now.toISOString(), last_seen_at: now.toISOString(), expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
    });
    return { id, cookie: `yp_session=${token}`, csrf: '' };
  };
  const owners: Person[] = [];
  for (let index = 0; index < OWNERS; index++) owners.push(await make(`bench-owner-${index}-${Date.now()}`));
  const readers: Person[] = [];
  for (let index = 0; index < STREAMS; index++) readers.push(await make(`bench-reader-${index}-${Date.now()}`));
  const businesses: number[] = [];
  for await (const batch of backend.repos.sitemap.profileUrlBatches(OWNERS, 0)) {
    for (const { slug } of batch) businesses.push((await backend.repos.catalog.findProfileBySlug(slug))!.id);
    break;
  }
  await backend.close();
  // Each owner owns one business.
  const set = 'UPDATE profiles SET owner_user_id = $1, claimed = true WHERE id = $2';
  if (url.startsWith('postgres')) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    for (const [index, id] of businesses.entries()) await client.query(set, [owners[index]!.id, id]);
    await client.end();
  } else {
    const db = new DatabaseSync(url.replace(/^sqlite:/, ''));
    const statement = db.prepare('UPDATE profiles SET owner_user_id = ?, claimed = 1 WHERE id = ?');
    for (const [index, id] of businesses.entries()) statement.run(owners[index]!.id, id);
    db.close();
  }
  return { owners, readers, businesses };
}

/** A session's CSRF token (the XSRF-TOKEN cookie its first call gets), as the browser's client sends it back. */
async function withCsrf(base: string, person: Person): Promise<Person> {
  const response = await fetch(`${base}/api/sanctum/csrf-cookie`, { headers: { Cookie: person.cookie } });
  const token = response.headers.getSetCookie().map((cookie) => /^XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1]).find(Boolean)!;
  return { ...person, cookie: `${person.cookie}; XSRF-TOKEN=${token}`, csrf: decodeURIComponent(token) };
}

async function post(base: string, person: Person, path: string, body: unknown): Promise<{ status: number; data: { id: number } }> {
  const response = await fetch(`${base}/api/${path}`, {
    method: 'POST', body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', Cookie: person.cookie, 'X-XSRF-TOKEN': person.csrf, Origin: base },
  });
  const answer = await response.json() as { data: { id: number } };
  return { status: response.status, data: answer.data };
}

/** Opens a stream and calls `heard(messageId)` for each message event; resolves once it is ready. */
async function openStream(base: string, person: Person, heard: (messageId: number) => void, signal: AbortSignal): Promise<void> {
  const response = await fetch(`${base}/api/conversations/stream`, { headers: { Cookie: person.cookie, Accept: 'text/event-stream' }, signal });
  if (!response.ok) throw new Error(`a stream answered ${response.status}`);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let ready!: () => void;
  const opened = new Promise<void>((resolve) => { ready = resolve; });
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith('event: ready')) ready();
          if (block.startsWith('event: message')) {
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (data) heard((JSON.parse(data) as { message: { id: number } }).message.id);
          }
        }
      }
    } catch {
      // Aborted at the end.
    }
  })();
  return opened;
}

async function run(label: string, url: string, processes: number): Promise<void> {
  const { owners, readers, businesses } = await people(url);
  const ports = Array.from({ length: processes }, () => 4700 + Math.floor(Math.random() * 200));
  const servers = ports.map((port) => startBenchServer(url, port, { CACHE_POLL_MS: '500' }));
  const bases = ports.map((port) => `http://127.0.0.1:${port}`);
  const abort = new AbortController();
  const notify = url.startsWith('postgres') ? new pg.Client({ connectionString: url }) : null;
  try {
    for (const base of bases) await waitUntilUp(base);
    const sendBase = bases[0]!;
    const ownersReady = await Promise.all(owners.map((owner) => withCsrf(sendBase, owner)));
    const readersReady = await Promise.all(readers.map((reader) => withCsrf(sendBase, reader)));
    // Each reader starts a conversation with one owner's business; the owner will write in it.
    const conversations: { id: number; owner: Person }[] = [];
    for (const [index, reader] of readersReady.entries()) {
      const started = await post(sendBase, reader, 'conversations', { type: 'profile', id: businesses[index % businesses.length]!, text: 'Hello, is this open?', client_id: `bench-start-${index}-${Date.now()}` });
      if (started.status !== 201) throw new Error(`starting a conversation answered ${started.status}`);
      conversations.push({ id: started.data.id, owner: ownersReady[index % ownersReady.length]! });
    }
    const pids = await Promise.all(servers.map((server) => serverPid(server.pid!)));
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const before = pids.map(rssMb);
    const arrived = new Map<number, number>();
    await Promise.all(readersReady.map((reader, index) => openStream(bases[index % bases.length]!, reader, (id) => { if (!arrived.has(id)) arrived.set(id, performance.now()); }, abort.signal)));
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const idle = pids.map(rssMb);

    let notifications = 0;
    if (notify) {
      await notify.connect();
      notify.on('notification', (message) => { if (message.channel === 'yp_conversation_events') notifications += 1; });
      await notify.query('LISTEN yp_conversation_events');
    }
    // The load: RATE sends a second, each from a conversation's owner.
    const acked = new Map<number, { sentAt: number; ackedAt: number }>();
    const started = performance.now();
    let sent = 0;
    const sends: Promise<void>[] = [];
    while (performance.now() - started < SECONDS * 1000) {
      const due = Math.floor(((performance.now() - started) / 1000) * RATE);
      while (sent < due) {
        const conversation = conversations[sent % conversations.length]!;
        const number = sent++;
        const sentAt = performance.now();
        sends.push(post(sendBase, conversation.owner, `conversations/${conversation.id}/messages`, { text: `Load message ${number}`, client_id: `bench-${number}-${Date.now()}` })
          .then((answer) => { if (answer.status === 201) acked.set(answer.data.id, { sentAt, ackedAt: performance.now() }); }));
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await Promise.all(sends);
    const elapsed = (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    // Two clocks: from the send to the event (what a person waits), and from the 201 to the event (the event may come
    // first: the writer's process hands it to its streams before it answers).
    const heardOf = [...acked].filter(([id]) => arrived.has(id));
    const missing = acked.size - heardOf.length;
    const fromSend = heardOf.map(([id, times]) => arrived.get(id)! - times.sentAt).sort((a, b) => a - b);
    const fromAck = heardOf.map(([id, times]) => arrived.get(id)! - times.ackedAt).sort((a, b) => a - b);
    const early = fromAck.filter((value) => value < 0).length;
    const ms = (value: number | undefined) => (value === undefined ? 'n/a' : `${value.toFixed(0)} ms`);
    console.log(`\n${label}: ${processes} server process${processes > 1 ? 'es' : ''}, ${STREAMS} streams${processes > 1 ? ' split between them, every send through the first' : ''}`);
    console.log(`  RSS for ${STREAMS} idle streams: ${pids.map((_, index) => `${before[index]!.toFixed(0)} → ${idle[index]!.toFixed(0)} MB (+${(idle[index]! - before[index]!).toFixed(1)})`).join('; ')} (goal ≤ 50 MB)`);
    console.log(`  ${acked.size} messages in ${elapsed.toFixed(0)} s (${(acked.size / elapsed).toFixed(1)}/s), ${missing} not heard`);
    console.log(`  send to event: p50 ${ms(percentile(fromSend, 50))}, p95 ${ms(percentile(fromSend, 95))}, max ${ms(fromSend.at(-1))}`);
    console.log(`  201 to event: p50 ${ms(Math.max(0, percentile(fromAck, 50)))}, p95 ${ms(Math.max(0, percentile(fromAck, 95)))}, max ${ms(Math.max(0, fromAck.at(-1) ?? 0))} `
      + `(goal p95 ≤ 1 s; ${early} of ${fromAck.length} events came before their 201)`);
    if (notify) console.log(`  NOTIFYs on yp_conversation_events: ${(notifications / elapsed).toFixed(1)} a second`);
  } finally {
    abort.abort();
    await notify?.end().catch(() => undefined);
    for (const server of servers) server.kill('SIGTERM');
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'yp-bench-messages-'));
try {
  const sqliteUrl = `sqlite:${join(scratch, 'messages.db')}`;
  seed(sqliteUrl);
  await run('SQLite', sqliteUrl, 1);
  const other = values['database-url'];
  if (other) {
    seed(other);
    await run('PostgreSQL', other, 2);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(0);

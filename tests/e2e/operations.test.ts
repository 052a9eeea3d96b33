import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { csrfHeaders } from '../helpers/csrf.ts';
import { spawnSync } from 'node:child_process';
import { signedInOverHttp } from '../helpers/http-session.ts';
import { overHttp, setServerClock, startServer } from '../helpers/server.ts';
import { openTestDatabase, useDatabaseCopies } from '../helpers/test-database.ts';
import { scaled } from '../helpers/time-factor.ts';

const scratch = mkdtempSync(join(tmpdir(), 'yp-ops-e2e-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const copyOfE2eDb = useDatabaseCopies();

describe('health and shutdown', () => {
  it('answers /healthz and /readyz uncached, and on SIGTERM finishes the request in flight, then exits cleanly', async () => {
    const server = await startServer({ DATABASE_URL: await copyOfE2eDb('health') });
    const health = await fetch(`${server.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get('Cache-Control')).toBe('no-store');
    const ready = await fetch(`${server.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ready: true, checks: { database: true, migrations: true, search: true, pages: true } });
    expect(ready.headers.get('Cache-Control')).toBe('no-store');

    const exited = new Promise<number | null>((resolve) => server.process.once('exit', (code) => resolve(code)));
    const inFlight = fetch(`${server.baseUrl}/services/l?what=professional&page=3`).then(async (response) => ({ status: response.status, body: await response.text() }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    server.process.kill('SIGTERM');
    const answered = await inFlight;
    expect(answered.status).toBe(200);
    expect(answered.body).toContain('</html>');
    expect(await exited).toBe(0);
    expect(server.output()).toContain('Stopped.');
    await expect(fetch(`${server.baseUrl}/healthz`)).rejects.toThrow();
  });
});

describe('readiness while pages fail', () => {
  it('says not ready while its pages answer 500, and ready again once they answer', async () => {
    const url = await copyOfE2eDb('failing-pages');
    const server = await startServer({ DATABASE_URL: url, SEARCH_WORKERS: '0' });
    const database = await openTestDatabase(url);
    try {
      expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
      const posts = await database.query.selectFrom('posts').select(['slug', 'type']).where('status', '=', 'active').where('expires_at', 'is', null).orderBy('id').limit(4).execute();
      const page = (index: number) => `${server.baseUrl}/${posts[index]!.type}/${posts[index]!.slug}`;
      // The listings' table goes away under the running server: the database, its migrations and search still answer.
      await sql`ALTER TABLE posts RENAME TO posts_away`.execute(database.query);
      for (const index of [0, 1, 2]) expect((await fetch(page(index))).status).toBe(500);
      const failing = await fetch(`${server.baseUrl}/readyz`);
      expect(failing.status).toBe(503);
      expect(await failing.json()).toMatchObject({ ready: false, checks: { database: true, migrations: true, pages: false } });
      await sql`ALTER TABLE posts_away RENAME TO posts`.execute(database.query);
      expect((await fetch(page(3))).status).toBe(200);
      expect(await (await fetch(`${server.baseUrl}/readyz`)).json()).toMatchObject({ ready: true, checks: { pages: true } });
    } finally {
      await database.close();
      await server.stop();
    }
  });
});

describe('durability', () => {
  it('keeps every acknowledged write when the server is killed with SIGKILL mid-burst', async () => {
    const url = await copyOfE2eDb('durability');
    // Each request names a different client through a trusted proxy hop, so the per-client form limit does not interfere.
    const server = await startServer({ DATABASE_URL: url, TRUST_PROXY: '1', SEARCH_WORKERS: '0' });
    const headers = { 'Content-Type': 'application/json', ...(await csrfHeaders(overHttp(server.baseUrl))) };
    const acknowledged: string[] = [];
    let next = 0;
    let killed = false;
    const send = async () => {
      while (!killed && next < 2000) {
        const id = `durable-${next++}`;
        try {
          const response = await fetch(`${server.baseUrl}/api/contact`, {
            method: 'POST',
            headers: { ...headers, 'X-Forwarded-For': `10.${Math.floor(next / 65536) % 256}.${Math.floor(next / 256) % 256}.${next % 256}` },
            body: JSON.stringify({ name: 'Durable', phone_number: '0123456789', message: id }),
          });
          if (response.status === 201) acknowledged.push(id);
          else await response.arrayBuffer();
        } catch {
          // the server is gone
        }
        if (acknowledged.length >= 150 && !killed) {
          killed = true;
          server.process.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, send));
    await server.stop();
    expect(acknowledged.length).toBeGreaterThanOrEqual(150);

    const restarted = await startServer({ DATABASE_URL: url, SEARCH_WORKERS: '0' });
    try {
      expect((await fetch(`${restarted.baseUrl}/readyz`)).status).toBe(200);
      const database = await openTestDatabase(url);
      const stored = new Set((await database.query.selectFrom('contact_messages').select('message').where('name', '=', 'Durable').execute()).map((row) => row.message));
      await database.close();
      const lost = acknowledged.filter((id) => !stored.has(id));
      console.log(`durability: ${acknowledged.length} acknowledged writes, ${lost.length} lost after SIGKILL`);
      expect(lost).toEqual([]);
    } finally {
      await restarted.stop();
    }
  });
});

describe('the clock of a running server (TEST_CLOCK_FILE)', () => {
  it('moves when an end-to-end test writes an offset: a session idle 15 days later has ended', async () => {
    const clockFile = join(scratch, 'clock-offset');
    const outbox = join(scratch, 'clock-outbox');
    setServerClock(clockFile, 0);
    const server = await startServer({ DATABASE_URL: await copyOfE2eDb('clock'), NODE_ENV: 'test', TEST_CLOCK_FILE: clockFile, OUTBOX_DIR: outbox, SEARCH_WORKERS: '0' });
    try {
      const person = await signedInOverHttp(server.baseUrl, outbox, `clock-${Date.now()}@example.my`);
      expect((await person.get('/api/user')).status).toBe(200);
      setServerClock(clockFile, 15 * 24 * 60 * 60_000);
      await expect.poll(async () => (await person.get('/api/user')).status, { timeout: scaled(10_000) }).toBe(401);
    } finally {
      await server.stop();
    }
  });

  it('is never read by a production process: the server refuses to start with it', async () => {
    const result = spawnSync(process.execPath, ['scripts/serve.ts'], {
      env: { ...process.env, NODE_ENV: 'production', TEST_CLOCK_FILE: join(scratch, 'clock-offset'), DATABASE_URL: await copyOfE2eDb('clock-prod'), PORT: '0', HOST: '127.0.0.1' },
      encoding: 'utf8', timeout: scaled(20_000),
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr + result.stdout).toMatch(/TEST_CLOCK_FILE is for tests only/);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/server/db/sqlite/connection.ts';
import { csrfHeaders } from '../helpers/csrf.ts';
import { copyOfDatabase, overHttp, startServer } from '../helpers/server.ts';

const scratch = mkdtempSync(join(tmpdir(), 'yp-ops-e2e-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const copyOfE2eDb = (name: string) => copyOfDatabase(inject('e2eDb'), join(scratch, name));

describe('health and shutdown', () => {
  it('answers /healthz and /readyz uncached, and on SIGTERM finishes the request in flight, then exits cleanly', async () => {
    const server = await startServer({ DATABASE_PATH: copyOfE2eDb('health.db') });
    const health = await fetch(`${server.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get('Cache-Control')).toBe('no-store');
    const ready = await fetch(`${server.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ready: true, checks: { database: true, migrations: true, search: true } });
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

describe('durability', () => {
  it('keeps every acknowledged write when the server is killed with SIGKILL mid-burst', async () => {
    const path = copyOfE2eDb('durability.db');
    // Each request names a different client through a trusted proxy hop, so the per-client form limit does not interfere.
    const server = await startServer({ DATABASE_PATH: path, TRUST_PROXY: '1', SEARCH_WORKERS: '0' });
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

    const restarted = await startServer({ DATABASE_PATH: path, SEARCH_WORKERS: '0' });
    try {
      expect((await fetch(`${restarted.baseUrl}/readyz`)).status).toBe(200);
      const db = openDatabase(path, { readOnly: true });
      const stored = new Set(db.prepare("SELECT message FROM contact_messages WHERE name = 'Durable'").all().map((row) => String(row.message)));
      db.close();
      const lost = acknowledged.filter((id) => !stored.has(id));
      console.log(`durability: ${acknowledged.length} acknowledged writes, ${lost.length} lost after SIGKILL`);
      expect(lost).toEqual([]);
    } finally {
      await restarted.stop();
    }
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { signedInOverHttp } from '../helpers/http-session.ts';
import { startServer } from '../helpers/server.ts';
import { useDatabaseCopies } from '../helpers/test-database.ts';
import { scaled } from '../helpers/time-factor.ts';

const baseUrl = inject('baseUrl');
const scratch = mkdtempSync(join(tmpdir(), 'yp-resilience-'));
const databaseCopy = useDatabaseCopies();
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Health { status: string; uptime_s: number; restarts: number; pid: number }
const health = async (url = baseUrl) => (await (await fetch(`${url}/healthz`)).json()) as Health;

/** The probe's ~100-byte body: a file part whose bytes end without the closing boundary. */
function truncatedBody(field: string): { body: string; type: string } {
  const boundary = '----probe7MA4YWxkTrZu0gW';
  return {
    body: `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="x.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff\xe0 cut here`,
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('a multipart body cut off inside a file part (security probe item 1)', () => {
  it('answers 400 on every multipart route and the server keeps running without a restart', async () => {
    const person = await signedInOverHttp(baseUrl, inject('outboxDir'), `cutoff-${Date.now()}@example.my`);
    const before = await health();
    expect(before.status).toBe('ok');
    const routes: [string, string][] = [
      ['/api/review/image', 'image'], ['/api/enquire/image', 'image'], ['/api/account/photo', 'photo'], ['/api/account/cv', 'cv'],
      ['/api/job-application', 'cv'], ['/api/hireme/enquire', 'doc'], ['/api/account/photo', 'another_field'],
    ];
    for (const [path, field] of routes) {
      const { body, type } = truncatedBody(field);
      // Sent as a browser would, with the session's cookies and token: only the body is broken.
      const response = await fetch(baseUrl + path, {
        method: 'POST',
        headers: { Origin: baseUrl, 'Content-Type': type, Cookie: person.cookieHeader(), 'X-XSRF-TOKEN': decodeURIComponent(person.jar.get('XSRF-TOKEN')!) },
        body: Buffer.from(body, 'latin1'),
      });
      const json = await response.json() as { message?: string };
      expect([response.status, path, field]).toEqual([400, path, field]);
      expect(json.message).toMatch(/could not be read/);
    }
    const after = await health();
    expect(after.restarts).toBe(before.restarts);
    expect(after.uptime_s).toBeGreaterThanOrEqual(before.uptime_s);
  });
});

/** Loops of GET `path`, each on a new connection, until `stop()`: answers by status, and connection errors by code. */
function loadOf(baseUrl: string, path: string, loops: number) {
  const { port } = new URL(baseUrl);
  const statuses: Record<string, number> = {};
  let stopped = false;
  const once = () => new Promise<string>((resolve) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, agent: false, headers: { 'Accept-Encoding': 'br' } }, (response) => {
      response.resume();
      response.on('end', () => resolve(String(response.statusCode)));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    request.end();
  });
  const running = Promise.all(Array.from({ length: loops }, async () => {
    while (!stopped) {
      const outcome = await once();
      statuses[outcome] = (statuses[outcome] ?? 0) + 1;
    }
  }));
  const answered = () => Object.values(statuses).reduce((sum, n) => sum + n, 0);
  return {
    statuses,
    /** Resolves once `more` further requests have been answered (whatever their outcome): time passes by work done. */
    answeredMore: (more: number) => {
      const target = answered() + more;
      return expect.poll(answered, { timeout: scaled(30_000), interval: 20 }).toBeGreaterThanOrEqual(target);
    },
    stop: async () => { stopped = true; await running; return statuses; },
  };
}

describe('the supervisor (issue 38)', () => {
  it('hands the socket to a warmed standby when the serving process is killed: no connection refused, and /healthz counts the restart', async () => {
    const server = await startServer({ DATABASE_URL: await databaseCopy('supervised'), SEARCH_WORKERS: '0' });
    try {
      const before = await health(server.baseUrl);
      expect(before.restarts).toBe(0);
      // The standby is warm once a second server process said it is ready.
      await expect.poll(() => server.output().match(/Server process \d+ ready/g)?.length ?? 0, { timeout: scaled(30_000) }).toBe(2);
      const load = loadOf(server.baseUrl, '/', 8);
      // Under load when it is killed, and long after: by requests answered, not by the clock (issue 62).
      await load.answeredMore(20);
      process.kill(before.pid, 'SIGKILL');
      await expect.poll(async () => (await health(server.baseUrl)).pid, { timeout: scaled(30_000), interval: 100 }).not.toBe(before.pid);
      await load.answeredMore(40);
      const statuses = await load.stop();
      expect(statuses.ECONNREFUSED ?? 0).toBe(0);
      expect(statuses['200']).toBeGreaterThan(20);
      const after = await health(server.baseUrl);
      expect(after.restarts).toBe(1);
      expect(after.pid).not.toBe(before.pid);
      expect(server.output()).toMatch(new RegExp(`Server process ${before.pid} stopped \\(killed by SIGKILL\\): process ${after.pid} serves now`));
    } finally {
      await server.stop();
    }
  });

  it('restarts with a new build on SIGHUP (a deploy) without a failed request', async () => {
    const server = await startServer({ DATABASE_URL: await databaseCopy('deploy'), SEARCH_WORKERS: '0' });
    try {
      const before = await health(server.baseUrl);
      const load = loadOf(server.baseUrl, '/', 8);
      server.process.kill('SIGHUP');
      await expect.poll(async () => (await health(server.baseUrl)).pid, { timeout: scaled(30_000), interval: 200 }).not.toBe(before.pid);
      await load.answeredMore(40);
      const statuses = await load.stop();
      expect(Object.keys(statuses)).toEqual(['200']);
      expect(server.output()).toMatch(/SIGHUP: starting a server process/);
    } finally {
      await server.stop();
    }
  });
});

describe('graceful shutdown (security probe item 10)', () => {
  it('answers all 32 requests in flight at SIGTERM, then exits', async () => {
    const server = await startServer({ DATABASE_URL: await databaseCopy('sigterm'), SEARCH_PAGE_LIMIT: '0' });
    const exited = new Promise<number | null>((resolve) => server.process.once('exit', (code) => resolve(code)));
    const { port } = new URL(server.baseUrl);
    // Each request is written to its socket before the signal; none of them has been answered yet.
    let sent = 0;
    let allSent!: () => void;
    const written = new Promise<void>((resolve) => { allSent = resolve; });
    const answers = Array.from({ length: 32 }, (_, index) => new Promise<number>((resolve) => {
      const request = httpRequest({ host: '127.0.0.1', port, path: `/services/l?what=shutdown${index}&page=${1 + (index % 3)}`, agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      request.on('error', () => resolve(-1));
      request.end(() => {
        sent += 1;
        if (sent === 32) allSent();
      });
    }));
    await written;
    server.process.kill('SIGTERM');
    const statuses = await Promise.all(answers);
    expect(statuses.filter((status) => status === 200)).toHaveLength(32);
    expect(await exited).toBe(0);
  });
});

describe('the status line and the method filter', () => {
  it('names 404 and 419 by their reason phrases', async () => {
    const { statusMessage: notFound } = await rawRequest('GET', '/no-such-page-anywhere-xyz');
    expect(notFound).toBe('Not Found');
    const { statusCode, statusMessage } = await rawRequest('POST', '/api/contact', { 'Content-Type': 'application/json', Origin: baseUrl });
    expect([statusCode, statusMessage]).toEqual([419, 'Page Expired']);
  });

  it('judges a path with dot segments as Astro will route it (security probe item 15)', async () => {
    for (const path of ['/api/../', '/api/%2e%2e/', '/api/./../services']) {
      const { statusCode } = await rawRequest('DELETE', path);
      expect([path, statusCode]).toEqual([path, 405]);
    }
  });
});

function rawRequest(method: string, path: string, headers: Record<string, string> = {}): Promise<{ statusCode: number; statusMessage: string }> {
  const { port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, method, headers, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, statusMessage: response.statusMessage ?? '' }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('uncached search pages per client (security probe item 9)', () => {
  it('answers the (N+1)th uncached non-indexable search page of a client with 429, never an indexable or a cached one', async () => {
    const server = await startServer({ DATABASE_URL: await databaseCopy('search-limit'), SEARCH_PAGE_LIMIT: '5', SEARCH_WORKERS: '0' });
    try {
      // The pages of the three languages count alike, against one allowance (issue 42).
      const prefixes = ['', '/ms', '/zh'];
      for (let index = 0; index < 5; index++) expect((await fetch(`${server.baseUrl}${prefixes[index % 3]}/services/l?what=limit${index}`)).status).toBe(200);
      const refused = await fetch(`${server.baseUrl}/zh/services/l?what=limit-over`);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
      // Cached already, indexable, or a detail page: never limited.
      expect((await fetch(`${server.baseUrl}/services/l?what=limit0`)).status).toBe(200);
      expect((await fetch(`${server.baseUrl}/services/l`)).status).toBe(200);
      expect((await fetch(`${server.baseUrl}/ms/services/l`)).status).toBe(200);
      expect((await fetch(`${server.baseUrl}/jobs/l`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

describe('404 pages (security probe item 19)', () => {
  it('are kept in the page cache as 404s, with a short shared cache', async () => {
    const path = `/services/not-here-${Date.now()}`;
    const first = await fetch(baseUrl + path);
    expect(first.status).toBe(404);
    await first.text();
    const again = await fetch(baseUrl + path);
    expect([again.status, again.headers.get('X-Cache'), again.headers.get('Cache-Control')]).toEqual([404, 'HIT', 'public, max-age=0, s-maxage=60']);
  });
});

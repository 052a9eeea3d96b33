import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/api/app.ts';
import { signUpAndIn } from '../helpers/http-session.ts';
import { SessionClient } from '../helpers/session-client.ts';
import { startServer } from '../helpers/server.ts';
import { useDatabaseCopies } from '../helpers/test-database.ts';

/**
 * The site behind a TLS-terminating proxy (security probe item 2): SITE_URL is https, requests reach the
 * server over plain HTTP with the proxy's headers, and the browser's Origin is the https site.
 */
const SITE = 'https://www.example.my';
const scratch = mkdtempSync(join(tmpdir(), 'yp-proxy-'));
const databaseCopy = useDatabaseCopies();
const outbox = join(scratch, 'outbox');
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  server = await startServer({ DATABASE_URL: await databaseCopy('proxy'), SITE_URL: SITE, TRUST_PROXY: '1', OUTBOX_DIR: outbox, SEARCH_WORKERS: '0' });
});
afterAll(async () => {
  await server.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/** A browser on the https site, its requests passed on by the proxy: Origin, X-Forwarded-Proto and X-Forwarded-Host as a proxy sets them. */
function proxied(origin = SITE, more: Record<string, string> = {}): SessionClient {
  const api = {
    request: (path: string, init: RequestInit = {}) => fetch(server.baseUrl + path, {
      ...init,
      headers: { Origin: origin, 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'www.example.my', 'X-Forwarded-For': '203.0.113.50', ...more, ...(init.headers as Record<string, string> | undefined) },
    }),
  };
  return new SessionClient(api as unknown as ReturnType<typeof createApi>, '203.0.113.50');
}

describe('behind a TLS-terminating proxy (security probe item 2)', () => {
  it('takes every write: uploads, JSON, body-less PUT and DELETE, and the no-JS contact form', async () => {
    const visitor = proxied();
    await signUpAndIn(visitor, outbox, `proxy-${Date.now()}@example.my`);
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await sharp({ create: { width: 320, height: 200, channels: 3, background: '#39c' } }).png().toBuffer())], { type: 'image/png' }), 'a.png');
    expect((await visitor.postForm('/api/review/image', form)).status).toBe(201);
    const photo = new FormData();
    photo.append('photo', new Blob([new Uint8Array(await sharp({ create: { width: 200, height: 200, channels: 3, background: '#c93' } }).jpeg().toBuffer())], { type: 'image/jpeg' }), 'me.jpg');
    expect((await visitor.postForm('/api/account/photo', photo)).status).toBe(200);
    expect((await visitor.patch('/api/account', { name: 'Proxy Person Renamed' })).status).toBe(200);
    expect((await visitor.call('PUT', '/api/account/pending-delete')).status).toBe(200);
    expect((await visitor.call('DELETE', '/api/account/pending-delete')).status).toBe(200);

    const page = await fetch(`${server.baseUrl}/pages/contact-us`, { headers: { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'www.example.my' } });
    const token = /XSRF-TOKEN=([^;]+)/.exec(page.headers.get('Set-Cookie') ?? '')![1]!;
    const sent = await fetch(`${server.baseUrl}/pages/contact-us`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: SITE, 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'www.example.my', Cookie: `XSRF-TOKEN=${token}` },
      body: new URLSearchParams({ _token: decodeURIComponent(token), name: 'Aminah', phone_number: '0123456789', message: 'Sent through the proxy.' }),
    });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain('Thank you');
  });

  it('lets every other write route past the origin and CSRF checks (each answers for itself, never 403 or 419)', async () => {
    const visitor = proxied();
    await signUpAndIn(visitor, outbox, `proxy-routes-${Date.now()}@example.my`);
    const writes: [string, string, unknown][] = [
      ['POST', '/api/follow', { type: 'services', id: 1 }], ['POST', '/api/review', {}], ['POST', '/api/enquire', {}], ['POST', '/api/job-application', {}],
      ['POST', '/api/hireme/enquire', {}], ['POST', '/api/buysell/enquire', {}], ['POST', '/api/contact', {}], ['POST', '/api/reportissue', {}],
      ['PATCH', '/api/account/detail', {}], ['POST', '/api/account/job_detail', {}], ['POST', '/api/account/verification', {}],
      ['PATCH', '/api/account/password', {}], ['POST', '/api/account/upgrade', {}], ['POST', '/api/analytics', []], ['POST', '/api/views', {}],
    ];
    for (const [method, path, body] of writes) {
      const { status } = await visitor.call(method, path, body);
      expect([method, path, status === 403 || status === 419]).toEqual([method, path, false]);
    }
  });

  it('still refuses another site’s Origin, on the API and on the contact form', async () => {
    // A page on another site makes the victim's browser post here: the proxy forwards the real host, the Origin is the other site's.
    const evil = proxied('https://evil.example');
    expect((await evil.post('/api/contact', { name: 'A', phone_number: '0123456789', message: 'x' })).status).toBe(403);
    const form = await fetch(`${server.baseUrl}/pages/contact-us`, {
      method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example', 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'www.example.my' }, body: 'name=A',
    });
    expect(form.status).toBe(403);
  });

  it('lets a non-browser client without an Origin make a body-less PUT with its token (security probe item 18)', async () => {
    const client = new SessionClient({
      request: (path: string, init: RequestInit = {}) => fetch(server.baseUrl + path, init),
    } as unknown as ReturnType<typeof createApi>, '127.0.0.1');
    await signUpAndIn(client, outbox, `no-origin-${Date.now()}@example.my`);
    expect((await client.call('PUT', '/api/account/pending-delete')).status).toBe(200);
    expect((await client.call('DELETE', '/api/account/pending-delete')).status).toBe(200);
  });
});

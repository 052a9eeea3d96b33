import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/api/app.ts';
import type { AppContext } from '../../src/server/app-context.ts';
import { RATE_LIMITS } from '../../src/server/rate-limits.ts';
import { csrfHeaders } from '../helpers/csrf.ts';
import { rowCount, testApp, useTestDatabase } from '../helpers/test-database.ts';

const copy = useTestDatabase();
let api: ReturnType<typeof createApi>;

beforeAll(() => {
  api = createApi(copy.app);
});

const contactCount = () => rowCount(copy.query, 'contact_messages');
const CONTACT = { name: 'Aminah', phone_number: '012-345 6789', message: 'Do you list halal caterers?' };

async function post(path: string, body: unknown, headers: Record<string, string>, client = '198.51.100.40') {
  const response = await api.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) }, { clientAddress: client });
  return { status: response.status, body: await response.json() as { message: string; errors?: Record<string, string[]> }, headers: response.headers };
}

describe('CSRF (spec §7, Sanctum model)', () => {
  it('GET /api/sanctum/csrf-cookie answers 204 with a readable, Lax, random token cookie', async () => {
    const response = await api.request('/api/sanctum/csrf-cookie');
    expect(response.status).toBe(204);
    const cookie = response.headers.get('Set-Cookie')!;
    const token = /^XSRF-TOKEN=([^;]+)/.exec(cookie)![1]!;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(cookie).not.toMatch(/Secure/);
    const other = /^XSRF-TOKEN=([^;]+)/.exec((await api.request('/api/sanctum/csrf-cookie')).headers.get('Set-Cookie')!)![1];
    expect(other).not.toBe(token);
  });

  it('marks the cookie Secure when the site is served over https', async () => {
    const secure = await testApp(copy.url, { SITE_URL: 'https://www.example.my' });
    try {
      expect((await createApi(secure).request('/api/sanctum/csrf-cookie')).headers.get('Set-Cookie')).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });

  it('refuses an unsafe call with no token, a wrong token, or another browser’s token with 419, storing nothing', async () => {
    const before = await contactCount();
    const mine = await csrfHeaders(api);
    const theirs = await csrfHeaders(api);
    const refused = [
      await post('/api/contact', CONTACT, {}),
      await post('/api/contact', CONTACT, { Cookie: mine.Cookie }),
      await post('/api/contact', CONTACT, { 'X-XSRF-TOKEN': mine['X-XSRF-TOKEN'] }),
      await post('/api/contact', CONTACT, { Cookie: mine.Cookie, 'X-XSRF-TOKEN': `${mine['X-XSRF-TOKEN']}x` }),
      await post('/api/contact', CONTACT, { Cookie: mine.Cookie, 'X-XSRF-TOKEN': theirs['X-XSRF-TOKEN'] }),
    ];
    for (const response of refused) expect(response).toMatchObject({ status: 419, body: { message: 'CSRF token mismatch.' } });
    expect(await contactCount()).toBe(before);
  });

  it('refuses a cross-site Origin with 403 even with a valid token, storing nothing', async () => {
    const before = await contactCount();
    const response = await post('/api/contact', CONTACT, { ...(await csrfHeaders(api)), Origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(await contactCount()).toBe(before);
  });

  it('accepts the same call with the token, and keeps search and autocomplete usable without one', async () => {
    expect((await post('/api/contact', CONTACT, { ...(await csrfHeaders(api)), Origin: 'http://localhost' })).status).toBe(201);
    expect((await post('/api/post/search', { type: 'services' }, {})).status).toBe(200);
    expect((await post('/api/post/autocomplete', { query: 'plum' }, {})).status).toBe(200);
    expect((await post('/api/cities/autocomplete', { query: 'pet' }, {})).status).toBe(200);
  });
});

describe('request bodies', () => {
  it('answers 415 to a JSON route sent anything but application/json', async () => {
    const headers = await csrfHeaders(api);
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', '']) {
      const response = await api.request('/api/contact', { method: 'POST', headers: { ...headers, ...(type ? { 'Content-Type': type } : {}) }, body: JSON.stringify(CONTACT) },
        { clientAddress: '198.51.100.41' });
      expect(response.status, type).toBe(415);
      expect(await response.json()).toMatchObject({ message: 'Send the body as application/json.' });
    }
    const search = await api.request('/api/post/search', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{}' });
    expect(search.status).toBe(415);
  });

  it('normalises text before checking it: NUL or zero-width only is empty, CR/LF and escape codes are not stored', async () => {
    const headers = await csrfHeaders(api);
    const empty = await post('/api/contact', { name: '\u0000', phone_number: '0123456789', message: '\u200B\u200D\uFEFF' }, headers, '198.51.100.42');
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors!).sort()).toEqual(['message', 'name']);
    const sent = await post('/api/contact', { name: 'Ali\r\n\u001B[31mRed\u001B[0m\u0007', phone_number: '0123456789', message: 'Line one\r\nLine two\u001B[2J' }, headers, '198.51.100.42');
    expect(sent.status).toBe(201);
    const row = await copy.query.selectFrom('contact_messages').select(['name', 'message']).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Ali Red', message: 'Line one\nLine two' });
  });
});

describe('rate limits', () => {
  it('says when to come back: 429 with Retry-After and the spec body', async () => {
    const headers = await csrfHeaders(api);
    let last: Awaited<ReturnType<typeof post>> | undefined;
    for (let index = 0; index <= RATE_LIMITS.publicForm.limit; index++) last = await post('/api/contact', { ...CONTACT, message: `try ${index}` }, headers, '198.51.100.43');
    expect(last!.status).toBe(429);
    expect(last!.body).toEqual({ message: 'Too many attempts. Please try again later.', code: 'too_many_attempts' });
    expect(Number(last!.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('limits search per client in bursts and autocomplete per minute, with 429 and Retry-After, without touching other clients', async () => {
    let app: AppContext | undefined;
    try {
      app = await testApp(copy.url);
      const own = createApi(app);
      const call = (path: string, body: object, client: string) => own.request(path, {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
      }, { clientAddress: client });
      for (const [path, body, limit] of [
        ['/api/post/search', { type: 'services', page: 2 }, RATE_LIMITS.searchBurst.limit],
        ['/api/post/autocomplete', { query: 'pl' }, RATE_LIMITS.autocomplete.limit],
      ] as const) {
        const statuses: number[] = [];
        for (let index = 0; index < limit; index++) statuses.push((await call(path, body, '198.51.100.44')).status);
        expect(statuses.every((status) => status === 200), path).toBe(true);
        const refused = await call(path, body, '198.51.100.44');
        expect(refused.status, path).toBe(429);
        expect(Number(refused.headers.get('Retry-After')), path).toBeGreaterThan(0);
        expect((await call(path, body, '198.51.100.45')).status, path).toBe(200);
      }
    } finally {
      await app?.close();
    }
  });
});

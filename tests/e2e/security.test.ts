import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { useBrowserSession } from '../helpers/browser.ts';
import { csrfHeaders } from '../helpers/csrf.ts';
import { livePostWithMedia, profileWhere } from '../fixtures/catalogue.ts';
import { overHttp, startServer } from '../helpers/server.ts';
import { testDatabases, useDatabaseCopies } from '../helpers/test-database.ts';
import { scaled } from '../helpers/time-factor.ts';

const baseUrl = inject('baseUrl');
const session = useBrowserSession();
const scratch = mkdtempSync(join(tmpdir(), 'yp-security-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const copyOfE2eDb = useDatabaseCopies();

/** A raw request, for methods fetch refuses to send (TRACE). */
function rawRequest(method: string, path: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, baseUrl);
    const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname + url.search, method }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => { body += chunk; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('security headers', () => {
  it('are on every response: pages, API, media, assets, robots, sitemaps and errors', async () => {
    const home = await (await fetch(`${baseUrl}/`)).text();
    const asset = /renderer-url="(\/_astro\/[^"]+\.js)"/.exec(home)![1]!;
    const { thumbnail_webp: media } = await session.query.selectFrom('media').select('thumbnail_webp').where('thumbnail_webp', 'is not', null).limit(1).executeTakeFirstOrThrow();
    const responses: [string, Response][] = [];
    for (const path of ['/', '/services/l', '/api/countries', '/robots.txt', '/sitemap.xml', asset, '/favicon.svg', '/no-such-page', `/media/${media!.replace(/^\/?(media\/)?/, '')}`]) {
      responses.push([path, await fetch(baseUrl + path)]);
    }
    responses.push(['POST /api/post/search', await fetch(`${baseUrl}/api/post/search`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })]);
    for (const [path, response] of responses) {
      await response.arrayBuffer();
      const headers = response.headers;
      expect(headers.get('X-Content-Type-Options'), path).toBe('nosniff');
      expect(headers.get('Referrer-Policy'), path).toBe('strict-origin-when-cross-origin');
      expect(headers.get('Permissions-Policy'), path).toContain('geolocation=(self)');
      expect(headers.get('Permissions-Policy'), path).toContain('camera=()');
      expect(headers.get('Cross-Origin-Opener-Policy'), path).toBe('same-origin');
      expect(headers.get('Content-Security-Policy'), path).toContain("frame-ancestors 'none'");
      expect(headers.get('X-Powered-By'), path).toBeNull();
      expect(headers.get('Strict-Transport-Security'), path).toBeNull();
    }
    const pagePolicy = responses[0]![1].headers.get('Content-Security-Policy')!;
    expect(pagePolicy).toMatch(/script-src 'self'( 'sha256-[^']+')+/);
    expect(pagePolicy).not.toContain('unsafe-inline');
    expect(pagePolicy).not.toContain('unsafe-eval');
    expect(pagePolicy).toContain("object-src 'none'");
    expect(pagePolicy).toContain("base-uri 'self'");
    expect(pagePolicy).toContain("form-action 'self'");
    expect(pagePolicy).toMatch(/img-src 'self' data:/);
  });

  it('no page logs a Content-Security-Policy violation, also while islands, fragments and in-page updates run', async () => {
    const page: Page = session.page;
    const violations: string[] = [];
    page.on('console', (message) => { if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text()); });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { cspViolations: string[] }).cspViolations ??= [];
        (window as unknown as { cspViolations: string[] }).cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    const { slug: detail } = await livePostWithMedia(session, 'buysell', 2);
    const { slug: profile } = await profileWhere(session, ({ row }) => row.kind === 'business' && row.plan === 'FREE');
    const seen = async () => [...violations, ...await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])];
    for (const path of ['/', '/services', '/services/l', `/buysell/${detail}`, `/${profile}`, '/advertise-on-yp', '/pages/contact-us', '/no-such-page']) {
      await page.goto(baseUrl + path);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForFunction(() => [...document.querySelectorAll('astro-island')].every((island) => !island.hasAttribute('ssr')));
      expect(await seen(), path).toEqual([]);
    }
    await page.goto(`${baseUrl}/`);
    await page.locator('[data-menu-tab="services"]').hover();
    await page.locator('[data-menu-fragment="services"] a').first().waitFor({ state: 'attached' });
    await page.goto(`${baseUrl}/services/l`);
    await page.getByTestId('pagination').getByRole('link', { name: 'Next Page' }).click();
    await page.waitForURL(/page=2/);
    await page.goto(`${baseUrl}/buysell/${detail}`);
    await page.getByTestId('gallery').getByRole('link').first().click();
    await page.getByTestId('media-viewer').waitFor();
    expect(await seen()).toEqual([]);
  });
});

describe('methods and errors', () => {
  it('pages answer GET and HEAD only: other methods get 405 with Allow, never the page, never cacheable', async () => {
    for (const [method, path] of [['TRACE', '/'], ['OPTIONS', '/'], ['DELETE', '/'], ['POST', '/'], ['PUT', '/services/l'], ['PATCH', '/robots.txt']] as const) {
      const response = await rawRequest(method, path);
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.allow, `${method} ${path}`).toBe('GET, HEAD');
      expect(response.headers['cache-control'], `${method} ${path}`).toBe('no-store');
      expect(response.body).not.toContain('<html');
    }
    const head = await fetch(`${baseUrl}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it('the contact page takes its form only, with its CSRF token, and is never cached', async () => {
    const page = await fetch(`${baseUrl}/pages/contact-us`);
    const html = await page.text();
    expect(page.headers.get('Cache-Control')).toBe('no-store');
    const cookie = /XSRF-TOKEN=([^;]+)/.exec(page.headers.get('Set-Cookie') ?? '')![1]!;
    expect(html).toContain(`name="_token" value="${cookie}"`);
    const json = await fetch(`${baseUrl}/pages/contact-us`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: baseUrl, Cookie: `XSRF-TOKEN=${cookie}` }, body: '{"name":"A"}' });
    expect(json.status).toBe(415);
    const form = (token: string) => new URLSearchParams({ _token: token, name: 'Aminah', phone_number: '0123456789', message: 'Hello' });
    const forged = await fetch(`${baseUrl}/pages/contact-us`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: baseUrl, Cookie: `XSRF-TOKEN=${cookie}` }, body: form('forged') });
    expect(forged.status).toBe(419);
  });
});

describe('media files', () => {
  it('never leave the media folder, however the path is encoded, and documents download as attachments', async () => {
    for (const path of ['/media/..%2f..%2fpackage.json', '/media/%2e%2e/%2e%2e/package.json', '/media/seed/..%5c..%5cpackage.json',
      '/media/..%252f..%252fpackage.json', '/media/seed/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd', '/media//etc/passwd']) {
      const response = await fetch(baseUrl + path);
      const body = await response.text();
      expect(response.status, path).toBe(404);
      expect(body, path).not.toContain('"dependencies"');
      expect(body, path).not.toContain('root:');
    }
    const { file: document } = await session.query.selectFrom('documents').select('file').limit(1).executeTakeFirstOrThrow();
    const pdf = await fetch(`${baseUrl}/media/${document}`);
    await pdf.arrayBuffer();
    expect(pdf.headers.get('Content-Disposition')).toBe('attachment');
    expect(pdf.headers.get('Content-Security-Policy')).toContain('sandbox');
    expect(pdf.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });
});

describe('bodies', () => {
  it('are refused as they stream past the route’s limit: 413 from the API and from the contact page', async () => {
    const huge = 'x'.repeat(20 * 1024 * 1024);
    const auth = await csrfHeaders(overHttp(baseUrl));
    const api = await fetch(`${baseUrl}/api/contact`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...auth }, body: huge });
    expect(api.status).toBe(413);
    const search = await fetch(`${baseUrl}/api/post/search`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: huge });
    expect(search.status).toBe(413);
    const form = await fetch(`${baseUrl}/pages/contact-us`, {
      method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: baseUrl, Cookie: auth.Cookie }, body: `message=${huge}`,
    });
    expect(form.status).toBe(413);
  });
});

describe('a second server of our own', () => {
  let broken: Awaited<ReturnType<typeof startServer>> | undefined;
  let plain: Awaited<ReturnType<typeof startServer>> | undefined;
  beforeAll(async () => {
    // A database missing a table: every read of it fails inside the server.
    const brokenUrl = await copyOfE2eDb('broken');
    const layer = testDatabases().query(brokenUrl);
    await layer.query.schema.dropTable('cms_pages').execute();
    await layer.close();
    // The limits that protect writes are counted in the database: the copy starts with none used (the other
    // journeys sent forms from this same address).
    const plainUrl = await copyOfE2eDb('plain');
    const plainLayer = testDatabases().query(plainUrl);
    await plainLayer.query.deleteFrom('counters').where('key', 'like', 'limit:%').execute();
    await plainLayer.close();
    [broken, plain] = await Promise.all([
      startServer({ DATABASE_URL: brokenUrl, SEARCH_WORKERS: '0' }),
      startServer({ DATABASE_URL: plainUrl, SEARCH_WORKERS: '0' }),
    ]);
  }, scaled(60_000));
  afterAll(async () => {
    await broken?.stop();
    await plain?.stop();
  });

  it('answers a page that fails while rendering with a plain 500 page, no details, logged once', async () => {
    const response = await fetch(`${broken!.baseUrl}/pages/about-us`);
    const body = await response.text();
    expect(response.status).toBe(500);
    expect(body).toContain('Something went wrong');
    expect(body).not.toMatch(/cms_pages|SQLITE|sqlite|at \w+ \(|\/work\//);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(broken!.output().match(/no such table: cms_pages/g)?.length).toBe(1);
  });

  it('a spoofed X-Forwarded-For does not escape the limit when no proxy is trusted', async () => {
    const auth = await csrfHeaders(overHttp(plain!.baseUrl));
    const statuses: number[] = [];
    for (let index = 0; index < 6; index++) {
      const response = await fetch(`${plain!.baseUrl}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...auth, 'X-Forwarded-For': `203.0.113.${index + 1}` },
        body: JSON.stringify({ name: 'A', phone_number: '0123456789', message: `spoof ${index}` }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

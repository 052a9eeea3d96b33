import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { malaysiaToday } from '../../src/shared/malaysia-time.ts';
import { livePost } from '../fixtures/catalogue.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { hydrated, launchBrowser } from '../helpers/browser.ts';
import { loginModal } from '../helpers/login-modal.ts';
import { startServer } from '../helpers/server.ts';
import { BACKENDS, createSeededDatabase, openTestDatabase } from '../helpers/test-database.ts';
import { databaseUrl, startReplica, testReplica, testServer } from '../../scripts/postgres/server.ts';
import { projectRoot } from '../../src/server/project-root.ts';
import pg from 'pg';
import { scaled } from '../helpers/time-factor.ts';

/**
 * One journey on PostgreSQL (issue 24): the built server on a seeded PostgreSQL database, in Chromium: a search, a
 * detail page, signing up and in, and an enquiry stored. The other journeys run on SQLite; the unit and API suites
 * run on both.
 */
const postgres = BACKENDS.postgres!;
let scratch: string;
let url: string;
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'yp-e2e-postgres-'));
  url = await createSeededDatabase(scratch, join(scratch, 'media'), 'e2e_postgres', postgres);
  server = await startServer({ DATABASE_URL: url, MEDIA_DIR: join(scratch, 'media'), OUTBOX_DIR: join(scratch, 'outbox') });
  browser = await launchBrowser();
  page = await (await browser.newContext()).newPage();
}, scaled(120_000));
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (url) await postgres.remove(url);
  rmSync(scratch, { recursive: true, force: true });
});

describe('the site on PostgreSQL', () => {
  it('searches, shows a listing, signs a person up and in, and stores their enquiry', async () => {
    const database = await openTestDatabase(url);
    try {
      const post = await livePost(database, 'services', { offset: 3 });
      // A search for its title, by relevance, puts it first.
      await page.goto(`${server.baseUrl}/services/l?what=${encodeURIComponent(post.title)}&sort=relevance`);
      expect(await page.getByTestId('result-count').innerText()).toMatch(/^[1-9]\d* results$/);
      expect(await page.getByTestId('results').locator('li').first().innerText()).toContain(post.title);
      // Its page, then Enquire Now, signed out: the login prompt, a new account, and back to the enquiry.
      await page.goto(`${server.baseUrl}/services/${post.slug}`);
      expect(await page.locator('h1').innerText()).toBe(post.title);
      await hydrated(page);
      await page.getByTestId('action').click();
      const { modal, toasts, register, logIn } = loginModal(() => page, join(scratch, 'outbox'));
      await expect.poll(() => modal().getAttribute('data-view'), { timeout: scaled(10_000) }).toBe('login');
      const email = `postgres-${Date.now().toString(36)}@example.my`;
      await register(email, 'Hafiz Postgres');
      await logIn(email);
      const enquiry = page.getByTestId('enquiry-modal');
      await expect.poll(() => enquiry.count(), { timeout: scaled(10_000) }).toBe(1);
      const form = enquiry.getByTestId('enquiry-form');
      await form.getByLabel('Phone number').fill('012-345 6789');
      await form.getByLabel('Description').fill('Stored in PostgreSQL, please.');
      await form.getByLabel('Preferred date').fill(malaysiaToday(Date.now() + 2 * 86_400_000));
      await form.getByRole('button', { name: 'Enquire Now' }).click();
      await expect.poll(() => toasts().innerText(), { timeout: scaled(10_000) }).toContain('Enquiry Submitted, check your Dashboard.');
      const stored = await database.query.selectFrom('enquiries').select(['post_id', 'name']).where('email', '=', email).execute();
      expect(stored).toEqual([{ post_id: post.id, name: 'Hafiz Postgres' }]);
    } finally {
      await database.close();
    }
  });

  it('while the database cannot take writes, the contact form says so and keeps what was typed (issue 41)', async () => {
    const database = await openTestDatabase(url);
    // Read-only, as a standby or a primary being switched over is: new connections start so, the server's are ended.
    const readOnly = async (on: boolean) => {
      const { name } = (await sql<{ name: string }>`SELECT current_database() AS name`.execute(database.query)).rows[0]!;
      await sql`ALTER DATABASE ${sql.id(name)} SET default_transaction_read_only = ${sql.raw(on ? 'on' : 'off')}`.execute(database.query);
      await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`.execute(database.query);
    };
    try {
      await readOnly(true);
      const before = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM contact_messages`.execute(database.query)).rows[0]!.n);
      await page.goto(`${server.baseUrl}/pages/contact-us`);
      const form = page.getByTestId('contact-form');
      await form.getByLabel('Name').fill('Aminah Read-Only');
      await form.getByLabel('Phone number').fill('012-345 6789');
      await form.getByLabel('Message').fill('Typed while the database switched over.');
      await form.getByRole('button', { name: 'Send' }).click();
      await page.getByTestId('writes-paused').waitFor();
      expect(await page.getByTestId('writes-paused').innerText()).toBe('Saving is paused for a few seconds while the database switches over. Please try again.');
      expect([await form.getByLabel('Name').inputValue(), await form.getByLabel('Phone number').inputValue(), await form.getByLabel('Message').inputValue()])
        .toEqual(['Aminah Read-Only', '012-345 6789', 'Typed while the database switched over.']);
      expect(Number((await sql<{ n: string }>`SELECT count(*) AS n FROM contact_messages`.execute(database.query)).rows[0]!.n)).toBe(before);
      expect(await seriousViolations(page)).toEqual([]);
      // Keyboard: from the message, Tab reaches Send.
      await form.getByLabel('Message').focus();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Send');
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    } finally {
      await readOnly(false);
      await database.close();
    }
  });
});

describe('the site on PostgreSQL with a streaming replica (issue 41)', () => {
  it('reads catalogue pages from the replica, a visitor’s own write from the primary, and drops the stale page once the replica has the change', async () => {
    startReplica(testServer(projectRoot), testReplica(projectRoot));
    const replicaUrl = databaseUrl(testReplica(projectRoot), new URL(url).pathname.slice(1));
    const replica = new pg.Client({ connectionString: replicaUrl });
    replica.on('error', () => undefined);
    await expect.poll(() => replica.connect().then(() => true, () => false), { timeout: scaled(30_000) }).toBe(true);
    const routed = await startServer({
      DATABASE_URL: url, DATABASE_READ_URLS: replicaUrl, MEDIA_DIR: join(scratch, 'media'), OUTBOX_DIR: join(scratch, 'outbox'),
    });
    const database = await openTestDatabase(url);
    try {
      const ready = await (await fetch(`${routed.baseUrl}/readyz`)).json() as { ready: boolean; primary: { state: string }; replicas: { name: string; state: string; lag_ms: number }[] };
      expect(ready).toEqual(expect.objectContaining({ ready: true, primary: expect.objectContaining({ state: 'up' }), replicas: [expect.objectContaining({ state: 'streaming', lag_ms: expect.any(Number) })] }));

      // A write through the site leaves yp_lsn, its position, for two seconds.
      const form = await fetch(`${routed.baseUrl}/pages/contact-us`);
      const token = /name="_token" value="([^"]+)"/.exec(await form.text())![1]!;
      const sent = await fetch(`${routed.baseUrl}/pages/contact-us`, {
        method: 'POST', redirect: 'manual',
        headers: { Origin: routed.baseUrl, 'Content-Type': 'application/x-www-form-urlencoded', Cookie: form.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ') },
        body: new URLSearchParams({ _token: token, name: 'Replica Reader', phone_number: '012-345 6789', message: 'Read back what I wrote.' }),
      });
      expect(sent.status).toBeLessThan(400);
      expect(sent.headers.getSetCookie().find((cookie) => cookie.startsWith('yp_lsn='))).toMatch(/^yp_lsn=[0-9A-F]+%2F[0-9A-F]+; Max-Age=2; Path=\/; HttpOnly; SameSite=Lax$/);

      const post = await livePost(database, 'services', { offset: 5, matches: (candidate) => /^[\w ,.()-]+$/.test(candidate.title) });
      const titleOf = async (cookie?: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(await (await fetch(`${routed.baseUrl}/services/${post.slug}`, { headers: cookie ? { Cookie: cookie } : {} })).text())?.[1];
      expect(await titleOf()).toBe(post.title);
      // Replay paused: the replica keeps the old title; a write on the primary changes it.
      await replica.query('SELECT pg_wal_replay_pause()');
      await sql`UPDATE posts SET title = 'Renamed On The Primary' WHERE id = ${post.id}`.execute(database.query);
      const position = (await sql<{ lsn: string }>`SELECT pg_current_wal_insert_lsn()::text AS lsn`.execute(database.query)).rows[0]!.lsn;
      // Another visitor keeps seeing the replica's page; the writer (yp_lsn past the replica) reads the primary.
      expect(await titleOf()).toBe(post.title);
      expect(await titleOf(`yp_lsn=${encodeURIComponent(position)}`)).toBe('Renamed On The Primary');
      // Once the replica has replayed it, the cached page goes and every visitor sees the new title.
      await replica.query('SELECT pg_wal_replay_resume()');
      await expect.poll(() => titleOf(), { timeout: scaled(10_000) }).toBe('Renamed On The Primary');
    } finally {
      await replica.query('SELECT pg_wal_replay_resume()').catch(() => undefined);
      await replica.end().catch(() => undefined);
      await database.close();
      await routed.stop();
    }
  }, scaled(120_000));
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mobileNumber } from '../../src/shared/schemas/accounts.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { hydrated, launchBrowser, pickCategory } from '../helpers/browser.ts';
import { E2E_PASSWORD, loginModal } from '../helpers/login-modal.ts';
import { freePort, startServer } from '../helpers/server.ts';
import { openTestDatabase, useDatabaseCopies } from '../helpers/test-database.ts';
import { signedInOverHttp } from '../helpers/http-session.ts';
import { codeAfter, decodedMail, messagesTo, type SessionClient } from '../helpers/session-client.ts';
import { scaled } from '../helpers/time-factor.ts';

/**
 * The listing's life as its owner and an operator live it (issue 39), in Chromium against the built server: a
 * second ad's price shown before anything is charged (cancel leaves no invoice; confirm issues one); a removed ad's
 * old address answering 410 without contact or enquiry; an operator hiding an ad with a reason, which the owner's
 * dashboard and mail quote.
 */
const scratch = mkdtempSync(join(tmpdir(), 'yp-lifecycle-e2e-'));
const outbox = join(scratch, 'outbox');
const copyOfE2eDb = useDatabaseCopies();

let server: Awaited<ReturnType<typeof startServer>>;
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let ownerContext: BrowserContext;
let page: Page;
let baseUrl: string;

beforeAll(async () => {
  const url = await copyOfE2eDb('lifecycle');
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = await startServer({ DATABASE_URL: url, NODE_ENV: 'test', OUTBOX_DIR: outbox, MEDIA_DIR: join(scratch, 'media'), SITE_URL: baseUrl, SEARCH_PAGE_LIMIT: '0' }, port);
  database = await openTestDatabase(url);
  browser = await launchBrowser();
  ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await ownerContext.newPage();
});
afterAll(async () => {
  await browser?.close();
  await database?.close();
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

async function open(target: Page, path: string) {
  const response = await target.goto(baseUrl + path);
  await hydrated(target);
  return response;
}

const expectNoViolations = async (target: Page, label: string) => expect([label, await seriousViolations(target, { all: true })]).toEqual([label, []]);

/** An advertiser over HTTP (upgraded with a phone code) who claimed a seeded business by the SMS code to its mobile. */
async function ownerWithBusiness(email: string): Promise<{ owner: SessionClient; business: { id: number; slug: string } }> {
  const owner = await signedInOverHttp(baseUrl, outbox, email, E2E_PASSWORD);
  const phone = `6019888${String(Date.now() % 10_000).padStart(4, '0')}`;
  const upgradeCode = await codeAfter(outbox, phone, async () => {
    expect((await owner.post('/api/account/verification', { type: 'phone', phone_number_country: '60', phone_number: phone })).status).toBe(200);
  });
  expect((await owner.post('/api/account/upgrade', { phone_number_country: '60', phone_number: phone, code: upgradeCode })).status).toBe(200);
  for await (const batch of database.repos.sitemap.profileUrlBatches(400, 0)) {
    for (const { slug } of batch) {
      const row = await database.repos.catalog.findProfileBySlug(slug);
      if (!row || row.kind !== 'business' || row.claimed || row.owner_user_id !== null) continue;
      const mobile = (await database.repos.catalog.findProfileLocations(row.id)).flatMap((location) => [location.phone_number, location.company_phone_number])
        .map((number) => number && mobileNumber(number)).find(Boolean);
      if (!mobile) continue;
      const options = (await owner.get(`/api/advertiser/claims/options?profile_id=${row.id}`)).body.data as { options: { index: number; method: string }[] };
      const sms = options.options.find((option) => option.method === 'sms')!;
      let claimId = 0;
      const code = await codeAfter(outbox, mobile, async () => {
        const started = await owner.post('/api/advertiser/claims', { profile_id: row.id, method: 'sms', target: sms.index });
        expect(started.status, JSON.stringify(started.body)).toBe(201);
        claimId = (started.body.data as { id: number }).id;
      });
      expect((await owner.post(`/api/advertiser/claims/${claimId}/verify`, { code })).status).toBe(200);
      return { owner, business: { id: row.id, slug: row.slug } };
    }
  }
  throw new Error('no unclaimed business with a mobile number');
}

describe('the listing\'s life in the browser (issue 39)', () => {
  it('shows a second ad\'s price before anything is charged, removes an ad for good (410), and quotes an operator\'s reason for hiding', async () => {
    const email = `lifecycle-${Date.now().toString(36)}@example.my`;
    const { owner, business } = await ownerWithBusiness(email);
    const tree = await database.repos.catalog.findCategoryTree();
    const serviceCategory = tree.find((row) => row.type === 'services' && row.parent_id !== null)!;
    const jobCategory = tree.find((row) => row.type === 'jobs' && row.parent_id !== null)!;
    // The account's first ad (a service): free, live at once.
    const first = await owner.post('/api/advertiser/posts', {
      type: 'services', profile_id: business.id, title: 'Kopitiam Catering Service', summary: 'Nasi lemak and kopi for your office.', categories: [serviceCategory.slug],
      service: { description: 'Breakfast catering for offices in the Klang Valley.', price_min: 200, price_max: 800 }, publish: true,
    });
    const service = first.body.data as { id: number; slug: string; status: string };
    expect(service.status).toBe('active');
    expect((await fetch(`${baseUrl}/services/${service.slug}`)).status).toBe(200);

    // 1. A second ad, written in the editor: Publish shows its price (SST on its own line) and charges nothing yet.
    await open(page, '/');
    await page.getByTestId('login-button').click();
    await loginModal(() => page, outbox).logIn(email);
    await open(page, `/advertiser/posts/new?type=jobs&profile_id=${business.id}`);
    const form = page.getByTestId('post-editor');
    await form.waitFor();
    await form.getByLabel('Title').fill('Kopitiam Barista Wanted');
    await form.getByLabel('Summary').fill('Brew kopi and teh for our morning crowd.');
    await pickCategory(form, jobCategory.name);
    await form.getByLabel('Full Time').check();
    await form.getByLabel('Requirements').fill('Two years behind a counter.');
    await form.getByLabel('Responsibilities').fill('Brew, serve and keep the counter clean.');
    await form.getByLabel('Salary from (RM)').fill('2200');
    await form.getByLabel('Salary to (RM)').fill('2800');
    await form.getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL(/\/advertiser\/posts\/\d+$/);
    await hydrated(page);
    const jobId = Number(/\/posts\/(\d+)$/.exec(page.url())![1]);
    const quote = page.getByTestId('publish-quote');
    await expect.poll(() => quote.innerText()).toContain('costs RM50.00 plus RM3.00 SST (6%): RM53.00');
    expect(await quote.getByTestId('quote-lines').innerText()).toMatch(/Price\s*RM50\.00\s*SST 6%\s*RM3\.00\s*Total\s*RM53\.00/);
    await expectNoViolations(page, 'publish quote');
    await quote.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => quote.count()).toBe(0);
    expect(await page.getByTestId('editor-status').innerText()).toBe('Draft');
    expect((await owner.get('/api/advertiser/invoices')).body.data).toEqual([]);
    // Publish again, and confirm: the invoice is issued, and the ad waits for its payment.
    await form.getByRole('button', { name: 'Publish' }).click();
    await quote.getByRole('button', { name: 'Confirm and publish for RM53.00' }).click();
    await page.getByTestId('payment-required').waitFor();
    const invoices = (await owner.get('/api/advertiser/invoices')).body.data as { id: number; number: string; total_sen: number }[];
    expect(invoices.map((invoice) => invoice.total_sen)).toEqual([5300]);
    await open(page, '/advertiser');
    const waiting = page.getByTestId('advertiser-post').filter({ hasText: 'Kopitiam Barista Wanted' });
    await expect.poll(() => waiting.getByTestId('post-status').innerText()).toBe(`Waiting for payment: invoice ${invoices[0]!.number}`);
    expect(await waiting.getByRole('link', { name: `invoice ${invoices[0]!.number}` }).getAttribute('href')).toBe(`/advertiser/invoices/${invoices[0]!.id}`);
    await expectNoViolations(page, 'dashboard with an ad waiting for payment');

    // 2. The service removed from the dashboard (asked first): its old address answers 410, with no contact or enquiry.
    const serviceItem = page.getByTestId('advertiser-post').filter({ hasText: 'Kopitiam Catering Service' });
    await serviceItem.getByRole('button', { name: 'Remove' }).click();
    await serviceItem.getByTestId('remove-confirm').getByRole('button', { name: 'Yes, remove it' }).click();
    await expect.poll(() => serviceItem.getByTestId('post-status').innerText()).toBe('Removed');
    // Every process drops its cached copy within its poll (under a second).
    await expect.poll(async () => (await fetch(`${baseUrl}/services/${service.slug}`)).status, { timeout: scaled(5_000), interval: 250 }).toBe(410);
    const gone = await open(page, `/services/${service.slug}`);
    expect(gone!.status()).toBe(410);
    await page.getByTestId('removed-listing').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Kopitiam Catering Service');
    expect(await page.getByTestId('removed-note').innerText()).toBe('This ad was removed');
    expect(await page.getByRole('button', { name: 'Enquire Now' }).count()).toBe(0);
    expect(await page.getByText('Enquire Now').count()).toBe(0);
    expect(await page.locator('script[type="application/ld+json"]').count()).toBe(0);
    expect(await page.content()).not.toContain('Breakfast catering for offices');
    // Links to live listings of its category.
    expect(await page.getByTestId('removed-listing').locator('a[href^="/services/l"]').count()).toBeGreaterThan(0);
    await expectNoViolations(page, 'removed ad');
    expect((await fetch(`${baseUrl}/api/post/slug/${service.slug}`)).status).toBe(404);

    // 3. An operator marks the transfer paid (the job goes live) and hides it with a reason.
    const staffEmail = `lifecycle-staff-${Date.now().toString(36)}@example.my`;
    const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const staffPage = await staffContext.newPage();
    await signedInOverHttp(baseUrl, outbox, staffEmail, E2E_PASSWORD);
    await database.repos.users.addRole((await database.repos.users.findCredentials({ email: staffEmail }))!.id, 'operator');
    await open(staffPage, '/');
    await staffPage.getByTestId('login-button').click();
    await loginModal(() => staffPage, outbox).logIn(staffEmail);
    await open(staffPage, '/operator');
    const transfer = staffPage.getByTestId('payment').filter({ hasText: invoices[0]!.number });
    await transfer.getByRole('button', { name: 'Mark paid' }).click();
    await expect.poll(() => transfer.count()).toBe(0);
    const job = (await database.repos.listings.findPost(jobId))!;
    expect(job).toMatchObject({ status: 'active', live: true });
    await open(staffPage, `/operator/listings/jobs/${jobId}`);
    await staffPage.getByTestId('listing-page').waitFor();
    await staffPage.getByRole('button', { name: 'Hide…' }).click();
    const hideForm = staffPage.getByTestId('hide-form');
    await hideForm.getByLabel('Reason').selectOption('scam');
    await hideForm.getByLabel('Details (optional)').fill('Asked applicants for a deposit.');
    await expectNoViolations(staffPage, 'hide with a reason');
    await hideForm.getByRole('button', { name: 'Hide', exact: true }).click();
    await expect.poll(async () => (await fetch(`${baseUrl}/jobs/${job.slug}`)).status, { timeout: scaled(5_000), interval: 250 }).toBe(404);
    // Removing asks first, in the page.
    await staffPage.getByRole('button', { name: 'Remove…' }).click();
    const removeForm = staffPage.getByTestId('remove-form');
    await removeForm.getByLabel('Reason').selectOption('spam');
    await removeForm.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect.poll(() => removeForm.getByTestId('confirm-step').innerText()).toContain('for good');
    await removeForm.getByRole('button', { name: 'Cancel' }).click();
    expect((await database.repos.listings.findPost(jobId))!.status).toBe('hidden');
    await staffContext.close();

    // The owner's dashboard and mail say why.
    await open(page, '/advertiser');
    const hidden = page.getByTestId('advertiser-post').filter({ hasText: 'Kopitiam Barista Wanted' });
    await expect.poll(() => hidden.getByTestId('post-status').innerText()).toBe('Hidden by Yellow Pages: Suspected scam or fraud: Asked applicants for a deposit.');
    await expect.poll(() => messagesTo(outbox, email).map(decodedMail).some((mail) => mail.includes('have hidden your listing "Kopitiam Barista Wanted"')
      && mail.includes('The reason: Suspected scam or fraud: Asked applicants for a deposit.')), { timeout: scaled(10_000) }).toBe(true);
  }, scaled(150_000));
});

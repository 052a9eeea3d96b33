import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { malaysiaToday } from '../../src/shared/malaysia-time.ts';
import { pngOf } from '../fixtures/uploads.ts';
import { findUnclaimedWithMobile } from '../helpers/advertisers.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { hydrated, launchBrowser, pickCategory } from '../helpers/browser.ts';
import { E2E_PASSWORD, loginModal } from '../helpers/login-modal.ts';
import { freePort, setServerClock, startServer } from '../helpers/server.ts';
import { codeAfter, decodedMail, messagesTo } from '../helpers/session-client.ts';
import { FakeBillplz } from '../helpers/fake-billplz.ts';
import { signedInOverHttp } from '../helpers/http-session.ts';
import { structuredDataIssues } from '../helpers/structured-data.ts';
import { openTestDatabase, useDatabaseCopies } from '../helpers/test-database.ts';
import { scaled } from '../helpers/time-factor.ts';

/**
 * The advertiser site end to end (issue 25), on a server of its own whose clock the test moves (TEST_CLOCK_FILE):
 * register, become an advertiser, claim a seeded business by SMS code, set its hours and pin, post a job with two
 * photos, find it in search and on its page with a valid JobPosting, start a BRONZE trial, amend the job a day later
 * for a token, let it expire and renew it; then (issue 27) post within the trial, choose GOLD yearly and pay through a
 * local fake gateway, see the invoice, its PDF and the GOLD badge, and walk the clock past the year unpaid to FREE.
 * Codes and mails come from the outbox; axe checks every advertiser page.
 */
const scratch = mkdtempSync(join(tmpdir(), 'yp-advertiser-e2e-'));
const outbox = join(scratch, 'outbox');
const clockFile = join(scratch, 'clock-offset');
const copyOfE2eDb = useDatabaseCopies();
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

let server: Awaited<ReturnType<typeof startServer>>;
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;
let baseUrl: string;
const gateway = new FakeBillplz();

beforeAll(async () => {
  setServerClock(clockFile, 0);
  await gateway.start();
  const url = await copyOfE2eDb('advertiser');
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = await startServer({
    DATABASE_URL: url, NODE_ENV: 'test', TEST_CLOCK_FILE: clockFile, OUTBOX_DIR: outbox, MEDIA_DIR: join(scratch, 'media'),
    SITE_URL: baseUrl, SEARCH_PAGE_LIMIT: '0', ...gateway.env(),
  }, port);
  database = await openTestDatabase(url);
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
});
afterAll(async () => {
  await browser?.close();
  await database?.close();
  await server?.stop();
  await gateway.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const { modal, register, logIn } = loginModal(() => page, outbox);

async function expectNoViolations(label: string) {
  // Every violation, minor ones too: the advertiser's pages are new.
  expect([label, await seriousViolations(page, { all: true })]).toEqual([label, []]);
}

/** A seeded business nobody owns or claimed, with a mobile number on a location. */
const unclaimedWithMobile = () => findUnclaimedWithMobile(database.repos);

/** Moves the server's clock to `offset` ms from now. */
const moveClock = (offset: number) => setServerClock(clockFile, offset);

// A journey that stops midway leaves the next one on real time, not days ahead.
afterEach(() => moveClock(0));

async function open(path: string) {
  await page.goto(baseUrl + path);
  await hydrated(page);
}

/** What the first journey made, for the second. */
let owned: { email: string; business: { id: number; slug: string }; postId: number; title: string } | undefined;

describe('the advertiser site, end to end', () => {
  it('claim, profile, a job with photos found in search, a trial, a paid amendment, expiry and renewal', async () => {
    const email = `advertiser-${Date.now().toString(36)}@example.my`;
    const business = await unclaimedWithMobile();

    // 1. Register.
    await open('/');
    await page.getByTestId('login-button').click();
    await register(email, 'Tan Mei Ling');
    await page.keyboard.press('Escape');

    // The advertiser site signed out opens the login modal; signed in, a member who is not an advertiser is offered to become one.
    await open('/advertiser');
    await expect.poll(() => modal().getAttribute('data-view')).toBe('login');
    await expectNoViolations('advertiser site, signed out');
    await logIn(email, E2E_PASSWORD, { then: 'becomeAdvertiser' });
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('advertiser-become').count()).toBe(1);
    await expectNoViolations('advertiser site, not an advertiser');

    // 2–3. Become an advertiser from the advertiser site's prompt, then Claim Business on its page by an SMS code.
    await page.getByTestId('advertiser-become').getByRole('button', { name: 'Be an Advertiser' }).click();
    await expect.poll(() => modal().getAttribute('data-view')).toBe('becomeAdvertiser');
    await modal().getByRole('button', { name: 'Be an Advertiser' }).click();
    await modal().getByLabel('Phone number').fill('019-777 0102');
    const upgradeCode = await codeAfter(outbox, '60197770102', () => modal().getByRole('button', { name: 'Get Code' }).click());
    await modal().getByLabel('Verification code', { exact: true }).fill(upgradeCode);
    await modal().getByRole('button', { name: 'Be an Advertiser' }).click();
    await page.waitForURL(`${baseUrl}/advertiser`, { timeout: scaled(15_000) });
    await open(`/${business.slug}`);
    await page.getByTestId('claim').click();
    await page.waitForURL(`${baseUrl}/advertiser/claim/${business.slug}`, { timeout: scaled(15_000) });
    await hydrated(page);
    await page.getByTestId('claim-form').waitFor();
    await expectNoViolations('claim');
    const claimCode = await codeAfter(outbox, business.mobile, () => page.getByRole('button', { name: 'Send code' }).click());
    await page.getByLabel('Code', { exact: true }).fill(claimCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${baseUrl}/advertiser/profiles/${business.id}`);
    await hydrated(page);

    // 4. Hours and a pin.
    const editor = page.getByTestId('profile-editor');
    await editor.waitFor();
    await expectNoViolations('business editor');
    await page.locator('#opens-1').fill('08:00');
    await page.locator('#closes-1').fill('17:30');
    await page.getByTestId('location-0').getByLabel('Pin latitude').fill('3.1073');
    await page.getByTestId('location-0').getByLabel('Pin longitude').fill('101.6067');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await (await fetch(`${baseUrl}/api/profile/slug/${business.slug}`)).json()) as { business_hours: { day: string; time: string[] }[]; locations: { latitude: number }[] })
      .toMatchObject({ business_hours: expect.arrayContaining([{ day: 'Monday', time: ['08:00-17:30'] }]), locations: expect.arrayContaining([expect.objectContaining({ latitude: 3.1073 })]) });

    // A member reviews the business; its owner answers on the advertiser site, and the public page shows the answer.
    // (A customer of a month who follows another business: the review filter holds a lone 5-star from an account made for it.)
    const reviewerEmail = `reviewer-${Date.now().toString(36)}@example.my`;
    const reviewer = await signedInOverHttp(baseUrl, outbox, reviewerEmail);
    await database.query.updateTable('users').set({ created_at: new Date(Date.now() - 30 * DAY).toISOString() }).where('email', '=', reviewerEmail).execute();
    const other = await database.query.selectFrom('profiles').select('id').where('id', '!=', business.id).where('hidden_at', 'is', null).orderBy('id').limit(1).executeTakeFirstOrThrow();
    expect((await reviewer.post('/api/follow', { type: 'profile', id: other.id })).status).toBeLessThan(300);
    expect((await reviewer.post('/api/review', { type: 'profile', id: business.id, content: 'Kopi was excellent.', rating: 5 })).status).toBe(201);
    await open(`/${business.slug}`);
    await open('/advertiser/reviews');
    const review = page.getByTestId('review-to-answer').filter({ hasText: 'Kopi was excellent.' });
    await review.waitFor();
    await expectNoViolations('reviews to answer');
    await review.getByLabel('Answer this review').fill('Thank you, see you tomorrow!');
    await review.getByRole('button', { name: 'Post answer' }).click();
    await expect.poll(async () => (await (await fetch(`${baseUrl}/${business.slug}`)).text()).includes('Thank you, see you tomorrow!'), { timeout: scaled(5_000) }).toBe(true);
    await open(`/${business.slug}`);
    expect(await page.getByTestId('review-reply').filter({ hasText: 'Thank you, see you tomorrow!' }).innerText()).toContain('Response from the owner');

    // 5. A job with two photos, closing in 10 days.
    await open(`/advertiser/posts/new?type=jobs&profile_id=${business.id}`);
    const form = page.getByTestId('post-editor');
    await form.waitFor();
    await expectNoViolations('ad editor');
    const title = `Kopitiam Barista ${Date.now().toString(36)}`;
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Summary').fill('Brew kopi and teh for our morning crowd in Petaling Jaya.');
    await pickCategory(form, 'a');
    await form.getByLabel('Full Time').check();
    await form.getByLabel('Requirements').fill('Two years behind a counter.');
    await form.getByLabel('Responsibilities').fill('Brew, serve and keep the counter clean.');
    await form.getByLabel('Salary from (RM)').fill('2200');
    await form.getByLabel('Salary to (RM)').fill('2800');
    await form.getByLabel('Applications close (within 30 days)').fill(malaysiaToday(Date.now() + 10 * DAY));
    await page.locator('#post-photo-input').setInputFiles([
      { name: 'counter.png', mimeType: 'image/png', buffer: await pngOf('#c63', 640, 360) },
      { name: 'kopi.png', mimeType: 'image/png', buffer: await pngOf('#36c', 640, 360) },
    ]);
    await expect.poll(() => page.getByTestId('post-photos').locator('img').count()).toBe(2);
    await form.getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL(/\/advertiser\/posts\/\d+$/);
    await hydrated(page);
    await expect.poll(() => page.getByTestId('editor-status').innerText()).toBe('Live');
    const postId = Number(/\/posts\/(\d+)$/.exec(page.url())![1]);
    owned = { email, business, postId, title };
    const [row] = await database.repos.catalog.findPostRows([postId]);

    // 6. In search (through the page cache and the search workers) and on its page, with a JobPosting Adobe's validator accepts.
    await expect.poll(async () => (await (await fetch(`${baseUrl}/jobs/l?what=${encodeURIComponent(title)}`)).text()).includes(`/jobs/${row!.slug}`), { timeout: scaled(5_000) }).toBe(true);
    const detail = await (await fetch(`${baseUrl}/jobs/${row!.slug}`)).text();
    expect(detail).toContain(title);
    const issues = await structuredDataIssues(detail);
    expect(issues.filter((issue) => issue.severity === 'ERROR')).toEqual([]);
    expect(detail).toMatch(/"@type":"JobPosting"[^]*"directApply":true/);
    // Media are served with byte ranges (a video is seeked this way; a photo answers the same).
    const [photo] = await database.repos.catalog.findPostMedia([postId], true);
    const part = await fetch(`${baseUrl}/media/${photo!.full}`, { headers: { Range: 'bytes=0-9' } });
    expect([part.status, part.headers.get('content-range')?.startsWith('bytes 0-9/'), (await part.arrayBuffer()).byteLength]).toEqual([206, true, 10]);
    expect((await fetch(`${baseUrl}/media/${photo!.full}`, { headers: { Range: 'bytes=999999999-' } })).status).toBe(416);
    await open(`/advertiser/posts/${postId}/preview`);
    await expect.poll(() => page.getByTestId('preview-bar').count()).toBe(1);
    await expectNoViolations('preview');

    // 7. A BRONZE trial, then an amendment a day after publishing costs a token.
    await open('/advertiser');
    await page.getByTestId('advertiser-dashboard').waitFor();
    await expectNoViolations('dashboard');
    await page.getByRole('button', { name: 'Start free BRONZE trial' }).click();
    await expect.poll(() => page.getByTestId('business-plan').first().innerText()).toBe('BRONZE (trial)');
    moveClock(25 * HOUR);
    await open(`/advertiser/posts/${postId}`);
    await form.waitFor();
    await form.getByLabel('Summary').fill('Brew kopi, teh and toast for our morning crowd.');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(async () => (await database.repos.listings.findPost(postId))?.tokens_spent).toBe(1);
    // The page cached above shows the amendment within 5 seconds.
    await expect.poll(async () => (await (await fetch(`${baseUrl}/jobs/${row!.slug}`)).text()).includes('Brew kopi, teh and toast'), { timeout: scaled(5_000) }).toBe(true);
    await open('/advertiser');
    await expect.poll(() => page.getByTestId('advertiser-post').first().innerText()).toContain('spent 1 token');

    // 8. Past its closing date the job expires; renewing takes a token and it is live for 30 more days.
    moveClock(11 * DAY);
    await open('/advertiser');
    const item = page.getByTestId('advertiser-post').filter({ hasText: title });
    await expect.poll(() => item.getByTestId('post-status').innerText()).toBe('Expired: renew');
    await item.getByRole('button', { name: 'Renew' }).click();
    // Renewing costs a token: its quote asks first.
    await expect.poll(() => item.getByTestId('publish-quote').innerText()).toContain('takes 1 token of your BRONZE plan');
    await item.getByRole('button', { name: 'Confirm and renew with a token' }).click();
    await expect.poll(() => item.getByTestId('post-status').innerText()).toBe('Live');
    const renewed = (await database.repos.listings.findPost(postId))!;
    expect(renewed).toMatchObject({ status: 'active', tokens_spent: 2 });
    expect(Date.parse(renewed.expires_at!)).toBeGreaterThan(Date.now() + 11 * DAY + 29 * DAY);

    // The plan choice and a new business's form pass axe too.
    await open('/advertiser/subscribe?package=GOLD');
    await page.getByTestId('subscribe').waitFor();
    await expectNoViolations('plan choice');
    await open('/advertiser/profiles/new');
    await page.getByTestId('profile-editor').waitFor();
    await expectNoViolations('new business');

    // Every advertiser page fits a 390 px phone.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/advertiser', '/advertiser/reviews', `/advertiser/profiles/${business.id}`, `/advertiser/posts/${postId}`, '/advertiser/posts/new', `/advertiser/claim/${business.slug}`, `/advertiser/posts/${postId}/preview`]) {
      await open(path);
      expect([path, await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)]).toEqual([path, 0]);
    }
  });

  it('leads: a visitor enquires, the advertiser sees the unread count, opens the lead and replies, the visitor answers in My area; insights show the known numbers', async () => {
    const { business } = owned!;
    // Back to today's clock: the browser's own dates (the insights page's default range) and the server's agree.
    moveClock(0);
    await page.setViewportSize({ width: 1280, height: 900 });
    const visitorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const visitorPage = await visitorContext.newPage();
    const visitor = loginModal(() => visitorPage, outbox);
    const enquiryModal = () => visitorPage.getByTestId('enquiry-modal');

    // 1. A visitor enquires on the business's page (signing up on the way).
    await visitorPage.goto(`${baseUrl}/${business.slug}`);
    await hydrated(visitorPage);
    await visitorPage.getByTestId('floating-actions').getByTestId('action').click();
    await expect.poll(() => visitor.modal().getAttribute('data-view')).toBe('login');
    const visitorEmail = `lead-sender-${Date.now().toString(36)}@example.my`;
    await visitor.register(visitorEmail, 'Aminah <b>Yusof</b>');
    await visitor.logIn(visitorEmail);
    await expect.poll(() => enquiryModal().count()).toBe(1);
    const form = enquiryModal().getByTestId('enquiry-form');
    await form.getByLabel('Phone number').fill('012-888 7766');
    await form.getByLabel('Description').fill('Can you cater 40 cups of kopi on Saturday?');
    await form.getByLabel('Preferred date').fill(malaysiaToday(Date.now() + 3 * DAY));
    await form.getByRole('button', { name: 'Enquire Now' }).click();
    await expect.poll(() => enquiryModal().count()).toBe(0);
    const [enquiry] = await database.query.selectFrom('enquiries').select(['id', 'owner_user_id']).where('profile_id', '=', business.id).orderBy('id', 'desc').limit(1).execute();
    expect(enquiry!.owner_user_id).not.toBeNull();

    // 2. The advertiser sees the unread count in the header's Advertiser Dashboard entry, opens the lead and replies.
    await open('/');
    await page.getByTestId('user-menu-button').click();
    await expect.poll(() => page.getByTestId('user-menu').getByRole('link', { name: /Advertiser Dashboard/ }).innerText()).toMatch(/Advertiser Dashboard\s*1/);
    await open('/advertiser/leads');
    const lead = page.getByTestId('leads').getByRole('link', { name: /Enquiry from Aminah/ });
    await lead.waitFor();
    expect(await page.getByTestId('leads-unread').innerText()).toBe('1 unread');
    await expectNoViolations('leads inbox');
    await lead.click();
    await page.waitForURL(`${baseUrl}/advertiser/leads/${enquiry!.id}`);
    await hydrated(page);
    await page.getByTestId('lead-view').waitFor();
    // Hostile text shows as typed, never as markup.
    expect(await page.getByTestId('lead-view').getByRole('heading', { level: 2 }).first().innerText()).toBe('Enquiry from Aminah <b>Yusof</b>');
    expect(await page.getByTestId('lead-status').inputValue()).toBe('read');
    await expectNoViolations('lead');
    // The lead's conversation (issue 44): the advertiser writes in it.
    await page.getByTestId('conversation').waitFor();
    await page.getByLabel('Message', { exact: true }).fill('Yes! 40 cups of kopi, ready at 9am.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => page.getByTestId('conversation-log').locator('[data-side="owner"]').count()).toBe(1);
    await expect.poll(() => page.getByTestId('lead-status').inputValue()).toBe('replied');

    // 3. The visitor reads the reply in My area and answers.
    await visitorPage.goto(`${baseUrl}/me/services/${enquiry!.id}`);
    await hydrated(visitorPage);
    const thread = visitorPage.getByTestId('conversation-log');
    await expect.poll(() => thread.locator('[data-side="owner"]').innerText()).toContain('Yes! 40 cups of kopi, ready at 9am.');
    expect([await seriousViolations(visitorPage, { all: true })]).toEqual([[]]);
    await visitorPage.getByLabel('Message', { exact: true }).fill('Perfect, see you at 9.');
    await visitorPage.getByRole('button', { name: 'Send' }).click();
    // The enquiry is the person's first message; the answer their second.
    await expect.poll(() => thread.locator('[data-side="person"]').count()).toBe(2);
    await visitorPage.setViewportSize({ width: 390, height: 844 });
    expect(await visitorPage.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await visitorContext.close();

    // 4. The advertiser sees the answer in the lead, which is new again.
    await open(`/advertiser/leads/${enquiry!.id}`);
    await expect.poll(() => page.getByTestId('conversation-log').locator('[data-side="person"]').last().innerText()).toContain('Perfect, see you at 9.');

    // Insights: known clicks (3 calls, 2 WhatsApp, from different devices) and the one lead, on the business's page.
    for (const [n, action] of ['call', 'call', 'call', 'whatsapp', 'whatsapp'].entries()) {
      const sent = await fetch(`${baseUrl}/api/analytics?device=insights-device-${n}-0000000`, {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify([{ id: business.id, type: 'profile', action }]),
      });
      expect(sent.status).toBe(204);
    }
    await open('/advertiser/insights');
    await page.getByTestId('insight-totals').waitFor();
    await page.getByLabel('Listing', { exact: true }).selectOption(`profile:${business.id}`);
    // The figure equals the stored counters: the 5 clicks above, and the visitor's own tap on Enquire Now once its beacon arrived.
    const storedClicks = async () => (await database.query.selectFrom('listing_daily_stats').select(['action', 'count'])
      .where('profile_id', '=', business.id).where('day', '=', malaysiaToday()).execute()).filter((row) => !['view', 'impression'].includes(row.action)).reduce((total, row) => total + Number(row.count), 0);
    // (The visitor's tap may still be on its way: the page's figure is compared with what is stored when it is read.)
    await expect.poll(async () => {
      await page.getByLabel('Listing', { exact: true }).selectOption('');
      await page.getByLabel('Listing', { exact: true }).selectOption(`profile:${business.id}`);
      await page.getByTestId('total-clicks').locator('dd').first().innerText();
      const stored = await storedClicks();
      return (await page.getByTestId('total-clicks').locator('dd').first().innerText()) === String(stored) && stored >= 5;
    }).toBe(true);
    await expect.poll(() => page.getByTestId('total-leads').locator('dd').first().innerText()).toBe('1');
    await expectNoViolations('insights');
    // Each chart's table holds exactly the chart's numbers.
    for (const id of ['views', 'clicks', 'leads']) {
      const chart = JSON.parse((await page.getByTestId(`chart-${id}`).getAttribute('data-chart'))!) as { days: string[]; series: { label: string; values: number[] }[] };
      const rows = await page.getByTestId(`table-${id}`).locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent ?? '')));
      expect(rows).toEqual(chart.days.map((day, row) => [day, ...chart.series.map((line) => String(line.values[row]))]));
    }
    const clicks = JSON.parse((await page.getByTestId('chart-clicks').getAttribute('data-chart'))!) as { series: { label: string; values: number[] }[] };
    expect(clicks.series.filter((line) => line.label !== 'Enquiry buttons').map((line) => [line.label, line.values.reduce((a, b) => a + b, 0)])).toEqual([['Calls', 3], ['WhatsApp', 2]]);
    await expect.poll(() => page.getByTestId('chart-clicks').locator('canvas').count()).toBe(1);

    // The owner reports a review to the operators from the reviews page (a disclosure, checked open by axe).
    await open('/advertiser/reviews');
    const reviewed = page.getByTestId('review-to-answer').filter({ hasText: 'Kopi was excellent.' });
    await reviewed.getByText('Report this review').click();
    await reviewed.getByRole('button', { name: 'Send report' }).click();
    await expect.poll(() => reviewed.getByText('Choose a reason.').count()).toBe(1);
    await expectNoViolations('reporting a review');
    await reviewed.getByLabel('Reason').selectOption('FAKE_ADS');
    await reviewed.getByLabel('What is wrong with it?').fill('We have no record of this customer.');
    await reviewed.getByRole('button', { name: 'Send report' }).click();
    await expect.poll(() => reviewed.getByRole('status').innerText()).toContain('Reported');
    expect((await database.query.selectFrom('review_reports').select('description').execute()).map((row) => row.description)).toContain('We have no record of this customer.');

    // Search impressions count every first page a person is shown, from the page cache too, never a bot's; the
    // internal header that names them never leaves the server.
    const { postId, title } = owned!;
    const term = title.toLowerCase();
    // Summed over days: the server's clock was walked earlier in this file, so the term may have rows for several.
    const impressions = async () => Number((await database.query.selectFrom('listing_search_terms').select((eb) => eb.fn.sum<number>('count').as('count'))
      .where('post_id', '=', postId).where('term', '=', term).executeTakeFirst())?.count ?? 0);
    const before = await impressions();
    const person = { 'User-Agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/140.0 Mobile Safari/537.36' };
    const searchPath = `/jobs/l?what=${encodeURIComponent(title)}`;
    const shown = [await fetch(baseUrl + searchPath, { headers: person }), await fetch(baseUrl + searchPath, { headers: person })];
    expect(shown.map((response) => response.headers.get('x-cache'))).toContain('HIT');
    expect(shown.map((response) => response.headers.get('x-search-impressions'))).toEqual([null, null]);
    expect((await fetch(baseUrl + searchPath, { headers: { 'User-Agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } })).status).toBe(200);
    await expect.poll(impressions, { timeout: scaled(10_000) }).toBe(before + 2);

    // The new pages fit a 390 px phone.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/advertiser/leads', `/advertiser/leads/${enquiry!.id}`, '/advertiser/insights']) {
      await open(path);
      await page.locator('[data-testid="leads"], [data-testid="lead-view"], [data-testid="insight-totals"]').first().waitFor();
      expect([path, await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)]).toEqual([path, 0]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }, scaled(60_000));

  it('choose and pay: an ad within the trial, GOLD yearly paid through the gateway, the invoice and the GOLD badge; the renewal unpaid: FREE, and the ad over its limits in draft', async () => {
    const { email, business } = owned!;
    await page.setViewportSize({ width: 1280, height: 900 });
    // 1–2. The BRONZE trial of the first journey runs; an ad in two categories is within its limits (FREE allows one).
    const tree = await database.repos.catalog.findCategoryTree();
    const categories = tree.filter((row) => row.type === 'jobs' && row.parent_id !== null).slice(0, 2).map((row) => row.slug);
    await open('/advertiser');
    const wide = await page.evaluate(async ({ profileId, slugs }) => {
      const token = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const response = await fetch('/api/advertiser/posts', {
        method: 'POST', headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': token },
        body: JSON.stringify({
          type: 'jobs', profile_id: profileId, title: 'Barista and Cashier Wanted', summary: 'Two roles at the counter.', categories: slugs, publish: true, confirm: true,
          job: { type: ['FT'], qualification: ['spm'], level: 'junior_executive', requirements: 'A smile.', responsibilities: 'Brew and bill.', benefits: 'Meals.', salary_min: 2000, salary_max: 2600, salary_type: 'month', document_resume_cv: false },
        }),
      });
      return { status: response.status, body: await response.json() as { data: { id: number; status: string } } };
    }, { profileId: business.id, slugs: categories });
    expect(wide.status).toBe(201);
    expect(wide.body.data.status).toBe('active');

    // 3. Choose GOLD yearly from the dashboard: the price with SST on its own line; confirm; pay online at the gateway.
    await open('/advertiser');
    await page.getByTestId('business').filter({ hasText: 'Choose a plan' }).first().getByRole('link', { name: 'Choose a plan' }).click();
    await page.waitForURL(new RegExp(`/advertiser/subscribe\\?profile=${business.id}`));
    await hydrated(page);
    await page.getByTestId('subscribe').waitFor();
    await page.getByLabel('GOLD').check();
    await page.getByLabel('Yearly').check();
    expect(await page.getByTestId('price').innerText()).toMatch(/GOLD, yearly\s*RM899\.00\s*SST 6%\s*RM53\.94\s*Total\s*RM952\.94/);
    await expectNoViolations('plan choice');
    await page.getByRole('button', { name: 'Confirm GOLD yearly' }).click();
    await page.getByTestId('pay').waitFor();
    await page.getByRole('button', { name: /Pay online/ }).click();
    await page.waitForURL(new RegExp(`^${gateway.url}/bills/`));
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL(/\/advertiser\/invoices\/\d+\?payment=\d+&billplz/);
    await hydrated(page);
    await expect.poll(() => page.getByTestId('payment-status').innerText()).toBe('Payment received. Thank you!');
    await expect.poll(() => page.getByTestId('invoice-status').innerText()).toBe('Paid');
    // The gateway's callback reached the site as a gateway sends it (no cookie, no Origin, no token), and was taken.
    expect(gateway.callbacks.map((item) => item.status)).toEqual([200]);

    // 4. The invoice as a page (axe, 390 px) and a PDF.
    const id = Number(/\/invoices\/(\d+)/.exec(page.url())![1]);
    const invoice = (await database.repos.invoices.find(id))!;
    expect(await page.getByTestId('invoice-totals').innerText()).toMatch(/Subtotal\s*RM899\.00\s*SST 6%\s*RM53\.94\s*Total\s*RM952\.94/);
    await expectNoViolations('invoice');
    const pdf = await page.evaluate(async (invoiceId) => {
      const response = await fetch(`/api/advertiser/invoices/${invoiceId}.pdf`);
      return { type: response.headers.get('content-type'), start: new TextDecoder().decode((await response.arrayBuffer()).slice(0, 5)) };
    }, id);
    expect(pdf).toEqual({ type: 'application/pdf', start: '%PDF-' });
    await open('/advertiser/invoices');
    await expect.poll(() => page.getByTestId('invoices').getByRole('link', { name: invoice.number }).count()).toBe(1);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/advertiser/invoices', `/advertiser/invoices/${id}`, `/advertiser/subscribe?profile=${business.id}`]) {
      await open(path);
      await page.locator('[data-testid="invoices"], [data-testid="invoice"], [data-testid="subscribe"]').first().waitFor();
      expect([path, await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)]).toEqual([path, 0]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Bought during the trial, GOLD starts when the trial ends: the public page shows its badge within seconds.
    const paid = (await database.repos.subscriptions.findByProfile(business.id, 10)).find((row) => row.kind === 'paid')!;
    const badge = async () => {
      const html = await (await fetch(`${baseUrl}/${business.slug}`)).text();
      return /<span class="[^"]*rounded px-2 py-0\.5 text-xs font-bold[^"]*">(GOLD|SILVER|BRONZE)<\/span>/.exec(html)?.[1] ?? 'FREE';
    };
    expect(await badge()).toBe('BRONZE');
    moveClock(Date.parse(paid.starts_at) - Date.now() + HOUR);
    await expect.poll(badge, { timeout: scaled(5_000) }).toBe('GOLD');

    // 5. Past the year without paying the renewal: 7 days of grace, then FREE.
    moveClock(Date.parse(paid.ends_at) - Date.now() + DAY);
    await expect.poll(() => messagesTo(outbox, email).map(decodedMail).some((mail) => mail.includes('to keep GOLD')), { timeout: scaled(10_000) }).toBe(true);
    expect(await badge()).toBe('GOLD');
    moveClock(Date.parse(paid.ends_at) - Date.now() + 8 * DAY);
    // 6. The downgrade mail names the ad that moved; the badge is gone (FREE); that ad is in draft, the other stays.
    await expect.poll(() => messagesTo(outbox, email).map(decodedMail).find((mail) => mail.includes('has moved to FREE')) ?? '', { timeout: scaled(10_000) }).toContain('"Barista and Cashier Wanted"');
    await expect.poll(badge, { timeout: scaled(5_000) }).toBe('FREE');
    expect(await database.repos.listings.findPost(wide.body.data.id)).toMatchObject({ status: 'draft', plan: 'FREE' });
    await open('/advertiser');
    await expect.poll(() => modal().getAttribute('data-view')).toBe('login');
    await logIn(email);
    await open('/advertiser');
    await expect.poll(() => page.getByTestId('business-plan').first().innerText()).toBe('FREE');
    await expect.poll(() => page.getByTestId('advertiser-post').filter({ hasText: 'Barista and Cashier Wanted' }).getByTestId('post-status').innerText()).toBe('Draft');
    moveClock(0);
  }, scaled(90_000));
});
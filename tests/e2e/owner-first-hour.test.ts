import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { malaysiaToday } from '../../src/shared/malaysia-time.ts';
import { findUnclaimedWithMobile } from '../helpers/advertisers.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { hydrated, launchBrowser, pickCategory } from '../helpers/browser.ts';
import { E2E_PASSWORD, loginModal } from '../helpers/login-modal.ts';
import { freePort, startServer } from '../helpers/server.ts';
import { codeAfter, messagesTo } from '../helpers/session-client.ts';
import { signedInOverHttp } from '../helpers/http-session.ts';
import { openTestDatabase, useDatabaseCopies } from '../helpers/test-database.ts';

/**
 * An owner's first hour in Chromium (issue 40), on a server of its own with the local sandbox checkout (no Billplz
 * settings, an http SITE_URL): register and land on the login view with the address filled in; claim a multi-branch
 * business by SMS with one code (which makes the member an advertiser); edit only its hours and find its address line 2,
 * office phones, e-mails and second branch unchanged on the public page; pick an ad's category by typing; buy SILVER
 * and pay in the sandbox; answer a lead by WhatsApp. axe checks each page touched; each fits a 390 px phone.
 */
const scratch = mkdtempSync(join(tmpdir(), 'yp-first-hour-e2e-'));
const outbox = join(scratch, 'outbox');
const copyOfE2eDb = useDatabaseCopies();

let server: Awaited<ReturnType<typeof startServer>>;
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let context: BrowserContext;
let page: Page;
let baseUrl: string;

beforeAll(async () => {
  const url = await copyOfE2eDb('first-hour');
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = await startServer({ DATABASE_URL: url, OUTBOX_DIR: outbox, MEDIA_DIR: join(scratch, 'media'), SITE_URL: baseUrl, SEARCH_PAGE_LIMIT: '0' }, port);
  database = await openTestDatabase(url);
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // WhatsApp is another site: the test answers for it.
  await context.route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>WhatsApp</title><p>WhatsApp</p>' }));
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await database?.close();
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const { modal, register, logIn } = loginModal(() => page, outbox);

/** Every violation on the advertiser's pages (they are new); the public pages' serious ones. */
async function expectNoViolations(label: string, all = true) {
  expect([label, await seriousViolations(page, { all })]).toEqual([label, []]);
}

async function open(path: string) {
  await page.goto(baseUrl + path);
  await hydrated(page);
}

/** No page scrolls sideways on a 390 px phone. */
async function fitsPhone(paths: string[]) {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of paths) {
    await open(path);
    expect([path, await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)]).toEqual([path, 0]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A seeded business nobody owns, with a mobile number, two or more branches, and an address line 2, office phone or e-mail on them. */
const multiBranchToClaim = () => findUnclaimedWithMobile(database.repos, new Set(),
  (locations) => locations.length >= 2 && locations.some((location) => location.address_line2 || location.company_phone_number || location.email));

/** The public API view of a business: its places as a visitor reads them, and its hours. */
async function publicProfile(slug: string) {
  return (await (await fetch(`${baseUrl}/api/profile/slug/${slug}`)).json()) as { locations: Record<string, unknown>[]; business_hours: { day: string; time: string[] }[]; about: string | null; categories: unknown[] };
}

const messageCount = (address: string) => messagesTo(outbox, address).length;

describe('an owner\'s first hour', () => {
  const email = `owner-${Date.now().toString(36)}@example.my`;
  let business: Awaited<ReturnType<typeof multiBranchToClaim>>;

  it('1. registers and lands on the login view with the address filled in, then types only the password and the code', async () => {
    await open('/');
    await page.getByTestId('login-button').click();
    await register(email, 'Tan Ah Kow');
    expect(await modal().getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-password');
    await expectNoViolations('login after registering', false);
    await logIn(email, E2E_PASSWORD);
  });

  it('2. claims a business by SMS with one code, which makes the member an advertiser', async () => {
    business = await multiBranchToClaim();
    await open(`/${business.slug}`);
    await page.getByTestId('claim').click();
    await page.waitForURL(`${baseUrl}/advertiser/claim/${business.slug}`);
    await hydrated(page);
    await page.getByTestId('claim-form').waitFor();
    expect(await page.getByTestId('claim-becomes-advertiser').innerText()).toBe('The code we send also makes you an advertiser: one code for both.');
    await expectNoViolations('claim by a member');
    const before = messageCount(business.mobile);
    const code = await codeAfter(outbox, business.mobile, () => page.getByRole('button', { name: 'Send code' }).click());
    await page.getByLabel('Code', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${baseUrl}/advertiser/profiles/${business.id}`);
    await hydrated(page);
    await page.getByTestId('profile-editor').waitFor();
    // One code in all: the claim's, to the business's number.
    expect(messageCount(business.mobile) - before).toBe(1);
    const user = (await database.repos.users.findCredentials({ email }))!;
    expect((await database.repos.users.findUser(user.id))!.roles).toContain('advertiser');
  });

  it('3. edits the hours only, and every branch, address line 2, office phone and e-mail stays as it was on the public page', async () => {
    const before = await publicProfile(business.slug);
    expect(before.locations.length).toBeGreaterThanOrEqual(2);
    await open(`/advertiser/profiles/${business.id}`);
    const editor = page.getByTestId('profile-editor');
    await editor.waitFor();
    await expectNoViolations('business editor with every branch');
    expect(await page.getByTestId('locations').locator('fieldset[data-testid^="location-"]').count()).toBe(before.locations.length);
    const monday = page.getByTestId('hours-1');
    if (await monday.getByRole('button', { name: /Add hours/ }).count() > 0 && await page.locator('#opens-1').count() === 0) await monday.getByRole('button', { name: /Add hours/ }).click();
    await page.locator('#opens-1').fill('08:00');
    await page.locator('#closes-1').fill('17:30');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await publicProfile(business.slug)).business_hours.find((day) => day.day === 'Monday')?.time[0]).toBe('08:00-17:30');
    const after = await publicProfile(business.slug);
    expect(after.locations).toEqual(before.locations);
    expect(after.about).toEqual(before.about);
    expect(after.categories).toEqual(before.categories);
    // The page itself shows the second branch as before.
    const html = await (await fetch(`${baseUrl}/${business.slug}`)).text();
    for (const place of before.locations) if (place.address_line2) expect(html).toContain(String(place.address_line2));
  });

  it('4. picks an ad\'s category by typing, grouped, with the plan\'s count', async () => {
    await open(`/advertiser/posts/new?type=services&profile_id=${business.id}`);
    const form = page.getByTestId('post-editor');
    await form.waitFor();
    await expect.poll(() => form.getByTestId('category-count').innerText()).toBe('0 of 1');
    const box = form.getByRole('combobox', { name: /Categories/ });
    await box.fill('clean');
    const options = form.getByTestId('categories-picker').getByRole('option');
    await options.first().waitFor();
    expect((await options.allInnerTexts()).every((text) => /clean/i.test(text))).toBe(true);
    await expectNoViolations('category combobox open');
    // Enter with nothing highlighted picks nothing (and submits nothing); a Malay or Chinese name finds the category too.
    await box.press('Enter');
    expect(await form.getByTestId('category-count').innerText()).toBe('0 of 1');
    expect(await box.inputValue()).toBe('clean');
    for (const name of ['Pembersihan Rumah', '房屋清洁']) {
      await box.fill(name);
      await expect.poll(() => options.allInnerTexts()).toEqual([expect.stringContaining('House Cleaning')]);
    }
    await pickCategory(form, 'clean');
    await expect.poll(() => form.getByTestId('category-count').innerText()).toBe('1 of 1');
    await expect.poll(() => box.isDisabled()).toBe(true);
    await expect.poll(() => form.getByRole('button', { name: /^Remove / }).count()).toBe(1);
    await form.getByRole('button', { name: /^Remove / }).click();
    await expect.poll(() => form.getByTestId('category-count').innerText()).toBe('0 of 1');
  });

  it('4b. posts an ad for its second branch, whose address its page shows at 1366 and 390 px', async () => {
    const places = (await publicProfile(business.slug)).locations as { name: string; address_line1: string }[];
    await open(`/advertiser/posts/new?type=services&profile_id=${business.id}`);
    const form = page.getByTestId('post-editor');
    await form.waitFor();
    const location = form.getByLabel('Location', { exact: true });
    await expect.poll(() => location.locator('option').count()).toBe(places.length);
    await location.selectOption({ index: 1 });
    await form.getByLabel('Title', { exact: true }).fill('Aircond Servicing At Our Second Branch');
    await form.getByLabel('Summary', { exact: true }).fill('Chemical wash and gas top-up.');
    await form.getByLabel('Description', { exact: true }).fill('Chemical wash, gas top-up and repairs at our second branch.');
    await pickCategory(form, 'clean');
    await form.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(/\/advertiser\/posts\/\d+$/);
    const id = Number(/\/advertiser\/posts\/(\d+)$/.exec(page.url())![1]);
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await open(`/advertiser/posts/${id}/preview`);
      const shown = await page.getByTestId('locations').innerText();
      expect(shown, `${width} px`).toContain(places[1]!.address_line1);
      expect(shown, `${width} px`).not.toContain(places[0]!.address_line1);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('5. buys SILVER and pays in the sandbox checkout in one sitting', async () => {
    await open(`/advertiser/subscribe?profile=${business.id}`);
    await page.getByTestId('subscribe').waitFor();
    await page.getByLabel('SILVER').check();
    await page.getByLabel('Monthly').check();
    await page.getByRole('button', { name: 'Confirm SILVER monthly' }).click();
    await page.getByTestId('pay').waitFor();
    await page.getByRole('button', { name: 'Pay online (sandbox: no money moves)' }).click();
    await page.waitForURL(/\/api\/payments\/sandbox\/bills\//);
    await expectNoViolations('sandbox checkout');
    await page.getByLabel('CIMB Clicks').check();
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL(/\/advertiser\/invoices\/\d+\?payment=\d+&billplz/);
    await hydrated(page);
    await expect.poll(() => page.getByTestId('invoice-status').innerText()).toBe('Paid');
    expect(await page.getByTestId('term-note').innerText()).toContain('SILVER monthly has a 12-month minimum');
    await expectNoViolations('invoice paid in the sandbox');
    expect((await database.repos.catalog.findProfileBySlug(business.slug))!.plan).toBe('SILVER');
  });

  it('6. answers a lead by WhatsApp in one tap, counted in insights', async () => {
    const sender = await signedInOverHttp(baseUrl, outbox, `sender-${Date.now().toString(36)}@example.my`);
    const sent = await sender.post('/api/enquire', { name: 'Siti Nurhaliza', phone_number: '012-345 6789', contact_method: 'whatsapp', type: 'profile', id: business.id,
      description: 'Are you open on Hari Raya?', preferred_date: malaysiaToday(Date.now()) });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await open('/advertiser/leads');
    const lead = page.getByTestId('lead').filter({ hasText: 'Siti Nurhaliza' });
    await lead.waitFor();
    await expectNoViolations('leads with quick actions');
    const actions = lead.getByTestId('lead-actions').getByRole('link');
    const labels = await actions.allInnerTexts();
    expect(labels[0]).toBe('WhatsApp');
    expect(labels).toEqual(expect.arrayContaining(['Call', 'Reply here']));
    const name = (await database.repos.catalog.findProfileBySlug(business.slug))!.name;
    expect(await actions.first().getAttribute('href')).toBe(`https://wa.me/60123456789?text=${encodeURIComponent(`Hi Siti Nurhaliza, thank you for your enquiry about "${name}" on Yellow Pages Malaysia.`)}`);
    const opened = context.waitForEvent('page');
    await actions.first().click();
    await (await opened).close();
    const today = malaysiaToday(Date.now());
    await expect.poll(async () => (await database.repos.stats.findListingStats({ type: 'profile', id: business.id }, today, today)).find((row) => row.action === 'lead_whatsapp')?.count).toBe(1);
    await lead.getByRole('button', { name: 'Archive' }).click();
    await expect.poll(() => lead.innerText()).toContain('Archived');
    await lead.getByRole('link', { name: /from Siti Nurhaliza/ }).click();
    await page.getByTestId('lead-view').waitFor();
    await expectNoViolations('a lead with quick actions');
  });

  it('fits a 390 px phone on every page it touched', async () => {
    await fitsPhone([`/advertiser/claim/${business.slug}`, `/advertiser/profiles/${business.id}`, '/advertiser/posts/new?type=services', '/advertiser/leads', '/advertiser/invoices']);
    // At that width the leads come first and the filters fold into a button.
    await page.setViewportSize({ width: 390, height: 844 });
    await open('/advertiser/leads');
    await page.getByTestId('leads').waitFor();
    expect(await page.locator('#lead-filters').isVisible()).toBe(false);
    await page.getByRole('button', { name: /^Filters/ }).click();
    expect(await page.locator('#lead-filters').isVisible()).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});

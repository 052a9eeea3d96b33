import { spawnSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe.ts';
import { hydrated, useBrowserSession } from '../helpers/browser.ts';
import { loginModal } from '../helpers/login-modal.ts';
import { messagesTo } from '../helpers/session-client.ts';
import { scaled } from '../helpers/time-factor.ts';

/** Saved searches with e-mail alerts (issue 29), end to end on the shared server. */
const baseUrl = inject('baseUrl');
const outbox = inject('outboxDir');
const session = useBrowserSession();
let page: Page;
beforeEach(() => {
  page = session.page;
});
const { toasts, register, logIn } = loginModal(() => page, outbox);

/** `npm run jobs -- run saved-search-alerts` on the server's database, as an operator runs it. */
function runAlerts(): string {
  const ran = spawnSync(process.execPath, ['scripts/jobs.ts', 'run', 'saved-search-alerts', '--database-url', inject('e2eUrl')], { encoding: 'utf8', timeout: scaled(60_000) });
  expect(ran.status, ran.stderr).toBe(0);
  return ran.stdout;
}

/** A live services ad nobody here owns, put live through the repositories (an advertiser publishing does the same). */
async function publishServicesAd(title: string): Promise<{ id: number; slug: string }> {
  const { repos } = session;
  const owner = await repos.users.createUser({ name: 'Brewery Owner', email: `brewer-${Date.now().toString(36)}@example.my`, phone_number: null, phone_number_country: null, password_hash: null });
  const tree = await repos.catalog.findCategoryTree();
  const category = tree.find((row) => row.type === 'services' && row.parent_id !== null)!;
  let profile: { id: number } | undefined;
  let locationId: number | undefined;
  for await (const batch of repos.sitemap.profileUrlBatches(50, 0)) {
    for (const { slug } of batch) {
      const row = await repos.catalog.findProfileBySlug(slug);
      const location = row?.kind === 'business' ? (await repos.catalog.findProfileLocations(row.id))[0] : undefined;
      if (row && location && !profile) [profile, locationId] = [row, location.id];
    }
    if (profile) break;
  }
  const now = new Date().toISOString();
  const made = await repos.listings.createPost({
    type: 'services', profileId: profile!.id, ownerUserId: owner, plan: 'FREE', slug: (id) => `zymurgy-supplies-${id}`,
    content: {
      title, summary: 'Grain, hops and yeast for home brewers.', contentLang: 'en', priceMinSen: null, priceMaxSen: null, opSen: null, expiresAt: null,
      categoryIds: [category.id], locationIds: [locationId!], attributes: [], keywords: [], mediaIds: [], documentIds: [],
      details: { kind: 'services', description: 'Everything a home brewer needs.' },
    },
  });
  await repos.transaction(async (tx) => {
    await tx.listings.move(made.id, { from: ['draft'], status: 'active', publishedAt: now, firstLiveAt: now, expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString() });
    await tx.listings.reindex([made.id]);
  });
  return made;
}

describe('saved searches (issue 29)', () => {
  it('saves a search after signing in, alerts on a new listing with one-click unsubscribe, and shows the alert off', async () => {
    const email = `saver-${Date.now().toString(36)}@example.my`;
    // 1. A person saves a search: signed out, 'Save this search' asks to log in first, then asks for a name.
    await page.goto(`${baseUrl}/services/l?what=zymurgy`);
    await hydrated(page);
    await page.getByTestId('save-search').click();
    await register(email);
    await logIn(email);
    const dialog = page.getByTestId('save-search-dialog');
    await expect.poll(() => dialog.count()).toBe(1);
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Results for "zymurgy" In Malaysia');
    await dialog.getByLabel('Name').fill('Home brewing');
    await dialog.getByLabel('E-mail me new matches').selectOption('instant');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toasts().innerText()).toContain('Search saved.');

    // 2. A matching listing goes live.
    const ad = await publishServicesAd('Zymurgy Home Brew Supplies');
    // 3. The runner sends an alert: the outbox holds it, with both one-click headers, each on one line.
    runAlerts();
    await expect.poll(() => messagesTo(outbox, email).filter((message) => message.includes('List-Unsubscribe-Post')).length, { timeout: scaled(10_000) }).toBe(1);
    const alert = messagesTo(outbox, email).find((message) => message.includes('List-Unsubscribe-Post'))!;
    expect(alert).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const link = /^List-Unsubscribe: <([^>]+)>$/m.exec(alert)![1]!;
    expect(alert).toContain(`/services/${ad.slug}`);
    // Run again: nothing new, no second mail.
    runAlerts();
    expect(messagesTo(outbox, email).filter((message) => message.includes('List-Unsubscribe-Post'))).toHaveLength(1);

    // A GET of the link (a mail scanner) only asks.
    const { pathname, search } = new URL(link);
    await page.goto(`${baseUrl}${pathname}${search}`);
    await expect.poll(() => page.getByTestId('unsubscribe-form').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    // 4. The one-click POST, exactly as a mail provider sends it: no Origin, no cookie, no token.
    const oneClick = await fetch(`${baseUrl}${pathname}${search}`, {
      method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);

    // 5. My area's Saved searches shows the alert off.
    await page.goto(`${baseUrl}/me/saved-searches`);
    await hydrated(page);
    const row = page.getByTestId('saved-search').filter({ hasText: 'Home brewing' });
    await expect.poll(() => row.getByTestId('saved-search-frequency').inputValue()).toBe('off');
    expect(await row.getByTestId('saved-search-summary').innerText()).toBe('Services · "zymurgy" · in Malaysia');
    expect(await row.getByTestId('saved-search-new').innerText()).toBe('1 new');
    expect(await seriousViolations(page)).toEqual([]);
    // Turned on again from the row; opening it marks what is new as seen.
    await row.getByTestId('saved-search-frequency').selectOption('daily');
    await expect.poll(() => toasts().innerText()).toContain('Saved.');
    await row.getByTestId('saved-search-open').click();
    await page.waitForURL(`${baseUrl}/services/l?what=zymurgy`);
    await page.goto(`${baseUrl}/me/saved-searches`);
    await hydrated(page);
    await expect.poll(() => page.getByTestId('saved-search').filter({ hasText: 'Home brewing' }).getByTestId('saved-search-frequency').inputValue()).toBe('daily');
    expect(await page.getByTestId('saved-search').filter({ hasText: 'Home brewing' }).getByTestId('saved-search-new').count()).toBe(0);
    // Deleted from its row.
    page.once('dialog', (confirm) => void confirm.accept());
    await page.getByTestId('saved-search').filter({ hasText: 'Home brewing' }).getByTestId('saved-search-delete').click();
    await expect.poll(() => page.getByTestId('saved-search').filter({ hasText: 'Home brewing' }).count()).toBe(0);
  });

  it('saves without JavaScript: the form asks, posts with the token and comes back with a notice; signed out it explains', async () => {
    const noScript = await session.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    try {
      const plain = await noScript.newPage();
      await plain.goto(`${baseUrl}/jobs/l?what=barista&where=Selangor`);
      await plain.getByTestId('save-search').click();
      await plain.waitForURL(/\/saved-searches\?search=/);
      expect(await plain.getByTestId('save-search-sign-in').innerText()).toContain('signing in needs JavaScript');

      // Signed in (in a browser with JavaScript), the same session without it saves through the form.
      const email = `noscript-${Date.now().toString(36)}@example.my`;
      await page.goto(`${baseUrl}/`);
      await hydrated(page);
      await page.getByTestId('login-button').click();
      await register(email);
      await logIn(email);
      await noScript.addCookies(await session.context.cookies());
      await plain.goto(`${baseUrl}/jobs/l?what=barista&where=Selangor`);
      await plain.getByTestId('save-search').click();
      await plain.waitForURL(/\/saved-searches\?search=/);
      const form = plain.getByTestId('save-search-form');
      expect(await form.getByLabel('Name').inputValue()).toBe('Jobs · "barista" · in Selangor');
      expect(await plain.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await form.getByLabel('Name').fill('');
      await form.getByRole('button', { name: 'Save' }).click();
      expect(await plain.locator('#name-error').innerText()).toBe('Give the search a name.');
      await plain.getByTestId('save-search-form').getByLabel('Name').fill('Barista jobs');
      await plain.getByTestId('save-search-form').getByRole('button', { name: 'Save' }).click();
      await plain.waitForURL(`${baseUrl}/jobs/l?what=barista&where=Selangor#search-saved`);
      expect(await plain.locator('#search-saved').isVisible()).toBe(true);
      const saved = await page.evaluate(() => fetch('/api/saved-searches').then((response) => response.json() as Promise<{ data: { name: string; frequency: string }[] }>));
      expect(saved.data).toEqual([expect.objectContaining({ name: 'Barista jobs', frequency: 'daily' })]);
    } finally {
      await noScript.close();
    }
  });
});

import type { BrowserContext, Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe.ts';
import { hydrated as waitForIslands, useBrowserSession } from '../helpers/browser.ts';
import { scaled } from '../helpers/time-factor.ts';

const baseUrl = inject('baseUrl');
const session = useBrowserSession();
let page: Page;
let context: BrowserContext;
beforeEach(() => {
  page = session.page;
  context = session.context;
});

const hydrated = (target: Page = page) => waitForIslands(target);

/** Waits until the search island has the results of its current URL. */
async function settled(target: Page = page) {
  await target.waitForFunction(() => document.querySelector('[data-testid="search-page"]')?.getAttribute('aria-busy') === 'false');
}

async function apiTotal(body: object): Promise<number> {
  const response = await fetch(`${baseUrl}/api/post/search`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return ((await response.json()) as { total: number }).total;
}

const titles = (target: Page = page) => target.getByTestId('results').getByRole('heading', { level: 3 }).allInnerTexts();

describe('header search', () => {
  it('suggests as you type; arrows and Enter pick a suggestion', async () => {
    await page.goto(`${baseUrl}/`);
    await hydrated();
    await page.getByRole('combobox', { name: 'What' }).pressSequentially('plum');
    const option = page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option').first();
    await option.waitFor();
    expect(await option.innerText()).toContain('Plumbing');
    await page.getByRole('combobox', { name: 'What' }).press('ArrowDown');
    await page.getByRole('combobox', { name: 'What' }).press('Enter');
    await page.waitForURL(/\/services\/l\?what=Plumbing$/);
    expect(await page.getByTestId('search-title').innerText()).toBe('Results for "Plumbing" In Malaysia');
  });

  it('searches what is typed on Enter, in the chosen category, and remembers it', async () => {
    await page.goto(`${baseUrl}/`);
    await hydrated();
    await page.getByRole('combobox', { name: 'Category' }).selectOption('jobs');
    await page.getByRole('combobox', { name: 'What' }).fill('accountant');
    await page.getByRole('combobox', { name: 'Where' }).fill('Selangor');
    await page.getByRole('combobox', { name: 'Where' }).press('Escape');
    await page.getByRole('combobox', { name: 'What' }).press('Enter');
    await page.waitForURL(/\/jobs\/l\?what=accountant&where=Selangor$/);
    expect(await page.getByTestId('search-title').innerText()).toBe('Results for "accountant" In Selangor');
    expect(JSON.parse(await page.evaluate(() => localStorage.getItem('recent_searches') ?? '[]'))).toEqual(['accountant']);
    expect(JSON.parse(await page.evaluate(() => localStorage.getItem('recent_locations') ?? '[]'))).toEqual(['Selangor']);
  });

  it('works without JavaScript through /search', async () => {
    const noJs = await session.browser.newContext({ javaScriptEnabled: false });
    const plain = await noJs.newPage();
    await plain.goto(`${baseUrl}/`);
    await plain.getByRole('combobox', { name: 'What' }).fill('aircon');
    await plain.getByRole('button', { name: 'Search' }).click();
    await plain.waitForURL(/\/services\/l\?what=aircon$/);
    expect(await plain.getByTestId('search-title').innerText()).toBe('Results for "aircon" In Malaysia');
    await noJs.close();
  });
});

describe('tab menus', () => {
  it('open on hover with an All link and real links to every category', async () => {
    await page.goto(`${baseUrl}/`);
    const menu = page.getByTestId('menu-services');
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole('navigation', { name: 'Listing types' }).getByRole('link', { name: 'Services', exact: true }).hover();
    expect(await menu.isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: 'All Services' }).getAttribute('href')).toBe('/services/l');
    // The second level arrives as a fragment on first hover.
    await menu.getByRole('link', { name: 'Plumbing' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Plumbing' }).getAttribute('href')).toBe('/services/l/home-services/plumbing');
  });

  it('load the second level by keyboard focus too, leave it out of the page HTML, and keep closed menus out of the tab order', async () => {
    const html = await (await fetch(`${baseUrl}/`)).text();
    for (const type of ['services', 'jobs', 'hireme', 'buysell']) expect(html).toContain(`data-menu-fragment="${type}" aria-live="polite"></div>`);
    await page.goto(`${baseUrl}/`);
    await waitForIslands(page);
    const jobs = page.getByRole('navigation', { name: 'Listing types' }).getByRole('link', { name: 'Jobs', exact: true });
    await jobs.focus();
    const menu = page.getByTestId('menu-jobs');
    // Focus loads it, closed: Tab goes on to the next tab, not into the menu (the probe's walk took 441 presses).
    await menu.locator('ul a').first().waitFor({ state: 'attached' });
    expect(await menu.isVisible()).toBe(false);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Hire Me');
    // Arrow Down opens it and moves in; Escape closes it and goes back to its tab.
    await jobs.focus();
    await page.keyboard.press('ArrowDown');
    expect(await menu.isVisible()).toBe(true);
    expect(await jobs.getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="menu-jobs"]') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    expect(await menu.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Jobs');
  });
});

describe('crawl', () => {
  it('reaches every category that holds listings by links from the home page, without the menus', async () => {
    // Subcategories that are the first category of a live post, by a rule written here.
    const now = new Date().toISOString();
    const wanted = new Set((await session.query.selectFrom('categories as c').innerJoin('categories as parent', 'parent.id', 'c.parent_id')
      .innerJoin('post_categories as pc', (join) => join.onRef('pc.category_id', '=', 'c.id').on('pc.position', '=', 0))
      .innerJoin('posts as p', 'p.id', 'pc.post_id')
      .where('p.status', '=', 'active').where((eb) => eb.or([eb('p.expires_at', 'is', null), eb('p.expires_at', '>', now)]))
      .select(['c.type', 'parent.slug as parent_slug', 'c.slug']).distinct().execute())
      .map((row) => `/${row.type}/l/${row.parent_slug}/${row.slug}`));
    expect(wanted.size).toBeGreaterThan(0);
    const seen = new Set<string>();
    const queue = ['/'];
    // Home, category homes, category listings and the search pages of main categories (no query strings).
    const follow = /^\/(|services|jobs|hireme|buysell|education\/?|specializations\/\w+|\w+\/l(\/[a-z0-9-]+)?)$/;
    while (queue.length > 0) {
      const path = queue.shift()!;
      if (seen.has(path)) continue;
      seen.add(path);
      const html = await (await fetch(baseUrl + path)).text();
      for (const [, href] of html.matchAll(/href="(\/[^"?#]*)"/g)) {
        if (wanted.has(href!)) seen.add(href!);
        else if (!seen.has(href!) && follow.test(href!)) queue.push(href!);
      }
    }
    expect([...wanted].filter((path) => !seen.has(path))).toEqual([]);
  }, scaled(120_000));
});

describe('search page filters', () => {
  it('jobs: a Job Type filter narrows the results, shows a chip, and the chip or All clears it', async () => {
    await page.goto(`${baseUrl}/jobs/l`);
    await hydrated();
    await page.getByTestId('filter-job_type').getByRole('link', { name: /Full Time/ }).click();
    await page.waitForURL(/job_type=FT/);
    await settled();
    expect(await page.getByTestId('pager-caption').innerText()).toContain(`of ${await apiTotal({ type: 'jobs', job_type: 'FT' })} Results`);
    expect(await page.getByTestId('chip-job_type').innerText()).toContain('Full Time');
    await page.getByTestId('chip-job_type').click();
    await page.waitForURL((url) => !url.search.includes('job_type'));
    // The address changes first, then the new results arrive.
    await settled();
    expect(await page.getByTestId('chips').count()).toBe(0);
    await page.getByTestId('filter-job_level').getByRole('link', { name: /^Manager/ }).click();
    await page.waitForURL(/job_level=manager/);
    await settled();
    await page.getByTestId('filter-job_level').getByRole('link', { name: /All/ }).click();
    await page.waitForURL((url) => !url.search.includes('job_level'));
  });

  it.each([
    ['jobs', 'qualification'], ['jobs', 'job_type'], ['jobs', 'job_level'],
    ['hireme', 'hireme_type'], ['hireme', 'hireme_rate'], ['hireme', 'hireme_expertise'],
    ['buysell', 'post_type'], ['buysell', 'condition'], ['buysell', 'method'],
  ])('%s: the %s filter sets its parameter and chip, and All clears both', async (type, param) => {
    await page.goto(`${baseUrl}/${type}/l`);
    await hydrated();
    const group = page.getByTestId(`filter-${param}`);
    await group.getByRole('link').nth(1).click();
    await page.waitForURL(new RegExp(`[?&]${param}=`));
    await settled();
    expect(await page.getByTestId(`chip-${param}`).isVisible()).toBe(true);
    const value = new URL(page.url()).searchParams.get(param)!;
    const field = { qualification: 'job_qualification', post_type: 'buysell_type', condition: 'buysell_condition', method: 'buysell_method' }[param] ?? param;
    expect(await page.getByTestId('pager-caption').innerText()).toContain(`of ${await apiTotal({ type, [field]: value })} Results`);
    await group.getByRole('link', { name: /All/ }).click();
    await page.waitForURL((url) => !url.searchParams.has(param));
    await settled();
    expect(await page.getByTestId(`chip-${param}`).count()).toBe(0);
  });

  it('renders no ad slot when no ad client is configured', async () => {
    await page.goto(`${baseUrl}/services/l`);
    await hydrated();
    expect(await page.locator('[data-testid^="ad-"]').count()).toBe(0);
  });

  it('hireme and buysell filters map to the search request', async () => {
    await page.goto(`${baseUrl}/hireme/l?hireme_rate=hour`);
    expect(await page.getByTestId('pager-caption').innerText()).toContain(`of ${await apiTotal({ type: 'hireme', hireme_rate: 'hour' })} Results`);
    await page.goto(`${baseUrl}/buysell/l`);
    await hydrated();
    await page.getByTestId('filter-post_type').getByRole('link', { name: /Buy/ }).click();
    await page.waitForURL(/post_type=buy/);
    // The address changes before the new filters arrive: a click before then would use the old page's links.
    await settled();
    await page.getByTestId('filter-condition').getByRole('link', { name: /Used/ }).click();
    await page.waitForURL(/condition=used/);
    await settled();
    expect(await page.getByTestId('pager-caption').innerText()).toContain(`of ${await apiTotal({ type: 'buysell', buysell_type: 'buy', buysell_condition: 'used' })} Results`);
  });

  it('sorts A - Z from the sort dropdown and resets the page', async () => {
    await page.goto(`${baseUrl}/services/l?page=2`);
    await hydrated();
    await page.getByTestId('filter-sort').locator('summary').click();
    await page.getByTestId('filter-sort').getByRole('link', { name: 'A - Z' }).click();
    await page.waitForURL(/\/services\/l\?sort=az$/);
    await settled();
    const shown = (await titles()).map((title) => title.toLowerCase());
    expect(shown).toEqual([...shown].sort());
  });

  it('Near Me uses the browser location, then offers distances and the side box', async () => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 3.139, longitude: 101.6869 });
    await page.goto(`${baseUrl}/services/l`);
    await hydrated();
    await page.getByTestId('filter-location').locator('summary').click();
    await page.getByTestId('filter-location').getByRole('button', { name: 'Near Me' }).click();
    await page.waitForURL(/where=Near\+Me&ul=3\.139/);
    await settled();
    expect(await page.getByTestId('filter-distance').isVisible()).toBe(true);
    expect(await page.getByTestId('search-title').innerText()).toBe('Browsing Businesses In Near Me');
    expect(await page.getByTestId('pager-caption').innerText())
      .toContain(`of ${await apiTotal({ type: 'services', location: 'Near Me', user_location: '3.13900,101.68690' })} Results`);
  });

  it('choosing a state clears the user location', async () => {
    await page.goto(`${baseUrl}/services/l?where=Near+Me&ul=3.139,101.6869`);
    await hydrated();
    await page.getByTestId('filter-location').locator('summary').click();
    await page.getByTestId('filter-location').getByRole('link', { name: /^Selangor/ }).click();
    await page.waitForURL(/\/services\/l\?where=Selangor$/);
  });

  it('shows the empty text when nothing matches, and ways on: the search without its words, the whole list', async () => {
    await page.goto(`${baseUrl}/services/l?what=qqqzzzxxx&where=Selangor`);
    const empty = page.getByTestId('empty-results');
    expect(await empty.locator('p').innerText()).toBe('No results found for your query. Please try different search parameters.');
    expect(await page.getByTestId('did-you-mean').count()).toBe(0);
    expect(await empty.getByRole('link', { name: 'Search without “qqqzzzxxx”' }).getAttribute('href')).toBe('/services/l?where=Selangor');
    await hydrated();
    await empty.getByRole('link', { name: 'See every listing in Services' }).click();
    await page.waitForURL(/\/services\/l$/);
    await page.getByTestId('results').waitFor();
  });

  it('offers the corrected words and close categories in the page’s language when nothing matches (issue 63)', async () => {
    await page.goto(`${baseUrl}/services/l?what=plumbng`);
    const help = page.getByTestId('no-results-help');
    expect(await help.getByTestId('did-you-mean').innerText()).toBe('Did you mean: plumbing');
    await hydrated();
    await help.getByTestId('did-you-mean').getByRole('link', { name: 'plumbing' }).click();
    await page.waitForURL(/what=plumbing$/);
    await page.getByTestId('results').waitFor();

    await page.goto(`${baseUrl}/ms/services/l?what=tusyen+rumah`);
    const malay = page.getByTestId('close-categories');
    expect(await malay.innerText()).toMatch(/^Kategori dengan nama yang hampir sama: Tuisyen Rumah/);
    expect(await malay.getByRole('link', { name: 'Tuisyen Rumah' }).getAttribute('href')).toMatch(/^\/ms\/services\/l\/[a-z-]+\/home-tuition$/);
  });

  it('switches between grid and list', async () => {
    await page.goto(`${baseUrl}/services/l`);
    await hydrated();
    expect(await page.getByTestId('results').getAttribute('data-view')).toBe('grid');
    await page.getByRole('group', { name: 'View' }).getByRole('link', { name: 'List' }).click();
    await page.waitForURL(/view=list/);
    expect(await page.getByTestId('results').getAttribute('data-view')).toBe('list');
  });
});

describe('pagination', () => {
  it('shows the caption, at most 5 numbers, first and last pages with ellipsis, at the start, middle and end', async () => {
    const total = await apiTotal({ type: 'services' });
    const last = Math.ceil(total / 12);
    await page.goto(`${baseUrl}/services/l`);
    const pager = page.getByTestId('pagination');
    expect(await page.getByTestId('pager-caption').innerText()).toBe(`1 - 12 of ${total} Results`);
    expect(await pager.getByRole('link', { name: /^Page \d+$/ }).allInnerTexts()).toEqual(['1', '2', '3', '4', '5', String(last)]);
    expect(await pager.innerText()).toContain('…');
    expect(await pager.getByRole('link', { name: 'Previous Page' }).count()).toBe(0);

    await page.goto(`${baseUrl}/services/l?page=10`);
    expect(await page.getByTestId('pager-caption').innerText()).toBe(`109 - 120 of ${total} Results`);
    expect(await pager.getByRole('link', { name: /^Page \d+$/ }).allInnerTexts()).toEqual(['1', '8', '9', '10', '11', '12', String(last)]);

    await page.goto(`${baseUrl}/services/l?page=${last}`);
    expect(await page.getByTestId('pager-caption').innerText()).toBe(`${(last - 1) * 12 + 1} - ${total} of ${total} Results`);
    expect(await pager.getByRole('link', { name: 'Next Page' }).count()).toBe(0);
  });

  it('Next Page updates in place, and back and forward restore each page', async () => {
    await page.goto(`${baseUrl}/services/l`);
    await hydrated();
    const first = await titles();
    await page.getByTestId('pagination').getByRole('link', { name: 'Next Page' }).click();
    await page.waitForURL(/page=2/);
    await settled();
    const second = await titles();
    expect(second).not.toEqual(first);
    await page.goBack();
    await page.waitForFunction(() => document.querySelector('[data-testid="pager-caption"]')?.textContent?.startsWith('1 - 12'));
    await settled();
    expect(await titles()).toEqual(first);
    await page.goForward();
    await page.waitForFunction(() => document.querySelector('[data-testid="pager-caption"]')?.textContent?.startsWith('13 - 24'));
    await settled();
    expect(await titles()).toEqual(second);
  });

  it('shows 4 skeleton cards while the next page loads, then its results', async () => {
    await page.goto(`${baseUrl}/services/l`);
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route(/\/services\/l\?page=2$/, async (route) => { await held; await route.continue(); });
    await page.getByTestId('pagination').getByRole('link', { name: 'Next Page' }).click();
    await page.getByTestId('card-skeleton').first().waitFor();
    expect(await page.getByTestId('card-skeleton').count()).toBe(4);
    expect(await page.getByTestId('search-page').getAttribute('aria-busy')).toBe('true');
    release();
    await settled();
    expect(await page.getByTestId('card-skeleton').count()).toBe(0);
    expect(await page.getByTestId('pager-caption').innerText()).toMatch(/^13 - 24 of/);
    await page.unroute(/\/services\/l\?page=2$/);
  });

    it('gives the same results with JavaScript disabled', async () => {
    const noJs = await session.browser.newContext({ javaScriptEnabled: false });
    const plain = await noJs.newPage();
    await plain.goto(`${baseUrl}/jobs/l`);
    await plain.getByTestId('filter-job_type').getByRole('link', { name: /Full Time/ }).click();
    await plain.waitForURL(/job_type=FT/);
    await plain.getByTestId('pagination').getByRole('link', { name: 'Next Page' }).click();
    await plain.waitForURL(/job_type=FT&page=2/);
    const withoutJs = await titles(plain);
    await noJs.close();
    await page.goto(`${baseUrl}/jobs/l?job_type=FT`);
    await hydrated();
    await page.getByTestId('pagination').getByRole('link', { name: 'Next Page' }).click();
    await page.waitForURL(/page=2/);
    await settled();
    expect(await titles()).toEqual(withoutJs);
  });
});

describe('home banner', () => {
  it('advances every 5 seconds, wraps to the first, and a dot restarts the timer', async () => {
    await page.clock.install();
    await page.goto(`${baseUrl}/`);
    await hydrated();
    await page.getByTestId('main-banner').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => !document.querySelector('[data-testid="main-banner"]')?.closest('astro-island')?.hasAttribute('ssr'));
    const slides = page.getByTestId('main-banner').locator('li');
    const count = await slides.count();
    const active = async () => (await slides.evaluateAll((items) => items.map((item) => item.getAttribute('data-active')))).indexOf('true');
    expect(await active()).toBe(0);
    await page.clock.runFor(5000);
    expect(await active()).toBe(1);
    await page.clock.runFor(5000 * (count - 1));
    expect(await active()).toBe(0);
    await page.clock.runFor(3000);
    await page.getByRole('button', { name: 'Show banner 3' }).click();
    expect(await active()).toBe(2);
    await page.clock.runFor(3000);
    expect(await active()).toBe(2);
    await page.clock.runFor(2000);
    expect(await active()).toBe(3 % count);
  });
});

describe('accessibility', () => {
  it.each(['/', '/services', '/services/l', '/jobs/l?job_type=FT'])('%s has no serious or critical axe violations', async (path) => {
    await page.goto(`${baseUrl}${path}`);
    await hydrated();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('search engine surface of search pages', () => {
  it('an indexable page is self-canonical; a filtered one is noindex with a canonical to its base page', async () => {
    await page.goto(`${baseUrl}/services/l/home-services?where=Selangor`);
    expect(await page.locator('link[rel=canonical]').getAttribute('href')).toMatch(/\/services\/l\/home-services\?where=Selangor$/);
    expect(await page.locator('meta[name=robots]').count()).toBe(0);
    await page.goto(`${baseUrl}/services/l/home-services?where=Selangor&sort=az&price=0-100`);
    expect(await page.locator('link[rel=canonical]').getAttribute('href')).toMatch(/\/services\/l\/home-services\?where=Selangor$/);
    expect(await page.locator('meta[name=robots]').getAttribute('content')).toBe('noindex,follow');
    expect(await page.getByTestId('filter-sort').getByRole('link', { name: 'Rating', includeHidden: true }).getAttribute('rel')).toBe('nofollow');
  });

  it('answers an unknown category with 404', async () => {
    const response = await page.goto(`${baseUrl}/services/l/no-such-category`);
    expect(response?.status()).toBe(404);
  });
});

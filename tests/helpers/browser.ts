import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { findChromium } from '../../scripts/chromium.ts';
import { openTestDatabase } from './test-database.ts';
import type { SessionClient } from './session-client.ts';

/** The machine's Chromium (npm test found or installed it) with the flags this workplace needs (no sandbox as root, no background networking). */
const LAUNCH = {
  executablePath: findChromium() ?? '/usr/bin/chromium',
  args: [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
  ],
};

/**
 * With `webgl`, software WebGL2 (SwiftShader) in place of no GPU at all: what the map view needs (issue 43), and what
 * MapLibre 6 was seen to render with in Debian's headless Chromium.
 */
export async function launchBrowser(options: { webgl?: boolean } = {}): Promise<Browser> {
  const args = options.webgl ? [...LAUNCH.args.filter((arg) => arg !== '--disable-gpu'), '--use-angle=swiftshader', '--enable-unsafe-swiftshader'] : LAUNCH.args;
  return watched(await chromium.launch({ ...LAUNCH, args }));
}

/** A browser with a profile on disk (not incognito), as a person's: what installing a web app needs. */
/** What React logs when a page's server HTML does not match its first client render (production error codes 418-425). */
const HYDRATION_ERROR = /Minified React error #(418|419|421|422|423|425)\b|Hydration failed|did not match|hydrat/i;

/**
 * The hydration errors of every page of every browser the tests launch (issue 38: #418 on the profile page), taken by
 * tests/setup/hydration.ts after each test: a test that opened a page whose islands' server HTML differs from their
 * first client render fails, whatever it was testing.
 */
export const hydrationErrors: string[] = [];

function watchHydration(context: BrowserContext): void {
  const errors = hydrationErrors;
  const watch = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() === 'error' && HYDRATION_ERROR.test(message.text())) errors.push(`${page.url()}: ${message.text().slice(0, 300)}`);
    });
    page.on('pageerror', (error) => {
      if (HYDRATION_ERROR.test(error.message)) errors.push(`${page.url()}: ${error.message.slice(0, 300)}`);
    });
  };
  for (const page of context.pages()) watch(page);
  context.on('page', watch);
}

/** Watches every context (and page) of `browser` for hydration errors. */
function watched<B extends Browser | BrowserContext>(target: B): B {
  if ('newContext' in target) {
    const newContext = target.newContext.bind(target);
    target.newContext = async (options) => {
      const context = await newContext(options);
      watchHydration(context);
      return context;
    };
  } else {
    watchHydration(target);
  }
  return target;
}

export async function launchPersistentBrowser(userDataDir: string): Promise<BrowserContext> {
  return watched(await chromium.launchPersistentContext(userDataDir, { ...LAUNCH, viewport: { width: 1280, height: 900 } }));
}

/**
 * One browser per test file, a fresh context and page per test, and the repositories (`repos`) and query
 * layer (`query`) on the server's database, for finding listings and checking what was stored (fixtures take
 * the session as they take an app). Getters are valid inside tests and hooks.
 */
export function useBrowserSession(options: BrowserContextOptions = {}, launch: { webgl?: boolean } = {}) {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let database: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  beforeAll(async () => {
    browser = await launchBrowser(launch);
    database = await openTestDatabase(inject('e2eUrl'));
  });
  afterAll(async () => {
    await browser?.close();
    await database?.close();
  });
  beforeEach(async () => {
    context = await browser!.newContext({ viewport: { width: 1280, height: 900 }, ...options });
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
  });
  return {
    get browser() { return browser!; },
    get context() { return context!; },
    get page() { return page!; },
    get repos() { return database!.repos; },
    get query() { return database!.query; },
  };
}

/**
 * Waits until the islands that hydrate without scrolling (client:idle, client:load) have hydrated;
 * with `visible: true` also those that hydrate when scrolled into view (scroll to them first).
 */
export async function hydrated(page: Page, options: { visible?: boolean } = {}): Promise<void> {
  await page.waitForFunction((visible) => [...document.querySelectorAll('astro-island')]
    .every((island) => (!visible && island.getAttribute('client') === 'visible') || !island.hasAttribute('ssr')), options.visible ?? false);
}

/** Chooses a category in an advertiser editor's combobox (issue 40): types part of its name, highlights the first match with Arrow Down, and takes it with Enter. */
export async function pickCategory(form: Locator, name: string): Promise<void> {
  const box = form.getByRole('combobox', { name: /Categories/ });
  await box.fill(name);
  // Enter takes only the highlighted option: Arrow Down highlights the first (downshift marks it aria-selected), then Enter.
  await form.getByTestId('categories-picker').getByRole('option').first().waitFor();
  await box.press('ArrowDown');
  await form.getByTestId('categories-picker').locator('[role="option"][aria-selected="true"]').first().waitFor();
  await box.press('Enter');
  await expect.poll(() => box.inputValue()).toBe('');
}

/** A browser context signed in as `person` (their session cookie, and the stored user the islands read). */
export async function signedInContext(browser: Browser, baseUrl: string, person: SessionClient): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const url = new URL(baseUrl);
  await context.addCookies([...person.jar].map(([name, value]) => ({ name, value, domain: url.hostname, path: '/' })));
  const user = (await person.get('/api/user')).body;
  await context.addInitScript((stored) => { localStorage.setItem('user', stored); }, JSON.stringify(user));
  return { context, page: await context.newPage() };
}

/** How far `path` scrolls sideways at a 390 px phone's width, once hydrated (0 when it fits). */
export async function sidewaysAt390(page: Page, baseUrl: string, path: string): Promise<number> {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${baseUrl}${path}`);
  await hydrated(page);
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { findChromium } from '../../scripts/chromium.ts';
import { openTestDatabase } from './test-database.ts';

/** The machine's Chromium (npm test found or installed it) with the flags this workplace needs (no sandbox as root, no background networking). */
const LAUNCH = {
  executablePath: findChromium() ?? '/usr/bin/chromium',
  args: [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
  ],
};

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(LAUNCH);
}

/** A browser with a profile on disk (not incognito), as a person's: what installing a web app needs. */
export function launchPersistentBrowser(userDataDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, { ...LAUNCH, viewport: { width: 1280, height: 900 } });
}

/**
 * One browser per test file, a fresh context and page per test, and the repositories (`repos`) and query
 * layer (`query`) on the server's database, for finding listings and checking what was stored (fixtures take
 * the session as they take an app). Getters are valid inside tests and hooks.
 */
export function useBrowserSession(options: BrowserContextOptions = {}) {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let database: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
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

/**
 * The three homes and the advertiser dashboard in three languages at a phone's and a laptop's width (issue 63): axe
 * finds nothing (of any impact), and every link of the header is fully visible, none of its text cut (Malay words are
 * longer than English). The dashboard speaks its account's language: one advertiser for each.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe.ts';
import { hydrated, signedInContext, useBrowserSession } from '../helpers/browser.ts';
import { advertiserOverHttp } from '../helpers/http-session.ts';
import type { SessionClient } from '../helpers/session-client.ts';

const baseUrl = inject('baseUrl');
const outbox = inject('outboxDir');
const session = useBrowserSession();
const LOCALES = ['en', 'ms', 'zh'] as const;
let owners: Record<(typeof LOCALES)[number], SessionClient>;

beforeAll(async () => {
  const made = await Promise.all(LOCALES.map((locale) => advertiserOverHttp(baseUrl, outbox, `layout-${locale}-${Date.now().toString(36)}@example.my`, locale)));
  owners = { en: made[0]!, ms: made[1]!, zh: made[2]! };
});

/** What is wrong with the page as it stands: axe's violations and the header links cut or out of view. */
async function layoutFaults(page: Page, width: number, label: string, found: Record<string, unknown>) {
  const violations = await seriousViolations(page, { all: true });
  if (violations.length > 0) found[`${label} axe`] = violations;
  const cut = await page.evaluate((viewport) => [...document.querySelectorAll<HTMLAnchorElement>('header a')]
    .filter((link) => link.offsetParent !== null)
    .filter((link) => {
      const box = link.getBoundingClientRect();
      return link.scrollWidth > link.clientWidth + 1 || box.left < 0 || box.right > viewport + 1;
    })
    .map((link) => link.textContent?.trim() ?? link.href), width);
  if (cut.length > 0) found[`${label} header`] = cut;
}

describe('the homes in three languages, on a phone and a laptop', () => {
  for (const width of [390, 1366]) {
    it(`at ${width} px: no axe violation, every header link whole and in view`, async () => {
      const { page } = session;
      await page.setViewportSize({ width, height: 900 });
      const found: Record<string, unknown> = {};
      for (const path of ['/', '/ms/', '/zh/']) {
        await page.goto(`${baseUrl}${path}`);
        await hydrated(page);
        await layoutFaults(page, width, path, found);
      }
      expect(found).toEqual({});
    });

    it(`at ${width} px: the advertiser dashboard in English, Malay and Chinese, no axe violation, every header link whole and in view`, async () => {
      const found: Record<string, unknown> = {};
      for (const locale of LOCALES) {
        const { context, page } = await signedInContext(session.browser, baseUrl, owners[locale]);
        try {
          await page.setViewportSize({ width, height: 900 });
          await page.goto(`${baseUrl}/advertiser`);
          await hydrated(page);
          await page.getByTestId('advertiser-dashboard').waitFor();
          expect(await page.evaluate(() => document.documentElement.lang)).toBe({ en: 'en-MY', ms: 'ms-MY', zh: 'zh-Hans-MY' }[locale]);
          await layoutFaults(page, width, `${locale} /advertiser`, found);
        } finally {
          await context.close();
        }
      }
      expect(found).toEqual({});
    });
  }

  it('switches the advertiser site\'s language in place: a signed-in owner\'s account keeps it, a signed-out visitor\'s browser does', async () => {
    const { context, page } = await signedInContext(session.browser, baseUrl, owners.en);
    try {
      await page.goto(`${baseUrl}/advertiser`);
      await hydrated(page);
      await page.getByTestId('advertiser-dashboard').waitFor();
      await page.getByTestId('language-switcher-header').locator('[data-switch-language="ms"]').click();
      await page.waitForFunction(() => document.documentElement.lang === 'ms-MY');
      expect(new URL(page.url()).pathname).toBe('/advertiser');
      expect(await page.locator('h1').innerText()).toBe('Papan pemuka pengiklan');
      expect(((await owners.en.get('/api/account')).body.data as { locale: string }).locale).toBe('ms');
    } finally {
      await context.close();
    }
    const visitor = await session.browser.newContext();
    try {
      const page = await visitor.newPage();
      await page.goto(`${baseUrl}/advertiser`);
      await hydrated(page);
      await page.getByTestId('language-switcher-header').locator('[data-switch-language="zh"]').click();
      await page.waitForFunction(() => document.documentElement.lang === 'zh-Hans-MY');
      await expect.poll(() => page.getByTestId('advertiser-signed-out').innerText()).toContain('登录以使用广告商网站。');
    } finally {
      await visitor.close();
    }
  });
});

/** Malay and Chinese beside English (issue 42): a visitor's journey in each language, in Chromium. */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import * as m from '../../src/paraglide/messages.js';
import { malaysiaToday } from '../../src/shared/malaysia-time.ts';
import type { Locale } from '../../src/shared/locale.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { hydrated, useBrowserSession } from '../helpers/browser.ts';
import { loginModal } from '../helpers/login-modal.ts';
import { messagesTo } from '../helpers/session-client.ts';

const baseUrl = inject('baseUrl');
const outbox = inject('outboxDir');
const session = useBrowserSession();
let page: Page;
beforeEach(() => {
  page = session.page;
});
const { register, logIn } = loginModal(() => page, outbox);
let people = 0;

const JOURNEYS: { locale: Locale; prefix: string; lang: string; word: string; other: Locale }[] = [
  { locale: 'en', prefix: '', lang: 'en-MY', word: 'tuition', other: 'zh' },
  { locale: 'ms', prefix: '/ms', lang: 'ms-MY', word: 'tuisyen', other: 'en' },
  { locale: 'zh', prefix: '/zh', lang: 'zh-Hans-MY', word: '补习', other: 'ms' },
];

/** Signs up and in from the page shown (the login modal is the header's). */
async function signUp(name: string): Promise<string> {
  await hydrated(page);
  await page.getByTestId('login-button').click();
  const email = `reader-${Date.now().toString(36)}-${++people}@example.my`;
  await register(email, name);
  await logIn(email);
  return email;
}

describe('a visitor’s journey in each language', () => {
  for (const { locale, prefix, lang, word, other } of JOURNEYS) {
    it(`${locale}: home, a search in the language, a result, an enquiry with its toast, and the switcher keeping the query`, async () => {
      const options = { locale };
      await page.goto(`${baseUrl}${prefix}/`);
      await signUp('Lim Wei Jie');
      expect(await page.locator('html').getAttribute('lang')).toBe(lang);
      expect(await page.getByRole('link', { name: m.nav_home({}, options), exact: true }).count()).toBeGreaterThan(0);

      // A search in the language, from the header.
      await page.locator('input[name="what"]').fill(word);
      await page.locator('input[name="what"]').press('Enter');
      await page.waitForURL((url) => url.pathname === `${prefix}/services/l` && url.searchParams.get('what') === word);
      expect(await page.getByTestId('search-title').innerText()).toBe(m.search_heading_results({ what: word, where: m.search_root({}, options) }, options));
      const first = page.getByTestId('results').locator('.card-title a').first();
      const href = await first.getAttribute('href');
      expect(href).toMatch(new RegExp(`^${prefix}/services/`));
      await first.click();
      await page.waitForURL((url) => url.pathname === href);
      expect(await page.locator('html').getAttribute('lang')).toBe(lang);

      // An enquiry: the form and the spec's toast in the language.
      await hydrated(page);
      await page.getByTestId('action').click();
      const form = page.getByTestId('enquiry-modal').getByTestId('enquiry-form');
      await form.getByLabel(m.enquiry_phone({}, options)).fill('012-345 6789');
      await form.getByLabel(m.enquiry_description({}, options)).fill('Kelas untuk anak saya, dua kali seminggu.');
      await form.getByLabel(m.enquiry_preferred_date({}, options)).fill(malaysiaToday(Date.now() + 3 * 86_400_000));
      await form.getByRole('button', { name: m.submit_services({}, options) }).click();
      await expect.poll(() => page.getByTestId('toasts').innerText()).toContain(m.api_enquiry_sent({}, options));

      // The switcher, from a filtered search page: the same page and query in the other language.
      await page.goto(`${baseUrl}${prefix}/services/l?where=Selangor&what=${encodeURIComponent(word)}`);
      await hydrated(page);
      const otherPrefix = other === 'en' ? '' : `/${other}`;
      await page.getByTestId('language-switcher-header').locator(`a[data-switch-language="${other}"]`).click();
      await page.waitForURL((url) => url.pathname === `${otherPrefix}/services/l`);
      const landed = new URL(page.url());
      expect(landed.searchParams.get('where')).toBe('Selangor');
      expect(landed.searchParams.get('what')).toBe(word);
      expect(await page.locator('html').getAttribute('lang')).toBe(JOURNEYS.find((journey) => journey.locale === other)!.lang);
      // Signed in, the choice is saved on the account.
      const account = await page.evaluate(async () => (await (await fetch('/api/account')).json()) as { data: { locale: string } });
      expect(account.data.locale).toBe(other);
    });
  }

  it('signs up on /zh/ as a new person would: the code mail is in Chinese, and the account’s language is zh', async () => {
    await page.goto(`${baseUrl}/zh/`);
    const email = await signUp('Tan Mei Ling');
    const mails = messagesTo(outbox, email);
    expect(mails[0]).toContain('您的验证码是');
    const account = await page.evaluate(async () => (await (await fetch('/api/account')).json()) as { data: { locale: string } });
    expect(account.data.locale).toBe('zh');
  });
});

describe('account settings in Malay and Chinese', () => {
  it('shows /zh/me/profile in Chinese, and changes the account’s language (its mail’s) from it', async () => {
    await page.goto(`${baseUrl}/zh/`);
    await signUp('Lim Ah Kow');
    await page.goto(`${baseUrl}/zh/me/profile`);
    await hydrated(page);
    await expect.poll(() => page.getByTestId('account-profile').count()).toBe(1);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('我的账户');
    expect(await page.getByTestId('account-profile').innerText()).toContain('语言');
    await page.getByRole('button', { name: '编辑个人资料' }).click();
    const language = page.getByTestId('account-modal').getByLabel('语言', { exact: true });
    expect(await language.inputValue()).toBe('zh');
    await language.selectOption('ms');
    await page.getByRole('button', { name: '保存个人资料' }).click();
    await expect.poll(() => page.getByTestId('account-modal').count()).toBe(0);
    expect(await page.getByTestId('account-profile').innerText()).toContain('Bahasa Melayu');
    const account = await page.evaluate(async () => (await (await fetch('/api/account')).json()) as { data: { locale: string } });
    expect(account.data.locale).toBe('ms');
    // An enquiry form's own checks speak the page's language before anything is sent.
    await page.goto(`${baseUrl}/ms/services/l`);
    await page.getByTestId('results').locator('.card-title a').first().click();
    await hydrated(page);
    await page.getByTestId('price-box').getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(m.enquiry_name({}, { locale: 'ms' }), { exact: true }).fill('');
    await dialog.getByRole('button', { name: m.submit_services({}, { locale: 'ms' }) }).click();
    await expect.poll(() => dialog.innerText()).toContain('Medan nama diperlukan.');
  });
});

describe('the switcher and the pages in Malay and Chinese', () => {
  for (const path of ['/ms/', '/zh/', '/ms/services/l?where=Selangor', '/zh/services/l']) {
    it(`${path} is axe-clean with the switcher focused, and nothing scrolls sideways at 390 px`, async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${baseUrl}${path}`);
      await hydrated(page);
      await page.getByTestId('language-switcher-header').locator('a').first().focus();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  }

  it('opens a detail page in Malay and Chinese, axe-clean and without sideways scroll at 390 px', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl}/zh/services/l`);
    const href = await page.getByTestId('results').locator('.card-title a').first().getAttribute('href');
    for (const prefix of ['/ms', '/zh']) {
      await page.goto(`${baseUrl}${prefix}${href!.replace(/^\/zh/, '')}`);
      await hydrated(page);
      expect(await page.locator('html').getAttribute('lang')).toBe(prefix === '/ms' ? 'ms-MY' : 'zh-Hans-MY');
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  });
});

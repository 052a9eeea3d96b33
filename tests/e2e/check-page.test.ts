import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe.ts';
import { useBrowserSession } from '../helpers/browser.ts';

/**
 * /pages/check (issue 64) in Chromium: the form and an answer in three languages, at 390 px and 1366 px, with no
 * serious axe violation and nothing scrolling sideways; a check is never cached nor indexed.
 */
const baseUrl = inject('baseUrl');
const session = useBrowserSession();

const WORDS = { '': 'Not confirmed as a scammer\'s', '/ms': 'Tidak disahkan milik penipu', '/zh': '未确认属于骗子' } as const;

describe('check before you pay (issue 64)', () => {
  it('answers in the page\'s language, at 390 px and 1366 px, with axe clean', async () => {
    const page = session.page;
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [prefix, words] of Object.entries(WORDS)) {
        const form = await page.goto(`${baseUrl}${prefix}/pages/check`);
        expect(form!.status()).toBe(200);
        expect(await seriousViolations(page), `${prefix}/pages/check at ${width}`).toEqual([]);
        await page.locator('#check-value').fill('012-345 6789');
        await Promise.all([page.waitForURL(/value=/), page.getByTestId('check-form').locator('button[type="submit"]').click()]);
        const result = page.getByTestId('check-result');
        expect(await result.getAttribute('data-confirmed')).toBe('false');
        expect(await result.innerText()).toContain(words);
        expect(await seriousViolations(page), `${prefix}/pages/check answered at ${width}`).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${prefix} at ${width}`).toBe(0);
      }
    }
  });

  it('keeps a check out of caches and the index, and says why a value cannot be checked', async () => {
    const answer = await fetch(`${baseUrl}/pages/check?value=${encodeURIComponent('5140 1234 5678')}`, { headers: { 'X-Forwarded-For': '192.0.2.90' } });
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(await answer.text()).toContain('name="robots" content="noindex');
    const bad = await fetch(`${baseUrl}/ms/pages/check?value=x`);
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain('Berikan nombor akaun bank');
  });
});

/**
 * The three homes in three languages at a phone's and a laptop's width (issue 63): axe finds nothing (of any impact),
 * and every link of the header is fully visible, none of its text cut (Malay words are longer than English).
 */
import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe.ts';
import { hydrated, useBrowserSession } from '../helpers/browser.ts';

const baseUrl = inject('baseUrl');
const session = useBrowserSession();

describe('the homes in three languages, on a phone and a laptop', () => {
  for (const width of [390, 1366]) {
    it(`at ${width} px: no axe violation, every header link whole and in view`, async () => {
      const { page } = session;
      await page.setViewportSize({ width, height: 900 });
      const found: Record<string, unknown> = {};
      for (const path of ['/', '/ms/', '/zh/']) {
        await page.goto(`${baseUrl}${path}`);
        await hydrated(page);
        const violations = await seriousViolations(page, { all: true });
        if (violations.length > 0) found[`${path} axe`] = violations;
        const cut = await page.evaluate((viewport) => [...document.querySelectorAll<HTMLAnchorElement>('header a')]
          .filter((link) => link.offsetParent !== null)
          .filter((link) => {
            const box = link.getBoundingClientRect();
            return link.scrollWidth > link.clientWidth + 1 || box.left < 0 || box.right > viewport + 1;
          })
          .map((link) => link.textContent?.trim() ?? link.href), width);
        if (cut.length > 0) found[`${path} header`] = cut;
      }
      expect(found).toEqual({});
    });
  }
});

import type { BrowserContext, Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { livePost, livePostWithMedia } from '../fixtures/catalogue.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { hydrated as waitForIslands, useBrowserSession } from '../helpers/browser.ts';

const baseUrl = inject('baseUrl');
const session = useBrowserSession({ hasTouch: true });
let page: Page;
let context: BrowserContext;
beforeEach(() => {
  page = session.page;
  context = session.context;
});

const hydrated = () => waitForIslands(page, { visible: true });

/** A buysell post with at least three photos. */
async function galleryPost(): Promise<string> {
  return (await livePostWithMedia(session, 'buysell', 3)).slug;
}

describe('media viewer', () => {
  it('opens at the chosen photo, moves with keys, wraps at both ends and closes on Escape, giving focus back', async () => {
    await page.goto(`${baseUrl}/buysell/${await galleryPost()}`);
    await page.getByTestId('gallery').scrollIntoViewIfNeeded();
    await hydrated();
    const thumbs = page.getByTestId('gallery').getByRole('link');
    const total = await thumbs.count();
    await thumbs.nth(1).click();
    const viewer = page.getByRole('dialog');
    await expect.poll(() => page.getByTestId('viewer-counter').innerText()).toBe(`2 / ${total}`);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.getByTestId('viewer-counter').innerText()).toBe(`1 / ${total}`);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.getByTestId('viewer-counter').innerText()).toBe(`${total} / ${total}`);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByTestId('viewer-counter').innerText()).toBe(`1 / ${total}`);
    await expect.poll(() => viewer.getByRole('button', { name: 'CLOSE' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => viewer.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Open photo 2 of ${total}`);
  });

  it('moves with swipes, has arrows with several items, traps focus and closes on the backdrop', async () => {
    await page.goto(`${baseUrl}/buysell/${await galleryPost()}`);
    await page.getByTestId('gallery').scrollIntoViewIfNeeded();
    await hydrated();
    await page.getByTestId('gallery').getByRole('link').first().click();
    const viewer = page.getByTestId('media-viewer');
    const swipe = (from: number, to: number) => viewer.evaluate((element, [start, end]) => {
      const touch = (x: number) => new Touch({ identifier: 1, target: element, clientX: x, clientY: 300 });
      element.dispatchEvent(new TouchEvent('touchstart', { bubbles: true, touches: [touch(start!)], changedTouches: [touch(start!)] }));
      element.dispatchEvent(new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [touch(end!)] }));
    }, [from, to]);
    await swipe(600, 300);
    await expect.poll(() => page.getByTestId('viewer-counter').innerText()).toMatch(/^2 \//);
    await swipe(300, 600);
    await expect.poll(() => page.getByTestId('viewer-counter').innerText()).toMatch(/^1 \//);
    await expect.poll(() => viewer.getByRole('button', { name: 'Next' }).isVisible()).toBe(true);
    for (let index = 0; index < 5; index++) await page.keyboard.press('Tab');
    expect(await viewer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await viewer.click({ position: { x: 5, y: 5 } });
    await expect.poll(() => viewer.count()).toBe(0);
  });
});

describe('share', () => {
  it('copies the page link and says so in a toast that fades away', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.clock.install();
    await page.goto(`${baseUrl}/buysell/${await galleryPost()}`);
    await page.getByTestId('share').scrollIntoViewIfNeeded();
    await hydrated();
    await page.getByRole('button', { name: 'Copy link' }).click();
    const toast = page.getByTestId('toasts').getByText('Link copied to clipboard.');
    await toast.waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/buysell\/[a-z0-9-]+$/);
    await page.clock.runFor(5300);
    await expect.poll(() => toast.count()).toBe(0);
  });

  it('links to Facebook, Twitter, LinkedIn and Email with the page address', async () => {
    const slug = await galleryPost();
    await page.goto(`${baseUrl}/buysell/${slug}`);
    const share = page.getByTestId('share');
    for (const name of ['Facebook', 'Twitter', 'LinkedIn', 'Email']) {
      await expect.poll(() => share.getByRole('link', { name }).getAttribute('href')).toContain(encodeURIComponent(`/buysell/${slug}`));
    }
  });
});

describe('report', () => {
  it('keeps Report disabled until a reason and a description are given, then logs it', async () => {
    const post = await livePost(session, 'services', { offset: 2 });
    await page.goto(`${baseUrl}/services/${post.slug}`);
    await hydrated();
    await page.getByTestId('report-open').click();
    const dialog = page.getByRole('dialog', { name: 'Report this listing' });
    const submit = dialog.getByRole('button', { name: 'Report' });
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await dialog.getByLabel('Reason').selectOption('SCAM');
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await dialog.getByLabel('Description').fill('Asked me to pay a deposit before viewing.');
    await expect.poll(() => submit.isDisabled()).toBe(false);
    await expect.poll(() => dialog.getByLabel('Reason').locator('option').allInnerTexts()).toContain('Scam Information');
    await submit.click();
    await page.getByTestId('toasts').getByText('Report Logged!').waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await session.query.selectFrom('reports').select('id').where('post_id', '=', post.id).where('reason', '=', 'SCAM').execute()).toHaveLength(1);
  });
});

describe('advertise page', () => {
  it('defaults to yearly prices, switches to monthly, and passes axe', async () => {
    await page.goto(`${baseUrl}/advertise-on-yp`);
    await page.getByTestId('packages').scrollIntoViewIfNeeded();
    await hydrated();
    const prices = () => page.getByTestId('package-price').allInnerTexts();
    expect(await prices()).toEqual(['RM899 / year', 'RM499 / year', 'RM299 / year', 'RM50 per post']);
    await expect.poll(() => page.getByText('Save 16%').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Monthly' }).click();
    expect(await prices()).toEqual(['RM89 / month', 'RM49 / month', 'RM29 / month', 'RM50 per post']);
    await page.getByText('What are tokens?').click();
    await expect.poll(() => page.getByText(/Tokens pay for extras/).isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

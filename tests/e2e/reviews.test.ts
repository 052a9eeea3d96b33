import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { livePosts } from '../fixtures/catalogue.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { hydrated, useBrowserSession } from '../helpers/browser.ts';
import { loginModal } from '../helpers/login-modal.ts';

const baseUrl = inject('baseUrl');
const outbox = inject('outboxDir');
const session = useBrowserSession();
let page: Page;
beforeEach(() => {
  page = session.page;
});
const { modal, toasts, register, logIn } = loginModal(() => page, outbox);

describe('writing a review (spec §4 Review submission)', () => {
  it('asks to log in, then posts a review with 2 photos that shows first, and the form clears', async () => {
    // Near the end of the list: no other journey reviews it.
    const { slug } = (await livePosts(session, 'services', 10_000)).at(-4)!;
    const email = `review-${Date.now().toString(36)}@example.my`;
    await page.goto(`${baseUrl}/services/${slug}`);
    await page.getByTestId('reviews').scrollIntoViewIfNeeded();
    await hydrated(page);
    await page.getByRole('button', { name: 'Write a review' }).click();
    await expect.poll(() => modal().getAttribute('data-view')).toBe('login');
    await register(email, 'Siew Ling');
    await logIn(email);
    // The click that asked for an account goes on: the form opens.
    const form = page.getByTestId('review-form');
    await expect.poll(() => form.count()).toBe(1);
    const post = form.getByRole('button', { name: 'Post review' });
    expect(await post.isDisabled()).toBe(true);
    // A person taps the fourth star (the label; its radio is visually hidden).
    await form.locator('fieldset label').nth(3).click();
    await expect.poll(() => form.getByLabel('4 out of 5').isChecked()).toBe(true);
    await form.getByLabel('Your review').fill('Came on time and explained everything.');
    const photo = async (colour: string) => ({ name: `${colour}.png`, mimeType: 'image/png',
      buffer: await sharp({ create: { width: 300, height: 200, channels: 3, background: colour } }).png().toBuffer() });
    await form.getByLabel(/^Photos/).setInputFiles([await photo('#c33'), await photo('#3c3'), await photo('#33c')]);
    await expect.poll(() => form.getByTestId('review-images').locator('img').count()).toBe(3);
    expect(await form.getByLabel(/^Photos/).isDisabled()).toBe(true);
    // Clicking a photo removes it.
    await form.getByRole('button', { name: 'Remove photo 3' }).click();
    await expect.poll(() => form.getByTestId('review-images').locator('img').count()).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);
    await post.click();
    await expect.poll(() => toasts().innerText()).toContain('Your review is posted.');
    const first = page.getByTestId('review').first();
    expect(await first.innerText()).toContain('Came on time and explained everything.');
    expect(await first.innerText()).toContain('Siew Ling');
    expect(await first.locator('img').count()).toBe(2);
    // The form is empty again.
    expect(await form.getByLabel('Your review').inputValue()).toBe('');
    expect(await form.getByTestId('review-images').count()).toBe(0);

    // Reloaded, the server's list has it first too, with its photos, and the listing counts it.
    await page.reload();
    const reloaded = page.getByTestId('review').first();
    expect(await reloaded.innerText()).toContain('Came on time and explained everything.');
    expect(await reloaded.locator('img').count()).toBe(2);
  });
});

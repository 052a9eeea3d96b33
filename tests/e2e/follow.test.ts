import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
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

describe('follow hearts (spec §2, §4)', () => {
  it('a signed-out tap on a search card heart asks to log in, then follows; the detail page shows it after a reload; a second tap unfollows', async () => {
    const email = `follow-${Date.now().toString(36)}@example.my`;
    await page.goto(`${baseUrl}/services/l`);
    await hydrated(page);
    const heart = page.locator('[data-testid="search-page"] .card-heart').first();
    const [type, id] = [await heart.getAttribute('data-follow-type'), await heart.getAttribute('data-follow-id')];
    await heart.click();
    await expect.poll(() => modal().getAttribute('data-view')).toBe('login');
    await register(email);
    await logIn(email);
    // The tap that asked for an account goes on once signed in.
    await expect.poll(() => toasts().innerText()).toContain('Followed.');
    const same = page.locator(`.card-heart[data-follow-type="${type}"][data-follow-id="${id}"]`).first();
    await expect.poll(() => same.getAttribute('aria-pressed')).toBe('true');
    expect(await same.getAttribute('aria-label')).toBe('Unfollow');
    const listed = await page.evaluate(() => fetch('/api/follow').then((response) => response.json() as Promise<{ data: { id: number; type: string }[] }>));
    expect(listed.data.map((item) => `${item.type}:${item.id}`)).toContain(`${type}:${id}`);

    const href = await same.locator('xpath=ancestor::article').locator('.card-title a').getAttribute('href');
    await page.goto(`${baseUrl}${href}`);
    await hydrated(page);
    await expect.poll(() => page.getByTestId('follow').getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await hydrated(page);
    await expect.poll(() => page.getByTestId('follow').getAttribute('aria-pressed')).toBe('true');
    await page.getByTestId('follow').click();
    await expect.poll(() => page.getByTestId('follow').getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => toasts().innerText()).toContain('Unfollowed.');

    // Logging out forgets the list: hearts go back to empty.
    await page.getByTestId('user-menu-button').click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('followed'))).toBe('[]');
  });
});

import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import type { MessageView } from '../../src/shared/conversations.ts';
import { livePost, profileAt } from '../fixtures/catalogue.ts';
import { hydrated, useBrowserSession } from '../helpers/browser.ts';
import { signedInOverHttp } from '../helpers/http-session.ts';
import { loginModal } from '../helpers/login-modal.ts';

/**
 * What a new owner and a buyer met on the walk (issue 59), at 390 and 1366 px: Skip to content, the header search on a
 * type's page, the enquiry popup above the header, and the item page's offer that the seller accepts. (An ad on its
 * branch's address: owner-first-hour.test.ts.)
 */
const baseUrl = inject('baseUrl');
const outbox = inject('outboxDir');
const session = useBrowserSession();
let page: Page;
beforeEach(() => {
  page = session.page;
});
const { modal, register, logIn } = loginModal(() => page, outbox);
const WIDTHS = [{ width: 390, height: 844 }, { width: 1366, height: 900 }];
let people = 0;

/** What the browser draws at the middle of `selector`'s box: the element itself or one inside it, not something above it. */
const onTop = (selector: string) => page.evaluate((query) => {
  const element = document.querySelector(query)!;
  const box = element.getBoundingClientRect();
  const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return top !== null && (element === top || element.contains(top));
}, selector);

describe('the walk as a new owner and a buyer', () => {
  for (const viewport of WIDTHS) {
    it(`skips to the content with the first Tab, and searches the type of the page it is on (${viewport.width} px)`, async () => {
      await page.setViewportSize(viewport);
      await page.goto(`${baseUrl}/buysell`);
      await hydrated(page);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
      expect(await skip.isVisible()).toBe(true);
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
      expect(await page.locator('select[name="cat"]').inputValue()).toBe('buysell');
      await page.goto(`${baseUrl}/ms/jobs`);
      await hydrated(page);
      expect(await page.locator('select[name="cat"]').inputValue()).toBe('jobs');
    });

    it(`opens the enquiry popup above the header, its title and close button uncovered (${viewport.width} px)`, async () => {
      await page.setViewportSize(viewport);
      const email = `walker-${Date.now().toString(36)}-${++people}@example.my`;
      await page.goto(`${baseUrl}/`);
      await hydrated(page);
      await page.getByTestId('login-button').click();
      await register(email, 'Walk Visitor');
      await logIn(email);
      await page.goto(`${baseUrl}/${(await profileAt(session, 7)).slug}`);
      await hydrated(page);
      // On a phone the floating bar's button, on a desktop the page's own.
      await page.getByRole('button', { name: 'Enquire Now' }).last().click();
      const dialog = page.getByTestId('enquiry-modal');
      await dialog.waitFor();
      expect(await onTop('[data-testid="enquiry-modal"] h2')).toBe(true);
      expect(await onTop('[data-testid="enquiry-modal"] button[aria-label]')).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
    });
  }

  it('moves focus to the list with the map\'s Skip map link', async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${baseUrl}/services/l?view=map`);
    await hydrated(page);
    const skip = page.getByRole('link', { name: 'Skip map' });
    await skip.focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-results');
  });

  for (const [index, viewport] of WIDTHS.entries()) {
    it(`makes an offer from the item page that the seller accepts in their conversation (${viewport.width} px)`, async () => {
      await page.setViewportSize(viewport);
      const seller = await signedInOverHttp(baseUrl, outbox, `seller-${Date.now().toString(36)}-${index}@example.my`);
      const sellerId = (await seller.get('/api/user')).body.id as number;
      const item = await livePost(session, 'buysell', { offset: 91 + index });
      await session.query.updateTable('profiles').set({ owner_user_id: sellerId }).where('id', '=', item.row.profile_id).execute();
      await page.goto(`${baseUrl}/buysell/${item.slug}`);
      await hydrated(page);
      await page.getByTestId('action').click();
      await expect.poll(() => modal().getAttribute('data-view')).toBe('login');
      const buyer = `buyer-${Date.now().toString(36)}-${index}@example.my`;
      await register(buyer, 'Walk Buyer');
      await logIn(buyer);
      const form = page.getByTestId('enquiry-modal').getByTestId('enquiry-form');
      await form.waitFor();
      await form.getByLabel('Phone number').fill('0135556666');
      await form.getByLabel('Quantity').fill('1');
      await form.getByLabel('Offered price (RM)').fill('275');
      await form.getByLabel('Deal method').selectOption('cod');
      await form.getByRole('button', { name: 'Make Offer' }).click();
      await expect.poll(async () => ((await seller.get('/api/conversations?role=owner')).body.data as { with: string }[]).some((item) => item.with === 'Walk Buyer')).toBe(true);
      const conversation = ((await seller.get('/api/conversations?role=owner')).body.data as { id: number; with: string }[]).find((item) => item.with === 'Walk Buyer')!;
      const thread = (await seller.get(`/api/conversations/${conversation.id}`)).body.data as { messages: MessageView[] };
      const offer = thread.messages.find((message) => message.kind === 'offer')!.offer!;
      expect(offer).toMatchObject({ offered_price: 275, status: 'open' });
      expect((await seller.post(`/api/conversations/offers/${offer.id}/accept`, {})).status).toBe(200);
    });
  }
});

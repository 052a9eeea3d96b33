import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import type { ListingType } from '../../src/shared/constants.ts';
import { livePost, profileAt } from '../fixtures/catalogue.ts';
import { hydrated, useBrowserSession } from '../helpers/browser.ts';
import { loginModal } from '../helpers/login-modal.ts';

/**
 * A phone 390 px wide (security probe item 20): no page scrolls sideways, signed in or out, and every
 * modal fits when open. Rows of tabs that scroll inside themselves are fine: only the page's own width counts.
 * Later issues add their new pages here.
 */
const baseUrl = inject('baseUrl');
const outbox = inject('outboxDir');
const PHONE = { width: 390, height: 844 };
const session = useBrowserSession({ viewport: PHONE, isMobile: true, hasTouch: true });
let page: Page;
beforeEach(() => {
  page = session.page;
});
const { modal, register, logIn } = loginModal(() => page, outbox);

const slugOf = async (type: ListingType) => (await livePost(session, type, { offset: 3 })).slug;
const profileSlug = async () => (await profileAt(session, 3)).slug;

/** The public pages, one of each type. */
const publicPages = async () => [
  '/', '/services', '/services/l', '/jobs/l?what=manager', '/hireme/l', '/buysell/l/', `/services/${await slugOf('services')}`, `/jobs/${await slugOf('jobs')}`,
  `/hireme/${await slugOf('hireme')}`, `/buysell/${await slugOf('buysell')}`, `/${await profileSlug()}`, '/pages/contact-us', '/appeal', '/pages/about-us', '/advertise-on-yp',
  '/specializations/services', '/offline', '/no-such-page-here',
];

/** How far the page is wider than the screen (0 when it does not scroll sideways). */
async function sidewaysOverflow(): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

async function expectFits(path: string): Promise<void> {
  await page.goto(baseUrl + path);
  await hydrated(page);
  expect([path, await sidewaysOverflow()]).toEqual([path, 0]);
}

/** The open modal lies within the screen. */
async function expectModalFits(label: string, dialog: Locator): Promise<void> {
  await dialog.waitFor();
  const box = await dialog.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { left: Math.round(rect.left), right: Math.round(rect.right), width: Math.round(rect.width) };
  });
  expect([label, box.left >= 0 && box.right <= PHONE.width, await sidewaysOverflow()]).toEqual([label, true, 0]);
}

describe('390 px wide phones (security probe item 20)', () => {
  it('signed out: no page scrolls sideways, and the login and report dialogs fit', async () => {
    for (const path of await publicPages()) await expectFits(path);
    await expectFits(`/services/${await slugOf('services')}`);
    await page.getByTestId('report-open').click();
    await expectModalFits('report', page.getByRole('dialog', { name: 'Report this listing' }));
    await page.keyboard.press('Escape');
    await page.goto(`${baseUrl}/me/profile`);
    await hydrated(page);
    await expectModalFits('login', modal());
    // The advertiser site's pages (issue 25) open the login modal too; signed in, tests/e2e/advertiser.test.ts checks them.
    for (const path of ['/advertiser', '/advertiser/posts/new', '/advertiser/profiles/new', '/advertiser/subscribe?package=GOLD']) {
      await page.goto(baseUrl + path);
      await hydrated(page);
      await expectModalFits(path, modal());
    }
  });

  it('signed in: My area, the profile page and its edit modal, and the enquiry modal fit', async () => {
    const email = `narrow-${Date.now().toString(36)}@example.my`;
    await page.goto(`${baseUrl}/me/profile`);
    await hydrated(page);
    await expect.poll(() => modal().getAttribute('data-view')).toBe('login');
    await register(email, 'Nurul Ain binti Abdullah Rahman');
    await logIn(email);
    await expect.poll(() => page.getByTestId('account-profile').count()).toBe(1);
    expect(['/me/profile', await sidewaysOverflow()]).toEqual(['/me/profile', 0]);
    await page.getByTestId('account-profile').getByRole('button', { name: 'Edit Profile', exact: true }).click();
    await expectModalFits('account edit', page.getByTestId('account-modal'));
    for (const path of ['/me/enquire', '/me/job_application', '/me/following', ...(await publicPages()).slice(0, 4)]) await expectFits(path);
    // Saving a search (issue 29): its dialog, then the Saved searches tab with a long-named row.
    await expectFits('/jobs/l?what=manager&where=Kuala%20Lumpur&job_type=FT,PT&sort=newest');
    await page.getByTestId('save-search').click();
    await expectModalFits('save search', page.getByTestId('save-search-dialog'));
    await page.getByTestId('save-search-dialog').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('save-search-dialog').count()).toBe(0);
    await expectFits('/me/saved-searches');
    await expect.poll(() => page.getByTestId('saved-search').count()).toBe(1);
    expect(['/me/saved-searches', await sidewaysOverflow()]).toEqual(['/me/saved-searches', 0]);
    await expectFits(`/services/${await slugOf('services')}`);
    await page.getByTestId('action').click();
    await expectModalFits('enquiry', page.getByTestId('enquiry-modal'));
  });
});

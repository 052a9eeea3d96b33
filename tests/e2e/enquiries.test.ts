import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import type { ListingType } from '../../src/shared/constants.ts';
import { malaysiaToday } from '../../src/shared/malaysia-time.ts';
import { livePost, livePosts, type LivePost } from '../fixtures/catalogue.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { hydrated, useBrowserSession } from '../helpers/browser.ts';
import { loginModal } from '../helpers/login-modal.ts';
import { scaled } from '../helpers/time-factor.ts';

const baseUrl = inject('baseUrl');
const outbox = inject('outboxDir');
const session = useBrowserSession();
let page: Page;
beforeEach(() => {
  page = session.page;
});
const { modal, toasts, register, logIn } = loginModal(() => page, outbox);
const enquiry = () => page.getByTestId('enquiry-modal');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
let people = 0;

/** The `offset`-th live post of a type that `matches` accepts (offsets past the ones other journeys use). */
async function slugOf(type: ListingType, offset: number, matches: (post: LivePost) => boolean = () => true): Promise<string> {
  return (await livePost(session, type, { offset, matches })).slug;
}

/** Opens a detail page signed out, taps its action button, and signs up and in through the login prompt; the enquiry modal then opens by itself. */
async function signInFromAction(path: string, name: string) {
  await page.goto(`${baseUrl}${path}`);
  await hydrated(page);
  await page.getByTestId('action').click();
  await expect.poll(() => modal().getAttribute('data-view')).toBe('login');
  const email = `enquirer-${Date.now().toString(36)}-${++people}@example.my`;
  await register(email, name);
  await logIn(email);
  await expect.poll(() => enquiry().count()).toBe(1);
  return email;
}

describe('enquiries (spec §2 Enquiry modal, My area, Enquiry view)', () => {
  it('signed out → Enquire Now → sign in → the modal → enquiry sent → My area → the enquiry view', async () => {
    const slug = await slugOf('services', 107);
    await signInFromAction(`/services/${slug}`, 'Farah Aziz');
    const form = enquiry().getByTestId('enquiry-form');
    expect(await enquiry().getAttribute('data-view')).toBe('services');
    // Pre-filled from the account (spec §5).
    expect(await form.getByLabel('Name').inputValue()).toBe('Farah Aziz');
    expect(await form.getByLabel(/^Email/).inputValue()).toMatch(/^enquirer-/);
    expect(await seriousViolations(page)).toEqual([]);

    // Checked in the browser with the API's schema: nothing is sent, the messages show under the fields.
    await form.getByRole('button', { name: 'Enquire Now' }).click();
    await expect.poll(() => form.getByText('Description is required.').count()).toBe(1);
    expect(await form.getByText('Phone number is required.').count()).toBe(1);
    await form.getByLabel('Preferred date').fill('2020-01-01');
    await form.getByRole('button', { name: 'Enquire Now' }).click();
    await expect.poll(() => form.getByText('The preferred date cannot be before today.').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    await form.getByLabel('Phone number').fill('012-345 6789');
    await form.getByLabel('Preferred contact method').selectOption('whatsapp');
    await form.getByLabel('Description').fill('Leaking pipe under the kitchen sink.');
    await form.getByLabel('Preferred date').fill(malaysiaToday(Date.now() + 2 * 86_400_000));
    const photo = async (colour: string) => ({ name: `${colour}.png`, mimeType: 'image/png',
      buffer: await sharp({ create: { width: 300, height: 200, channels: 3, background: colour } }).png().toBuffer() });
    await form.getByLabel(/^Photos/).setInputFiles([await photo('#c33'), await photo('#3c3')]);
    await expect.poll(() => form.getByTestId('enquiry-images').locator('img').count()).toBe(2);
    await form.getByRole('button', { name: 'Remove photo 2' }).click();
    await expect.poll(() => form.getByTestId('enquiry-images').locator('img').count()).toBe(1);
    await form.getByRole('button', { name: 'Enquire Now' }).click();
    await expect.poll(() => toasts().innerText()).toContain('Enquiry Submitted, check your Dashboard.');
    await expect.poll(() => enquiry().count()).toBe(0);

    // My area: an empty tab says so in the spec's words; the enquiry is listed as Pending.
    await page.goto(`${baseUrl}/me/job_application`);
    await expect.poll(() => page.getByTestId('my-area-empty').innerText()).toBe('You dont have any Job Applications.');
    await page.goto(`${baseUrl}/me/enquire`);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    const item = page.getByTestId('my-item').first();
    await expect.poll(() => item.innerText()).toContain('Pending');
    expect(await page.getByTestId('my-area-tabs').getByRole('link', { name: 'Enquires/Booking' }).getAttribute('aria-current')).toBe('page');
    expect(await seriousViolations(page)).toEqual([]);
    await item.click();
    const view = page.getByTestId('enquiry-view');
    await expect.poll(() => view.count()).toBe(1);
    const text = await view.innerText();
    for (const expected of ['Farah Aziz', '012-345 6789', 'WhatsApp', 'Leaking pipe under the kitchen sink.', 'Pending']) expect(text).toContain(expected);
    expect(await view.getByRole('list', { name: 'Photos' }).locator('img').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    // Somebody else's enquiry is not found.
    const first = await session.query.selectFrom('enquiries').select('id').where('kind', '=', 'services').orderBy('id').limit(1).executeTakeFirst();
    const others = first?.id ?? 0;
    const mine = Number(page.url().split('/').pop());
    await page.goto(`${baseUrl}/me/services/${others === mine ? mine + 100_000 : others}`);
    await expect.poll(() => page.getByTestId('not-found').count()).toBe(1);
  });

  it('applies for a job with a CV', async () => {
    const slug = await slugOf('jobs', 12, ({ row }) => row.job_resume_required === true && row.job_confidential === false);
    await signInFromAction(`/jobs/${slug}`, 'Daniel Wong');
    const form = enquiry().getByTestId('enquiry-form');
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByLabel('Phone number').fill('0129876543');
    await form.getByLabel('English').check();
    await form.getByLabel('Malay').check();
    await form.getByLabel('Education').selectOption('degree');
    await form.getByLabel('Experience (years)').fill('3');
    await form.getByLabel('Expected salary (RM)').fill('4800');
    // The job needs a CV: without one the form says so.
    await form.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => form.getByText('The cv field is required.').count()).toBe(1);
    await form.getByLabel(/^Upload your CV/).setInputFiles({ name: 'Daniel Wong CV.pdf', mimeType: 'application/pdf', buffer: PDF });
    await form.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => toasts().innerText()).toContain('Application Submitted, check your Dashboard.');
    await expect.poll(() => enquiry().count()).toBe(0);
    await page.goto(`${baseUrl}/me/job_application`);
    await page.getByTestId('my-item').first().click();
    const view = page.getByTestId('enquiry-view');
    await expect.poll(() => view.count()).toBe(1);
    expect(await view.innerText()).toContain('English, Malay');
    expect(await view.getByRole('link', { name: 'Daniel Wong CV.pdf' }).count()).toBe(1);
  });

  it('sends a hire offer with a document', async () => {
    await signInFromAction(`/hireme/${await slugOf('hireme', 33)}`, 'Kumar Raj');
    const form = enquiry().getByTestId('enquiry-form');
    expect(await enquiry().getAttribute('data-view')).toBe('hireme');
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByLabel('Phone number').fill('0171112222');
    await form.getByLabel('Hirer').fill('Kumar Catering');
    await form.getByLabel('Offer', { exact: true }).fill('RM 120 a day for 5 days of event work');
    await form.getByLabel(/^Document/).setInputFiles({ name: 'job-scope.pdf', mimeType: 'application/pdf', buffer: PDF });
    await form.getByRole('button', { name: 'Hire' }).click();
    await expect.poll(() => toasts().innerText()).toContain('Offer Submitted, check your Dashboard.');
    await page.goto(`${baseUrl}/me/job_offer`);
    await expect.poll(() => page.getByTestId('my-item').count()).toBe(1);
    await page.getByTestId('my-item').click();
    await expect.poll(() => page.getByTestId('enquiry-view').count()).toBe(1);
    expect(await page.getByTestId('enquiry-view').innerText()).toContain('Kumar Catering');
    expect(await page.getByRole('link', { name: 'job-scope.pdf' }).count()).toBe(1);
  });

  it('makes a buy & sell offer', async () => {
    await signInFromAction(`/buysell/${await slugOf('buysell', 55)}`, 'Mei Ling');
    const form = enquiry().getByTestId('enquiry-form');
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByLabel('Phone number').fill('0135556666');
    await form.getByLabel('Quantity').fill('2');
    await form.getByLabel('Offered price (RM)').fill('350');
    await form.getByLabel('Deal method').selectOption('self-pickup');
    await form.getByRole('button', { name: 'Make Offer' }).click();
    await expect.poll(() => toasts().innerText()).toContain('Offer Submitted, check your Dashboard.');
    await page.goto(`${baseUrl}/me/buysell_offers`);
    await expect.poll(() => page.getByTestId('my-item').count()).toBe(1);
    await page.getByTestId('my-item').click();
    await expect.poll(() => page.getByTestId('enquiry-view').count()).toBe(1);
    const text = await page.getByTestId('enquiry-view').innerText();
    expect(text).toContain('RM 350');
    expect(text).toContain('Self Pick-up');
  });

  it('follows from a search card and finds it under Following, and the detail heart after a reload', async () => {
    await page.goto(`${baseUrl}/buysell/l`);
    await hydrated(page);
    const heart = page.locator('[data-testid="search-page"] .card-heart').nth(2);
    const href = await heart.locator('xpath=ancestor::article').locator('.card-title a').getAttribute('href');
    const title = (await heart.locator('xpath=ancestor::article').locator('.card-title').innerText()).trim();
    await heart.click();
    await expect.poll(() => modal().getAttribute('data-view')).toBe('login');
    const email = `following-${Date.now().toString(36)}@example.my`;
    await register(email, 'Hui Min');
    await logIn(email);
    await expect.poll(() => toasts().innerText()).toContain('Followed.');
    await page.goto(`${baseUrl}/me/following`);
    const item = page.getByTestId('my-item').first();
    await expect.poll(() => item.innerText()).toContain(title);
    expect(await item.getAttribute('href')).toBe(href);
    expect(await seriousViolations(page)).toEqual([]);
    await item.click();
    await page.reload();
    await hydrated(page);
    await expect.poll(() => page.getByTestId('follow').getAttribute('aria-pressed')).toBe('true');
  });

  it('pages a long Following list with Show more', async () => {
    await page.goto(`${baseUrl}/buysell/l`);
    await hydrated(page);
    await page.getByTestId('login-button').click();
    await expect.poll(() => modal().getAttribute('data-view'), { timeout: scaled(10_000) }).toBe('login');
    const email = `long-list-${Date.now().toString(36)}@example.my`;
    await register(email, 'Azlan');
    await logIn(email);
    const ids = (await livePosts(session, 'jobs', 51)).map((post) => post.id);
    // Following 51 posts, as 51 taps on hearts would.
    const statuses = await page.evaluate(async (postIds) => {
      await fetch('/api/sanctum/csrf-cookie');
      const token = decodeURIComponent(document.cookie.split('; ').find((entry) => entry.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length));
      const answers = [];
      for (const id of postIds) {
        answers.push((await fetch('/api/follow', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': token }, body: JSON.stringify({ type: 'jobs', id }) })).status);
      }
      return answers;
    }, ids);
    expect(new Set(statuses)).toEqual(new Set([200]));
    await page.goto(`${baseUrl}/me/following`);
    await expect.poll(() => page.getByTestId('my-item').count()).toBe(50);
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => page.getByTestId('my-item').count()).toBe(51);
    expect(await page.getByRole('button', { name: 'Show more' }).count()).toBe(0);
  });

  it('asks a signed-out visitor of My area to log in', async () => {
    await page.goto(`${baseUrl}/me/enquire`);
    // The login modal hydrates when the page is idle, then loads its views.
    await expect.poll(() => modal().getAttribute('data-view'), { timeout: scaled(10_000) }).toBe('login');
    expect(await page.getByTestId('my-area-signed-out').count()).toBe(1);
    expect((await page.request.get(`${baseUrl}/me/nothing`)).status()).toBe(404);
  });
});

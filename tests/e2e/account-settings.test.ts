import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe.ts';
import { hydrated, useBrowserSession } from '../helpers/browser.ts';
import { loginModal } from '../helpers/login-modal.ts';
import { codeAfter } from '../helpers/session-client.ts';
import { scaled } from '../helpers/time-factor.ts';

const baseUrl = inject('baseUrl');
const outbox = inject('outboxDir');
const session = useBrowserSession();
let page: Page;
beforeEach(() => {
  page = session.page;
});
const { modal, toasts, register, logIn } = loginModal(() => page, outbox);
const dialog = () => page.getByTestId('account-modal');
const profile = () => page.getByTestId('account-profile');

async function expectNoViolations(label: string) {
  expect(await seriousViolations(page), label).toEqual([]);
}

/** Opens an edit modal by its button and checks it with axe. */
async function openEdit(button: string, view: string) {
  await profile().getByRole('button', { name: button, exact: true }).click();
  await expect.poll(() => dialog().getAttribute('data-view')).toBe(view);
  await expectNoViolations(`${view} modal`);
}

describe('account settings, /me/profile (spec §2)', () => {
  it('asks a signed-out visitor to log in and then edits every section, photo, CV, e-mail, phone, and asks for deletion', async () => {
    const email = `settings-${Date.now().toString(36)}@example.my`;
    const response = await page.goto(`${baseUrl}/me/profile`);
    expect(response!.headers()['cache-control']).toBe('private, no-store');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);
    await hydrated(page);
    await expect.poll(() => modal().getAttribute('data-view')).toBe('login');
    await register(email);
    await logIn(email);
    // Back on the same page, now with the account.
    expect(new URL(page.url()).pathname).toBe('/me/profile');
    await expect.poll(() => profile().count()).toBe(1);
    expect(await profile().innerText()).toContain(email);
    await expectNoViolations('the account page');

    await openEdit('Edit Profile', 'edit');
    await dialog().getByLabel('Name').fill('Nurul Huda Sdn Bhd');
    await dialog().getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => dialog().innerText()).toContain('Name contains sensitive keyword.');
    await dialog().getByLabel('Name').fill('Nurul Huda Ismail');
    await dialog().getByLabel('Gender').selectOption('f');
    await dialog().getByLabel('Date of birth').fill('1992-08-31');
    await dialog().getByLabel('Address line 1').fill('8 Lorong Damai');
    await dialog().getByLabel('Postcode').fill('4300');
    await dialog().getByLabel('City').fill('Kajang');
    await dialog().getByLabel('State').selectOption({ label: 'Selangor' });
    await dialog().getByLabel('Country').selectOption({ label: 'Malaysia' });
    await dialog().getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => dialog().innerText()).toContain('The postcode must be 5 digits.');
    await dialog().getByLabel('Postcode').fill('43000');
    await dialog().getByRole('button', { name: 'Save profile' }).click();
    await expect.poll(() => dialog().count()).toBe(0);
    const details = await profile().innerText();
    for (const text of ['Nurul Huda Ismail', 'Female', '1992-08-31', '8 Lorong Damai, 43000 Kajang, Selangor, Malaysia']) expect(details).toContain(text);
    // Focus returns to the button that opened the modal.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Edit Profile');

    await openEdit('Edit Resume', 'resume');
    await dialog().getByLabel('Education').selectOption('diploma');
    await dialog().getByLabel('Experience (years)').fill('4');
    await dialog().getByLabel('Expected salary (RM)').fill('3500');
    await dialog().getByLabel('English').check();
    await dialog().getByLabel('Malay').check();
    await dialog().getByLabel(/^CV/).setInputFiles({ name: 'Nurul CV.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await expect.poll(() => profile().innerText()).toContain('Nurul CV.pdf');
    // The CV upload saved the account and closed the modal; the other resume fields are saved next.
    await openEdit('Edit Resume', 'resume');
    await dialog().getByLabel('Education').selectOption('diploma');
    await dialog().getByLabel('Experience (years)').fill('4');
    await dialog().getByLabel('Expected salary (RM)').fill('3500');
    await dialog().getByLabel('English').check();
    await dialog().getByRole('button', { name: 'Save resume' }).click();
    await expect.poll(() => dialog().count()).toBe(0);
    const resume = await profile().innerText();
    for (const text of ['Diploma', '4 years', 'RM 3,500 per month', 'English']) expect(resume).toContain(text);
    const cv = await page.evaluate(() => fetch('/api/account/cv').then((answer) => answer.headers.get('Content-Disposition')));
    expect(cv).toContain('attachment');

    const png = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#2a6' } }).png().toBuffer();
    await page.getByTestId('photo-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => page.getByTestId('account-photo').count()).toBe(1);
    // The header shows the new photo too.
    await expect.poll(() => page.getByTestId('user-menu-button').locator('img').count()).toBe(1);
    expect(await page.getByTestId('user-menu-button').locator('img').getAttribute('src')).toMatch(/^\/media\/uploads\/.+\.webp$/);

    const newEmail = `renamed-${email}`;
    await openEdit('Edit Email', 'editEmail');
    await dialog().getByLabel('New email').fill(newEmail);
    const emailCode = await codeAfter(outbox, newEmail, () => dialog().getByRole('button', { name: 'Get Code' }).click());
    await expect.poll(() => toasts().innerText()).toContain('verification code has been sent');
    await dialog().getByLabel('Verification code').fill(emailCode);
    await dialog().getByRole('button', { name: 'Save email' }).click();
    await expect.poll(() => dialog().count()).toBe(0);
    expect(await profile().innerText()).toContain(newEmail);

    await openEdit('Edit Phone Number', 'editPhone');
    await dialog().getByLabel('Phone number').fill('012-777 4321');
    const smsCode = await codeAfter(outbox, '60127774321', () => dialog().getByRole('button', { name: 'Get Code' }).click());
    await dialog().getByLabel('Verification code').fill(smsCode);
    await dialog().getByRole('button', { name: 'Save phone number' }).click();
    await expect.poll(() => dialog().count()).toBe(0);
    expect(await profile().innerText()).toContain('+60 127774321');

    await profile().getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => modal().getAttribute('data-view')).toBe('change_password');
    await page.keyboard.press('Escape');

    await openEdit('Delete Account', 'delete');
    await dialog().getByRole('button', { name: 'Delete my account' }).click();
    await expect.poll(() => page.getByTestId('pending-delete').count()).toBe(1);
    expect(await profile().getByRole('button', { name: 'Delete Account' }).isDisabled()).toBe(true);
    await expectNoViolations('the account page, deletion pending');
    await page.getByRole('button', { name: 'Cancel deletion' }).click();
    await expect.poll(() => page.getByTestId('pending-delete').count()).toBe(0);
  }, scaled(120_000));
});

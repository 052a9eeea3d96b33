import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { codeAfter } from './session-client.ts';

export const E2E_PASSWORD = 'nasi lemak 2026 pedas';

/** Drives the login modal (spec §4) as a person does, reading codes from the server's outbox. */
export function loginModal(page: () => Page, outbox: string) {
  const modal = () => page().getByTestId('login-modal');
  const toasts = () => page().getByTestId('toasts');

  /** From the login view: registers by e-mail; the modal is back at login afterwards. 'Get Code' waits for a valid address. */
  async function register(email: string, name = 'Nurul Huda') {
    await modal().getByRole('button', { name: 'Register' }).click();
    await expect.poll(() => modal().getAttribute('data-view')).toBe('register');
    const getCode = modal().getByRole('button', { name: 'Get Code' });
    await modal().getByLabel('Name').fill(name);
    await modal().getByLabel('Email', { exact: true }).fill('not-yet');
    expect(await getCode.isDisabled()).toBe(true);
    await modal().getByLabel('Email', { exact: true }).fill(email);
    const code = await codeAfter(outbox, email, () => getCode.click());
    await expect.poll(() => toasts().innerText()).toContain('verification code has been sent');
    await modal().getByLabel('Verification code', { exact: true }).fill(code);
    await modal().getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await modal().getByLabel('Confirm password').fill(E2E_PASSWORD);
    await modal().getByRole('button', { name: 'Register' }).first().click();
    await expect.poll(() => modal().getAttribute('data-view')).toBe('login');
  }

  /**
   * From the login view: logs in through both steps. The modal closes, unless an action goes on in it
   * (`then`: the view it goes to); `atTwoFa` runs while the code is asked for; `leaves`: the page goes elsewhere once
   * signed in (a remembered action goes on), so the header is not waited for.
   */
  async function logIn(email: string, password = E2E_PASSWORD, options: { then?: string; atTwoFa?: () => Promise<void>; leaves?: boolean } = {}) {
    await modal().getByLabel('Email', { exact: true }).fill(email);
    await modal().getByLabel('Password').fill(password);
    // The code mail leaves just after the answer: wait for it in the outbox, as a person waits for it.
    const code = await codeAfter(outbox, email, () => modal().getByRole('button', { name: 'Log in' }).click(), 20_000);
    await expect.poll(() => modal().getAttribute('data-view')).toBe('twoFa');
    await options.atTwoFa?.();
    await modal().getByLabel('Verification code', { exact: true }).fill(code);
    await modal().getByRole('button', { name: 'Verify' }).click();
    if (options.leaves) return;
    if (options.then) await expect.poll(() => modal().getAttribute('data-view')).toBe(options.then);
    else await expect.poll(() => modal().count()).toBe(0);
    await expect.poll(() => page().getByTestId('user-menu-button').count()).toBe(1);
  }

  return { modal, toasts, register, logIn };
}

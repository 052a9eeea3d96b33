import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { latestCode } from './session-client.ts';

export const E2E_PASSWORD = 'nasi lemak 2026 pedas';

/** Drives the login modal (spec §4) as a person does, reading codes from the server's outbox. */
export function loginModal(page: () => Page, outbox: string) {
  const modal = () => page().getByTestId('login-modal');
  const toasts = () => page().getByTestId('toasts');

  /** From the login view: registers by e-mail; the modal is back at login afterwards. */
  async function register(email: string, name = 'Nurul Huda') {
    await modal().getByRole('button', { name: 'Register' }).click();
    await expect.poll(() => modal().getAttribute('data-view')).toBe('register');
    await modal().getByLabel('Name').fill(name);
    await modal().getByLabel('Email', { exact: true }).fill(email);
    await modal().getByRole('button', { name: 'Get Code' }).click();
    await expect.poll(() => toasts().innerText()).toContain('verification code has been sent');
    await modal().getByLabel('Verification code', { exact: true }).fill(latestCode(outbox, email));
    await modal().getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await modal().getByLabel('Confirm password').fill(E2E_PASSWORD);
    await modal().getByRole('button', { name: 'Register' }).first().click();
    await expect.poll(() => modal().getAttribute('data-view')).toBe('login');
  }

  /** From the login view: logs in through both steps; the modal closes. */
  async function logIn(email: string, password = E2E_PASSWORD) {
    await modal().getByLabel('Email', { exact: true }).fill(email);
    await modal().getByLabel('Password').fill(password);
    await modal().getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => modal().getAttribute('data-view')).toBe('twoFa');
    await modal().getByLabel('Verification code', { exact: true }).fill(latestCode(outbox, email));
    await modal().getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => modal().count()).toBe(0);
    await expect.poll(() => page().getByTestId('user-menu-button').count()).toBe(1);
  }

  return { modal, toasts, register, logIn };
}

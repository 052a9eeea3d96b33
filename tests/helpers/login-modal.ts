import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { codeAfter } from './session-client.ts';
import * as m from '../../src/paraglide/messages.js';
import type { Locale } from '../../src/shared/locale.ts';

export const E2E_PASSWORD = 'nasi lemak 2026 pedas';

/** Drives the login modal (spec §4) as a person does, reading codes from the server's outbox. */
export function loginModal(page: () => Page, outbox: string) {
  const modal = () => page().getByTestId('login-modal');
  const toasts = () => page().getByTestId('toasts');
  /** The modal's words in the page's language (issue 42), as a person reading it sees them. */
  async function words() {
    const lang = await page().evaluate(() => document.documentElement.lang);
    const options = { locale: (lang.startsWith('ms') ? 'ms' : lang.startsWith('zh') ? 'zh' : 'en') as Locale };
    return {
      register: m.login_register({}, options), getCode: m.login_get_code({}, options), name: m.login_name({}, options), email: m.form_email({}, options),
      code: m.login_code({}, options), password: m.login_password({}, options), confirm: m.login_confirm_password({}, options),
      logIn: m.login_submit({}, options), verify: m.login_verify({}, options),
      // The toast after Get Code, in the page's language (issue 63: the API words it so), up to the address it names.
      codeSent: m.api_code_sent_to({ contact: '\u0000' }, options).split('\u0000')[0]!.trim(),
    };
  }

  /** From the login view: registers by e-mail; the modal is back at login afterwards. 'Get Code' waits for a valid address. */
  async function register(email: string, name = 'Nurul Huda') {
    const word = await words();
    await modal().getByRole('button', { name: word.register }).click();
    await expect.poll(() => modal().getAttribute('data-view')).toBe('register');
    const getCode = modal().getByRole('button', { name: word.getCode, exact: true });
    await modal().getByLabel(word.name).fill(name);
    await modal().getByLabel(word.email, { exact: true }).fill('not-yet');
    expect(await getCode.isDisabled()).toBe(true);
    await modal().getByLabel(word.email, { exact: true }).fill(email);
    const code = await codeAfter(outbox, email, () => getCode.click());
    await expect.poll(() => toasts().innerText()).toContain(word.codeSent);
    await modal().getByLabel(word.code, { exact: true }).fill(code);
    await modal().getByLabel(word.password, { exact: true }).fill(E2E_PASSWORD);
    await modal().getByLabel(word.confirm).fill(E2E_PASSWORD);
    await modal().getByRole('button', { name: word.register }).first().click();
    await expect.poll(() => modal().getAttribute('data-view')).toBe('login');
  }

  /**
   * From the login view: logs in through both steps. The modal closes, unless an action goes on in it
   * (`then`: the view it goes to); `atTwoFa` runs while the code is asked for; `leaves`: the page goes elsewhere once
   * signed in (a remembered action goes on), so the header is not waited for.
   */
  async function logIn(email: string, password = E2E_PASSWORD, options: { then?: string; atTwoFa?: () => Promise<void>; leaves?: boolean } = {}) {
    const word = await words();
    await modal().getByLabel(word.email, { exact: true }).fill(email);
    await modal().getByLabel(word.password).fill(password);
    // The code mail leaves just after the answer: wait for it in the outbox, as a person waits for it.
    const code = await codeAfter(outbox, email, () => modal().getByRole('button', { name: word.logIn, exact: true }).click(), 20_000);
    await expect.poll(() => modal().getAttribute('data-view')).toBe('twoFa');
    await options.atTwoFa?.();
    await modal().getByLabel(word.code, { exact: true }).fill(code);
    await modal().getByRole('button', { name: word.verify, exact: true }).click();
    if (options.leaves) return;
    if (options.then) await expect.poll(() => modal().getAttribute('data-view')).toBe(options.then);
    else await expect.poll(() => modal().count()).toBe(0);
    await expect.poll(() => page().getByTestId('user-menu-button').count()).toBe(1);
  }

  return { modal, toasts, register, logIn };
}

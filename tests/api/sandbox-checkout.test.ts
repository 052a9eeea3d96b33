import { describe, expect, it } from 'vitest';
import { chooseReactProductionBuild, loadConfig } from '../../src/server/config.ts';
import { useAccountsApp } from '../helpers/accounts.ts';
import { advertiserHelpers } from '../helpers/advertisers.ts';
import type { SessionClient } from '../helpers/session-client.ts';

/**
 * The local sandbox checkout (issue 40): with no Billplz settings and a non-https SITE_URL, the app serves a checkout
 * of its own (a bank choice, Pay and Fail) whose signed callback takes the same route Billplz's does, so a plan is
 * bought and paid in one sitting on a newcomer's machine. It refuses production settings.
 */
const accounts = useAccountsApp('sandbox-checkout');
const { copy, api } = accounts;
const { advertiser, claimBusiness } = advertiserHelpers(accounts, 'sandbox-payer');
const skip = new Set<number>();

interface Invoice { id: number; number: string; status: string; total_sen: number; payment: { providers: string[] } | null }

async function planInvoice(owner: SessionClient) {
  const business = await claimBusiness(owner, skip);
  const bought = await owner.post('/api/advertiser/subscriptions', { profile_id: business.id, plan: 'SILVER', period: 'monthly' });
  expect(bought.status, JSON.stringify(bought.body)).toBe(201);
  return { business, invoice: (bought.body.data as { invoice: Invoice }).invoice };
}

/** The buyer's browser at the sandbox: the page, then a press of Pay or Fail (a same-site form POST). */
async function checkout(owner: SessionClient, invoice: Invoice, action: 'pay' | 'fail') {
  const paid = await owner.post(`/api/advertiser/invoices/${invoice.id}/pay`, { provider: 'sandbox' });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const { redirect_url: page, payment_id: paymentId } = paid.body.data as { redirect_url: string; payment_id: number };
  const path = page;
  expect(path).toMatch(/^\/api\/payments\/sandbox\/bills\/[\w-]+\.[\w-]+$/);
  const html = await owner.getText(path);
  expect(html.status).toBe(200);
  expect(html.text).toContain('Maybank2u');
  expect(html.text).toContain(`Invoice ${invoice.number}: <strong>RM${(invoice.total_sen / 100).toFixed(2)}</strong>`);
  const pressed = await api().request(path, {
    method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost:4321' }, body: new URLSearchParams({ bank: 'Maybank2u', action }).toString(),
  });
  await copy.app.outbox.settled();
  return { pressed, paymentId };
}

describe('the sandbox checkout', () => {
  it('is offered beside the bank transfer, and paying in it pays the invoice and starts the plan through the signed callback', async () => {
    const owner = await advertiser('Sandbox Payer');
    const { business, invoice } = await planInvoice(owner);
    expect(invoice.payment!.providers).toEqual(['bank_transfer', 'sandbox']);
    const { pressed, paymentId } = await checkout(owner, invoice, 'pay');
    expect(pressed.status).toBe(303);
    // Back on this site, relative: whatever address the buyer came by.
    const location = pressed.headers.get('Location')!;
    expect(location.startsWith(`/advertiser/invoices/${invoice.id}?payment=${paymentId}&`)).toBe(true);
    const back = new URL(location, 'http://any.host');
    expect(back.searchParams.get('billplz[paid]')).toBe('true');
    const status = await owner.get(`/api/advertiser/payments/${paymentId}`);
    expect(status.body.data).toMatchObject({ provider: 'sandbox', status: 'paid', invoice_status: 'paid' });
    expect(((await owner.get(`/api/profile/slug/${business.slug}`)).body as { plan: string }).plan).toBe('SILVER');
  });

  it('fails a payment when Fail is pressed: the invoice stays due', async () => {
    const owner = await advertiser('Sandbox Failer');
    const { invoice } = await planInvoice(owner);
    const { pressed, paymentId } = await checkout(owner, invoice, 'fail');
    expect(pressed.status).toBe(303);
    expect((await owner.get(`/api/advertiser/payments/${paymentId}`)).body.data).toMatchObject({ status: 'cancelled', invoice_status: 'issued' });
  });

  it('refuses a bill it did not sign, and a callback signed with another key', async () => {
    expect((await api().request('/api/payments/sandbox/bills/eyJ9.forged')).status).toBe(404);
    const forged = new URLSearchParams({ id: 'eyJ9.forged', paid: 'true', state: 'paid', amount: '100', paid_amount: '100', x_signature: '0'.repeat(64) });
    const answer = await api().request('/api/payments/sandbox/callback', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: forged.toString() });
    expect(answer.status).toBe(403);
  });
});

describe('the sandbox refuses production settings', () => {
  const base = { DATABASE_PATH: ':memory:' };
  it('is on by default only without Billplz and with a non-https SITE_URL', () => {
    expect(loadConfig({ ...base, SITE_URL: 'http://localhost:4321' }).billing.sandbox).toBe(true);
    expect(loadConfig({ ...base, SITE_URL: 'https://yp.example.my' }).billing.sandbox).toBe(false);
    expect(loadConfig({ ...base, SITE_URL: 'http://localhost:4321', NODE_ENV: 'production' }).billing.sandbox).toBe(false);
    expect(loadConfig({ ...base, SITE_URL: 'http://localhost:4321', BILLPLZ_URL: 'https://www.billplz.com', BILLPLZ_API_KEY: 'k', BILLPLZ_COLLECTION_ID: 'c', BILLPLZ_SIGNATURE_KEY: 's' }).billing.sandbox).toBe(false);
    expect(loadConfig({ ...base, SITE_URL: 'http://localhost:4321', SANDBOX_CHECKOUT: 'off' }).billing.sandbox).toBe(false);
  });

  it('stays on in a server process that chose React\'s production build, unless the operator set NODE_ENV=production (issue 62)', () => {
    // As serve.ts does in each server process, before the app reads its settings on the first request.
    const fresh: NodeJS.ProcessEnv = { ...base, SITE_URL: 'http://localhost:4321' };
    chooseReactProductionBuild(fresh);
    expect(fresh.NODE_ENV).toBe('production');
    expect(loadConfig(fresh).billing.sandbox).toBe(true);
    const askedFor: NodeJS.ProcessEnv = { ...base, SITE_URL: 'http://localhost:4321', SANDBOX_CHECKOUT: 'on' };
    chooseReactProductionBuild(askedFor);
    expect(loadConfig(askedFor).billing.sandbox).toBe(true);
    const operator: NodeJS.ProcessEnv = { ...base, SITE_URL: 'http://localhost:4321', NODE_ENV: 'production' };
    chooseReactProductionBuild(operator);
    expect(loadConfig(operator).billing.sandbox).toBe(false);
    // Chosen twice (the supervisor's environment passed on to a server process), the operator's setting is kept.
    chooseReactProductionBuild(fresh);
    expect(loadConfig(fresh).billing.sandbox).toBe(true);
  });

  it('will not start when asked for in production, and says why in one sentence', () => {
    for (const production of [{ SITE_URL: 'https://yp.example.my' }, { SITE_URL: 'http://localhost:4321', NODE_ENV: 'production' }]) {
      expect(() => loadConfig({ ...base, ...production, SANDBOX_CHECKOUT: 'on' })).toThrow(/SANDBOX_CHECKOUT=on is refused in production \(an https SITE_URL or NODE_ENV=production\): the sandbox marks invoices paid without taking money; configure Billplz \(BILLPLZ_\*\) instead\./);
    }
  });
});

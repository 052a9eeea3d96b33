import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markPaidByNumber } from '../../src/server/billing/payments.ts';
import { useAccountsApp } from '../helpers/accounts.ts';
import { advertiserHelpers } from '../helpers/advertisers.ts';
import { FakeBillplz } from '../helpers/fake-billplz.ts';
import { decodedMail, messagesTo, type SessionClient } from '../helpers/session-client.ts';

/**
 * Paying invoices (issue 27): by bank transfer, or through the hosted checkout (a local fake of Billplz's API v3),
 * whose signed callback arrives as a gateway sends it: urlencoded, no cookie, no Origin, no CSRF token. Every fault
 * a gateway can send is refused or ignored, and an invoice is paid once whatever arrives twice.
 */
const gateway = new FakeBillplz();
const env: Record<string, string> = {};
beforeAll(async () => {
  await gateway.start();
  Object.assign(env, gateway.env());
});
afterAll(() => gateway.stop());
const accounts = useAccountsApp('payments', env);
const { copy, api, browser, outbox } = accounts;
const { advertiser, claimBusiness, emailOf } = advertiserHelpers(accounts, 'payer');
const skip = new Set<number>();

interface Invoice { id: number; number: string; status: string; total_sen: number; payment: { providers: string[] } | null }

/** POSTs a gateway's form to the callback exactly as a gateway does: urlencoded, no cookie, no Origin, no token. */
async function callback(form: URLSearchParams, provider = 'billplz') {
  const response = await api().request(`/api/payments/${provider}/callback`, {
    method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form.toString(),
  });
  await copy.app.outbox.settled();
  return { status: response.status, text: await response.text() };
}

async function planInvoice(owner: SessionClient, plan = 'SILVER', period = 'monthly') {
  const business = await claimBusiness(owner, skip);
  const bought = await owner.post('/api/advertiser/subscriptions', { profile_id: business.id, plan, period });
  expect(bought.status, JSON.stringify(bought.body)).toBe(201);
  return { business, invoice: (bought.body.data as { invoice: Invoice }).invoice };
}

/** Starts paying online: the bill made at the gateway for the invoice's total. */
async function billFor(owner: SessionClient, invoice: Invoice) {
  const paid = await owner.post(`/api/advertiser/invoices/${invoice.id}/pay`, { provider: 'billplz' });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const { redirect_url: redirect, payment_id: paymentId } = paid.body.data as { redirect_url: string; payment_id: number };
  const billId = redirect.split('/').at(-1)!;
  expect(redirect).toBe(`${gateway.url}/bills/${billId}`);
  expect(gateway.bills.get(billId)).toMatchObject({ amount: invoice.total_sen, reference_1: invoice.number, callback_url: expect.stringMatching(/\/api\/payments\/billplz\/callback$/) });
  expect(gateway.bills.get(billId)!.redirect_url).toMatch(new RegExp(`/advertiser/invoices/${invoice.id}\\?payment=${paymentId}$`));
  return { billId, paymentId };
}

const invoiceOf = async (owner: SessionClient, id: number) => (await owner.get(`/api/advertiser/invoices/${id}`)).body.data as Invoice;
const publicPlan = async (slug: string) => ((await browser().get(`/api/profile/slug/${slug}`)).body as { plan: string }).plan;
const paidMails = (owner: SessionClient, number: string) => messagesTo(outbox, emailOf(owner)).map(decodedMail).filter((mail) => mail.includes(`Subject: Payment received: ${number}`));

describe('the hosted checkout (Billplz)', () => {
  it('offers both providers, and the bank transfer answers the invoice\'s details', async () => {
    const owner = await advertiser('Bank Payer');
    const { invoice } = await planInvoice(owner);
    expect(invoice.payment!.providers).toEqual(['bank_transfer', 'billplz']);
    const bank = await owner.post(`/api/advertiser/invoices/${invoice.id}/pay`, { provider: 'bank_transfer' });
    expect(bank.body.data).toMatchObject({ provider: 'bank_transfer', redirect_url: `/advertiser/invoices/${invoice.id}#pay`, bank_transfer: { reference: invoice.number, amount_sen: invoice.total_sen } });
    const bad = await owner.post(`/api/advertiser/invoices/${invoice.id}/pay`, { provider: 'cash' });
    expect([bad.status, Object.keys(bad.body.errors as object)]).toEqual([422, ['provider']]);
  });

  it('refuses a forged signature, a bill that is not ours and a wrong amount; pays once on a good callback, whatever is replayed', async () => {
    const owner = await advertiser('Online Payer');
    const { business, invoice } = await planInvoice(owner);
    const { billId, paymentId } = await billFor(owner, invoice);
    gateway.settle(billId, 'paid');

    expect(await callback(gateway.callbackForm(billId, {}, 'not-the-key'))).toMatchObject({ status: 403 });
    const unsigned = gateway.callbackForm(billId);
    unsigned.delete('x_signature');
    expect((await callback(unsigned)).status).toBe(403);
    // A signature made for other fields does not carry over to changed ones.
    const tampered = gateway.callbackForm(billId);
    tampered.set('amount', '1');
    expect((await callback(tampered)).status).toBe(403);
    expect((await callback(gateway.callbackForm(billId, { id: 'notours1' }))).status).toBe(404);
    expect((await callback(gateway.callbackForm(billId, { amount: '100', paid_amount: '100' }))).status).toBe(422);
    // Signed, paid, and silent on what was paid: refused (security probe item 10).
    expect((await callback(gateway.callbackForm(billId, {}, undefined, ['paid_amount']))).status).toBe(422);
    expect((await callback(gateway.callbackForm(billId), 'paypal')).status).toBe(404);
    expect((await invoiceOf(owner, invoice.id)).status).toBe('issued');
    expect(await publicPlan(business.slug)).toBe('FREE');

    expect(await callback(gateway.callbackForm(billId))).toEqual({ status: 200, text: 'OK' });
    expect(await callback(gateway.callbackForm(billId))).toEqual({ status: 200, text: 'OK' });
    expect((await invoiceOf(owner, invoice.id)).status).toBe('paid');
    expect(await publicPlan(business.slug)).toBe('SILVER');
    expect(paidMails(owner, invoice.number)).toHaveLength(1);
    expect((await owner.get(`/api/advertiser/payments/${paymentId}`)).body.data).toMatchObject({ status: 'paid', invoice_status: 'paid' });
    // A bank transfer marked after it changes nothing either.
    expect(await markPaidByNumber(copy.app, invoice.number)).toBe(false);
    // A paid invoice takes no more payments.
    expect((await owner.post(`/api/advertiser/invoices/${invoice.id}/pay`, { provider: 'billplz' })).status).toBe(422);
  });

  it('a callback for another bill pays that bill\'s invoice only', async () => {
    const owner = await advertiser('Two Bills');
    const first = await planInvoice(owner);
    const second = await planInvoice(owner, 'BRONZE', 'yearly');
    const billA = await billFor(owner, first.invoice);
    const billB = await billFor(owner, second.invoice);
    gateway.settle(billB.billId, 'paid');
    expect((await callback(gateway.callbackForm(billB.billId))).status).toBe(200);
    expect([(await invoiceOf(owner, first.invoice.id)).status, (await invoiceOf(owner, second.invoice.id)).status]).toEqual(['issued', 'paid']);
    expect((await owner.get(`/api/advertiser/payments/${billA.paymentId}`)).body.data).toMatchObject({ status: 'pending' });
  });

  it('a bill cancelled or expired at the gateway leaves the invoice open to pay again', async () => {
    const owner = await advertiser('Cancelled Payer');
    const { invoice } = await planInvoice(owner);
    const cancelled = await billFor(owner, invoice);
    gateway.settle(cancelled.billId, 'deleted');
    expect((await callback(gateway.callbackForm(cancelled.billId))).status).toBe(200);
    expect((await owner.get(`/api/advertiser/payments/${cancelled.paymentId}`)).body.data).toMatchObject({ status: 'cancelled', invoice_status: 'issued' });

    const expired = await billFor(owner, invoice);
    expect(expired.billId).not.toBe(cancelled.billId);
    gateway.settle(expired.billId, 'overdue');
    expect((await callback(gateway.callbackForm(expired.billId))).status).toBe(200);
    expect((await owner.get(`/api/advertiser/payments/${expired.paymentId}`)).body.data).toMatchObject({ status: 'expired', invoice_status: 'issued' });

    // Paid at last on a third bill.
    const third = await billFor(owner, invoice);
    gateway.settle(third.billId, 'paid');
    expect((await callback(gateway.callbackForm(third.billId))).status).toBe(200);
    expect((await invoiceOf(owner, invoice.id)).status).toBe('paid');
  });

  it('the buyer back before the callback sees the payment settled from the gateway, and the late callback changes nothing', async () => {
    const owner = await advertiser('Quick Returner');
    const { business, invoice } = await planInvoice(owner, 'GOLD', 'monthly');
    const { billId, paymentId } = await billFor(owner, invoice);
    // An open bill is sent again rather than a second made.
    expect((await owner.post(`/api/advertiser/invoices/${invoice.id}/pay`, { provider: 'billplz' })).body.data).toMatchObject({ payment_id: paymentId });
    expect((await owner.get(`/api/advertiser/payments/${paymentId}`)).body.data).toMatchObject({ status: 'pending' });
    gateway.settle(billId, 'paid');
    expect((await owner.get(`/api/advertiser/payments/${paymentId}`)).body.data).toMatchObject({ status: 'paid', invoice_status: 'paid' });
    expect(await publicPlan(business.slug)).toBe('GOLD');
    expect((await callback(gateway.callbackForm(billId))).status).toBe(200);
    await copy.app.outbox.settled();
    expect(paidMails(owner, invoice.number)).toHaveLength(1);
  });

  it('keeps the callback route alone free of the CSRF token: every other write still needs it', async () => {
    const owner = await advertiser('Token Holder');
    const { invoice } = await planInvoice(owner);
    const bare = await api().request(`/api/advertiser/invoices/${invoice.id}/pay`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"provider":"billplz"}' });
    expect(bare.status).toBe(419);
    const other = await api().request('/api/payments/billplz/callbacks', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'id=x' });
    expect(other.status).toBe(419);
    const json = await api().request('/api/payments/billplz/callback', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(json.status).toBe(415);
  });

  it('another advertiser never sees, pays or cancels someone else\'s invoices, payments or plans (404)', async () => {
    const owner = await advertiser('Private Payer');
    const { business, invoice } = await planInvoice(owner);
    const { paymentId } = await billFor(owner, invoice);
    const subscriptions = (await owner.get(`/api/advertiser/subscriptions?profile_id=${business.id}`)).body.data as { id: number }[];
    expect(subscriptions).toHaveLength(1);
    const rival = await advertiser('Nosy Rival');
    expect((await rival.get(`/api/advertiser/invoices/${invoice.id}`)).status).toBe(404);
    expect((await rival.post(`/api/advertiser/invoices/${invoice.id}/pay`, { provider: 'billplz' })).status).toBe(404);
    expect((await rival.get(`/api/advertiser/payments/${paymentId}`)).status).toBe(404);
    expect((await rival.post(`/api/advertiser/subscriptions/${subscriptions[0]!.id}/cancel`)).status).toBe(404);
  });
});

describe('invoice numbers under concurrent creation through the API', () => {
  it('are consecutive, without gaps or duplicates', async () => {
    const owners: { owner: SessionClient; business: { id: number } }[] = [];
    for (const letter of ['A', 'B', 'C', 'D', 'E', 'F']) {
      const owner = await advertiser(`Racer ${letter}`);
      owners.push({ owner, business: await claimBusiness(owner, skip) });
    }
    const before = (await Promise.all(owners.map(async ({ owner }) => (await owner.get('/api/advertiser/invoices')).body.data as Invoice[]))).flat();
    const answers = await Promise.all(owners.map(({ owner, business }) => owner.post('/api/advertiser/subscriptions', { profile_id: business.id, plan: 'BRONZE', period: 'monthly' })));
    expect(answers.map((answer) => answer.status)).toEqual(owners.map(() => 201));
    const numbers = answers.map((answer) => (answer.body.data as { invoice: Invoice }).invoice.number).sort();
    const sequences = numbers.map((number) => Number(number.slice(-6)));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(sequences.at(-1)! - sequences[0]!).toBe(numbers.length - 1);
    expect(before).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { voidByNumber } from '../../src/server/billing/index.ts';
import { markPaidByNumber } from '../../src/server/billing/payments.ts';
import { malaysiaToday } from '../../src/shared/malaysia-time.ts';
import { useAccountsApp } from '../helpers/accounts.ts';
import { advertiserHelpers } from '../helpers/advertisers.ts';
import { decodedMail, messagesTo } from '../helpers/session-client.ts';

/**
 * Packages bought (issue 27, first steps): a paid plan issues its first invoice at once, with SST on its own line of the
 * arithmetic and a gap-free number; bought during the trial it starts when the trial ends; it takes effect once paid.
 * An advertiser never sees another's invoices.
 */
const accounts = useAccountsApp('billing');
const { copy, clock, browser, outbox } = accounts;
const { advertiser, claimBusiness, emailOf, jobBody, signInAgain } = advertiserHelpers(accounts);
const mailsTo = (to: string) => messagesTo(outbox, to).map(decodedMail);
const DAY = 86_400_000;
const skip = new Set<number>();

interface Invoice {
  id: number;
  number: string;
  status: string;
  lines: { description: string; quantity: number; unit_sen: number; amount_sen: number; sst_sen: number }[];
  subtotal_sen: number;
  sst_sen: number;
  total_sen: number;
  sst_rate: number;
  seller: { sst_registration: string };
  payment: { method: string; reference: string } | null;
}

const publicPlan = async (slug: string) => ((await browser().get(`/api/profile/slug/${slug}`)).body as { plan: string }).plan;

describe('POST subscriptions', () => {
  it('bought during the trial: invoiced at once with SST, pending until paid, and the plan starts when the trial ends', async () => {
    const owner = await advertiser('Gold Owner');
    const business = await claimBusiness(owner, skip);
    expect((await owner.post(`/api/advertiser/profiles/${business.id}/trial`, { plan: 'BRONZE' })).status).toBe(201);
    const trialEnds = (await copy.app.repos.subscriptions.current(business.id))!.ends_at;

    const bought = await owner.post('/api/advertiser/subscriptions', { profile_id: business.id, plan: 'GOLD', period: 'yearly' });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const { subscription, invoice } = bought.body.data as { subscription: { status: string; starts_at: string; ends_at: string }; invoice: Invoice };
    expect(subscription).toMatchObject({ status: 'pending', starts_at: trialEnds });
    expect(Date.parse(subscription.ends_at) - Date.parse(trialEnds)).toBeGreaterThanOrEqual(365 * DAY);
    expect(invoice).toMatchObject({
      number: `YP-${malaysiaToday(clock.now()).slice(0, 4)}-000001`, status: 'issued', subtotal_sen: 89900, sst_sen: 5394, total_sen: 95294, sst_rate: 6,
      seller: { sst_registration: 'W10-1808-32000001' }, payment: { method: 'bank_transfer', reference: expect.stringMatching(/^YP-/) },
    });
    expect(invoice.lines).toEqual([expect.objectContaining({ quantity: 1, unit_sen: 89900, amount_sen: 89900, sst_sen: 5394 })]);
    expect(invoice.lines[0]!.description).toMatch(/^GOLD plan, yearly, for /);
    // One plan waits for payment at a time.
    expect((await owner.post('/api/advertiser/subscriptions', { profile_id: business.id, plan: 'SILVER', period: 'monthly' })).status).toBe(409);

    // Unpaid, nothing changes: the trial's plan stays.
    expect(await publicPlan(business.slug)).toBe('BRONZE');
    expect(await markPaidByNumber(copy.app, invoice.number)).toBe(true);
    expect(await markPaidByNumber(copy.app, invoice.number)).toBe(false);
    expect((await owner.get(`/api/advertiser/invoices/${invoice.id}`)).body.data).toMatchObject({ status: 'paid', payment: null });
    expect(await publicPlan(business.slug)).toBe('BRONZE');

    // Past the trial's end, the paid period runs: GOLD, with GOLD's tokens.
    clock.advance(Date.parse(trialEnds) - clock.now() + 60_000);
    await copy.app.jobs.runKind('end_subscriptions');
    expect(await copy.app.repos.subscriptions.current(business.id)).toMatchObject({ plan: 'GOLD', kind: 'paid', tokens: 100 });
    expect(await publicPlan(business.slug)).toBe('GOLD');
  });

  it('bought without a trial starts at once when paid; invoices are the buyer\'s only, newest first', async () => {
    const owner = await advertiser('Silver Owner');
    const business = await claimBusiness(owner, skip);
    const bought = await owner.post('/api/advertiser/subscriptions', { profile_id: business.id, plan: 'SILVER', period: 'monthly' });
    expect(bought.status).toBe(201);
    const invoice = (bought.body.data as { invoice: Invoice }).invoice;
    expect(invoice).toMatchObject({ subtotal_sen: 4900, sst_sen: 294, total_sen: 5194 });
    // Mailed when issued, with how to pay it, and when paid.
    const issuedMail = mailsTo(emailOf(owner)).at(-1)!;
    expect(issuedMail).toContain(`Subject: Invoice ${invoice.number}`);
    expect(issuedMail).toContain('RM51.94');
    expect(issuedMail).toContain(`/advertiser/invoices/${invoice.id}`);
    expect(await publicPlan(business.slug)).toBe('FREE');
    expect(await markPaidByNumber(copy.app, invoice.number)).toBe(true);
    await copy.app.outbox.settled();
    expect(mailsTo(emailOf(owner)).at(-1)).toContain(`Subject: Payment received: ${invoice.number}`);
    expect(await publicPlan(business.slug)).toBe('SILVER');

    const list = (await owner.get('/api/advertiser/invoices')).body.data as Invoice[];
    expect(list.map((item) => item.number)).toEqual([invoice.number]);
    const pdf = await owner.getText(`/api/advertiser/invoices/${invoice.id}.pdf`);
    expect([pdf.status, pdf.headers.get('content-type'), pdf.headers.get('content-disposition')]).toEqual([200, 'application/pdf', `attachment; filename="${invoice.number}.pdf"`]);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.bytes.length).toBeGreaterThan(1000);
    const rival = await advertiser('Rival');
    expect((await rival.get(`/api/advertiser/invoices/${invoice.id}`)).status).toBe(404);
    expect((await rival.getText(`/api/advertiser/invoices/${invoice.id}.pdf`)).status).toBe(404);
    expect((await rival.get('/api/advertiser/invoices')).body.data).toEqual([]);
    expect((await rival.post('/api/advertiser/subscriptions', { profile_id: business.id, plan: 'GOLD', period: 'monthly' })).status).toBe(404);
    expect((await browser().get('/api/advertiser/invoices')).status).toBe(401);
    await expect(markPaidByNumber(copy.app, 'YP-1999-000001')).rejects.toThrow('No invoice');
  });

  it('answers 422 per field for a bad request', async () => {
    const owner = await advertiser('Careless Owner');
    const answer = await owner.post('/api/advertiser/subscriptions', { profile_id: 'x', plan: 'PLATINUM', period: 'weekly' });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors as object).sort()).toEqual(['period', 'plan', 'profile_id']);
  });

  it('PAY-PER-POST: an ad after the account\'s first is invoiced and goes live once paid; a late amendment is applied and invoiced; a credit note cancels an invoice', async () => {
    const owner = await advertiser('Pay Per Post Owner');
    const business = await claimBusiness(owner, skip);
    const first = await owner.post('/api/advertiser/posts', { ...await jobBody(business.id, { title: 'First Free Ad' }), publish: true, confirm: true });
    expect(first.body).toMatchObject({ data: { status: 'active' } });
    expect(first.body.payment_required).toBeUndefined();
    const second = await owner.post('/api/advertiser/posts', { ...await jobBody(business.id, { title: 'Second Paid Ad' }), publish: true, confirm: true });
    const ad = second.body.data as { id: number; slug: string };
    expect(second.body).toMatchObject({ data: { status: 'draft' }, payment_required: { amount_sen: 5000, total_sen: 5300 } });
    const { invoice_id: adInvoiceId, invoice_number: adNumber } = second.body.payment_required as { invoice_id: number; invoice_number: string };
    const adInvoice = (await owner.get(`/api/advertiser/invoices/${adInvoiceId}`)).body.data as Invoice & { lines: { purpose: string; post_id: number }[] };
    expect(adInvoice.lines).toEqual([expect.objectContaining({ purpose: 'ad', post_id: ad.id, unit_sen: 5000, sst_sen: 300 })]);
    expect(adInvoice.lines[0]!.description).toBe('Ad "Second Paid Ad" (jobs, PAY-PER-POST)');
    expect(mailsTo(emailOf(owner)).at(-1)).toContain('The ad goes live once it is paid.');
    expect((await browser().get(`/api/post/slug/${ad.slug}`)).status).toBe(404);
    expect(await markPaidByNumber(copy.app, adNumber)).toBe(true);
    expect((await owner.get(`/api/advertiser/posts/${ad.id}`)).body.data).toMatchObject({ status: 'active', live: true, amount_sen: 5000 });
    expect((await browser().get(`/api/post/slug/${ad.slug}`)).status).toBe(200);

    // A day after publishing, an amendment on PAY-PER-POST is applied at once and invoiced RM30 plus SST.
    clock.advance(DAY + 60_000);
    await signInAgain(owner);
    const firstAd = first.body.data as { id: number };
    const amended = await owner.patch(`/api/advertiser/posts/${firstAd.id}`, await jobBody(business.id, { title: 'First Free Ad', summary: 'Now with eggs.' }));
    expect(amended.body).toMatchObject({ data: { summary: 'Now with eggs.', status: 'active' }, payment_required: { amount_sen: 3000, total_sen: 3180 } });
    const amendmentNumber = (amended.body.payment_required as { invoice_number: string }).invoice_number;
    // Issued in error: voided (once) with its reason, keeping its number; it can no longer be paid.
    expect(await voidByNumber(copy.app, amendmentNumber)).toBe(true);
    expect(await voidByNumber(copy.app, amendmentNumber)).toBe(false);
    const list = (await owner.get('/api/advertiser/invoices')).body.data as (Invoice & { kind: string; void_reason: string | null })[];
    expect(list.find((item) => item.number === amendmentNumber)).toMatchObject({ status: 'void', void_reason: 'Issued in error', payment: null });
    expect(await markPaidByNumber(copy.app, amendmentNumber)).toBe(false);
  });
});

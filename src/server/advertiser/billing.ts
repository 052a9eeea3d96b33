/**
 * Packages bought and billed (issue 27, decision 0023), first steps: a paid plan for a business issues the invoice of
 * its first period at once (SST per line, the rate of the day stored on it) and waits, pending, until the invoice is
 * paid; a period bought during the trial starts when the trial ends. Invoices are the buyer's only (404 for anyone
 * else). Until the payment providers land, a bank transfer is marked paid from the command line (`npm run billing`).
 */
import { planPriceSen, priceLines, sstRateOn, type BillingPeriod, type InvoiceView } from '../../shared/billing.ts';
import { malaysiaToday } from '../../shared/malaysia-time.ts';
import { planLimits, type PaidPlan } from '../../shared/plans.ts';
import { SubscribeSchema } from '../../shared/schemas/advertiser.ts';
import type { AppContext } from '../app-context.ts';
import type { InvoiceRow } from '../db/rows.ts';
import { AppError, notFound, parseInput } from '../errors.ts';
import { canReadInvoice, type Actor } from '../policies.ts';
import { ownedProfile } from './access.ts';
import { invoiceIssuedMail, invoicePaidMail } from './billing-mails.ts';
import { invoicePdf } from './invoice-pdf.ts';

/** An invoice is due this long after it is issued. */
const DUE_DAYS = 14;

/** The same day `months` calendar months on (the 31st of a shorter month falls on its last day). */
export function addMonths(iso: string, months: number): string {
  const date = new Date(iso);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return date.toISOString();
}

const PERIOD_WORDS: Record<BillingPeriod, string> = { monthly: 'monthly', yearly: 'yearly' };

/** An invoice as its buyer reads it (the API's JSON), with how to pay an unpaid one by bank transfer. */
export function invoiceJson(app: AppContext, invoice: InvoiceRow): InvoiceView {
  const { user_id: _user, ...rest } = invoice;
  return {
    ...rest,
    sst_rate: invoice.sst_rate_bp / 100,
    payment: invoice.status === 'issued' ? { method: 'bank_transfer' as const, account: app.config.billing.bankAccount, reference: invoice.number } : null,
  };
}

/** POST subscriptions {profile_id, plan, period}: the pending subscription and its first invoice. */
export async function subscribe(app: AppContext, actor: Actor, input: unknown) {
  const request = parseInput(SubscribeSchema, input);
  const profile = await ownedProfile(app, actor, request.profile_id);
  if (await app.repos.invoices.findPendingSubscription(profile.id)) {
    throw new AppError(422, 'This business has a plan waiting for payment. Pay its invoice first.', { plan: ['This business has a plan waiting for payment. Pay its invoice first.'] });
  }
  const current = await app.repos.advertiser.currentSubscription(profile.id);
  if (current && current.kind === 'paid') throw new AppError(422, 'This business already has a paid plan.', { plan: ['This business already has a paid plan.'] });
  const now = app.clock.now();
  // Bought during the trial: the paid period starts when the trial ends.
  const startsAt = current?.kind === 'trial' ? current.ends_at : new Date(now).toISOString();
  const endsAt = addMonths(startsAt, request.period === 'yearly' ? 12 : 1);
  const today = malaysiaToday(now);
  const rate = sstRateOn(today, app.config.billing.sstRates);
  const plan = request.plan as PaidPlan;
  const priced = priceLines([{
    description: `${plan} plan, ${PERIOD_WORDS[request.period]}, for ${profile.name}: ${malaysiaToday(Date.parse(startsAt))} to ${malaysiaToday(Date.parse(endsAt) - 1)}`,
    quantity: 1, unit_sen: planPriceSen(plan, request.period),
  }], rate);
  const user = (await app.repos.users.findUser(actor.id))!;
  const { billing } = app.config;
  // The invoice, the pending subscription and the mail that sends the invoice: one transaction.
  const { issued, invoice } = await app.repos.transaction(async (tx) => {
    const issued = await tx.invoices.subscribe(
      { profile_id: profile.id, plan, period: request.period, starts_at: startsAt, ends_at: endsAt, tokens: planLimits(plan).tokens ?? 0 },
      {
        kind: 'invoice', correctsInvoiceId: null, userId: actor.id, profileId: profile.id,
        seller: { name: billing.sellerName, address: billing.sellerAddress, sst_registration: billing.sstRegistration },
        buyer: { name: profile.name, company_no: profile.company_no, contact: user.name, email: user.email },
        sstRateBp: rate, ...priced, year: Number(today.slice(0, 4)), dueAt: new Date(now + DUE_DAYS * 86_400_000).toISOString(),
      },
    );
    const invoice = (await tx.invoices.findInvoice(issued.invoiceId))!;
    if (user.email) await app.outbox.queueMail(invoiceIssuedMail(user.email, invoice, app.config.siteUrl, billing.bankAccount), { tx });
    return { issued, invoice };
  });
  return {
    data: {
      subscription: { id: issued.subscriptionId, profile_id: profile.id, plan, period: request.period, status: 'pending', starts_at: startsAt, ends_at: endsAt },
      invoice: invoiceJson(app, invoice),
    },
    message: `Invoice ${issued.number} is issued. The plan starts once it is paid.`,
  };
}

/** GET invoices: the advertiser's, newest first. */
export async function listInvoices(app: AppContext, actor: Actor) {
  return (await app.repos.invoices.findInvoices(actor.id, 100)).map((invoice) => invoiceJson(app, invoice));
}

async function ownInvoice(app: AppContext, actor: Actor, id: number): Promise<InvoiceRow> {
  const invoice = await app.repos.invoices.findInvoice(id);
  if (!invoice || !canReadInvoice(actor, invoice)) throw notFound('No such invoice.');
  return invoice;
}

/** GET invoices/{id}: one of the advertiser's own; anybody else's is a 404. */
export async function getInvoice(app: AppContext, actor: Actor, id: number) {
  return invoiceJson(app, await ownInvoice(app, actor, id));
}

/** GET invoices/{id}.pdf: the same invoice as a PDF. */
export async function invoicePdfOf(app: AppContext, actor: Actor, id: number): Promise<{ number: string; pdf: Buffer }> {
  const invoice = await ownInvoice(app, actor, id);
  return { number: invoice.number, pdf: await invoicePdf(invoice) };
}

/**
 * `npm run billing -- mark-paid NUMBER`: a bank transfer arrived; the buyer is mailed in the same transaction. False
 * (and no mail) when that invoice was not waiting for payment.
 */
export async function markPaidByNumber(app: AppContext, number: string): Promise<boolean> {
  const id = await app.repos.invoices.findInvoiceIdByNumber(number);
  if (id === undefined) throw notFound(`No invoice ${number}.`);
  return app.repos.transaction(async (tx) => {
    if (!(await tx.invoices.markPaid(id))) return false;
    const invoice = (await tx.invoices.findInvoice(id))!;
    const buyer = invoice.user_id === null ? undefined : await tx.users.findUser(invoice.user_id);
    if (buyer?.email) await app.outbox.queueMail(invoicePaidMail(buyer.email, invoice, app.config.siteUrl), { tx });
    return true;
  });
}

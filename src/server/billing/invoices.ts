/**
 * Invoices (issue 27, decision 0023; issue 39): issued with SST per line at the rate of the day (stored on each),
 * numbered without gaps in their series (YP- invoices, CN- credit notes), never edited: an unpaid one is voided with its
 * reason (keeping its number), a paid one corrected by a credit note. Mailed when issued; each is its buyer's only (404
 * for anyone else), as JSON, a page and a PDF.
 */
import type { PaymentProvider } from '../../shared/billing.ts';
import { priceLines, sstRateOn, type InvoiceLineInput, type InvoiceView } from '../../shared/billing.ts';
import { malaysiaToday } from '../../shared/malaysia-time.ts';
import type { AppContext } from '../app-types.ts';
import type { Buyer } from '../listings/index.ts';
import type { InvoiceRow, NewInvoice } from '../db/rows.ts';
import type { Repositories } from '../db/repositories.ts';
import { notFound } from '../errors.ts';
import { canReadInvoice, type Actor } from '../policies.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { minimumTermNote } from './terms.ts';
import type { Locale } from '../../shared/locale.ts';

export { addMonths } from './terms.ts';
import { invoiceIssuedMail } from './mails.ts';

const DAY_MS = 86_400_000;
/** An invoice is due this long after it is issued (a renewal's: when the period it renews ends). */
const DUE_DAYS = 14;


/** Which providers can take a payment here: bank transfer always, the hosted checkout when configured. */
export function acceptedProviders(app: AppContext): PaymentProvider[] {
  return [...app.payments.keys()];
}

/** An invoice as its buyer reads it (the API's JSON), with how to pay an unpaid one. */
export function invoiceJson(app: AppContext, invoice: InvoiceRow): InvoiceView {
  const { user_id: _user, ...rest } = invoice;
  return {
    ...rest,
    sst_rate: invoice.sst_rate_bp / 100,
    payment: invoice.status === 'issued' && invoice.kind === 'invoice'
      ? { method: 'bank_transfer' as const, account: app.config.billing.bankAccount, reference: invoice.number, providers: acceptedProviders(app) }
      : null,
  };
}

/** The buyer's address as an invoice prints it: the business's first location, one line (null without one). */
async function buyerAddress(tx: Repositories, profileId: number | null): Promise<string | null> {
  if (profileId === null) return null;
  const [place] = await tx.catalog.findProfileLocations(profileId);
  if (!place) return null;
  return [place.address_line1, place.address_line2, `${place.postcode} ${place.city_name}`.trim(), place.state_name].filter((part) => part && part.trim() !== '').join(', ');
}

/**
 * Issues an invoice (or, with `corrects`, a credit note) inside the caller's transaction, and queues its mail to the
 * buyer's account in it (unless `mail: false`: the caller sends its own); answers the invoice as stored.
 */
/** What issuing an invoice needs of the app: the time, the seller's details and rates, and the outbox. */
export type InvoicingDeps = Pick<AppContext, 'clock' | 'config' | 'outbox'>;

export async function issueInvoice(app: InvoicingDeps, tx: Repositories, buyer: Buyer, lines: readonly InvoiceLineInput[], options: { dueAt?: string; corrects?: InvoiceRow; mail?: boolean } = {}): Promise<InvoiceRow> {
  const now = app.clock.now();
  const today = malaysiaToday(now);
  // A credit note uses the rate of the invoice it corrects, so its SST cancels the invoice's to the sen.
  const rate = options.corrects ? options.corrects.sst_rate_bp : sstRateOn(today, app.config.billing.sstRates);
  const user = (await tx.users.findUser(buyer.userId))!;
  const { billing } = app.config;
  const invoice: NewInvoice = {
    kind: options.corrects ? 'credit_note' : 'invoice', correctsInvoiceId: options.corrects?.id ?? null, userId: buyer.userId, profileId: buyer.profileId,
    seller: { name: billing.sellerName, address: billing.sellerAddress, sst_registration: billing.sstRegistration },
    buyer: { name: buyer.name, company_no: buyer.companyNo, address: await buyerAddress(tx, buyer.profileId), contact: user.name, email: user.email },
    sstRateBp: rate, ...priceLines(lines, rate), year: Number(today.slice(0, 4)),
    dueAt: options.dueAt ?? new Date(now + DUE_DAYS * DAY_MS).toISOString(),
  };
  const { id } = await tx.invoices.issue(invoice);
  const stored = (await tx.invoices.find(id))!;
  if (user.email && options.mail !== false) await app.outbox.queueMail(invoiceIssuedMail({ email: user.email, locale: user.locale }, stored, app.config.siteUrl, billing.bankAccount), { tx });
  return stored;
}

/**
 * Voids an unpaid invoice with its reason (inside the caller's transaction; it keeps its number, so the series stays
 * gap-free); false when it was not open. A subscription waiting for it is cancelled with it.
 */
export async function voidInvoice(tx: Repositories, invoice: Pick<InvoiceRow, 'id' | 'kind'>, reason: string): Promise<boolean> {
  if (invoice.kind !== 'invoice' || !(await tx.invoices.void(invoice.id, reason))) return false;
  const waiting = await tx.subscriptions.findByInvoice(invoice.id);
  if (waiting?.status === 'pending') {
    await tx.subscriptions.update(waiting.id, { status: 'cancelled' });
    if (waiting.renews_subscription_id !== null) await tx.subscriptions.update(waiting.renews_subscription_id, { grace_until: null });
  }
  return true;
}

/**
 * A credit note for a paid invoice's full total, numbered in its own series (CN-…), inside the caller's transaction:
 * what was paid for will not be delivered. Its payments are owed back (refunds.ts). Answers the credit note.
 */
export async function creditPaidInvoice(app: InvoicingDeps, tx: Repositories, invoice: InvoiceRow, reason: string): Promise<InvoiceRow | undefined> {
  if (invoice.kind !== 'invoice' || invoice.status !== 'paid' || invoice.user_id === null) return undefined;
  return issueInvoice(app, tx, {
    userId: invoice.user_id, profileId: invoice.profile_id, name: String(invoice.buyer.name ?? ''), companyNo: (invoice.buyer.company_no as string | null) ?? null,
  }, invoice.lines.map((line) => ({
    description: `${reason}: ${line.description}`, quantity: line.quantity, unit_sen: -line.unit_sen, purpose: 'credit' as const, post_id: line.post_id ?? null,
  })), { corrects: invoice, dueAt: new Date(app.clock.now()).toISOString() });
}

/** `npm run billing -- void NUMBER`: an unpaid invoice issued in error is voided; answers whether it was open. */
export async function voidByNumber(app: AppContext, number: string): Promise<boolean> {
  const id = await app.repos.invoices.findIdByNumber(number);
  if (id === undefined) throw notFound('no_invoice_number', { number });
  return app.repos.transaction(async (tx) => voidInvoice(tx, (await tx.invoices.find(id))!, 'Issued in error'));
}

/** GET invoices: the advertiser's, newest first. */
export async function listInvoices(app: AppContext, actor: Actor) {
  return (await app.repos.invoices.findByUser(actor.id, 100)).map((invoice) => invoiceJson(app, invoice));
}

/** One of the actor's own invoices, or a 404. */
export async function ownInvoice(app: AppContext, actor: Actor, id: number): Promise<InvoiceRow> {
  const invoice = await app.repos.invoices.find(id);
  if (!invoice || !canReadInvoice(actor, invoice)) throw notFound('no_such_invoice');
  return invoice;
}

/** GET invoices/{id}: one of the advertiser's own; anybody else's is a 404. */
export async function getInvoice(app: AppContext, actor: Actor, id: number, locale: Locale) {
  const invoice = await ownInvoice(app, actor, id);
  const subscription = invoice.kind === 'invoice' ? await app.repos.subscriptions.findByInvoice(invoice.id) : undefined;
  return { ...invoiceJson(app, invoice), term_note: subscription ? minimumTermNote(subscription, invoice.total_sen, locale) : null };
}

/** GET invoices/{id}.pdf: the same invoice as a PDF. */
export async function invoicePdfOf(app: AppContext, actor: Actor, id: number): Promise<{ number: string; pdf: Buffer }> {
  const invoice = await ownInvoice(app, actor, id);
  const [payments, subscription, buyer] = await Promise.all([
    app.repos.payments.findByInvoice(invoice.id), app.repos.subscriptions.findByInvoice(invoice.id), app.repos.users.findUser(actor.id),
  ]);
  // The buyer's language beside the legal particulars (issue 63, decision 0036).
  const locale = buyer?.locale ?? 'en';
  const settled = payments.find((payment) => payment.status === 'paid');
  return {
    number: invoice.number,
    pdf: await invoicePdf(invoice, {
      font: app.config.billing.invoiceFont, bankAccount: app.config.billing.bankAccount, locale,
      // The reference the buyer's receipt shows: Billplz's bill id; the sandbox's long signed id is not one, so its payment's number.
      paid: settled ? { provider: settled.provider, reference: settled.provider === 'sandbox' ? `SANDBOX-${settled.id}` : settled.bill_id ?? invoice.number } : null,
      term: subscription && invoice.kind === 'invoice' ? minimumTermNote(subscription, invoice.total_sen, locale) : null,
    }),
  };
}

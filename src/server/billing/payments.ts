/**
 * Paying an invoice (issue 27, decision 0023) through one of two providers: a bank transfer (the default: the invoice
 * shows the account, an operator marks it paid) or the hosted checkout (Billplz: a bill, the buyer sent to the
 * gateway's page, a signed server-to-server callback, the buyer back on a status page). Whatever arrives twice, an
 * invoice is paid once: a payment settles once, and the invoice's own state changes only from `issued`.
 */
import { z } from 'zod';
import { PAYMENT_PROVIDERS } from '../../shared/billing.ts';
import { absoluteUrl } from '../../shared/urls.ts';
import type { AppContext } from '../app-types.ts';
import type { PaymentRow } from '../db/rows.ts';
import type { Repositories } from '../db/repositories.ts';
import { AppError, notFound, parseInput } from '../errors.ts';
import type { Actor } from '../policies.ts';
import { publishPaidAd } from '../advertiser/posts.ts';
import { billOutcome, createBill, fetchBill, signatureValid, type Bill } from './billplz.ts';
import { ownInvoice } from './invoices.ts';
import { invoicePaidMail } from './mails.ts';

const PaySchema = z.object({ provider: z.enum(PAYMENT_PROVIDERS, { error: 'Choose bank_transfer or billplz.' }) });

/**
 * The invoice is paid (inside the caller's transaction): its subscription becomes active (its plan applies when its
 * period runs), ads it bills go live, and the buyer is mailed. False when it was not waiting for payment.
 */
export async function invoicePaid(app: AppContext, tx: Repositories, invoiceId: number): Promise<boolean> {
  if (!(await tx.invoices.markPaid(invoiceId))) return false;
  const invoice = (await tx.invoices.findInvoice(invoiceId))!;
  for (const line of invoice.lines) if (line.purpose === 'ad' && line.post_id) await publishPaidAd(app, tx, line.post_id);
  const buyer = invoice.user_id === null ? undefined : await tx.users.findUser(invoice.user_id);
  if (buyer?.email) await app.outbox.queueMail(invoicePaidMail(buyer.email, invoice, app.config.siteUrl), { tx });
  return true;
}

/**
 * `npm run billing -- mark-paid NUMBER`: a bank transfer arrived. False (and no mail) when that invoice was not
 * waiting for payment.
 */
export async function markPaidByNumber(app: AppContext, number: string): Promise<boolean> {
  const id = await app.repos.invoices.findInvoiceIdByNumber(number);
  if (id === undefined) throw notFound(`No invoice ${number}.`);
  return app.repos.transaction((tx) => invoicePaid(app, tx, id));
}

/** POST invoices/{id}/pay {provider}: where to send the buyer (the gateway's page, or the invoice's bank details). */
export async function payInvoice(app: AppContext, actor: Actor, invoiceId: number, input: unknown) {
  const { provider } = parseInput(PaySchema, input);
  const invoice = await ownInvoice(app, actor, invoiceId);
  if (invoice.kind !== 'invoice' || invoice.status !== 'issued') throw new AppError(422, 'This invoice is not waiting for payment.', { invoice: ['This invoice is not waiting for payment.'] });
  const invoicePage = `/advertiser/invoices/${invoice.id}`;
  if (provider === 'bank_transfer') {
    return {
      provider, redirect_url: `${invoicePage}#pay`,
      bank_transfer: { account: app.config.billing.bankAccount, reference: invoice.number, amount_sen: invoice.total_sen },
    };
  }
  const config = app.config.billing.billplz;
  if (!config) throw new AppError(422, 'Online payment is not available; pay by bank transfer.', { provider: ['Online payment is not available; pay by bank transfer.'] });
  // An open bill of the same amount is sent again rather than a second one made.
  const open = (await app.repos.billing.findPayments(invoice.id)).find((payment) => payment.provider === 'billplz' && payment.status === 'pending' && payment.bill_url && payment.amount_sen === invoice.total_sen);
  if (open) return { provider, redirect_url: open.bill_url!, payment_id: open.id };
  const paymentId = await app.repos.billing.insertPayment({ invoiceId: invoice.id, provider, amountSen: invoice.total_sen });
  const user = (await app.repos.users.findUser(actor.id))!;
  let bill: Bill;
  try {
    bill = await createBill(config, {
      email: user.email ?? app.config.enquiryInbox, name: String(invoice.buyer.name ?? user.name), amountSen: invoice.total_sen,
      description: `Invoice ${invoice.number}`, reference: invoice.number,
      callbackUrl: absoluteUrl(app.config.siteUrl, '/api/payments/billplz/callback'),
      redirectUrl: absoluteUrl(app.config.siteUrl, `${invoicePage}?payment=${paymentId}`),
    });
  } catch (error) {
    await app.repos.billing.settlePayment(paymentId, 'cancelled');
    console.warn(`Billplz bill for ${invoice.number} failed:`, error instanceof Error ? error.message : error);
    throw new AppError(503, 'The payment gateway is not answering. Try again in a minute, or pay by bank transfer.');
  }
  if (bill.amount !== invoice.total_sen) throw new AppError(503, 'The payment gateway answered another amount. Pay by bank transfer instead.');
  await app.repos.billing.setPaymentBill(paymentId, bill.id, bill.url);
  return { provider, redirect_url: bill.url, payment_id: paymentId };
}

/** Applies what the gateway says of a bill to its payment (and its invoice, once). */
async function settleBill(app: AppContext, payment: PaymentRow, outcome: ReturnType<typeof billOutcome>): Promise<void> {
  if (outcome === 'open') return;
  if (outcome !== 'paid') {
    await app.repos.billing.settlePayment(payment.id, outcome);
    return;
  }
  await app.repos.transaction(async (tx) => {
    if (!(await tx.billing.settlePayment(payment.id, 'paid'))) return;
    // Paid twice (online and by transfer): both payments are kept, for the operator to refund one.
    if (!(await invoicePaid(app, tx, payment.invoice_id))) console.warn(`Invoice of payment ${payment.id} was paid already: refund one payment.`);
  });
}

/**
 * POST /api/payments/{provider}/callback: the gateway's server-to-server form, signed (no cookie, no Origin, no CSRF
 * token: the X Signature is the only proof). 403 for a bad signature, 404 for a bill that is not ours, 422 for an
 * amount that is not the bill's; otherwise 200, whether or not it changed anything (a replay changes nothing).
 */
export async function paymentCallback(app: AppContext, provider: string, form: Record<string, string>): Promise<string> {
  const config = app.config.billing.billplz;
  if (provider !== 'billplz' || !config) throw notFound('No such payment provider.');
  if (!signatureValid(form, config.signatureKey)) throw new AppError(403, 'Invalid signature.');
  const payment = form.id ? await app.repos.billing.findPaymentByBill('billplz', form.id) : undefined;
  if (!payment) throw notFound('No such bill.');
  // A paid bill names what was paid: without it (a gateway change), nothing says the whole amount came (probe item 10).
  if (Number(form.amount) !== payment.amount_sen || (form.paid === 'true' && (form.paid_amount === undefined || Number(form.paid_amount) !== payment.amount_sen))) {
    console.warn(`Billplz callback for bill ${form.id}: amount ${form.amount} (paid ${form.paid_amount}) is not ${payment.amount_sen}.`);
    throw new AppError(422, 'The amount does not match the bill.', { amount: ['The amount does not match the bill.'] });
  }
  await settleBill(app, payment, billOutcome({ paid: form.paid === 'true', state: form.state ?? '' }));
  return 'OK';
}

/**
 * The buyer back from the gateway (GET payments/{id}): the payment's state, asking the gateway first when its
 * callback has not come yet (a callback that came first has settled it already).
 */
export async function paymentStatus(app: AppContext, actor: Actor, paymentId: number) {
  let payment = await app.repos.billing.findPayment(paymentId);
  if (!payment) throw notFound('No such payment.');
  let invoice = await ownInvoice(app, actor, payment.invoice_id).catch(() => { throw notFound('No such payment.'); });
  const config = app.config.billing.billplz;
  if (payment.status === 'pending' && payment.provider === 'billplz' && payment.bill_id && config) {
    try {
      const bill = await fetchBill(config, payment.bill_id);
      if (bill.amount === payment.amount_sen) await settleBill(app, payment, billOutcome(bill));
    } catch (error) {
      console.warn(`Billplz bill ${payment.bill_id} could not be read:`, error instanceof Error ? error.message : error);
    }
    payment = (await app.repos.billing.findPayment(paymentId))!;
    // Settled just now: its invoice may be paid too.
    if (payment.status !== 'pending') invoice = (await app.repos.invoices.findInvoice(payment.invoice_id))!;
  }
  return { id: payment.id, provider: payment.provider, status: payment.status, amount_sen: payment.amount_sen, invoice_id: invoice.id, invoice_status: invoice.status };
}

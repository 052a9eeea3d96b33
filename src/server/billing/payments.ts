/**
 * Paying an invoice (issue 27, decision 0023; issue 39) through one of the providers (providers.ts): a bank transfer
 * (the default: the invoice shows the account, an operator marks it paid) or a hosted checkout (a bill, the buyer sent
 * to the gateway's page, a signed server-to-server callback, the buyer back on a status page). Whatever arrives twice,
 * an invoice is paid once: a payment settles once, the invoice's state changes only from `issued`, and what it bills
 * is fulfilled in the same transaction (fulfilment.ts). Money that came for nothing (paid twice, or after the invoice
 * was voided) is owed back (refunds.ts).
 */
import { z } from 'zod';
import { PAYMENT_PROVIDERS } from '../../shared/billing.ts';
import { absoluteUrl } from '../../shared/urls.ts';
import type { AppContext } from '../app-types.ts';
import type { PaymentRow } from '../db/rows.ts';
import type { Repositories } from '../db/repositories.ts';
import { AppError, notFound, parseInput, invalid } from '../errors.ts';
import type { Actor } from '../policies.ts';
import { fulfil } from './fulfilment.ts';
import { ownInvoice } from './invoices.ts';
import { invoicePaidMail } from './mails.ts';
import { hostedProvider, type BillOutcome, type GatewayBill } from './providers.ts';
import { owePayment } from './refunds.ts';
import { say } from '../../shared/said.ts';

const PaySchema = z.object({ provider: z.enum(PAYMENT_PROVIDERS, { error: say('form_choose_one_of', { options: PAYMENT_PROVIDERS.join(', ') }) }) });

/**
 * The invoice is paid (inside the caller's transaction): what it bills is fulfilled (a plan starts, an ad goes live)
 * and the buyer is mailed. False when it was not waiting for payment.
 */
async function invoicePaid(app: AppContext, tx: Repositories, invoiceId: number): Promise<boolean> {
  if (!(await tx.invoices.markPaid(invoiceId))) return false;
  const invoice = (await tx.invoices.find(invoiceId))!;
  await fulfil(app.fulfilment, tx, invoice);
  const buyer = invoice.user_id === null ? undefined : await tx.users.findUser(invoice.user_id);
  if (buyer?.email) await app.outbox.queueMail(invoicePaidMail({ email: buyer.email, locale: buyer.locale }, invoice, app.config.siteUrl), { tx });
  return true;
}

/**
 * A bank transfer for the invoice arrived (inside the caller's transaction): recorded as a paid payment (what a refund
 * would return), and the invoice paid. False, and nothing recorded, when it was not waiting for payment.
 */
export async function transferArrived(app: AppContext, tx: Repositories, invoiceId: number): Promise<boolean> {
  const invoice = await tx.invoices.find(invoiceId);
  if (!invoice || invoice.kind !== 'invoice' || invoice.status !== 'issued') return false;
  // The payment first: what the invoice fulfils may owe it back (an ad that can no longer go live).
  const payment = await tx.payments.insert({ invoiceId, provider: 'bank_transfer', amountSen: invoice.total_sen });
  await tx.payments.settle(payment, 'paid');
  if (!(await invoicePaid(app, tx, invoiceId))) throw new AppError('invoice_was_paid_meanwhile');
  return true;
}

/**
 * `npm run billing -- mark-paid NUMBER`: a bank transfer arrived. False (and no mail) when that invoice was not
 * waiting for payment.
 */
export async function markPaidByNumber(app: AppContext, number: string): Promise<boolean> {
  const id = await app.repos.invoices.findIdByNumber(number);
  if (id === undefined) throw notFound('no_invoice_number', { number });
  return app.repos.transaction((tx) => transferArrived(app, tx, id));
}

/** POST invoices/{id}/pay {provider}: where to send the buyer (the gateway's page, or the invoice's bank details). */
export async function payInvoice(app: AppContext, actor: Actor, invoiceId: number, input: unknown) {
  const { provider: name } = parseInput(PaySchema, input);
  const invoice = await ownInvoice(app, actor, invoiceId);
  if (invoice.kind !== 'invoice' || invoice.status !== 'issued') throw invalid('invoice', 'invoice_not_waiting_payment');
  const invoicePage = `/advertiser/invoices/${invoice.id}`;
  const provider = hostedProvider(app.payments, name);
  if (name !== 'bank_transfer' && !provider) throw invalid('provider', 'online_payment_not_available_pay');
  if (!provider) {
    if (name !== 'bank_transfer') throw invalid('provider', 'online_payment_not_available_pay');
    return {
      provider: name, redirect_url: `${invoicePage}#pay`,
      bank_transfer: { account: app.config.billing.bankAccount, reference: invoice.number, amount_sen: invoice.total_sen },
    };
  }
  // An open bill of the same amount is sent again rather than a second one made.
  const open = (await app.repos.payments.findByInvoice(invoice.id)).find((payment) => payment.provider === name && payment.status === 'pending' && payment.bill_url && payment.amount_sen === invoice.total_sen);
  if (open) return { provider: name, redirect_url: open.bill_url!, payment_id: open.id };
  const paymentId = await app.repos.payments.insert({ invoiceId: invoice.id, provider: name, amountSen: invoice.total_sen });
  const user = (await app.repos.users.findUser(actor.id))!;
  let bill: GatewayBill;
  try {
    bill = await provider.createBill({
      email: user.email ?? app.config.enquiryInbox, name: String(invoice.buyer.name ?? user.name), amountSen: invoice.total_sen,
      description: `Invoice ${invoice.number}`, reference: invoice.number,
      callbackUrl: absoluteUrl(app.config.siteUrl, `/api/payments/${name}/callback`),
      redirectUrl: absoluteUrl(app.config.siteUrl, `${invoicePage}?payment=${paymentId}`),
    });
  } catch (error) {
    await app.repos.payments.settle(paymentId, 'cancelled');
    console.warn(`${name} bill for ${invoice.number} failed:`, error instanceof Error ? error.message : error);
    throw new AppError('payment_gateway_not_answering_try');
  }
  if (bill.amount !== invoice.total_sen) throw new AppError('payment_gateway_answered_another_amount');
  await app.repos.payments.setBill(paymentId, bill.id, bill.url);
  return { provider: name, redirect_url: bill.url, payment_id: paymentId };
}

/** Applies what the gateway says of a bill to its payment (and its invoice, once). */
async function settleBill(app: AppContext, payment: PaymentRow, outcome: BillOutcome): Promise<void> {
  if (outcome === 'open') return;
  if (outcome !== 'paid') {
    await app.repos.payments.settle(payment.id, outcome);
    return;
  }
  await app.repos.transaction(async (tx) => {
    if (!(await tx.payments.settle(payment.id, 'paid'))) return;
    if (await invoicePaid(app, tx, payment.invoice_id)) return;
    // Paid twice (online and by transfer), or after the invoice was voided: the money is owed back.
    const invoice = (await tx.invoices.find(payment.invoice_id))!;
    await owePayment(app, tx, (await tx.payments.find(payment.id))!, invoice.status === 'void' ? 'void' : 'twice');
  });
}

/**
 * POST /api/payments/{provider}/callback: the gateway's server-to-server form, signed (no cookie, no Origin, no CSRF
 * token: the signature is the only proof). 403 for a bad signature, 404 for a bill that is not ours, 422 for an amount
 * that is not the bill's; otherwise 200, whether or not it changed anything (a replay changes nothing).
 */
export async function paymentCallback(app: AppContext, name: string, form: Record<string, string>): Promise<string> {
  const provider = hostedProvider(app.payments, name);
  if (!provider) throw notFound('no_such_payment_provider');
  const facts = provider.verifyCallback(form);
  if (!facts) throw new AppError('invalid_signature');
  const payment = await app.repos.payments.findByBill(provider.name, facts.billId);
  if (!payment) throw notFound('no_such_bill');
  // A paid bill names what was paid: without it (a gateway change), nothing says the whole amount came (probe item 10).
  if (facts.amountSen !== payment.amount_sen || (facts.paid && facts.paidAmountSen !== payment.amount_sen)) {
    console.warn(`${name} callback for bill ${facts.billId}: amount ${facts.amountSen} (paid ${facts.paidAmountSen}) is not ${payment.amount_sen}.`);
    throw invalid('amount', 'amount_does_not_match_bill');
  }
  await settleBill(app, payment, provider.outcome({ paid: facts.paid, state: facts.state }));
  return 'OK';
}

/**
 * The buyer back from the gateway (GET payments/{id}): the payment's state, asking the gateway first when its
 * callback has not come yet (a callback that came first has settled it already).
 */
export async function paymentStatus(app: AppContext, actor: Actor, paymentId: number) {
  let payment = await app.repos.payments.find(paymentId);
  if (!payment) throw notFound('no_such_payment');
  let invoice = await ownInvoice(app, actor, payment.invoice_id).catch(() => { throw notFound('no_such_payment'); });
  const provider = hostedProvider(app.payments, payment.provider);
  if (payment.status === 'pending' && payment.bill_id && provider) {
    try {
      const bill = await provider.fetchBill(payment.bill_id);
      if (bill.amount === payment.amount_sen) await settleBill(app, payment, provider.outcome(bill));
    } catch (error) {
      console.warn(`${payment.provider} bill ${payment.bill_id} could not be read:`, error instanceof Error ? error.message : error);
    }
    payment = (await app.repos.payments.find(paymentId))!;
    // Settled just now: its invoice may be paid too.
    if (payment.status !== 'pending') invoice = (await app.repos.invoices.find(payment.invoice_id))!;
  }
  return { id: payment.id, provider: payment.provider, status: payment.status, amount_sen: payment.amount_sen, invoice_id: invoice.id, invoice_status: invoice.status };
}

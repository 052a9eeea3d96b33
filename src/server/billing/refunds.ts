/**
 * Money owed back (issue 39): a payment for something that will not be delivered (an ad removed before its paid
 * invoice could put it live, an invoice paid twice, or paid after it was voided) is owed back, never kept silently.
 * Marked due in the transaction that finds it; a provider with a refund call is asked by the `refund-payment` job
 * (outside any transaction: it is the gateway's I/O); the others (a bank transfer, Billplz) are listed in the operator
 * console, where an operator refunds by hand and records the bank's reference.
 */
import { z } from 'zod';
import { ringgit } from '../../shared/plans.ts';
import type { AppContext } from '../app-types.ts';
import { audit } from '../audit-log.ts';
import type { Repositories } from '../db/repositories.ts';
import type { PaymentRow } from '../db/rows.ts';
import { AppError, notFound, parseInput } from '../errors.ts';
import { jobKind } from '../jobs/kind.ts';
import type { Actor } from '../policies.ts';
import { refundMail, type RefundCause } from './mails.ts';
import { hostedProvider } from './providers.ts';

/** Asks a provider that can refund to refund one payment owed back. */
export const RefundPaymentJob = jobKind('refund-payment', z.object({ paymentId: z.number().int().positive() }).strict());

/** The payment is owed back (in the caller's transaction): the provider's refund is queued, or it waits for an operator. */
export async function owePayment(app: Pick<AppContext, 'outbox' | 'payments'>, tx: Repositories, payment: PaymentRow, cause: RefundCause): Promise<void> {
  if (!(await tx.payments.refundDue(payment.id))) return;
  const invoice = (await tx.invoices.find(payment.invoice_id))!;
  const buyer = invoice.user_id === null ? undefined : await tx.users.findUser(invoice.user_id);
  const byProvider = hostedProvider(app.payments, payment.provider)?.refund !== undefined;
  if (byProvider) await RefundPaymentJob.queue(tx.jobs, { paymentId: payment.id }, { idempotencyKey: `refund-payment:${payment.id}` });
  if (buyer?.email) await app.outbox.queueMail(refundMail({ email: buyer.email, locale: buyer.locale }, invoice, payment.amount_sen, cause, byProvider), { tx });
}

/** The `refund-payment` job: the provider refunds, and the payment is marked refunded with its reference. */
export async function refundThroughProvider(app: AppContext, paymentId: number): Promise<void> {
  const payment = await app.repos.payments.find(paymentId);
  if (!payment || payment.refund_status !== 'due') return;
  const provider = hostedProvider(app.payments, payment.provider);
  if (!provider?.refund) return;
  const { reference } = await provider.refund(payment);
  await app.repos.payments.markRefunded(payment.id, reference);
}

/** GET refunds: the payments owed back, oldest first, with their invoices. */
export async function listRefunds(app: AppContext) {
  const payments = await app.repos.payments.findRefundsDue(200);
  return Promise.all(payments.map(async (payment) => {
    const invoice = (await app.repos.invoices.find(payment.invoice_id))!;
    return {
      id: payment.id, provider: payment.provider, amount_sen: payment.amount_sen, paid_at: payment.settled_at, bill_id: payment.bill_id,
      invoice: { id: invoice.id, number: invoice.number, status: invoice.status, buyer: invoice.buyer },
      by_hand: hostedProvider(app.payments, payment.provider)?.refund === undefined,
    };
  }));
}

const RefundedSchema = z.object({ reference: z.string({ error: 'Give the refund\'s bank reference.' }).trim().min(3, 'Give the refund\'s bank reference.').max(200) });

/** POST refunds/{id}/refunded {reference}: an operator refunded a payment by hand (audited). */
export async function markRefunded(app: AppContext, actor: Actor, client: string, id: number, input: unknown) {
  const { reference } = parseInput(RefundedSchema, input);
  const payment = await app.repos.payments.find(id);
  if (!payment) throw notFound('no_such_payment');
  await app.repos.transaction(async (tx) => {
    if (!(await tx.payments.markRefunded(id, reference))) throw new AppError('payment_not_waiting_refund');
    await audit(tx, actor, client, { action: 'payment.refunded', target: { type: 'payment', id }, reason: reference, before: { refund: 'due' }, after: { refund: 'refunded' } });
  });
  return { data: { id, refund_status: 'refunded', refund_reference: reference }, message: `The refund of ${ringgit(payment.amount_sen)} is recorded.` };
}

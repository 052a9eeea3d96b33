/**
 * Bank transfers waiting to be confirmed (issue 28's payments queue, issue 27's invoices): the unpaid invoices,
 * oldest due first; marking one paid does what `npm run billing -- mark-paid` does, audited.
 */
import { invoiceJson, transferArrived } from '../billing/index.ts';
import type { AppContext } from '../app-types.ts';
import type { SessionRow } from '../db/rows.ts';
import { notFound, invalid } from '../errors.ts';
import type { Actor } from '../policies.ts';
import { requireFreshProof } from './access.ts';
import { audit } from './audit.ts';

/** GET payments: invoices waiting for payment, oldest due first. */
export async function listUnpaidInvoices(app: AppContext) {
  return (await app.repos.invoices.findUnpaid(500)).map((invoice) => ({ ...invoiceJson(app, invoice), user_id: invoice.user_id }));
}

/** POST invoices/{id}/mark-paid: a bank transfer arrived. */
export async function markInvoicePaid(app: AppContext, actor: Actor, session: SessionRow, client: string, id: number) {
  requireFreshProof(app, session);
  const invoice = await app.repos.invoices.find(id);
  if (!invoice || invoice.kind !== 'invoice') throw notFound('no_such_invoice');
  await app.repos.transaction(async (tx) => {
    if (!(await transferArrived(app, tx, id))) throw invalid('invoice', 'invoice_not_waiting_payment');
    await audit(tx, actor, client, { action: 'invoice.mark_paid', target: { type: 'invoice', id }, before: { status: invoice.status }, after: { status: 'paid', number: invoice.number } });
  });
  return { data: { id, number: invoice.number, status: 'paid' as const }, message: `${invoice.number} is paid.` };
}

/** GET queues: how many items wait in each queue the console has. */
/** Each queue's count, SSM verifications (issue 45) among them. */
export const queueCounts = async (app: AppContext) => ({ ...await app.repos.operator.countQueues(), verifications: await app.repos.verifications.countPendingVerifications() });

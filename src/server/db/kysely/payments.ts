/** Payments (migration 0022): attempts to pay an invoice through a provider, settled once, for every backend. */
import type { PaymentRow } from '../rows.ts';
import { count, type QueryDb } from './query.ts';

const paymentRow = (row: Record<string, unknown>): PaymentRow => ({
  id: Number(row.id), invoice_id: Number(row.invoice_id), provider: row.provider as PaymentRow['provider'], bill_id: (row.bill_id as string | null) ?? null,
  bill_url: (row.bill_url as string | null) ?? null, amount_sen: count(row.amount_sen), status: row.status as PaymentRow['status'],
  created_at: row.created_at as string, settled_at: (row.settled_at as string | null) ?? null,
});

export async function insertPayment(db: QueryDb, payment: { invoiceId: number; provider: PaymentRow['provider']; amountSen: number }, now: string): Promise<number> {
  const { id } = await db.insertInto('payments').values({ invoice_id: payment.invoiceId, provider: payment.provider, amount_sen: payment.amountSen, created_at: now })
    .returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

/** Records the gateway's bill for a payment. */
export async function setPaymentBill(db: QueryDb, id: number, billId: string, billUrl: string): Promise<void> {
  await db.updateTable('payments').set({ bill_id: billId, bill_url: billUrl }).where('id', '=', id).execute();
}

export async function findPayment(db: QueryDb, id: number): Promise<PaymentRow | undefined> {
  const row = await db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
  return row && paymentRow(row);
}

export async function findPaymentByBill(db: QueryDb, provider: PaymentRow['provider'], billId: string): Promise<PaymentRow | undefined> {
  const row = await db.selectFrom('payments').selectAll().where('provider', '=', provider).where('bill_id', '=', billId).executeTakeFirst();
  return row && paymentRow(row);
}

/** An invoice's payments, newest first. */
export async function findPayments(db: QueryDb, invoiceId: number): Promise<PaymentRow[]> {
  return (await db.selectFrom('payments').selectAll().where('invoice_id', '=', invoiceId).orderBy('id', 'desc').execute()).map(paymentRow);
}

/**
 * Settles a payment: a pending one any way, and one cancelled or expired as paid after all (the money came); false
 * when nothing changed (a callback arriving twice).
 */
export async function settlePayment(db: QueryDb, id: number, status: Exclude<PaymentRow['status'], 'pending'>, now: string): Promise<boolean> {
  const from = status === 'paid' ? ['pending', 'cancelled', 'expired'] : ['pending'];
  const result = await db.updateTable('payments').set({ status, settled_at: now }).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

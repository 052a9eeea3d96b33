/**
 * Payments (migrations 0022, 0033): attempts to pay an invoice through a provider, settled once, and refunded when what
 * they paid for is credited or voided (issue 39). Written once in the query layer for every backend, built on the
 * database or on a transaction.
 */
import type { PaymentRow } from '../rows.ts';
import { QueryRepository } from './query-access.ts';
import { count } from './query.ts';
import type { PaymentRepository } from '../repositories.ts';

const paymentRow = (row: Record<string, unknown>): PaymentRow => ({
  id: Number(row.id), invoice_id: Number(row.invoice_id), provider: row.provider as PaymentRow['provider'], bill_id: (row.bill_id as string | null) ?? null,
  bill_url: (row.bill_url as string | null) ?? null, amount_sen: count(row.amount_sen), status: row.status as PaymentRow['status'],
  created_at: row.created_at as string, settled_at: (row.settled_at as string | null) ?? null,
  refund_status: (row.refund_status as PaymentRow['refund_status']) ?? null, refund_reference: (row.refund_reference as string | null) ?? null,
  refunded_at: (row.refunded_at as string | null) ?? null,
});

export class KyselyPaymentRepository extends QueryRepository implements PaymentRepository {
  insert(payment: { invoiceId: number; provider: PaymentRow['provider']; amountSen: number }): Promise<number> {
    const now = this.access.now();
    return this.access.write(async (db) => Number((await db.insertInto('payments').values({ invoice_id: payment.invoiceId, provider: payment.provider, amount_sen: payment.amountSen, created_at: now })
      .returning('id').executeTakeFirstOrThrow()).id));
  }

  /** Records the gateway's bill for a payment. */
  setBill(id: number, billId: string, billUrl: string): Promise<void> {
    return this.access.write(async (db) => {
      await db.updateTable('payments').set({ bill_id: billId, bill_url: billUrl }).where('id', '=', id).execute();
    });
  }

  find(id: number): Promise<PaymentRow | undefined> {
    return this.access.read(async (db) => {
      const row = await db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
      return row && paymentRow(row);
    });
  }

  findByBill(provider: PaymentRow['provider'], billId: string): Promise<PaymentRow | undefined> {
    return this.access.read(async (db) => {
      const row = await db.selectFrom('payments').selectAll().where('provider', '=', provider).where('bill_id', '=', billId).executeTakeFirst();
      return row && paymentRow(row);
    });
  }

  /** An invoice's payments, newest first. */
  findByInvoice(invoiceId: number): Promise<PaymentRow[]> {
    return this.access.read(async (db) => (await db.selectFrom('payments').selectAll().where('invoice_id', '=', invoiceId).orderBy('id', 'desc').execute()).map(paymentRow));
  }

  /**
   * Settles a payment: a pending one any way, and one cancelled or expired as paid after all (the money came); false
   * when nothing changed (a callback arriving twice).
   */
  settle(id: number, status: Exclude<PaymentRow['status'], 'pending'>): Promise<boolean> {
    const now = this.access.now();
    const from = status === 'paid' ? ['pending', 'cancelled', 'expired'] : ['pending'];
    return this.access.write(async (db) => Number((await db.updateTable('payments').set({ status, settled_at: now }).where('id', '=', id).where('status', 'in', from)
      .executeTakeFirst()).numUpdatedRows) === 1);
  }

  /** A paid payment is owed back (compare-and-set: false when it is not paid, or owed or refunded already). */
  refundDue(id: number): Promise<boolean> {
    return this.access.write(async (db) => Number((await db.updateTable('payments').set({ refund_status: 'due' }).where('id', '=', id).where('status', '=', 'paid')
      .where('refund_status', 'is', null).executeTakeFirst()).numUpdatedRows) === 1);
  }

  /** A payment owed back has been refunded, with the provider's or the bank's reference; false when it was not owed. */
  markRefunded(id: number, reference: string): Promise<boolean> {
    const now = this.access.now();
    return this.access.write(async (db) => Number((await db.updateTable('payments').set({ refund_status: 'refunded', refund_reference: reference, refunded_at: now })
      .where('id', '=', id).where('refund_status', '=', 'due').executeTakeFirst()).numUpdatedRows) === 1);
  }

  /** Payments owed back, oldest first (the operator console's refund list). */
  findRefundsDue(limit: number): Promise<PaymentRow[]> {
    return this.access.read(async (db) => (await db.selectFrom('payments').selectAll().where('refund_status', '=', 'due').orderBy('created_at').orderBy('id').limit(limit).execute()).map(paymentRow));
  }

  /** How many payments are owed back. */
  countRefundsDue(): Promise<number> {
    return this.access.read(async (db) => count((await db.selectFrom('payments').select((eb) => eb.fn.countAll().as('n')).where('refund_status', '=', 'due').executeTakeFirst())?.n));
  }
}

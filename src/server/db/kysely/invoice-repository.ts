/**
 * Invoices and credit notes (migrations 0021, 0033; issue 39): each numbered without gaps in its series per year (invoices
 * YP-2026-000001, credit notes CN-2026-000001), with their lines, never edited: paid once, or voided with a reason (it
 * keeps its number). Written once in the query layer for every backend, built on the database or on a transaction.
 */
import { sql } from 'kysely';
import { invoiceNumber } from '../../../shared/billing.ts';
import type { InvoiceRow, NewInvoice } from '../rows.ts';
import { QueryRepository } from './query-access.ts';
import { count, jsonText, type QueryDb } from './query.ts';
import type { InvoiceRepository } from '../repositories.ts';

const invoiceColumns = [
  'id', 'number', 'kind', 'corrects_invoice_id', 'user_id', 'profile_id', 'status', 'seller', 'buyer', 'sst_rate_bp', 'subtotal_sen', 'sst_sen', 'total_sen',
  'issued_at', 'due_at', 'paid_at', 'void_reason',
] as const;

const orNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

async function withLines(db: QueryDb, rows: Record<(typeof invoiceColumns)[number], unknown>[]): Promise<InvoiceRow[]> {
  if (rows.length === 0) return [];
  const lines = await db.selectFrom('invoice_lines').select(['invoice_id', 'description', 'quantity', 'unit_sen', 'amount_sen', 'sst_sen', 'purpose', 'post_id'])
    .where('invoice_id', 'in', rows.map((row) => Number(row.id))).orderBy('invoice_id').orderBy('position').execute();
  return rows.map((row) => ({
    id: Number(row.id), number: row.number as string, kind: row.kind as InvoiceRow['kind'], corrects_invoice_id: orNull(row.corrects_invoice_id),
    user_id: orNull(row.user_id), profile_id: orNull(row.profile_id), status: row.status as InvoiceRow['status'],
    seller: JSON.parse(jsonText(row.seller)!) as Record<string, unknown>, buyer: JSON.parse(jsonText(row.buyer)!) as Record<string, unknown>,
    sst_rate_bp: count(row.sst_rate_bp), subtotal_sen: count(row.subtotal_sen), sst_sen: count(row.sst_sen), total_sen: count(row.total_sen),
    issued_at: row.issued_at as string, due_at: row.due_at as string, paid_at: (row.paid_at as string | null) ?? null,
    void_reason: (row.void_reason as string | null) ?? null,
    lines: lines.filter((line) => Number(line.invoice_id) === Number(row.id)).map((line) => ({
      description: line.description, quantity: count(line.quantity), unit_sen: count(line.unit_sen), amount_sen: count(line.amount_sen), sst_sen: count(line.sst_sen),
      purpose: line.purpose as InvoiceRow['lines'][number]['purpose'], post_id: orNull(line.post_id),
    })),
  }));
}

export class KyselyInvoiceRepository extends QueryRepository implements InvoiceRepository {
  /**
   * Issues an invoice, or a credit note (`correctsInvoiceId`): takes its series' next number of the year and writes it
   * with its lines, in the caller's transaction (or one of its own). The counter's row stays locked until it commits,
   * so numbers follow each other in commit order, and a rollback gives its number back: no gaps, no duplicates.
   */
  issue(invoice: NewInvoice): Promise<{ id: number; number: string }> {
    const now = this.access.now();
    return this.access.write(async (db) => {
      const series = invoice.kind === 'credit_note' ? 'CN' : 'YP';
      const { last } = await db.insertInto('invoice_numbers').values({ series, year: invoice.year, last: 1 })
        .onConflict((conflict) => conflict.columns(['series', 'year']).doUpdateSet({ last: sql<number>`invoice_numbers.last + 1` }))
        .returning('last').executeTakeFirstOrThrow();
      const sequence = count(last);
      const number = invoiceNumber(series, invoice.year, sequence);
      const { id } = await db.insertInto('invoices').values({
        number, series, year: invoice.year, sequence, kind: invoice.kind, corrects_invoice_id: invoice.correctsInvoiceId, user_id: invoice.userId,
        profile_id: invoice.profileId, seller: JSON.stringify(invoice.seller), buyer: JSON.stringify(invoice.buyer), sst_rate_bp: invoice.sstRateBp,
        subtotal_sen: invoice.subtotal_sen, sst_sen: invoice.sst_sen, total_sen: invoice.total_sen, issued_at: now, due_at: invoice.dueAt,
      }).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('invoice_lines').values(invoice.lines.map((line, position) => ({
        invoice_id: id, position, description: line.description, quantity: line.quantity, unit_sen: line.unit_sen, amount_sen: line.amount_sen, sst_sen: line.sst_sen,
        purpose: line.purpose ?? 'plan', post_id: line.post_id ?? null,
      }))).execute();
      return { id: Number(id), number };
    });
  }

  find(id: number): Promise<InvoiceRow | undefined> {
    return this.access.read(async (db) => {
      const row = await db.selectFrom('invoices').select(invoiceColumns).where('id', '=', id).executeTakeFirst();
      return row ? (await withLines(db, [row]))[0] : undefined;
    });
  }

  /** A user's invoices and credit notes, newest first. */
  findByUser(userId: number, limit: number): Promise<InvoiceRow[]> {
    return this.access.read(async (db) => withLines(db, await db.selectFrom('invoices').select(invoiceColumns).where('user_id', '=', userId)
      .orderBy('issued_at', 'desc').orderBy('id', 'desc').limit(limit).execute()));
  }

  /** Invoices waiting for payment (a bank transfer), oldest due first. */
  findUnpaid(limit: number): Promise<InvoiceRow[]> {
    return this.access.read(async (db) => withLines(db, await db.selectFrom('invoices').select(invoiceColumns).where('status', '=', 'issued').where('kind', '=', 'invoice')
      .orderBy('due_at').orderBy('id').limit(limit).execute()));
  }

  findIdByNumber(number: string): Promise<number | undefined> {
    return this.access.read(async (db) => {
      const row = await db.selectFrom('invoices').select('id').where('number', '=', number).executeTakeFirst();
      return row && Number(row.id);
    });
  }

  /** Marks an issued invoice paid (compare-and-set); false when it was not waiting for payment (paid twice: once). */
  markPaid(id: number): Promise<boolean> {
    const now = this.access.now();
    return this.access.write(async (db) => Number((await db.updateTable('invoices').set({ status: 'paid', paid_at: now })
      .where('id', '=', id).where('status', '=', 'issued').executeTakeFirst()).numUpdatedRows) === 1);
  }

  /** Voids an issued invoice, with why (compare-and-set; it keeps its number); false when it was not open. */
  void(id: number, reason: string): Promise<boolean> {
    return this.access.write(async (db) => Number((await db.updateTable('invoices').set({ status: 'void', void_reason: reason })
      .where('id', '=', id).where('status', '=', 'issued').executeTakeFirst()).numUpdatedRows) === 1);
  }

  /** The newest invoice in a state (issued: open; paid) with a line of this purpose for the ad, if any. */
  findFor(postId: number, purpose: 'ad' | 'amendment', status: 'issued' | 'paid' = 'issued'): Promise<number | undefined> {
    return this.access.read(async (db) => {
      const row = await db.selectFrom('invoice_lines as l').innerJoin('invoices as i', 'i.id', 'l.invoice_id').select('i.id')
        .where('l.post_id', '=', postId).where('l.purpose', '=', purpose).where('i.status', '=', status).where('i.kind', '=', 'invoice')
        .orderBy('i.id', 'desc').limit(1).executeTakeFirst();
      return row && Number(row.id);
    });
  }

  /** Which of these ads have an open invoice for going live (their owners wait on it). */
  findAwaitingPayment(postIds: readonly number[]): Promise<Map<number, { id: number; number: string }>> {
    if (postIds.length === 0) return Promise.resolve(new Map());
    return this.access.read(async (db) => {
      const rows = await db.selectFrom('invoice_lines as l').innerJoin('invoices as i', 'i.id', 'l.invoice_id').select(['l.post_id', 'i.id', 'i.number'])
        .where('l.post_id', 'in', [...postIds]).where('l.purpose', '=', 'ad').where('i.status', '=', 'issued').where('i.kind', '=', 'invoice').orderBy('i.id').execute();
      return new Map(rows.map((row) => [Number(row.post_id), { id: Number(row.id), number: row.number }]));
    });
  }
}

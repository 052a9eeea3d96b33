/** Invoices (migration 0021): numbered without gaps per year, with their lines, for every backend. */
import { sql } from 'kysely';
import { invoiceNumber } from '../../../shared/billing.ts';
import type { InvoiceRow, NewInvoice } from '../rows.ts';
import { count, jsonText, type QueryDb } from './query.ts';

/**
 * Issues an invoice: takes the year's next number and writes the invoice with its lines. Run inside a transaction
 * (the repository's write is one): the counter's row is locked until it commits, so numbers follow each other in
 * commit order, and a rollback gives its number back: no gaps, no duplicates, across processes too.
 */
export async function issueInvoice(db: QueryDb, invoice: NewInvoice, now: string): Promise<{ id: number; number: string }> {
  const { last } = await db.insertInto('invoice_numbers').values({ year: invoice.year, last: 1 })
    .onConflict((conflict) => conflict.column('year').doUpdateSet({ last: sql<number>`invoice_numbers.last + 1` }))
    .returning('last').executeTakeFirstOrThrow();
  const sequence = count(last);
  const number = invoiceNumber(invoice.year, sequence);
  const { id } = await db.insertInto('invoices').values({
    number, year: invoice.year, sequence, kind: invoice.kind, corrects_invoice_id: invoice.correctsInvoiceId, user_id: invoice.userId,
    profile_id: invoice.profileId, seller: JSON.stringify(invoice.seller), buyer: JSON.stringify(invoice.buyer), sst_rate_bp: invoice.sstRateBp,
    subtotal_sen: invoice.subtotal_sen, sst_sen: invoice.sst_sen, total_sen: invoice.total_sen, issued_at: now, due_at: invoice.dueAt,
  }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('invoice_lines').values(invoice.lines.map((line, position) => ({
    invoice_id: id, position, description: line.description, quantity: line.quantity, unit_sen: line.unit_sen, amount_sen: line.amount_sen, sst_sen: line.sst_sen,
    purpose: line.purpose ?? 'plan', post_id: line.post_id ?? null,
  }))).execute();
  return { id: Number(id), number };
}

const invoiceColumns = [
  'id', 'number', 'kind', 'corrects_invoice_id', 'user_id', 'profile_id', 'status', 'seller', 'buyer', 'sst_rate_bp', 'subtotal_sen', 'sst_sen', 'total_sen',
  'issued_at', 'due_at', 'paid_at',
] as const;

async function withLines(db: QueryDb, rows: Record<(typeof invoiceColumns)[number], unknown>[]): Promise<InvoiceRow[]> {
  if (rows.length === 0) return [];
  const lines = await db.selectFrom('invoice_lines').select(['invoice_id', 'description', 'quantity', 'unit_sen', 'amount_sen', 'sst_sen', 'purpose', 'post_id'])
    .where('invoice_id', 'in', rows.map((row) => Number(row.id))).orderBy('invoice_id').orderBy('position').execute();
  const orNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return rows.map((row) => ({
    id: Number(row.id), number: row.number as string, kind: row.kind as InvoiceRow['kind'], corrects_invoice_id: orNull(row.corrects_invoice_id),
    user_id: orNull(row.user_id), profile_id: orNull(row.profile_id), status: row.status as InvoiceRow['status'],
    seller: JSON.parse(jsonText(row.seller)!) as Record<string, unknown>, buyer: JSON.parse(jsonText(row.buyer)!) as Record<string, unknown>,
    sst_rate_bp: count(row.sst_rate_bp), subtotal_sen: count(row.subtotal_sen), sst_sen: count(row.sst_sen), total_sen: count(row.total_sen),
    issued_at: row.issued_at as string, due_at: row.due_at as string, paid_at: (row.paid_at as string | null) ?? null,
    lines: lines.filter((line) => Number(line.invoice_id) === Number(row.id)).map((line) => ({
      description: line.description, quantity: count(line.quantity), unit_sen: count(line.unit_sen), amount_sen: count(line.amount_sen), sst_sen: count(line.sst_sen),
      purpose: line.purpose as InvoiceRow['lines'][number]['purpose'], post_id: orNull(line.post_id),
    })),
  }));
}

export async function findInvoice(db: QueryDb, id: number): Promise<InvoiceRow | undefined> {
  const row = await db.selectFrom('invoices').select(invoiceColumns).where('id', '=', id).executeTakeFirst();
  return row ? (await withLines(db, [row]))[0] : undefined;
}

/** A user's invoices and credit notes, newest first. */
export async function findInvoices(db: QueryDb, userId: number, limit: number): Promise<InvoiceRow[]> {
  const rows = await db.selectFrom('invoices').select(invoiceColumns).where('user_id', '=', userId).orderBy('issued_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return withLines(db, rows);
}

export async function findInvoiceIdByNumber(db: QueryDb, number: string): Promise<number | undefined> {
  const row = await db.selectFrom('invoices').select('id').where('number', '=', number).executeTakeFirst();
  return row && Number(row.id);
}

/** Voids an issued invoice its credit note cancels; false when it was not open. */
export async function voidInvoice(db: QueryDb, id: number): Promise<boolean> {
  const result = await db.updateTable('invoices').set({ status: 'void' }).where('id', '=', id).where('status', '=', 'issued').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The open (issued, unpaid) invoice with a line of this purpose for the ad, if any. */
export async function findOpenInvoiceFor(db: QueryDb, postId: number, purpose: 'ad' | 'amendment'): Promise<number | undefined> {
  const row = await db.selectFrom('invoice_lines as l').innerJoin('invoices as i', 'i.id', 'l.invoice_id').select('i.id')
    .where('l.post_id', '=', postId).where('l.purpose', '=', purpose).where('i.status', '=', 'issued').orderBy('i.id', 'desc').limit(1).executeTakeFirst();
  return row && Number(row.id);
}

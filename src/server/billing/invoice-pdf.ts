/**
 * An invoice as a PDF (issue 27), rendered by PDFKit with its built-in Helvetica: seller and buyer, number and dates,
 * the lines with their SST, and the totals, as the invoice page shows them. Built-in fonts cover Latin text only; a
 * name in another script prints as the font can (a CJK font is a later step, decision 0023).
 */
import PDFDocument from 'pdfkit';
import type { InvoiceRow } from '../db/rows.ts';
import { malaysiaToday } from '../../shared/malaysia-time.ts';

const money = (sen: number) => `RM ${(sen / 100).toFixed(2)}`;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function invoicePdf(invoice: InvoiceRow): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Invoice ${invoice.number}`, Author: text(invoice.seller.name) } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const title = invoice.kind === 'credit_note' ? 'Credit note' : 'Tax invoice';
  doc.fontSize(18).font('Helvetica-Bold').text(`${title} ${invoice.number}`);
  doc.moveDown(0.5).fontSize(10).font('Helvetica')
    .text(`Issued ${malaysiaToday(Date.parse(invoice.issued_at))} · Due ${malaysiaToday(Date.parse(invoice.due_at))}${invoice.paid_at ? ` · Paid ${malaysiaToday(Date.parse(invoice.paid_at))}` : ''}`);
  doc.moveDown().font('Helvetica-Bold').text('Seller').font('Helvetica')
    .text(text(invoice.seller.name)).text(text(invoice.seller.address)).text(`SST registration: ${text(invoice.seller.sst_registration)}`);
  doc.moveDown().font('Helvetica-Bold').text('Bill to').font('Helvetica').text(text(invoice.buyer.name));
  if (invoice.buyer.company_no) doc.text(`Company no.: ${text(invoice.buyer.company_no)}`);
  if (invoice.buyer.contact) doc.text(`${text(invoice.buyer.contact)}${invoice.buyer.email ? `, ${text(invoice.buyer.email)}` : ''}`);
  doc.moveDown();
  const rate = `${invoice.sst_rate_bp / 100}%`;
  for (const line of invoice.lines) {
    doc.font('Helvetica-Bold').text(line.description);
    doc.font('Helvetica').text(`${line.quantity} × ${money(line.unit_sen)} = ${money(line.amount_sen)}   SST ${rate}: ${money(line.sst_sen)}`);
    doc.moveDown(0.5);
  }
  doc.moveDown().text(`Subtotal: ${money(invoice.subtotal_sen)}`, { align: 'right' })
    .text(`SST ${rate}: ${money(invoice.sst_sen)}`, { align: 'right' })
    .font('Helvetica-Bold').text(`Total: ${money(invoice.total_sen)}`, { align: 'right' });
  doc.end();
  return done;
}

/**
 * An invoice as a PDF (issues 27 and 40), rendered by PDFKit: the site's logo, seller and buyer (with the buyer's
 * address), number and dates, a paid or unpaid stamp, the lines with their SST, the totals, the payment reference, and
 * for a monthly plan what is owed now and what its 12-month minimum means. It embeds a CJK-capable font
 * (invoice-font.ts), so Malay and Chinese names print.
 */
import PDFDocument from 'pdfkit';
import type { InvoiceRow } from '../db/rows.ts';
import { malaysiaToday } from '../../shared/malaysia-time.ts';
import type { InvoiceFont } from './invoice-font.ts';

const money = (sen: number) => `RM ${(sen / 100).toFixed(2)}`;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const day = (iso: string) => malaysiaToday(Date.parse(iso));

/** What the PDF says beyond the invoice row: how it was paid, and a monthly plan's minimum term. */
export interface InvoicePdfExtras {
  font: InvoiceFont;
  /** The settled payment, when paid: how, and its reference at the provider. */
  paid: { provider: string; reference: string } | null;
  /** A monthly plan's words on what is owed now and its 12-month minimum (null for anything else). */
  term: string | null;
  bankAccount: string;
}

const PROVIDERS: Record<string, string> = { bank_transfer: 'bank transfer', billplz: 'Billplz (FPX or card)', sandbox: 'the sandbox checkout (no money moved)' };

/** The site's mark (public/favicon.svg): a yellow rounded square with a dark Y, drawn as vectors. */
function logo(doc: PDFKit.PDFDocument, x: number, y: number): void {
  doc.save().translate(x, y).scale(1.25);
  doc.roundedRect(0, 0, 32, 32, 6).fill('#ffd200');
  doc.path('M9 8l7 9 7-9M16 17v8').lineWidth(3).lineCap('round').lineJoin('round').stroke('#1f2328');
  doc.restore();
}

export function invoicePdf(invoice: InvoiceRow, extras: InvoicePdfExtras): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Invoice ${invoice.number}`, Author: text(invoice.seller.name) } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('Body', extras.font.regular.path, extras.font.regular.family as string);
  doc.registerFont('Heading', extras.font.bold.path, extras.font.bold.family as string);
  const regular = 'Body';
  const bold = 'Heading';

  logo(doc, 50, 42);
  doc.font(bold).fontSize(14).fillColor('#1f2328').text(text(invoice.seller.name), 100, 52);
  const stamp = invoice.kind === 'credit_note' ? { label: 'CREDIT NOTE', colour: '#1d4ed8' }
    : invoice.status === 'paid' ? { label: 'PAID', colour: '#166534' }
      : invoice.status === 'void' ? { label: 'VOID', colour: '#6b7280' } : { label: `UNPAID · due ${day(invoice.due_at)}`, colour: '#b91c1c' };
  doc.font(bold).fontSize(12).fillColor(stamp.colour).text(stamp.label, 300, 54, { width: 245, align: 'right' }).fillColor('#1f2328');

  const title = invoice.kind === 'credit_note' ? 'Credit note' : 'Tax invoice';
  doc.moveDown(2).x = 50;
  doc.font(bold).fontSize(18).text(`${title} ${invoice.number}`, 50, 100);
  doc.moveDown(0.5).fontSize(10).font(regular)
    .text(`Issued ${day(invoice.issued_at)} · Due ${day(invoice.due_at)}${invoice.paid_at ? ` · Paid ${day(invoice.paid_at)}` : ''}`);
  doc.moveDown().font(bold).fontSize(11).text('Seller').font(regular).fontSize(10)
    .text(text(invoice.seller.name)).text(text(invoice.seller.address)).text(`SST registration: ${text(invoice.seller.sst_registration)}`);
  doc.moveDown().font(bold).fontSize(11).text('Bill to').font(regular).fontSize(10).text(text(invoice.buyer.name));
  if (invoice.buyer.company_no) doc.text(`Company no.: ${text(invoice.buyer.company_no)}`);
  if (invoice.buyer.address) doc.text(text(invoice.buyer.address));
  if (invoice.buyer.contact) doc.text(`${text(invoice.buyer.contact)}${invoice.buyer.email ? `, ${text(invoice.buyer.email)}` : ''}`);
  doc.moveDown();
  const rate = `${invoice.sst_rate_bp / 100}%`;
  for (const line of invoice.lines) {
    doc.font(bold).fontSize(10).text(line.description);
    doc.font(regular).text(`${line.quantity} × ${money(line.unit_sen)} = ${money(line.amount_sen)}   SST ${rate}: ${money(line.sst_sen)}`);
    doc.moveDown(0.5);
  }
  doc.moveDown().text(`Subtotal: ${money(invoice.subtotal_sen)}`, { align: 'right' })
    .text(`SST ${rate}: ${money(invoice.sst_sen)}`, { align: 'right' })
    .font(bold).fontSize(12).text(`Total: ${money(invoice.total_sen)}`, { align: 'right' });

  doc.moveDown().font(bold).fontSize(11).text('Payment').font(regular).fontSize(10);
  if (invoice.kind === 'credit_note') doc.text(`Corrects an earlier invoice; reference ${invoice.number}.`);
  else if (invoice.status === 'paid') {
    doc.text(`Paid${invoice.paid_at ? ` on ${day(invoice.paid_at)}` : ''}${extras.paid ? ` by ${PROVIDERS[extras.paid.provider] ?? extras.paid.provider}` : ''}. Payment reference: ${extras.paid?.reference ?? invoice.number}.`);
  } else if (invoice.status === 'void') doc.text(`Void${invoice.void_reason ? `: ${invoice.void_reason}` : ''}. Nothing is owed.`);
  else doc.text(`Payment reference: ${invoice.number}. Pay by ${day(invoice.due_at)} by bank transfer to ${extras.bankAccount}, quoting the reference, or online from the invoice page.`);
  if (extras.term) doc.moveDown(0.5).text(extras.term);
  doc.end();
  return done;
}

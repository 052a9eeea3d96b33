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
import { invoiceLabel } from '../../shared/invoice-labels.ts';
import type { Locale } from '../../shared/locale.ts';
import * as m from '../../paraglide/messages.js';

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
  /** The buyer's language: beside the English labels and sentences where it differs (issue 63, decision 0036). */
  locale: Locale;
}

const PROVIDERS: Record<string, typeof m.inv_method_bank_transfer> = { bank_transfer: m.inv_method_bank_transfer, billplz: m.inv_method_billplz, sandbox: m.inv_method_sandbox };

/** The site's mark (public/favicon.svg): a yellow rounded square with a dark Y, drawn as vectors. */
function logo(doc: PDFKit.PDFDocument, x: number, y: number): void {
  doc.save().translate(x, y).scale(1.25);
  doc.roundedRect(0, 0, 32, 32, 6).fill('#ffd200');
  doc.path('M9 8l7 9 7-9M16 17v8').lineWidth(3).lineCap('round').lineJoin('round').stroke('#1f2328');
  doc.restore();
}

export function invoicePdf(invoice: InvoiceRow, extras: InvoicePdfExtras): Promise<Buffer> {
  const { locale } = extras;
  const label = <Inputs extends object>(message: (inputs: Inputs, options?: { locale?: Locale }) => string, inputs = {} as Inputs) => invoiceLabel(message, inputs, locale);
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: label(m.inv_pdf_title, { number: invoice.number }), Author: text(invoice.seller.name) } });
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
  const stamp = invoice.kind === 'credit_note' ? { label: label(m.inv_stamp_credit_note), colour: '#1d4ed8' }
    : invoice.status === 'paid' ? { label: label(m.inv_stamp_paid), colour: '#166534' }
      : invoice.status === 'void' ? { label: label(m.inv_stamp_void), colour: '#6b7280' } : { label: label(m.inv_stamp_unpaid, { date: day(invoice.due_at) }), colour: '#b91c1c' };
  doc.font(bold).fontSize(12).fillColor(stamp.colour).text(stamp.label, 300, 54, { width: 245, align: 'right' }).fillColor('#1f2328');

  const title = label(invoice.kind === 'credit_note' ? m.inv_credit_note : m.inv_tax_invoice);
  doc.moveDown(2).x = 50;
  doc.font(bold).fontSize(18).text(`${title} ${invoice.number}`, 50, 100);
  doc.moveDown(0.5).fontSize(10).font(regular)
    .text([label(m.inv_issued, { date: day(invoice.issued_at) }), label(m.inv_due, { date: day(invoice.due_at) }),
      ...(invoice.paid_at ? [label(m.inv_paid_on, { date: day(invoice.paid_at) })] : [])].join(' · '));
  doc.moveDown().font(bold).fontSize(11).text(label(m.inv_seller)).font(regular).fontSize(10)
    .text(text(invoice.seller.name)).text(text(invoice.seller.address)).text(label(m.inv_sst_registration, { number: text(invoice.seller.sst_registration) }));
  doc.moveDown().font(bold).fontSize(11).text(label(m.inv_bill_to)).font(regular).fontSize(10).text(text(invoice.buyer.name));
  if (invoice.buyer.company_no) doc.text(label(m.inv_company_no, { number: text(invoice.buyer.company_no) }));
  if (invoice.buyer.address) doc.text(text(invoice.buyer.address));
  if (invoice.buyer.contact) doc.text(`${text(invoice.buyer.contact)}${invoice.buyer.email ? `, ${text(invoice.buyer.email)}` : ''}`);
  doc.moveDown();
  const sst = label(m.adv_sst_rate, { rate: invoice.sst_rate_bp / 100 });
  for (const line of invoice.lines) {
    doc.font(bold).fontSize(10).text(line.description);
    doc.font(regular).text(`${line.quantity} × ${money(line.unit_sen)} = ${money(line.amount_sen)}   ${sst}: ${money(line.sst_sen)}`);
    doc.moveDown(0.5);
  }
  doc.moveDown().text(`${label(m.inv_subtotal)}: ${money(invoice.subtotal_sen)}`, { align: 'right' })
    .text(`${sst}: ${money(invoice.sst_sen)}`, { align: 'right' })
    .font(bold).fontSize(12).text(`${label(m.adv_total)}: ${money(invoice.total_sen)}`, { align: 'right' });

  doc.moveDown().font(bold).fontSize(11).text(label(m.inv_payment)).font(regular).fontSize(10);
  // The sentence in English, then in the buyer's language where it differs.
  const say = (words: (language: Locale) => string) => {
    doc.text(words('en'));
    if (locale !== 'en') doc.fillColor('#4b5563').text(words(locale)).fillColor('#1f2328');
  };
  const method = extras.paid ? PROVIDERS[extras.paid.provider] : undefined;
  if (invoice.kind === 'credit_note') say((language) => m.inv_corrects({ number: invoice.number }, { locale: language }));
  else if (invoice.status === 'paid') {
    const reference = extras.paid?.reference ?? invoice.number;
    say((language) => (invoice.paid_at && extras.paid
      ? m.inv_paid_by({ date: day(invoice.paid_at), method: method?.({}, { locale: language }) ?? extras.paid.provider, reference }, { locale: language })
      : m.inv_paid_plain({ reference }, { locale: language })));
  } else if (invoice.status === 'void') {
    say((language) => (invoice.void_reason ? m.inv_void_reason({ reason: invoice.void_reason }, { locale: language }) : m.inv_void_note({}, { locale: language })));
  } else say((language) => m.inv_pay_by({ number: invoice.number, date: day(invoice.due_at), account: extras.bankAccount }, { locale: language }));
  if (extras.term) doc.moveDown(0.5).text(extras.term);
  doc.end();
  return done;
}

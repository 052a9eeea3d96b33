/** The mails of billing (issue 27): an invoice issued (with how to pay it) and a payment received. */
import { malaysiaToday } from '../../shared/malaysia-time.ts';
import { ringgit } from '../../shared/plans.ts';
import { absoluteUrl } from '../../shared/urls.ts';
import type { InvoiceRow } from '../db/rows.ts';
import { composeMail } from '../outbox/compose.ts';
import type { Mail } from '../outbox/outbox.ts';

const invoicePage = (site: string, invoice: InvoiceRow) => absoluteUrl(site, `/advertiser/invoices/${invoice.id}`);

export function invoiceIssuedMail(to: string, invoice: InvoiceRow, site: string, bankAccount: string): Mail {
  return composeMail(to, `Invoice ${invoice.number}`, [
    `Invoice ${invoice.number} for ${ringgit(invoice.total_sen)} (SST included) is issued. Your plan starts once it is paid.`,
    `See it and download the PDF: ${invoicePage(site, invoice)}`,
  ], [
    ['Subtotal', ringgit(invoice.subtotal_sen)], [`SST ${invoice.sst_rate_bp / 100}%`, ringgit(invoice.sst_sen)], ['Total', ringgit(invoice.total_sen)],
    ['Due', malaysiaToday(Date.parse(invoice.due_at))], ['Pay by bank transfer to', bankAccount], ['Reference', invoice.number],
  ]);
}

export function invoicePaidMail(to: string, invoice: InvoiceRow, site: string): Mail {
  return composeMail(to, `Payment received: ${invoice.number}`, [
    `Thank you: we received ${ringgit(invoice.total_sen)} for invoice ${invoice.number}. Your plan runs for the period it covers.`,
    `The paid invoice: ${invoicePage(site, invoice)}`,
  ]);
}

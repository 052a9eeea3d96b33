/**
 * The mails of billing (issue 27): an invoice or credit note issued (with how to pay), a payment received, and each
 * step of a subscription's life (renewal invoiced, grace, downgrade, end of a trial or plan).
 */
import { malaysiaToday } from '../../shared/malaysia-time.ts';
import { ringgit } from '../../shared/plans.ts';
import { absoluteUrl } from '../../shared/urls.ts';
import type { InvoiceRow } from '../db/rows.ts';
import { composeMail } from '../outbox/compose.ts';
import type { Mail } from '../outbox/outbox.ts';

const invoicePage = (site: string, invoice: InvoiceRow) => absoluteUrl(site, `/advertiser/invoices/${invoice.id}`);
const day = (iso: string) => malaysiaToday(Date.parse(iso));

/** What paying the invoice does, in its buyer's words. */
function whatPayingDoes(invoice: InvoiceRow): string {
  const purposes = new Set(invoice.lines.map((line) => line.purpose ?? 'plan'));
  if (purposes.has('ad')) return 'The ad goes live once it is paid.';
  if (purposes.has('amendment')) return 'The amendment is live already; please pay by the due date.';
  return 'The plan runs once it is paid.';
}

export function invoiceIssuedMail(to: string, invoice: InvoiceRow, site: string, bankAccount: string): Mail {
  if (invoice.kind === 'credit_note') {
    return composeMail(to, `Credit note ${invoice.number}`, [
      `Credit note ${invoice.number} cancels ${ringgit(-invoice.total_sen)} (SST included): nothing more is owed for it.`,
      `See it and download the PDF: ${invoicePage(site, invoice)}`,
    ]);
  }
  return composeMail(to, `Invoice ${invoice.number}`, [
    `Invoice ${invoice.number} for ${ringgit(invoice.total_sen)} (SST included) is issued. ${whatPayingDoes(invoice)}`,
    `See it, pay online or download the PDF: ${invoicePage(site, invoice)}`,
  ], [
    ['Subtotal', ringgit(invoice.subtotal_sen)], [`SST ${invoice.sst_rate_bp / 100}%`, ringgit(invoice.sst_sen)], ['Total', ringgit(invoice.total_sen)],
    ['Due', day(invoice.due_at)], ['Pay by bank transfer to', bankAccount], ['Reference', invoice.number],
  ]);
}

export function invoicePaidMail(to: string, invoice: InvoiceRow, site: string): Mail {
  return composeMail(to, `Payment received: ${invoice.number}`, [
    `Thank you: we received ${ringgit(invoice.total_sen)} for invoice ${invoice.number}.`,
    `The paid invoice: ${invoicePage(site, invoice)}`,
  ]);
}

/** The renewal of a plan is invoiced, 7 days before the period ends. */
export function renewalMail(to: string, business: string, plan: string, endsAt: string, invoice: InvoiceRow, site: string): Mail {
  return composeMail(to, `Your ${plan} plan for ${business} renews on ${day(endsAt)}`, [
    `Your ${plan} plan for ${business} renews on ${day(endsAt)}. Invoice ${invoice.number} for ${ringgit(invoice.total_sen)} covers the next period.`,
    `Pay it by ${day(invoice.due_at)}: ${invoicePage(site, invoice)}. Unpaid, the plan runs 7 more days, then the business moves to FREE.`,
  ]);
}

/** The period ended with its renewal unpaid: 7 days of grace. */
export function graceMail(to: string, business: string, plan: string, graceUntil: string, invoice: InvoiceRow, site: string): Mail {
  return composeMail(to, `Pay invoice ${invoice.number} to keep ${plan} for ${business}`, [
    `The period of your ${plan} plan for ${business} has ended and invoice ${invoice.number} is unpaid. The plan stays until ${day(graceUntil)}.`,
    `Pay it now to keep it: ${invoicePage(site, invoice)}. After that day the business moves to FREE.`,
  ]);
}

/** A plan or trial ended: what the business is on now, and which ads moved back to draft. */
export function planEndedMail(to: string, business: string, subject: string, lead: string, nowPlan: string, movedAds: readonly string[], site: string): Mail {
  const moved = movedAds.length === 0
    ? 'All your live ads fit its limits and stay live.'
    : `These ads use more than its limits allow (categories, keywords, photos, PDFs or videos) and are back in draft until you edit them to fit: ${movedAds.map((title) => `"${title}"`).join(', ')}.`;
  return composeMail(to, subject, [
    `${lead} ${business} is on ${nowPlan} now.`,
    moved,
    `Choose a plan: ${absoluteUrl(site, '/advertiser')}`,
  ]);
}

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
import type { Locale } from '../../shared/locale.ts';
import { say, word, type MessageKey } from '../../shared/said.ts';

const invoicePage = (site: string, invoice: InvoiceRow) => absoluteUrl(site, `/advertiser/invoices/${invoice.id}`);
const day = (iso: string) => malaysiaToday(Date.parse(iso));

/** Who a billing mail goes to: their address, and the language it is written in (their account's, issue 63). */
export interface Recipient {
  email: string;
  locale: Locale;
}

/** What paying the invoice does, in its buyer's words. */
function whatPayingDoes(invoice: InvoiceRow): MessageKey {
  const purposes = new Set(invoice.lines.map((line) => line.purpose ?? 'plan'));
  if (purposes.has('ad')) return 'mail_pays_ad';
  if (purposes.has('amendment')) return 'mail_pays_amendment';
  return 'mail_pays_plan';
}

export function invoiceIssuedMail(to: Recipient, invoice: InvoiceRow, site: string, bankAccount: string): Mail {
  const number = invoice.number;
  if (invoice.kind === 'credit_note') {
    return composeMail(to.email, say('mail_credit_note_subject', { number }), [
      say('mail_credit_note_body', { number, amount: ringgit(-invoice.total_sen) }),
      say('mail_see_pdf', { url: invoicePage(site, invoice) }),
    ], [], to.locale);
  }
  return composeMail(to.email, say('mail_invoice_subject', { number }), [
    say('mail_invoice_body', { number, amount: ringgit(invoice.total_sen), purpose: word(whatPayingDoes(invoice)) }),
    say('mail_invoice_see', { url: invoicePage(site, invoice) }),
  ], [
    [say('inv_subtotal'), ringgit(invoice.subtotal_sen)], [say('adv_sst_rate', { rate: invoice.sst_rate_bp / 100 }), ringgit(invoice.sst_sen)], [say('adv_total'), ringgit(invoice.total_sen)],
    [say('mail_fact_due'), day(invoice.due_at)], [say('mail_fact_bank'), bankAccount], [say('mail_fact_reference'), number],
  ], to.locale);
}

/** Why money is owed back (refunds.ts): the ad was removed or hidden before it went live, or the invoice was void or paid twice. */
export type RefundCause = 'removed' | 'hidden' | 'void' | 'twice';
export const refundWhy = (cause: RefundCause): MessageKey => `mail_refund_why_${cause}`;

/** A payment is owed back: why, and how it comes back (`byGateway`: the provider refunds it; else by bank transfer). */
export function refundMail(to: Recipient, invoice: InvoiceRow, amountSen: number, cause: RefundCause, byGateway: boolean): Mail {
  const amount = ringgit(amountSen);
  return composeMail(to.email, say('mail_refund_subject', { amount, number: invoice.number }), [
    say('mail_refund_body', { why: word(refundWhy(cause)), amount, number: invoice.number }),
    say(byGateway ? 'mail_refund_by_gateway' : 'mail_refund_by_bank'),
  ], [], to.locale);
}

export function invoicePaidMail(to: Recipient, invoice: InvoiceRow, site: string): Mail {
  return composeMail(to.email, say('mail_paid_subject', { number: invoice.number }), [
    say('mail_paid_body', { amount: ringgit(invoice.total_sen), number: invoice.number }),
    say('mail_paid_link', { url: invoicePage(site, invoice) }),
  ], [], to.locale);
}

/** The renewal of a plan is invoiced, 7 days before the period ends. */
export function renewalMail(to: Recipient, business: string, plan: string, endsAt: string, invoice: InvoiceRow, site: string): Mail {
  return composeMail(to.email, say('mail_renewal_subject', { plan, business, date: day(endsAt) }), [
    say('mail_renewal_body', { plan, business, date: day(endsAt), number: invoice.number, amount: ringgit(invoice.total_sen) }),
    say('mail_renewal_pay', { due: day(invoice.due_at), url: invoicePage(site, invoice) }),
  ], [], to.locale);
}

/** The period ended with its renewal unpaid: 7 days of grace. */
export function graceMail(to: Recipient, business: string, plan: string, graceUntil: string, invoice: InvoiceRow, site: string): Mail {
  return composeMail(to.email, say('mail_grace_subject', { number: invoice.number, plan, business }), [
    say('mail_grace_body', { plan, business, number: invoice.number, date: day(graceUntil) }),
    say('mail_grace_pay', { url: invoicePage(site, invoice) }),
  ], [], to.locale);
}

/** A plan or trial ended: what the business is on now, and which ads moved back to draft. `subject` and `lead` are said. */
export function planEndedMail(to: Recipient, business: string, subject: string, lead: string, nowPlan: string, movedAds: readonly string[], site: string): Mail {
  const moved = movedAds.length === 0 ? say('mail_ads_fit') : say('mail_ads_moved', { titles: movedAds.map((title) => `"${title}"`).join(', ') });
  return composeMail(to.email, subject, [
    say('mail_now_on', { lead: word(lead), business, plan: nowPlan }),
    moved,
    say('mail_choose_plan', { url: absoluteUrl(site, '/advertiser') }),
  ], [], to.locale);
}

/**
 * Billing's public face (issues 27 and 39): invoices, payments and their providers, refunds, plans and their life over
 * time, and what billing offers the listings (listingBilling). Other folders import billing from here only.
 */
import { priceLines, sstRateOn } from '../../shared/billing.ts';
import { malaysiaToday } from '../../shared/malaysia-time.ts';
import type { AppContext } from '../app-types.ts';
import type { ListingBilling } from '../listings/index.ts';
import { creditPaidInvoice, issueInvoice, voidInvoice } from './invoices.ts';
import { refundWhy } from './mails.ts';
import { owePayment } from './refunds.ts';
import { say } from '../../shared/said.ts';
import { sayIn } from '../say-in.ts';

export { getInvoice, invoiceJson, invoicePdfOf, listInvoices, acceptedProviders, voidByNumber } from './invoices.ts';
export { markPaidByNumber, paymentCallback, paymentStatus, payInvoice, transferArrived } from './payments.ts';
export { paymentProviders } from './providers.ts';
export { startPaidPlan } from './fulfilment.ts';
export { listRefunds, markRefunded, refundThroughProvider, RefundPaymentJob } from './refunds.ts';
export { cancelSubscription, listSubscriptions, startTrial, subscribe } from './subscriptions.ts';
export { runSubscriptionLifecycle } from './subscription-lifecycle.ts';
export { applyPlans } from './plan-changes.ts';

/** What billing does for the listings: their prices, invoices, voids and credits (listings/deps.ts). */
export function listingBilling(app: Pick<AppContext, 'clock' | 'config' | 'outbox' | 'payments'>): ListingBilling {
  return {
    price(amountSen) {
      const rate = sstRateOn(malaysiaToday(app.clock.now()), app.config.billing.sstRates);
      const priced = priceLines([{ description: '', quantity: 1, unit_sen: amountSen }], rate);
      return { amount_sen: priced.subtotal_sen, sst_sen: priced.sst_sen, total_sen: priced.total_sen, sst_rate: rate / 100 };
    },
    async invoice(tx, buyer, line) {
      const invoice = await issueInvoice(app, tx, buyer, [{ description: line.description, quantity: 1, unit_sen: line.unit_sen, purpose: line.purpose, post_id: line.post_id }]);
      return { id: invoice.id, number: invoice.number, total_sen: invoice.total_sen };
    },
    void: (tx, invoiceId, reason) => voidInvoice(tx, { id: invoiceId, kind: 'invoice' }, reason),
    async creditPaid(tx, invoiceId, cause) {
      const invoice = await tx.invoices.find(invoiceId);
      if (!invoice) return undefined;
      // The credit note's lines say why in English, as its other legal particulars (decision 0036); the mail in the buyer's.
      const credit = await creditPaidInvoice(app, tx, invoice, sayIn(say(refundWhy(cause)), 'en'));
      for (const payment of await tx.payments.findByInvoice(invoiceId)) {
        if (payment.status === 'paid') await owePayment(app, tx, payment, cause);
      }
      return credit?.number;
    },
  };
}

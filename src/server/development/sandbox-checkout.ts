/**
 * The local sandbox checkout (issue 40): a second hosted-checkout PaymentProvider, served by this app, so the whole paid
 * path (bill, checkout page, signed callback, return) runs on a newcomer's machine and in tests without Billplz. Its
 * page offers an FPX-style bank choice with Pay and Fail; either sends the same signed callback to the same route
 * Billplz's does (/api/payments/sandbox/callback). No money moves: it is on by default only when no Billplz settings
 * are given and SITE_URL is not https, and the configuration refuses it in production (config.ts). It is a development
 * double (development/index.ts): the composition root loads it only when it is on.
 *
 * Its bills keep no state of their own: a bill's id carries its amount, reference and addresses, signed with a key of
 * the site, so any process of the site can show and settle it.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { absoluteUrl } from '../../shared/urls.ts';
import { billOutcome, signatureValid } from '../billing/billplz.ts';
import { callbackForm, checkoutPage, returnUrl, settled, type CheckoutBill } from '../billing/checkout-page.ts';
import type { GatewayBill, HostedProvider } from '../billing/providers.ts';

interface BillFacts {
  amount: number;
  reference: string;
  description: string;
  redirect: string;
  nonce: string;
}

const sign = (key: string, payload: string) => createHmac('sha256', key).update(`sandbox-bill:${payload}`).digest('base64url').slice(0, 32);

function billId(key: string, facts: BillFacts): string {
  const payload = Buffer.from(JSON.stringify(facts)).toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

/** The facts of a bill id this site signed; undefined for any other. */
function billFacts(key: string, id: string): BillFacts | undefined {
  const [payload, signature] = id.split('.');
  if (!payload || !signature) return undefined;
  const expected = Buffer.from(sign(key, payload));
  const sent = Buffer.from(signature);
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) return undefined;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as BillFacts;
  } catch {
    return undefined;
  }
}

export class SandboxCheckout {
  private readonly key: string;
  private readonly siteUrl: string;

  constructor(key: string, siteUrl: string) {
    this.key = key;
    this.siteUrl = siteUrl;
  }

  /** The checkout page's address of a bill: on this site, relative, so the buyer stays on the address they came by. */
  pageUrl(id: string): string {
    return `/api/payments/sandbox/bills/${id}`;
  }

  /** A bill as its page shows it (due: the callback, not the sandbox, records what became of it); undefined when not ours. */
  bill(id: string): CheckoutBill | undefined {
    const facts = billFacts(this.key, id);
    return facts && { id, amount: facts.amount, paid: false, state: 'due', paid_at: null, redirect_url: facts.redirect, reference_1: facts.reference, description: facts.description };
  }

  page(bill: CheckoutBill): string {
    return checkoutPage(bill, { title: 'Sandbox checkout', formAction: this.pageUrl(bill.id), note: 'A sandbox: no money moves. Pay or fail the payment to try the paid path.' });
  }

  /** Pays or fails a bill: the signed callback to send, and where the buyer goes back to (on this site, relative). */
  settle(bill: CheckoutBill, action: 'pay' | 'fail', now: Date): { callback: URLSearchParams; back: string } {
    const done = settled(bill, action === 'pay' ? 'paid' : 'deleted', now);
    const back = new URL(returnUrl(done, this.key));
    return { callback: callbackForm({ ...done, collection_id: 'sandbox' }, this.key, {}, [], absoluteUrl(this.siteUrl, this.pageUrl(bill.id))), back: `${back.pathname}${back.search}` };
  }

  provider(): HostedProvider {
    const gatewayBill = (bill: CheckoutBill): GatewayBill => ({ id: bill.id, url: this.pageUrl(bill.id), amount: bill.amount, paid: bill.paid, state: bill.state });
    return {
      kind: 'hosted',
      name: 'sandbox',
      createBill: async (bill) => gatewayBill(this.bill(billId(this.key, {
        amount: bill.amountSen, reference: bill.reference, description: bill.description, redirect: bill.redirectUrl, nonce: randomBytes(6).toString('base64url'),
      }))!),
      fetchBill: async (id) => {
        const bill = this.bill(id);
        if (!bill) throw new Error(`No sandbox bill ${id}.`);
        return gatewayBill(bill);
      },
      verifyCallback: (form) => {
        if (!signatureValid(form, this.key) || !form.id || !this.bill(form.id)) return undefined;
        return { billId: form.id, amountSen: Number(form.amount), paidAmountSen: form.paid_amount === undefined ? undefined : Number(form.paid_amount), paid: form.paid === 'true', state: form.state ?? '' };
      },
      outcome: billOutcome,
    };
  }
}

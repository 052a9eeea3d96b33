/**
 * A hosted checkout's page and signing, spoken as Billplz does (issue 40): the page where a buyer pays a bill, the
 * signed server-to-server callback form a payment sends, and the signed return address the buyer is sent back to.
 * The local sandbox checkout (development/sandbox-checkout.ts) serves them from this app; the test gateway (tests/helpers/fake-billplz.ts)
 * serves the same page and signatures behind Billplz's API.
 */
import { xSignature } from './billplz.ts';

/** A bill as its checkout shows and settles it. */
export interface CheckoutBill {
  id: string;
  amount: number;
  paid: boolean;
  state: 'due' | 'paid' | 'deleted' | 'overdue';
  paid_at: string | null;
  redirect_url: string;
  reference_1: string;
  description: string;
}

/** FPX's retail banks, as a sandbox offers them (a real gateway lists its own). */
const FPX_BANKS = ['Maybank2u', 'CIMB Clicks', 'Public Bank', 'RHB Now', 'Hong Leong Connect', 'AmOnline', 'Bank Islam', 'BSN', 'Affin Bank', 'Bank Rakyat'] as const;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const ringgit = (sen: number) => `RM${(sen / 100).toFixed(2)}`;

/** The checkout page: the bill, a bank choice (FPX-style), and Pay and Fail, posting `action` to `formAction`. */
export function checkoutPage(bill: CheckoutBill, options: { title: string; formAction: string; note?: string }): string {
  const banks = FPX_BANKS.map((bank, index) => `<li><label><input type="radio" name="bank" value="${escape(bank)}"${index === 0 ? ' checked' : ''}> ${escape(bank)}</label></li>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>Pay ${escape(bill.reference_1)} – ${escape(options.title)}</title></head>
<body><main><h1>${escape(options.title)}</h1>${options.note ? `<p><strong>${escape(options.note)}</strong></p>` : ''}
<p>${escape(bill.description)}: <strong>${ringgit(bill.amount)}</strong></p>
${bill.state === 'due' ? `<form method="post" action="${escape(options.formAction)}"><fieldset><legend>Choose your bank (FPX online banking)</legend><ul>${banks}</ul></fieldset>
<p><button name="action" value="pay">Pay now</button> <button name="action" value="fail">Fail the payment</button></p></form>`
    : `<p>This bill is ${bill.state === 'paid' ? 'paid' : 'closed'}.</p>`}
</main></body></html>`;
}

/** The callback form a payment of `bill` sends (as Billplz's v3 callback), signed with `key`. */
export function callbackForm(bill: CheckoutBill & { collection_id: string }, key: string, changes: Record<string, string> = {}, without: readonly string[] = [], billPageUrl = ''): URLSearchParams {
  const fields: Record<string, string> = {
    id: bill.id, collection_id: bill.collection_id, paid: String(bill.paid), state: bill.state, amount: String(bill.amount),
    paid_amount: bill.paid ? String(bill.amount) : '0', due_at: '2026-12-31', email: 'buyer@example.my', mobile: '', name: 'Buyer',
    url: billPageUrl, paid_at: bill.paid_at ?? '', ...changes,
  };
  for (const name of without) delete fields[name];
  return new URLSearchParams({ ...fields, x_signature: xSignature(fields, key) });
}

/** Where the buyer goes back to after paying: the bill's redirect address with its signed `billplz[…]` fields. */
export function returnUrl(bill: CheckoutBill, key: string): string {
  const back = new URL(bill.redirect_url);
  const redirect: Record<string, string> = { id: bill.id, paid: String(bill.paid), paid_at: bill.paid_at ?? '' };
  const signed = Object.fromEntries(Object.entries(redirect).map(([name, value]) => [`billplz${name}`, value]));
  for (const [name, value] of Object.entries(redirect)) back.searchParams.set(`billplz[${name}]`, value);
  back.searchParams.set('billplz[x_signature]', xSignature(signed, key));
  return back.toString();
}

/** A bill paid or failed at its checkout. */
export function settled(bill: CheckoutBill, state: 'paid' | 'deleted' | 'overdue', now: Date): CheckoutBill {
  return { ...bill, state, paid: state === 'paid', paid_at: state === 'paid' ? now.toISOString() : null };
}

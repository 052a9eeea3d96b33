/**
 * The hosted checkout (issue 27, decision 0023), spoken as Billplz's API v3, as a PaymentProvider (issue 39; the
 * composition root builds it from the configuration): a bill is created for an invoice, the
 * buyer pays on the gateway's page and comes back; the gateway calls back server to server with a form signed with
 * HMAC-SHA256 (its "X Signature": every field but the signature as `keyvalue`, sorted, joined with `|`).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { HostedProvider } from './providers.ts';

export type BillplzConfig = NonNullable<Config['billing']['billplz']>;

/** A bill as the gateway answers it. */
const BillSchema = z.object({
  id: z.string().min(1),
  url: z.url(),
  amount: z.coerce.number().int(),
  paid: z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]),
  state: z.string(),
});
type Bill = z.infer<typeof BillSchema>;

/** What a bill's state means for its payment: paid, cancelled (deleted at the gateway), expired, or still open. */
export function billOutcome(bill: { paid: boolean; state: string }): 'paid' | 'cancelled' | 'expired' | 'open' {
  if (bill.paid && bill.state === 'paid') return 'paid';
  if (bill.state === 'deleted') return 'cancelled';
  if (bill.state === 'overdue' || bill.state === 'expired') return 'expired';
  return 'open';
}

/** The X Signature of a callback's fields (the signature itself left out). */
export function xSignature(fields: Record<string, string>, key: string): string {
  const source = Object.entries(fields).filter(([name]) => name !== 'x_signature').map(([name, value]) => `${name}${value}`)
    .sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())).join('|');
  return createHmac('sha256', key).update(source).digest('hex');
}

/** True when the fields carry the signature the key gives them, compared in constant time. */
export function signatureValid(fields: Record<string, string>, key: string): boolean {
  const sent = Buffer.from(fields.x_signature ?? '', 'utf8');
  const expected = Buffer.from(xSignature(fields, key), 'utf8');
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

const authorization = (config: BillplzConfig) => `Basic ${Buffer.from(`${config.apiKey}:`).toString('base64')}`;
const TIMEOUT_MS = 10_000;

/** Creates a bill at the gateway. */
async function createBill(config: BillplzConfig, bill: {
  email: string; name: string; amountSen: number; description: string; reference: string; callbackUrl: string; redirectUrl: string;
}): Promise<Bill> {
  const response = await fetch(`${config.url}/api/v3/bills`, {
    method: 'POST',
    headers: { Authorization: authorization(config), 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      collection_id: config.collectionId, email: bill.email, name: bill.name.slice(0, 255), amount: String(bill.amountSen),
      description: bill.description.slice(0, 200), callback_url: bill.callbackUrl, redirect_url: bill.redirectUrl,
      reference_1_label: 'Invoice', reference_1: bill.reference,
    }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`The payment gateway refused the bill (HTTP ${response.status}).`);
  return BillSchema.parse(await response.json());
}

/** Reads a bill's state from the gateway (the buyer came back before its callback). */
async function fetchBill(config: BillplzConfig, billId: string): Promise<Bill> {
  const response = await fetch(`${config.url}/api/v3/bills/${encodeURIComponent(billId)}`, {
    headers: { Authorization: authorization(config) }, signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`The payment gateway did not answer for bill ${billId} (HTTP ${response.status}).`);
  return BillSchema.parse(await response.json());
}

/**
 * Billplz as a payment provider. Its API has no refund (a refund is a Billplz dashboard action, or a new payout): its
 * refunds are listed in the operator console, done by hand.
 */
export function billplzProvider(config: BillplzConfig): HostedProvider {
  return {
    kind: 'hosted',
    name: 'billplz',
    createBill: (bill) => createBill(config, bill),
    fetchBill: (billId) => fetchBill(config, billId),
    verifyCallback(form) {
      if (!signatureValid(form, config.signatureKey) || !form.id) return undefined;
      return {
        billId: form.id, amountSen: Number(form.amount), paidAmountSen: form.paid_amount === undefined ? undefined : Number(form.paid_amount),
        paid: form.paid === 'true', state: form.state ?? '',
      };
    },
    outcome: billOutcome,
  };
}

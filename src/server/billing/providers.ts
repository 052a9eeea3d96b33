/**
 * How billing reaches a payment gateway (issue 39): one interface, implemented per provider, built by the composition
 * root from the configuration (billing never imports a gateway's file). A bank transfer has no gateway: its invoice
 * shows the account and an operator marks it paid. A hosted checkout creates a bill, sends the buyer to its page,
 * verifies the gateway's signed callback and can be asked a bill's state. A provider that can refund does it through
 * `refund`; one that cannot (a bank transfer, and Billplz, whose API has no refund: a refund is done from its
 * dashboard) has its refunds listed in the operator console for a refund by hand.
 */
import type { PaymentRow } from '../db/rows.ts';

type ProviderName = PaymentRow['provider'];

/** A bill at a gateway, as it answers. */
export interface GatewayBill {
  id: string;
  url: string;
  /** In sen. */
  amount: number;
  paid: boolean;
  state: string;
}

/** What a verified callback says of a bill. */
interface CallbackFacts {
  billId: string;
  amountSen: number;
  /** What was paid, when the gateway says it was. */
  paidAmountSen: number | undefined;
  paid: boolean;
  state: string;
}

/** What a bill's state means for its payment. */
export type BillOutcome = 'paid' | 'cancelled' | 'expired' | 'open';

/** Paid by hand (issue 62): the buyer transfers to the site's account with the invoice's number; an operator confirms it. */
interface ManualProvider {
  kind: 'manual';
  name: ProviderName;
}

/**
 * A hosted checkout (issue 62): the buyer pays on the gateway's page. What it must do is required of it, so no caller
 * probes for a method; only refunds may be done by hand.
 */
export interface HostedProvider {
  kind: 'hosted';
  name: ProviderName;
  /** Creates the bill the buyer pays on the gateway's page. */
  createBill(bill: { email: string; name: string; amountSen: number; description: string; reference: string; callbackUrl: string; redirectUrl: string }): Promise<GatewayBill>;
  /** Reads a bill's state (the buyer came back before the callback). */
  fetchBill(billId: string): Promise<GatewayBill>;
  /** Checks a callback's signature; its facts when it is the gateway's, undefined when it is not. */
  verifyCallback(form: Record<string, string>): CallbackFacts | undefined;
  /** What a bill's state means for its payment. */
  outcome(bill: { paid: boolean; state: string }): BillOutcome;
  /** Refunds a settled payment; answers the gateway's reference. Absent: refunds are done by hand. */
  refund?(payment: PaymentRow): Promise<{ reference: string }>;
}

/** A way to pay: by hand, or on a hosted checkout. */
type PaymentProvider = ManualProvider | HostedProvider;

/** The providers this site takes payments through, by name (a bank transfer always). */
export type PaymentProviders = ReadonlyMap<ProviderName, PaymentProvider>;

const bankTransfer: ManualProvider = { kind: 'manual', name: 'bank_transfer' };

/** The hosted checkout of this name, if the site takes payments through one. */
export function hostedProvider(providers: PaymentProviders, name: string): HostedProvider | undefined {
  const provider = providers.get(name as ProviderName);
  return provider?.kind === 'hosted' ? provider : undefined;
}

/** The providers' map: a bank transfer, and the hosted checkouts configured. */
export function paymentProviders(checkouts: readonly HostedProvider[]): PaymentProviders {
  return new Map([bankTransfer, ...checkouts].map((provider) => [provider.name, provider]));
}

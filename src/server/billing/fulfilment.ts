/**
 * What a paid invoice delivers (issue 39): each line by its purpose, through a table the composition root fills. A
 * plan's line starts the plan (billing's own); an ad's line puts the ad live (the listings' publishPaid); an amendment
 * was applied when it was made. Billing never imports what it fulfils.
 */
import type { LinePurpose } from '../../shared/billing.ts';
import type { Repositories } from '../db/repositories.ts';
import type { InvoiceRow } from '../db/rows.ts';
import { applyPlans } from './plan-changes.ts';

/** Fulfils one line of a paid invoice, in the payment's transaction. */
export type Fulfil = (tx: Repositories, invoice: InvoiceRow, line: InvoiceRow['lines'][number]) => Promise<void>;

export type Fulfilment = Partial<Record<LinePurpose, Fulfil>>;

/** The plan a paid invoice bills becomes active (an upgrade ends the period it replaces), and businesses take their plans. */
export const startPaidPlan: Fulfil = async (tx, invoice) => {
  if (await tx.subscriptions.activateByInvoice(invoice.id)) await applyPlans(tx);
};

/** Every line of a paid invoice, once per purpose and ad. */
export async function fulfil(fulfilment: Fulfilment, tx: Repositories, invoice: InvoiceRow): Promise<void> {
  const done = new Set<string>();
  for (const line of invoice.lines) {
    const purpose = line.purpose ?? 'plan';
    const key = `${purpose}:${line.post_id ?? ''}`;
    if (done.has(key)) continue;
    done.add(key);
    await fulfilment[purpose]?.(tx, invoice, line);
  }
}

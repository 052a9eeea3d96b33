/**
 * An ad's state as its owner reads it (issue 39, decision 0027), and a publish quote as the API answers it. The server's
 * lifecycle (server/listings/lifecycle.ts) decides; the dashboard and the editor only name.
 */
import * as m from '../paraglide/messages.js';

export type ListingState = 'draft' | 'held' | 'refused' | 'awaiting_payment' | 'live' | 'expired' | 'hidden' | 'removed';

/** The dashboard's words for a state (the invoice's number and the moderator's reason are added where they apply). */
const STATE_LABELS: Record<ListingState, () => string> = {
  draft: m.adv_state_draft,
  held: m.adv_state_held,
  refused: m.adv_state_refused,
  awaiting_payment: m.adv_state_awaiting_payment,
  live: m.adv_state_live,
  expired: m.adv_state_expired,
  hidden: m.adv_state_hidden,
  removed: m.adv_state_removed,
};

/** An ad's state as its advertiser reads it, in the language being rendered. */
export function listingStateLabel(state: ListingState): string {
  return STATE_LABELS[state]();
}

/** What publishing or renewing costs (GET posts/{id}/publish-quote, and a 409 that asks to confirm). */
export interface PublishQuote {
  action: 'publish' | 'renew';
  cost: 'free' | 'token' | 'ringgit';
  tokens: number;
  tokens_after: number | null;
  amount_sen: number;
  sst_sen: number;
  total_sen: number;
  sst_rate: number;
  confirm_required: boolean;
  message: string;
}

/**
 * An ad's state as its owner reads it (issue 39, decision 0027), and a publish quote as the API answers it. The server's
 * lifecycle (server/listings/lifecycle.ts) decides; the dashboard and the editor only name.
 */
export type ListingState = 'draft' | 'held' | 'refused' | 'awaiting_payment' | 'live' | 'expired' | 'hidden' | 'removed';

/** The dashboard's words for a state (the invoice's number and the moderator's reason are added where they apply). */
export const LISTING_STATE_LABELS: Record<ListingState, string> = {
  draft: 'Draft',
  held: 'Held for review',
  refused: 'Not approved',
  awaiting_payment: 'Waiting for payment',
  live: 'Live',
  expired: 'Expired: renew',
  hidden: 'Hidden by Yellow Pages',
  removed: 'Removed',
};

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

/**
 * A listing's life (spec §4 and §9, issue 39, decision 0027) as data: the states an ad goes through, and for each
 * command the states it starts from, where it can end, who may give it, what it costs and what follows it. Every
 * command (publishing.ts, drafts.ts, moderation.ts) checks itself against this table inside its transaction; the
 * lifecycle test walks it whole.
 */
import type { OwnPostRow, PostStatus } from '../db/rows.ts';

/** Where an ad stands, as its owner, the operators and the site see it. */
export const LISTING_STATES = ['draft', 'held', 'refused', 'awaiting_payment', 'live', 'expired', 'hidden', 'removed'] as const;
export type ListingState = (typeof LISTING_STATES)[number];

/** Who gives a command: the ad's owner, an operator, the site itself (a sweep, a payment). */
export type ActorKind = 'owner' | 'operator' | 'system';

/** What a step costs: nothing, a token of the business's plan, or ringgit (invoiced), as the quote says. */
type CostKind = 'free' | 'token' | 'ringgit';

/** What follows a step, in its transaction. */
type Effect =
  | 'search' // the search rows and cached pages of the ad (its tags)
  | 'history' // the ad's edit history
  | 'audit' // the operator's audit entry
  | 'mail' // the owner is mailed (with the reason, for an operator's step)
  | 'tokens' // tokens of the plan are spent
  | 'invoice' // an invoice is issued
  | 'settle_invoice' // an open invoice is voided (went live another way), or a paid one credited and refunded (never went live)
  | 'alerts'; // instant saved-search alerts (first time live)

export type Command = 'createDraft' | 'amend' | 'publish' | 'holdBack' | 'approve' | 'refuse' | 'publishPaid' | 'renew' | 'hide' | 'unhide' | 'remove' | 'expire' | 'withdraw' | 'suspendOwner' | 'restoreOwner';

export interface Transition {
  command: Command;
  /** The states it starts from (none for a new draft). */
  from: readonly ListingState[];
  /** Where it can end (the outcome decides among them: checks hold an ad, a price awaits payment). */
  to: readonly ListingState[];
  /** Who may give it. */
  by: readonly ActorKind[];
  cost: readonly CostKind[];
  effects: readonly Effect[];
}

/** The table. Anything not in it is refused: a wrong state 409, a wrong actor 403 (404 to a stranger, who may not know the ad exists). */
export const LIFECYCLE: readonly Transition[] = [
  { command: 'createDraft', from: [], to: ['draft'], by: ['owner'], cost: ['free'], effects: ['search'] },
  {
    command: 'amend', from: ['draft', 'held', 'refused', 'awaiting_payment', 'live', 'expired'], to: ['draft', 'held', 'refused', 'awaiting_payment', 'live', 'expired'],
    by: ['owner'], cost: ['free', 'token', 'ringgit'], effects: ['search', 'history', 'tokens', 'invoice'],
  },
  {
    // From waiting for payment too: on a token bought since, it goes live and its invoice is voided.
    command: 'publish', from: ['draft', 'refused', 'awaiting_payment'], to: ['live', 'held', 'awaiting_payment'], by: ['owner'], cost: ['free', 'token', 'ringgit'],
    effects: ['search', 'tokens', 'invoice', 'settle_invoice', 'alerts'],
  },
  // A new ad's checks implicate ads published before it (a first-day burst, the same text from new accounts): they go
  // to an operator's review with it (a live one held while hidden, and approving shows it again as it was; one waiting
  // for its invoice held as a draft, its unpaid invoice voided).
  { command: 'holdBack', from: ['live', 'awaiting_payment'], to: ['held'], by: ['system'], cost: ['free'], effects: ['search', 'mail', 'settle_invoice'] },
  {
    command: 'approve', from: ['held'], to: ['live', 'awaiting_payment'], by: ['operator'], cost: ['free', 'token', 'ringgit'],
    effects: ['search', 'audit', 'mail', 'tokens', 'invoice', 'alerts'],
  },
  { command: 'refuse', from: ['held'], to: ['refused', 'hidden'], by: ['operator'], cost: ['free'], effects: ['audit', 'mail'] },
  // Paid: it goes live (a live or just-expired ad renewed on an invoice, for 30 days more); one removed or hidden
  // meanwhile never does, and its invoice is credited and refunded.
  { command: 'publishPaid', from: ['awaiting_payment', 'live', 'expired', 'removed', 'hidden'], to: ['live', 'removed', 'hidden'], by: ['system'], cost: ['ringgit'], effects: ['search', 'alerts', 'settle_invoice'] },
  {
    command: 'renew', from: ['expired', 'live', 'awaiting_payment'], to: ['live', 'awaiting_payment'], by: ['owner'], cost: ['token', 'ringgit'],
    effects: ['search', 'tokens', 'invoice', 'settle_invoice'],
  },
  { command: 'hide', from: ['live', 'expired'], to: ['hidden'], by: ['operator'], cost: ['free'], effects: ['search', 'audit', 'mail'] },
  { command: 'unhide', from: ['hidden'], to: ['live', 'expired'], by: ['operator'], cost: ['free'], effects: ['search', 'audit'] },
  {
    command: 'remove', from: ['draft', 'held', 'refused', 'awaiting_payment', 'live', 'expired', 'hidden'], to: ['removed'], by: ['owner', 'operator'], cost: ['free'],
    effects: ['search', 'audit', 'mail', 'settle_invoice'],
  },
  { command: 'expire', from: ['live'], to: ['expired'], by: ['system'], cost: ['free'], effects: ['search'] },
  // The business's plan went down: an ad over its new per-ad limits goes back to draft (billing's subscription lifecycle).
  { command: 'withdraw', from: ['live', 'expired'], to: ['draft'], by: ['system'], cost: ['free'], effects: ['search', 'mail'] },
  { command: 'suspendOwner', from: ['live', 'expired'], to: ['hidden'], by: ['operator'], cost: ['free'], effects: ['search', 'audit', 'mail'] },
  { command: 'restoreOwner', from: ['hidden'], to: ['live', 'expired'], by: ['operator', 'system'], cost: ['free'], effects: ['search', 'audit', 'mail'] },
];

function transitionOf(command: Command): Transition {
  return LIFECYCLE.find((transition) => transition.command === command)!;
}

/**
 * The state of an ad from its row: its status, whether a check holds it, whether an invoice for going live is open,
 * and whether its time ran out (the expiry sweep runs every minute; the state does not wait for it).
 */
export function stateOf(post: Pick<OwnPostRow, 'status' | 'held_reason' | 'live'>, awaitingPayment: boolean): ListingState {
  switch (post.status) {
    case 'draft':
      if (awaitingPayment) return 'awaiting_payment';
      if (post.held_reason === 'refused') return 'refused';
      return post.held_reason === null ? 'draft' : 'held';
    case 'active':
      return post.live ? 'live' : 'expired';
    case 'expired':
      return awaitingPayment ? 'awaiting_payment' : 'expired';
    case 'hidden':
      // Held back by the checks, until an operator decides (a refusal leaves it hidden).
      return post.held_reason !== null && post.held_reason !== 'refused' ? 'held' : 'hidden';
    default:
      return post.status;
  }
}

/** The stored statuses an ad in each state has (a state is its status read with its hold, its time and its invoice). */
const STATUSES: Record<ListingState, readonly PostStatus[]> = {
  draft: ['draft'], held: ['draft', 'hidden'], refused: ['draft'], awaiting_payment: ['draft', 'expired'], live: ['active'], expired: ['active', 'expired'], hidden: ['hidden'], removed: ['removed'],
};

/**
 * The statuses a set-based move (a business hidden with its ads, an account suspended) starts from: those of the
 * states `command` starts from in the table.
 */
export function statusesFrom(command: Command): PostStatus[] {
  return [...new Set(transitionOf(command).from.flatMap((state) => STATUSES[state]))];
}

/** Whether `command` may start from `state` given by `actor` (the table's answer, before any other rule). */
export function allowed(command: Command, state: ListingState, actor: ActorKind): 'yes' | 'wrong_state' | 'wrong_actor' {
  const transition = transitionOf(command);
  if (!transition.by.includes(actor)) return 'wrong_actor';
  return transition.from.includes(state) ? 'yes' : 'wrong_state';
}

const DAY_MS = 86_400_000;

/**
 * Whether an ad may be renewed now: an expired one (its status, or past its time before the minute's sweep) any time,
 * a live one in its last week early.
 */
export function renewable(post: Pick<OwnPostRow, 'status' | 'live' | 'expires_at'>, now: number): boolean {
  if (post.status === 'expired' || (post.status === 'active' && !post.live)) return true;
  return post.live && post.expires_at !== null && Date.parse(post.expires_at) - now <= 7 * DAY_MS;
}

/**
 * What the listing commands need, and nothing more (issue 39): the repositories (to open the command's transaction and
 * read), the clock, the outbox, the words of the owner's mails, and three ports the composition root fills: billing
 * (price, invoice, void and credit an ad's invoices), the automatic checks of a first publish (moderation), and the
 * instant saved-search alerts of an ad going live. `listings/` imports neither the composition root nor another
 * folder's internals: what it asks of billing and moderation is typed here and given to it.
 */
import type { Clock } from '../clock.ts';
import type { Repositories } from '../db/repositories.ts';
import type { OwnPostRow } from '../db/rows.ts';
import type { Mail } from '../outbox/outbox.ts';

/** Who an invoice is to: the business (or, for a person's own ad, the person) and the account that pays. */
export interface Buyer {
  userId: number;
  profileId: number | null;
  name: string;
  companyNo: string | null;
}

/** A price as invoiced today: the amount, its SST on its own line, and the total. */
export interface Price {
  amount_sen: number;
  sst_sen: number;
  total_sen: number;
  /** The SST rate, in per cent. */
  sst_rate: number;
}

/** What the listings ask of billing (billing/index.ts gives it). */
export interface ListingBilling {
  /** What an amount costs with the SST of today. */
  price(amountSen: number): Price;
  /** Issues and mails the invoice of one ad line, in the caller's transaction. */
  invoice(tx: Repositories, buyer: Buyer, line: { description: string; unit_sen: number; purpose: 'ad' | 'amendment'; post_id: number }): Promise<{ id: number; number: string; total_sen: number }>;
  /** Voids an open invoice with why (it keeps its number); false when it was not open. */
  void(tx: Repositories, invoiceId: number, reason: string): Promise<boolean>;
  /**
   * A paid invoice whose ad never went live: a credit note for its full total (series CN), and its payments refunded
   * (through their provider, or listed for an operator to refund by hand). Answers the credit note's number.
   */
  creditPaid(tx: Repositories, invoiceId: number, cause: 'removed' | 'hidden'): Promise<string | undefined>;
}

/** What the automatic checks found in an ad. */
export interface CheckedAd {
  checks: string[];
  message: string;
  signals: { check: string; score: number; evidence?: Record<string, string | number> }[];
  fingerprint: string | null;
  /** Live ads published before it that the checks implicate (a burst's, the same text's), and why, as a word. */
  implicated: number[];
  heldBackReason: string;
}

export interface ListingDeps {
  repos: Repositories;
  clock: Clock;
  outbox: { queueMail(mail: Mail, options: { tx?: Repositories }): Promise<void> };
  /** The site's address, for links in mails. */
  siteUrl: string;
  /** Where an owner appeals a moderator's decision, as a sentence of a mail. */
  appealLine: string;
  billing: ListingBilling;
  /**
   * The automatic checks that hold a first publish for an operator's review (none: it may go live), and what the owner
   * reads; each that fired with its score and evidence (for the operator), and the fingerprint of the ad's text.
   */
  checks(post: OwnPostRow, ownerId: number): Promise<CheckedAd>;
  /** Queues the instant saved-search alerts of an ad going live for the first time, in its transaction. */
  alerts(tx: Repositories): Promise<void>;
}

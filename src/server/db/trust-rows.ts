/**
 * The shapes the trust signals' repositories answer (issue 45; moved beside the seam in issue 61, so that
 * db/repositories.ts imports nothing from its implementation nor from a domain): first replies and the people behind
 * them, what the fake-review filter reads of each review, and a business's verifications.
 */
import type { Selectable } from 'kysely';
import type { ProfileVerificationsTable } from './tables.ts';

/** A conversation's first message from the person and the owner's first reply after it (null: none yet). */
export interface ReplyTimeRow {
  /** Who opened it (null: an account since deleted). */
  person_user_id: number | null;
  asked_at: string;
  replied_at: string | null;
}

/** What the reply-time badge reads of a person (an opener, or the owner): whether they are established, and where they sign in. */
export interface PersonFactsRow {
  user_id: number;
  created_at: string;
  /** Follows, reviews and enquiries about anything but this business, and a phone number a code proved. */
  activity: number;
  /** The clients they signed in from since `since`, each with how many accounts signed in from it then. */
  clients: { client: string; accounts: number }[];
  /** The review filter's device hashes of their reviews. */
  devices: string[];
}

/** What the filter reads of one review. Times are epoch milliseconds. */
export interface ReviewFacts {
  id: number;
  /** The listing it is about ('profile-12', 'services-40'). */
  listing: string;
  user_id: number | null;
  rating: number;
  content: string;
  created_at: number;
  client_hash: string | null;
  device_hash: string | null;
  /** Accounts that wrote reviews from this review's client, on any listing, this one's included (1 when unknown). */
  client_accounts: number;
  /** The reviewer's account when they wrote it: its creation, its reviews in all, and anything else it did beyond this business (enquiries, follows, messages). */
  reviewer: { created_at: number; reviews: number; activity: number };
  /** Is or was the owner, shares a sign-in client with them, or proved a contact the business lists. */
  owner_link: boolean;
}

/** What scoring reads of the other reviews of a target's listing. */
export type ListingReview = Pick<ReviewFacts, 'id' | 'listing' | 'user_id' | 'rating' | 'content' | 'created_at' | 'client_hash' | 'device_hash'>;

/** A review as the copy check reads it: who wrote what. */
export type WrittenReview = Pick<ReviewFacts, 'id' | 'user_id' | 'content'>;

/** A review as the filter reads it, with what decides whether a score may hold it. */
export interface ScoredReviewRow extends ReviewFacts {
  held_reason: string | null;
  hidden: boolean;
  updated_at: string;
  /** The stored score's version and when an operator published it as it read then (null: never). */
  version: number | null;
  cleared_at: string | null;
}

export type VerificationKind = 'phone' | 'ssm';

export type VerificationStatus = 'pending' | 'approved' | 'refused' | 'revoked';

export interface VerificationRow extends Pick<Selectable<ProfileVerificationsTable>, 'id' | 'profile_id' | 'value' | 'old_value' | 'document_id' | 'user_id' | 'decided_by' | 'decided_at' | 'reason' | 'created_at'> {
  kind: VerificationKind;
  status: VerificationStatus;
}

/** A pending SSM request as the operator's queue lists it: the business's name and its stored number beside it. */
export interface PendingVerificationRow extends VerificationRow {
  profile_name: string;
  profile_slug: string;
  profile_company_no: string | null;
  document_name: string | null;
}

/** A payment detail a message carries, normalised (issue 64): a bank account's digits, a phone number from 0, a link's host and path. */
export interface PaymentDetail {
  kind: 'account' | 'phone' | 'link';
  value: string;
}

export type ReportedDetailStatus = 'counted' | 'marked' | 'confirmed' | 'cleared';

/** A reported detail as the operators see it: its reports, the conversations they came from, and its status. */
export interface ReportedDetailRow extends PaymentDetail {
  id: number;
  status: ReportedDetailStatus;
  created_at: string;
  decided_at: string | null;
  decided_reason: string | null;
  reports: { conversation_id: number; reporter_user_id: number; counted: boolean; created_at: string }[];
}

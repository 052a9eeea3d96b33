/** The operator console's calls (issue 28, /api/operator). */
import type { InvoiceView } from '../shared/billing.ts';
import { api } from './api.ts';

type Data<T> = { data: T; message?: string };

export interface Queues { claims: number; profile_changes: number; payments: number; refunds: number; reports: number; ads: number; reviews: number; verifications: number }
/** A moderator's reason: a code of the short list, and free text (issue 39). */
export interface Reason { reason_code: string; reason?: string }
export interface Refund { id: number; provider: string; amount_sen: number; paid_at: string | null; bill_id: string | null; invoice: { id: number; number: string; status: string; buyer: Record<string, unknown> }; by_hand: boolean }
export interface HeldReview {
  id: number; listing: { type: string; id: number }; reviewer_name: string; rating: number; content: string; checks: string[]; created_at: string;
  /** The review filter's score and features (issue 45), when it scored it. */
  score: number | null; features: Record<string, number> | null;
}
/** A check that held an ad, with its score (0 to 1) and what it found (issue 64). */
interface HeldSignal { check: string; score: number; evidence?: Record<string, string | number> }
export interface HeldAd { id: number; type: string; title: string; profile: { id: number; name: string }; checks: string[]; signals: HeldSignal[]; why: string; updated_at: string }
export interface ReportGroup {
  group: string;
  type: string;
  id: number;
  title: string;
  url: string | null;
  owner_user_id: number | null;
  owner_name: string | null;
  count: number;
  first_at: string;
  reports: { reason: string; reason_text: string; description: string; reporter: { user_id?: number; name?: string | null; client?: string; automatic?: boolean }; created_at: string }[];
}
export interface ClaimItem { id: number; profile: { id: number; name: string; slug: string }; user_id: number; user_name: string | null; created_at: string; document: { name: string; url: string } | null }
export type Payment = InvoiceView;
export interface AuditItem { id: number; operator_user_id: number; operator_name: string | null; action: string; target_type: string; target_id: string; reason: string | null; before: unknown; after: unknown; client: string; created_at: string }

export const queues = () => api.get('operator/queues').json<Data<Queues>>();
/** A reported conversation as an operator reads it (issue 44): the reported messages and 5 on each side, as written. */
export interface ReportedConversation {
  id: number;
  listing: { type: string | null; id: number | null; title: string };
  person_user_id: number | null;
  owner_user_id: number | null;
  person_name: string | null;
  owner_name: string | null;
  messages: { id: number; side: 'person' | 'owner'; user_id: number | null; user_name: string | null; kind: string; text: string; rules: string[]; created_at: string; reported: boolean; erased: boolean; moderated: boolean; images: { id: number; thumbnail: string; full: string }[] }[];
}
export const reportedConversation = (id: number) => api.get(`operator/conversations/${id}`).json<Data<ReportedConversation>>();
export const hideConversationMessage = (id: number, messageId: number, reason: string) =>
  api.post(`operator/conversations/${id}/messages/${messageId}/hide`, { json: { reason } }).json<Data<unknown> & { message: string }>();
export const reports = () => api.get('operator/reports').json<Data<ReportGroup[]>>();
export const dismiss = (group: string, reason: Reason) => api.post(`operator/reports/${group}/dismiss`, { json: reason }).json<Data<unknown>>();
export const moderateListing = (type: string, id: number, action: 'hide' | 'unhide' | 'remove', reason?: Reason) =>
  api.post(`operator/listings/${type}/${id}/${action}`, { json: reason ?? {} }).json<Data<unknown>>();
export const heldReviews = () => api.get('operator/reviews').json<Data<HeldReview[]>>();
export const moderateReview = (id: number, action: 'hide' | 'unhide' | 'remove' | 'publish', reason?: string) =>
  api.post(`operator/reviews/${id}/${action}`, { json: reason ? { reason } : {} }).json<Data<unknown>>();
export const claims = () => api.get('operator/claims').json<Data<ClaimItem[]>>();
export const approveClaim = (id: number) => api.post(`operator/claims/${id}/approve`).json<Data<unknown>>();
export const refuseClaim = (id: number, reason: string) => api.post(`operator/claims/${id}/refuse`, { json: { reason } }).json<Data<unknown>>();
export const payments = () => api.get('operator/payments').json<Data<InvoiceView[]>>();
export const markPaid = (id: number) => api.post(`operator/invoices/${id}/mark-paid`).json<Data<unknown>>();
export const reauth = (password: string) => api.post('operator/reauth', { json: { password } }).json<Data<{ proven_until: string }>>();
export const audit = (query: Record<string, string>) => api.get('operator/audit', { searchParams: query }).json<{ data: AuditItem[]; page: number }>();
export const auditCsvUrl = (query: Record<string, string>) => `/api/operator/audit.csv?${new URLSearchParams(query).toString()}`;
export const heldAds = () => api.get('operator/ads').json<Data<HeldAd[]>>();
export const approveAd = (id: number) => api.post(`operator/ads/${id}/approve`).json<Data<unknown>>();
export const refuseAd = (id: number, reason: Reason) => api.post(`operator/ads/${id}/refuse`, { json: reason }).json<Data<unknown>>();
export const refunds = () => api.get('operator/refunds').json<Data<Refund[]>>();
export const markRefunded = (id: number, reference: string) => api.post(`operator/refunds/${id}/refunded`, { json: { reference } }).json<Data<unknown>>();
export interface ProfileChange { id: number; profile: { id: number; name: string; slug: string }; field: string; old: unknown; new: unknown; user_id: number | null; created_at: string }
export const profileChanges = () => api.get('operator/profile-changes').json<Data<ProfileChange[]>>();
export const approveProfileChange = (id: number) => api.post(`operator/profile-changes/${id}/approve`).json<Data<unknown>>();
export const refuseProfileChange = (id: number, reason: string) => api.post(`operator/profile-changes/${id}/refuse`, { json: { reason } }).json<Data<unknown>>();
export interface AccountItem { id: number; name: string; email: string | null; phone_number: string | null; roles: string[]; created_at: string }
export interface AccountPage {
  user: AccountItem & { pending_delete: boolean };
  suspension: { suspended_at: string; until: string | null; reason: string } | null;
  listings: { businesses: { id: number; name: string; slug: string; plan: string; hidden: boolean; paid_plan: string | null }[]; ads: { id: number; type: string; title: string; slug: string; status: string; live: boolean }[] };
  sessions: { created_at: string; last_seen_at: string; client: string }[];
  sign_in_attempts: { at: string; action: string; outcome: string; client: string }[];
  reports_made: { target: { type: string; id: number }; reason: string; created_at: string; handled: boolean }[];
  reports_received: { target: { type: string; id: number }; reason: string; created_at: string; handled: boolean }[];
  /** confirmed_at null: the sender has not opened the link mailed to the account's address (unverified). */
  appeals: { id: number; message: string; created_at: string; confirmed_at: string | null }[];
}
export const searchAccounts = (q: string) => api.get('operator/users', { searchParams: { q } }).json<Data<AccountItem[]>>();
export const account = (id: number) => api.get(`operator/users/${id}`).json<Data<AccountPage>>();
export const suspend = (id: number, reason: Reason, until?: string) => api.post(`operator/users/${id}/suspend`, { json: until ? { ...reason, until } : reason }).json<Data<unknown>>();
export const restore = (id: number) => api.post(`operator/users/${id}/restore`).json<Data<unknown>>();
export interface ListingHit { type: string; id: number; slug: string; title: string; status: string; url: string }
export interface ListingPage {
  listing: { type: string; id: number; title: string; url: string; status: string; plan: string; owner_user_id: number | null; held?: string | null; expires_at?: string | null; moderation_reason?: string | null };
  history: { at: string; what: string; by: number | null; reason: string | null; before: unknown; after: unknown }[];
}
export const searchListings = (q: string) => api.get('operator/listings', { searchParams: { q } }).json<Data<ListingHit[]>>();
export const listing = (type: string, id: number) => api.get(`operator/listings/${type}/${id}`).json<Data<ListingPage>>();

/** An SSM request (issue 45) as the console lists it. */
export interface Verification {
  id: number;
  profile: { id: number; name: string; slug: string; company_no: string | null };
  company_no: string;
  old_company_no: string | null;
  year: number | null;
  entity: string | null;
  status: 'pending' | 'approved';
  user_id: number | null;
  user_name: string | null;
  created_at: string;
  document: { name: string | null; url: string } | null;
}
export const verifications = (status: 'pending' | 'approved') => api.get('operator/verifications', { searchParams: { status } }).json<Data<Verification[]>>();
export const decideVerification = (id: number, decision: 'approve' | 'refuse' | 'revoke', reason?: string) =>
  api.post(`operator/verifications/${id}/${decision}`, { json: reason ? { reason } : {} }).json<Data<unknown> & { message: string }>();

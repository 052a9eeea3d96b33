/**
 * The advertiser site's calls (issue 25, /api/advertiser): typed by the shared schemas the server validates with.
 * Types only, as client/calls.ts: nothing here parses an answer.
 */
import type { z } from 'zod';
import type { ListingType, Plan } from '../shared/constants.ts';
import type { PlanLimits } from '../shared/plans.ts';
import type { Image, Post } from '../shared/schemas/catalog.ts';
import type { InvoiceView, PaymentProvider } from '../shared/billing.ts';
import type { ListingState, PublishQuote } from '../shared/listing-states.ts';
import type { Insights } from '../shared/insights.ts';
import type { Lead, LeadAction, LeadMail, LeadStatus } from '../shared/leads.ts';
import type {
  ClaimRequestSchema, EditableProfile, NewPostSchema, NewProfileSchema, ReviewReplySchema,
} from '../shared/schemas/advertiser.ts';
import { api } from './api.ts';

type Data<T> = { data: T; message?: string };
type PostStatus = 'draft' | 'active' | 'expired' | 'removed' | 'hidden';
export type Payment = { amount_sen: number; total_sen: number; invoice_id: number; invoice_number: string; message: string };

export interface DashboardBusiness {
  id: number;
  slug: string;
  name: string;
  claimed: boolean;
  plan: Plan;
  subscription: { id: number; plan: Plan; kind: 'trial' | 'paid'; period: 'monthly' | 'yearly' | null; ends_at: string; renews: boolean; next_plan: Plan | null } | null;
  trial_available: boolean;
  package: PlanLimits & { tokens: number | null; tokens_left: number | null };
  last_30_days: { views: number; clicks: number; enquiries: number };
}

export interface AdvertiserPostItem {
  id: number;
  type: ListingType;
  title: string;
  slug: string;
  status: PostStatus;
  live: boolean;
  /** Where it stands (issue 39), the invoice it waits on, why Yellow Pages hid or refused it, and whether Renew applies. */
  state: ListingState;
  invoice: { id: number; number: string } | null;
  moderation_reason: string | null;
  renewable: boolean;
  profile_id: number;
  profile_name: string;
  plan: Plan;
  published_at: string | null;
  expires_at: string | null;
  tokens_spent: number;
  amount_sen: number;
  last_30_days: { views: number; clicks: number; enquiries: number };
}

export interface Dashboard {
  businesses: DashboardBusiness[];
  ads: Record<ListingType, Record<'draft' | 'live' | 'expired' | 'removed', number>>;
  posts: AdvertiserPostItem[];
  claims: { id: number; profile_id: number; method: string; status: string; created_at: string }[];
  first_ad_free: boolean;
  billing: { sst_rate_bp: number; providers: PaymentProvider[] };
}

export type { EditableProfile } from '../shared/schemas/advertiser.ts';

export type AdvertiserPost = Post & {
  status: PostStatus;
  state: ListingState;
  invoice: { id: number; number: string } | null;
  moderation_reason: string | null;
  profile_id: number;
  tokens_spent: number;
  amount_sen: number;
  keywords: string[];
  categories_slugs: string[];
  /** The business's locations it names, its branch first. */
  location_ids: number[];
  /** The version read: sent back as If-Match with the next PATCH. */
  version: number;
};
/** The owner's other live, public posts at the place a confidential ad would stand (they show its address and pin). */
export const confidentialNeighbours = (query: { type: 'jobs' | 'hireme'; profile_id?: number; location_id?: number; post_id?: number }) =>
  api.get('advertiser/posts/neighbours', { searchParams: Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as Record<string, string | number> })
    .json<Data<{ id: number; title: string; url: string }[]>>();

export interface ClaimOptions {
  profile: { id: number; name: string; slug: string };
  options: { index: number; method: 'sms' | 'email'; target: string }[];
  document: boolean;
}

export const dashboard = () => api.get('advertiser/dashboard').json<Data<Dashboard>>();
export const claimOptions = (profileId: number) => api.get('advertiser/claims/options', { searchParams: { profile_id: profileId } }).json<Data<ClaimOptions>>();
export const startClaim = (body: z.input<typeof ClaimRequestSchema>) => api.post('advertiser/claims', { json: body }).json<Data<{ id: number; target?: string; status: string; message: string }>>();
export const claimByDocument = (body: FormData) => api.post('advertiser/claims', { body }).json<Data<{ id: number; status: string; message: string }>>();
export const verifyClaim = (id: number, code: string) => api.post(`advertiser/claims/${id}/verify`, { json: { code } }).json<Data<{ profile: { id: number; slug: string }; advertiser: boolean }> & { message?: string }>();
export const profile = (id: number) => api.get(`advertiser/profiles/${id}`).json<Data<EditableProfile>>();
export const createProfile = (body: z.input<typeof NewProfileSchema>) => api.post('advertiser/profiles', { json: body }).json<Data<EditableProfile>>();
/** A JSON Merge Patch of the business (only what changed), with the version it was read at (a stale one: 409). */
export const editProfile = (id: number, patch: Record<string, unknown>, version: number) => api.patch(`advertiser/profiles/${id}`, { json: patch, headers: { 'If-Match': `"${version}"` } }).json<Data<EditableProfile>>();
export const startTrial = (id: number, plan: string) => api.post(`advertiser/profiles/${id}/trial`, { json: { plan } }).json<Data<{ plan: Plan; ends_at: string }>>();
export const uploadPhotos = (body: FormData) => api.post('advertiser/images', { body }).json<Data<Image[]>>();
export const uploadDocument = (body: FormData) => api.post('advertiser/documents', { body }).json<Data<{ file: string; original_filename: string }>>();
/** A video, with a generous timeout: 40 MB on a slow line. */
export const uploadVideo = (body: FormData) => api.post('advertiser/videos', { body, timeout: 300_000 }).json<Data<{ video: { file: string }; image: Image }>>();
export const post = (id: number) => api.get(`advertiser/posts/${id}`).json<Data<AdvertiserPost>>();
type PostAnswer = Data<AdvertiserPost> & { payment_required?: Payment; quote?: PublishQuote; held?: { checks: string[]; message: string } };
export const createPost = (body: z.input<typeof NewPostSchema> & { publish?: boolean }) => api.post('advertiser/posts', { json: body }).json<PostAnswer>();
/** A JSON Merge Patch of the ad (only what changed), with the version it was read at (a stale one: 409). */
export const editPost = (id: number, patch: Record<string, unknown>, version: number) => api.patch(`advertiser/posts/${id}`, { json: patch, headers: { 'If-Match': `"${version}"` } }).json<PostAnswer>();
/** What publishing (or renewing an expired ad) costs now. */
export const publishQuote = (id: number) => api.get(`advertiser/posts/${id}/publish-quote`).json<Data<PublishQuote>>();
/** `confirm`: the person saw the quote and agrees (a step that costs is refused without it). */
export const publishPost = (id: number, confirm = false) => api.post(`advertiser/posts/${id}/publish`, { json: { confirm } }).json<PostAnswer>();
export const renewPost = (id: number, confirm = false) => api.post(`advertiser/posts/${id}/renew`, { json: { confirm } }).json<PostAnswer>();
export const removePost = (id: number) => api.delete(`advertiser/posts/${id}`).json<Data<AdvertiserPost>>();

/** A review of one of the advertiser's listings, with its answer (issue 26). */
export interface ReviewToAnswer {
  id: number;
  listing: { type: ListingType | 'profile'; id: number; title: string; url: string };
  user: { name: string };
  rating: number;
  content: string;
  created_at: string;
  reply: { content: string; created_at: string } | null;
}

export const reviewsToAnswer = () => api.get('advertiser/reviews').json<Data<ReviewToAnswer[]>>();
export const answerReview = (id: number, body: z.input<typeof ReviewReplySchema>) => api.post(`advertiser/reviews/${id}/reply`, { json: body }).json<Data<{ content: string; created_at: string }>>();
export const removeAnswer = (id: number) => api.delete(`advertiser/reviews/${id}/reply`).json<{ message: string }>();

// Leads and insights (issue 26).
export type { Lead, LeadMail, LeadStatus } from '../shared/leads.ts';
export type { Insights } from '../shared/insights.ts';
export interface LeadPage {
  data: Lead[];
  page: number;
  has_more: boolean;
  unread: number;
  /** The advertiser's listings, to filter by. */
  listings: { type: string; id: number; title: string }[];
}
/** The inbox's filters as the API reads them (every one optional). */
export type LeadQuery = Partial<Record<'type' | 'status' | 'post_id' | 'profile_id' | 'from' | 'to' | 'page', string>>;
export const leads = (query: LeadQuery) => api.get('advertiser/leads', { searchParams: query }).json<LeadPage>();
export const lead = (id: number) => api.get(`advertiser/leads/${id}`).json<Data<Lead>>();
export const setLeadStatus = (id: number, status: LeadStatus) => api.patch(`advertiser/leads/${id}`, { json: { status } }).json<Data<Lead>>();
/** A quick action taken on a lead (issue 40), counted in insights; sent even as a link leaves the page. */
export const countLeadAction = (id: number, action: LeadAction) => api.post(`advertiser/leads/${id}/actions`, { json: { action }, keepalive: true }).json<Data<{ counted: LeadAction }>>();
export const leadSettings = () => api.get('advertiser/settings').json<Data<{ lead_mail: LeadMail }>>();
export const saveLeadSettings = (leadMail: LeadMail) => api.patch('advertiser/settings', { json: { lead_mail: leadMail } }).json<Data<{ lead_mail: LeadMail }>>();
export const reportReview = (id: number, body: { reason: string; description: string }) => api.post(`advertiser/reviews/${id}/report`, { json: body }).json<{ message: string }>();
export const insights = (query: Record<string, string>) => api.get('advertiser/insights', { searchParams: query }).json<Data<Insights>>();
/** Where a CSV of the same query downloads from (a link, not a call). */
export const csvUrl = (path: 'leads.csv' | 'insights.csv', query: Record<string, string>) => `/api/advertiser/${path}?${new URLSearchParams(query).toString()}`;

// Packages and billing (issue 27).
export type { InvoiceView as Invoice } from '../shared/billing.ts';
export const invoices = () => api.get('advertiser/invoices').json<Data<InvoiceView[]>>();
export const invoice = (id: number) => api.get(`advertiser/invoices/${id}`).json<Data<InvoiceView>>();
export const invoicePdfUrl = (id: number) => `/api/advertiser/invoices/${id}.pdf`;
export interface SubscriptionItem { id: number; plan: Plan; status: string; starts_at: string; ends_at: string; cancel_at: string | null; renews: boolean; next_plan: Plan | null }
export const subscribe = (body: { profile_id: number; plan: string; period: string }) =>
  api.post('advertiser/subscriptions', { json: body }).json<Data<{ subscription: SubscriptionItem; invoice: InvoiceView | null }>>();
export const cancelSubscription = (id: number) => api.post(`advertiser/subscriptions/${id}/cancel`).json<Data<SubscriptionItem>>();
export const payInvoice = (id: number, provider: PaymentProvider) => api.post(`advertiser/invoices/${id}/pay`, { json: { provider } }).json<Data<{ redirect_url: string }>>();
export const payment = (id: number) => api.get(`advertiser/payments/${id}`).json<Data<{ status: 'pending' | 'paid' | 'cancelled' | 'expired'; invoice_status: string }>>();

// A business's verifications (issue 45): each badge's state, the phone code, and the SSM request.
export interface VerificationState {
  phone_verified: { earned: boolean; url: string; targets: { index: number; target: string; verified: boolean }[]; missing: string | null };
  claimed: { earned: boolean; url: string; missing: string | null };
  ssm_registered: { earned: boolean; url: string; status: 'pending' | 'approved' | 'refused' | 'revoked' | null; company_no: string | null; year: number | null; reason: string | null; missing: string | null };
  years_in_business: { earned: boolean; verified: boolean; url: string; missing: string | null };
}
export const verifications = (profileId: number) => api.get(`advertiser/profiles/${profileId}/verifications`).json<Data<VerificationState>>();
export const sendPhoneCode = (profileId: number, target: number) =>
  api.post(`advertiser/profiles/${profileId}/verifications/phone`, { json: { target } }).json<Data<{ status: 'code_sent' | 'approved' }> & { message: string }>();
export const confirmPhone = (profileId: number, target: number, code: string) =>
  api.post(`advertiser/profiles/${profileId}/verifications/phone/confirm`, { json: { target, code } }).json<Data<{ status: 'approved' }> & { message: string }>();
export const requestSsm = (profileId: number, body: FormData) =>
  api.post(`advertiser/profiles/${profileId}/verifications/ssm`, { body }).json<Data<{ id: number; status: string }> & { message: string }>();

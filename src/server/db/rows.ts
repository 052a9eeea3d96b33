/**
 * Row shapes the repositories return, whatever the database behind them: snake_case columns as
 * stored, never sent to clients as they are (the services map them to the shapes of spec §3).
 */
import type { Selectable } from 'kysely';
import type { InvoiceLine, InvoiceView } from '../../shared/billing.ts';
import type { ListingType, Plan } from '../../shared/constants.ts';
import type { EnquiryKind } from '../../shared/enquiries.ts';
import type { LeadMail, LeadStatus } from '../../shared/leads.ts';
import type { Locale } from '../../shared/locale.ts';
import type { ScamClass } from '../../shared/scam-rules.ts';
import type { User } from '../../shared/schemas/accounts.ts';
import type { AuditLogTable, BusinessHoursTable, CategoriesTable, DocumentsTable, JobsTable, LocationsTable, LoginChallengesTable, MediaTable, OutboxMessagesTable, PaymentsTable, PostAttributesTable, PostsTable, ProfileChangesTable, ProfileClaimsTable, ProfileSpecialHoursTable, ProfilesTable, ReviewsTable, SavedSearchesTable, SessionsTable, SubscriptionsTable, UserDetailsTable, UsersTable, VerificationCodesTable } from './tables.ts';

/** A listing's lifecycle: only active, unexpired posts are shown in search, rows and sitemaps. */
/** A post's state; `hidden` is an operator's (issue 28): off the site like a draft until shown again. */
/** How a mobile number was proved by a code: a phone badge confirmed, a claim by SMS verified, an account's own phone set. */
export type NumberProof = 'badge' | 'claim' | 'account';

export type PostStatus = 'draft' | 'active' | 'expired' | 'removed' | 'hidden';

export interface MediaRow extends Pick<Selectable<MediaTable>, 'mime_type' | 'thumbnail' | 'full' | 'thumbnail_webp' | 'full_webp' | 'file'> {
  owner_id: number;
  position: number;
  caption: string | null;
  kind: 'image' | 'video';
}

export interface DocumentRow extends Pick<Selectable<DocumentsTable>, 'file' | 'original_filename'> {
  owner_id: number;
}

export interface CategoryRow {
  owner_id: number;
  id: number;
  type: ListingType;
  name: string;
  slug: string;
  parent_name: string | null;
  parent_slug: string | null;
}

export interface LocationRow extends Pick<Selectable<LocationsTable>, 'id' | 'name' | 'address_line1' | 'address_line2' | 'postcode' | 'phone_number' | 'company_phone_number' | 'fax_number' | 'email' | 'latitude' | 'longitude'> {
  owner_id: number;
  city_name: string;
  state_name: string;
  /** The centre of its town: where a confidential listing is placed (issue 38). */
  city_latitude: number;
  city_longitude: number;
}

export type AttributeRow = Pick<Selectable<PostAttributesTable>, 'post_id' | 'name' | 'value'>;

export interface PostRow {
  id: number;
  type: ListingType;
  slug: string;
  title: string;
  summary: string;
  /** The language the post is written in (issue 42). */
  content_lang: Locale;
  plan: Plan;
  price_min_sen: number | null;
  price_max_sen: number | null;
  price_currency: string;
  op_sen: number | null;
  hyperlink: string | null;
  view_count: number;
  rating: number;
  rating_count: number;
  published_at: string;
  expires_at: string | null;
  status: PostStatus;
  /** True when visitors may find the post in lists (active, not past its expiry): the same rule search and sitemaps apply. */
  live: boolean;
  /** Who wrote the post (a hireme ad's author edits it); null for demo data. */
  owner_user_id: number | null;
  /** Who owns its profile (who edits its services, jobs and buy/sell ads); null when unclaimed. */
  profile_owner_user_id: number | null;
  profile_id: number;
  profile_slug: string;
  profile_name: string;
  profile_kind: 'business' | 'individual';
  profile_plan: Plan;
  profile_claimed: boolean;
  /** The business's approved SSM number and verified phone (issue 45): the card's two marks. */
  profile_ssm: boolean;
  profile_phone: boolean;
  profile_rating: number;
  profile_rating_count: number;
  profile_about: string | null;
  profile_logo_thumbnail: string | null;
  profile_logo_full: string | null;
  profile_logo_thumbnail_webp: string | null;
  profile_logo_full_webp: string | null;
  // jobs
  job_level: string | null;
  job_experience_years: number | null;
  job_requirements: string | null;
  job_responsibilities: string | null;
  job_benefits: string | null;
  job_confidential: boolean | null;
  job_resume_required: boolean | null;
  job_salary_type: 'month' | 'year' | null;
  // hireme
  hireme_expertise: string | null;
  hireme_rate: string | null;
  hireme_vaccination: string | null;
  hireme_skill: string | null;
  hireme_experience: string | null;
  hireme_education: string | null;
  hireme_confidential: boolean | null;
  // services
  service_description: string | null;
  // buysell
  buysell_type: 'buy' | 'sell' | null;
  buysell_condition: 'new' | 'used' | null;
  buysell_brand: string | null;
  buysell_qty: number | null;
  buysell_description: string | null;
}

export interface ProfileRow extends Pick<Selectable<ProfilesTable>, 'id' | 'slug' | 'name' | 'store_name' | 'company_no' | 'about' | 'established_year' | 'url' | 'facebook' | 'twitter' | 'instagram' | 'linkedin' | 'wechat' | 'youtube' | 'whatsapp' | 'view_count' | 'rating' | 'rating_count'> {
  /** Hidden by an operator (issue 28): its page and every ad under it are off the site. */
  hidden?: boolean;
  kind: 'business' | 'individual';
  /** The language its own words are written in (issue 42). */
  content_lang: Locale;
  plan: Plan;
  claimed: boolean;
  /** Its owner took it by a claim (a code to a listed phone or e-mail, or an approved document), not by creating it. */
  claim_proved: boolean;
  /** "Usually replies within N hours" (issue 45), stored by the daily job trust_signals; null when not shown. */
  response_hours: number | null;
  /** How many people the reply time stands on. */
  response_count: number;
  /** The one user who owns it (set by a claim or a creation); null for demo data and unclaimed profiles. */
  owner_user_id: number | null;
  logo_thumbnail: string | null;
  logo_full: string | null;
  logo_thumbnail_webp: string | null;
  logo_full_webp: string | null;
  image_thumbnail: string | null;
  image_full: string | null;
  image_thumbnail_webp: string | null;
  image_full_webp: string | null;
}

export type BusinessHoursRow = Pick<Selectable<BusinessHoursTable>, 'day' | 'opens' | 'closes'>;

/** A dated exception to the weekly hours (migration 0034): no range (opens null) is a closed day. */
export type SpecialHoursRow = Pick<Selectable<ProfileSpecialHoursTable>, 'date' | 'label' | 'opens' | 'closes'>;

export interface BannerRow {
  slot: 'main' | 'sub';
  title: string;
  subtitle: string | null;
  hyperlink: string;
  thumbnail: string;
  full: string;
  thumbnail_webp: string | null;
  full_webp: string | null;
}

export interface CategoryTreeRow extends Pick<Selectable<CategoriesTable>, 'id' | 'name' | 'slug' | 'parent_id'> {
  type: ListingType;
  education: boolean;
}

/** A category on its own (home rows, busiest categories): a CategoryRow without the listing it belongs to. */
export type HomeCategoryRow = Omit<CategoryRow, 'owner_id'>;

/** A state's or town's name in another language, by its English name (issue 42). */
export interface PlaceNameRow {
  english: string;
  locale: 'ms' | 'zh';
  name: string;
}

export interface PlaceRow {
  kind: 'state' | 'city';
  id: number;
  name: string;
  state_name: string;
  latitude: number;
  longitude: number;
}

export interface ReviewRow {
  id: number;
  reviewer_name: string;
  reviewer_image_thumbnail: string | null;
  reviewer_image_full: string | null;
  reviewer_image_thumbnail_webp: string | null;
  reviewer_image_full_webp: string | null;
  rating: number;
  content: string;
  created_at: string;
  /** The owner's answer, if any (issue 26). */
  reply_content: string | null;
  reply_created_at: string | null;
}

export interface ReviewMediaRow extends Pick<Selectable<MediaTable>, 'thumbnail' | 'full' | 'thumbnail_webp' | 'full_webp'> {
  owner_id: number;
}

export interface SuggestionRow {
  label: string;
  kind: 'category' | 'business' | 'title';
  type: ListingType;
}

// Listings, engagement, enquiries, uploads and counters as the repositories take and give them.

/** A post of a type, or a profile: what reviews, reports and views are about (one encoding everywhere). */
export type ListingRef = { type: ListingType | 'profile'; id: number };

/** Views counted since the last flush, per listing id. */
export interface ViewCounts {
  posts: Map<number, number>;
  profiles: Map<number, number>;
}

/** A review to store: a new one, or (same user and listing) an edit of theirs; its images (uploads) are marked used in the same transaction. */
export interface ReviewInput {
  listing: ListingRef;
  userId: number | null;
  reviewerName: string;
  rating: number;
  content: string;
  mediaIds: readonly number[];
  /** The automatic checks that hold it hidden for an operator (issue 28), if any. */
  heldReason?: string | null;
  /** The writer's client, hashed (bursts from one client are held). */
  clientHash?: string | null;
  /** The hash of the writer's first-party device cookie (issue 45: the fake-review filter's shared-device signal). */
  deviceHash?: string | null;
}

/** Counted clicks of one listing and action (spec §7 POST analytics). */
export interface ClickCount {
  listing: ListingRef;
  action: string;
  count: number;
}

/** A followed post or profile, as a following list shows it. */
export interface FollowRow {
  type: ListingRef['type'];
  id: number;
  title: string;
  slug: string;
  thumbnail: string | null;
  full: string | null;
  thumbnail_webp: string | null;
  full_webp: string | null;
  created_at: string;
}

/** The listing an enquiry is about, with what the enquiry needs of it (a live post, or a profile). */
export interface EnquiryTargetRow {
  type: ListingRef['type'];
  id: number;
  title: string;
  slug: string;
  /** The company is not named to people who enquire (jobs and hireme posts marked confidential). */
  confidential: boolean;
  /** The job asks for a CV (job_details.resume_required). */
  resume_required: boolean;
  profile_name: string;
  profile_slug: string;
  /** Where the owner hears about enquiries: the e-mail of the post's first location (a profile's first location for a profile), if any. */
  contact_email: string | null;
  /** Whose lead it becomes: a hireme ad's author, else the owner of its business (null while nobody owns it). */
  owner_user_id: number | null;
}

/** An enquiry to store, with the uploads it attaches. */
export interface EnquiryInput {
  kind: EnquiryKind;
  userId: number;
  listing: ListingRef;
  listingTitle: string;
  name: string;
  phone_number: string;
  email: string | null;
  contact_method: string;
  /** The fields only this kind has (spec §3 Enquiry records). */
  details: Record<string, unknown>;
  mediaIds: readonly number[];
  documentId: number | null;
  notified: string | null;
  /** The listing's owner when it was sent: the lead is theirs (leads inbox). */
  ownerUserId: number | null;
  /** The scam rules its text broke (issue 44: its message in the conversation carries them). */
  rules?: readonly ScamClass[];
  /** When it was sent (the app's clock). */
  createdAt: string;
}

/** A stored enquiry as its sender reads it, with the listing as it is now (null fields once it is gone). */
export interface EnquiryRow {
  id: number;
  kind: EnquiryKind;
  /** Who sent it (null once their account was deleted). */
  user_id: number | null;
  listing_type: ListingRef['type'] | null;
  listing_id: number | null;
  listing_slug: string | null;
  listing_title: string;
  confidential: boolean;
  profile_name: string | null;
  profile_slug: string | null;
  city_state: string | null;
  status: 'pending';
  name: string;
  phone_number: string;
  email: string | null;
  contact_method: string;
  details: string;
  document_id: number | null;
  document_file: string | null;
  document_name: string | null;
  document_mime_type: string | null;
  created_at: string;
  /** Whose lead it is: the listing's owner when it was sent. */
  owner_user_id: number | null;
  /** Where it stands in the owner's inbox, read from its conversation. */
  lead_status: LeadStatus;
  /** The conversation it opened or joined (issue 44); null only if that went with a deleted account's data. */
  conversation_id: number | null;
}

export type { LeadStatus };

/** Which leads an owner lists: any of these, each optional; days are Malaysian (from, to inclusive) as ISO bounds. */
export interface LeadFilters {
  kind?: EnquiryKind;
  listing?: ListingRef;
  status?: LeadStatus;
  /** ISO time: sent at or after. */
  since?: string;
  /** ISO time: sent before. */
  before?: string;
}

/** A message of a lead's thread: the owner's reply or the sender's answer. */
export interface EnquiryReplyRow {
  id: number;
  enquiry_id: number;
  side: 'owner' | 'sender';
  message: string;
  created_at: string;
}

/** How an advertiser hears of leads, and what the last daily digest covered. */
export interface LeadSettingsRow {
  lead_mail: LeadMail;
  digest_until: string;
}

/** What a daily digest lists: new leads and senders' answers, with the lead they are on. */
export interface DigestItem {
  /** The lead it is or is on; null for a message in a conversation no enquiry began. */
  enquiry_id: number | null;
  kind: EnquiryKind;
  listing_title: string;
  name: string;
  /** Null for a new lead; the sender's answer otherwise. */
  message: string | null;
  created_at: string;
}

/** An uploaded image as a form names it, with what the upload policy reads (policies.ts canUseUploadedImage). */
export interface UploadedImageRow extends StoredImageFiles {
  /** The media id. */
  id: number;
  owner_user_id: number | null;
  attached: boolean;
  review: { user_id: number | null; listing: ListingRef } | null;
}

/** The stored files of an image upload: its four variants (spec §3 media item), relative to the media folder. */
export interface StoredImage {
  mime_type: string;
  thumbnail: string;
  full: string;
  thumbnail_webp: string;
  full_webp: string;
  width: number;
  height: number;
  /** The difference hash of an uploaded image (issue 28). */
  dhash?: string;
}

/** The four variants' paths of a stored image. */
export type StoredImageFiles = Pick<StoredImage, 'thumbnail' | 'full' | 'thumbnail_webp' | 'full_webp'>;

/** An upload nobody attached in time: its row ids and the files to delete. */
export interface StaleUpload {
  id: number;
  files: string[];
}

/** A counter's state: its points in the current window, when the window ends and until when the key is blocked (ms since the epoch). */
export interface CounterState {
  points: number;
  resetAt: number;
  blockedUntil: number | null;
}

// Accounts (decision 0005): times are ISO strings; ids of sessions and challenges are SHA-256 hashes of the
// secrets the browser holds, never the secrets.

/** A social provider (spec §7 auth/google, auth/facebook). */
export type SocialProvider = 'google' | 'facebook';

/** What a code is for: it cannot be used for anything else (ASVS 6.6.2). */
export type CodePurpose = 'register' | 'reset' | 'login' | 'verify' | 'claim';

interface UserDetailRow extends Pick<Selectable<UserDetailsTable>, 'dob' | 'address_line1' | 'address_line2' | 'postcode' | 'city' | 'state_id' | 'country_id' | 'education' | 'experience' | 'additional_skill' | 'salary'> {
  gender: 'm' | 'f' | null;
  state: string | null;
  country: string | null;
  language: string[];
  cv: { id: number; file: string; original_filename: string; mime_type: string } | null;
  salary_type: 'month' | 'year';
}

/** A user as stored: the API's fields (spec §3), with the photo's paths relative to the media folder. */
export interface UserRow extends Pick<User, 'id' | 'name' | 'email' | 'phone_number' | 'phone_number_country' | 'locale' | 'image' | 'pending_delete' | 'has_password' | 'created_at'> {
  roles: string[];
  updated_at: string;
  detail: UserDetailRow;
}

/** What a sign-in checks. */
export interface CredentialsRow extends Pick<Selectable<UsersTable>, 'id' | 'password_hash' | 'email' | 'phone_number' | 'phone_number_country'> {
  /** The account's language (issue 42). */
  locale: Locale;
}

export interface NewUser {
  name: string;
  email: string | null;
  phone_number: string | null;
  phone_number_country: string | null;
  password_hash: string | null;
  /** The language of the page the account was made on (issue 42); English when absent. */
  locale?: Locale;
  /** The social identity the account is created from. */
  identity?: { provider: SocialProvider; subject: string; email: string | null };
}

export interface SessionRow extends Pick<Selectable<SessionsTable>, 'id' | 'user_id' | 'csrf_token' | 'created_at' | 'last_seen_at' | 'expires_at'> {
  /** When the person last proved it is them (signing in, or the operator console's re-authentication). */
  proven_at?: string;
}

export interface ChallengeRow extends Pick<Selectable<LoginChallengesTable>, 'id' | 'user_id' | 'expires_at'> {
  channel: 'email' | 'sms';
}

export type CodeRow = Pick<Selectable<VerificationCodesTable>, 'id' | 'code_hash' | 'failed_attempts' | 'expires_at' | 'used_at'>;

export interface NewCode {
  purpose: CodePurpose;
  address: string;
  challengeId: string | null;
  userId: number | null;
  codeHash: string;
  /** When it was sent (the app's clock): the send limits count from it. */
  createdAt: string;
  expiresAt: string;
}

export interface AuthAttempt {
  action: 'login' | '2fa' | 'social' | 'reset' | 'register';
  /** The normalised e-mail or phone number tried, or the provider subject. */
  identifier: string | null;
  userId: number | null;
  client: string;
  outcome: string;
}

/** Fields of an account edit: an absent key keeps its value, null clears it. */
export interface ProfileChanges {
  name?: string;
  email?: string;
  phone_number?: string;
  phone_number_country?: string;
  locale?: Locale;
  gender?: 'm' | 'f' | null;
  dob?: string | null;
  address_line1?: string | null;
  address_line2?: string | null;
  postcode?: string | null;
  city?: string | null;
  state_id?: number | null;
  country_id?: number | null;
}

export interface ResumeRow {
  education: string;
  experience: number;
  salary_type: 'month' | 'year';
  salary: number | null;
  language: string[];
  additional_skill: string | null;
}

// Background work (migration 0014): jobs, recurring schedules and the outbox.

export type JobState = 'queued' | 'running' | 'done' | 'failed';

/** A job as stored: `payload` is its JSON. */
export interface JobRow extends Pick<Selectable<JobsTable>, 'id' | 'kind' | 'payload' | 'run_at' | 'attempts' | 'max_attempts' | 'lease_owner' | 'lease_until' | 'idempotency_key' | 'last_error' | 'created_at' | 'finished_at' | 'priority'> {
  state: JobState;
}

export interface NewJob {
  kind: string;
  payload?: unknown;
  /** When it may run (ISO); now when absent. */
  runAt?: string;
  maxAttempts?: number;
  /** A job with a key already queued, running or kept is not enqueued again. */
  idempotencyKey?: string;
  /** Due jobs are taken highest first (default 0; bulk mail -1, so a sign-in code never waits behind an alert run's mails). */
  priority?: number;
}

export interface OutboxMessageRow extends Pick<Selectable<OutboxMessagesTable>, 'id' | 'recipient' | 'created_at' | 'sent_at'> {
  channel: 'mail' | 'sms';
  /** The message as JSON (a mail's parts and attachment paths, an SMS's text). */
  message: string;
}

/** A profile as its owner edits it (the advertiser site): its own columns, without the media joined in. */
export interface AdvertiserProfileRow extends Pick<ProfileRow, 'id' | 'slug' | 'kind' | 'name' | 'store_name' | 'company_no' | 'about' | 'established_year' | 'content_lang' | 'plan'
  | 'claimed' | 'owner_user_id' | 'url' | 'facebook' | 'twitter' | 'instagram' | 'linkedin' | 'youtube' | 'wechat' | 'whatsapp'> {
  logo_id: number | null;
  /** Hidden by an operator (issue 28). */
  hidden: boolean;
  /** The version an editor read (its ETag, issue 40): every save moves it on. */
  version: number;
  created_at: string;
  updated_at: string;
}

/** The profile columns an owner's edit sets. */
export type ProfileFields = Partial<Pick<AdvertiserProfileRow, 'name' | 'store_name' | 'company_no' | 'about' | 'established_year' | 'content_lang' | 'url' | 'facebook' | 'twitter'
  | 'instagram' | 'linkedin' | 'youtube' | 'wechat' | 'whatsapp' | 'logo_id' | 'claimed'>>;

/** A location as an edit stores it: kept by id, or new. */
export interface LocationSave {
  id?: number;
  name: string;
  address_line1: string;
  address_line2: string | null;
  city_id: number;
  state_id: number;
  postcode: string;
  phone_number: string | null;
  company_phone_number: string | null;
  fax_number: string | null;
  email: string | null;
  latitude: number;
  longitude: number;
  /** The branch's own opening hours and special hours (none: the business's). */
  hours: BusinessHoursRow[];
  specialHours: SpecialHoursRow[];
}

/** One field's change in a profile's history; 'pending' waits for an operator's review. */
export interface ProfileChange {
  userId: number | null;
  field: string;
  oldValue: string | null;
  newValue: string | null;
  review: 'none' | 'pending';
}

/** An edit of a profile: the parts given are replaced, and its history rows recorded, in one write. */
export interface ProfileSave {
  fields: ProfileFields;
  categoryIds?: number[];
  keywords?: string[];
  hours?: { day: number; opens: string; closes: string }[];
  specialHours?: SpecialHoursRow[];
  attributes?: string[];
  locations?: LocationSave[];
  mediaIds?: number[];
  documentIds?: number[];
  history: ProfileChange[];
}

export interface ProfileChangeRow {
  id: number;
  field: string;
  old_value: string | null;
  new_value: string | null;
  review: 'none' | 'pending' | 'approved' | 'rejected';
  user_id: number | null;
  created_at: string;
}

export interface NewClaim {
  profileId: number;
  userId: number;
  method: 'sms' | 'email' | 'document';
  target: string | null;
  documentId: number | null;
}

export interface ClaimRow extends Pick<Selectable<ProfileClaimsTable>, 'id' | 'profile_id' | 'user_id' | 'target' | 'document_id' | 'created_at' | 'decided_at'> {
  method: 'sms' | 'email' | 'document';
  status: 'pending' | 'verified' | 'rejected';
}

export interface SubscriptionRow extends Pick<Selectable<SubscriptionsTable>, 'id' | 'profile_id' | 'starts_at' | 'ends_at' | 'tokens' | 'tokens_used' | 'invoice_id' | 'renews_subscription_id' | 'replaces_subscription_id' | 'grace_mailed_at'> {
  plan: 'BRONZE' | 'SILVER' | 'GOLD';
  kind: 'trial' | 'paid';
  /** A paid period is pending until its invoice is paid; cancelled when it never will be. */
  status: 'pending' | 'active' | 'cancelled';
  period: 'monthly' | 'yearly' | null;
  /** Renewal stops at the first period end on or after this (cancelled, or suspended). */
  cancel_at: string | null;
  /** When the 12-month minimum of its unbroken run of paid periods began. */
  term_starts_at: string | null;
  /** A downgrade or change of period chosen for the next period. */
  next_plan: 'BRONZE' | 'SILVER' | 'GOLD' | null;
  next_period: 'monthly' | 'yearly' | null;
  /** Past its end, its unpaid renewal keeps it running until then. */
  grace_until: string | null;
  /** When its end was dealt with (mailed, renewal settled). */
  closed_at: string | null;
}

/** A subscription to write. */
export type NewSubscription = Pick<SubscriptionRow, 'profile_id' | 'plan' | 'kind' | 'starts_at' | 'ends_at' | 'tokens'>
  & Partial<Pick<SubscriptionRow, 'status' | 'period' | 'invoice_id' | 'term_starts_at' | 'renews_subscription_id' | 'replaces_subscription_id'>>;

/** What the lifecycle changes on a subscription. */
export type SubscriptionChange = Partial<Pick<SubscriptionRow, 'status' | 'ends_at' | 'cancel_at' | 'next_plan' | 'next_period' | 'grace_until' | 'grace_mailed_at' | 'closed_at'>>;

/** A live or expired ad with how much of each per-ad limit it uses (a downgrade moves the ones over the new limits to draft). */
export interface PostSizeRow {
  id: number;
  title: string;
  categories: number;
  keywords: number;
  images: number;
  videos: number;
  documents: number;
}

/** One attempt to pay an invoice through a provider. */
export interface PaymentRow extends Pick<Selectable<PaymentsTable>, 'id' | 'invoice_id' | 'bill_id' | 'bill_url' | 'amount_sen' | 'created_at' | 'settled_at' | 'refund_reference' | 'refunded_at'> {
  provider: 'bank_transfer' | 'billplz' | 'sandbox';
  status: 'pending' | 'paid' | 'cancelled' | 'expired';
  /** A payment whose invoice was credited or voided is refunded: due (an operator refunds it by hand), or done. */
  refund_status: 'due' | 'refunded' | null;
}

/** The type-specific part of an ad as stored. */
export type PostDetails =
  | { kind: 'jobs'; level: string; requirements: string; responsibilities: string; benefits: string; company_confidential: boolean; resume_required: boolean; salary_type: 'month' | 'year' }
  | { kind: 'hireme'; expertise: string; rate: string; vaccination: string; skill: string; experience: string; education: string; company_confidential: boolean }
  | { kind: 'services'; description: string }
  | { kind: 'buysell'; deal_type: string; condition: string; brand: string | null; qty: number | null; description: string };

/** What an advertiser writes of an ad. */
export interface PostContent {
  title: string;
  summary: string;
  /** The language it is written in (issue 42). */
  contentLang: Locale;
  priceMinSen: number | null;
  priceMaxSen: number | null;
  opSen: number | null;
  /** A job's own expiry (null: the ad's 30 days, set when it is published). */
  expiresAt: string | null;
  categoryIds: number[];
  locationIds: number[];
  attributes: { name: string; value: string }[];
  keywords: string[];
  mediaIds: number[];
  documentIds: number[];
  details: PostDetails;
}

/** A step of an ad's life, and what it cost. */
/** An ad in its advertiser's list, with who owns it. */
export interface OwnPostRow extends Pick<Selectable<PostsTable>, 'id' | 'profile_id' | 'slug' | 'title' | 'published_at' | 'expires_at' | 'first_live_at' | 'tokens_spent' | 'amount_sen' | 'created_at' | 'updated_at' | 'owner_user_id'> {
  type: ListingType;
  profile_name: string;
  status: PostStatus;
  plan: Plan;
  live: boolean;
  profile_owner_user_id: number | null;
  /** The automatic checks that hold it for an operator's review (issue 28), or 'refused'; null when none. */
  held_reason: string | null;
  /** The held checks' scores and evidence (JSON of HeldSignal[]), while held by them. */
  held_signals: string | null;
  /** What hid it, while hidden: an operator's hiding of the ad itself, or of its business (or its owner's suspension). */
  hidden_by: 'post' | 'profile' | null;
  /** Why Yellow Pages hid, removed or refused it, as its owner is told (issue 39). */
  moderation_reason: string | null;
  /** The version an editor read (its ETag, issue 40). */
  version: number;
}

/** A review as its listing's owner answers it (issue 26). */
export interface ReviewToAnswer {
  id: number;
  listing: ListingRef;
  listing_title: string;
  hidden: boolean;
  reviewer_name: string;
  /** Where the reviewer is told of an answer (null: a seeded review, or no e-mail). */
  reviewer_email: string | null;
  /** The reviewer's language, for that mail (English when the review has no account). */
  reviewer_locale: Locale;
  /** A post's author, and the owner of the profile the listing is or belongs to. */
  post_owner_user_id: number | null;
  profile_owner_user_id: number | null;
  answered: boolean;
}

/** A review of one of a user's listings, with its answer, for the advertiser's list (issue 26). */
export interface OwnerReviewRow extends Pick<Selectable<ReviewsTable>, 'id' | 'reviewer_name' | 'rating' | 'content' | 'created_at'> {
  listing: ListingRef;
  listing_slug: string;
  listing_title: string;
  reply_content: string | null;
  reply_created_at: string | null;
}

/** A listing its owner reads insights of. */
export interface InsightListingRow {
  type: ListingRef['type'];
  id: number;
  title: string;
  slug: string;
  /** The business it belongs to (a profile's own id). */
  profile_id: number;
}

/** An invoice or credit note to issue (issue 27): its parties as printed, its priced lines and totals (shared/billing.ts). */
export interface NewInvoice {
  kind: 'invoice' | 'credit_note';
  correctsInvoiceId: number | null;
  userId: number;
  profileId: number | null;
  seller: Record<string, unknown>;
  buyer: Record<string, unknown>;
  sstRateBp: number;
  lines: InvoiceLine[];
  subtotal_sen: number;
  sst_sen: number;
  total_sen: number;
  /** The year its number counts in (Malaysian calendar year of issue). */
  year: number;
  dueAt: string;
}

/** An invoice as stored: what its buyer reads (InvoiceView) without the derived fields, with the buyer's account. */
export interface InvoiceRow extends Omit<InvoiceView, 'sst_rate' | 'payment' | 'seller' | 'buyer'> {
  user_id: number | null;
  seller: Record<string, unknown>;
  buyer: Record<string, unknown>;
}

/** One operator action as the audit log keeps it: users by id, personal fields redacted. */
export interface AuditEntry extends Pick<Selectable<AuditLogTable>, 'id' | 'operator_user_id' | 'action' | 'target_type' | 'target_id' | 'reason' | 'client' | 'created_at'> {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface AuditFilters {
  operatorUserId?: number;
  targetType?: string;
  targetId?: string;
  /** ISO times, from inclusive, to exclusive. */
  from?: string;
  to?: string;
}

/** A claim waiting on its document, as the operator console lists it. */
export interface DocumentClaimRow extends ClaimRow {
  profile_name: string;
  profile_slug: string;
  document_file: string | null;
  document_name: string | null;
  document_mime_type: string | null;
}

/** An open report as the operator console groups them: about a post, a profile or a review. */
export interface OpenReportRow {
  target: 'post' | 'profile' | 'review';
  target_id: number;
  /** The listing's type for a post (services, jobs, hireme, buysell). */
  post_type: string | null;
  title: string;
  slug: string | null;
  reason: string;
  description: string;
  user_id: number | null;
  client_hash: string | null;
  created_at: string;
  /** Who owns the listing reported (none for a review, or a listing nobody owns). */
  owner_user_id: number | null;
}

/** A review held by an automatic check, as the operator console lists it (issue 28). */
export interface HeldReviewRow extends Pick<Selectable<ReviewsTable>, 'id' | 'post_id' | 'profile_id' | 'reviewer_name' | 'rating' | 'content' | 'created_at'> {
  held_reason: string;
  /** The fake-review filter's score and features (issue 45), when it scored the review. */
  score: number | null;
  features: Record<string, number> | null;
}

/** A profile change held for an operator's review (the advertiser site logs it; it is live already). */
export interface PendingProfileChange extends Pick<Selectable<ProfileChangesTable>, 'id' | 'profile_id' | 'field' | 'old_value' | 'new_value' | 'user_id' | 'created_at'> {
  profile_name: string;
  profile_slug: string;
}

/** An account as the operator console sees it besides the account itself (issue 28). */
export interface UserActivity {
  sessions: { created_at: string; last_seen_at: string; client: string }[];
  sign_in_attempts: { at: string; action: string; outcome: string; client: string }[];
  reports_made: { target: { type: string; id: number }; reason: string; created_at: string; handled: boolean }[];
  reports_received: { target: { type: string; id: number }; reason: string; created_at: string; handled: boolean }[];
}

/** A listing found in the operator console: a post (by its type) or a profile. */
export interface ListingHit {
  type: string;
  id: number;
  slug: string;
  title: string;
  status: string;
}

/** A saved search (migration 0030): the canonical search as JSON (`query`), how often it alerts, and its watermarks. */
export interface SavedSearchRow extends Pick<Selectable<SavedSearchesTable>, 'id' | 'user_id' | 'name' | 'type' | 'query' | 'frequency' | 'created_at' | 'updated_at'> {
  /** Listings that went live after this are new in My area (moved when its owner opens it). */
  seen_at: string;
  /** Listings that went live after this are what the next alert looks at. */
  alerted_at: string;
  /** When an alert mail last went out. */
  mailed_at: string | null;
}

/** A saved search an alert run looks at, with where its mail goes. */
export interface DueSavedSearchRow extends SavedSearchRow {
  email: string;
  user_name: string;
  /** The account's language (issue 42): the alert is written in it and links to it. */
  locale: Locale;
}

export interface NewSavedSearch {
  userId: number;
  name: string;
  type: string;
  query: string;
  frequency: string;
}

export interface SavedSearchChange {
  name?: string;
  frequency?: string;
  seenAt?: string;
  alertedAt?: string;
}

/** A state change of an ad: the statuses it may move from, and what it sets. */
export interface PostMove {
  from: readonly PostStatus[];
  status: PostStatus;
  /** Only when its hold is this: a list of checks ('checks'), refused, or none. */
  held?: 'checks' | 'refused' | 'none';
  /** Its hold after the move (null: none). */
  heldReason?: string | null;
  /** The held checks' scores and evidence, as JSON (issue 64); any change of the hold without them clears them. */
  heldSignals?: string | null;
  publishedAt?: string;
  expiresAt?: string | null;
  firstLiveAt?: string;
  plan?: string;
  /** Tokens and ringgit the step cost, added to the ad's totals. */
  tokens?: number;
  amountSen?: number;
  /** Who hid it (the post itself, or its business), and why Yellow Pages hid or removed it. */
  hiddenBy?: 'post' | 'profile' | null;
  moderationReason?: string | null;
}

/** A profile hidden, shown or removed, with the posts that went with it. */
export interface ProfileMove {
  changed: boolean;
  posts: number[];
}

/** A photo on another account's live ad whose difference hash may be near one of a new ad's (issue 64). */
export interface PhotoTwinRow {
  post_id: number;
  owner_user_id: number | null;
  dhash: string;
}

/** An ad of another account with the same text fingerprint (issue 64). */
export interface TextTwinRow {
  post_id: number;
  /** Its owner's account (a business with no owner: minus its profile id). */
  account: number;
  live: boolean;
  /** Posted within the new-account window by an account created within it. */
  new_account: boolean;
}

/** What the price checks read of an ad: its first category, and for a buy-and-sell ad its deal, condition and brand. */
export interface PricedAdRow {
  post_id: number;
  type: ListingType;
  title: string;
  created_at: string;
  live: boolean;
  category_id: number | null;
  deal_type: 'buy' | 'sell' | null;
  condition: 'new' | 'used' | null;
  brand: string | null;
  price_sen: number | null;
}

/**
 * A robust price statistic of live sell ads of one category and condition ('any': both), and within them of one brand
 * or one product (the title's words); '' for every brand, every product.
 */
export interface PriceStatRow {
  category_id: number;
  condition: 'new' | 'used' | 'any';
  brand: string;
  product: string;
  sample: number;
  median_sen: number;
  /** The median absolute deviation of the prices' natural logarithms. */
  log_mad: number;
}

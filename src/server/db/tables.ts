/**
 * The tables of the shared schema, as the query layer (Kysely, decision 0012) types them: columns as stored,
 * timestamps as ISO 8601 text, booleans as 0/1 integers. Generated from the migrations by
 * `npm run db:types` (scripts/sqlite/table-types.ts); do not edit by hand.
 */
import type { Generated } from 'kysely';

export interface AdvertiserSettingsTable {
  user_id: Generated<number>;
  lead_mail: Generated<string>;
  digest_until: string;
}

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

export interface AppealsTable {
  id: Generated<number>;
  user_id: number | null;
  email: string;
  message: string;
  client_hash: string;
  created_at: string;
  confirmed_at: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  operator_user_id: number;
  action: string;
  target_type: string;
  target_id: string;
  reason: string | null;
  before: string | null;
  after: string | null;
  client: string;
  created_at: string;
}

export interface AuthAttemptsTable {
  id: Generated<number>;
  at: string;
  action: string;
  identifier: string | null;
  user_id: number | null;
  client: string;
  outcome: string;
}

export interface BannerTextsTable {
  banner_id: number;
  locale: string;
  title: string;
  subtitle: string | null;
}

export interface BannersTable {
  id: Generated<number>;
  placement: string;
  slot: string;
  title: string;
  subtitle: string | null;
  media_id: number;
  hyperlink: string;
  position: Generated<number>;
}

export interface BusinessHoursTable {
  profile_id: number;
  day: number;
  opens: string;
  closes: string;
}

export interface BuysellDetailsTable {
  post_id: Generated<number>;
  deal_type: string;
  condition: string;
  brand: string | null;
  qty: number | null;
  description: string;
}

export interface CacheInvalidationsTable {
  id: Generated<number>;
  tag: string;
  created_at: string;
}

export interface CategoriesTable {
  id: Generated<number>;
  type: string;
  parent_id: number | null;
  name: string;
  slug: string;
  position: Generated<number>;
  education: Generated<number>;
}

export interface CategoryNamesTable {
  category_id: number;
  locale: string;
  name: string;
}

export interface CategoryPriceStatsTable {
  category_id: number;
  condition: string;
  brand: Generated<string>;
  product: Generated<string>;
  sample: number;
  median_sen: number;
  log_mad: number;
  computed_at: string;
}

export interface CitiesTable {
  id: Generated<number>;
  state_id: number;
  name: string;
  slug: string;
  latitude: number;
  longitude: number;
}

export interface CityNamesTable {
  city_id: number;
  locale: string;
  name: string;
}

export interface CmsPageTextsTable {
  page: string;
  locale: string;
  article_title: string;
  article_content: string;
}

export interface CmsPagesTable {
  page: string;
  article_title: string;
  article_content: string;
  updated_at: string;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string | null;
  phone_number: string;
  message: string;
  client_hash: string;
  created_at: string;
}

export interface ConversationBlocksTable {
  user_id: number;
  blocked_user_id: number;
  created_at: string;
}

export interface ConversationEventsTable {
  seq: Generated<number>;
  user_id: number;
  conversation_id: number;
  kind: string;
  side: string;
  message_id: number | null;
  up_to: number | null;
  created_at: string;
}

export interface ConversationMessageMediaTable {
  message_id: number;
  media_id: number;
  position: number;
}

export interface ConversationMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  side: string;
  user_id: number | null;
  kind: string;
  text: string;
  enquiry_id: number | null;
  client_id: string | null;
  rules: string | null;
  erased_at: string | null;
  created_at: string;
  moderated_at: string | null;
}

export interface ConversationOffersTable {
  id: Generated<number>;
  conversation_id: number;
  message_id: number;
  qty: number;
  offered_price_sen: number;
  deal_method: string;
  remark: string | null;
  status: Generated<string>;
  created_at: string;
  decided_at: string | null;
}

export interface ConversationReportsTable {
  id: Generated<number>;
  conversation_id: number;
  user_id: number | null;
  reported_user_id: number | null;
  reason: string;
  description: string;
  message_ids: string;
  created_at: string;
  handled_at: string | null;
}

export interface ConversationRevealsTable {
  id: Generated<number>;
  message_id: number;
  user_id: number | null;
  created_at: string;
}

export interface ConversationsTable {
  id: Generated<number>;
  post_id: number | null;
  profile_id: number | null;
  listing_title: string;
  person_user_id: number | null;
  owner_user_id: number | null;
  created_at: string;
  last_message_at: string;
  person_read_up_to: Generated<number>;
  owner_read_up_to: Generated<number>;
  person_mailed_up_to: Generated<number>;
  owner_mailed_up_to: Generated<number>;
  person_archived_at: string | null;
  owner_archived_at: string | null;
  person_muted_at: string | null;
  owner_muted_at: string | null;
  superseded_at: string | null;
}

export interface CountersTable {
  key: string;
  points: number;
  reset_at: number;
  blocked_until: number | null;
}

export interface CountriesTable {
  id: Generated<number>;
  name: string;
  iso2: string;
  calling_code: string;
}

export interface DocumentsTable {
  id: Generated<number>;
  file: string;
  original_filename: string;
  mime_type: Generated<string>;
}

export interface EnquiriesTable {
  id: Generated<number>;
  kind: string;
  user_id: number | null;
  post_id: number | null;
  profile_id: number | null;
  listing_title: string;
  status: Generated<string>;
  name: string;
  phone_number: string;
  email: string | null;
  contact_method: string;
  details: string;
  document_id: number | null;
  notified: string | null;
  created_at: string;
  owner_user_id: number | null;
  conversation_id: number | null;
}

export interface EnquiryMediaTable {
  enquiry_id: number;
  media_id: number;
  position: number;
}

export interface FeaturedPostsTable {
  placement: string;
  post_id: number;
  position: number;
}

export interface FollowsTable {
  user_id: number;
  post_id: number | null;
  profile_id: number | null;
  created_at: string;
}

export interface HiremeDetailsTable {
  post_id: Generated<number>;
  expertise: string;
  rate: string;
  vaccination: string;
  skill: string;
  experience: string;
  education: string;
  company_confidential: Generated<number>;
}

export interface HomeCategoriesTable {
  category_id: Generated<number>;
  position: number;
}

export interface InvoiceLinesTable {
  invoice_id: number;
  position: number;
  description: string;
  quantity: number;
  unit_sen: number;
  amount_sen: number;
  sst_sen: number;
  purpose: Generated<string>;
  post_id: number | null;
}

export interface InvoiceNumbersTable {
  series: string;
  year: number;
  last: number;
}

export interface InvoicesTable {
  id: Generated<number>;
  number: string;
  series: Generated<string>;
  year: number;
  sequence: number;
  kind: Generated<string>;
  corrects_invoice_id: number | null;
  user_id: number | null;
  profile_id: number | null;
  status: Generated<string>;
  seller: string;
  buyer: string;
  sst_rate_bp: number;
  subtotal_sen: number;
  sst_sen: number;
  total_sen: number;
  issued_at: string;
  due_at: string;
  paid_at: string | null;
  void_reason: string | null;
}

export interface JobDetailsTable {
  post_id: Generated<number>;
  level: string;
  experience_years: Generated<number>;
  requirements: string;
  responsibilities: string;
  benefits: string;
  company_confidential: Generated<number>;
  resume_required: Generated<number>;
  salary_type: string | null;
}

export interface JobSchedulesTable {
  kind: string;
  every_ms: number;
  next_run_at: string;
}

export interface JobWorkerLeasesTable {
  owner: string;
  started_at: string;
  lease_until: string;
}

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  payload: Generated<string>;
  state: Generated<string>;
  run_at: string;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  lease_owner: string | null;
  lease_until: string | null;
  idempotency_key: string | null;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
  priority: Generated<number>;
}

export interface ListingDailyStatsTable {
  post_id: number | null;
  profile_id: number | null;
  day: string;
  action: string;
  count: number;
}

export interface ListingSearchTermsTable {
  post_id: number;
  day: string;
  term: string;
  count: number;
}

export interface LocationHoursTable {
  location_id: number;
  day: number;
  opens: string;
  closes: string;
}

export interface LocationSpecialHoursTable {
  id: Generated<number>;
  location_id: number;
  date: string;
  label: Generated<string>;
  opens: string | null;
  closes: string | null;
}

export interface LocationsTable {
  id: Generated<number>;
  profile_id: number;
  position: Generated<number>;
  name: string;
  address_line1: string;
  address_line2: string | null;
  city_id: number;
  postcode: string;
  state_id: number;
  phone_number: string | null;
  company_phone_number: string | null;
  fax_number: string | null;
  email: string | null;
  latitude: number;
  longitude: number;
}

export interface LoginChallengesTable {
  id: string;
  user_id: number;
  channel: string;
  created_at: string;
  expires_at: string;
}

export interface MediaTable {
  id: Generated<number>;
  kind: string;
  mime_type: string;
  thumbnail: string;
  full: string;
  thumbnail_webp: string | null;
  full_webp: string | null;
  file: string | null;
  width: number | null;
  height: number | null;
  dhash: string | null;
}

export interface MigrationNoticesTable {
  version: string;
  notice: string;
}

export interface OauthIdentitiesTable {
  provider: string;
  subject: string;
  user_id: number;
  email: string | null;
  created_at: string;
}

export interface OutboxMessagesTable {
  id: Generated<number>;
  channel: string;
  recipient: string;
  message: string;
  created_at: string;
  sent_at: string | null;
}

export interface PackagesTable {
  code: string;
  name: string;
  extra: string | null;
  details: string;
  details_list: string;
  month_price: number | null;
  year_price: number | null;
  per_post_price: number | null;
  save: number | null;
  tokens: number | null;
  categories: number;
  keywords: number;
  photos: number;
  pdfs: number;
  videos: number | null;
  position: number;
}

export interface PaymentsTable {
  id: Generated<number>;
  invoice_id: number;
  provider: string;
  bill_id: string | null;
  bill_url: string | null;
  amount_sen: number;
  status: Generated<string>;
  created_at: string;
  settled_at: string | null;
  refund_status: string | null;
  refund_reference: string | null;
  refunded_at: string | null;
}

export interface PendingJobsTable {
  name: string;
  requested_at: string;
}

export interface PostAttributesTable {
  post_id: number;
  name: string;
  value: string;
}

export interface PostCategoriesTable {
  post_id: number;
  category_id: number;
  position: Generated<number>;
}

export interface PostChangesTable {
  id: Generated<number>;
  post_id: number;
  user_id: number | null;
  field: string;
  old_value: string | null;
  new_value: string | null;
  created_at: string;
}

export interface PostDocumentsTable {
  post_id: number;
  document_id: number;
  position: number;
}

export interface PostKeywordsTable {
  post_id: number;
  position: number;
  keyword: string;
}

export interface PostLocationsTable {
  post_id: number;
  location_id: number;
  position: Generated<number>;
}

export interface PostMediaTable {
  post_id: number;
  media_id: number;
  position: number;
  caption: string | null;
}

export interface PostsTable {
  id: Generated<number>;
  type: string;
  profile_id: number;
  slug: string;
  title: string;
  summary: string;
  plan: Generated<string>;
  price_currency: Generated<string>;
  hyperlink: string | null;
  view_count: Generated<number>;
  rating: Generated<number>;
  rating_count: Generated<number>;
  published_at: string;
  expires_at: string | null;
  created_at: string;
  updated_at: string;
  status: Generated<string>;
  price_min_sen: number | null;
  price_max_sen: number | null;
  op_sen: number | null;
  first_live_at: string | null;
  owner_user_id: number | null;
  tokens_spent: Generated<number>;
  amount_sen: Generated<number>;
  hidden_by: string | null;
  held_reason: string | null;
  moderation_reason: string | null;
  version: Generated<number>;
  content_lang: Generated<string>;
  text_fingerprint: string | null;
  held_signals: string | null;
}

export interface ProfileAttributesTable {
  profile_id: number;
  attribute: string;
}

export interface ProfileCategoriesTable {
  profile_id: number;
  category_id: number;
  position: Generated<number>;
}

export interface ProfileChangesTable {
  id: Generated<number>;
  profile_id: number;
  user_id: number | null;
  field: string;
  old_value: string | null;
  new_value: string | null;
  review: string;
  created_at: string;
}

export interface ProfileClaimsTable {
  id: Generated<number>;
  profile_id: number;
  user_id: number;
  method: string;
  target: string | null;
  document_id: number | null;
  status: Generated<string>;
  created_at: string;
  decided_at: string | null;
  decided_by: number | null;
  reason: string | null;
}

export interface ProfileDocumentsTable {
  profile_id: number;
  document_id: number;
  position: number;
}

export interface ProfileKeywordsTable {
  profile_id: number;
  position: number;
  keyword: string;
}

export interface ProfileMediaTable {
  profile_id: number;
  media_id: number;
  position: number;
  caption: string | null;
}

export interface ProfileSpecialHoursTable {
  id: Generated<number>;
  profile_id: number;
  date: string;
  label: Generated<string>;
  opens: string | null;
  closes: string | null;
}

export interface ProfileVerificationsTable {
  id: Generated<number>;
  profile_id: number;
  kind: string;
  value: string;
  old_value: string | null;
  status: string;
  document_id: number | null;
  user_id: number | null;
  decided_by: number | null;
  decided_at: string | null;
  reason: string | null;
  created_at: string;
}

export interface ProfilesTable {
  id: Generated<number>;
  slug: string;
  kind: Generated<string>;
  name: string;
  store_name: string | null;
  company_no: string | null;
  about: string | null;
  plan: Generated<string>;
  claimed: Generated<number>;
  logo_id: number | null;
  image_id: number | null;
  established_year: number | null;
  url: string | null;
  facebook: string | null;
  twitter: string | null;
  instagram: string | null;
  linkedin: string | null;
  wechat: string | null;
  youtube: string | null;
  whatsapp: string | null;
  view_count: Generated<number>;
  rating: Generated<number>;
  rating_count: Generated<number>;
  created_at: string;
  updated_at: string;
  owner_user_id: number | null;
  hidden_at: string | null;
  hidden_by: string | null;
  moderation_reason: string | null;
  version: Generated<number>;
  content_lang: Generated<string>;
  response_hours: number | null;
  response_count: Generated<number>;
}

export interface ProvedNumbersTable {
  number: string;
  user_id: number;
  way: string;
  proved_at: string;
}

export interface ReportedDetailReportsTable {
  detail_id: number;
  conversation_id: number;
  reporter_user_id: number;
  reported_user_id: number | null;
  counted: number;
  created_at: string;
}

export interface ReportedDetailsTable {
  id: Generated<number>;
  kind: string;
  value: string;
  status: Generated<string>;
  created_at: string;
  decided_at: string | null;
  decided_by: number | null;
  decided_reason: string | null;
}

export interface ReportsTable {
  id: Generated<number>;
  post_id: number | null;
  profile_id: number | null;
  user_id: number | null;
  reason: string;
  description: string;
  client_hash: string;
  created_at: string;
  handled_at: string | null;
}

export interface ReviewMediaTable {
  review_id: number;
  media_id: number;
  position: number;
}

export interface ReviewRepliesTable {
  review_id: Generated<number>;
  user_id: number | null;
  content: string;
  created_at: string;
  updated_at: string;
}

export interface ReviewReportsTable {
  id: Generated<number>;
  review_id: number;
  user_id: number | null;
  reason: string;
  description: string;
  created_at: string;
  handled_at: string | null;
}

export interface ReviewScoresTable {
  review_id: Generated<number>;
  score: number;
  features: string;
  version: number;
  cleared_at: string | null;
  scored_at: string;
}

export interface ReviewsTable {
  id: Generated<number>;
  post_id: number | null;
  profile_id: number | null;
  user_id: number | null;
  reviewer_name: string;
  reviewer_image_id: number | null;
  rating: number;
  content: string;
  hidden: Generated<number>;
  created_at: string;
  updated_at: string;
  removed_at: string | null;
  held_reason: string | null;
  client_hash: string | null;
  device_hash: string | null;
}

export interface SavedSearchAlertsTable {
  saved_search_id: number;
  post_id: number;
  sent_at: string;
}

export interface SavedSearchesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  type: string;
  query: string;
  frequency: Generated<string>;
  created_at: string;
  updated_at: string;
  seen_at: string;
  alerted_at: string;
  mailed_at: string | null;
}

export interface SchemaMigrationsTable {
  version: string;
  applied_at: string;
}

export interface ServiceDetailsTable {
  post_id: Generated<number>;
  description: string;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  csrf_token: string;
  client: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  proven_at: string | null;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface StateNamesTable {
  state_id: number;
  locale: string;
  name: string;
}

export interface StatesTable {
  id: Generated<number>;
  country_id: number;
  name: string;
  slug: string;
  kind: string;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  profile_id: number;
  plan: string;
  kind: string;
  starts_at: string;
  ends_at: string;
  tokens: number;
  tokens_used: Generated<number>;
  created_at: string;
  status: Generated<string>;
  period: string | null;
  invoice_id: number | null;
  cancel_at: string | null;
  term_starts_at: string | null;
  renews_subscription_id: number | null;
  replaces_subscription_id: number | null;
  next_plan: string | null;
  next_period: string | null;
  grace_until: string | null;
  grace_mailed_at: string | null;
  closed_at: string | null;
}

export interface UploadsTable {
  id: Generated<number>;
  owner: string;
  kind: string;
  media_id: number | null;
  document_id: number | null;
  created_at: string;
  attached_at: string | null;
  owner_user_id: number | null;
}

export interface UserDetailsTable {
  user_id: Generated<number>;
  gender: string | null;
  dob: string | null;
  address_line1: string | null;
  address_line2: string | null;
  postcode: string | null;
  city: string | null;
  state_id: number | null;
  country_id: number | null;
  language: Generated<string>;
  education: string | null;
  experience: number | null;
  additional_skill: string | null;
  cv_document_id: number | null;
  salary: number | null;
  salary_type: Generated<string>;
}

export interface UserRolesTable {
  user_id: number;
  role: string;
  created_at: string;
}

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string | null;
  phone_number: string | null;
  phone_number_country: string | null;
  password_hash: string | null;
  image_id: number | null;
  pending_delete: Generated<number>;
  pending_delete_at: string | null;
  created_at: string;
  updated_at: string;
  suspended_at: string | null;
  suspended_until: string | null;
  suspension_reason: string | null;
  locale: Generated<string>;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  purpose: string;
  address: string;
  challenge_id: string | null;
  user_id: number | null;
  code_hash: string;
  failed_attempts: Generated<number>;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface Tables {
  advertiser_settings: AdvertiserSettingsTable;
  app_secrets: AppSecretsTable;
  appeals: AppealsTable;
  audit_log: AuditLogTable;
  auth_attempts: AuthAttemptsTable;
  banner_texts: BannerTextsTable;
  banners: BannersTable;
  business_hours: BusinessHoursTable;
  buysell_details: BuysellDetailsTable;
  cache_invalidations: CacheInvalidationsTable;
  categories: CategoriesTable;
  category_names: CategoryNamesTable;
  category_price_stats: CategoryPriceStatsTable;
  cities: CitiesTable;
  city_names: CityNamesTable;
  cms_page_texts: CmsPageTextsTable;
  cms_pages: CmsPagesTable;
  contact_messages: ContactMessagesTable;
  conversation_blocks: ConversationBlocksTable;
  conversation_events: ConversationEventsTable;
  conversation_message_media: ConversationMessageMediaTable;
  conversation_messages: ConversationMessagesTable;
  conversation_offers: ConversationOffersTable;
  conversation_reports: ConversationReportsTable;
  conversation_reveals: ConversationRevealsTable;
  conversations: ConversationsTable;
  counters: CountersTable;
  countries: CountriesTable;
  documents: DocumentsTable;
  enquiries: EnquiriesTable;
  enquiry_media: EnquiryMediaTable;
  featured_posts: FeaturedPostsTable;
  follows: FollowsTable;
  hireme_details: HiremeDetailsTable;
  home_categories: HomeCategoriesTable;
  invoice_lines: InvoiceLinesTable;
  invoice_numbers: InvoiceNumbersTable;
  invoices: InvoicesTable;
  job_details: JobDetailsTable;
  job_schedules: JobSchedulesTable;
  job_worker_leases: JobWorkerLeasesTable;
  jobs: JobsTable;
  listing_daily_stats: ListingDailyStatsTable;
  listing_search_terms: ListingSearchTermsTable;
  location_hours: LocationHoursTable;
  location_special_hours: LocationSpecialHoursTable;
  locations: LocationsTable;
  login_challenges: LoginChallengesTable;
  media: MediaTable;
  migration_notices: MigrationNoticesTable;
  oauth_identities: OauthIdentitiesTable;
  outbox_messages: OutboxMessagesTable;
  packages: PackagesTable;
  payments: PaymentsTable;
  pending_jobs: PendingJobsTable;
  post_attributes: PostAttributesTable;
  post_categories: PostCategoriesTable;
  post_changes: PostChangesTable;
  post_documents: PostDocumentsTable;
  post_keywords: PostKeywordsTable;
  post_locations: PostLocationsTable;
  post_media: PostMediaTable;
  posts: PostsTable;
  profile_attributes: ProfileAttributesTable;
  profile_categories: ProfileCategoriesTable;
  profile_changes: ProfileChangesTable;
  profile_claims: ProfileClaimsTable;
  profile_documents: ProfileDocumentsTable;
  profile_keywords: ProfileKeywordsTable;
  profile_media: ProfileMediaTable;
  profile_special_hours: ProfileSpecialHoursTable;
  profile_verifications: ProfileVerificationsTable;
  profiles: ProfilesTable;
  proved_numbers: ProvedNumbersTable;
  reported_detail_reports: ReportedDetailReportsTable;
  reported_details: ReportedDetailsTable;
  reports: ReportsTable;
  review_media: ReviewMediaTable;
  review_replies: ReviewRepliesTable;
  review_reports: ReviewReportsTable;
  review_scores: ReviewScoresTable;
  reviews: ReviewsTable;
  saved_search_alerts: SavedSearchAlertsTable;
  saved_searches: SavedSearchesTable;
  schema_migrations: SchemaMigrationsTable;
  service_details: ServiceDetailsTable;
  sessions: SessionsTable;
  settings: SettingsTable;
  state_names: StateNamesTable;
  states: StatesTable;
  subscriptions: SubscriptionsTable;
  uploads: UploadsTable;
  user_details: UserDetailsTable;
  user_roles: UserRolesTable;
  users: UsersTable;
  verification_codes: VerificationCodesTable;
}

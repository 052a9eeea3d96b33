/**
 * The data seam: what the services need from a database, per domain, as async functions over the
 * row shapes of rows.ts. The queries are written once in the query layer (./kysely) and bound by each backend:
 * the embedded default on SQLite (./sqlite) and PostgreSQL (./postgres), each adding its own search index and
 * migrations; nothing above this line knows which one runs. Each write method is one transaction; a service that writes in several
 * steps runs them in `transaction`.
 * Row types live in rows.ts.
 */
import type { ListingType } from '../../shared/constants.ts';
import type { EnquiryKind } from '../../shared/enquiries.ts';
import type {
  AttributeRow, AuthAttempt, BannerRow, BusinessHoursRow, SpecialHoursRow, CategoryRow, CategoryTreeRow, ChallengeRow, ClickCount, CodePurpose, CodeRow,
  CounterState, CredentialsRow, DocumentRow, EnquiryInput, EnquiryRow, EnquiryTargetRow, FollowRow, HomeCategoryRow, ListingRef, LocationRow,
  MediaRow, NewCode, NewUser, PlaceNameRow, PlaceRow, PostRow, ProfileChanges, ProfileRow, ResumeRow, ReviewInput, ReviewMediaRow, ReviewRow, SessionRow,
  SocialProvider, StaleUpload, StoredImage, StoredImageFiles, SuggestionRow, UploadedImageRow, UserRow, ViewCounts, JobRow, JobState, NewJob, OutboxMessageRow,
  AdvertiserProfileRow, ClaimRow, DigestItem, EnquiryReplyRow, InsightListingRow, LeadFilters, LeadSettingsRow, LeadStatus, NewClaim, ProfileChangeRow, ProfileSave, OwnerReviewRow, ReviewToAnswer,
  AuditEntry, AuditFilters, DocumentClaimRow, OpenReportRow, HeldReviewRow, PendingProfileChange, UserActivity, ListingHit,
  DueSavedSearchRow, NewSavedSearch, NumberProof, SavedSearchChange, SavedSearchRow,
  InvoiceRow, NewInvoice, PaymentRow, NewSubscription, PhotoTwinRow, PostSizeRow, PriceStatRow, PricedAdRow, TextTwinRow, SubscriptionChange, SubscriptionRow, OwnPostRow, PostContent, PostStatus, PostMove, ProfileMove,
} from './rows.ts';
import type { ConversationSide, MessageKind } from '../../shared/conversations.ts';
import type { ScamClass } from '../../shared/scam-rules.ts';
import type { Locale } from '../../shared/locale.ts';
import type { ConversationFilters, ConversationImageRow, ConversationListRow, ConversationReportInput, ConversationRow, DueNoticeRow, EventRow, ImageUploadRow, MessageRow, OfferRow, OpenConversationReportRow, SoldOutOffer } from './conversation-rows.ts';
import type { ListingReview, PaymentDetail, PendingVerificationRow, PersonFactsRow, ReportedDetailRow, ReportedDetailStatus, ReplyTimeRow, ScoredReviewRow, VerificationKind, VerificationRow, VerificationStatus, WrittenReview } from './trust-rows.ts';

/**
 * The ads and what moves them (decision 0027): compare-and-set moves, locks for commands, and their search rows; a class
 * over Kysely implements it (db/kysely/listing-repository.ts).
 */
export interface ListingRepository {
  /**
   * One ad with who owns it; undefined when there is none. With `lock`, its row stays locked to this transaction
   * (PostgreSQL; SQLite's one writer serialises transactions already), so a second command on it waits, then reads what
   * the first left.
   */
  findPost(id: number, options?: { lock?: boolean }): Promise<OwnPostRow | undefined>;
  /** The posts a user wrote or whose business they own, newest first. */
  findOwnPosts(userId: number, limit: number): Promise<OwnPostRow[]>;
  /** Drafts held for review (not refused), oldest first. */
  findHeldPosts(limit: number): Promise<OwnPostRow[]>;
  /**
   * Locks an account's row to this transaction (PostgreSQL): the rules that count an account's ads (its first ad is
   * free) then hold against a second command of the same account at the same time.
   */
  lockAccount(userId: number): Promise<void>;
  /** How many of a user's ads ever went live (the first one of an account is free). */
  countAdsWentLive(userId: number): Promise<number>;
  /** Stores a new draft; the slug is `slug`, or made from the id when it is a function. */
  createPost(post: { type: ListingType; profileId: number; ownerUserId: number; plan: string; slug: string | ((id: number) => string); content: PostContent }): Promise<{ id: number; slug: string }>;
  /** Replaces a post's content (its type, business and slug stay). */
  updatePost(id: number, type: ListingType, content: PostContent): Promise<void>;
  /** Moves an ad from one of `move.from` to `move.status` (compare-and-set); false, and nothing written, when it was not in one. */
  move(id: number, move: PostMove): Promise<boolean>;
  /** Shows again an ad its own hiding hid (to live, or expired when its time ran out); false when it was not hidden so. */
  unhidePost(id: number): Promise<boolean>;
  /** Holds a draft for an operator's review with the checks that flagged it (compare-and-set on its hold); false when it moved. */
  holdDraft(id: number, checks: string): Promise<boolean>;
  /** Keeps the fingerprint of an ad's text as its checks read it (issue 64). */
  setTextFingerprint(id: number, fingerprint: string): Promise<void>;
  /** Replaces a post's categories (an operator's correction of a held ad). */
  setPostCategories(postId: number, categoryIds: readonly number[]): Promise<void>;
  /** Live posts other than `postId` with this title (any case), with the difference hashes of their images. */
  findTitleTwins(postId: number, title: string): Promise<{ post_id: number; dhash: string }[]>;
  /** The difference hashes of a post's images. */
  findImageHashes(postId: number): Promise<string[]>;
  findPostKeywords(ids: readonly number[]): Promise<{ post_id: number; keyword: string }[]>;
  /** Records an ad's edit, field by field (old and new as JSON). */
  insertPostChanges(postId: number, userId: number, changes: readonly { field: string; oldValue: string | null; newValue: string | null }[]): Promise<void>;
  /** An ad's edits, newest first. */
  findPostChanges(postId: number, limit: number): Promise<{ field: string; old_value: string | null; new_value: string | null; user_id: number | null; created_at: string }[]>;
  /** Hides a profile and its posts of the statuses `from`; none, and false, when it was hidden already. */
  hideProfile(id: number, by: 'operator' | 'suspension', reason: string | null, from: readonly PostStatus[]): Promise<ProfileMove>;
  /** Shows a hidden profile again (only one the given hiding hid), with the posts its hiding hid. */
  unhideProfile(id: number, by: 'operator' | 'suspension'): Promise<ProfileMove>;
  /** Removes a profile: hidden for good, its ads of the statuses `from` removed; false when it was removed already. */
  removeProfile(id: number, reason: string | null, from: readonly PostStatus[]): Promise<ProfileMove>;
  /** The profiles a user owns (those hidden by their suspension, with `hiddenBySuspension`). */
  findOwnedProfileIds(userId: number, options?: { hiddenBySuspension?: boolean }): Promise<number[]>;
  /** Suspends an account (compare-and-set: false when it is suspended already); what follows is its command's. */
  suspendAccount(userId: number, suspension: { until: string | null; reason: string }): Promise<boolean>;
  /** Restores a suspended account (compare-and-set: false when it is not suspended). */
  restoreAccount(userId: number): Promise<boolean>;
  /** A suspended account: since when, until when (none: until restored), and why. */
  findSuspension(userId: number): Promise<{ suspended_at: string; until: string | null; reason: string } | undefined>;
  /** Accounts whose suspension has run out by now. */
  findEndedSuspensions(limit: number): Promise<number[]>;
  /** Live ads past their expiry become expired; answers their ids (the caller reindexes them, in its transaction). */
  expireDue(): Promise<number[]>;
  /** Brings the search rows of these posts in step with them (their cache tags are the caller's to name). */
  reindex(ids: readonly number[]): Promise<void>;
}

/** Invoices and credit notes, numbered gap-free in their series (decision 0027): a class over Kysely implements it (db/kysely/invoice-repository.ts). */
export interface InvoiceRepository {
  /**
   * Issues an invoice, or a credit note (`correctsInvoiceId`): takes its series' next number of the year and writes it
   * with its lines, in the caller's transaction (or one of its own). The counter's row stays locked until it commits,
   * so numbers follow each other in commit order, and a rollback gives its number back: no gaps, no duplicates.
   */
  issue(invoice: NewInvoice): Promise<{ id: number; number: string }>;
  find(id: number): Promise<InvoiceRow | undefined>;
  /** A user's invoices and credit notes, newest first. */
  findByUser(userId: number, limit: number): Promise<InvoiceRow[]>;
  /** Invoices waiting for payment (a bank transfer), oldest due first. */
  findUnpaid(limit: number): Promise<InvoiceRow[]>;
  findIdByNumber(number: string): Promise<number | undefined>;
  /** Marks an issued invoice paid (compare-and-set); false when it was not waiting for payment (paid twice: once). */
  markPaid(id: number): Promise<boolean>;
  /** Voids an issued invoice, with why (compare-and-set; it keeps its number); false when it was not open. */
  void(id: number, reason: string): Promise<boolean>;
  /** The newest invoice in a state (issued: open; paid) with a line of this purpose for the ad, if any. */
  findFor(postId: number, purpose: 'ad' | 'amendment', status?: 'issued' | 'paid'): Promise<number | undefined>;
  /** Which of these ads have an open invoice for going live (their owners wait on it). */
  findAwaitingPayment(postIds: readonly number[]): Promise<Map<number, { id: number; number: string }>>;
}

/** Plans of businesses over time, and their tokens: a class over Kysely implements it (db/kysely/subscription-repository.ts). */
export interface SubscriptionRepository {
  /** The subscription running now, if any (a paid one only once its invoice is paid: `active`). */
  current(profileId: number): Promise<SubscriptionRow | undefined>;
  find(id: number): Promise<SubscriptionRow | undefined>;
  /** A business's subscriptions, newest first. */
  findByProfile(profileId: number, limit: number): Promise<SubscriptionRow[]>;
  /** The period that renews this one (pending or active), if it has been invoiced. */
  findRenewal(subscriptionId: number): Promise<SubscriptionRow | undefined>;
  /** The subscription an invoice bills, if any. */
  findByInvoice(invoiceId: number): Promise<SubscriptionRow | undefined>;
  /** A paid subscription waiting for its first invoice (one per business at a time: a unique index holds it). */
  findPending(profileId: number): Promise<SubscriptionRow | undefined>;
  /**
   * Locks a business's row to this transaction (PostgreSQL; SQLite's one writer serialises transactions already), so
   * two plan changes of one business at once take turns, each seeing what the other left.
   */
  lockProfile(profileId: number): Promise<void>;
  /**
   * Active paid periods ending before `before` that renew (not cancelled before their end) and have no renewal yet:
   * the renewal invoice is due.
   */
  findRenewalsDue(before: string, limit: number): Promise<SubscriptionRow[]>;
  /**
   * Active subscriptions whose period has ended and whose end has not been dealt with yet, oldest first; one whose grace
   * is mailed waits until the grace is over (so a long grace never starves the others of the batch).
   */
  findEndedOpen(limit: number): Promise<SubscriptionRow[]>;
  hasHadTrial(profileId: number): Promise<boolean>;
  /** Writes a subscription (a trial, active; a paid one, pending until its invoice is paid). */
  insert(subscription: NewSubscription): Promise<number>;
  update(id: number, change: SubscriptionChange): Promise<void>;
  /** Takes `tokens` from the subscription; false (nothing taken) when it has fewer left. */
  spendTokens(subscriptionId: number, tokens: number): Promise<boolean>;
  /**
   * The subscription an invoice bills becomes active (its invoice was paid); an upgrade ends the period it replaces
   * now. False when none was waiting for it.
   */
  activateByInvoice(invoiceId: number): Promise<boolean>;
  /**
   * Gives every business the plan its running subscription names (FREE without one), with its ads (all but removed
   * ones). Returns the businesses that changed and the ads' ids (the caller reindexes them and names their tags).
   * `profileIds` narrows it to some businesses.
   */
  applyPlans(profileIds?: readonly number[]): Promise<{ profiles: { id: number; plan: string }[]; posts: number[] }>;
  /** The paid plans of an account's businesses stop renewing at their period's end (a suspension's). */
  stopRenewing(ownerId: number): Promise<void>;
  /** The ads of a business that are live or expired (renewable) with how much of each per-ad limit they use. */
  findPostSizes(profileId: number): Promise<PostSizeRow[]>;
}

/** Payments through the providers, and money owed back: a class over Kysely implements it (db/kysely/payment-repository.ts). */
export interface PaymentRepository {
  insert(payment: { invoiceId: number; provider: PaymentRow['provider']; amountSen: number }): Promise<number>;
  /** Records the gateway's bill for a payment. */
  setBill(id: number, billId: string, billUrl: string): Promise<void>;
  find(id: number): Promise<PaymentRow | undefined>;
  findByBill(provider: PaymentRow['provider'], billId: string): Promise<PaymentRow | undefined>;
  /** An invoice's payments, newest first. */
  findByInvoice(invoiceId: number): Promise<PaymentRow[]>;
  /**
   * Settles a payment: a pending one any way, and one cancelled or expired as paid after all (the money came); false
   * when nothing changed (a callback arriving twice).
   */
  settle(id: number, status: Exclude<PaymentRow['status'], 'pending'>): Promise<boolean>;
  /** A paid payment is owed back (compare-and-set: false when it is not paid, or owed or refunded already). */
  refundDue(id: number): Promise<boolean>;
  /** A payment owed back has been refunded, with the provider's or the bank's reference; false when it was not owed. */
  markRefunded(id: number, reference: string): Promise<boolean>;
  /** Payments owed back, oldest first (the operator console's refund list). */
  findRefundsDue(limit: number): Promise<PaymentRow[]>;
  /** How many payments are owed back. */
  countRefundsDue(): Promise<number>;
}

/** Posts and profiles and the reference content around them: read-only. */
export interface CatalogRepository {
  findPostIdBySlug(slug: string): Promise<number | undefined>;
  /** Posts in the order of `ids`; unknown ids are skipped. */
  findPostRows(ids: readonly number[]): Promise<PostRow[]>;
  findPostMedia(ids: readonly number[], firstOnly?: boolean): Promise<MediaRow[]>;
  findPostDocuments(ids: readonly number[]): Promise<DocumentRow[]>;
  findPostCategories(ids: readonly number[]): Promise<CategoryRow[]>;
  findPostLocations(ids: readonly number[]): Promise<LocationRow[]>;
  findPostAttributes(ids: readonly number[]): Promise<AttributeRow[]>;
  /** Best live posts of a category (a main category includes its children). */
  findTopPostIdsInCategory(categoryId: number, limit: number): Promise<number[]>;
  /** Live posts of other profiles in these categories, best first. */
  findRelatedPostIds(profileId: number, categoryIds: readonly number[], limit: number): Promise<number[]>;
  /** A profile's live posts of one type, newest first. */
  findPostIdsByProfile(profileId: number, type: ListingType, limit: number): Promise<number[]>;
  findProfileBySlug(slug: string): Promise<ProfileRow | undefined>;
  findProfileMedia(profileId: number): Promise<MediaRow[]>;
  findProfileDocuments(profileId: number): Promise<DocumentRow[]>;
  findProfileCategories(profileId: number): Promise<CategoryRow[]>;
  findBusinessHours(profileId: number): Promise<BusinessHoursRow[]>;
  /** Dated exceptions to the hours from `from` ('YYYY-MM-DD', Malaysian) on. */
  findSpecialHours(profileId: number, from: string): Promise<SpecialHoursRow[]>;
  /** The branches' own opening hours (a branch without any keeps the business's). */
  findLocationHours(locationIds: readonly number[]): Promise<(BusinessHoursRow & { location_id: number })[]>;
  /** The branches' own special hours from `from` (a date) on. */
  findLocationSpecialHours(locationIds: readonly number[], from: string): Promise<(SpecialHoursRow & { location_id: number })[]>;
  findProfileAttributes(profileId: number): Promise<string[]>;
  findProfileLocations(profileId: number): Promise<LocationRow[]>;
  /** A placement's banners, their words in `locale` where they have them (issue 63), else English. */
  findBanners(placement: string, locale: Locale): Promise<BannerRow[]>;
  /** Live featured posts of a placement, in order. */
  findFeaturedPostIds(placement: string): Promise<number[]>;
  findHomeCategories(): Promise<HomeCategoryRow[]>;
  /** Every category, parents before children, in display order. */
  findCategoryTree(): Promise<CategoryTreeRow[]>;
  /** The categories' names in Malay and Chinese (issue 42): those translated; the others fall back to English. */
  findCategoryNames(): Promise<{ category_id: number; locale: 'ms' | 'zh'; name: string }[]>;
  findPlaceNames(): Promise<PlaceNameRow[]>;
  findBusiestMainCategories(type: ListingType, limit: number): Promise<HomeCategoryRow[]>;
  findSetting(key: string): Promise<string | undefined>;
  /** A CMS page in `locale` where it has it (issue 63), else English. */
  findCmsPage(page: string, locale: Locale): Promise<{ article_title: string; article_content: string } | undefined>;
  findCountries(): Promise<{ id: number; name: string; calling_code: string }[]>;
  findStates(): Promise<{ id: number; name: string }[]>;
  /** One page of a listing's visible reviews, newest first, with their images and the total. */
  findReviews(listing: ListingRef, limit: number, offset: number): Promise<{ total: number; rows: ReviewRow[]; media: ReviewMediaRow[] }>;
  listingExists(listing: ListingRef): Promise<boolean>;
}

/** Suggestions for the header's what and where fields. */
export interface SuggestionRepository {
  /** Labels having every word (letters and digits; the last as a prefix), those starting with `typed` first. */
  findSuggestions(words: readonly string[], typed: string, type: ListingType | undefined, limit: number): Promise<SuggestionRow[]>;
  findPlacesByPrefix(prefix: string, limit: number): Promise<PlaceRow[]>;
  /** The labels of a type's search suggestions (titles, businesses, categories), the most used first: the site's own words. */
  findVocabulary(type: ListingType, limit: number): Promise<string[]>;
}

/** The indexable URLs of the sitemaps. */
export interface SitemapRepository {
  countPosts(type: ListingType): Promise<number>;
  countProfiles(): Promise<number>;
  /** One chunk (limit, offset in id order) of live posts' slugs, in batches. */
  postUrlBatches(type: ListingType, limit: number, offset: number): AsyncIterable<{ slug: string; updated_at: string }[]>;
  profileUrlBatches(limit: number, offset: number): AsyncIterable<{ slug: string; updated_at: string }[]>;
  findCategoryPages(): Promise<{ type: ListingType; slug: string; parent_slug: string | null }[]>;
  findCmsPageNames(): Promise<{ page: string; updated_at: string }[]>;
}

/** What visitors send in. */
export interface EngagementRepository {
  insertContactMessage(message: { name: string; email: string | null; phone_number: string; message: string; client_hash: string }): Promise<number>;
  /** A report of a listing, by the signed-in person who sent it (null: signed out). */
  insertReport(report: { listing: ListingRef; reason: string; description: string; client_hash: string; user_id: number | null }): Promise<number>;
  /** Adds batched view counts in one transaction, to the listings and to their counters of `day`. */
  addViews(counts: ViewCounts, day: string): Promise<void>;
  /** Inserts a review, or edits the same user's review of that listing (one per person and listing); returns its id. */
  upsertReview(review: Omit<ReviewInput, 'mediaIds'>): Promise<number>;
  /** A person's own review of a listing, and whether it waits for a check. */
  findOwnReview(userId: number, listing: ListingRef): Promise<{ id: number; waiting: boolean } | undefined>;
  /** Replaces a review's images with these, in order. */
  setReviewMedia(reviewId: number, mediaIds: readonly number[]): Promise<void>;
  /** Recomputes a listing's rating and rating_count from its visible reviews (and a post's search rows). */
  refreshRating(listing: ListingRef): Promise<void>;
  /** The listing a review is of. */
  findReviewListing(reviewId: number): Promise<ListingRef | undefined>;
}

/** Per-listing daily counters of clicks and views, for the advertiser dashboard. */
export interface ListingStatsRepository {
  /** Adds the counts to `day` (YYYY-MM-DD, Malaysia); counts of listings that do not exist are dropped. */
  addClicks(day: string, counts: readonly ClickCount[]): Promise<void>;
  /** A listing's counts per day and action between two days (inclusive), oldest first. */
  findListingStats(listing: ListingRef, from: string, to: string): Promise<{ day: string; action: string; count: number }[]>;
}

/** What signed-in people follow (spec §4 Follow). */
export interface FollowRepository {
  /** Follows the listing, or unfollows it when already followed; true when it is followed afterwards. */
  toggleFollow(userId: number, listing: ListingRef): Promise<boolean>;
  isFollowing(userId: number, listing: ListingRef): Promise<boolean>;
  /** A page of what a user follows, newest first. */
  findFollows(userId: number, limit: number, offset: number): Promise<FollowRow[]>;
}

/** Enquiries, job applications, job offers and offers (spec §3), and who sent them. */
export interface EnquiryRepository {
  findEnquiryTarget(listing: ListingRef): Promise<EnquiryTargetRow | undefined>;
  /** Stores an enquiry with its images (in order); returns its id. Marking its uploads used is another step. */
  insertEnquiry(enquiry: EnquiryInput): Promise<number>;
  /** Whether this user enquired about this listing after `since` (ISO time). */
  hasEnquiredSince(userId: number, listing: ListingRef, since: string): Promise<boolean>;
  /** A page of a user's enquiries of one kind, newest first. */
  findEnquiries(userId: number, kind: EnquiryKind, limit: number, offset: number): Promise<EnquiryRow[]>;
  /** One enquiry of a kind, whoever sent it: who may read it is a policy's to say (policies.ts). */
  findEnquiry(kind: EnquiryKind, id: number): Promise<EnquiryRow | undefined>;
  /** The images of these enquiries, in order. */
  findEnquiryMedia(enquiryIds: readonly number[]): Promise<(StoredImageFiles & { enquiry_id: number })[]>;
}

/** Files people upload before the form that uses them is sent. */
export interface UploadRepository {
  /** Records an image upload (its media row and who sent it); returns the media id. */
  insertImage(owner: string, image: StoredImage): Promise<number>;
  /** Records a video upload (the file as sent and its poster's variants); returns the media id. */
  insertVideo(owner: string, video: StoredImage & { file: string }): Promise<number>;
  /** Records a document upload; returns the document id. */
  insertDocument(owner: string, document: { file: string; original_filename: string; mime_type: string }): Promise<number>;
  /** The uploaded images at these paths (full variant), in the order given (unknown ones left out), with who sent them and what uses them. */
  findUploadedImages(fullPaths: readonly string[]): Promise<UploadedImageRow[]>;
  /** Marks image uploads as used by a feature (they are no longer stale). */
  attachImages(mediaIds: readonly number[]): Promise<void>;
  /** Marks an uploaded document as used by a form. */
  attachDocument(documentId: number): Promise<void>;
  /** Uploads created before `before` (ISO time) that no feature attached. */
  findStaleUploads(before: string): Promise<StaleUpload[]>;
  /**
   * Removes those uploads' rows (the upload, its media or document row) and returns the ids removed, whose
   * files can then go; an upload that something references is kept, marked attached, and listed in `kept`.
   */
  deleteUploads(ids: readonly number[]): Promise<{ deleted: number[]; kept: number[] }>;
}

/** Saved searches and their alerts (issue 29, decision 0025). */
export interface SavedSearchRepository {
  insertSavedSearch(search: NewSavedSearch): Promise<number>;
  countSavedSearches(userId: number): Promise<number>;
  /** A user's saved searches, newest first. */
  findSavedSearches(userId: number, limit: number): Promise<SavedSearchRow[]>;
  findSavedSearch(id: number): Promise<SavedSearchRow | undefined>;
  updateSavedSearch(id: number, change: SavedSearchChange): Promise<void>;
  deleteSavedSearch(id: number): Promise<void>;
  /** Saved searches of a frequency last looked at before `alertedBefore`, after `afterId` by id, of accounts that can be mailed. */
  findDueSavedSearches(frequency: string, alertedBefore: string, afterId: number, limit: number): Promise<DueSavedSearchRow[]>;
  /** Which of these posts the user owns. */
  findOwnPostIds(userId: number, postIds: readonly number[]): Promise<number[]>;
  /** Which of these posts an alert of the saved search named already. */
  findAlertedPostIds(savedSearchId: number, postIds: readonly number[]): Promise<number[]>;
  /** Records the posts an alert names (those named before are left out of the answer) and moves the watermark. */
  recordAlert(savedSearchId: number, postIds: readonly number[], alertedAt: string): Promise<number[]>;
  /** True when a state or town of this name is listed, as search reads places. */
  placeExists(name: string): Promise<boolean>;
}

/** Lifecycle work the app runs on a timer. */
export interface MaintenanceRepository {
  /** Rebuilds the search index in short transactions while the site keeps serving (the recurring rebuild job). */
  rebuildSearchIndex(): Promise<void>;
  /** Migrations not yet applied: the server refuses to start while there are any. */
  pendingMigrations(): Promise<string[]>;
  /** The app's secret called `name`: `fresh` is stored the first time, and every process gets the stored one after. */
  appSecret(name: string, fresh: string): Promise<string>;
}

/**
 * Counters that outlive the process (brute-force limits, analytics de-duplication): every change is one
 * atomic statement, so parallel requests, and several processes on one database, count exactly.
 */
export interface CounterRepository {
  /** Adds `points` to `key` (a new window of `windowMs` when it has none or it ended; nothing while blocked); returns the state after. */
  consume(key: string, points: number, windowMs: number, now: number): Promise<CounterState>;
  /** Takes points back from the current window (a success gives its attempt back). */
  refund(key: string, points: number, now: number): Promise<void>;
  /** Blocks `key` until `until`; its count starts again then. */
  block(key: string, until: number): Promise<void>;
  find(key: string, now: number): Promise<CounterState | undefined>;
  delete(key: string): Promise<void>;
  /** Removes counters whose window and block have ended; returns how many. */
  removeExpired(now: number): Promise<number>;
}

export interface UserRepository {
  findUser(id: number): Promise<UserRow | undefined>;
  /**
   * Locks the account's row to this transaction: what is counted per account (a sender's message limits) then holds
   * against the same account's other commands at the same time (they wait, then count what this one wrote).
   */
  lockUser(id: number): Promise<void>;
  /** The names of these accounts, by id (what the operator console shows for people). */
  findNames(ids: readonly number[]): Promise<Map<number, string>>;
  findCredentials(by: { email: string } | { phone_number: string }): Promise<CredentialsRow | undefined>;
  /** Creates the user, their empty details and (when given) the social identity, in one transaction; returns the id. */
  createUser(user: NewUser): Promise<number>;
  /** Replaces the password hash and ends every session of the user except `keepSessionId`. */
  setPassword(userId: number, passwordHash: string, keepSessionId: string | null): Promise<void>;
  /** Adds a role, and sets the phone number when given (becoming an advertiser needs one). */
  addRole(userId: number, role: string, phone?: { phone_number: string; phone_number_country: string }): Promise<void>;
  /** Takes a role away (the operator role, by `npm run operator -- revoke`). */
  removeRole(userId: number, role: string): Promise<void>;
  /** The user of a social identity. */
  findIdentity(provider: SocialProvider, subject: string): Promise<number | undefined>;
  linkIdentity(userId: number, identity: { provider: SocialProvider; subject: string; email: string | null }): Promise<void>;
  updateProfile(userId: number, changes: ProfileChanges): Promise<void>;
  updateResume(userId: number, resume: ResumeRow): Promise<void>;
  /** Makes an uploaded image the photo; returns the old photo's files, to delete. */
  setPhoto(userId: number, mediaId: number): Promise<string[]>;
  /** Makes an uploaded document the CV; returns the old CV's file, to delete. */
  setCv(userId: number, documentId: number): Promise<string[]>;
  /** Marks the account for deletion at `requestedAt` (ending every session but one), or unmarks it with null. */
  setPendingDelete(userId: number, keepSessionId: string | null, requestedAt: string | null): Promise<void>;
  /** Accounts marked for deletion before `requestedBefore`. */
  findUsersToDelete(requestedBefore: string): Promise<number[]>;
  /** Deletes an account with its details, roles, identities, sessions, photo and CV rows; returns their files, to delete after commit. */
  deleteUser(userId: number): Promise<string[]>;
  /** Keeps the user's reviews, as 'Former member'. */
  anonymiseReviewsBy(userId: number): Promise<void>;
}

export interface AuthRepository {
  /** Stores a new session; `replacing` (the session it rotates out) is deleted in the same transaction. */
  createSession(session: SessionRow & { client: string }, replacing?: string): Promise<void>;
  findSession(id: string): Promise<SessionRow | undefined>;
  touchSession(id: string, lastSeenAt: string): Promise<void>;
  /** Records a fresh proof of the session's person (sudo mode of the operator console). */
  proveSession(id: string, at: string): Promise<void>;
  deleteSession(id: string): Promise<void>;
  /** Ends every session of a user, except one when given. */
  deleteUserSessions(userId: number, exceptId?: string | null): Promise<void>;
  insertChallenge(challenge: ChallengeRow): Promise<void>;
  findChallenge(id: string): Promise<ChallengeRow | undefined>;
  deleteChallenge(id: string): Promise<void>;
  /** Stores a code; earlier unused codes of the same purpose and address (or challenge) stop working. */
  insertCode(code: NewCode): Promise<void>;
  /** The newest code of a purpose and address (and challenge, for sign-in codes). */
  findLatestCode(purpose: CodePurpose, address: string, challengeId?: string | null): Promise<CodeRow | undefined>;
  /** When codes of this purpose were sent to the address since `since`, newest first. */
  findCodeSendTimes(purpose: CodePurpose, address: string, since: string): Promise<string[]>;
  /** Counts a wrong try; returns the tries so far. */
  recordWrongCode(id: number): Promise<number>;
  /** Marks the code used; false when it already was (two requests raced for it). */
  useCode(id: number): Promise<boolean>;
  logAttempt(attempt: AuthAttempt): Promise<void>;
  /** Takes the user out of the sign-in log (its lines stay, without whom) and deletes their codes, by id or address. */
  forgetSignIns(userId: number, addresses: readonly string[]): Promise<void>;
  /** Deletes expired sessions, challenges and codes, and attempts older than `attemptsBefore`. */
  removeExpired(now: string, idleSince: string, attemptsBefore: string): Promise<void>;
}

/** The job table and recurring schedules (decision 0015): what the runner claims from, with a lease. Times come from the app's clock. */
export interface JobRepository {
  /** Enqueues a job; null when one with its idempotency key exists already. */
  enqueue(job: NewJob): Promise<number | null>;
  /** Takes up to `limit` due jobs (of these kinds, when given) for `owner`, leased for `leaseMs`. */
  /** `minPriority`: only jobs of at least this priority (a runner whose bulk slot is taken). */
  claim(owner: string, options: { limit: number; leaseMs: number; kinds?: readonly string[]; minPriority?: number }): Promise<JobRow[]>;
  complete(id: number, owner: string): Promise<void>;
  /** Records a failed attempt: retried at `retryAt`, or failed for good when null. */
  fail(id: number, owner: string, error: string, retryAt: string | null): Promise<void>;
  /** Hands an unfinished job back (it is queued again; the attempt does not count). */
  release(id: number, owner: string): Promise<void>;
  /** Moves the lease of a job the owner still holds `leaseMs` past now (a heartbeat); false when it holds it no more. */
  renew(id: number, owner: string, leaseMs: number): Promise<boolean>;
  /** The holders of running jobs, each once. */
  leaseOwners(): Promise<string[]>;
  /** Ends the leases of a holder that is dead: its jobs are taken by the next claim. Returns how many. */
  endLeases(owner: string): Promise<number>;
  ensureSchedule(kind: string, everyMs: number): Promise<void>;
  /** Enqueues the job of every schedule whose time has come, once per period however many runners ask; returns the kinds. */
  fireSchedules(): Promise<string[]>;
  /** Makes every queued job of a kind due now; returns how many. */
  makeDue(kind: string): Promise<number>;
  find(options: { state?: JobState; kind?: string; limit: number }): Promise<JobRow[]>;
  count(): Promise<Record<JobState, number>>;
  /** Deletes jobs finished before `before`; returns how many. */
  removeFinished(before: string): Promise<number>;
  /** A worker process holds (or renews) its lease until `until` (issue 62); leases that ran out go. */
  holdWorkerLease(owner: string, until: string): Promise<void>;
  releaseWorkerLease(owner: string): Promise<void>;
  /** The worker processes whose lease runs now. */
  findWorkerLeases(): Promise<{ owner: string; started_at: string; lease_until: string }[]>;
}

/**
 * The invalidation log (decision 0017): changes write the tags of what they touched; each process reads what came
 * after its last look and drops only the cached pages, searches and lists carrying one of them.
 */
export interface CacheRepository {
  /** The newest entry's id (0 when none). */
  latestInvalidation(): Promise<number>;
  /** The oldest entry kept (0 when none): a process whose last look is older missed some. */
  oldestInvalidation(): Promise<number>;
  /** Entries after `afterId`, oldest first, at most `limit`. */
  invalidationsSince(afterId: number, limit: number): Promise<{ id: number; tag: string }[]>;
  /** Records tags of a change the database does not tag itself. */
  invalidate(tags: readonly string[]): Promise<void>;
  /** Keeps the newest `keep` entries; returns how many went. */
  pruneInvalidations(keep: number): Promise<number>;
}

/** Messages waiting to leave, written in the transaction of the change they report (decision 0015). */
export interface OutboxRepository {
  insert(message: { channel: 'mail' | 'sms'; recipient: string; message: string }): Promise<number>;
  find(id: number): Promise<OutboxMessageRow | undefined>;
  markSent(id: number): Promise<void>;
  /** Removes messages sent before this time; answers how many. */
  removeSent(sentBefore: string): Promise<number>;
}

/**
 * The advertiser site (issue 25): the profiles a user owns and their history, claims, subscriptions, and the ads
 * they write. Who may do what is the policies' to say (policies.ts); these only store. Writes to posts and profiles
 * reindex the posts they touch and name their cache tags.
 */
export interface AdvertiserRepository {
  findProfile(id: number): Promise<AdvertiserProfileRow | undefined>;
  /** The businesses a user owns, oldest first. */
  findOwnedProfiles(userId: number): Promise<AdvertiserProfileRow[]>;
  /** The user's personal profile (their hireme ads belong to it). */
  findPersonalProfileId(userId: number): Promise<number | undefined>;
  /** The first free slug of profiles or posts: `base`, `base-2`… */
  freeSlug(table: 'profiles' | 'posts', base: string): Promise<string>;
  /** A new profile owned (and so claimed) by its creator; a slug function gets the new id. */
  createProfile(profile: { kind: 'business' | 'individual'; name: string; ownerUserId: number; slug: string | ((id: number) => string) }): Promise<{ id: number; slug: string }>;
  /** Applies an edit and records its history; answers the business's ads whose search rows carry what it changed. */
  saveProfile(id: number, save: ProfileSave): Promise<number[]>;
  /** Moves the version on when it is still `expected` (an editor's If-Match); false when another save came first. */
  advanceVersion(table: 'profiles' | 'posts', id: number, expected: number): Promise<boolean>;
  findProfileKeywords(profileId: number): Promise<string[]>;
  /** A profile's history, newest first. */
  findProfileChanges(profileId: number, limit: number): Promise<ProfileChangeRow[]>;
  insertClaim(claim: NewClaim): Promise<number>;
  findClaim(id: number): Promise<ClaimRow | undefined>;
  findClaimsBy(userId: number): Promise<ClaimRow[]>;
  /** The live posts of a profile at a location (any of its locations when null) that name their company, but `exceptId`. */
  findOpenPostsAt(profileId: number, locationId: number | null, exceptId: number | null): Promise<{ id: number; type: string; title: string; slug: string }[]>;
  /** The accounts with a pending code claim sent to `target` (a listed number or address) since `since`. */
  findOpenClaimants(target: string, since: string): Promise<number[]>;
  /** Gives the profile to the claimant when nobody owns or claimed it; false when someone got there first. */
  completeClaim(claim: { id: number; profileId: number; userId: number }): Promise<boolean>;
  /** A listing's current images (and a profile's logo) among these full-variant paths, with their media ids. */
  findListingMediaIds(listing: { kind: 'post' | 'profile'; id: number }, fullPaths: readonly string[]): Promise<{ id: number; full: string }[]>;
  /** Documents by file for a listing: those on it already, and the user's own unused uploads. */
  findUsableDocuments(userId: number, listing: { kind: 'post' | 'profile'; id: number } | null, files: readonly string[]): Promise<{ id: number; file: string; fresh: boolean }[]>;
  /** Videos by file for a listing: those on it already, and the user's own unused uploads. */
  findUsableVideos(userId: number, listing: { kind: 'post' | 'profile'; id: number } | null, files: readonly string[]): Promise<{ id: number; file: string; fresh: boolean }[]>;
  /** A review with its listing, the listing's owners and the reviewer's address, for answering it. */
  findReviewToAnswer(reviewId: number): Promise<ReviewToAnswer | undefined>;
  /** Saves the owner's answer to a review (first, or an edit; true when first) and names the listing's cache tag. */
  saveReviewReply(reviewId: number, userId: number, content: string): Promise<boolean>;
  /** Removes the answer; false when there was none. */
  deleteReviewReply(reviewId: number): Promise<boolean>;
  /** The visible reviews of the listings a user answers for, newest first, with their answers. */
  findReviewsToAnswer(userId: number, limit: number): Promise<OwnerReviewRow[]>;
  /** A town by its name and its state's name (any case), with its centre. */
  findTown(city: string, state: string): Promise<{ city_id: number; state_id: number; latitude: number; longitude: number } | undefined>;
}

/** Leads (issue 26): enquiries as their listing's owner reads them, their threads, and how the owner hears of them. */
export interface LeadRepository {
  /** A page of an owner's leads (enquiries sent while they owned the listing), newest first, narrowed by the filters. */
  findLeads(ownerId: number, filters: LeadFilters, limit: number, offset: number): Promise<EnquiryRow[]>;
  /** One enquiry by id, whatever its kind: whose lead it is, a policy says. */
  findLead(id: number): Promise<EnquiryRow | undefined>;
  countUnreadLeads(ownerId: number): Promise<number>;
  /** Sets where a lead stands, on its conversation (issue 44). */
  setLeadStatus(id: number, status: LeadStatus): Promise<void>;
  /** The threads of these enquiries: their conversations' written messages, oldest first. */
  findEnquiryReplies(enquiryIds: readonly number[]): Promise<EnquiryReplyRow[]>;
  findLeadSettings(userId: number): Promise<LeadSettingsRow | undefined>;
  /** Sets how the advertiser hears of leads; a digest covers what comes from now on. */
  saveLeadSettings(userId: number, leadMail: LeadSettingsRow['lead_mail']): Promise<void>;
  /** Advertisers on the daily digest whose last one ended before `cutoff`. */
  findDigestOwners(cutoff: string, limit: number): Promise<{ user_id: number; digest_until: string }[]>;
  /** New leads and senders' answers of an owner in [since, before), oldest first. */
  findDigestItems(ownerId: number, since: string, before: string): Promise<DigestItem[]>;
  markDigested(userId: number, until: string): Promise<void>;
  /** An owner's report of a review to the operators; returns its id. */
  insertReviewReport(report: { reviewId: number; userId: number; reason: string; description: string }): Promise<number>;
}

/** Conversations (issue 44): one per person and listing, each side's reading, archive and mute, blocks and unread notices. */
export interface ConversationRepository {
  /** One conversation; with `lock`, its row stays locked to this transaction (a command judges its state on it). */
  findConversation(id: number, options?: { lock?: boolean }): Promise<ConversationRow | undefined>;
  /** The person's open conversation about a listing (not superseded by a change of owner). */
  findOpenConversation(personId: number, listing: ListingRef): Promise<ConversationRow | undefined>;
  insertConversation(conversation: { listing: ListingRef; title: string; personId: number; ownerId: number | null }): Promise<number>;
  supersedeConversation(id: number): Promise<void>;
  listConversations(userId: number, role: ConversationSide, filters: ConversationFilters, limit: number, offset: number): Promise<ConversationListRow[]>;
  /** Conversations with something unread for a user, on either side, out of the archive. */
  countUnreadConversations(userId: number): Promise<number>;
  markRead(id: number, role: ConversationSide, upTo: number): Promise<void>;
  /** Archives or mutes for one side (true: from now; false: no more). */
  setConversationState(id: number, role: ConversationSide, state: { archived?: boolean; muted?: boolean }): Promise<void>;
  block(userId: number, blockedUserId: number): Promise<void>;
  unblock(userId: number, blockedUserId: number): Promise<void>;
  isBlocked(userId: number, blockedUserId: number): Promise<boolean>;
  countConversationsSince(personId: number, since: string): Promise<number>;
  /** Sides due an unread notice: unread since before `olderThan`, not mailed of it, in conversations active since `since`. */
  findDueNotices(since: string, olderThan: string, limit: number): Promise<DueNoticeRow[]>;
  markMailed(id: number, role: ConversationSide, upTo: number): Promise<void>;
  /** Conversations whose last message is older than `before` go (at most `limit`), unless reported; returns how many went and their images' files. */
  removeConversationsBefore(before: string, limit: number): Promise<{ removed: number; files: string[] }>;
}

/** A conversation's messages: what each side wrote, the images it carries, and the details a reader chose to show. */
export interface MessageRepository {
  /** Adds a message (its writer has read up to it; it leaves the other side's archive); returns its id. */
  insertMessage(message: { conversationId: number; side: ConversationSide; userId: number | null; kind: MessageKind; text: string; enquiryId: number | null; clientId: string | null; rules: readonly ScamClass[] }): Promise<number>;
  findMessage(id: number): Promise<MessageRow | undefined>;
  findMessageByClientId(conversationId: number, userId: number, clientId: string): Promise<MessageRow | undefined>;
  /** The newest `limit` messages before message `before` (all when undefined), newest first. */
  findMessages(conversationId: number, before: number | undefined, limit: number): Promise<MessageRow[]>;
  /** These messages of a conversation, oldest first. */
  findMessagesByIds(conversationId: number, ids: readonly number[]): Promise<MessageRow[]>;
  hasWritten(conversationId: number, side: ConversationSide): Promise<boolean>;
  lastMessageId(id: number, by?: ConversationSide): Promise<number>;
  countMessagesSince(userId: number, since: string): Promise<number>;
  insertReveal(messageId: number, userId: number): Promise<void>;
  countRevealsSince(userId: number, since: string): Promise<number>;
  findRevealed(userId: number, messageIds: readonly number[]): Promise<Set<number>>;
  /** An account being deleted: its messages' words and its enquiries' personal fields and files go; returns the files. */
  eraseWrittenBy(userId: number): Promise<string[]>;
  /** The image uploads with these media ids, with who sent them and whether they are in use. */
  findImageUploads(mediaIds: readonly number[]): Promise<ImageUploadRow[]>;
  /** The message carries these images (in order); their uploads are in use from now on. */
  attachMessageImages(messageId: number, mediaIds: readonly number[]): Promise<void>;
  findMessageImages(messageIds: readonly number[]): Promise<Map<number, number[]>>;
  /** One image of a conversation's messages, and whether its message still shows it. */
  findConversationImage(conversationId: number, mediaId: number): Promise<ConversationImageRow | undefined>;
}

/** What the fraud signals on listings read (issue 64): near photos, the same text, an account's ads and price statistics. */
export interface ListingSignalRepository {
  /**
   * Photos on live ads other than `postId`, of accounts other than `ownerId` (or of none), whose difference hash has one
   * of its four 16-bit blocks within 2 bits of that block of one of `hashes`: every photo within 11 bits is among them.
   */
  findPhotoTwins(postId: number, ownerId: number, hashes: readonly string[]): Promise<PhotoTwinRow[]>;
  /** Ads (not removed) of accounts other than `ownerId` with this text fingerprint; `new_account` when posted since `newSince` by an account created since then. */
  findTextTwins(postId: number, ownerId: number, fingerprint: string, newSince: string): Promise<TextTwinRow[]>;
  findPricedAd(postId: number): Promise<PricedAdRow | undefined>;
  /** The ads (not removed) an account created from `from` until before `until`. */
  findAccountAds(ownerId: number, from: string, until: string): Promise<PricedAdRow[]>;
  /** Live buy-and-sell sell ads with a price, by id after `afterPostId`: a page of the statistics job's input. */
  findSellPrices(afterPostId: number, limit: number): Promise<PricedAdRow[]>;
  /** A category's price statistics for one condition and for 'any': every brand's, the product's, and the category's. */
  findPriceStats(categoryId: number, condition: 'new' | 'used', product: string): Promise<PriceStatRow[]>;
  /** Replaces every price statistic with these (one transaction). */
  replacePriceStats(stats: readonly PriceStatRow[]): Promise<void>;
}

/** Payment details reported across conversations (issue 64). */
export interface ReportedDetailRepository {
  /** Records that `report`'s reporter reported these details in its conversation (once per detail, reporter and conversation); answers their ids. */
  recordReports(details: readonly PaymentDetail[], report: { conversationId: number; reporterUserId: number; reportedUserId: number | null; counted: boolean }): Promise<number[]>;
  /** How many distinct people whose reports count reported the detail. */
  countCountedReporters(detailId: number): Promise<number>;
  findDetail(id: number): Promise<ReportedDetailRow | undefined>;
  /** The newest details first, each with its reports. */
  listDetails(limit: number): Promise<ReportedDetailRow[]>;
  /** Compare-and-set of a detail's status, with who decided and why; false when its status was not one of `from`. */
  setStatus(id: number, from: readonly ReportedDetailStatus[], to: ReportedDetailStatus, decision: { by: number | null; reason: string | null }): Promise<boolean>;
  /** Which of these details are marked or confirmed. */
  findMarked(details: readonly PaymentDetail[]): Promise<PaymentDetail[]>;
  findStatus(detail: PaymentDetail): Promise<ReportedDetailStatus | undefined>;
  /** Removes reports made before `reportsBefore`, details left with none (unless confirmed), and confirmations older than `confirmedBefore`; answers the details removed. */
  removeExpired(reportsBefore: string, confirmedBefore: string): Promise<number>;
}

export interface ConversationReportRepository {
  insertReport(report: ConversationReportInput): Promise<number>;
  findOpenReports(limit: number): Promise<OpenConversationReportRow[]>;
  /** The messages open reports on a conversation name; undefined when none is open. */
  findReportedMessageIds(conversationId: number): Promise<number[] | undefined>;
  /** In how many conversations the scam rules flagged what a user wrote since `since`. */
  countFlaggedConversationsSince(userId: number, since: string): Promise<number>;
  hasAutomaticReportSince(userId: number, since: string): Promise<boolean>;
  findFlaggedMessagesSince(userId: number, since: string): Promise<{ conversation_id: number; id: number }[]>;
  /** Removes a message by moderation; false when it was removed already. */
  moderateMessage(messageId: number): Promise<boolean>;
  /** The ids of these messages and `span` before and after each, in order. */
  findMessageIdsAround(conversationId: number, messageIds: readonly number[], span: number): Promise<number[]>;
}

/** Offers on buy & sell posts, made in a conversation. */
export interface OfferRepository {
  /** A new offer (buy & sell): the open one before it is withdrawn. */
  insertOffer(offer: { conversationId: number; messageId: number; qty: number; priceSen: number; dealMethod: string; remark: string | null }): Promise<number>;
  findOffer(id: number): Promise<OfferRow | undefined>;
  findOffersOfMessages(messageIds: readonly number[]): Promise<Map<number, OfferRow>>;
  /** Closes an open offer; false when it was closed already. */
  decideOffer(id: number, status: Exclude<OfferRow['status'], 'open'>, by: ConversationSide): Promise<boolean>;
  /** Accepts an open offer; when it takes the post's last unit, declines the post's other open offers (answered, to be told). */
  acceptOffer(id: number): Promise<{ accepted: boolean; declined: SoldOutOffer[] }>;
}

/** The events open conversation streams replay. */
export interface ConversationEventRepository {
  /** Events for open streams after `after` (one reader's, when `userId` is given), oldest first. */
  findEventsAfter(after: number, limit: number, userId?: number): Promise<EventRow[]>;
  lastEventSeq(): Promise<number>;
  removeEventsBefore(before: string): Promise<void>;
}

/** What advertisers' insights read, and the search terms the search service counts (issue 26). */
export interface InsightsRepository {
  /** The listings a user owns, businesses first. */
  findOwnedListings(userId: number): Promise<InsightListingRow[]>;
  /** Daily counters (views, clicks by action, impressions) of these listings between two Malaysian days, inclusive, summed per day and action (a day and action may come once for the posts and once for the profiles). */
  findDailyCounts(listings: readonly ListingRef[], from: string, to: string): Promise<{ day: string; action: string; count: number }[]>;
  /** The owner's leads on these listings in [since, before) (ISO times). */
  findEnquiryTimes(ownerId: number, listings: readonly ListingRef[], since: string, before: string): Promise<{ listing: ListingRef; kind: EnquiryKind; created_at: string }[]>;
  findFollowTimes(listings: readonly ListingRef[], since: string, before: string): Promise<{ listing: ListingRef; created_at: string }[]>;
  findReviewTimes(listings: readonly ListingRef[], since: string, before: string): Promise<{ listing: ListingRef; rating: number; created_at: string }[]>;
  /** Terms that showed these posts between two days, those with at least `minimum` impressions, most first. */
  findSearchTerms(postIds: readonly number[], from: string, to: string, minimum: number, limit: number): Promise<{ term: string; count: number }[]>;
  /** Views, clicks and enquiries per listing the user owns, over days `fromDay`–`toDay` (enquiries since `since`). */
  findListingTotals(userId: number, fromDay: string, toDay: string, since: string): Promise<{ kind: 'post' | 'profile'; id: number; views: number; clicks: number; enquiries: number }[]>;
  /** Adds a day's impressions: per post in its daily counters ('impression'), and per post and term. */
  addImpressions(day: string, posts: readonly { postId: number; count: number }[], terms: readonly { postId: number; term: string; count: number }[]): Promise<void>;
}

/** The operator console (issue 28): its append-only audit log and the queues it works through. */
export interface OperatorRepository {
  /** Appends an entry (the log is never updated or deleted: the database refuses it). */
  appendAudit(entry: Omit<AuditEntry, 'id' | 'created_at'>): Promise<number>;
  /** Entries matching the filters, newest first. */
  findAudit(filters: AuditFilters, limit: number, offset: number): Promise<AuditEntry[]>;
  /** Claims waiting on their document, oldest first. */
  findDocumentClaims(limit: number): Promise<DocumentClaimRow[]>;
  findClaimDocument(claimId: number): Promise<{ file: string; original_filename: string; mime_type: string } | undefined>;
  /** Refuses a pending claim; false when it was decided already. */
  refuseClaim(id: number, operatorId: number, reason: string): Promise<boolean>;
  recordClaimDecision(id: number, operatorId: number): Promise<void>;
  countQueues(): Promise<{ claims: number; profile_changes: number; payments: number; refunds: number; reports: number; ads: number; reviews: number }>;
  /** Profile changes held for review (or the one with `id`), oldest first. */
  findPendingProfileChanges(limit: number, id?: number): Promise<PendingProfileChange[]>;
  /** Approves or refuses a pending profile change; false when it was decided already. */
  decideProfileChange(id: number, review: 'approved' | 'rejected'): Promise<boolean>;
  /** Accounts whose e-mail starts with, name holds or phone number holds the text, newest first. */
  searchUsers(text: string, limit: number): Promise<number[]>;
  /** An account's sessions, sign-in attempts and reports made and received, newest first. */
  findUserActivity(userId: number, limit: number): Promise<UserActivity>;
  /** Posts and profiles whose id, slug or title (any case) match the text. */
  searchListings(text: string, limit: number): Promise<ListingHit[]>;
  /** Stores an appeal to the moderators. */
  insertAppeal(appeal: { userId: number | null; email: string; message: string; clientHash: string }): Promise<number>;
  /** An account's appeals, newest first. */
  findAppeals(userId: number, limit: number): Promise<{ id: number; message: string; created_at: string; confirmed_at: string | null }[]>;
  /** Marks an appeal confirmed by its sender (the link mailed to the account's address); false when there is no such appeal. */
  confirmAppeal(id: number): Promise<boolean>;
}

/** The moderators' queues: reports on listings, reviews and conversations, and reviews held or moderated. */
export interface ModerationRepository {
  /** Open reports about posts, profiles and reviews, oldest first. */
  findOpenReports(limit: number): Promise<OpenReportRow[]>;
  /** Marks a target's open reports handled; answers how many. */
  handleReports(target: { kind: 'post' | 'profile' | 'review' | 'conversation'; id: number }): Promise<number>;
  /** Marks handled the open conversation reports about what this account wrote (its suspension acted on them); answers how many. */
  handleReportsOnUser(userId: number): Promise<number>;
  /** Hides, shows again, publishes (a held one) or removes a review, with its listing's rating and cached pages; false when nothing changed. */
  moderateReview(id: number, action: 'hide' | 'unhide' | 'remove' | 'publish'): Promise<boolean>;
  /** Reviews held by an automatic check, oldest first. */
  findHeldReviews(limit: number): Promise<HeldReviewRow[]>;
  /** How many reviews of the listing one client wrote since `since`. */
  countClientReviews(listing: ListingRef, clientHash: string, since: string): Promise<number>;
}

/** A profile's verifications (issue 45): the evidence its badges stand on. */
export interface VerificationRepository {
  insertVerification(verification: { profileId: number; kind: VerificationKind; value: string; oldValue: string | null; status: VerificationStatus; documentId: number | null; userId: number }): Promise<number>;
  findVerification(id: number): Promise<VerificationRow | undefined>;
  /** A profile's verifications, newest first. */
  findProfileVerifications(profileId: number): Promise<VerificationRow[]>;
  /** SSM requests in a state (pending: the queue; approved: to revoke), oldest first. */
  findSsmVerifications(status: 'pending' | 'approved', limit: number): Promise<PendingVerificationRow[]>;
  /** Approves or refuses a pending request, revokes an approved one; false when it was not in that state. */
  decideVerification(id: number, status: 'approved' | 'refused' | 'revoked', operatorId: number, reason: string | null): Promise<boolean>;
  /** A new request of a kind ends the profile's earlier pending or approved one. */
  supersedeVerifications(profileId: number, kind: VerificationKind, reason: string): Promise<void>;
  findVerificationDocument(id: number): Promise<{ file: string; original_filename: string; mime_type: string } | undefined>;
  countPendingVerifications(): Promise<number>;
  /**
   * Records, in the confirming transaction, that an account proved a mobile number by a code (a phone badge, an SMS
   * claim, its own phone), unless another account proved it first; answers the account the number belongs to.
   */
  proveNumber(number: string, userId: number, way: NumberProof): Promise<number>;
  /** The account a mobile number belongs to (one number, one account), if any proved it. */
  findNumberHolder(number: string): Promise<number | undefined>;
  /** The account's old phone number, proved only as its phone, is released when the account changes it. */
  releaseAccountNumber(number: string, userId: number): Promise<void>;
}

/** What the fake-review filter reads and stores (issue 45). */
export interface ReviewScoreRepository {
  /** Reviews with an account written since `since` (all, or only those new or edited since their last score), with their facts. */
  findReviewFacts(since: string, clientsSince: string, changedOnly: boolean): Promise<ScoredReviewRow[]>;
  /** The reviews of these listings ('profile-12', 'services-40') written since `since`. */
  findListingReviews(listings: readonly string[], since: string): Promise<ListingReview[]>;
  /** A page of the reviews written since `since`, after review `afterId` in id order: who wrote what. */
  findReviewTexts(since: string, afterId: number, limit: number): Promise<WrittenReview[]>;
  saveReviewScores(scores: readonly { reviewId: number; score: number; features: Record<string, number>; version: number }[]): Promise<void>;
  /** An operator published the review as it reads now. */
  clearReviewScore(reviewId: number): Promise<void>;
  /** Holds a review as suspicious, with its listing's rating and cached pages; false when it was held or hidden already. */
  holdSuspiciousReview(reviewId: number): Promise<boolean>;
}

/** What the daily trust signals read and store (issue 45). */
export interface TrustRepository {
  /** The owner's conversations about a business or its ads begun since `since`, with the first reply. */
  findReplyTimes(profileId: number, ownerId: number, since: string): Promise<ReplyTimeRow[]>;
  /** What the reply-time badge weighs of these people (openers and the owner) about a business: age, activity elsewhere, sign-in clients, devices. */
  findPersonFacts(profileId: number, userIds: readonly number[], since: string): Promise<PersonFactsRow[]>;
  /** Profiles an owner holds, after `afterId`, in id order. */
  findOwnedProfilesForTrust(afterId: number, limit: number): Promise<{ id: number; kind: string; owner_user_id: number; response_hours: number | null; response_count: number }[]>;
  /** Stores "Usually replies within N hours" (null: not shown); a change drops the business's cached pages. */
  saveResponsiveness(profileId: number, hours: number | null, count: number): Promise<void>;
}

/** Everything the app needs from its database, built once by the composition root. */
export interface Repositories {
  verifications: VerificationRepository;
  trust: TrustRepository;
  reviewScores: ReviewScoreRepository;
  catalog: CatalogRepository;
  suggestions: SuggestionRepository;
  sitemap: SitemapRepository;
  engagement: EngagementRepository;
  uploads: UploadRepository;
  follows: FollowRepository;
  enquiries: EnquiryRepository;
  stats: ListingStatsRepository;
  /** Accounts: users with their roles, details and social identities (decision 0005). */
  users: UserRepository;
  /** Sessions, sign-in challenges, one-time codes and the sign-in log. */
  auth: AuthRepository;
  counters: CounterRepository;
  jobs: JobRepository;
  outbox: OutboxRepository;
  cache: CacheRepository;
  advertiser: AdvertiserRepository;
  /** Ads and the moderation of listings, as their lifecycle writes them (listings/, issue 39). */
  listings: ListingRepository;
  leads: LeadRepository;
  conversations: ConversationRepository;
  messages: MessageRepository;
  conversationReports: ConversationReportRepository;
  reportedDetails: ReportedDetailRepository;
  listingSignals: ListingSignalRepository;
  offers: OfferRepository;
  conversationEvents: ConversationEventRepository;
  insights: InsightsRepository;
  /** Invoices and credit notes, gap-free per series and year. */
  invoices: InvoiceRepository;
  /** The trial and paid periods of businesses, their tokens, and which plan applies. */
  subscriptions: SubscriptionRepository;
  /** Attempts to pay an invoice, and refunds. */
  payments: PaymentRepository;
  operator: OperatorRepository;
  moderation: ModerationRepository;
  savedSearches: SavedSearchRepository;
  maintenance: MaintenanceRepository;
  /**
   * Runs `work` in one transaction and answers what it answers: `tx` is these repositories bound to it (its reads
   * see its writes). Committed when `work` resolves; rolled back when it throws, or when it holds the write lock
   * past the backend's limit (TransactionTimeoutError). `work` awaits only the database: files, mail and other
   * I/O happen before it or after it commits (mail as outbox rows written inside it). A transaction inside one joins it.
   */
  transaction<T>(work: (tx: Repositories) => Promise<T>): Promise<T>;
  /** Finishes queued writes and closes connections. */
  close(): Promise<void>;
}

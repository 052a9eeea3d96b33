/**
 * The repositories of the data seam (../repositories.ts), written once in the query layer (decision 0012) and bound
 * by each backend to its way of reaching the database. A backend adds what it keeps its own way: the search
 * index's reads and writes (FTS5 and the facet store on SQLite), and its migrations.
 */
import type {
  CatalogRepository, MaintenanceRepository, Repositories, SitemapRepository, SuggestionRepository,
} from '../repositories.ts';
import * as advertiser from './advertiser-profiles.ts';
import * as auth from './auth.ts';
import * as cache from './cache.ts';
import * as content from './content.ts';
import * as counters from './counters.ts';
import * as engagement from './engagement.ts';
import * as enquiries from './enquiries.ts';
import * as follows from './follows.ts';
import * as insights from './insights.ts';
import { KyselyInvoiceRepository } from './invoice-repository.ts';
import * as jobs from './jobs.ts';
import * as conversations from './conversations.ts';
import * as offers from './conversation-offers.ts';
import * as safety from './conversation-safety.ts';
import * as leads from './leads.ts';
import { KyselyListingRepository } from './listing-repository.ts';
import * as moderation from './moderation.ts';
import * as operator from './operator.ts';
import * as outbox from './outbox.ts';
import * as posts from './posts.ts';
import * as profiles from './profiles.ts';
import type { QueryDb } from './query.ts';
import type { QueryAccess } from './query-access.ts';
import * as replies from './review-replies.ts';
import * as reviews from './reviews.ts';
import * as savedSearches from './saved-searches.ts';
import * as sitemap from './sitemap.ts';
import { KyselyPaymentRepository } from './payment-repository.ts';
import * as stats from './stats.ts';
import { KyselySubscriptionRepository } from './subscription-repository.ts';
import * as uploads from './uploads.ts';
import * as reviewScores from './review-scores.ts';
import * as trust from './trust.ts';
import * as verifications from './verifications.ts';
import * as settings from './user-settings.ts';
import * as users from './users.ts';

export type { QueryAccess, SearchIndexWrites } from './query-access.ts';

/** What a backend answers its own way: from its search index, and about its migrations. */
export interface BackendOwnRepositories {
  catalog: Pick<CatalogRepository, 'findTopPostIdsInCategory' | 'findRelatedPostIds' | 'findBusiestMainCategories'>;
  suggestions: Pick<SuggestionRepository, 'findSuggestions'>;
  sitemap: Pick<SitemapRepository, 'findCategoryPages'>;
  maintenance: Pick<MaintenanceRepository, 'rebuildSearchIndex' | 'pendingMigrations'>;
}

export type DataRepositories = Omit<Repositories, 'transaction' | 'close'>;

/** The repositories over one way of reaching the database, with the backend's own parts. */
export function queryRepositories(access: QueryAccess, own: BackendOwnRepositories): DataRepositories {
  const { read, write, now } = access;
  const change = <T>(work: (db: QueryDb) => Promise<T>) => write((db) => work(db));
  return {
    // Resources written once as classes (issue 39): they only store; what follows a change is their commands' to say.
    listings: new KyselyListingRepository(access),
    invoices: new KyselyInvoiceRepository(access),
    subscriptions: new KyselySubscriptionRepository(access),
    payments: new KyselyPaymentRepository(access),
    catalog: {
      ...own.catalog,
      findPostIdBySlug: (slug) => read((db) => posts.findPostIdBySlug(db, slug)),
      findPostRows: (ids) => read((db) => posts.findPostRows(db, ids, now())),
      findPostMedia: (ids, firstOnly) => read((db) => posts.findPostMedia(db, ids, firstOnly)),
      findPostDocuments: (ids) => read((db) => posts.findPostDocuments(db, ids)),
      findPostCategories: (ids) => read((db) => posts.findPostCategories(db, ids)),
      findPostLocations: (ids) => read((db) => posts.findPostLocations(db, ids)),
      findPostAttributes: (ids) => read((db) => posts.findPostAttributes(db, ids)),
      findPostIdsByProfile: (profileId, type, limit) => read((db) => posts.findPostIdsByProfile(db, profileId, type, limit, now())),
      findProfileBySlug: (slug) => read((db) => profiles.findProfileBySlug(db, slug)),
      findProfileMedia: (id) => read((db) => profiles.findProfileMedia(db, id)),
      findProfileDocuments: (id) => read((db) => profiles.findProfileDocuments(db, id)),
      findProfileCategories: (id) => read((db) => profiles.findProfileCategories(db, id)),
      findBusinessHours: (id) => read((db) => profiles.findBusinessHours(db, id)),
      findSpecialHours: (id, from) => read((db) => profiles.findSpecialHours(db, id, from)),
      findLocationHours: (ids) => read((db) => profiles.findLocationHours(db, ids)),
      findLocationSpecialHours: (ids, from) => read((db) => profiles.findLocationSpecialHours(db, ids, from)),
      findProfileAttributes: (id) => read((db) => profiles.findProfileAttributes(db, id)),
      findProfileLocations: (id) => read((db) => profiles.findProfileLocations(db, id)),
      findBanners: (placement) => read((db) => content.findBanners(db, placement)),
      findFeaturedPostIds: (placement) => read((db) => content.findFeaturedPostIds(db, placement, now())),
      findHomeCategories: () => read((db) => content.findHomeCategories(db)),
      findCategoryTree: () => read((db) => content.findCategoryTree(db)),
      findCategoryNames: () => read((db) => content.findCategoryNames(db)),
      findPlaceNames: () => read((db) => content.findPlaceNames(db)),
      findSetting: (key) => read((db) => content.findSetting(db, key)),
      findCmsPage: (page) => read((db) => content.findCmsPage(db, page)),
      findCountries: () => read((db) => content.findCountries(db)),
      findStates: () => read((db) => content.findStates(db)),
      findReviews: (listing, limit, offset) => read((db) => reviews.findReviews(db, listing, limit, offset)),
      listingExists: (listing) => read((db) => reviews.listingExists(db, listing)),
    },
    suggestions: {
      ...own.suggestions,
      findPlacesByPrefix: (prefix, limit) => read((db) => content.findPlacesByPrefix(db, prefix, limit)),
    },
    sitemap: {
      ...own.sitemap,
      countPosts: (type) => read((db) => sitemap.countPosts(db, type, now())),
      countProfiles: () => read((db) => sitemap.countProfiles(db)),
      postUrlBatches: (type, limit, offset) => sitemap.postUrlBatches(read, type, limit, offset, now),
      profileUrlBatches: (limit, offset) => sitemap.profileUrlBatches(read, limit, offset),
      findCmsPageNames: () => read((db) => sitemap.findCmsPageNames(db)),
    },
    engagement: {
      insertContactMessage: (message) => change((db) => engagement.insertContactMessage(db, message, now())),
      insertReport: (report) => change((db) => engagement.insertReport(db, report, now())),
      addViews: (counts, day) => change((db) => engagement.addViews(db, counts, day)),
      upsertReview: (review) => change((db) => reviews.upsertReview(db, review, now())),
      findOwnReview: (userId, listing) => read((db) => reviews.findOwnReview(db, userId, listing)),
      setReviewMedia: (reviewId, mediaIds) => change((db) => reviews.setReviewMedia(db, reviewId, mediaIds)),
      refreshRating: (listing) => change((db) => reviews.refreshRating(db, listing)),
      findReviewListing: (reviewId) => read((db) => replies.findReviewListing(db, reviewId)),
    },
    uploads: {
      insertImage: (owner, image) => change((db) => uploads.insertImage(db, owner, image, now())),
      insertVideo: (owner, video) => change((db) => uploads.insertVideo(db, owner, video, now())),
      insertDocument: (owner, document) => change((db) => uploads.insertDocument(db, owner, document, now())),
      findUploadedImages: (paths) => read((db) => uploads.findUploadedImages(db, paths)),
      attachImages: (ids) => change((db) => uploads.attachImages(db, ids, now())),
      attachDocument: (id) => change((db) => uploads.attachDocument(db, id, now())),
      findStaleUploads: (before) => read((db) => uploads.findStaleUploads(db, before)),
      deleteUploads: (ids) => change((db) => uploads.deleteUploads(db, ids, now())),
    },
    follows: {
      toggleFollow: (userId, listing) => change((db) => follows.toggleFollow(db, userId, listing, now())),
      isFollowing: (userId, listing) => read((db) => follows.isFollowing(db, userId, listing)),
      findFollows: (userId, limit, offset) => read((db) => follows.findFollows(db, userId, limit, offset)),
    },
    enquiries: {
      findEnquiryTarget: (listing) => read((db) => enquiries.findEnquiryTarget(db, listing, now())),
      insertEnquiry: (enquiry) => change((db) => enquiries.insertEnquiry(db, enquiry)),
      hasEnquiredSince: (userId, listing, since) => read((db) => enquiries.hasEnquiredSince(db, userId, listing, since)),
      findEnquiries: (userId, kind, limit, offset) => read((db) => enquiries.findEnquiries(db, userId, kind, limit, offset)),
      findEnquiry: (kind, id) => read((db) => enquiries.findEnquiry(db, kind, id)),
      findEnquiryMedia: (ids) => read((db) => enquiries.findEnquiryMedia(db, ids)),
    },
    stats: {
      addClicks: (day, counts) => change((db) => stats.addClicks(db, day, counts)),
      findListingStats: (listing, from, to) => read((db) => stats.findListingStats(db, listing, from, to)),
    },
    users: {
      findUser: (id) => read((db) => users.findUser(db, id)),
      lockUser: (id) => read((db) => users.lockUser(db, id)),
      findNames: (ids) => read((db) => users.findNames(db, ids)),
      findCredentials: (by) => read((db) => users.findCredentials(db, by)),
      createUser: (user) => change((db) => users.createUser(db, user, now())),
      setPassword: (userId, hash, keep) => change((db) => users.setPassword(db, userId, hash, keep, now())),
      addRole: (userId, role, phone) => change((db) => users.addRole(db, userId, role, phone, now())),
      removeRole: (userId, role) => change((db) => users.removeRole(db, userId, role, now())),
      findIdentity: (provider, subject) => read((db) => users.findIdentity(db, provider, subject)),
      linkIdentity: (userId, identity) => change((db) => users.linkIdentity(db, userId, identity, now())),
      updateProfile: (userId, changes) => change((db) => settings.updateProfile(db, userId, changes, now())),
      updateResume: (userId, resume) => change((db) => settings.updateResume(db, userId, resume, now())),
      setPhoto: (userId, mediaId) => change((db) => settings.setPhoto(db, userId, mediaId, now())),
      setCv: (userId, documentId) => change((db) => settings.setCv(db, userId, documentId, now())),
      setPendingDelete: (userId, keep, at) => change((db) => settings.setPendingDelete(db, userId, keep, at, now())),
      findUsersToDelete: (before) => read((db) => settings.findUsersToDelete(db, before)),
      deleteUser: (userId) => change((db) => settings.deleteUser(db, userId)),
      anonymiseReviewsBy: (userId) => change((db) => settings.anonymiseReviewsBy(db, userId)),
    },
    auth: {
      createSession: (session, replacing) => change((db) => auth.createSession(db, session, replacing)),
      findSession: (id) => read((db) => auth.findSession(db, id)),
      touchSession: (id, at) => change((db) => auth.touchSession(db, id, at)),
      proveSession: (id, at) => change((db) => auth.proveSession(db, id, at)),
      deleteSession: (id) => change((db) => auth.deleteSession(db, id)),
      deleteUserSessions: (userId, exceptId) => change((db) => auth.deleteUserSessions(db, userId, exceptId)),
      insertChallenge: (challenge) => change((db) => auth.insertChallenge(db, challenge, now())),
      findChallenge: (id) => read((db) => auth.findChallenge(db, id)),
      deleteChallenge: (id) => change((db) => auth.deleteChallenge(db, id)),
      insertCode: (code) => change((db) => auth.insertCode(db, code)),
      findLatestCode: (purpose, address, challengeId) => read((db) => auth.findLatestCode(db, purpose, address, challengeId)),
      findCodeSendTimes: (purpose, address, since) => read((db) => auth.findCodeSendTimes(db, purpose, address, since)),
      recordWrongCode: (id) => change((db) => auth.recordWrongCode(db, id)),
      useCode: (id) => change((db) => auth.useCode(db, id, now())),
      logAttempt: (attempt) => change((db) => auth.logAttempt(db, attempt, now())),
      forgetSignIns: (userId, addresses) => change((db) => settings.forgetSignIns(db, userId, addresses)),
      removeExpired: (before, idleSince, attemptsBefore) => change((db) => auth.removeExpired(db, before, idleSince, attemptsBefore)),
    },
    counters: {
      consume: (key, points, windowMs, at) => change((db) => counters.consume(db, key, points, windowMs, at)),
      refund: (key, points, at) => change((db) => counters.refund(db, key, points, at)),
      block: (key, until) => change((db) => counters.block(db, key, until)),
      find: (key, at) => read((db) => counters.findCounter(db, key, at)),
      delete: (key) => change((db) => counters.deleteCounter(db, key)),
      removeExpired: (at) => change((db) => counters.removeExpiredCounters(db, at)),
    },
    maintenance: {
      ...own.maintenance,
      appSecret: (name, fresh) => change((db) => counters.appSecret(db, name, fresh, now())),
    },
    jobs: {
      enqueue: (job) => change((db) => jobs.enqueueJob(db, job, now())),
      claim: (owner, options) => change((db) => jobs.claimJobs(db, owner, options, now())),
      complete: (id, owner) => change((db) => jobs.completeJob(db, id, owner, now())),
      fail: (id, owner, error, retryAt) => change((db) => jobs.failJob(db, id, owner, error, retryAt, now())),
      release: (id, owner) => change((db) => jobs.releaseJob(db, id, owner)),
      renew: (id, owner, leaseMs) => change((db) => jobs.renewJob(db, id, owner, leaseMs, now())),
      leaseOwners: () => read((db) => jobs.findLeaseOwners(db)),
      endLeases: (owner) => change((db) => jobs.endLeases(db, owner, now())),
      ensureSchedule: (kind, everyMs) => change((db) => jobs.ensureSchedule(db, kind, everyMs, now())),
      fireSchedules: () => change((db) => jobs.fireSchedules(db, now())),
      makeDue: (kind) => change((db) => jobs.makeDue(db, kind, now())),
      find: (options) => read((db) => jobs.findJobs(db, options)),
      count: () => read((db) => jobs.countJobs(db)),
      removeFinished: (before) => change((db) => jobs.removeFinishedJobs(db, before)),
    },
    reviewScores: {
      findReviewFacts: (since, clientsSince, changedOnly) => read((db) => reviewScores.findReviewFacts(db, since, clientsSince, changedOnly)),
      findListingReviews: (listings, since) => read((db) => reviewScores.findListingReviews(db, listings, since)),
      findReviewTexts: (since, afterId, limit) => read((db) => reviewScores.findReviewTexts(db, since, afterId, limit)),
      saveReviewScores: (scores) => change((db) => reviewScores.saveReviewScores(db, scores, now())),
      clearReviewScore: (id) => change((db) => reviewScores.clearReviewScore(db, id, now())),
      holdSuspiciousReview: (id) => change((db) => reviewScores.holdSuspiciousReview(db, id)),
    },
    trust: {
      findReplyTimes: (profileId, ownerId, since) => read((db) => trust.findReplyTimes(db, profileId, ownerId, since)),
      findPersonFacts: (profileId, userIds, since) => read((db) => trust.findPersonFacts(db, profileId, userIds, since)),
      findOwnedProfilesForTrust: (afterId, limit) => read((db) => trust.findOwnedProfilesForTrust(db, afterId, limit)),
      saveResponsiveness: (profileId, hours, count) => change((db) => trust.saveResponsiveness(db, profileId, hours, count)),
    },
    verifications: {
      insertVerification: (verification) => change((db) => verifications.insertVerification(db, verification, now())),
      findVerification: (id) => read((db) => verifications.findVerification(db, id)),
      findProfileVerifications: (profileId) => read((db) => verifications.findProfileVerifications(db, profileId)),
      findSsmVerifications: (status, limit) => read((db) => verifications.findSsmVerifications(db, status, limit)),
      decideVerification: (id, status, operatorId, reason) => change((db) => verifications.decideVerification(db, id, status, operatorId, reason, now())),
      supersedeVerifications: (profileId, kind, reason) => change((db) => verifications.supersedeVerifications(db, profileId, kind, reason, now())),
      findVerificationDocument: (id) => read((db) => verifications.findVerificationDocument(db, id)),
      countPendingVerifications: () => read((db) => verifications.countPendingVerifications(db)),
      proveNumber: (number, userId, way) => change((db) => verifications.proveNumber(db, number, userId, way, now())),
      findNumberHolder: (number) => read((db) => verifications.findNumberHolder(db, number)),
      releaseAccountNumber: (number, userId) => change((db) => verifications.releaseAccountNumber(db, number, userId)),
    },
    cache: {
      latestInvalidation: () => read((db) => cache.latestInvalidation(db)),
      oldestInvalidation: () => read((db) => cache.oldestInvalidation(db)),
      invalidationsSince: (afterId, limit) => read((db) => cache.invalidationsSince(db, afterId, limit)),
      invalidate: (tags) => change((db) => cache.invalidate(db, tags, now())),
      pruneInvalidations: (keep) => change((db) => cache.pruneInvalidations(db, keep)),
    },
    advertiser: {
      findProfile: (id) => read((db) => advertiser.findProfile(db, id)),
      findOwnedProfiles: (userId) => read((db) => advertiser.findOwnedProfiles(db, userId)),
      findPersonalProfileId: (userId) => read((db) => advertiser.findPersonalProfileId(db, userId)),
      freeSlug: (table, base) => read((db) => advertiser.freeSlug(db, table, base)),
      createProfile: (profile) => change((db) => advertiser.createProfile(db, profile, now())),
      saveProfile: (id, save) => change((db) => advertiser.saveProfile(db, id, save, now())),
      advanceVersion: (table, id, expected) => change((db) => advertiser.advanceVersion(db, table, id, expected)),
      findProfileKeywords: (id) => read((db) => advertiser.findProfileKeywords(db, id)),
      findProfileChanges: (id, limit) => read((db) => advertiser.findProfileChanges(db, id, limit)),
      insertClaim: (claim) => change((db) => advertiser.insertClaim(db, claim, now())),
      findClaim: (id) => read((db) => advertiser.findClaim(db, id)),
      findClaimsBy: (userId) => read((db) => advertiser.findClaimsBy(db, userId)),
      findOpenClaimants: (target, since) => read((db) => advertiser.findOpenClaimants(db, target, since)),
      findOpenPostsAt: (profileId, locationId, exceptId) => read((db) => advertiser.findOpenPostsAt(db, profileId, locationId, exceptId, now())),
      completeClaim: (claim) => change((db) => advertiser.completeClaim(db, claim, now())),
      findListingMediaIds: (listing, paths) => read((db) => advertiser.findListingMediaIds(db, listing, paths)),
      findUsableDocuments: (userId, listing, files) => read((db) => advertiser.findUsableDocuments(db, userId, listing, files)),
      findUsableVideos: (userId, listing, files) => read((db) => advertiser.findUsableVideos(db, userId, listing, files)),
      findReviewToAnswer: (id) => read((db) => replies.findReviewToAnswer(db, id)),
      saveReviewReply: (id, userId, content) => change((db) => replies.saveReviewReply(db, id, userId, content, now())),
      deleteReviewReply: (id) => change((db) => replies.deleteReviewReply(db, id)),
      findReviewsToAnswer: (userId, limit) => read((db) => replies.findReviewsToAnswer(db, userId, limit)),
      findTown: (city, state) => read((db) => advertiser.findTown(db, city, state)),
    },
    leads: {
      findLeads: (ownerId, filters, limit, offset) => read((db) => leads.findLeads(db, ownerId, filters, limit, offset)),
      findLead: (id) => read((db) => leads.findLead(db, id)),
      countUnreadLeads: (ownerId) => read((db) => leads.countUnreadLeads(db, ownerId)),
      setLeadStatus: (id, status) => change((db) => leads.setLeadStatus(db, id, status, now())),
      findEnquiryReplies: (ids) => read((db) => leads.findEnquiryReplies(db, ids)),
      findLeadSettings: (userId) => read((db) => leads.findLeadSettings(db, userId)),
      saveLeadSettings: (userId, leadMail) => change((db) => leads.saveLeadSettings(db, userId, leadMail, now())),
      findDigestOwners: (cutoff, limit) => read((db) => leads.findDigestOwners(db, cutoff, limit)),
      findDigestItems: (ownerId, since, before) => read((db) => leads.findDigestItems(db, ownerId, since, before)),
      markDigested: (userId, until) => change((db) => leads.markDigested(db, userId, until)),
      insertReviewReport: (report) => change((db) => leads.insertReviewReport(db, { ...report, createdAt: now() })),
    },
    conversations: {
      findConversation: (id, options) => read((db) => conversations.findConversation(db, id, options?.lock)),
      findOpenConversation: (personId, listing) => read((db) => conversations.findOpenConversation(db, personId, listing)),
      insertConversation: (conversation) => change((db) => conversations.insertConversation(db, { ...conversation, createdAt: now() })),
      supersedeConversation: (id) => change((db) => conversations.supersedeConversation(db, id, now())),
      listConversations: (userId, role, filters, limit, offset) => read((db) => conversations.listConversations(db, userId, role, filters, limit, offset)),
      countUnreadConversations: (userId) => read((db) => conversations.countUnreadConversations(db, userId)),
      markRead: (id, role, upTo) => change((db) => conversations.markRead(db, id, role, upTo, now())),
      setConversationState: (id, role, state) => change((db) => conversations.setConversationState(db, id, role, {
        archived: state.archived === undefined ? undefined : state.archived ? now() : null,
        muted: state.muted === undefined ? undefined : state.muted ? now() : null,
      })),
      block: (userId, blockedUserId) => change((db) => conversations.block(db, userId, blockedUserId, now())),
      unblock: (userId, blockedUserId) => change((db) => conversations.unblock(db, userId, blockedUserId)),
      isBlocked: (userId, blockedUserId) => read((db) => conversations.isBlocked(db, userId, blockedUserId)),
      countConversationsSince: (personId, since) => read((db) => conversations.countConversationsSince(db, personId, since)),
      findDueNotices: (since, olderThan, limit) => read((db) => conversations.findDueNotices(db, since, olderThan, limit)),
      markMailed: (id, role, upTo) => change((db) => conversations.markMailed(db, id, role, upTo)),
      removeConversationsBefore: (before, limit) => change((db) => conversations.removeConversationsBefore(db, before, limit)),
    },
    messages: {
      insertMessage: (message) => change((db) => conversations.insertMessage(db, { ...message, createdAt: now() })),
      findMessage: (id) => read((db) => conversations.findMessage(db, id)),
      findMessageByClientId: (id, userId, clientId) => read((db) => conversations.findMessageByClientId(db, id, userId, clientId)),
      findMessages: (id, before, limit) => read((db) => conversations.findMessages(db, id, before, limit)),
      findMessagesByIds: (id, ids) => read((db) => conversations.findMessagesByIds(db, id, ids)),
      hasWritten: (id, side) => read((db) => conversations.hasWritten(db, id, side)),
      lastMessageId: (id, by) => read((db) => conversations.lastMessageId(db, id, by)),
      countMessagesSince: (userId, since) => read((db) => conversations.countMessagesSince(db, userId, since)),
      insertReveal: (messageId, userId) => change((db) => conversations.insertReveal(db, messageId, userId, now())),
      countRevealsSince: (userId, since) => read((db) => conversations.countRevealsSince(db, userId, since)),
      findRevealed: (userId, ids) => read((db) => conversations.findRevealed(db, userId, ids)),
      eraseWrittenBy: (userId) => change((db) => conversations.eraseWrittenBy(db, userId, now())),
      findImageUploads: (ids) => read((db) => safety.findImageUploads(db, ids)),
      attachMessageImages: (messageId, ids) => change((db) => safety.attachMessageImages(db, messageId, ids, now())),
      findMessageImages: (ids) => read((db) => safety.findMessageImages(db, ids)),
      findConversationImage: (id, mediaId) => read((db) => safety.findConversationImage(db, id, mediaId)),
    },
    conversationReports: {
      insertReport: (report) => change((db) => safety.insertConversationReport(db, report, now())),
      findOpenReports: (limit) => read((db) => safety.findOpenConversationReports(db, limit)),
      findReportedMessageIds: (id) => read((db) => safety.findReportedMessageIds(db, id)),
      countFlaggedConversationsSince: (userId, since) => read((db) => safety.countFlaggedConversationsSince(db, userId, since)),
      hasAutomaticReportSince: (userId, since) => read((db) => safety.hasAutomaticReportSince(db, userId, since)),
      findFlaggedMessagesSince: (userId, since) => read((db) => safety.findFlaggedMessagesSince(db, userId, since)),
      moderateMessage: (messageId) => change((db) => safety.moderateMessage(db, messageId, now())),
      findMessageIdsAround: (id, ids, span) => read((db) => safety.findMessageIdsAround(db, id, ids, span)),
    },
    offers: {
      insertOffer: (offer) => change((db) => offers.insertOffer(db, { ...offer, at: now() })),
      findOffer: (id) => read((db) => offers.findOffer(db, id)),
      findOffersOfMessages: (ids) => read((db) => offers.findOffersOfMessages(db, ids)),
      decideOffer: (id, status, by) => change((db) => offers.decideOffer(db, id, status, by, now())),
      acceptOffer: (id) => change((db) => offers.acceptOffer(db, id, now())),
    },
    conversationEvents: {
      findEventsAfter: (after, limit, userId) => read((db) => conversations.findEventsAfter(db, after, limit, userId)),
      lastEventSeq: () => read((db) => conversations.lastEventSeq(db)),
      removeEventsBefore: (before) => change((db) => conversations.removeEventsBefore(db, before)),
    },
    insights: {
      findOwnedListings: (userId) => read((db) => insights.findOwnedListings(db, userId)),
      findDailyCounts: (listings, from, to) => read((db) => insights.findDailyCounts(db, listings, from, to)),
      findEnquiryTimes: (ownerId, listings, since, before) => read((db) => insights.findEnquiryTimes(db, ownerId, listings, since, before)),
      findFollowTimes: (listings, since, before) => read((db) => insights.findFollowTimes(db, listings, since, before)),
      findReviewTimes: (listings, since, before) => read((db) => insights.findReviewTimes(db, listings, since, before)),
      findSearchTerms: (postIds, from, to, minimum, limit) => read((db) => insights.findSearchTerms(db, postIds, from, to, minimum, limit)),
      findListingTotals: (userId, from, to, since) => read((db) => insights.findListingTotals(db, userId, from, to, since)),
      addImpressions: (day, posts, terms) => change(async (db) => {
        await insights.addPostImpressions(db, day, posts);
        await insights.addSearchTerms(db, day, terms);
      }),
    },
    savedSearches: {
      insertSavedSearch: (search) => change((db) => savedSearches.insertSavedSearch(db, search, now())),
      countSavedSearches: (userId) => read((db) => savedSearches.countSavedSearches(db, userId)),
      findSavedSearches: (userId, limit) => read((db) => savedSearches.findSavedSearches(db, userId, limit)),
      findSavedSearch: (id) => read((db) => savedSearches.findSavedSearch(db, id)),
      updateSavedSearch: (id, saved) => change((db) => savedSearches.updateSavedSearch(db, id, saved, now())),
      deleteSavedSearch: (id) => change((db) => savedSearches.deleteSavedSearch(db, id)),
      findDueSavedSearches: (frequency, before, afterId, limit) => read((db) => savedSearches.findDueSavedSearches(db, frequency, before, afterId, limit)),
      findOwnPostIds: (userId, postIds) => read((db) => savedSearches.findOwnPostIds(db, userId, postIds)),
      findAlertedPostIds: (id, postIds) => read((db) => savedSearches.findAlertedPostIds(db, id, postIds)),
      recordAlert: (id, postIds, alertedAt) => change((db) => savedSearches.recordAlert(db, id, postIds, alertedAt, now())),
      placeExists: (name) => read((db) => savedSearches.placeExists(db, name)),
    },
    operator: {
      appendAudit: (entry) => change((db) => operator.appendAudit(db, entry, now())),
      findAudit: (filters, limit, offset) => read((db) => operator.findAudit(db, filters, limit, offset)),
      findDocumentClaims: (limit) => read((db) => operator.findDocumentClaims(db, limit)),
      findClaimDocument: (id) => read((db) => operator.findClaimDocument(db, id)),
      refuseClaim: (id, operatorId, reason) => change((db) => operator.refuseClaim(db, id, operatorId, reason, now())),
      recordClaimDecision: (id, operatorId) => change((db) => operator.recordClaimDecision(db, id, operatorId)),
      countQueues: () => read((db) => operator.countQueues(db)),
      findPendingProfileChanges: (limit, id) => read((db) => operator.findPendingProfileChanges(db, limit, id)),
      decideProfileChange: (id, review) => change((db) => operator.decideProfileChange(db, id, review)),
      searchUsers: (text, limit) => read((db) => operator.searchUsers(db, text, limit)),
      findUserActivity: (userId, limit) => read((db) => operator.findUserActivity(db, userId, limit)),
      searchListings: (text, limit) => read((db) => operator.searchListings(db, text, limit)),
      insertAppeal: (appeal) => change((db) => operator.insertAppeal(db, appeal, now())),
      findAppeals: (userId, limit) => read((db) => operator.findAppeals(db, userId, limit)),
      confirmAppeal: (id) => change((db) => operator.confirmAppeal(db, id, now())),
    },
    moderation: {
      findOpenReports: (limit) => read((db) => moderation.findOpenReports(db, limit)),
      handleReports: (target) => change((db) => (target.kind === 'conversation'
        ? safety.handleConversationReports(db, target.id, now()) : moderation.handleReports(db, { kind: target.kind, id: target.id }, now()))),
      handleReportsOnUser: (userId) => change((db) => safety.handleReportsOnUser(db, userId, now())),
      moderateReview: (id, action) => change((db) => moderation.moderateReview(db, id, action, now())),
      findHeldReviews: (limit) => read((db) => moderation.findHeldReviews(db, limit)),
      countClientReviews: (listing, clientHash, since) => read((db) => moderation.countClientReviews(db, { column: listing.type === 'profile' ? 'profile_id' : 'post_id', id: listing.id }, clientHash, since)),
    },
    outbox: {
      insert: (message) => change((db) => outbox.insertMessage(db, message, now())),
      find: (id) => read((db) => outbox.findMessage(db, id)),
      markSent: (id) => change((db) => outbox.markSent(db, id, now())),
      removeSent: (sentBefore) => change((db) => outbox.removeSent(db, sentBefore)),
    },
  };
}

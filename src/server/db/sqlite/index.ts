/**
 * The embedded default: the repositories of the data seam (../repositories.ts) on one node:sqlite
 * file. Reads run on the serving connection; every write goes through one Writer (writer.ts), so a
 * lock held by another process is waited for asynchronously, never inside the event loop.
 */
import type { Clock } from '../../clock.ts';
import type { Repositories } from '../repositories.ts';
import { openDatabase, SERVING_BUSY_TIMEOUT_MS, type Db } from './connection.ts';
import { pendingMigrations } from './migrate.ts';
import * as auth from './repositories/auth.ts';
import * as content from './repositories/content.ts';
import * as counters from './repositories/counters.ts';
import * as engagement from './repositories/engagement.ts';
import * as enquiries from './repositories/enquiries.ts';
import * as follows from './repositories/follows.ts';
import { expirePosts } from './repositories/lifecycle.ts';
import * as posts from './repositories/posts.ts';
import * as profiles from './repositories/profiles.ts';
import { saveReview } from './repositories/ratings.ts';
import * as reviews from './repositories/reviews.ts';
import { catalogVersion, findSuggestions } from './repositories/search.ts';
import * as sitemap from './repositories/sitemap.ts';
import * as stats from './repositories/stats.ts';
import * as uploads from './repositories/uploads.ts';
import * as settings from './repositories/user-settings.ts';
import * as users from './repositories/users.ts';
import { Writer } from './writer.ts';

/** Repositories over an open handle (tests and workers pass their own). */
export function sqliteRepositories(db: Db): Repositories & { writer: Writer } {
  const writer = new Writer(db);
  return {
    writer,
    catalog: {
      catalogVersion: async () => catalogVersion(db),
      findPostIdBySlug: async (slug) => posts.findPostIdBySlug(db, slug),
      findPostRows: async (ids) => posts.findPostRows(db, ids),
      findPostMedia: async (ids, firstOnly) => posts.findPostMedia(db, ids, firstOnly),
      findPostDocuments: async (ids) => posts.findPostDocuments(db, ids),
      findPostCategories: async (ids) => posts.findPostCategories(db, ids),
      findPostLocations: async (ids) => posts.findPostLocations(db, ids),
      findPostAttributes: async (ids) => posts.findPostAttributes(db, ids),
      findTopPostIdsInCategory: async (categoryId, limit) => posts.findTopPostIdsInCategory(db, categoryId, limit),
      findRelatedPostIds: async (profileId, categoryIds, limit) => posts.findRelatedPostIds(db, profileId, categoryIds, limit),
      findPostIdsByProfile: async (profileId, type, limit) => posts.findPostIdsByProfile(db, profileId, type, limit),
      findProfileBySlug: async (slug) => profiles.findProfileBySlug(db, slug),
      findProfileMedia: async (id) => profiles.findProfileMedia(db, id),
      findProfileDocuments: async (id) => profiles.findProfileDocuments(db, id),
      findProfileCategories: async (id) => profiles.findProfileCategories(db, id),
      findProfileBadges: async (id) => profiles.findProfileBadges(db, id),
      findBusinessHours: async (id) => profiles.findBusinessHours(db, id),
      findProfileLocations: async (id) => profiles.findProfileLocations(db, id),
      findBanners: async (placement) => content.findBanners(db, placement),
      findFeaturedPostIds: async (placement) => content.findFeaturedPostIds(db, placement),
      findHomeCategories: async () => content.findHomeCategories(db),
      findCategoryTree: async () => content.findCategoryTree(db),
      findBusiestMainCategories: async (type, limit) => content.findBusiestMainCategories(db, type, limit),
      findSetting: async (key) => content.findSetting(db, key),
      findCmsPage: async (page) => content.findCmsPage(db, page),
      findCountries: async () => content.findCountries(db),
      findStates: async () => content.findStates(db),
      findReviews: async (listing, limit, offset) => reviews.findReviews(db, listing, limit, offset),
      listingExists: async (listing) => reviews.listingExists(db, listing),
    },
    suggestions: {
      findSuggestions: async (match, typed, type, limit) => findSuggestions(db, match, typed, type, limit),
      findPlacesByPrefix: async (prefix, limit) => content.findPlacesByPrefix(db, prefix, limit),
    },
    sitemap: {
      countPosts: async (type) => sitemap.countPosts(db, type),
      countProfiles: async () => sitemap.countProfiles(db),
      postUrlBatches: (type, limit, offset) => sitemap.postUrlBatches(db, type, limit, offset),
      profileUrlBatches: (limit, offset) => sitemap.profileUrlBatches(db, limit, offset),
      findCategoryPages: async () => sitemap.findCategoryPages(db),
      findCmsPageNames: async () => sitemap.findCmsPageNames(db),
    },
    engagement: {
      insertContactMessage: (message) => writer.write((handle) => engagement.insertContactMessage(handle, message)),
      insertReport: (report) => writer.write((handle) => engagement.insertReport(handle, report)),
      addViews: (counts, day) => writer.write((handle) => engagement.addViews(handle, counts, day)),
      saveReview: (review) => writer.write((handle) => saveReview(handle, review)),
    },
    uploads: {
      insertImage: (owner, image) => writer.write((handle) => uploads.insertImage(handle, owner, image)),
      insertDocument: (owner, document) => writer.write((handle) => uploads.insertDocument(handle, owner, document)),
      findOwnedImages: async (owner, paths, sameReview) => uploads.findOwnedImages(db, owner, paths, sameReview),
      attachImages: (ids) => writer.write((handle) => uploads.attachImages(handle, ids)),
      findStaleUploads: async (before) => uploads.findStaleUploads(db, before),
      deleteUploads: (ids) => writer.write((handle) => uploads.deleteUploads(handle, ids)),
    },
    follows: {
      toggleFollow: (userId, listing) => writer.write((handle) => follows.toggleFollow(handle, userId, listing)),
      isFollowing: async (userId, listing) => follows.isFollowing(db, userId, listing),
      findFollows: async (userId, limit, offset) => follows.findFollows(db, userId, limit, offset),
    },
    enquiries: {
      findEnquiryTarget: async (listing) => enquiries.findEnquiryTarget(db, listing),
      insertEnquiry: (enquiry, notBefore) => writer.write((handle) => enquiries.insertEnquiry(handle, enquiry, notBefore)),
      findEnquiries: async (userId, kind, limit, offset) => enquiries.findEnquiries(db, userId, kind, limit, offset),
      findEnquiry: async (userId, kind, id) => enquiries.findEnquiry(db, userId, kind, id),
      findEnquiryMedia: async (ids) => enquiries.findEnquiryMedia(db, ids),
    },
    stats: {
      addClicks: (day, counts) => writer.write((handle) => stats.addClicks(handle, day, counts)),
      findListingStats: async (listing, from, to) => stats.findListingStats(db, listing, from, to),
    },
    users: {
      findUser: async (id) => users.findUser(db, id),
      findCredentials: async (by) => users.findCredentials(db, by),
      createUser: (user) => writer.write((handle) => users.createUser(handle, user)),
      setPassword: (userId, hash, keep) => writer.write((handle) => users.setPassword(handle, userId, hash, keep)),
      addRole: (userId, role, phone) => writer.write((handle) => users.addRole(handle, userId, role, phone)),
      findIdentity: async (provider, subject) => users.findIdentity(db, provider, subject),
      linkIdentity: (userId, identity) => writer.write((handle) => users.linkIdentity(handle, userId, identity)),
      updateProfile: (userId, changes) => writer.write((handle) => settings.updateProfile(handle, userId, changes)),
      updateResume: (userId, resume) => writer.write((handle) => settings.updateResume(handle, userId, resume)),
      setPhoto: (userId, mediaId) => writer.write((handle) => settings.setPhoto(handle, userId, mediaId)),
      setCv: (userId, documentId) => writer.write((handle) => settings.setCv(handle, userId, documentId)),
      setPendingDelete: (userId, keep, at) => writer.write((handle) => settings.setPendingDelete(handle, userId, keep, at)),
      findUsersToDelete: async (before) => settings.findUsersToDelete(db, before),
      deleteUser: (userId) => writer.write((handle) => settings.deleteUser(handle, userId)),
    },
    auth: {
      createSession: (session, replacing) => writer.write((handle) => auth.createSession(handle, session, replacing)),
      findSession: async (id) => auth.findSession(db, id),
      touchSession: (id, at) => writer.write((handle) => auth.touchSession(handle, id, at)),
      deleteSession: (id) => writer.write((handle) => auth.deleteSession(handle, id)),
      deleteUserSessions: (userId, exceptId) => writer.write((handle) => auth.deleteUserSessions(handle, userId, exceptId)),
      insertChallenge: (challenge) => writer.write((handle) => auth.insertChallenge(handle, challenge)),
      findChallenge: async (id) => auth.findChallenge(db, id),
      deleteChallenge: (id) => writer.write((handle) => auth.deleteChallenge(handle, id)),
      insertCode: (code) => writer.write((handle) => auth.insertCode(handle, code)),
      findLatestCode: async (purpose, address, challengeId) => auth.findLatestCode(db, purpose, address, challengeId),
      findCodeSendTimes: async (purpose, address, since) => auth.findCodeSendTimes(db, purpose, address, since),
      recordWrongCode: (id) => writer.write((handle) => auth.recordWrongCode(handle, id)),
      useCode: (id) => writer.write((handle) => auth.useCode(handle, id)),
      logAttempt: (attempt) => writer.write((handle) => auth.logAttempt(handle, attempt)),
      removeExpired: (now, idleSince, before) => writer.write((handle) => auth.removeExpired(handle, now, idleSince, before)),
    },
    counters: {
      consume: (key, points, windowMs, now) => writer.write((handle) => counters.consume(handle, key, points, windowMs, now)),
      refund: (key, points, now) => writer.write((handle) => counters.refund(handle, key, points, now)),
      block: (key, until) => writer.write((handle) => counters.block(handle, key, until)),
      find: async (key, now) => counters.findCounter(db, key, now),
      delete: (key) => writer.write((handle) => counters.deleteCounter(handle, key)),
      removeExpired: (now) => writer.write((handle) => counters.removeExpiredCounters(handle, now)),
    },
    maintenance: {
      expirePosts: () => writer.write((handle) => expirePosts(handle)),
      pendingMigrations: async () => pendingMigrations(db),
      appSecret: (name, fresh) => writer.write((handle) => counters.appSecret(handle, name, fresh)),
    },
    async close() {
      await writer.drain();
      if (db.isOpen) db.close();
    },
  };
}

/** The serving repositories on the file at `path`: a short busy timeout, since writes retry asynchronously. */
export function openSqliteRepositories(path: string, clock: Clock) {
  return sqliteRepositories(openDatabase(path, { busyTimeoutMs: SERVING_BUSY_TIMEOUT_MS, clock }));
}

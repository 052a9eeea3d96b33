/**
 * The embedded default: the repositories of the data seam (../repositories.ts) on one node:sqlite
 * file. Reads run on the serving connection; every write goes through one Writer (writer.ts), so a
 * lock held by another process is waited for asynchronously, never inside the event loop.
 */
import type { Kysely } from 'kysely';
import { systemClock, type Clock } from '../../clock.ts';
import * as cache from '../kysely/cache.ts';
import * as jobs from '../kysely/jobs.ts';
import * as outbox from '../kysely/outbox.ts';
import type { Tables } from '../tables.ts';
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
import * as ratings from './repositories/ratings.ts';
import * as reviews from './repositories/reviews.ts';
import { findSuggestions } from './repositories/search.ts';
import * as sitemap from './repositories/sitemap.ts';
import * as stats from './repositories/stats.ts';
import * as uploads from './repositories/uploads.ts';
import * as settings from './repositories/user-settings.ts';
import * as users from './repositories/users.ts';
import { sqliteKysely } from './kysely.ts';
import { Writer } from './writer.ts';
import { postIdBounds, REBUILD_BATCH } from './jobs.ts';
import { finishRebuild, reindexPostRange } from './repositories/search-index.ts';

/**
 * How bound repositories reach the database: reads and writes of hand-written SQL (each write its own transaction,
 * or the caller's), the same through the query layer (Kysely, decision 0012), and the time of the app's clock.
 */
interface Access {
  read<T>(work: (db: Db) => T): Promise<T>;
  write<T>(work: (db: Db) => T): Promise<T>;
  queryRead<T>(work: (db: Kysely<Tables>) => Promise<T>): Promise<T>;
  queryWrite<T>(work: (db: Kysely<Tables>) => Promise<T>): Promise<T>;
  now(): string;
}

/** One Kysely instance per connection. */
const queryLayers = new WeakMap<Db, Kysely<Tables>>();
function queryLayer(db: Db): Kysely<Tables> {
  let layer = queryLayers.get(db);
  if (!layer) queryLayers.set(db, (layer = sqliteKysely<Tables>(db)));
  return layer;
}

type DataRepositories = Omit<Repositories, 'transaction' | 'close'>;

/** The repositories' functions over one way of reaching the database; `reader` serves long reads (sitemap batches). */
function bindRepositories({ read, write, queryRead, queryWrite, now }: Access, reader: Db): DataRepositories {
  return {
    catalog: {
      findPostIdBySlug: (slug) => read((handle) => posts.findPostIdBySlug(handle, slug)),
      findPostRows: (ids) => read((handle) => posts.findPostRows(handle, ids)),
      findPostMedia: (ids, firstOnly) => read((handle) => posts.findPostMedia(handle, ids, firstOnly)),
      findPostDocuments: (ids) => read((handle) => posts.findPostDocuments(handle, ids)),
      findPostCategories: (ids) => read((handle) => posts.findPostCategories(handle, ids)),
      findPostLocations: (ids) => read((handle) => posts.findPostLocations(handle, ids)),
      findPostAttributes: (ids) => read((handle) => posts.findPostAttributes(handle, ids)),
      findTopPostIdsInCategory: (categoryId, limit) => read((handle) => posts.findTopPostIdsInCategory(handle, categoryId, limit)),
      findRelatedPostIds: (profileId, categoryIds, limit) => read((handle) => posts.findRelatedPostIds(handle, profileId, categoryIds, limit)),
      findPostIdsByProfile: (profileId, type, limit) => read((handle) => posts.findPostIdsByProfile(handle, profileId, type, limit)),
      findProfileBySlug: (slug) => read((handle) => profiles.findProfileBySlug(handle, slug)),
      findProfileMedia: (id) => read((handle) => profiles.findProfileMedia(handle, id)),
      findProfileDocuments: (id) => read((handle) => profiles.findProfileDocuments(handle, id)),
      findProfileCategories: (id) => read((handle) => profiles.findProfileCategories(handle, id)),
      findProfileBadges: (id) => read((handle) => profiles.findProfileBadges(handle, id)),
      findBusinessHours: (id) => read((handle) => profiles.findBusinessHours(handle, id)),
      findProfileLocations: (id) => read((handle) => profiles.findProfileLocations(handle, id)),
      findBanners: (placement) => read((handle) => content.findBanners(handle, placement)),
      findFeaturedPostIds: (placement) => read((handle) => content.findFeaturedPostIds(handle, placement)),
      findHomeCategories: () => read((handle) => content.findHomeCategories(handle)),
      findCategoryTree: () => read((handle) => content.findCategoryTree(handle)),
      findBusiestMainCategories: (type, limit) => read((handle) => content.findBusiestMainCategories(handle, type, limit)),
      findSetting: (key) => read((handle) => content.findSetting(handle, key)),
      findCmsPage: (page) => read((handle) => content.findCmsPage(handle, page)),
      findCountries: () => read((handle) => content.findCountries(handle)),
      findStates: () => read((handle) => content.findStates(handle)),
      findReviews: (listing, limit, offset) => read((handle) => reviews.findReviews(handle, listing, limit, offset)),
      listingExists: (listing) => read((handle) => reviews.listingExists(handle, listing)),
    },
    suggestions: {
      findSuggestions: (match, typed, type, limit) => read((handle) => findSuggestions(handle, match, typed, type, limit)),
      findPlacesByPrefix: (prefix, limit) => read((handle) => content.findPlacesByPrefix(handle, prefix, limit)),
    },
    sitemap: {
      countPosts: (type) => read((handle) => sitemap.countPosts(handle, type)),
      countProfiles: () => read((handle) => sitemap.countProfiles(handle)),
      postUrlBatches: (type, limit, offset) => sitemap.postUrlBatches(reader, type, limit, offset),
      profileUrlBatches: (limit, offset) => sitemap.profileUrlBatches(reader, limit, offset),
      findCategoryPages: () => read((handle) => sitemap.findCategoryPages(handle)),
      findCmsPageNames: () => read((handle) => sitemap.findCmsPageNames(handle)),
    },
    engagement: {
      insertContactMessage: (message) => write((handle) => engagement.insertContactMessage(handle, message)),
      insertReport: (report) => write((handle) => engagement.insertReport(handle, report)),
      addViews: (counts, day) => write((handle) => engagement.addViews(handle, counts, day)),
      upsertReview: (review) => write((handle) => ratings.upsertReview(handle, review)),
      setReviewMedia: (reviewId, mediaIds) => write((handle) => ratings.setReviewMedia(handle, reviewId, mediaIds)),
      refreshRating: (listing) => write((handle) => ratings.refreshRating(handle, listing)),
    },
    uploads: {
      insertImage: (owner, image) => write((handle) => uploads.insertImage(handle, owner, image)),
      insertDocument: (owner, document) => write((handle) => uploads.insertDocument(handle, owner, document)),
      findUploadedImages: (paths) => read((handle) => uploads.findUploadedImages(handle, paths)),
      attachImages: (ids) => write((handle) => uploads.attachImages(handle, ids)),
      attachDocument: (id) => write((handle) => uploads.attachDocument(handle, id)),
      findStaleUploads: (before) => read((handle) => uploads.findStaleUploads(handle, before)),
      deleteUploads: (ids) => write((handle) => uploads.deleteUploads(handle, ids)),
    },
    follows: {
      toggleFollow: (userId, listing) => write((handle) => follows.toggleFollow(handle, userId, listing)),
      isFollowing: (userId, listing) => read((handle) => follows.isFollowing(handle, userId, listing)),
      findFollows: (userId, limit, offset) => read((handle) => follows.findFollows(handle, userId, limit, offset)),
    },
    enquiries: {
      findEnquiryTarget: (listing) => read((handle) => enquiries.findEnquiryTarget(handle, listing)),
      insertEnquiry: (enquiry) => write((handle) => enquiries.insertEnquiry(handle, enquiry)),
      hasEnquiredSince: (userId, listing, since) => read((handle) => enquiries.hasEnquiredSince(handle, userId, listing, since)),
      findEnquiries: (userId, kind, limit, offset) => read((handle) => enquiries.findEnquiries(handle, userId, kind, limit, offset)),
      findEnquiry: (kind, id) => read((handle) => enquiries.findEnquiry(handle, kind, id)),
      findEnquiryMedia: (ids) => read((handle) => enquiries.findEnquiryMedia(handle, ids)),
    },
    stats: {
      addClicks: (day, counts) => write((handle) => stats.addClicks(handle, day, counts)),
      findListingStats: (listing, from, to) => read((handle) => stats.findListingStats(handle, listing, from, to)),
    },
    users: {
      findUser: (id) => read((handle) => users.findUser(handle, id)),
      findCredentials: (by) => read((handle) => users.findCredentials(handle, by)),
      createUser: (user) => write((handle) => users.createUser(handle, user)),
      setPassword: (userId, hash, keep) => write((handle) => users.setPassword(handle, userId, hash, keep)),
      addRole: (userId, role, phone) => write((handle) => users.addRole(handle, userId, role, phone)),
      removeRole: (userId, role) => write((handle) => users.removeRole(handle, userId, role)),
      findIdentity: (provider, subject) => read((handle) => users.findIdentity(handle, provider, subject)),
      linkIdentity: (userId, identity) => write((handle) => users.linkIdentity(handle, userId, identity)),
      updateProfile: (userId, changes) => write((handle) => settings.updateProfile(handle, userId, changes)),
      updateResume: (userId, resume) => write((handle) => settings.updateResume(handle, userId, resume)),
      setPhoto: (userId, mediaId) => write((handle) => settings.setPhoto(handle, userId, mediaId)),
      setCv: (userId, documentId) => write((handle) => settings.setCv(handle, userId, documentId)),
      setPendingDelete: (userId, keep, at) => write((handle) => settings.setPendingDelete(handle, userId, keep, at)),
      findUsersToDelete: (before) => read((handle) => settings.findUsersToDelete(handle, before)),
      deleteUser: (userId) => write((handle) => settings.deleteUser(handle, userId)),
      anonymiseReviewsBy: (userId) => write((handle) => settings.anonymiseReviewsBy(handle, userId)),
    },
    auth: {
      createSession: (session, replacing) => write((handle) => auth.createSession(handle, session, replacing)),
      findSession: (id) => read((handle) => auth.findSession(handle, id)),
      touchSession: (id, at) => write((handle) => auth.touchSession(handle, id, at)),
      deleteSession: (id) => write((handle) => auth.deleteSession(handle, id)),
      deleteUserSessions: (userId, exceptId) => write((handle) => auth.deleteUserSessions(handle, userId, exceptId)),
      insertChallenge: (challenge) => write((handle) => auth.insertChallenge(handle, challenge)),
      findChallenge: (id) => read((handle) => auth.findChallenge(handle, id)),
      deleteChallenge: (id) => write((handle) => auth.deleteChallenge(handle, id)),
      insertCode: (code) => write((handle) => auth.insertCode(handle, code)),
      findLatestCode: (purpose, address, challengeId) => read((handle) => auth.findLatestCode(handle, purpose, address, challengeId)),
      findCodeSendTimes: (purpose, address, since) => read((handle) => auth.findCodeSendTimes(handle, purpose, address, since)),
      recordWrongCode: (id) => write((handle) => auth.recordWrongCode(handle, id)),
      useCode: (id) => write((handle) => auth.useCode(handle, id)),
      logAttempt: (attempt) => write((handle) => auth.logAttempt(handle, attempt)),
      forgetSignIns: (userId, addresses) => write((handle) => settings.forgetSignIns(handle, userId, addresses)),
      removeExpired: (now, idleSince, before) => write((handle) => auth.removeExpired(handle, now, idleSince, before)),
    },
    counters: {
      consume: (key, points, windowMs, now) => write((handle) => counters.consume(handle, key, points, windowMs, now)),
      refund: (key, points, now) => write((handle) => counters.refund(handle, key, points, now)),
      block: (key, until) => write((handle) => counters.block(handle, key, until)),
      find: (key, now) => read((handle) => counters.findCounter(handle, key, now)),
      delete: (key) => write((handle) => counters.deleteCounter(handle, key)),
      removeExpired: (now) => write((handle) => counters.removeExpiredCounters(handle, now)),
    },
    maintenance: {
      expirePosts: () => write((handle) => expirePosts(handle)),
      async rebuildSearchIndex() {
        const { low, high } = await read((handle) => postIdBounds(handle));
        // Batch by batch, each its own write: the site's writes slip in between.
        for (let from = low; from <= high; from += REBUILD_BATCH) await write((handle) => reindexPostRange(handle, from, from + REBUILD_BATCH));
        await write((handle) => finishRebuild(handle));
        await write((handle) => handle.exec('ANALYZE search_posts'));
      },
      pendingMigrations: () => read((handle) => pendingMigrations(handle)),
      appSecret: (name, fresh) => write((handle) => counters.appSecret(handle, name, fresh)),
    },
    jobs: {
      enqueue: (job) => queryWrite((db) => jobs.enqueueJob(db, job, now())),
      claim: (owner, options) => queryWrite((db) => jobs.claimJobs(db, owner, options, now())),
      complete: (id, owner) => queryWrite((db) => jobs.completeJob(db, id, owner, now())),
      fail: (id, owner, error, retryAt) => queryWrite((db) => jobs.failJob(db, id, owner, error, retryAt, now())),
      release: (id, owner) => queryWrite((db) => jobs.releaseJob(db, id, owner)),
      ensureSchedule: (kind, everyMs) => queryWrite((db) => jobs.ensureSchedule(db, kind, everyMs, now())),
      fireSchedules: () => queryWrite((db) => jobs.fireSchedules(db, now())),
      makeDue: (kind) => queryWrite((db) => jobs.makeDue(db, kind, now())),
      find: (options) => queryRead((db) => jobs.findJobs(db, options)),
      count: () => queryRead((db) => jobs.countJobs(db)),
      removeFinished: (before) => queryWrite((db) => jobs.removeFinishedJobs(db, before)),
    },
    cache: {
      latestInvalidation: () => queryRead((db) => cache.latestInvalidation(db)),
      oldestInvalidation: () => queryRead((db) => cache.oldestInvalidation(db)),
      invalidationsSince: (afterId, limit) => queryRead((db) => cache.invalidationsSince(db, afterId, limit)),
      invalidate: (tags) => queryWrite((db) => cache.invalidate(db, tags, now())),
      pruneInvalidations: (keep) => queryWrite((db) => cache.pruneInvalidations(db, keep)),
    },
    outbox: {
      insert: (message) => queryWrite((db) => outbox.insertMessage(db, message, now())),
      find: (id) => queryRead((db) => outbox.findMessage(db, id)),
      markSent: (id) => queryWrite((db) => outbox.markSent(db, id, now())),
    },
  };
}

/** The repositories inside one transaction on the write connection: reads see its writes; `check` refuses them once it ended. */
function transactionRepositories(handle: Db, check: () => void, reader: Db, now: () => string): Repositories {
  const inside = async <T>(work: (db: Db) => T): Promise<T> => {
    check();
    return work(handle);
  };
  // Its own query layer, checking before every statement: work that outlived the transaction never writes into the next one.
  const layer = sqliteKysely<Tables>(handle, check);
  const insideQuery = async <T>(work: (db: Kysely<Tables>) => Promise<T>): Promise<T> => work(layer);
  const tx: Repositories = {
    ...bindRepositories({ read: inside, write: inside, queryRead: insideQuery, queryWrite: insideQuery, now }, reader),
    // A transaction inside a transaction joins it.
    transaction: (work) => work(tx),
    close: () => Promise.reject(new Error('The repositories of a transaction are not closed: close the app’s.')),
  };
  return tx;
}

/**
 * Repositories over open handles: reads on `reader` (the serving connection), writes through one Writer on
 * `writeDb` (a dedicated write connection; the same handle for a read-only worker, which never writes).
 */
export function sqliteRepositories(reader: Db, writeDb: Db = reader, options: { transactionLimitMs?: number; clock?: Clock } = {}): Repositories & { writer: Writer } {
  const writer = new Writer(writeDb, options);
  const handles = writeDb === reader ? [reader] : [reader, writeDb];
  const clock = options.clock ?? systemClock;
  const now = () => new Date(clock.now()).toISOString();
  return {
    writer,
    ...bindRepositories({
      read: async (work) => work(reader),
      write: (work) => writer.write(work),
      queryRead: (work) => work(queryLayer(reader)),
      // A write through the query layer awaits between its statements: it runs as a transaction of the Writer's.
      queryWrite: (work) => writer.transaction((handle, check) => work(sqliteKysely<Tables>(handle, check))),
      now,
    }, reader),
    transaction: (work) => writer.transaction((handle, check) => work(transactionRepositories(handle, check, reader, now))),
    async close() {
      await writer.drain();
      for (const handle of handles) if (handle.isOpen) handle.close();
    },
  };
}

/**
 * The serving repositories on the file at `path`: a serving connection for reads and a write connection, both with
 * a short busy timeout, since writes retry asynchronously.
 */
export function openSqliteRepositories(path: string, clock: Clock) {
  const open = () => openDatabase(path, { busyTimeoutMs: SERVING_BUSY_TIMEOUT_MS, clock });
  return sqliteRepositories(open(), open(), { clock });
}

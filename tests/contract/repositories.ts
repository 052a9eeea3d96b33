/**
 * The repository contract: the behaviour every backend's repositories must have, edge cases included
 * (uniqueness, cascades, ordering, pagination, empty answers, atomic counting). It speaks only the data
 * seam (`Repositories`), never SQL, and is given a backend by its runner (tests/unit/repositories-contract.test.ts):
 * SQLite, and PostgreSQL in npm test's second leg (TEST_DATABASE=postgres).
 */
import { describeSavedSearchContract } from './saved-searches.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../src/server/clock.ts';
import { ConflictError } from '../../src/server/db/errors.ts';
import type { Repositories } from '../../src/server/db/repositories.ts';
import type { ListingRef, NewInvoice } from '../../src/server/db/rows.ts';
import { invoiceNumber, priceLines } from '../../src/shared/billing.ts';
import type { ListingType } from '../../src/shared/constants.ts';
import { saveReview } from '../../src/server/engagement/reviews.ts';
import { ratingChanged } from '../../src/server/changes.ts';

/** A backend under test: its repositories on a fresh copy of the seeded test catalogue. */
export interface ContractBackend {
  repos: Repositories;
  close(): Promise<void>;
}

const HOUR = 60 * 60_000;
let unique = 0;
const next = () => `${Date.now().toString(36)}-${++unique}`;

/** Runs the contract on the backend `open` gives, whose repositories take their time from `clock`. */
export function describeRepositoryContract(backendName: string, open: (clock: TestClock) => Promise<ContractBackend>): void {
  describe(`repository contract on ${backendName}`, () => {
    let backend: ContractBackend;
    let repos: Repositories;
    const clock = new TestClock();
    beforeAll(async () => {
      backend = await open(clock);
      repos = backend.repos;
    });
    afterAll(async () => {
      await backend?.close();
    });

    /** Live posts of a type, found through the sitemap's listing of them (a seeded catalogue has plenty). */
    async function livePosts(type: ListingType, count: number, offset = 0): Promise<ListingRef[]> {
      const ids: ListingRef[] = [];
      for await (const batch of repos.sitemap.postUrlBatches(type, count, offset)) {
        for (const { slug } of batch) ids.push({ type, id: (await repos.catalog.findPostIdBySlug(slug))! });
      }
      return ids;
    }

    async function newUser(name = 'Contract Person'): Promise<number> {
      return repos.users.createUser({ name, email: `contract-${next()}@example.my`, phone_number: null, phone_number_country: null, password_hash: 'x' });
    }

    async function newImage(owner: string): Promise<{ mediaId: number; full: string }> {
      const base = `uploads/contract/${next()}`;
      const mediaId = await repos.uploads.insertImage(owner, {
        mime_type: 'image/jpeg', thumbnail: `${base}-thumb.jpg`, full: `${base}-full.jpg`, thumbnail_webp: `${base}-thumb.webp`, full_webp: `${base}-full.webp`, width: 10, height: 10,
      });
      return { mediaId, full: `${base}-full.jpg` };
    }

    describe('users', () => {
      it('creates a user, finds it and its credentials, and answers a taken e-mail with a ConflictError', async () => {
        const email = `contract-${next()}@example.my`;
        const id = await repos.users.createUser({ name: 'Aminah', email, phone_number: null, phone_number_country: null, password_hash: 'hash' });
        expect(await repos.users.findUser(id)).toMatchObject({ id, name: 'Aminah', email, roles: [], pending_delete: false, has_password: true });
        expect(await repos.users.findCredentials({ email })).toMatchObject({ id, password_hash: 'hash' });
        expect(await repos.users.findCredentials({ email: `nobody-${next()}@example.my` })).toBeUndefined();
        const again = await repos.users.createUser({ name: 'Copy', email, phone_number: null, phone_number_country: null, password_hash: null }).catch((error: unknown) => error);
        expect(again).toBeInstanceOf(ConflictError);
        expect(await repos.users.findUser(999_999_999)).toBeUndefined();
      });

      it('adds a role once, with the phone number becoming an advertiser needs', async () => {
        const id = await newUser();
        const phone = `6012${String(Date.now()).slice(-7)}`;
        await repos.users.addRole(id, 'advertiser', { phone_number: phone, phone_number_country: '60' });
        await repos.users.addRole(id, 'advertiser');
        expect(await repos.users.findUser(id)).toMatchObject({ roles: ['advertiser'], phone_number: phone });
      });

      it('lists accounts marked for deletion before a time, and erases one with its sessions', async () => {
        const id = await newUser();
        await repos.auth.createSession(session(id));
        await repos.users.setPendingDelete(id, null, '2020-01-01T00:00:00.000Z');
        expect(await repos.users.findUsersToDelete('2020-01-02T00:00:00.000Z')).toContain(id);
        expect(await repos.users.findUsersToDelete('2019-12-31T00:00:00.000Z')).not.toContain(id);
        await repos.users.deleteUser(id);
        expect(await repos.users.findUser(id)).toBeUndefined();
        expect(await repos.users.findUsersToDelete('2020-01-02T00:00:00.000Z')).not.toContain(id);
      });
    });

    function session(userId: number, created = new Date()) {
      return {
        id: `s-${next()}`, user_id: userId, csrf_token: `t-${next()}`, client: 'contract', created_at: created.toISOString(),
        last_seen_at: created.toISOString(), expires_at: new Date(created.getTime() + 90 * 24 * HOUR).toISOString(),
      };
    }

    describe('sessions, challenges and codes', () => {
      it('rotates a session (the replaced one is gone) and ends every session of a user but one', async () => {
        const userId = await newUser();
        const first = session(userId);
        await repos.auth.createSession(first);
        const second = session(userId);
        await repos.auth.createSession(second, first.id);
        expect(await repos.auth.findSession(first.id)).toBeUndefined();
        expect(await repos.auth.findSession(second.id)).toMatchObject({ user_id: userId, csrf_token: second.csrf_token });
        const third = session(userId);
        await repos.auth.createSession(third);
        await repos.auth.deleteUserSessions(userId, third.id);
        expect([await repos.auth.findSession(second.id), (await repos.auth.findSession(third.id))?.id]).toEqual([undefined, third.id]);
      });

      it('keeps the newest code of an address, counts wrong tries, and uses a code once', async () => {
        const address = `code-${next()}@example.my`;
        const expiresAt = new Date(Date.now() + 10 * 60_000).toISOString();
        await repos.auth.insertCode({ purpose: 'register', address, challengeId: null, userId: null, codeHash: 'old', createdAt: new Date(Date.now() - 1000).toISOString(), expiresAt });
        await repos.auth.insertCode({ purpose: 'register', address, challengeId: null, userId: null, codeHash: 'new', createdAt: new Date().toISOString(), expiresAt });
        const latest = (await repos.auth.findLatestCode('register', address))!;
        expect(latest).toMatchObject({ code_hash: 'new', failed_attempts: 0, used_at: null });
        expect(await repos.auth.findLatestCode('reset', address)).toBeUndefined();
        expect(await repos.auth.recordWrongCode(latest.id)).toBe(1);
        expect(await repos.auth.recordWrongCode(latest.id)).toBe(2);
        // Either may commit first on a server database: exactly one of the two uses the code.
        expect((await Promise.all([repos.auth.useCode(latest.id), repos.auth.useCode(latest.id)])).sort()).toEqual([false, true]);
        const sent = await repos.auth.findCodeSendTimes('register', address, new Date(Date.now() - HOUR).toISOString());
        expect(sent).toHaveLength(2);
        expect(sent[0]! >= sent[1]!).toBe(true);
      });

      it('stores, finds and deletes a sign-in challenge', async () => {
        const userId = await newUser();
        const challenge = { id: `c-${next()}`, user_id: userId, channel: 'email' as const, expires_at: new Date(Date.now() + 60_000).toISOString() };
        await repos.auth.insertChallenge(challenge);
        expect(await repos.auth.findChallenge(challenge.id)).toMatchObject(challenge);
        await repos.auth.deleteChallenge(challenge.id);
        expect(await repos.auth.findChallenge(challenge.id)).toBeUndefined();
      });
    });

    describe('counters', () => {
      it('count points in a window, atomically under parallel use, and start a new window when it ends', async () => {
        const key = `contract|${next()}`;
        const now = Date.parse('2026-11-24T00:00:00Z');
        const states = await Promise.all(Array.from({ length: 40 }, () => repos.counters.consume(key, 1, HOUR, now)));
        expect(states.map((state) => state.points).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
        expect(await repos.counters.find(key, now)).toMatchObject({ points: 40, resetAt: now + HOUR, blockedUntil: null });
        expect((await repos.counters.consume(key, 1, HOUR, now + HOUR)).points).toBe(1);
      });

      it('give points back (never below zero), block a key (counting nothing meanwhile), and sweep ended counters', async () => {
        const key = `contract|${next()}`;
        const now = Date.parse('2026-11-24T00:00:00Z');
        await repos.counters.consume(key, 2, HOUR, now);
        await repos.counters.refund(key, 5, now);
        expect((await repos.counters.find(key, now))!.points).toBe(0);
        await repos.counters.block(key, now + 15 * 60_000);
        expect(await repos.counters.consume(key, 1, HOUR, now + 60_000)).toMatchObject({ points: 0, blockedUntil: now + 15 * 60_000 });
        expect((await repos.counters.consume(key, 1, HOUR, now + 16 * 60_000)).points).toBe(1);
        await repos.counters.delete(key);
        expect(await repos.counters.find(key, now)).toBeUndefined();
        const ended = `contract|${next()}`;
        await repos.counters.consume(ended, 1, 1000, now);
        expect(await repos.counters.removeExpired(now + 2000)).toBeGreaterThanOrEqual(1);
        expect(await repos.counters.find(ended, now)).toBeUndefined();
      });
    });

    describe('follows', () => {
      it('toggle a follow, answer whether one is followed, and page a user’s follows newest first', async () => {
        const userId = await newUser();
        expect(await repos.follows.findFollows(userId, 10, 0)).toEqual([]);
        const posts = await livePosts('services', 3);
        for (const post of posts) expect(await repos.follows.toggleFollow(userId, post)).toBe(true);
        expect(await repos.follows.isFollowing(userId, posts[0]!)).toBe(true);
        const all = await repos.follows.findFollows(userId, 10, 0);
        expect(all.map((row) => row.id)).toHaveLength(3);
        expect((await repos.follows.findFollows(userId, 2, 0)).length).toBe(2);
        expect((await repos.follows.findFollows(userId, 2, 2)).map((row) => row.id)).toEqual([all[2]!.id]);
        expect(await repos.follows.toggleFollow(userId, posts[0]!)).toBe(false);
        expect(await repos.follows.isFollowing(userId, posts[0]!)).toBe(false);
      });
    });

    describe('uploads', () => {
      it('find uploaded images in the order asked, with who sent them and the review that uses one', async () => {
        const owner = await newUser();
        const [a, b] = [await newImage(`user:${owner}`), await newImage(`user:${owner}`)];
        const visitors = await newImage('client:203.0.113.7');
        const found = await repos.uploads.findUploadedImages([b.full, a.full, visitors.full, 'uploads/no-such-file.jpg']);
        expect(found.map((image) => [image.id, image.owner_user_id, image.attached, image.review])).toEqual([
          [b.mediaId, owner, false, null], [a.mediaId, owner, false, null], [visitors.mediaId, null, false, null],
        ]);
        const [post] = await livePosts('services', 1, 6);
        await saveReview(repos, { listing: post!, userId: owner, reviewerName: 'Owner', rating: 4, content: 'With a photo.', mediaIds: [a.mediaId] });
        const [onReview] = await repos.uploads.findUploadedImages([a.full]);
        expect(onReview).toMatchObject({ attached: true, review: { user_id: owner, listing: { type: 'services', id: post!.id } } });
        expect(await repos.uploads.findUploadedImages([])).toEqual([]);
      });

      it('sweep stale uploads rows first, keeping one a review references, and mark images a review saves as used', async () => {
        const [post] = await livePosts('services', 1, 5);
        const used = await newImage('user:contract-b');
        const spare = await newImage('user:contract-b');
        await saveReview(repos, { listing: post!, userId: null, reviewerName: 'Contract', rating: 5, content: 'Fine.', mediaIds: [used.mediaId] });
        // The review marked its image used: only the spare one is stale now.
        const stale = await repos.uploads.findStaleUploads(new Date(Date.now() + HOUR).toISOString());
        const ours = stale.filter((upload) => upload.files.some((file) => file === used.full || file === spare.full));
        expect(ours).toHaveLength(1);
        expect(ours[0]!.files).toContain(spare.full);
        const { deleted, kept } = await repos.uploads.deleteUploads(ours.map((upload) => upload.id));
        expect([deleted.length, kept]).toEqual([1, []]);
        expect(await repos.uploads.findUploadedImages([spare.full])).toEqual([]);
      });
    });

    describe('reviews, contact messages and reports', () => {
      it('keep one review when one person sends theirs twice at once', async () => {
        const userId = await newUser('Twice');
        const [post] = await livePosts('services', 1, 40);
        const send = (content: string) => repos.transaction((tx) => tx.engagement.upsertReview({ listing: post!, userId, reviewerName: 'Twice', rating: 4, content }));
        const ids = await Promise.all([send('First.'), send('Second.')]);
        expect(ids[0]).toBe(ids[1]);
      });

      it('reindex listings of one category and state at once, every change committed (summaries recounted without a clash)', async () => {
        const rows = await repos.catalog.findPostRows((await livePosts('services', 200)).map((post) => post.id));
        const categories = await repos.catalog.findPostCategories(rows.map((row) => row.id));
        const locations = await repos.catalog.findPostLocations(rows.map((row) => row.id));
        const keyOf = (id: number) => `${categories.find((row) => row.owner_id === id)?.id}/${locations.find((row) => row.owner_id === id)?.state_name}`;
        const groups = new Map<string, number[]>();
        for (const row of rows) groups.set(keyOf(row.id), [...(groups.get(keyOf(row.id)) ?? []), row.id]);
        const [, same] = [...groups].sort((a, b) => b[1].length - a[1].length)[0]!;
        expect(same.length).toBeGreaterThan(2);
        const outcomes = await Promise.allSettled(same.slice(0, 6).map((id) =>
          repos.transaction((tx) => ratingChanged(tx, { type: 'services', id }))));
        expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
      });

      it('save a review, then the same person’s edit of it (one review per person and listing), with the listing’s rating recomputed', async () => {
        const userId = await newUser();
        const [post] = await livePosts('services', 1, 9);
        const first = await saveReview(repos, { listing: post!, userId, reviewerName: 'Edit Me', rating: 1, content: 'Bad.', mediaIds: [] });
        const edited = await saveReview(repos, { listing: post!, userId, reviewerName: 'Edit Me', rating: 5, content: 'Good after all.', mediaIds: [] });
        expect(edited).toBe(first);
        const { rows, total } = await repos.catalog.findReviews(post!, 50, 0);
        expect(rows.filter((row) => row.id === first)).toHaveLength(1);
        expect(total).toBeGreaterThanOrEqual(1);
        const [row] = await repos.catalog.findPostRows([post!.id]);
        expect(row!.rating_count).toBe(total);
      });

      it('store a contact message and a report, answering their ids', async () => {
        const [post] = await livePosts('buysell', 1);
        expect(await repos.engagement.insertContactMessage({ name: 'A', email: null, phone_number: '0123456789', message: 'Hello', client_hash: 'c' })).toBeGreaterThan(0);
        expect(await repos.engagement.insertReport({ listing: post!, reason: 'SCAM', description: 'Too cheap.', client_hash: 'c', user_id: null })).toBeGreaterThan(0);
      });
    });

    describe('click counters', () => {
      it('add clicks to a day, drop unknown listings, and read a range oldest first (empty when none)', async () => {
        const [post] = await livePosts('jobs', 1, 3);
        await repos.stats.addClicks('2026-11-01', [{ listing: post!, action: 'call', count: 2 }, { listing: { type: 'jobs', id: 999_999_999 }, action: 'call', count: 1 }]);
        await repos.stats.addClicks('2026-11-02', [{ listing: post!, action: 'call', count: 1 }]);
        await repos.stats.addClicks('2026-11-01', [{ listing: post!, action: 'call', count: 3 }]);
        expect(await repos.stats.findListingStats(post!, '2026-11-01', '2026-11-30')).toEqual([
          { day: '2026-11-01', action: 'call', count: 5 }, { day: '2026-11-02', action: 'call', count: 1 },
        ]);
        expect(await repos.stats.findListingStats(post!, '2025-01-01', '2025-01-31')).toEqual([]);
        expect(await repos.stats.findListingStats({ type: 'jobs', id: 999_999_999 }, '2026-11-01', '2026-11-30')).toEqual([]);
      });
    });

    describe('enquiries', () => {
      it('store one with its images, say whether a user enquired about a listing since a time, and show it only to its sender, newest first', async () => {
        const sender = await newUser();
        const stranger = await newUser();
        const [post] = await livePosts('services', 1, 12);
        const target = (await repos.enquiries.findEnquiryTarget(post!))!;
        expect(target).toMatchObject({ type: 'services', id: post!.id });
        const sentAt = Date.parse('2026-11-24T08:00:00Z');
        const image = await newImage(`user:${sender}`);
        const input = {
          kind: 'services' as const, userId: sender, listing: post!, listingTitle: target.title, name: 'Sender', phone_number: '+60 12-345 6789',
          email: null, contact_method: 'call', details: { description: 'Hi' }, mediaIds: [image.mediaId], documentId: null, notified: null, ownerUserId: null,
          createdAt: new Date(sentAt).toISOString(),
        };
        const id = await repos.enquiries.insertEnquiry(input);
        expect(id).toBeGreaterThan(0);
        expect(await repos.enquiries.hasEnquiredSince(sender, post!, new Date(sentAt - 60_000).toISOString())).toBe(true);
        expect(await repos.enquiries.hasEnquiredSince(sender, post!, new Date(sentAt).toISOString())).toBe(false);
        expect(await repos.enquiries.hasEnquiredSince(stranger, post!, '2000-01-01T00:00:00.000Z')).toBe(false);
        const later = await repos.enquiries.insertEnquiry({ ...input, mediaIds: [], createdAt: new Date(sentAt + 11 * 60_000).toISOString() });
        expect((await repos.enquiries.findEnquiries(sender, 'services', 10, 0)).map((row) => row.id)).toEqual([later, id]);
        expect((await repos.enquiries.findEnquiries(sender, 'services', 1, 1)).map((row) => row.id)).toEqual([id]);
        expect((await repos.enquiries.findEnquiryMedia([id, later])).map((row) => [row.enquiry_id, row.full])).toEqual([[id, image.full]]);
        expect(await repos.enquiries.findEnquiry('services', id)).toMatchObject({ id, user_id: sender });
        expect(await repos.enquiries.findEnquiry('jobs', id)).toBeUndefined();
        expect(await repos.enquiries.findEnquiries(stranger, 'services', 10, 0)).toEqual([]);
        expect(await repos.enquiries.findEnquiryTarget({ type: 'services', id: 999_999_999 })).toBeUndefined();
      });
    });

    describe('the catalogue', () => {
      it('answers posts in the order asked, skipping unknown ids, with real booleans', async () => {
        const ids = (await livePosts('jobs', 3)).map((post) => post.id);
        const rows = await repos.catalog.findPostRows([ids[2]!, 999_999_999, ids[0]!]);
        expect(rows.map((row) => row.id)).toEqual([ids[2], ids[0]]);
        for (const row of rows) {
          expect(typeof row.live).toBe('boolean');
          expect(typeof row.profile_claimed).toBe('boolean');
          expect(typeof row.job_confidential).toBe('boolean');
        }
        expect(await repos.catalog.findPostRows([])).toEqual([]);
      });

      it('lists categories parents first, and knows which listings exist', async () => {
        const tree = await repos.catalog.findCategoryTree();
        const seen = new Set<number>();
        for (const category of tree) {
          if (category.parent_id !== null) expect(seen.has(category.parent_id)).toBe(true);
          expect(typeof category.education).toBe('boolean');
          seen.add(category.id);
        }
        const [post] = await livePosts('hireme', 1);
        expect(await repos.catalog.listingExists(post!)).toBe(true);
        expect(await repos.catalog.listingExists({ type: 'hireme', id: 999_999_999 })).toBe(false);
        expect(await repos.catalog.findProfileBySlug(`no-such-profile-${next()}`)).toBeUndefined();
        expect(await repos.catalog.findPostIdBySlug(`no-such-post-${next()}`)).toBeUndefined();
      });

      it('ranks a category by plan, then rating, a main category including its sub categories', async () => {
        const PLAN_WEIGHT = { GOLD: 3, SILVER: 2, BRONZE: 1, FREE: 0 } as const;
        const [category] = await repos.catalog.findHomeCategories();
        const ids = await repos.catalog.findTopPostIdsInCategory(category!.id, 12);
        expect(ids.length).toBeGreaterThan(0);
        const keys = (await repos.catalog.findPostRows(ids)).map((row) => [PLAN_WEIGHT[row.plan], row.rating] as const);
        expect(keys).toEqual([...keys].sort((a, b) => b[0] - a[0] || b[1] - a[1]));
        const parentId = (await repos.catalog.findCategoryTree()).find((row) => row.id === category!.id)!.parent_id;
        expect(parentId).not.toBeNull();
        expect(await repos.catalog.findTopPostIdsInCategory(parentId!, 500))
          .toEqual(expect.arrayContaining(await repos.catalog.findTopPostIdsInCategory(category!.id, 500)));
      });

      it("lists a profile's live posts of one type newest first, and a post's locations with their town and state", async () => {
        const posts = await repos.catalog.findPostRows((await livePosts('services', 40)).map((post) => post.id));
        const counts = new Map<number, number>();
        for (const post of posts) counts.set(post.profile_id, (counts.get(post.profile_id) ?? 0) + 1);
        const profileId = [...counts].find(([, n]) => n > 1)?.[0] ?? posts[0]!.profile_id;
        const rows = await repos.catalog.findPostRows(await repos.catalog.findPostIdsByProfile(profileId, 'services', 50));
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.every((post) => post.type === 'services' && post.profile_id === profileId && post.live)).toBe(true);
        const published = rows.map((post) => post.published_at);
        expect(published).toEqual([...published].sort().reverse());
        const [location] = await repos.catalog.findPostLocations([posts[0]!.id]);
        expect(location).toMatchObject({ owner_id: posts[0]!.id, city_name: expect.any(String), state_name: expect.any(String) });
        expect(await repos.catalog.findPostLocations([])).toEqual([]);
      });

      it('finds a business profile with its logo, locations and opening hours', async () => {
        let profile;
        for await (const batch of repos.sitemap.profileUrlBatches(50, 0)) {
          for (const { slug } of batch) {
            const found = await repos.catalog.findProfileBySlug(slug);
            if (found?.kind === 'business' && found.logo_full) profile ??= found;
          }
        }
        expect(profile).toBeDefined();
        expect(typeof profile!.claimed).toBe('boolean');
        expect((await repos.catalog.findProfileLocations(profile!.id)).length).toBeGreaterThan(0);
        expect((await repos.catalog.findBusinessHours(profile!.id)).every((hours) => hours.day >= 0 && hours.day <= 6)).toBe(true);
      });

      it('answers featured posts that are live only', async () => {
        const ids = await repos.catalog.findFeaturedPostIds('home');
        expect(ids.length).toBeGreaterThan(0);
        expect((await repos.catalog.findPostRows(ids)).every((post) => post.live)).toBe(true);
      });

      it('counts as numbers (a driver may answer 64-bit counts as text)', async () => {
        const count = await repos.sitemap.countPosts('services');
        expect(typeof count).toBe('number');
        expect(count).toBeGreaterThan(0);
        expect(typeof (await repos.sitemap.countProfiles())).toBe('number');
        const [post] = await livePosts('services', 1);
        expect(typeof (await repos.catalog.findReviews(post!, 5, 0)).total).toBe('number');
      });

      it('finds places by a prefix of a word in their name, whatever its case (LIKE ignores case on one backend only)', async () => {
        const [state] = await repos.catalog.findStates();
        const word = state!.name.split(' ').at(-1)!;
        const lower = await repos.suggestions.findPlacesByPrefix(word.slice(0, 3).toLowerCase(), 10);
        expect(lower.map((place) => place.name)).toContain(state!.name);
        expect(await repos.suggestions.findPlacesByPrefix(word.slice(0, 3).toUpperCase(), 10)).toEqual(lower);
        expect(lower[0]!.kind).toBe('state');
        expect(typeof lower[0]!.latitude).toBe('number');
        expect(await repos.suggestions.findPlacesByPrefix('%', 10)).toEqual([]);
      });
    });

    describe('maintenance', () => {
      it('is migrated, and keeps the first value of an app secret for every later caller', async () => {
        expect(await repos.maintenance.pendingMigrations()).toEqual([]);
        const name = `contract-${next()}`;
        expect(await repos.maintenance.appSecret(name, 'first')).toBe('first');
        expect(await repos.maintenance.appSecret(name, 'second')).toBe('first');
      });
    });

    describe('transactions', () => {
      const person = (email: string) => ({ name: 'Tx Person', email, phone_number: null, phone_number_country: null, password_hash: null });

      it('commit what the work did; its reads see its own writes, nobody else sees them before the commit', async () => {
        const email = `contract-${next()}@example.my`;
        let inside: unknown;
        let outside: unknown = 'not read';
        const id = await repos.transaction(async (tx) => {
          const created = await tx.users.createUser(person(email));
          await tx.users.addRole(created, 'advertiser');
          inside = await tx.users.findUser(created);
          outside = await repos.users.findCredentials({ email });
          return created;
        });
        expect(inside).toMatchObject({ id, roles: ['advertiser'] });
        expect(outside).toBeUndefined();
        expect(await repos.users.findUser(id)).toMatchObject({ id, email, roles: ['advertiser'] });
      });

      it('roll back everything when the work throws, and pass the error on', async () => {
        const email = `contract-${next()}@example.my`;
        const failure = new Error('a later step failed');
        await expect(repos.transaction(async (tx) => {
          await tx.users.createUser(person(email));
          throw failure;
        })).rejects.toBe(failure);
        expect(await repos.users.findCredentials({ email })).toBeUndefined();
        // A uniqueness failure inside is a ConflictError, and undoes the steps before it.
        const taken = `contract-${next()}@example.my`;
        await repos.users.createUser(person(taken));
        const other = `contract-${next()}@example.my`;
        const conflict = await repos.transaction(async (tx) => {
          await tx.users.createUser(person(other));
          await tx.users.createUser(person(taken));
        }).catch((error: unknown) => error);
        expect(conflict).toBeInstanceOf(ConflictError);
        expect(await repos.users.findCredentials({ email: other })).toBeUndefined();
      });

      it('keep their work apart: none sees another’s writes before it commits, and of two taking one e-mail one wins', async () => {
        const email = `contract-${next()}@example.my`;
        const raced = `contract-${next()}@example.my`;
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        let created!: () => void;
        const written = new Promise<void>((resolve) => (created = resolve));
        const first = repos.transaction(async (tx) => {
          await tx.users.createUser(person(email));
          created();
          await held;
        });
        await written;
        // Outside the first transaction, its user does not exist yet.
        expect(await repos.users.findCredentials({ email })).toBeUndefined();
        release();
        await first;
        expect(await repos.users.findCredentials({ email })).toBeDefined();
        const outcomes = await Promise.allSettled([
          repos.transaction((tx) => tx.users.createUser(person(raced))),
          repos.transaction((tx) => tx.users.createUser(person(raced))),
        ]);
        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        const refused = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
        expect(refused.reason).toBeInstanceOf(ConflictError);
      });

      it('join the outer one when nested', async () => {
        const email = `contract-${next()}@example.my`;
        await expect(repos.transaction(async (outer) => {
          await outer.transaction(async (inner) => {
            await inner.users.createUser(person(email));
          });
          expect(await outer.users.findCredentials({ email })).toBeDefined();
          throw new Error('the outer one fails');
        })).rejects.toThrow('the outer one fails');
        expect(await repos.users.findCredentials({ email })).toBeUndefined();
      });
    });

    describe('the invalidation log', () => {
      it('keeps tags in order for every reader, names what a change to a listing touched, and prunes the oldest', async () => {
        const start = await repos.cache.latestInvalidation();
        await repos.cache.invalidate(['post:1', 'list:jobs', 'post:1']);
        const logged = await repos.cache.invalidationsSince(start, 100);
        expect(logged.map((entry) => entry.tag)).toEqual(['post:1', 'list:jobs']);
        expect(logged[1]!.id).toBeGreaterThan(logged[0]!.id);
        expect(await repos.cache.invalidationsSince(logged[1]!.id, 100)).toEqual([]);
        const [post] = await livePosts('buysell', 1, 30);
        const [row] = await repos.catalog.findPostRows([post!.id]);
        const mark = await repos.cache.latestInvalidation();
        await saveReview(repos, { listing: post!, userId: await newUser(), reviewerName: 'Tags', rating: 3, content: 'Fine.', mediaIds: [] });
        expect((await repos.cache.invalidationsSince(mark, 100)).map((entry) => entry.tag)).toEqual(expect.arrayContaining([
          `post:${post!.id}`, `profile:${row!.profile_id}`, 'list:buysell', 'list:all', `path:/buysell/${row!.slug}`, 'sitemap:posts-buysell',
          expect.stringMatching(/^location:buysell\/[a-z ]+$/), expect.stringMatching(/^category:buysell\/[a-z0-9-]+$/),
        ]));
        const latest = await repos.cache.latestInvalidation();
        expect(await repos.cache.pruneInvalidations(2)).toBeGreaterThan(0);
        expect(await repos.cache.oldestInvalidation()).toBe(latest - 1);
      });
    });

    describe('the advertiser side (issue 25)', () => {
      async function newBusiness(ownerUserId: number) {
        const slug = await repos.advertiser.freeSlug('profiles', `contract-shop-${next()}`);
        return repos.advertiser.createProfile({ kind: 'business', name: 'Contract Shop', ownerUserId, slug });
      }

      it('gives a profile to one claimant only: a second claim, or a claim of a claimed profile, changes nothing', async () => {
        const owner = await newUser();
        const made = await newBusiness(owner);
        // A created business is its creator's, so claimed.
        expect(await repos.advertiser.findProfile(made.id)).toMatchObject({ owner_user_id: owner, claimed: true });
        const [first, second] = [await newUser(), await newUser()];
        // Find a profile nobody owns or claimed (the seeded catalogue has many).
        let free: number | undefined;
        for await (const batch of repos.sitemap.profileUrlBatches(200, 0)) {
          for (const { slug } of batch) {
            const row = await repos.catalog.findProfileBySlug(slug);
            if (row && !row.claimed && row.owner_user_id === null) { free = row.id; break; }
          }
          if (free) break;
        }
        const claims = await Promise.all([first, second].map((userId) => repos.advertiser.insertClaim({ profileId: free!, userId, method: 'sms', target: '60123456789', documentId: null })));
        const outcomes = await Promise.all([first, second].map((userId, index) => repos.advertiser.completeClaim({ id: claims[index]!, profileId: free!, userId })));
        expect(outcomes.filter(Boolean)).toHaveLength(1);
        const winner = outcomes[0] ? first : second;
        expect(await repos.advertiser.findProfile(free!)).toMatchObject({ owner_user_id: winner, claimed: true });
        expect(await repos.advertiser.findClaim(claims[outcomes[0] ? 0 : 1]!)).toMatchObject({ status: 'verified' });
        expect(await repos.advertiser.findClaim(claims[outcomes[0] ? 1 : 0]!)).toMatchObject({ status: 'pending' });
        expect((await repos.advertiser.findOwnedProfiles(winner)).map((row) => row.id)).toEqual([free]);
      });

      it('keeps one trial per business, spends tokens never below zero, and ends a plan back to FREE', async () => {
        const owner = await newUser();
        const { id } = await newBusiness(owner);
        const now = clock.now();
        const trial = { profile_id: id, plan: 'BRONZE' as const, kind: 'trial' as const, starts_at: new Date(now).toISOString(), ends_at: new Date(now + 30 * 24 * HOUR).toISOString(), tokens: 2 };
        await repos.subscriptions.insert(trial);
        expect(await repos.subscriptions.insert(trial).catch((error: unknown) => error)).toBeInstanceOf(ConflictError);
        expect(await repos.subscriptions.hasHadTrial(id)).toBe(true);
        expect(await repos.subscriptions.applyPlans([id])).toMatchObject({ profiles: [{ id, plan: 'BRONZE' }] });
        const running = (await repos.subscriptions.current(id))!;
        expect(running).toMatchObject({ plan: 'BRONZE', tokens: 2, tokens_used: 0 });
        expect(await repos.advertiser.findProfile(id)).toMatchObject({ plan: 'BRONZE' });
        const spent = await Promise.all([1, 2, 3].map(() => repos.subscriptions.spendTokens(running.id, 1)));
        expect(spent.filter(Boolean)).toHaveLength(2);
        expect((await repos.subscriptions.current(id))!.tokens_used).toBe(2);
        clock.advance(31 * 24 * HOUR);
        expect(await repos.subscriptions.current(id)).toBeUndefined();
        await repos.subscriptions.applyPlans();
        expect(await repos.advertiser.findProfile(id)).toMatchObject({ plan: 'FREE' });
      });

      it('writes a draft with its parts, publishes it once live, and counts the ads that ever went live', async () => {
        const owner = await newUser();
        const { id: profileId } = await newBusiness(owner);
        const tree = await repos.catalog.findCategoryTree();
        const category = tree.find((row) => row.type === 'services' && row.parent_id !== null)!;
        const content = {
          title: 'Contract Service', summary: 'A service.', contentLang: 'en' as const, priceMinSen: 1000, priceMaxSen: null, opSen: null, expiresAt: null,
          categoryIds: [category.id], locationIds: [], attributes: [], keywords: ['kopi', 'teh'], mediaIds: [], documentIds: [],
          details: { kind: 'services' as const, description: 'Described.' },
        };
        const slugBase = `contract-service-${next()}`;
        const made = await repos.listings.createPost({ type: 'services', profileId, ownerUserId: owner, plan: 'FREE', slug: await repos.advertiser.freeSlug('posts', slugBase), content });
        expect(await repos.advertiser.freeSlug('posts', slugBase)).toBe(`${slugBase}-2`);
        expect(await repos.listings.findPost(made.id)).toMatchObject({ status: 'draft', live: false, first_live_at: null, owner_user_id: owner, profile_owner_user_id: owner });
        expect(await repos.listings.findPostKeywords([made.id])).toEqual([{ post_id: made.id, keyword: 'kopi' }, { post_id: made.id, keyword: 'teh' }]);
        expect(await repos.listings.countAdsWentLive(owner)).toBe(0);
        const at = new Date(clock.now()).toISOString();
        // A state change is a compare-and-set: from a state the ad is not in, it changes nothing.
        expect(await repos.listings.move(made.id, { from: ['active'], status: 'expired' })).toBe(false);
        const moves = await Promise.all([1, 2].map(() => repos.listings.move(made.id, {
          from: ['draft'], status: 'active', publishedAt: at, firstLiveAt: at, expiresAt: new Date(clock.now() + 30 * 24 * HOUR).toISOString(), tokens: 1,
        })));
        expect(moves.filter(Boolean)).toHaveLength(1);
        await repos.listings.move(made.id, { from: ['active'], status: 'active', amountSen: 3000 });
        expect(await repos.listings.findPost(made.id)).toMatchObject({ status: 'active', live: true, first_live_at: at, tokens_spent: 1, amount_sen: 3000 });
        expect(await repos.listings.countAdsWentLive(owner)).toBe(1);
        expect((await repos.listings.findOwnPosts(owner, 10)).map((row) => row.id)).toEqual([made.id]);
        expect(await repos.advertiser.findTown('petaling jaya', 'SELANGOR')).toMatchObject({ city_id: expect.any(Number), state_id: expect.any(Number) });
      });
    });

    describe('leads and insights (issue 26)', () => {
      it('list an owner\'s leads with filters, thread replies, count unread, and keep the lead-mail setting and digests', async () => {
        const owner = await newUser();
        const other = await newUser();
        const sender = await newUser();
        const secondSender = await newUser();
        const [post] = await livePosts('services', 1, 31);
        const base = Date.parse('2026-11-24T02:00:00Z');
        const enquiry = (ownerUserId: number | null, at: number, name: string, from = sender) => repos.enquiries.insertEnquiry({
          kind: 'services', userId: from, listing: post!, listingTitle: 'Aircon', name, phone_number: '0123456789', email: null, contact_method: 'call',
          details: { description: 'Hi' }, mediaIds: [], documentId: null, notified: null, ownerUserId, createdAt: new Date(at).toISOString(),
        });
        const first = await enquiry(owner, base, 'First');
        const second = await enquiry(owner, base + 3_600_000, 'Second', secondSender);
        await enquiry(other, base, 'Theirs');
        await enquiry(null, base, 'Before the claim');
        expect((await repos.leads.findLeads(owner, {}, 10, 0)).map((row) => row.id)).toEqual([second, first]);
        expect((await repos.leads.findLeads(owner, { since: new Date(base + 60_000).toISOString() }, 10, 0)).map((row) => row.id)).toEqual([second]);
        expect((await repos.leads.findLeads(owner, { before: new Date(base + 60_000).toISOString(), listing: post!, kind: 'services' }, 10, 0)).map((row) => row.id)).toEqual([first]);
        expect(await repos.leads.findLeads(owner, { kind: 'jobs' }, 10, 0)).toEqual([]);
        expect(await repos.leads.countUnreadLeads(owner)).toBe(2);
        await repos.leads.setLeadStatus(first, 'archived');
        expect((await repos.leads.findLeads(owner, { status: 'archived' }, 10, 0)).map((row) => row.id)).toEqual([first]);
        expect(await repos.leads.findLead(first)).toMatchObject({ id: first, owner_user_id: owner, lead_status: 'archived', kind: 'services' });
        expect(await repos.leads.countUnreadLeads(owner)).toBe(1);

        // The thread of a lead is its conversation's written messages; who wrote last says replied or new.
        const conversation = (await repos.leads.findLead(second))!.conversation_id!;
        const message = (side: 'owner' | 'person', userId: number, text: string) => repos.messages.insertMessage({
          conversationId: conversation, side, userId, kind: 'text', text, enquiryId: null, clientId: null, rules: [],
        });
        const replied = await message('owner', owner, 'Yes');
        expect(await repos.leads.findLead(second)).toMatchObject({ lead_status: 'replied' });
        await message('person', secondSender, 'Thanks');
        expect(await repos.leads.findLead(second)).toMatchObject({ lead_status: 'new' });
        expect((await repos.leads.findEnquiryReplies([second, first])).map((row) => [row.id === replied, row.side, row.message])).toEqual([[true, 'owner', 'Yes'], [false, 'sender', 'Thanks']]);
        await repos.leads.setLeadStatus(second, 'read');
        expect(await repos.leads.findLead(second)).toMatchObject({ lead_status: 'read' });
        await repos.leads.setLeadStatus(second, 'new');
        expect(await repos.leads.findLead(second)).toMatchObject({ lead_status: 'new' });

        expect(await repos.leads.findLeadSettings(owner)).toBeUndefined();
        await repos.leads.saveLeadSettings(owner, 'daily');
        const settings = (await repos.leads.findLeadSettings(owner))!;
        expect(settings.lead_mail).toBe('daily');
        const cutoff = new Date(Date.parse(settings.digest_until) + 1000).toISOString();
        expect((await repos.leads.findDigestOwners(cutoff, 100)).map((row) => row.user_id)).toContain(owner);
        const items = await repos.leads.findDigestItems(owner, new Date(base - 1).toISOString(), new Date(clock.now() + 60_000).toISOString());
        expect(items.map((item) => [item.enquiry_id, item.message])).toEqual(expect.arrayContaining([[first, null], [second, null], [second, 'Thanks']]));
        await repos.leads.markDigested(owner, cutoff);
        expect((await repos.leads.findDigestOwners(cutoff, 100)).map((row) => row.user_id)).not.toContain(owner);
      });

      it('read an owner\'s listings and their daily counts, follows, reviews and search terms (those reaching the minimum)', async () => {
        const owner = await newUser();
        const made = await repos.advertiser.createProfile({ kind: 'business', name: 'Insight Shop', ownerUserId: owner, slug: await repos.advertiser.freeSlug('profiles', `insight-shop-${next()}`) });
        const listings = await repos.insights.findOwnedListings(owner);
        expect(listings).toEqual([{ type: 'profile', id: made.id, title: 'Insight Shop', slug: expect.any(String), profile_id: made.id }]);
        const [post] = await livePosts('jobs', 1, 33);
        await repos.insights.addImpressions('2026-11-20', [{ postId: post!.id, count: 6 }], [{ postId: post!.id, term: 'barista', count: 5 }, { postId: post!.id, term: 'chef', count: 1 }]);
        await repos.insights.addImpressions('2026-11-21', [{ postId: post!.id, count: 1 }], [{ postId: post!.id, term: 'chef', count: 1 }, { postId: 999_999_999, term: 'gone', count: 3 }]);
        await repos.stats.addClicks('2026-11-20', [{ listing: { type: 'profile', id: made.id }, action: 'call', count: 2 }]);
        await repos.stats.addClicks('2026-11-21', [{ listing: post!, action: 'call', count: 3 }]);
        const counts = await repos.insights.findDailyCounts([post!, { type: 'profile', id: made.id }], '2026-11-20', '2026-11-21');
        expect(counts.filter((row) => row.action === 'impression').map((row) => [row.day, row.count]).sort()).toEqual([['2026-11-20', 6], ['2026-11-21', 1]]);
        expect(counts.filter((row) => row.action === 'call').map((row) => [row.day, row.count]).sort()).toEqual([['2026-11-20', 2], ['2026-11-21', 3]]);
        expect(await repos.insights.findDailyCounts([{ type: 'profile', id: made.id }], '2026-11-21', '2026-11-21')).toEqual([]);
        expect(await repos.insights.findSearchTerms([post!.id], '2026-11-20', '2026-11-21', 5, 10)).toEqual([{ term: 'barista', count: 5 }]);
        expect(await repos.insights.findSearchTerms([post!.id], '2026-11-20', '2026-11-21', 2, 10)).toEqual([{ term: 'barista', count: 5 }, { term: 'chef', count: 2 }]);
        const fan = await newUser();
        await repos.follows.toggleFollow(fan, { type: 'profile', id: made.id });
        const since = new Date(clock.now() - 60_000).toISOString();
        const until = new Date(clock.now() + 60_000).toISOString();
        expect((await repos.insights.findFollowTimes([{ type: 'profile', id: made.id }], since, until)).map((row) => row.listing)).toEqual([{ type: 'profile', id: made.id }]);
        await saveReview(repos, { listing: { type: 'profile', id: made.id }, userId: fan, reviewerName: 'Fan', rating: 4, content: 'Good.', mediaIds: [] });
        expect((await repos.insights.findReviewTimes([{ type: 'profile', id: made.id }], since, until)).map((row) => row.rating)).toEqual([4]);
        expect(await repos.insights.findEnquiryTimes(owner, [{ type: 'profile', id: made.id }], since, until)).toEqual([]);
      });
    });

    describe('invoices (issue 27)', () => {
      const newInvoice = (userId: number, year: number, total = 8900): NewInvoice => {
        const priced = priceLines([{ description: 'GOLD monthly', quantity: 1, unit_sen: total }], 600);
        return {
          kind: 'invoice', correctsInvoiceId: null, userId, profileId: null, seller: { name: 'Yellow Pages Malaysia', sst_registration: 'W10-1808-32000001' },
          buyer: { name: 'Kedai Kopi' }, sstRateBp: 600, ...priced, year, dueAt: '2099-01-01T00:00:00.000Z',
        };
      };

      it('numbers invoices without gaps or duplicates per year, under concurrent issuing, and a rolled-back one gives its number back', async () => {
        const buyer = await newUser();
        const year = 3001;
        const issued = await Promise.all(Array.from({ length: 12 }, () => repos.invoices.issue(newInvoice(buyer, year))));
        expect(issued.map((invoice) => invoice.number).sort()).toEqual(Array.from({ length: 12 }, (_, index) => invoiceNumber('YP', year, index + 1)));
        await expect(repos.transaction(async (tx) => {
          await tx.invoices.issue(newInvoice(buyer, year));
          throw new Error('payment setup failed');
        })).rejects.toThrow('payment setup failed');
        expect((await repos.invoices.issue(newInvoice(buyer, year))).number).toBe(invoiceNumber('YP', year, 13));
        expect((await repos.invoices.issue(newInvoice(buyer, year + 1))).number).toBe(invoiceNumber('YP', year + 1, 1));
        // A total that is not its subtotal plus SST is refused by the database itself.
        await expect(repos.invoices.issue({ ...newInvoice(buyer, year), total_sen: 1 })).rejects.toThrow();
        expect((await repos.invoices.issue(newInvoice(buyer, year))).number).toBe(invoiceNumber('YP', year, 14));
      });

      it('reads an invoice with its lines, and a user\'s invoices newest first', async () => {
        const buyer = await newUser();
        const first = await repos.invoices.issue(newInvoice(buyer, 2026));
        clock.advance(1000);
        const second = await repos.invoices.issue(newInvoice(buyer, 2026, 89900));
        expect(await repos.invoices.find(second.id)).toMatchObject({
          number: second.number, status: 'issued', kind: 'invoice', user_id: buyer, sst_rate_bp: 600, subtotal_sen: 89900, sst_sen: 5394, total_sen: 95294,
          seller: { sst_registration: 'W10-1808-32000001' }, lines: [{ description: 'GOLD monthly', quantity: 1, unit_sen: 89900, amount_sen: 89900, sst_sen: 5394 }],
        });
        expect((await repos.invoices.findByUser(buyer, 10)).map((invoice) => invoice.id)).toEqual([second.id, first.id]);
        expect(await repos.invoices.findByUser(await newUser(), 10)).toEqual([]);
        expect(await repos.invoices.find(999_999_999)).toBeUndefined();
      });

      it('settles a payment once under concurrent callbacks, keeps bills unique per provider, and voids an invoice once', async () => {
        const buyer = await newUser();
        const invoice = await repos.invoices.issue(newInvoice(buyer, 2026));
        const paymentId = await repos.payments.insert({ invoiceId: invoice.id, provider: 'billplz', amountSen: 9434 });
        await repos.payments.setBill(paymentId, `bill-${paymentId}`, 'https://gateway.example/bills/1');
        expect(await repos.payments.findByBill('billplz', `bill-${paymentId}`)).toMatchObject({ id: paymentId, invoice_id: invoice.id, status: 'pending', amount_sen: 9434 });
        const other = await repos.payments.insert({ invoiceId: invoice.id, provider: 'billplz', amountSen: 9434 });
        await expect(repos.payments.setBill(other, `bill-${paymentId}`, 'https://gateway.example/bills/1')).rejects.toThrow();
        const settled = await Promise.all([1, 2, 3].map(() => repos.payments.settle(paymentId, 'paid')));
        expect(settled.filter(Boolean)).toHaveLength(1);
        expect(await repos.payments.settle(paymentId, 'cancelled')).toBe(false);
        // A cancelled bill paid after all is paid.
        expect(await repos.payments.settle(other, 'cancelled')).toBe(true);
        expect(await repos.payments.settle(other, 'paid')).toBe(true);
        expect((await repos.payments.findByInvoice(invoice.id)).map((payment) => payment.status)).toEqual(['paid', 'paid']);
        expect(await Promise.all([1, 2].map(() => repos.invoices.void(invoice.id, 'Issued in error')))).toEqual(expect.arrayContaining([true, false]));
        expect(await repos.invoices.find(invoice.id)).toMatchObject({ status: 'void' });
      });

      it('renews a paid period once, keeps it running through its grace, and applies plans with the ads over the limits found', async () => {
        const owner = await newUser();
        const { id: profileId } = await repos.advertiser.createProfile({ kind: 'business', name: 'Contract Renewals', ownerUserId: owner, slug: await repos.advertiser.freeSlug('profiles', `contract-renewals-${next()}`) });
        const now = clock.now();
        const at = (ms: number) => new Date(now + ms).toISOString();
        const paid = await repos.subscriptions.insert({ profile_id: profileId, plan: 'GOLD', kind: 'paid', period: 'monthly', starts_at: at(0), ends_at: at(30 * 24 * HOUR), tokens: 100, term_starts_at: at(0) });
        await repos.subscriptions.applyPlans([profileId]);
        expect(await repos.advertiser.findProfile(profileId)).toMatchObject({ plan: 'GOLD' });
        // Due once the period ends before the date asked about (the lifecycle asks about 7 days from now).
        expect((await repos.subscriptions.findRenewalsDue(at(30 * 24 * HOUR - 1), 1000)).map((row) => row.id)).not.toContain(paid);
        expect((await repos.subscriptions.findRenewalsDue(at(30 * 24 * HOUR), 1000)).map((row) => row.id)).toContain(paid);
        const renewal = { profile_id: profileId, plan: 'GOLD' as const, kind: 'paid' as const, period: 'monthly' as const, starts_at: at(30 * 24 * HOUR), ends_at: at(61 * 24 * HOUR), tokens: 100, status: 'pending' as const, renews_subscription_id: paid };
        await repos.subscriptions.insert(renewal);
        await expect(repos.subscriptions.insert(renewal)).rejects.toThrow();
        expect((await repos.subscriptions.findRenewalsDue(at(30 * 24 * HOUR), 1000)).map((row) => row.id)).not.toContain(paid);
        expect(await repos.subscriptions.findRenewal(paid)).toMatchObject({ status: 'pending', renews_subscription_id: paid });
        await repos.subscriptions.update(paid, { grace_until: at(37 * 24 * HOUR) });
        clock.advance(31 * 24 * HOUR);
        expect((await repos.subscriptions.findEndedOpen(1000)).map((row) => row.id)).toContain(paid);
        expect(await repos.subscriptions.current(profileId)).toMatchObject({ id: paid, plan: 'GOLD' });
        await repos.subscriptions.applyPlans();
        expect(await repos.advertiser.findProfile(profileId)).toMatchObject({ plan: 'GOLD' });
        clock.advance(7 * 24 * HOUR);
        await repos.subscriptions.update(paid, { closed_at: new Date(clock.now()).toISOString() });
        expect((await repos.subscriptions.findEndedOpen(1000)).map((row) => row.id)).not.toContain(paid);
        expect((await repos.subscriptions.applyPlans([profileId])).profiles).toEqual([{ id: profileId, plan: 'FREE' }]);
        expect(await repos.advertiser.findProfile(profileId)).toMatchObject({ plan: 'FREE' });
        expect(await repos.subscriptions.findPostSizes(profileId)).toEqual([]);
        expect((await repos.subscriptions.findByProfile(profileId, 10)).map((row) => row.status)).toEqual(['pending', 'active']);
        // The clock back where it was, for the suites after this one.
        clock.advance(now - clock.now());
      });
    });

    describe('the operator console (issue 28)', () => {
      it('appends audit entries and finds them by operator, target and time, newest first; refuses a claim once', async () => {
        const staff = await newUser('Contract Operator');
        const start = new Date(clock.now()).toISOString();
        const entry = { operator_user_id: staff, action: 'claim.refuse', target_type: 'claim', target_id: '7', reason: 'No.', before: { status: 'pending' }, after: { status: 'rejected' }, client: '203.0.113.9' };
        const first = await repos.operator.appendAudit(entry);
        clock.advance(1000);
        const second = await repos.operator.appendAudit({ ...entry, action: 'invoice.mark_paid', target_type: 'invoice', target_id: '9', before: null });
        expect((await repos.operator.findAudit({ operatorUserId: staff }, 10, 0)).map((row) => row.id)).toEqual([second, first]);
        expect(await repos.operator.findAudit({ operatorUserId: staff, targetType: 'claim', targetId: '7' }, 10, 0)).toEqual([
          expect.objectContaining({ id: first, action: 'claim.refuse', reason: 'No.', before: { status: 'pending' }, after: { status: 'rejected' }, client: '203.0.113.9' }),
        ]);
        expect(await repos.operator.findAudit({ operatorUserId: staff, from: new Date(clock.now() + 1).toISOString() }, 10, 0)).toEqual([]);
        expect((await repos.operator.findAudit({ operatorUserId: staff, from: start }, 1, 1)).map((row) => row.id)).toEqual([first]);

        const claimant = await newUser();
        const { id: profileId } = await repos.advertiser.createProfile({ kind: 'individual', name: 'Contract Claimed', ownerUserId: claimant, slug: await repos.advertiser.freeSlug('profiles', `contract-claimed-${next()}`) });
        const claim = await repos.advertiser.insertClaim({ profileId, userId: claimant, method: 'sms', target: '60123456789', documentId: null });
        const refused = await Promise.all([1, 2].map(() => repos.operator.refuseClaim(claim, staff, 'Not the owner.')));
        expect(refused.filter(Boolean)).toHaveLength(1);
        expect(await repos.advertiser.findClaim(claim)).toMatchObject({ status: 'rejected' });
        expect(await repos.operator.findClaimDocument(claim)).toBeUndefined();
        const queues = await repos.operator.countQueues();
        expect(Object.keys(queues).sort()).toEqual(['ads', 'claims', 'payments', 'profile_changes', 'refunds', 'reports', 'reviews']);
      });
    });

    describeSavedSearchContract({ repos: () => repos, clock, newUser, livePosts: (type, count, offset) => livePosts(type, count, offset) });

    // Last: it moves the clock a year on.
    describe('time', () => {
      it('is the app’s clock, not the database server’s: what is written carries it, and posts expire by it', async () => {
        const [post] = await livePosts('jobs', 1, 21);
        const userId = await newUser();
        const before = clock.now();
        const reviewId = await saveReview(repos, { listing: post!, userId, reviewerName: 'Clock', rating: 4, content: 'On time.', mediaIds: [] });
        const written = Date.parse((await repos.catalog.findReviews(post!, 200, 0)).rows.find((row) => row.id === reviewId)!.created_at);
        expect(written).toBeGreaterThanOrEqual(before);
        expect(written).toBeLessThanOrEqual(clock.now());

        const [row] = await repos.catalog.findPostRows([post!.id]);
        expect(row!.live).toBe(true);
        expect(row!.expires_at).not.toBeNull();
        const liveBefore = await repos.sitemap.countPosts('jobs');
        // Past every seeded expiry date (the demo data's jobs run for weeks).
        clock.advance(2 * 366 * 24 * HOUR);
        const [later] = await repos.catalog.findPostRows([post!.id]);
        expect(later!.live).toBe(false);
        expect(await repos.sitemap.countPosts('jobs')).toBeLessThan(liveBefore);
        expect((await repos.listings.expireDue()).length).toBeGreaterThan(0);
        expect(await repos.listings.expireDue()).toEqual([]);
      });
    });
  });
}

/**
 * The advertiser's side of profiles (migration 0018): the businesses a user owns, creating and editing them with
 * every change kept, claims, and the owners' answers to reviews (migration 0019), in the query layer for every backend
 * (subscriptions: ./subscription-repository.ts).
 */
import { sql } from 'kysely';
import type { AdvertiserRepository } from '../repositories.ts';
import type { AdvertiserProfileRow, ClaimRow, NewClaim, OwnerReviewRow, ProfileChangeRow, ProfileSave, ReviewToAnswer } from '../rows.ts';
import { findOwnedListings } from './insights.ts';
import { QueryRepository } from './query-access.ts';
import { FALSE, flag, livePost, namesItsCompany, stored } from './query.ts';
import { isLocale } from '../../../shared/locale.ts';

const PROFILE_COLUMNS = [
  'pr.id', 'pr.slug', 'pr.kind', 'pr.name', 'pr.store_name', 'pr.company_no', 'pr.about', 'pr.established_year', 'pr.content_lang', 'pr.plan', 'pr.claimed', 'pr.owner_user_id',
  'pr.url', 'pr.facebook', 'pr.twitter', 'pr.instagram', 'pr.linkedin', 'pr.youtube', 'pr.wechat', 'pr.whatsapp', 'pr.logo_id',
  'pr.created_at', 'pr.updated_at', 'pr.hidden_at', 'pr.version',
] as const;

type ProfileSelect = Omit<AdvertiserProfileRow, 'claimed' | 'hidden'> & { claimed: unknown; hidden_at: string | null };
const profileRow = ({ hidden_at: hiddenAt, ...row }: ProfileSelect): AdvertiserProfileRow => ({ ...row, claimed: flag(row.claimed), hidden: hiddenAt !== null, version: Number(row.version) });

export class KyselyAdvertiserRepository extends QueryRepository implements AdvertiserRepository {
  findProfile(id: number): Promise<AdvertiserProfileRow | undefined> {
    return this.read(async (db) => {
      const row = await db.selectFrom('profiles as pr').select(PROFILE_COLUMNS).where('pr.id', '=', id).executeTakeFirst();
      return row && profileRow(row as ProfileSelect);
    });
  }

  /** The businesses a user owns (not their personal hireme profile), oldest first. */
  findOwnedProfiles(userId: number): Promise<AdvertiserProfileRow[]> {
    return this.read(async (db) => {
      const rows = await db.selectFrom('profiles as pr').select(PROFILE_COLUMNS)
        .where('pr.owner_user_id', '=', userId).where('pr.kind', '=', 'business').orderBy('pr.id').execute();
      return rows.map((row) => profileRow(row as ProfileSelect));
    });
  }

  /** The user's personal profile, which their hireme ads belong to. */
  findPersonalProfileId(userId: number): Promise<number | undefined> {
    return this.read(async (db) => {
      const row = await db.selectFrom('profiles').select('id').where('owner_user_id', '=', userId).where('kind', '=', 'individual')
        .orderBy('id').limit(1).executeTakeFirst();
      return row && Number(row.id);
    });
  }

  /** `base`, or `base-2`, `base-3`…: the first free slug of the table (checked first: a failed insert ends a PostgreSQL transaction). */
  freeSlug(table: 'profiles' | 'posts', base: string): Promise<string> {
    return this.read(async (db) => {
      const taken = new Set((await db.selectFrom(table).select('slug')
        .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)])).execute()).map((row) => row.slug));
      if (!taken.has(base)) return base;
      for (let suffix = 2; ; suffix++) if (!taken.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
    });
  }

  createProfile(profile: { kind: 'business' | 'individual'; name: string; ownerUserId: number; slug: string | ((id: number) => string) }): Promise<{ id: number; slug: string }> {
    const now = this.now;
    return this.write(async (db) => {
      const placeholder = `new-${now.replace(/\D/g, '')}-${Math.random().toString(36).slice(2, 10)}`;
      const slug = typeof profile.slug === 'string' ? profile.slug : placeholder;
      const { id } = await db.insertInto('profiles').values({
        slug, kind: profile.kind, name: profile.name, owner_user_id: profile.ownerUserId, claimed: stored(true), created_at: now, updated_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      if (typeof profile.slug === 'string') return { id: Number(id), slug };
      const final = profile.slug(Number(id));
      await db.updateTable('profiles').set({ slug: final }).where('id', '=', id).execute();
      return { id: Number(id), slug: final };
    });
  }

  /**
   * Applies the parts of a profile edit that are given, and records its history rows. Returns the ids of its posts
   * whose search rows and cards the edit changes (its name, logo or places: to reindex); none for the rest.
   */
  saveProfile(id: number, save: ProfileSave): Promise<number[]> {
    const now = this.now;
    return this.write(async (db) => {
      if (Object.keys(save.fields).length > 0) {
        const fields = { ...save.fields, ...(save.fields.claimed === undefined ? {} : { claimed: stored(save.fields.claimed) }) };
        await db.updateTable('profiles').set((eb) => ({ ...fields, updated_at: now, version: eb('version', '+', 1) }) as never).where('id', '=', id).execute();
      } else {
        await db.updateTable('profiles').set((eb) => ({ updated_at: now, version: eb('version', '+', 1) })).where('id', '=', id).execute();
      }
      if (save.categoryIds) {
        await db.deleteFrom('profile_categories').where('profile_id', '=', id).execute();
        if (save.categoryIds.length > 0) {
          await db.insertInto('profile_categories').values(save.categoryIds.map((categoryId, position) => ({ profile_id: id, category_id: categoryId, position }))).execute();
        }
      }
      if (save.keywords) {
        await db.deleteFrom('profile_keywords').where('profile_id', '=', id).execute();
        if (save.keywords.length > 0) await db.insertInto('profile_keywords').values(save.keywords.map((keyword, position) => ({ profile_id: id, position, keyword }))).execute();
      }
      if (save.hours) {
        await db.deleteFrom('business_hours').where('profile_id', '=', id).execute();
        if (save.hours.length > 0) await db.insertInto('business_hours').values(save.hours.map((row) => ({ profile_id: id, ...row }))).execute();
      }
      if (save.specialHours) {
        await db.deleteFrom('profile_special_hours').where('profile_id', '=', id).execute();
        if (save.specialHours.length > 0) await db.insertInto('profile_special_hours').values(save.specialHours.map((row) => ({ profile_id: id, ...row }))).execute();
      }
      if (save.attributes) {
        await db.deleteFrom('profile_attributes').where('profile_id', '=', id).execute();
        if (save.attributes.length > 0) await db.insertInto('profile_attributes').values(save.attributes.map((attribute) => ({ profile_id: id, attribute }))).execute();
      }
      if (save.locations) {
        // Locations kept by id keep the ads offered there; the others go (with their ads' links to them).
        const keep = save.locations.flatMap((location) => (location.id === undefined ? [] : [location.id]));
        let gone = db.deleteFrom('locations').where('profile_id', '=', id);
        if (keep.length > 0) gone = gone.where('id', 'not in', keep);
        await gone.execute();
        for (const [position, { id: kept, hours, specialHours, ...location }] of save.locations.entries()) {
          let locationId = kept;
          if (locationId === undefined) {
            locationId = Number((await db.insertInto('locations').values({ ...location, profile_id: id, position }).returning('id').executeTakeFirstOrThrow()).id);
          } else {
            await db.updateTable('locations').set({ ...location, position }).where('id', '=', locationId).where('profile_id', '=', id).execute();
          }
          // The branch's own hours (none: the business's), replaced whole.
          await db.deleteFrom('location_hours').where('location_id', '=', locationId).execute();
          await db.deleteFrom('location_special_hours').where('location_id', '=', locationId).execute();
          if (hours.length > 0) await db.insertInto('location_hours').values(hours.map((row) => ({ location_id: locationId, ...row }))).execute();
          if (specialHours.length > 0) await db.insertInto('location_special_hours').values(specialHours.map((row) => ({ location_id: locationId, ...row }))).execute();
        }
      }
      if (save.mediaIds) {
        // Photos kept keep their captions (an edit names them by file, not by caption).
        const captions = new Map((await db.selectFrom('profile_media').select(['media_id', 'caption']).where('profile_id', '=', id).execute()).map((row) => [Number(row.media_id), row.caption]));
        await db.deleteFrom('profile_media').where('profile_id', '=', id).execute();
        if (save.mediaIds.length > 0) {
          await db.insertInto('profile_media').values(save.mediaIds.map((mediaId, position) => ({ profile_id: id, media_id: mediaId, position, caption: captions.get(mediaId) ?? null }))).execute();
        }
      }
      if (save.documentIds) {
        await db.deleteFrom('profile_documents').where('profile_id', '=', id).execute();
        if (save.documentIds.length > 0) await db.insertInto('profile_documents').values(save.documentIds.map((documentId, position) => ({ profile_id: id, document_id: documentId, position }))).execute();
      }
      if (save.history.length > 0) {
        await db.insertInto('profile_changes').values(save.history.map((change) => ({
          profile_id: id, user_id: change.userId, field: change.field, old_value: change.oldValue, new_value: change.newValue, review: change.review, created_at: now,
        }))).execute();
      }
      if (save.fields.name === undefined && save.fields.logo_id === undefined && save.locations === undefined) return [];
      const posts = await db.selectFrom('posts').select('id').where('profile_id', '=', id).execute();
      return posts.map((row) => Number(row.id));
    });
  }

  /**
   * Moves a profile's or a post's version on when it is still `expected` (compare-and-set, issue 40): false when another
   * save got there first. In a transaction, the row stays locked until it ends, so two saves of one version cannot both pass.
   */
  advanceVersion(table: 'profiles' | 'posts', id: number, expected: number): Promise<boolean> {
    return this.write(async (db) => {
      const result = await db.updateTable(table).set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', id).where('version', '=', expected).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    });
  }

  findProfileKeywords(profileId: number): Promise<string[]> {
    return this.read(async (db) => (await db.selectFrom('profile_keywords').select('keyword').where('profile_id', '=', profileId).orderBy('position').execute()).map((row) => row.keyword));
  }

  findProfileChanges(profileId: number, limit: number): Promise<ProfileChangeRow[]> {
    return this.read(async (db) => {
      const rows = await db.selectFrom('profile_changes').select(['id', 'field', 'old_value', 'new_value', 'review', 'user_id', 'created_at'])
        .where('profile_id', '=', profileId).orderBy('id', 'desc').limit(limit).execute();
      return rows.map((row) => ({ ...row, id: Number(row.id), review: row.review as ProfileChangeRow['review'] }));
    });
  }

  insertClaim(claim: NewClaim): Promise<number> {
    const now = this.now;
    return this.write(async (db) => {
      const { id } = await db.insertInto('profile_claims').values({
        profile_id: claim.profileId, user_id: claim.userId, method: claim.method, target: claim.target, document_id: claim.documentId, status: 'pending', created_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      return Number(id);
    });
  }

  findClaim(id: number): Promise<ClaimRow | undefined> {
    return this.read(async (db) => {
      const row = await db.selectFrom('profile_claims').selectAll().where('id', '=', id).executeTakeFirst();
      return row && { ...row, id: Number(row.id), method: row.method as ClaimRow['method'], status: row.status as ClaimRow['status'] };
    });
  }

  /** A user's claims, newest first. */
  findClaimsBy(userId: number): Promise<ClaimRow[]> {
    return this.read(async (db) => {
      const rows = await db.selectFrom('profile_claims').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(50).execute();
      return rows.map((row) => ({ ...row, id: Number(row.id), method: row.method as ClaimRow['method'], status: row.status as ClaimRow['status'] }));
    });
  }

  /** The accounts with a pending code claim sent to `target` since `since` (the claims that hold one of its places). */
  findOpenClaimants(target: string, since: string): Promise<number[]> {
    return this.read(async (db) => {
      const rows = await db.selectFrom('profile_claims').select('user_id').distinct().where('target', '=', target).where('status', '=', 'pending')
        .where('method', 'in', ['sms', 'email']).where('created_at', '>=', since).execute();
      return rows.map((row) => Number(row.user_id));
    });
  }

  /**
   * The live posts of a profile at a location that name their company (not confidential), but `exceptId`: what would
   * give a confidential post at that place away (probe finding 20). Without a location, every location of the profile.
   */
  findOpenPostsAt(profileId: number, locationId: number | null, exceptId: number | null): Promise<{ id: number; type: string; title: string; slug: string }[]> {
    const now = this.now;
    return this.read(async (db) => {
      let query = db.selectFrom('posts as p').select(['p.id', 'p.type', 'p.title', 'p.slug'])
        .where('p.profile_id', '=', profileId).where(livePost(now)).where(namesItsCompany);
      if (locationId !== null) query = query.where((eb) => eb.exists(eb.selectFrom('post_locations as pl').select('pl.post_id').whereRef('pl.post_id', '=', 'p.id').where('pl.location_id', '=', locationId)));
      if (exceptId !== null) query = query.where('p.id', '!=', exceptId);
      const rows = await query.orderBy('p.id').limit(20).execute();
      return rows.map((row) => ({ ...row, id: Number(row.id) }));
    });
  }

  /**
   * Makes the claimant the owner when the profile has none and is not claimed, and marks the claim verified; false
   * (nothing changed) when someone else got there first.
   */
  completeClaim(claim: { id: number; profileId: number; userId: number }): Promise<boolean> {
    const now = this.now;
    return this.write(async (db) => {
      // A year founded that the listing came with was nobody's statement of this owner's: the claim clears it, and the
      // owner states it in the editor (the badge reads "stated by the owner").
      const taken = await db.updateTable('profiles').set({ owner_user_id: claim.userId, claimed: stored(true), established_year: null, updated_at: now })
        .where('id', '=', claim.profileId).where('owner_user_id', 'is', null).where('claimed', '=', sql<number>`false`).executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) return false;
      await db.updateTable('profile_claims').set({ status: 'verified', decided_at: now }).where('id', '=', claim.id).execute();
      return true;
    });
  }

  /** The media ids of a listing's current images among these full-variant paths (an edit keeping them). */
  findListingMediaIds(listing: { kind: 'post' | 'profile'; id: number }, fullPaths: readonly string[]): Promise<{ id: number; full: string }[]> {
    return this.read(async (db) => {
      if (fullPaths.length === 0) return [];
      const rows = listing.kind === 'post'
        ? await db.selectFrom('post_media as x').innerJoin('media as m', 'm.id', 'x.media_id').select(['m.id', 'm.full'])
          .where('x.post_id', '=', listing.id).where('m.kind', '=', 'image').where('m.full', 'in', [...fullPaths]).execute()
        : await db.selectFrom('profile_media as x').innerJoin('media as m', 'm.id', 'x.media_id').select(['m.id', 'm.full'])
          .where('x.profile_id', '=', listing.id).where('m.kind', '=', 'image').where('m.full', 'in', [...fullPaths]).execute();
      const logo = listing.kind === 'profile'
        ? await db.selectFrom('profiles as pr').innerJoin('media as m', 'm.id', 'pr.logo_id').select(['m.id', 'm.full'])
          .where('pr.id', '=', listing.id).where('m.full', 'in', [...fullPaths]).execute()
        : [];
      return [...rows, ...logo].map((row) => ({ id: Number(row.id), full: row.full }));
    });
  }

  /**
   * Documents named by their file for a listing: the ones already on it, and the user's own uploads nothing uses
   * yet; the others are left out.
   */
  findUsableDocuments(userId: number, listing: { kind: 'post' | 'profile'; id: number } | null, files: readonly string[]): Promise<{ id: number; file: string; fresh: boolean }[]> {
    return this.read(async (db) => {
      if (files.length === 0) return [];
      const fresh = await db.selectFrom('uploads as u').innerJoin('documents as d', 'd.id', 'u.document_id').select(['d.id', 'd.file'])
        .where('u.owner_user_id', '=', userId).where('u.attached_at', 'is', null).where('d.file', 'in', [...files]).execute();
      const current = listing === null ? [] : listing.kind === 'post'
        ? await db.selectFrom('post_documents as x').innerJoin('documents as d', 'd.id', 'x.document_id').select(['d.id', 'd.file'])
          .where('x.post_id', '=', listing.id).where('d.file', 'in', [...files]).execute()
        : await db.selectFrom('profile_documents as x').innerJoin('documents as d', 'd.id', 'x.document_id').select(['d.id', 'd.file'])
          .where('x.profile_id', '=', listing.id).where('d.file', 'in', [...files]).execute();
      return [...current.map((row) => ({ id: Number(row.id), file: row.file, fresh: false })), ...fresh.map((row) => ({ id: Number(row.id), file: row.file, fresh: true }))];
    });
  }

  /** Videos named by their file for a listing: those already on it, and the user's own uploads nothing uses yet. */
  findUsableVideos(userId: number, listing: { kind: 'post' | 'profile'; id: number } | null, files: readonly string[]): Promise<{ id: number; file: string; fresh: boolean }[]> {
    return this.read(async (db) => {
      if (files.length === 0) return [];
      const fresh = await db.selectFrom('uploads as u').innerJoin('media as m', 'm.id', 'u.media_id').select(['m.id', 'm.file'])
        .where('u.owner_user_id', '=', userId).where('u.attached_at', 'is', null).where('m.kind', '=', 'video').where('m.file', 'in', [...files]).execute();
      const current = listing === null ? [] : listing.kind === 'post'
        ? await db.selectFrom('post_media as x').innerJoin('media as m', 'm.id', 'x.media_id').select(['m.id', 'm.file'])
          .where('x.post_id', '=', listing.id).where('m.kind', '=', 'video').where('m.file', 'in', [...files]).execute()
        : await db.selectFrom('profile_media as x').innerJoin('media as m', 'm.id', 'x.media_id').select(['m.id', 'm.file'])
          .where('x.profile_id', '=', listing.id).where('m.kind', '=', 'video').where('m.file', 'in', [...files]).execute();
      return [...current.map((row) => ({ id: Number(row.id), file: row.file!, fresh: false })), ...fresh.map((row) => ({ id: Number(row.id), file: row.file!, fresh: true }))];
    });
  }

  /** A review with what answering it needs: its listing, who owns that, who wrote the review, and whether it has an answer. */
  findReviewToAnswer(reviewId: number): Promise<ReviewToAnswer | undefined> {
    return this.read(async (db) => {
      const row = await db.selectFrom('reviews as r')
        .leftJoin('posts as p', 'p.id', 'r.post_id')
        .leftJoin('profiles as pp', 'pp.id', 'p.profile_id')
        .leftJoin('profiles as pr', 'pr.id', 'r.profile_id')
        .leftJoin('users as u', 'u.id', 'r.user_id')
        .leftJoin('review_replies as rr', 'rr.review_id', 'r.id')
        .select([
          'r.id', 'r.post_id', 'r.profile_id', 'r.hidden', 'r.reviewer_name', 'u.email as reviewer_email', 'u.locale as reviewer_locale', 'p.type as post_type', 'p.title as post_title',
          'p.owner_user_id as post_owner_user_id', 'pp.owner_user_id as post_profile_owner_user_id', 'pr.name as profile_name',
          'pr.owner_user_id as profile_owner_user_id', 'rr.review_id as answered',
        ])
        .where('r.id', '=', reviewId).executeTakeFirst();
      if (!row) return undefined;
      return {
        id: Number(row.id),
        listing: row.post_id !== null ? { type: row.post_type as ReviewToAnswer['listing']['type'], id: Number(row.post_id) } : { type: 'profile', id: Number(row.profile_id) },
        listing_title: (row.post_id !== null ? row.post_title : row.profile_name) ?? '',
        hidden: flag(row.hidden),
        reviewer_name: row.reviewer_name,
        reviewer_email: row.reviewer_email ?? null,
        reviewer_locale: isLocale(row.reviewer_locale) ? row.reviewer_locale : 'en',
        post_owner_user_id: row.post_owner_user_id === null ? null : Number(row.post_owner_user_id),
        profile_owner_user_id: (row.post_id !== null ? row.post_profile_owner_user_id : row.profile_owner_user_id) === null ? null
          : Number(row.post_id !== null ? row.post_profile_owner_user_id : row.profile_owner_user_id),
        answered: row.answered !== null,
      };
    });
  }

  /** Saves the answer to a review (a first one, or an edit); true when it is the first. */
  saveReviewReply(reviewId: number, userId: number, content: string): Promise<boolean> {
    const now = this.now;
    return this.write(async (db) => {
      const existing = await db.selectFrom('review_replies').select('review_id').where('review_id', '=', reviewId).executeTakeFirst();
      if (existing) {
        await db.updateTable('review_replies').set({ content, user_id: userId, updated_at: now }).where('review_id', '=', reviewId).execute();
        return false;
      }
      await db.insertInto('review_replies').values({ review_id: reviewId, user_id: userId, content, created_at: now, updated_at: now })
        .onConflict((conflict) => conflict.column('review_id').doUpdateSet({ content, user_id: userId, updated_at: now })).execute();
      return true;
    });
  }

  deleteReviewReply(reviewId: number): Promise<boolean> {
    return this.write(async (db) => {
      const result = await db.deleteFrom('review_replies').where('review_id', '=', reviewId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    });
  }

  /**
   * The visible reviews of the listings a user may answer for (their businesses, their businesses' ads, their own hireme
   * ads), newest first: the listings are found first (indexed reads), then their reviews by the reviews' own indexes.
   */
  findReviewsToAnswer(userId: number, limit: number): Promise<OwnerReviewRow[]> {
    return this.read(async (db) => {
      const owned = await findOwnedListings(db, userId);
      const postIds = owned.filter((listing) => listing.type !== 'profile').map((listing) => listing.id);
      const profileIds = owned.filter((listing) => listing.type === 'profile').map((listing) => listing.id);
      if (owned.length === 0) return [];
      const rows = await db.selectFrom('reviews as r')
        .leftJoin('posts as p', 'p.id', 'r.post_id')
        .leftJoin('profiles as pr', 'pr.id', 'r.profile_id')
        .leftJoin('review_replies as rr', 'rr.review_id', 'r.id')
        .select([
          'r.id', 'r.post_id', 'r.profile_id', 'p.type as post_type', 'p.slug as post_slug', 'p.title as post_title', 'pr.slug as profile_slug',
          'pr.name as profile_name', 'r.reviewer_name', 'r.rating', 'r.content', 'r.created_at', 'rr.content as reply_content', 'rr.created_at as reply_created_at',
        ])
        .where('r.hidden', '=', FALSE)
        .where((eb) => eb.or([
          ...(postIds.length ? [eb('r.post_id', 'in', postIds)] : []),
          ...(profileIds.length ? [eb('r.profile_id', 'in', profileIds)] : []),
        ]))
        .orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(limit).execute();
      return rows.map((row) => ({
        id: Number(row.id),
        listing: row.post_id !== null ? { type: row.post_type as OwnerReviewRow['listing']['type'], id: Number(row.post_id) } : { type: 'profile', id: Number(row.profile_id) },
        listing_slug: (row.post_id !== null ? row.post_slug : row.profile_slug) ?? '',
        listing_title: (row.post_id !== null ? row.post_title : row.profile_name) ?? '',
        reviewer_name: row.reviewer_name, rating: Number(row.rating), content: row.content, created_at: row.created_at,
        reply_content: row.reply_content ?? null, reply_created_at: row.reply_created_at ?? null,
      }));
    });
  }

  /** A town by its name and its state's (either case), with its centre. */
  findTown(city: string, state: string): Promise<{ city_id: number; state_id: number; latitude: number; longitude: number } | undefined> {
    return this.read(async (db) => {
      const row = await db.selectFrom('cities as c').innerJoin('states as s', 's.id', 'c.state_id')
        .select(['c.id as city_id', 's.id as state_id', 'c.latitude', 'c.longitude'])
        .where(sql`lower(c.name)`, '=', city.toLowerCase()).where(sql`lower(s.name)`, '=', state.toLowerCase()).executeTakeFirst();
      return row && { city_id: Number(row.city_id), state_id: Number(row.state_id), latitude: row.latitude, longitude: row.longitude };
    });
  }
}

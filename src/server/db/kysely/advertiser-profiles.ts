/**
 * The advertiser's side of profiles (migration 0018): the businesses a user owns, creating and editing them with
 * every change kept, and claims, in the query layer for every backend (subscriptions: ./subscriptions.ts).
 */
import { sql } from 'kysely';
import type { AdvertiserProfileRow, ClaimRow, NewClaim, ProfileChangeRow, ProfileSave } from '../rows.ts';
import { flag, livePost, namesItsCompany, stored, type QueryDb } from './query.ts';

const PROFILE_COLUMNS = [
  'pr.id', 'pr.slug', 'pr.kind', 'pr.name', 'pr.store_name', 'pr.company_no', 'pr.about', 'pr.established_year', 'pr.content_lang', 'pr.plan', 'pr.claimed', 'pr.owner_user_id',
  'pr.url', 'pr.facebook', 'pr.twitter', 'pr.instagram', 'pr.linkedin', 'pr.youtube', 'pr.wechat', 'pr.whatsapp', 'pr.logo_id',
  'pr.created_at', 'pr.updated_at', 'pr.hidden_at', 'pr.version',
] as const;

type ProfileSelect = Omit<AdvertiserProfileRow, 'claimed' | 'hidden'> & { claimed: unknown; hidden_at: string | null };
const profileRow = ({ hidden_at: hiddenAt, ...row }: ProfileSelect): AdvertiserProfileRow => ({ ...row, claimed: flag(row.claimed), hidden: hiddenAt !== null, version: Number(row.version) });

export async function findProfile(db: QueryDb, id: number): Promise<AdvertiserProfileRow | undefined> {
  const row = await db.selectFrom('profiles as pr').select(PROFILE_COLUMNS).where('pr.id', '=', id).executeTakeFirst();
  return row && profileRow(row as ProfileSelect);
}

/** The businesses a user owns (not their personal hireme profile), oldest first. */
export async function findOwnedProfiles(db: QueryDb, userId: number): Promise<AdvertiserProfileRow[]> {
  const rows = await db.selectFrom('profiles as pr').select(PROFILE_COLUMNS)
    .where('pr.owner_user_id', '=', userId).where('pr.kind', '=', 'business').orderBy('pr.id').execute();
  return rows.map((row) => profileRow(row as ProfileSelect));
}

/** The user's personal profile, which their hireme ads belong to. */
export async function findPersonalProfileId(db: QueryDb, userId: number): Promise<number | undefined> {
  const row = await db.selectFrom('profiles').select('id').where('owner_user_id', '=', userId).where('kind', '=', 'individual')
    .orderBy('id').limit(1).executeTakeFirst();
  return row && Number(row.id);
}

/** `base`, or `base-2`, `base-3`…: the first free slug of the table (checked first: a failed insert ends a PostgreSQL transaction). */
export async function freeSlug(db: QueryDb, table: 'profiles' | 'posts', base: string): Promise<string> {
  const taken = new Set((await db.selectFrom(table).select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)])).execute()).map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix++) if (!taken.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
}

export async function createProfile(db: QueryDb, profile: { kind: 'business' | 'individual'; name: string; ownerUserId: number; slug: string | ((id: number) => string) }, now: string): Promise<{ id: number; slug: string }> {
  const placeholder = `new-${now.replace(/\D/g, '')}-${Math.random().toString(36).slice(2, 10)}`;
  const slug = typeof profile.slug === 'string' ? profile.slug : placeholder;
  const { id } = await db.insertInto('profiles').values({
    slug, kind: profile.kind, name: profile.name, owner_user_id: profile.ownerUserId, claimed: stored(true), created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  if (typeof profile.slug === 'string') return { id: Number(id), slug };
  const final = profile.slug(Number(id));
  await db.updateTable('profiles').set({ slug: final }).where('id', '=', id).execute();
  return { id: Number(id), slug: final };
}

/**
 * Applies the parts of a profile edit that are given, and records its history rows. Returns the ids of its posts
 * whose search rows and cards the edit changes (its name, logo or places: to reindex); none for the rest.
 */
export async function saveProfile(db: QueryDb, id: number, save: ProfileSave, now: string): Promise<number[]> {
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
}

/**
 * Moves a profile's or a post's version on when it is still `expected` (compare-and-set, issue 40): false when another
 * save got there first. In a transaction, the row stays locked until it ends, so two saves of one version cannot both pass.
 */
export async function advanceVersion(db: QueryDb, table: 'profiles' | 'posts', id: number, expected: number): Promise<boolean> {
  const result = await db.updateTable(table).set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', id).where('version', '=', expected).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findProfileKeywords(db: QueryDb, profileId: number): Promise<string[]> {
  return (await db.selectFrom('profile_keywords').select('keyword').where('profile_id', '=', profileId).orderBy('position').execute()).map((row) => row.keyword);
}

export async function findProfileChanges(db: QueryDb, profileId: number, limit: number): Promise<ProfileChangeRow[]> {
  const rows = await db.selectFrom('profile_changes').select(['id', 'field', 'old_value', 'new_value', 'review', 'user_id', 'created_at'])
    .where('profile_id', '=', profileId).orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), review: row.review as ProfileChangeRow['review'] }));
}

export async function insertClaim(db: QueryDb, claim: NewClaim, now: string): Promise<number> {
  const { id } = await db.insertInto('profile_claims').values({
    profile_id: claim.profileId, user_id: claim.userId, method: claim.method, target: claim.target, document_id: claim.documentId, status: 'pending', created_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

export async function findClaim(db: QueryDb, id: number): Promise<ClaimRow | undefined> {
  const row = await db.selectFrom('profile_claims').selectAll().where('id', '=', id).executeTakeFirst();
  return row && { ...row, id: Number(row.id), method: row.method as ClaimRow['method'], status: row.status as ClaimRow['status'] };
}

/** The accounts with a pending code claim sent to `target` since `since` (the claims that hold one of its places). */
export async function findOpenClaimants(db: QueryDb, target: string, since: string): Promise<number[]> {
  const rows = await db.selectFrom('profile_claims').select('user_id').distinct().where('target', '=', target).where('status', '=', 'pending')
    .where('method', 'in', ['sms', 'email']).where('created_at', '>=', since).execute();
  return rows.map((row) => Number(row.user_id));
}

/**
 * The live posts of a profile at a location that name their company (not confidential), but `exceptId`: what would
 * give a confidential post at that place away (probe finding 20). Without a location, every location of the profile.
 */
export async function findOpenPostsAt(db: QueryDb, profileId: number, locationId: number | null, exceptId: number | null, now: string): Promise<{ id: number; type: string; title: string; slug: string }[]> {
  let query = db.selectFrom('posts as p').select(['p.id', 'p.type', 'p.title', 'p.slug'])
    .where('p.profile_id', '=', profileId).where(livePost(now)).where(namesItsCompany);
  if (locationId !== null) query = query.where((eb) => eb.exists(eb.selectFrom('post_locations as pl').select('pl.post_id').whereRef('pl.post_id', '=', 'p.id').where('pl.location_id', '=', locationId)));
  if (exceptId !== null) query = query.where('p.id', '!=', exceptId);
  const rows = await query.orderBy('p.id').limit(20).execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** A user's claims, newest first. */
export async function findClaimsBy(db: QueryDb, userId: number): Promise<ClaimRow[]> {
  const rows = await db.selectFrom('profile_claims').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(50).execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), method: row.method as ClaimRow['method'], status: row.status as ClaimRow['status'] }));
}

/**
 * Makes the claimant the owner when the profile has none and is not claimed, and marks the claim verified; false
 * (nothing changed) when someone else got there first.
 */
export async function completeClaim(db: QueryDb, claim: { id: number; profileId: number; userId: number }, now: string): Promise<boolean> {
  // A year founded that the listing came with was nobody's statement of this owner's: the claim clears it, and the
  // owner states it in the editor (the badge reads "stated by the owner").
  const taken = await db.updateTable('profiles').set({ owner_user_id: claim.userId, claimed: stored(true), established_year: null, updated_at: now })
    .where('id', '=', claim.profileId).where('owner_user_id', 'is', null).where('claimed', '=', sql<number>`false`).executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return false;
  await db.updateTable('profile_claims').set({ status: 'verified', decided_at: now }).where('id', '=', claim.id).execute();
  return true;
}

/** A town by its name and its state's (either case), with its centre. */
export async function findTown(db: QueryDb, city: string, state: string): Promise<{ city_id: number; state_id: number; latitude: number; longitude: number } | undefined> {
  const row = await db.selectFrom('cities as c').innerJoin('states as s', 's.id', 'c.state_id')
    .select(['c.id as city_id', 's.id as state_id', 'c.latitude', 'c.longitude'])
    .where(sql`lower(c.name)`, '=', city.toLowerCase()).where(sql`lower(s.name)`, '=', state.toLowerCase()).executeTakeFirst();
  return row && { city_id: Number(row.city_id), state_id: Number(row.state_id), latitude: row.latitude, longitude: row.longitude };
}

/** The media ids of a listing's current images among these full-variant paths (an edit keeping them). */
export async function findListingMediaIds(db: QueryDb, listing: { kind: 'post' | 'profile'; id: number }, fullPaths: readonly string[]): Promise<{ id: number; full: string }[]> {
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
}

/**
 * Documents named by their file for a listing: the ones already on it, and the user's own uploads nothing uses
 * yet; the others are left out.
 */
export async function findUsableDocuments(db: QueryDb, userId: number, listing: { kind: 'post' | 'profile'; id: number } | null, files: readonly string[]): Promise<{ id: number; file: string; fresh: boolean }[]> {
  if (files.length === 0) return [];
  const fresh = await db.selectFrom('uploads as u').innerJoin('documents as d', 'd.id', 'u.document_id').select(['d.id', 'd.file'])
    .where('u.owner_user_id', '=', userId).where('u.attached_at', 'is', null).where('d.file', 'in', [...files]).execute();
  const current = listing === null ? [] : listing.kind === 'post'
    ? await db.selectFrom('post_documents as x').innerJoin('documents as d', 'd.id', 'x.document_id').select(['d.id', 'd.file'])
      .where('x.post_id', '=', listing.id).where('d.file', 'in', [...files]).execute()
    : await db.selectFrom('profile_documents as x').innerJoin('documents as d', 'd.id', 'x.document_id').select(['d.id', 'd.file'])
      .where('x.profile_id', '=', listing.id).where('d.file', 'in', [...files]).execute();
  return [...current.map((row) => ({ id: Number(row.id), file: row.file, fresh: false })), ...fresh.map((row) => ({ id: Number(row.id), file: row.file, fresh: true }))];
}

/** Videos named by their file for a listing: those already on it, and the user's own uploads nothing uses yet. */
export async function findUsableVideos(db: QueryDb, userId: number, listing: { kind: 'post' | 'profile'; id: number } | null, files: readonly string[]): Promise<{ id: number; file: string; fresh: boolean }[]> {
  if (files.length === 0) return [];
  const fresh = await db.selectFrom('uploads as u').innerJoin('media as m', 'm.id', 'u.media_id').select(['m.id', 'm.file'])
    .where('u.owner_user_id', '=', userId).where('u.attached_at', 'is', null).where('m.kind', '=', 'video').where('m.file', 'in', [...files]).execute();
  const current = listing === null ? [] : listing.kind === 'post'
    ? await db.selectFrom('post_media as x').innerJoin('media as m', 'm.id', 'x.media_id').select(['m.id', 'm.file'])
      .where('x.post_id', '=', listing.id).where('m.kind', '=', 'video').where('m.file', 'in', [...files]).execute()
    : await db.selectFrom('profile_media as x').innerJoin('media as m', 'm.id', 'x.media_id').select(['m.id', 'm.file'])
      .where('x.profile_id', '=', listing.id).where('m.kind', '=', 'video').where('m.file', 'in', [...files]).execute();
  return [...current.map((row) => ({ id: Number(row.id), file: row.file!, fresh: false })), ...fresh.map((row) => ({ id: Number(row.id), file: row.file!, fresh: true }))];
}

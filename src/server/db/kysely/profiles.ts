/** A business or person's profile page (migration 0001), in the query layer for every backend. */
import type { SpecialHoursRow, BusinessHoursRow, CategoryRow, DocumentRow, LocationRow, MediaRow, ProfileRow } from '../rows.ts';
import { flag, LOCATION_COLUMNS, type QueryDb } from './query.ts';

export async function findProfileBySlug(db: QueryDb, slug: string): Promise<ProfileRow | undefined> {
  const row = await db.selectFrom('profiles as pr')
    .leftJoin('media as lm', 'lm.id', 'pr.logo_id')
    .leftJoin('media as im', 'im.id', 'pr.image_id')
    .select([
      'pr.id', 'pr.slug', 'pr.kind', 'pr.name', 'pr.store_name', 'pr.company_no', 'pr.about', 'pr.content_lang', 'pr.plan', 'pr.claimed',
      'pr.established_year', 'pr.url', 'pr.facebook', 'pr.twitter', 'pr.instagram', 'pr.linkedin', 'pr.wechat', 'pr.youtube',
      'pr.whatsapp', 'pr.view_count', 'pr.rating', 'pr.rating_count', 'pr.owner_user_id', 'pr.hidden_at', 'pr.response_hours', 'pr.response_count',
      'lm.thumbnail as logo_thumbnail', 'lm.full as logo_full', 'lm.thumbnail_webp as logo_thumbnail_webp', 'lm.full_webp as logo_full_webp',
      'im.thumbnail as image_thumbnail', 'im.full as image_full', 'im.thumbnail_webp as image_thumbnail_webp', 'im.full_webp as image_full_webp',
    ])
    // Its owner proved control by a claim (a code to a listed phone or e-mail, or a document an operator approved).
    .select((eb) => eb.exists(eb.selectFrom('profile_claims as pc').select('pc.id').whereRef('pc.profile_id', '=', 'pr.id')
      .whereRef('pc.user_id', '=', 'pr.owner_user_id').where('pc.status', '=', 'verified')).as('claim_proved'))
    .where('pr.slug', '=', slug).executeTakeFirst();
  if (!row) return undefined;
  const { hidden_at: hiddenAt, ...rest } = row;
  return { ...rest, claimed: flag(row.claimed), claim_proved: flag(row.claim_proved), response_count: Number(row.response_count), hidden: hiddenAt !== null } as ProfileRow;
}

export async function findProfileMedia(db: QueryDb, profileId: number): Promise<MediaRow[]> {
  return await db.selectFrom('profile_media as pm').innerJoin('media as m', 'm.id', 'pm.media_id')
    .select(['pm.profile_id as owner_id', 'pm.position', 'pm.caption', 'm.kind', 'm.mime_type', 'm.thumbnail', 'm.full', 'm.thumbnail_webp', 'm.full_webp', 'm.file'])
    .where('pm.profile_id', '=', profileId).orderBy('pm.position').execute() as MediaRow[];
}

export async function findProfileDocuments(db: QueryDb, profileId: number): Promise<DocumentRow[]> {
  return db.selectFrom('profile_documents as pd').innerJoin('documents as d', 'd.id', 'pd.document_id')
    .select(['pd.profile_id as owner_id', 'd.file', 'd.original_filename'])
    .where('pd.profile_id', '=', profileId).orderBy('pd.position').execute();
}

export async function findProfileCategories(db: QueryDb, profileId: number): Promise<CategoryRow[]> {
  return await db.selectFrom('profile_categories as pc')
    .innerJoin('categories as c', 'c.id', 'pc.category_id')
    .leftJoin('categories as parent', 'parent.id', 'c.parent_id')
    .select(['pc.profile_id as owner_id', 'c.id', 'c.type', 'c.name', 'c.slug', 'parent.name as parent_name', 'parent.slug as parent_slug'])
    .where('pc.profile_id', '=', profileId).orderBy('pc.position').execute() as CategoryRow[];
}

export async function findBusinessHours(db: QueryDb, profileId: number): Promise<BusinessHoursRow[]> {
  return db.selectFrom('business_hours').select(['day', 'opens', 'closes']).where('profile_id', '=', profileId)
    .orderBy('day').orderBy('opens').execute();
}

/** A profile's dated exceptions from `from` ('YYYY-MM-DD') on, by date. */
export async function findSpecialHours(db: QueryDb, profileId: number, from: string): Promise<SpecialHoursRow[]> {
  return db.selectFrom('profile_special_hours').select(['date', 'label', 'opens', 'closes']).where('profile_id', '=', profileId)
    .where('date', '>=', from).orderBy('date').orderBy('opens').orderBy('id').execute();
}

/** What a business offers (keys of shared/profile-attributes.ts). */
export async function findProfileAttributes(db: QueryDb, profileId: number): Promise<string[]> {
  return (await db.selectFrom('profile_attributes').select('attribute').where('profile_id', '=', profileId).orderBy('attribute').execute()).map((row) => row.attribute);
}

export async function findProfileLocations(db: QueryDb, profileId: number): Promise<LocationRow[]> {
  return db.selectFrom('locations as l')
    .innerJoin('cities as c', 'c.id', 'l.city_id')
    .innerJoin('states as s', 's.id', 'l.state_id')
    .select(['l.profile_id as owner_id', ...LOCATION_COLUMNS])
    .where('l.profile_id', '=', profileId).orderBy('l.position').execute();
}

/** The branches' own opening hours (a branch without any keeps the business's). */
export async function findLocationHours(db: QueryDb, locationIds: readonly number[]): Promise<(BusinessHoursRow & { location_id: number })[]> {
  if (locationIds.length === 0) return [];
  const rows = await db.selectFrom('location_hours').select(['location_id', 'day', 'opens', 'closes']).where('location_id', 'in', [...locationIds])
    .orderBy('location_id').orderBy('day').orderBy('opens').execute();
  return rows.map((row) => ({ ...row, location_id: Number(row.location_id), day: Number(row.day) }));
}

/** The branches' own special hours from `from` (a date) on. */
export async function findLocationSpecialHours(db: QueryDb, locationIds: readonly number[], from: string): Promise<(SpecialHoursRow & { location_id: number })[]> {
  if (locationIds.length === 0) return [];
  const rows = await db.selectFrom('location_special_hours').select(['location_id', 'date', 'label', 'opens', 'closes']).where('location_id', 'in', [...locationIds])
    .where('date', '>=', from).orderBy('location_id').orderBy('date').orderBy('opens').execute();
  return rows.map((row) => ({ ...row, location_id: Number(row.location_id) }));
}


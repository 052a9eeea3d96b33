/** The catalogue's posts, as cards and detail pages read them (migration 0001), in the query layer for every backend. */
import { sql } from 'kysely';
import type { ListingType } from '../../../shared/constants.ts';
import type { AttributeRow, CategoryRow, DocumentRow, LocationRow, MediaRow, PostRow } from '../rows.ts';
import { flag, livePost, LOCATION_COLUMNS, namesItsCompany, optionalFlag, type QueryDb } from './query.ts';

export async function findPostIdBySlug(db: QueryDb, slug: string): Promise<number | undefined> {
  return (await db.selectFrom('posts').select('id').where('slug', '=', slug).executeTakeFirst())?.id;
}

/** Posts with their profile and type-specific fields, in the order of `ids`. */
export async function findPostRows(db: QueryDb, ids: readonly number[], now: string): Promise<PostRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('posts as p')
    .innerJoin('profiles as pr', 'pr.id', 'p.profile_id')
    .leftJoin('media as lm', 'lm.id', 'pr.logo_id')
    .leftJoin('job_details as j', 'j.post_id', 'p.id')
    .leftJoin('hireme_details as h', 'h.post_id', 'p.id')
    .leftJoin('service_details as s', 's.post_id', 'p.id')
    .leftJoin('buysell_details as b', 'b.post_id', 'p.id')
    .select([
      'p.id', 'p.type', 'p.slug', 'p.title', 'p.summary', 'p.content_lang', 'p.plan', 'p.price_min_sen', 'p.price_max_sen', 'p.price_currency', 'p.op_sen',
      'p.hyperlink', 'p.view_count', 'p.rating', 'p.rating_count', 'p.published_at', 'p.expires_at', 'p.status', livePost(now).as('live'),
      'p.owner_user_id', 'pr.owner_user_id as profile_owner_user_id', 'pr.id as profile_id', 'pr.slug as profile_slug', 'pr.name as profile_name',
      'pr.kind as profile_kind', 'pr.plan as profile_plan', 'pr.claimed as profile_claimed', 'pr.rating as profile_rating',
      'pr.rating_count as profile_rating_count', 'pr.about as profile_about',
      // The card's marks (issue 45): an approved SSM number still the business's own (as typed, spaces and dashes
      // aside), and an approved phone number still listed (its national digits end a listed number).
      sql<unknown>`EXISTS (SELECT 1 FROM profile_verifications v WHERE v.profile_id = pr.id AND v.kind = 'ssm' AND v.status = 'approved'
        AND replace(replace(COALESCE(pr.company_no, ''), ' ', ''), '-', '') LIKE v.value || '%')`.as('profile_ssm'),
      sql<unknown>`EXISTS (SELECT 1 FROM profile_verifications v JOIN locations l ON l.profile_id = v.profile_id WHERE v.profile_id = pr.id
        AND v.kind = 'phone' AND v.status = 'approved' AND (replace(replace(replace(COALESCE(l.phone_number, ''), ' ', ''), '-', ''), '+', '') LIKE '%' || substr(v.value, 3)
        OR replace(replace(replace(COALESCE(l.company_phone_number, ''), ' ', ''), '-', ''), '+', '') LIKE '%' || substr(v.value, 3)))`.as('profile_phone'),
      'lm.thumbnail as profile_logo_thumbnail', 'lm.full as profile_logo_full',
      'lm.thumbnail_webp as profile_logo_thumbnail_webp', 'lm.full_webp as profile_logo_full_webp',
      'j.level as job_level', 'j.experience_years as job_experience_years', 'j.requirements as job_requirements',
      'j.responsibilities as job_responsibilities', 'j.benefits as job_benefits',
      'j.company_confidential as job_confidential', 'j.resume_required as job_resume_required', 'j.salary_type as job_salary_type',
      'h.expertise as hireme_expertise', 'h.rate as hireme_rate', 'h.vaccination as hireme_vaccination',
      'h.skill as hireme_skill', 'h.experience as hireme_experience', 'h.education as hireme_education',
      'h.company_confidential as hireme_confidential',
      's.description as service_description',
      'b.deal_type as buysell_type', 'b.condition as buysell_condition', 'b.brand as buysell_brand',
      'b.qty as buysell_qty', 'b.description as buysell_description',
    ])
    .where('p.id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, {
    ...row,
    live: flag(row.live), profile_claimed: flag(row.profile_claimed), profile_ssm: flag(row.profile_ssm), profile_phone: flag(row.profile_phone),
    job_confidential: optionalFlag(row.job_confidential), job_resume_required: optionalFlag(row.job_resume_required),
    hireme_confidential: optionalFlag(row.hireme_confidential),
  } as PostRow]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function findPostMedia(db: QueryDb, ids: readonly number[], firstOnly = false): Promise<MediaRow[]> {
  if (ids.length === 0) return [];
  let query = db.selectFrom('post_media as pm').innerJoin('media as m', 'm.id', 'pm.media_id')
    .select(['pm.post_id as owner_id', 'pm.position', 'pm.caption', 'm.kind', 'm.mime_type', 'm.thumbnail', 'm.full', 'm.thumbnail_webp', 'm.full_webp', 'm.file'])
    .where('pm.post_id', 'in', [...ids]);
  if (firstOnly) query = query.where('pm.position', '=', 0);
  return await query.orderBy('pm.post_id').orderBy('pm.position').execute() as MediaRow[];
}

export async function findPostDocuments(db: QueryDb, ids: readonly number[]): Promise<DocumentRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('post_documents as pd').innerJoin('documents as d', 'd.id', 'pd.document_id')
    .select(['pd.post_id as owner_id', 'd.file', 'd.original_filename'])
    .where('pd.post_id', 'in', [...ids]).orderBy('pd.post_id').orderBy('pd.position').execute();
}

export async function findPostCategories(db: QueryDb, ids: readonly number[]): Promise<CategoryRow[]> {
  if (ids.length === 0) return [];
  return await db.selectFrom('post_categories as pc')
    .innerJoin('categories as c', 'c.id', 'pc.category_id')
    .leftJoin('categories as parent', 'parent.id', 'c.parent_id')
    .select(['pc.post_id as owner_id', 'c.id', 'c.type', 'c.name', 'c.slug', 'parent.name as parent_name', 'parent.slug as parent_slug'])
    .where('pc.post_id', 'in', [...ids]).orderBy('pc.post_id').orderBy('pc.position').execute() as CategoryRow[];
}

export async function findPostLocations(db: QueryDb, ids: readonly number[]): Promise<LocationRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('post_locations as pl')
    .innerJoin('locations as l', 'l.id', 'pl.location_id')
    .innerJoin('cities as c', 'c.id', 'l.city_id')
    .innerJoin('states as s', 's.id', 'l.state_id')
    .select(['pl.post_id as owner_id', ...LOCATION_COLUMNS])
    .where('pl.post_id', 'in', [...ids]).orderBy('pl.post_id').orderBy('pl.position').execute();
}

export async function findPostAttributes(db: QueryDb, ids: readonly number[]): Promise<AttributeRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('post_attributes').select(['post_id', 'name', 'value'])
    .where('post_id', 'in', [...ids]).orderBy('post_id').orderBy('name').orderBy('value').execute();
}

/** A profile's live posts of one type that name it (no confidential ones), newest first. */
export async function findPostIdsByProfile(db: QueryDb, profileId: number, type: ListingType, limit: number, now: string): Promise<number[]> {
  const rows = await db.selectFrom('posts as p').select('p.id')
    .where('p.profile_id', '=', profileId).where('p.type', '=', type).where(livePost(now)).where(namesItsCompany)
    .orderBy('p.published_at', 'desc').orderBy('p.id').limit(limit).execute();
  return rows.map((row) => row.id);
}

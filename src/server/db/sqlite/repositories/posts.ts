import type { ListingType } from '../../../../shared/constants.ts';
import type { Db } from '../connection.ts';
import type { AttributeRow, CategoryRow, DocumentRow, LocationRow, MediaRow, PostRow } from '../../rows.ts';
import { all, flag, idList, LIVE_POST_SQL, LOCATION_COLUMNS, one, optionalFlag } from '../query.ts';

const IDS = 'SELECT value FROM json_each(?)';

export function findPostIdBySlug(db: Db, slug: string): number | undefined {
  return one<{ id: number }>(db, 'SELECT id FROM posts WHERE slug = ?', slug)?.id;
}

/** Posts with their profile and type-specific fields, in the order of `ids`. */
export function findPostRows(db: Db, ids: readonly number[]): PostRow[] {
  const rows = all<Record<string, unknown>>(db, `
    SELECT p.id, p.type, p.slug, p.title, p.summary, p.plan, p.price_min_sen, p.price_max_sen, p.price_currency, p.op_sen,
      p.hyperlink, p.view_count, p.rating, p.rating_count, p.published_at, p.expires_at, p.status, ${LIVE_POST_SQL} AS live,
      p.owner_user_id, pr.owner_user_id AS profile_owner_user_id, pr.id AS profile_id, pr.slug AS profile_slug, pr.name AS profile_name, pr.kind AS profile_kind,
      pr.plan AS profile_plan, pr.claimed AS profile_claimed, pr.rating AS profile_rating,
      pr.rating_count AS profile_rating_count, pr.about AS profile_about,
      lm.thumbnail AS profile_logo_thumbnail, lm.full AS profile_logo_full,
      lm.thumbnail_webp AS profile_logo_thumbnail_webp, lm.full_webp AS profile_logo_full_webp,
      j.level AS job_level, j.experience_years AS job_experience_years, j.requirements AS job_requirements,
      j.responsibilities AS job_responsibilities, j.benefits AS job_benefits,
      j.company_confidential AS job_confidential, j.resume_required AS job_resume_required,
      h.expertise AS hireme_expertise, h.rate AS hireme_rate, h.vaccination AS hireme_vaccination,
      h.skill AS hireme_skill, h.experience AS hireme_experience, h.education AS hireme_education,
      h.company_confidential AS hireme_confidential,
      s.description AS service_description,
      b.deal_type AS buysell_type, b.condition AS buysell_condition, b.brand AS buysell_brand,
      b.qty AS buysell_qty, b.description AS buysell_description
    FROM posts p
    JOIN profiles pr ON pr.id = p.profile_id
    LEFT JOIN media lm ON lm.id = pr.logo_id
    LEFT JOIN job_details j ON j.post_id = p.id
    LEFT JOIN hireme_details h ON h.post_id = p.id
    LEFT JOIN service_details s ON s.post_id = p.id
    LEFT JOIN buysell_details b ON b.post_id = p.id
    WHERE p.id IN (${IDS})`, idList(ids)).map((row): PostRow => ({
    ...(row as unknown as PostRow),
    live: flag(row.live), profile_claimed: flag(row.profile_claimed),
    job_confidential: optionalFlag(row.job_confidential), job_resume_required: optionalFlag(row.job_resume_required),
    hireme_confidential: optionalFlag(row.hireme_confidential),
  }));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export function findPostMedia(db: Db, ids: readonly number[], firstOnly = false): MediaRow[] {
  return all<MediaRow>(db, `
    SELECT pm.post_id AS owner_id, pm.position, pm.caption, m.kind, m.mime_type, m.thumbnail, m.full,
      m.thumbnail_webp, m.full_webp, m.file
    FROM post_media pm JOIN media m ON m.id = pm.media_id
    WHERE pm.post_id IN (${IDS}) ${firstOnly ? 'AND pm.position = 0' : ''}
    ORDER BY pm.post_id, pm.position`, idList(ids));
}

export function findPostDocuments(db: Db, ids: readonly number[]): DocumentRow[] {
  return all<DocumentRow>(db, `
    SELECT pd.post_id AS owner_id, d.file, d.original_filename
    FROM post_documents pd JOIN documents d ON d.id = pd.document_id
    WHERE pd.post_id IN (${IDS}) ORDER BY pd.post_id, pd.position`, idList(ids));
}

export function findPostCategories(db: Db, ids: readonly number[]): CategoryRow[] {
  return all<CategoryRow>(db, `
    SELECT pc.post_id AS owner_id, c.id, c.type, c.name, c.slug, parent.name AS parent_name, parent.slug AS parent_slug
    FROM post_categories pc
    JOIN categories c ON c.id = pc.category_id
    LEFT JOIN categories parent ON parent.id = c.parent_id
    WHERE pc.post_id IN (${IDS}) ORDER BY pc.post_id, pc.position`, idList(ids));
}

export function findPostLocations(db: Db, ids: readonly number[]): LocationRow[] {
  return all<LocationRow>(db, `
    SELECT pl.post_id AS owner_id, ${LOCATION_COLUMNS}
    FROM post_locations pl
    JOIN locations l ON l.id = pl.location_id
    JOIN cities c ON c.id = l.city_id
    JOIN states s ON s.id = l.state_id
    WHERE pl.post_id IN (${IDS}) ORDER BY pl.post_id, pl.position`, idList(ids));
}

export function findPostAttributes(db: Db, ids: readonly number[]): AttributeRow[] {
  return all<AttributeRow>(db, `SELECT post_id, name, value FROM post_attributes WHERE post_id IN (${IDS}) ORDER BY post_id, name, value`, idList(ids));
}

/** Best posts of a category (a main category includes its children): paying plans first, then rating, then the newest. */
export function findTopPostIdsInCategory(db: Db, categoryId: number, limit: number): number[] {
  const isMain = one<{ main: number }>(db, 'SELECT parent_id IS NULL AS main FROM categories WHERE id = ?', categoryId)?.main === 1;
  return all<{ post_id: number }>(db, `
    SELECT post_id FROM search_posts WHERE ${isMain ? 'parent_id' : 'category_id'} = ?
    ORDER BY plan_weight DESC, rating DESC, published_at DESC, post_id LIMIT ?`, categoryId, limit).map((row) => row.post_id);
}

/** Posts of other profiles in the given categories, best first: the related posts of a FREE profile. */
export function findRelatedPostIds(db: Db, profileId: number, categoryIds: readonly number[], limit: number): number[] {
  return all<{ post_id: number }>(db, `
    SELECT s.post_id FROM search_posts s JOIN posts p ON p.id = s.post_id
    WHERE s.category_id IN (SELECT value FROM json_each(?)) AND p.profile_id <> ?
    ORDER BY s.plan_weight DESC, s.rating DESC, s.published_at DESC, s.post_id LIMIT ?`,
  idList(categoryIds), profileId, limit).map((row) => row.post_id);
}

/** A profile's live posts of one type, newest first. */
export function findPostIdsByProfile(db: Db, profileId: number, type: ListingType, limit: number): number[] {
  return all<{ id: number }>(db, `
    SELECT id FROM posts p WHERE profile_id = ? AND type = ? AND ${LIVE_POST_SQL} ORDER BY published_at DESC, id LIMIT ?`,
  profileId, type, limit).map((row) => row.id);
}

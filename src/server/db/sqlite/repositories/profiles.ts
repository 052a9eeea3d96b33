import type { Db } from '../connection.ts';
import type { BusinessHoursRow, CategoryRow, DocumentRow, LocationRow, MediaRow, ProfileRow } from '../../rows.ts';
import { all, flag, LOCATION_COLUMNS, one } from '../query.ts';

export function findProfileBySlug(db: Db, slug: string): ProfileRow | undefined {
  const row = one<ProfileRow & { claimed: unknown }>(db, `
    SELECT pr.id, pr.slug, pr.kind, pr.name, pr.store_name, pr.company_no, pr.about, pr.plan, pr.claimed,
      pr.established_year, pr.url, pr.facebook, pr.twitter, pr.instagram, pr.linkedin, pr.wechat, pr.youtube,
      pr.whatsapp, pr.view_count, pr.rating, pr.rating_count, pr.owner_user_id,
      lm.thumbnail AS logo_thumbnail, lm.full AS logo_full, lm.thumbnail_webp AS logo_thumbnail_webp, lm.full_webp AS logo_full_webp,
      im.thumbnail AS image_thumbnail, im.full AS image_full, im.thumbnail_webp AS image_thumbnail_webp, im.full_webp AS image_full_webp
    FROM profiles pr
    LEFT JOIN media lm ON lm.id = pr.logo_id
    LEFT JOIN media im ON im.id = pr.image_id
    WHERE pr.slug = ?`, slug);
  return row && { ...row, claimed: flag(row.claimed) };
}

export function findProfileMedia(db: Db, profileId: number): MediaRow[] {
  return all<MediaRow>(db, `
    SELECT pm.profile_id AS owner_id, pm.position, pm.caption, m.kind, m.mime_type, m.thumbnail, m.full,
      m.thumbnail_webp, m.full_webp, m.file
    FROM profile_media pm JOIN media m ON m.id = pm.media_id
    WHERE pm.profile_id = ? ORDER BY pm.position`, profileId);
}

export function findProfileDocuments(db: Db, profileId: number): DocumentRow[] {
  return all<DocumentRow>(db, `
    SELECT pd.profile_id AS owner_id, d.file, d.original_filename
    FROM profile_documents pd JOIN documents d ON d.id = pd.document_id
    WHERE pd.profile_id = ? ORDER BY pd.position`, profileId);
}

export function findProfileCategories(db: Db, profileId: number): CategoryRow[] {
  return all<CategoryRow>(db, `
    SELECT pc.profile_id AS owner_id, c.id, c.type, c.name, c.slug, parent.name AS parent_name, parent.slug AS parent_slug
    FROM profile_categories pc
    JOIN categories c ON c.id = pc.category_id
    LEFT JOIN categories parent ON parent.id = c.parent_id
    WHERE pc.profile_id = ? ORDER BY pc.position`, profileId);
}

export function findProfileBadges(db: Db, profileId: number): string[] {
  return all<{ value: string }>(db, 'SELECT value FROM profile_badges WHERE profile_id = ? ORDER BY value', profileId)
    .map((row) => row.value);
}

export function findBusinessHours(db: Db, profileId: number): BusinessHoursRow[] {
  return all<BusinessHoursRow>(db, 'SELECT day, opens, closes FROM business_hours WHERE profile_id = ? ORDER BY day, opens', profileId);
}

export function findProfileLocations(db: Db, profileId: number): LocationRow[] {
  return all<LocationRow>(db, `
    SELECT l.profile_id AS owner_id, ${LOCATION_COLUMNS}
    FROM locations l
    JOIN cities c ON c.id = l.city_id
    JOIN states s ON s.id = l.state_id
    WHERE l.profile_id = ? ORDER BY l.position`, profileId);
}


/**
 * The catalogue as pages read it (migration 0001), written once for every backend: posts with their parts, profiles
 * with their hours, places and parts, the home's banners and categories, settings, CMS pages and reviews. What a
 * backend answers from its own search index (top posts of a category, related posts, the busiest categories) its
 * subclass adds.
 */
import { sql } from 'kysely';
import type { ListingType } from '../../../shared/constants.ts';
import type { CatalogRepository } from '../repositories.ts';
import type { AttributeRow, BannerRow, BusinessHoursRow, CategoryRow, CategoryTreeRow, DocumentRow, HomeCategoryRow, ListingRef, LocationRow, MediaRow, PlaceNameRow, PostRow, ProfileRow, ReviewMediaRow, ReviewRow, SpecialHoursRow } from '../rows.ts';
import type { Locale } from '../../../shared/locale.ts';
import { QueryRepository } from './query-access.ts';
import { count, FALSE, flag, listingColumn, livePost, LOCATION_COLUMNS, namesItsCompany, optionalFlag } from './query.ts';

/** What a backend answers from its own search index. */
export type CatalogFromSearchIndex = 'findTopPostIdsInCategory' | 'findRelatedPostIds' | 'findBusiestMainCategories';

export abstract class KyselyCatalogRepository extends QueryRepository implements Omit<CatalogRepository, CatalogFromSearchIndex> {
  findPostIdBySlug(slug: string): Promise<number | undefined> {
    return this.read(async (db) => (await db.selectFrom('posts').select('id').where('slug', '=', slug).executeTakeFirst())?.id);
  }

  /** Posts with their profile and type-specific fields, in the order of `ids`. */
  findPostRows(ids: readonly number[]): Promise<PostRow[]> {
    const now = this.now;
    return this.read(async (db) => {
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
    });
  }

  findPostMedia(ids: readonly number[], firstOnly = false): Promise<MediaRow[]> {
    return this.read(async (db) => {
      if (ids.length === 0) return [];
      let query = db.selectFrom('post_media as pm').innerJoin('media as m', 'm.id', 'pm.media_id')
        .select(['pm.post_id as owner_id', 'pm.position', 'pm.caption', 'm.kind', 'm.mime_type', 'm.thumbnail', 'm.full', 'm.thumbnail_webp', 'm.full_webp', 'm.file'])
        .where('pm.post_id', 'in', [...ids]);
      if (firstOnly) query = query.where('pm.position', '=', 0);
      return await query.orderBy('pm.post_id').orderBy('pm.position').execute() as MediaRow[];
    });
  }

  findPostDocuments(ids: readonly number[]): Promise<DocumentRow[]> {
    return this.read(async (db) => {
      if (ids.length === 0) return [];
      return db.selectFrom('post_documents as pd').innerJoin('documents as d', 'd.id', 'pd.document_id')
        .select(['pd.post_id as owner_id', 'd.file', 'd.original_filename'])
        .where('pd.post_id', 'in', [...ids]).orderBy('pd.post_id').orderBy('pd.position').execute();
    });
  }

  findPostCategories(ids: readonly number[]): Promise<CategoryRow[]> {
    return this.read(async (db) => {
      if (ids.length === 0) return [];
      return await db.selectFrom('post_categories as pc')
        .innerJoin('categories as c', 'c.id', 'pc.category_id')
        .leftJoin('categories as parent', 'parent.id', 'c.parent_id')
        .select(['pc.post_id as owner_id', 'c.id', 'c.type', 'c.name', 'c.slug', 'parent.name as parent_name', 'parent.slug as parent_slug'])
        .where('pc.post_id', 'in', [...ids]).orderBy('pc.post_id').orderBy('pc.position').execute() as CategoryRow[];
    });
  }

  findPostLocations(ids: readonly number[]): Promise<LocationRow[]> {
    return this.read(async (db) => {
      if (ids.length === 0) return [];
      return db.selectFrom('post_locations as pl')
        .innerJoin('locations as l', 'l.id', 'pl.location_id')
        .innerJoin('cities as c', 'c.id', 'l.city_id')
        .innerJoin('states as s', 's.id', 'l.state_id')
        .select(['pl.post_id as owner_id', ...LOCATION_COLUMNS])
        .where('pl.post_id', 'in', [...ids]).orderBy('pl.post_id').orderBy('pl.position').execute();
    });
  }

  findPostAttributes(ids: readonly number[]): Promise<AttributeRow[]> {
    return this.read(async (db) => {
      if (ids.length === 0) return [];
      return db.selectFrom('post_attributes').select(['post_id', 'name', 'value'])
        .where('post_id', 'in', [...ids]).orderBy('post_id').orderBy('name').orderBy('value').execute();
    });
  }

  /** A profile's live posts of one type that name it (no confidential ones), newest first. */
  findPostIdsByProfile(profileId: number, type: ListingType, limit: number): Promise<number[]> {
    const now = this.now;
    return this.read(async (db) => {
      const rows = await db.selectFrom('posts as p').select('p.id')
        .where('p.profile_id', '=', profileId).where('p.type', '=', type).where(livePost(now)).where(namesItsCompany)
        .orderBy('p.published_at', 'desc').orderBy('p.id').limit(limit).execute();
      return rows.map((row) => row.id);
    });
  }

  findProfileBySlug(slug: string): Promise<ProfileRow | undefined> {
    return this.read(async (db) => {
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
    });
  }

  findProfileMedia(profileId: number): Promise<MediaRow[]> {
    return this.read(async (db) => await db.selectFrom('profile_media as pm').innerJoin('media as m', 'm.id', 'pm.media_id')
      .select(['pm.profile_id as owner_id', 'pm.position', 'pm.caption', 'm.kind', 'm.mime_type', 'm.thumbnail', 'm.full', 'm.thumbnail_webp', 'm.full_webp', 'm.file'])
      .where('pm.profile_id', '=', profileId).orderBy('pm.position').execute() as MediaRow[]);
  }

  findProfileDocuments(profileId: number): Promise<DocumentRow[]> {
    return this.read(async (db) => db.selectFrom('profile_documents as pd').innerJoin('documents as d', 'd.id', 'pd.document_id')
      .select(['pd.profile_id as owner_id', 'd.file', 'd.original_filename'])
      .where('pd.profile_id', '=', profileId).orderBy('pd.position').execute());
  }

  findProfileCategories(profileId: number): Promise<CategoryRow[]> {
    return this.read(async (db) => await db.selectFrom('profile_categories as pc')
      .innerJoin('categories as c', 'c.id', 'pc.category_id')
      .leftJoin('categories as parent', 'parent.id', 'c.parent_id')
      .select(['pc.profile_id as owner_id', 'c.id', 'c.type', 'c.name', 'c.slug', 'parent.name as parent_name', 'parent.slug as parent_slug'])
      .where('pc.profile_id', '=', profileId).orderBy('pc.position').execute() as CategoryRow[]);
  }

  findBusinessHours(profileId: number): Promise<BusinessHoursRow[]> {
    return this.read(async (db) => db.selectFrom('business_hours').select(['day', 'opens', 'closes']).where('profile_id', '=', profileId)
      .orderBy('day').orderBy('opens').execute());
  }

  /** A profile's dated exceptions from `from` ('YYYY-MM-DD') on, by date. */
  findSpecialHours(profileId: number, from: string): Promise<SpecialHoursRow[]> {
    return this.read(async (db) => db.selectFrom('profile_special_hours').select(['date', 'label', 'opens', 'closes']).where('profile_id', '=', profileId)
      .where('date', '>=', from).orderBy('date').orderBy('opens').orderBy('id').execute());
  }

  /** The branches' own opening hours (a branch without any keeps the business's). */
  findLocationHours(locationIds: readonly number[]): Promise<(BusinessHoursRow & { location_id: number })[]> {
    return this.read(async (db) => {
      if (locationIds.length === 0) return [];
      const rows = await db.selectFrom('location_hours').select(['location_id', 'day', 'opens', 'closes']).where('location_id', 'in', [...locationIds])
        .orderBy('location_id').orderBy('day').orderBy('opens').execute();
      return rows.map((row) => ({ ...row, location_id: Number(row.location_id), day: Number(row.day) }));
    });
  }

  /** The branches' own special hours from `from` (a date) on. */
  findLocationSpecialHours(locationIds: readonly number[], from: string): Promise<(SpecialHoursRow & { location_id: number })[]> {
    return this.read(async (db) => {
      if (locationIds.length === 0) return [];
      const rows = await db.selectFrom('location_special_hours').select(['location_id', 'date', 'label', 'opens', 'closes']).where('location_id', 'in', [...locationIds])
        .where('date', '>=', from).orderBy('location_id').orderBy('date').orderBy('opens').execute();
      return rows.map((row) => ({ ...row, location_id: Number(row.location_id) }));
    });
  }

  /** What a business offers (keys of shared/profile-attributes.ts). */
  findProfileAttributes(profileId: number): Promise<string[]> {
    return this.read(async (db) => (await db.selectFrom('profile_attributes').select('attribute').where('profile_id', '=', profileId).orderBy('attribute').execute()).map((row) => row.attribute));
  }

  findProfileLocations(profileId: number): Promise<LocationRow[]> {
    return this.read(async (db) => db.selectFrom('locations as l')
      .innerJoin('cities as c', 'c.id', 'l.city_id')
      .innerJoin('states as s', 's.id', 'l.state_id')
      .select(['l.profile_id as owner_id', ...LOCATION_COLUMNS])
      .where('l.profile_id', '=', profileId).orderBy('l.position').execute());
  }

  findBanners(placement: string, locale: Locale): Promise<BannerRow[]> {
    return this.read(async (db) => await db.selectFrom('banners as b').innerJoin('media as m', 'm.id', 'b.media_id')
      .leftJoin('banner_texts as t', (join) => join.onRef('t.banner_id', '=', 'b.id').on('t.locale', '=', locale))
      .select((eb) => [eb.fn.coalesce('t.title', 'b.title').as('title'), eb.fn.coalesce('t.subtitle', 'b.subtitle').as('subtitle')])
      .select(['b.slot', 'b.hyperlink', 'm.thumbnail', 'm.full', 'm.thumbnail_webp', 'm.full_webp'])
      .where('b.placement', '=', placement).orderBy('b.slot').orderBy('b.position').execute() as BannerRow[]);
  }

  /** Featured posts of a placement that are still live, in their order. */
  findFeaturedPostIds(placement: string): Promise<number[]> {
    const now = this.now;
    return this.read(async (db) => {
      const rows = await db.selectFrom('featured_posts as f').innerJoin('posts as p', 'p.id', 'f.post_id').select('f.post_id')
        .where('f.placement', '=', placement).where(livePost(now)).orderBy('f.position').execute();
      return rows.map((row) => row.post_id);
    });
  }

  findHomeCategories(): Promise<HomeCategoryRow[]> {
    return this.read(async (db) => await db.selectFrom('home_categories as h')
      .innerJoin('categories as c', 'c.id', 'h.category_id')
      .leftJoin('categories as parent', 'parent.id', 'c.parent_id')
      .select(['c.id', 'c.type', 'c.name', 'c.slug', 'parent.name as parent_name', 'parent.slug as parent_slug'])
      .orderBy('h.position').execute() as HomeCategoryRow[]);
  }

  /** Every category, parents before children, in display order. */
  findCategoryTree(): Promise<CategoryTreeRow[]> {
    return this.read(async (db) => {
      const rows = await db.selectFrom('categories').select(['id', 'type', 'name', 'slug', 'parent_id', 'education'])
        .orderBy('type').orderBy(sql`parent_id IS NOT NULL`).orderBy('position').execute();
      return rows.map((row) => ({ ...row, education: flag(row.education) }) as CategoryTreeRow);
    });
  }

  findCategoryNames(): Promise<{ category_id: number; locale: 'ms' | 'zh'; name: string }[]> {
    return this.read(async (db) => {
      const rows = await db.selectFrom('category_names').select(['category_id', 'locale', 'name']).orderBy('category_id').orderBy('locale').execute();
      return rows as { category_id: number; locale: 'ms' | 'zh'; name: string }[];
    });
  }

  /** States' and towns' names in Malay and Chinese, each with its English name (issue 42). */
  findPlaceNames(): Promise<PlaceNameRow[]> {
    return this.read(async (db) => {
      const states = await db.selectFrom('state_names').innerJoin('states', 'states.id', 'state_names.state_id')
        .select(['states.name as english', 'state_names.locale', 'state_names.name']).execute();
      const cities = await db.selectFrom('city_names').innerJoin('cities', 'cities.id', 'city_names.city_id')
        .select(['cities.name as english', 'city_names.locale', 'city_names.name']).execute();
      return [...states, ...cities] as PlaceNameRow[];
    });
  }

  findSetting(key: string): Promise<string | undefined> {
    return this.read(async (db) => (await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value);
  }

  findCmsPage(page: string, locale: Locale): Promise<{ article_title: string; article_content: string } | undefined> {
    return this.read(async (db) => db.selectFrom('cms_pages as p')
      .leftJoin('cms_page_texts as t', (join) => join.onRef('t.page', '=', 'p.page').on('t.locale', '=', locale))
      .select((eb) => [eb.fn.coalesce('t.article_title', 'p.article_title').as('article_title'), eb.fn.coalesce('t.article_content', 'p.article_content').as('article_content')])
      .where('p.page', '=', page).executeTakeFirst());
  }

  findCountries(): Promise<{ id: number; name: string; calling_code: string }[]> {
    return this.read(async (db) => db.selectFrom('countries').select(['id', 'name', 'calling_code']).orderBy('id').execute());
  }

  findStates(): Promise<{ id: number; name: string }[]> {
    return this.read(async (db) => db.selectFrom('states').select(['id', 'name']).orderBy('name').execute());
  }

  /** One page of the visible reviews of a post or profile, newest first, and how many there are in all. */
  findReviews(listing: ListingRef, limit: number, offset: number): Promise<{ total: number; rows: ReviewRow[]; media: ReviewMediaRow[] }> {
    return this.read(async (db) => {
      const column = listingColumn(listing);
      const counted = await db.selectFrom('reviews').select((eb) => eb.fn.countAll().as('n'))
        .where(column, '=', listing.id).where('hidden', '=', FALSE).executeTakeFirst();
      const rows = await db.selectFrom('reviews as r').leftJoin('media as m', 'm.id', 'r.reviewer_image_id')
        .leftJoin('review_replies as rr', 'rr.review_id', 'r.id')
        .select([
          'r.id', 'r.reviewer_name', 'm.thumbnail as reviewer_image_thumbnail', 'm.full as reviewer_image_full',
          'm.thumbnail_webp as reviewer_image_thumbnail_webp', 'm.full_webp as reviewer_image_full_webp', 'r.rating', 'r.content', 'r.created_at',
          'rr.content as reply_content', 'rr.created_at as reply_created_at',
        ])
        .where(`r.${column}`, '=', listing.id).where('r.hidden', '=', FALSE)
        .orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(limit).offset(offset).execute();
      const media = rows.length === 0 ? [] : await db.selectFrom('review_media as rm').innerJoin('media as m', 'm.id', 'rm.media_id')
        .select(['rm.review_id as owner_id', 'm.thumbnail', 'm.full', 'm.thumbnail_webp', 'm.full_webp'])
        .where('rm.review_id', 'in', rows.map((row) => row.id)).orderBy('rm.review_id').orderBy('rm.position').execute();
      return { total: count(counted?.n), rows: rows.map((row) => ({ ...row, rating: Number(row.rating) })), media };
    });
  }

  /** True when the post (of that type) or profile exists. */
  listingExists(listing: ListingRef): Promise<boolean> {
    return this.read(async (db) => {
      const row = listing.type === 'profile'
        ? await db.selectFrom('profiles').select('id').where('id', '=', listing.id).executeTakeFirst()
        : await db.selectFrom('posts').select('id').where('id', '=', listing.id).where('type', '=', listing.type).executeTakeFirst();
      return row !== undefined;
    });
  }
}

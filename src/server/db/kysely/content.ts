/** Editorial content: banners, featured posts, categories, settings, CMS pages and places (migration 0001), for every backend. */
import { sql } from 'kysely';
import type { BannerRow, CategoryTreeRow, HomeCategoryRow, PlaceNameRow, PlaceRow } from '../rows.ts';
import { flag, likeEscaped, livePost, type QueryDb } from './query.ts';

export async function findBanners(db: QueryDb, placement: string): Promise<BannerRow[]> {
  return await db.selectFrom('banners as b').innerJoin('media as m', 'm.id', 'b.media_id')
    .select(['b.slot', 'b.title', 'b.subtitle', 'b.hyperlink', 'm.thumbnail', 'm.full', 'm.thumbnail_webp', 'm.full_webp'])
    .where('b.placement', '=', placement).orderBy('b.slot').orderBy('b.position').execute() as BannerRow[];
}

/** Featured posts of a placement that are still live, in their order. */
export async function findFeaturedPostIds(db: QueryDb, placement: string, now: string): Promise<number[]> {
  const rows = await db.selectFrom('featured_posts as f').innerJoin('posts as p', 'p.id', 'f.post_id').select('f.post_id')
    .where('f.placement', '=', placement).where(livePost(now)).orderBy('f.position').execute();
  return rows.map((row) => row.post_id);
}

export async function findHomeCategories(db: QueryDb): Promise<HomeCategoryRow[]> {
  return await db.selectFrom('home_categories as h')
    .innerJoin('categories as c', 'c.id', 'h.category_id')
    .leftJoin('categories as parent', 'parent.id', 'c.parent_id')
    .select(['c.id', 'c.type', 'c.name', 'c.slug', 'parent.name as parent_name', 'parent.slug as parent_slug'])
    .orderBy('h.position').execute() as HomeCategoryRow[];
}

/** Every category, parents before children, in display order. */
export async function findCategoryTree(db: QueryDb): Promise<CategoryTreeRow[]> {
  const rows = await db.selectFrom('categories').select(['id', 'type', 'name', 'slug', 'parent_id', 'education'])
    .orderBy('type').orderBy(sql`parent_id IS NOT NULL`).orderBy('position').execute();
  return rows.map((row) => ({ ...row, education: flag(row.education) }) as CategoryTreeRow);
}

export async function findCategoryNames(db: QueryDb): Promise<{ category_id: number; locale: 'ms' | 'zh'; name: string }[]> {
  const rows = await db.selectFrom('category_names').select(['category_id', 'locale', 'name']).orderBy('category_id').orderBy('locale').execute();
  return rows as { category_id: number; locale: 'ms' | 'zh'; name: string }[];
}

/** States' and towns' names in Malay and Chinese, each with its English name (issue 42). */
export async function findPlaceNames(db: QueryDb): Promise<PlaceNameRow[]> {
  const states = await db.selectFrom('state_names').innerJoin('states', 'states.id', 'state_names.state_id')
    .select(['states.name as english', 'state_names.locale', 'state_names.name']).execute();
  const cities = await db.selectFrom('city_names').innerJoin('cities', 'cities.id', 'city_names.city_id')
    .select(['cities.name as english', 'city_names.locale', 'city_names.name']).execute();
  return [...states, ...cities] as PlaceNameRow[];
}

/** True when the catalogue has nothing yet (a fresh database for the demo data). */
export async function catalogueIsEmpty(db: QueryDb): Promise<boolean> {
  return (await db.selectFrom('categories').select('id').limit(1).executeTakeFirst()) === undefined;
}

export async function findSetting(db: QueryDb, key: string): Promise<string | undefined> {
  return (await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;
}

export async function findCmsPage(db: QueryDb, page: string): Promise<{ article_title: string; article_content: string } | undefined> {
  return db.selectFrom('cms_pages').select(['article_title', 'article_content']).where('page', '=', page).executeTakeFirst();
}

export async function findCountries(db: QueryDb): Promise<{ id: number; name: string; calling_code: string }[]> {
  return db.selectFrom('countries').select(['id', 'name', 'calling_code']).orderBy('id').execute();
}

export async function findStates(db: QueryDb): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('states').select(['id', 'name']).orderBy('name').execute();
}

/**
 * States and towns whose name, or a word of it, starts with `prefix`; states first, then the shortest names.
 * Both sides are lower-cased: SQLite's LIKE ignores case, PostgreSQL's does not.
 */
export async function findPlacesByPrefix(db: QueryDb, prefix: string, limit: number): Promise<PlaceRow[]> {
  const pattern = `% ${likeEscaped(prefix.toLowerCase())}%`;
  const states = db.selectFrom('states as s').select((eb) => [
    sql<string>`'state'`.as('kind'), 's.id', 's.name', 's.name as state_name',
    eb.selectFrom('cities as c').select((inner) => inner.fn.avg<number>('c.latitude').as('v')).whereRef('c.state_id', '=', 's.id').as('latitude'),
    eb.selectFrom('cities as c').select((inner) => inner.fn.avg<number>('c.longitude').as('v')).whereRef('c.state_id', '=', 's.id').as('longitude'),
  ]).where(sql<boolean>`' ' || lower(s.name) LIKE ${pattern} ESCAPE '\\'`);
  const cities = db.selectFrom('cities as c').innerJoin('states as s', 's.id', 'c.state_id')
    .select([sql<string>`'city'`.as('kind'), 'c.id', 'c.name', 's.name as state_name', 'c.latitude', 'c.longitude'])
    .where(sql<boolean>`' ' || lower(c.name) LIKE ${pattern} ESCAPE '\\'`);
  const rows = await db.selectFrom(states.unionAll(cities).as('places')).selectAll()
    .orderBy(sql`kind = 'state'`, 'desc').orderBy(sql`length(name)`).orderBy('name').limit(limit).execute();
  return rows.map((row) => ({ ...row, latitude: Number(row.latitude), longitude: Number(row.longitude) }) as PlaceRow);
}

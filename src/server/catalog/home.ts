import { LISTING_TYPES, type ListingType } from '../../shared/constants.ts';
import type { Locale } from '../../shared/locale.ts';
import type { AppData, Banner, CategoryHome, EducationHome, Home, Specialization } from '../../shared/schemas/catalog.ts';
import type { BannerRow } from '../db/rows.ts';
import type { MediaUrls } from '../media/urls.ts';
import type { CacheInvalidations } from '../cache/invalidations.ts';
import type { CatalogContext } from './context.ts';
import { getPostCards } from './posts.ts';

/** Posts per home category row: one row of the skeleton's 6 (spec §9); View More leads to the rest. */
const HOME_ROW_POSTS = 6;

function toBanner(media: MediaUrls, row: BannerRow): Banner {
  return { title: row.title, subtitle: row.subtitle, image: media.imageUrls(row)!, hyperlink: row.hyperlink };
}

/** The main and sub banners of a placement (home, a listing type, education). */
async function getBanners({ repos, media }: CatalogContext, placement: string, locale: Locale): Promise<Home['banners']> {
  const rows = await repos.catalog.findBanners(placement, locale);
  return {
    main: rows.filter((row) => row.slot === 'main').map((row) => toBanner(media, row)),
    sub: rows.filter((row) => row.slot === 'sub').map((row) => toBanner(media, row)),
  };
}

/** The home page: banners (in `locale`), featured posts and one row of posts per home category. */
export function getHome(context: CatalogContext, locale: Locale = 'en'): Promise<Home> {
  return sharedUntilChanged(context, `home:${locale}`, () => buildHome(context, locale));
}

async function buildHome(context: CatalogContext, locale: Locale): Promise<Home> {
  const { catalog } = context.repos;
  return {
    banners: await getBanners(context, 'home', locale),
    featured_posts: await getPostCards(context, await catalog.findFeaturedPostIds('home')),
    home_category_posts: await Promise.all((await catalog.findHomeCategories()).map(async (category) => ({
      category: {
        name: category.name,
        type: category.type,
        slug: category.slug,
        parent: category.parent_name !== null && category.parent_slug !== null
          ? { name: category.parent_name, slug: category.parent_slug } : null,
      },
      posts: await getPostCards(context, await catalog.findTopPostIdsInCategory(category.id, HOME_ROW_POSTS)),
    }))),
  };
}

/**
 * Main categories of every type with their children, in display order (only education ones when asked), named in
 * `locale` (issue 42: a category without a name in it keeps its English one); shared until a change.
 */
export function getSpecializationsByType(context: CatalogContext, options: { educationOnly?: boolean; locale?: Locale } = {}): Promise<Record<ListingType, Specialization[]>> {
  const locale = options.locale ?? 'en';
  return sharedUntilChanged(context, `${options.educationOnly ? 'tree:education' : 'tree'}:${locale}`, () => buildSpecializations(context, { ...options, locale }));
}

/** The categories' names in a language other than English, by id. */
async function categoryNamesIn(context: CatalogContext, locale: Locale): Promise<Map<number, string>> {
  if (locale === 'en') return new Map();
  return new Map((await context.repos.catalog.findCategoryNames()).filter((row) => row.locale === locale).map((row) => [row.category_id, row.name]));
}

async function buildSpecializations(context: CatalogContext, options: { educationOnly?: boolean; locale: Locale }): Promise<Record<ListingType, Specialization[]>> {
  const names = await categoryNamesIn(context, options.locale);
  const rows = (await context.repos.catalog.findCategoryTree()).filter((row) => !options.educationOnly || row.education)
    .map((row) => ({ ...row, name: names.get(row.id) ?? row.name }));
  const result = Object.fromEntries(LISTING_TYPES.map((type) => [type, [] as Specialization[]])) as Record<ListingType, Specialization[]>;
  const parents = new Map<number, Specialization>();
  for (const row of rows) {
    if (row.parent_id === null) {
      const parent: Specialization = { name: row.name, slug: row.slug, type: row.type, child: [] };
      parents.set(row.id, parent);
      result[row.type].push(parent);
    } else {
      parents.get(row.parent_id)?.child.push({ name: row.name, slug: row.slug, type: row.type });
    }
  }
  return result;
}

async function stringList({ repos }: CatalogContext, key: string): Promise<string[]> {
  const value = await repos.catalog.findSetting(key);
  return value === undefined ? [] : (JSON.parse(value) as string[]);
}

const memo = new WeakMap<CacheInvalidations, Map<string, Promise<unknown>>>();

/** Home and header data read every list and category: any change empties it (at most once a second, decision 0017). */
function memoOf(invalidations: CacheInvalidations): Map<string, Promise<unknown>> {
  let values = memo.get(invalidations);
  if (!values) {
    const fresh = new Map<string, Promise<unknown>>();
    memo.set(invalidations, (values = fresh));
    invalidations.subscribe(() => fresh.clear());
  }
  return values;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * Home, header and category-tree content is the same for every visitor until the catalogue changes, so it is
 * computed once until a change is seen (views change nothing) and shared, frozen, by every caller.
 */
async function sharedUntilChanged<T>(context: CatalogContext, key: string, compute: () => Promise<T>): Promise<T> {
  const { invalidations } = context;
  // Without a process's invalidations (a search worker) nothing is shared.
  if (!invalidations) return compute();
  await invalidations.catchUp();
  const values = memoOf(invalidations);
  let value = values.get(key) as Promise<T> | undefined;
  if (!value) {
    const began = invalidations.current;
    value = compute().then(deepFreeze);
    values.set(key, value);
    value.then(() => {
      // Computed from data a change seen meanwhile may have altered (any change empties this memo): the next caller
      // computes it again. (Asking changedSince with the tag '*' named only a rebuild, and kept a stale home.)
      if (invalidations.current !== began) values.delete(key);
    }, () => values.delete(key));
  }
  return value;
}

/** What the header needs on every page: the category menus, popular searches and suggested locations. */
export function getAppData(context: CatalogContext): Promise<AppData> {
  return sharedUntilChanged(context, 'app_data', async () => ({
    header: {
      popular_searches: await stringList(context, 'popular_searches'),
      suggested_locations: await stringList(context, 'suggested_locations'),
    },
    categories: await getSpecializationsByType(context),
  }));
}

/** How many main categories a category home lists posts for, and how many posts each. */
const CATEGORY_HOME_ROWS = 8;
const CATEGORY_HOME_ROW_POSTS = 8;

/** A category home (/services, /jobs …): its categories, banners, featured posts and the busiest categories' best posts. */
export function getCategoryHome(context: CatalogContext, type: ListingType, locale: Locale = 'en'): Promise<CategoryHome> {
  return sharedUntilChanged(context, `category_home:${type}:${locale}`, () => buildCategoryHome(context, type, locale));
}

async function buildCategoryHome(context: CatalogContext, type: ListingType, locale: Locale): Promise<CategoryHome> {
  const { catalog } = context.repos;
  const categories = (await getSpecializationsByType(context, { locale }))[type];
  // The busiest main categories are named as the tree names them, in `locale`.
  const names = new Map(categories.map((category) => [category.slug, category.name]));
  return {
    type,
    categories,
    banners: await getBanners(context, type, locale),
    featured_posts: await getPostCards(context, await catalog.findFeaturedPostIds(type)),
    category_posts: await Promise.all((await catalog.findBusiestMainCategories(type, CATEGORY_HOME_ROWS)).map(async (category) => ({
      category: { name: names.get(category.slug) ?? category.name, type: category.type, slug: category.slug, parent: null },
      posts: await getPostCards(context, await catalog.findTopPostIdsInCategory(category.id, CATEGORY_HOME_ROW_POSTS)),
    }))),
  };
}

/** The education home: education categories of every type, regrouped, with their banners and featured posts. */
export function getEducationHome(context: CatalogContext, locale: Locale = 'en'): Promise<EducationHome> {
  return sharedUntilChanged(context, `education_home:${locale}`, async () => ({
    categories: Object.values(await getSpecializationsByType(context, { educationOnly: true, locale })).flat(),
    banners: await getBanners(context, 'education', locale),
    featured_posts: await getPostCards(context, await context.repos.catalog.findFeaturedPostIds('education')),
  }));
}

/** A seasonal landing page (raya-special): banners and featured posts of its placement. */
export async function getSpecialHome(context: CatalogContext, placement: 'raya-special', locale: Locale = 'en') {
  return {
    banners: await getBanners(context, placement, locale),
    featured_posts: await getPostCards(context, await context.repos.catalog.findFeaturedPostIds(placement)),
  };
}

/** Main categories of a type without their children. */
export async function getParentSpecializations(context: CatalogContext, type: ListingType, locale: Locale = 'en') {
  return (await getSpecializationsByType(context, { locale }))[type].map(({ name, slug, type: categoryType }) => ({ name, slug, type: categoryType }));
}

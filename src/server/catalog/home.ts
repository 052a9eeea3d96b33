import { LISTING_TYPES, PAGE_SIZES, type ListingType } from '../../shared/constants.ts';
import type { AppData, Banner, CategoryHome, EducationHome, Home, Specialization } from '../../shared/schemas/catalog.ts';
import type { Db } from '../db/connection.ts';
import {
  findBanners, findBusiestMainCategories, findCategoryTree, findFeaturedPostIds, findHomeCategories, findSetting, type BannerRow,
} from '../db/repositories/content.ts';
import { findTopPostIdsInCategory } from '../db/repositories/posts.ts';
import { catalogVersion } from '../db/repositories/search.ts';
import { imageUrls } from '../media/urls.ts';
import { getPostCards } from './posts.ts';

/** Posts per home category row: two rows' worth of the skeleton's 6. */
const HOME_ROW_POSTS = PAGE_SIZES.search;

function toBanner(row: BannerRow): Banner {
  return { title: row.title, subtitle: row.subtitle, image: imageUrls(row)!, hyperlink: row.hyperlink };
}

export function getBanners(db: Db, placement: string): Home['banners'] {
  const rows = findBanners(db, placement);
  return {
    main: rows.filter((row) => row.slot === 'main').map(toBanner),
    sub: rows.filter((row) => row.slot === 'sub').map(toBanner),
  };
}

/** The home page: banners, featured posts and one row of posts per home category. */
export function getHome(db: Db): Home {
  return perVersion(db, 'home', () => buildHome(db));
}

function buildHome(db: Db): Home {
  return {
    banners: getBanners(db, 'home'),
    featured_posts: getPostCards(db, findFeaturedPostIds(db, 'home')),
    home_category_posts: findHomeCategories(db).map((category) => ({
      category: {
        name: category.name,
        type: category.type,
        slug: category.slug,
        parent: category.parent_name !== null && category.parent_slug !== null
          ? { name: category.parent_name, slug: category.parent_slug } : null,
      },
      posts: getPostCards(db, findTopPostIdsInCategory(db, category.id, HOME_ROW_POSTS)),
    })),
  };
}

/** Main categories of every type with their children, in display order (only education ones when asked). */
export function getSpecializationsByType(db: Db, options: { educationOnly?: boolean } = {}): Record<ListingType, Specialization[]> {
  const rows = findCategoryTree(db).filter((row) => !options.educationOnly || row.education === 1);
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

function stringList(db: Db, key: string): string[] {
  const value = findSetting(db, key);
  return value === undefined ? [] : (JSON.parse(value) as string[]);
}

const memo = new WeakMap<Db, { version: number; values: Map<string, unknown> }>();

/**
 * Home and header content is the same for every visitor until the catalogue changes, so it is
 * computed once per catalogue version (views do not change the version). Callers get a copy.
 */
function perVersion<T>(db: Db, key: string, compute: () => T): T {
  const version = catalogVersion(db);
  let entry = memo.get(db);
  if (!entry || entry.version !== version) memo.set(db, (entry = { version, values: new Map() }));
  if (!entry.values.has(key)) entry.values.set(key, compute());
  return structuredClone(entry.values.get(key) as T);
}

/** What the header needs on every page: the category menus, popular searches and suggested locations. */
export function getAppData(db: Db): AppData {
  return perVersion(db, 'app_data', () => buildAppData(db));
}

function buildAppData(db: Db): AppData {
  return {
    header: {
      popular_searches: stringList(db, 'popular_searches'),
      suggested_locations: stringList(db, 'suggested_locations'),
    },
    categories: getSpecializationsByType(db),
  };
}

/** How many main categories a category home lists posts for, and how many posts each. */
const CATEGORY_HOME_ROWS = 8;
const CATEGORY_HOME_ROW_POSTS = 8;

/** A category home (/services, /jobs …): its categories, banners, featured posts and the busiest categories' best posts. */
export function getCategoryHome(db: Db, type: ListingType): CategoryHome {
  return perVersion(db, `category_home:${type}`, () => buildCategoryHome(db, type));
}

function buildCategoryHome(db: Db, type: ListingType): CategoryHome {
  return {
    type,
    categories: getSpecializationsByType(db)[type],
    banners: getBanners(db, type),
    featured_posts: getPostCards(db, findFeaturedPostIds(db, type)),
    category_posts: findBusiestMainCategories(db, type, CATEGORY_HOME_ROWS).map((category) => ({
      category: { name: category.name, type: category.type, slug: category.slug, parent: null },
      posts: getPostCards(db, findTopPostIdsInCategory(db, category.id, CATEGORY_HOME_ROW_POSTS)),
    })),
  };
}

/** The education home: education categories of every type, regrouped, with their banners and featured posts. */
export function getEducationHome(db: Db): EducationHome {
  return perVersion(db, 'education_home', () => ({
    categories: Object.values(getSpecializationsByType(db, { educationOnly: true })).flat(),
    banners: getBanners(db, 'education'),
    featured_posts: getPostCards(db, findFeaturedPostIds(db, 'education')),
  }));
}

/** A seasonal landing page (raya-special): banners and featured posts of its placement. */
export function getSpecialHome(db: Db, placement: 'raya-special') {
  return { banners: getBanners(db, placement), featured_posts: getPostCards(db, findFeaturedPostIds(db, placement)) };
}

/** Main categories of a type without their children. */
export function getParentSpecializations(db: Db, type: ListingType) {
  return getSpecializationsByType(db)[type].map(({ name, slug, type: categoryType }) => ({ name, slug, type: categoryType }));
}

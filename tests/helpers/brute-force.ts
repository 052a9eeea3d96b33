/**
 * An independent, slow re-implementation of search over the catalogue as the repositories read it (not the
 * search index), for checking any engine's results and facet counts through the search service.
 */
import type { Repositories } from '../../src/server/db/repositories.ts';
import { LISTING_TYPES } from '../../src/shared/constants.ts';
import { haversineKm } from '../../src/server/search/engine/geo.ts';
import { documentTerms, queryWords } from '../../src/server/search/engine/tokens.ts';
import { CONDITION_WORDS } from '../../src/server/search/engine/condition-words.ts';

export interface Listing {
  id: number;
  type: string;
  title: string;
  plan: string;
  rating: number;
  ratingCount: number;
  publishedAt: string;
  price: number | null;
  categorySlug: string;
  categoryName: string;
  parentSlug: string;
  parentName: string;
  state: string;
  city: string;
  lat: number;
  lon: number;
  attributes: Record<string, string[]>;
  text: string;
}

/**
 * Every live post with what search filters, sorts and counts on, read through the repositories (the data
 * seam), so the oracle serves any backend: the rows behind cards, their first category and location, attributes.
 */
export async function loadListings(repos: Repositories): Promise<Listing[]> {
  const listings: Listing[] = [];
  // A category's Malay and Chinese names, and its parent's: the search document holds every language's (issue 42).
  const [tree, translations] = await Promise.all([repos.catalog.findCategoryTree(), repos.catalog.findCategoryNames()]);
  const parentOf = new Map(tree.map((category) => [category.id, category.parent_id]));
  const namesOf = (id: number | null | undefined) => translations.filter((row) => row.category_id === id).map((row) => row.name).join(' ');
  const otherNames = (id: number) => `${namesOf(id)} ${namesOf(parentOf.get(id))}`;
  for (const type of LISTING_TYPES) {
    const ids: number[] = [];
    for await (const batch of repos.sitemap.postUrlBatches(type, 1_000_000, 0)) {
      for (const { slug } of batch) ids.push((await repos.catalog.findPostIdBySlug(slug))!);
    }
    const [rows, categories, locations, attributeRows] = await Promise.all([
      repos.catalog.findPostRows(ids), repos.catalog.findPostCategories(ids), repos.catalog.findPostLocations(ids), repos.catalog.findPostAttributes(ids),
    ]);
    const first = <Row extends { owner_id: number }>(list: Row[]) => {
      const byOwner = new Map<number, Row>();
      for (const row of list) if (!byOwner.has(row.owner_id)) byOwner.set(row.owner_id, row);
      return byOwner;
    };
    const category = first(categories);
    const location = first(locations);
    const attributes = new Map<number, Record<string, string[]>>();
    for (const row of attributeRows) {
      const byName = attributes.get(row.post_id) ?? {};
      (byName[row.name] ??= []).push(row.value);
      attributes.set(row.post_id, byName);
    }
    for (const row of rows) {
      const own = attributes.get(row.id) ?? {};
      const single = (name: string, value: unknown) => (value === null || value === undefined ? {} : { [name]: [String(value)] });
      const where = location.get(row.id)!;
      const what = category.get(row.id)!;
      const confidential = row.job_confidential === true || row.hireme_confidential === true;
      const price = row.price_min_sen ?? row.price_max_sen;
      listings.push({
        id: row.id, type: row.type, title: row.title, plan: row.plan, rating: row.rating, ratingCount: row.rating_count, publishedAt: row.published_at,
        price: price === null ? null : price / 100,
        categorySlug: what.slug, categoryName: what.name, parentSlug: what.parent_slug ?? what.slug, parentName: what.parent_name ?? what.name,
        state: where.state_name, city: where.city_name, lat: where.latitude, lon: where.longitude,
        attributes: {
          ...own, ...single('job_level', row.job_level), ...single('hireme_rate', row.hireme_rate), ...single('hireme_expertise', row.hireme_expertise),
          ...single('buysell_type', row.buysell_type), ...single('buysell_condition', row.buysell_condition),
        },
        text: `${row.title} ${row.summary} ${what.name} ${what.parent_name ?? ''} ${otherNames(what.id)} ${row.buysell_condition ? CONDITION_WORDS[row.buysell_condition as 'new' | 'used'] : ''}${confidential ? '' : ` ${row.profile_name}`}`.toLowerCase(),
      });
    }
  }
  return listings;
}

/**
 * True when every word of the query occurs in the text as a token, the last one as a prefix (as the engine promises):
 * the words as issue 42 reads them (search/engine/tokens.ts), a document's tokens being its words, its Han pairs and stems.
 */
export function matchesKeyword(text: string, search: string): boolean {
  const words = queryWords(search);
  const tokens: string[] = `${text} ${documentTerms(text)}`.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.every((word, index) =>
    index === words.length - 1 && word.length >= 2 ? tokens.some((token) => token.startsWith(word)) : tokens.includes(word));
}

export function withinKm(listing: Listing, origin: { lat: number; lon: number }, km: number): boolean {
  return haversineKm(origin, listing) <= km;
}

/** Facet counts over a set of listings, keyed as the search response keys them. */
export function facetCounts(listings: Listing[]) {
  const count = (key: (listing: Listing) => string[]) => {
    const counts: Record<string, number> = {};
    for (const listing of listings) for (const value of key(listing)) counts[value] = (counts[value] ?? 0) + 1;
    return counts;
  };
  return {
    categories_with_parent_slug: count((l) => [`${l.parentSlug}--${l.categorySlug}`]),
    categories_with_parent: count((l) => [`${l.parentName}--${l.categoryName}`]),
    parent_categories_slug: count((l) => [l.parentSlug]),
    parent_categories: count((l) => [l.parentName]),
    states: count((l) => [l.state]),
    job_type: count((l) => l.attributes.job_type ?? []),
    job_qualification: count((l) => l.attributes.job_qualification ?? []),
    job_level: count((l) => l.attributes.job_level ?? []),
    hireme_type: count((l) => l.attributes.hireme_type ?? []),
    hireme_rate: count((l) => l.attributes.hireme_rate ?? []),
    hireme_expertise: count((l) => l.attributes.hireme_expertise ?? []),
    buysell_method: count((l) => l.attributes.buysell_method ?? []),
  };
}

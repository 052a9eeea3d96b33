/**
 * An independent, slow re-implementation of search over the catalogue tables (not the search
 * index), for checking the engine's results and facet counts.
 */
import type { Db } from '../../src/server/db/sqlite/connection.ts';
import { haversineKm } from '../../src/server/search/geo.ts';

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

export function loadListings(db: Db): Listing[] {
  const rows = db.prepare(`
    SELECT p.id, p.type, p.title, p.summary, p.plan, p.rating, p.rating_count, p.published_at,
      coalesce(p.price_min_sen, p.price_max_sen) / 100.0 AS price, c.slug AS category_slug, c.name AS category_name,
      parent.slug AS parent_slug, parent.name AS parent_name, s.name AS state, ci.name AS city, l.latitude, l.longitude,
      pr.name AS profile_name, coalesce(j.company_confidential, h.company_confidential, 0) AS confidential,
      j.level, h.rate, h.expertise, b.deal_type, b.condition
    FROM posts p
    JOIN profiles pr ON pr.id = p.profile_id
    JOIN post_categories pc ON pc.post_id = p.id AND pc.position = 0
    JOIN categories c ON c.id = pc.category_id JOIN categories parent ON parent.id = c.parent_id
    JOIN post_locations pl ON pl.post_id = p.id AND pl.position = 0
    JOIN locations l ON l.id = pl.location_id JOIN states s ON s.id = l.state_id JOIN cities ci ON ci.id = l.city_id
    LEFT JOIN job_details j ON j.post_id = p.id LEFT JOIN hireme_details h ON h.post_id = p.id
    LEFT JOIN buysell_details b ON b.post_id = p.id
    WHERE p.status = 'active' AND (p.expires_at IS NULL OR p.expires_at > ?)`).all(new Date().toISOString());
  const attributes = new Map<number, Record<string, string[]>>();
  for (const row of db.prepare('SELECT post_id, name, value FROM post_attributes').all()) {
    const byName = attributes.get(Number(row.post_id)) ?? {};
    (byName[String(row.name)] ??= []).push(String(row.value));
    attributes.set(Number(row.post_id), byName);
  }
  return rows.map((row) => {
    const own = attributes.get(Number(row.id)) ?? {};
    const single = (name: string, value: unknown) => (value === null ? {} : { [name]: [String(value)] });
    return {
      id: Number(row.id), type: String(row.type), title: String(row.title), plan: String(row.plan), rating: Number(row.rating),
      ratingCount: Number(row.rating_count), publishedAt: String(row.published_at), price: row.price === null ? null : Number(row.price),
      categorySlug: String(row.category_slug), categoryName: String(row.category_name), parentSlug: String(row.parent_slug),
      parentName: String(row.parent_name), state: String(row.state), city: String(row.city), lat: Number(row.latitude), lon: Number(row.longitude),
      attributes: {
        ...own, ...single('job_level', row.level), ...single('hireme_rate', row.rate), ...single('hireme_expertise', row.expertise),
        ...single('buysell_type', row.deal_type), ...single('buysell_condition', row.condition),
      },
      text: `${row.title} ${row.summary} ${row.category_name} ${row.parent_name}${row.confidential === 1 ? '' : ` ${row.profile_name}`}`.toLowerCase(),
    };
  });
}

/** True when every word occurs in the text as a token, the last one as a prefix (as the engine promises). */
export function matchesKeyword(text: string, search: string): boolean {
  const words: string[] = search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const tokens: string[] = text.match(/[\p{L}\p{N}]+/gu) ?? [];
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

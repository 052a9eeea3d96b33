import type { Profile } from '../../shared/schemas/catalog.ts';
import { PAGE_SIZES } from '../../shared/constants.ts';
import type { BusinessHoursRow } from '../db/rows.ts';
import type { CatalogContext } from './context.ts';
import { sanitizeRichText } from './html.ts';
import { toCategoryRef, toDocument, toLocation, toMediaItem } from './mappers.ts';
import { getPostCards } from './posts.ts';

/** How many posts of each type a profile page lists. */
const POSTS_PER_TYPE = 24;

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** One entry per weekday from Monday, each with its opening periods ('09:00-18:00'); closed days have none. */
export function weeklyHours(rows: BusinessHoursRow[]): Profile['business_hours'] {
  return [1, 2, 3, 4, 5, 6, 0].map((day) => ({
    day: WEEKDAYS[day]!,
    time: rows.filter((row) => row.day === day).map((row) => `${row.opens}-${row.closes}`),
  }));
}

/** Posts of other advertisers in the same categories, shown on FREE profiles only (spec §2, limit 10). */
async function relatedCards(context: CatalogContext, row: { id: number; plan: string }, categoryIds: number[]) {
  if (row.plan !== 'FREE') return [];
  return getPostCards(context, await context.repos.catalog.findRelatedPostIds(row.id, categoryIds, PAGE_SIZES.relatedPosts));
}

/** The related posts of the profile with that slug (none for paid plans or an unknown slug). */
export async function getRelatedPostsOfProfile(context: CatalogContext, slug: string) {
  const row = await context.repos.catalog.findProfileBySlug(slug);
  if (!row || row.hidden) return [];
  const categories = await context.repos.catalog.findProfileCategories(row.id);
  return relatedCards(context, row, categories.map((category) => category.id));
}

/**
 * A profile with everything its page shows, or undefined when no profile has that slug.
 * `relatedPosts: false` leaves related_posts empty (the page loads them as a fragment).
 */
export async function getProfileBySlug(context: CatalogContext, slug: string, options: { relatedPosts?: boolean } = {}): Promise<Profile | undefined> {
  const { repos: { catalog }, media: urls } = context;
  const row = await catalog.findProfileBySlug(slug);
  if (!row || row.hidden) return undefined;
  const posts = async (type: 'services' | 'jobs' | 'buysell') => getPostCards(context, await catalog.findPostIdsByProfile(row.id, type, POSTS_PER_TYPE));
  const [categories, media, documents, badges, locations, hours, services, jobs, buysell] = await Promise.all([
    catalog.findProfileCategories(row.id), catalog.findProfileMedia(row.id), catalog.findProfileDocuments(row.id),
    catalog.findProfileBadges(row.id), catalog.findProfileLocations(row.id), catalog.findBusinessHours(row.id),
    posts('services'), posts('jobs'), posts('buysell'),
  ]);
  const related = options.relatedPosts === false ? [] : await relatedCards(context, row, categories.map((category) => category.id));
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    store_name: row.store_name,
    company_no: row.company_no,
    image: urls.imageFromColumns(row, 'image_'),
    logo: urls.imageFromColumns(row, 'logo_'),
    images: media.map((item, index) => toMediaItem(urls, item, index)),
    documents: documents.map((document) => toDocument(urls, document)),
    categories: categories.map(toCategoryRef),
    about: row.about === null ? null : sanitizeRichText(row.about),
    plan: row.plan,
    claimed: row.claimed,
    followed: false,
    rating: row.rating,
    rating_count: row.rating_count,
    badges: badges.map((value) => ({ value })),
    established_year: row.established_year,
    locations: locations.map(toLocation),
    business_hours: weeklyHours(hours),
    url: row.url,
    facebook: row.facebook,
    twitter: row.twitter,
    instagram: row.instagram,
    linkedin: row.linkedin,
    wechat: row.wechat,
    youtube: row.youtube,
    whatsapp: row.whatsapp,
    view_count: row.view_count,
    posts: { services, jobs, buysell },
    related_posts: related,
  };
}

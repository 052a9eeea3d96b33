import type { Profile } from '../../shared/schemas/catalog.ts';
import { PAGE_SIZES } from '../../shared/constants.ts';
import { profileBadges } from '../trust/badges.ts';
import { joinAcrossMidnight, malaysiaDay } from '../../shared/hours.ts';
import { planLimits } from '../../shared/plans.ts';
import type { BusinessHoursRow, SpecialHoursRow } from '../db/rows.ts';
import type { CatalogContext } from './context.ts';
import { PROFILE_ATTRIBUTES } from '../../shared/profile-attributes.ts';
import { richTextHtml } from './html.ts';
import { shownMedia, toCategoryRef, toDocument, toLocation, toMediaItem } from './mappers.ts';
import { getPostCards } from './posts.ts';

/** How many posts of each type a profile page lists. */
const POSTS_PER_TYPE = 24;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/**
 * One entry per weekday from Monday, each with its opening periods ('09:00-18:00'); closed days have none. A range
 * past midnight, stored as 22:00–23:59 and the next day's 00:00–02:00, reads as one: '22:00-02:00' (shared/hours.ts).
 */
export function weeklyHours(rows: BusinessHoursRow[]): Profile['business_hours'] {
  const week = joinAcrossMidnight(rows);
  return [1, 2, 3, 4, 5, 6, 0].map((day) => ({ day: WEEKDAYS[day]!, time: week.get(day)!.map((range) => `${range.opens}-${range.closes}`) }));
}

/** A branch's own hours rows made into `shape`, or null when it has none (it keeps the business's). */
export function ownRows<Row extends { location_id: number }, T>(rows: readonly Row[], locationId: number, shape: (rows: Row[]) => T): T | null {
  const own = rows.filter((row) => row.location_id === locationId);
  return own.length === 0 ? null : shape(own);
}

/** How far ahead the profile page lists special hours. */
const SPECIAL_DAYS_AHEAD = 60;

/** Dated exceptions from today to SPECIAL_DAYS_AHEAD days on, one entry per date ('Closed' when it has no period). */
function specialHours(rows: readonly SpecialHoursRow[], today: string): Profile['special_hours'] {
  const last = new Date(Date.parse(`${today}T00:00:00Z`) + SPECIAL_DAYS_AHEAD * 86_400_000).toISOString().slice(0, 10);
  const days = new Map<string, Profile['special_hours'][number]>();
  for (const row of rows) {
    if (row.date > last) continue;
    const day = days.get(row.date) ?? { date: row.date, label: row.label, time: [] };
    if (row.opens !== null) day.time.push(`${row.opens}-${row.closes}`);
    days.set(row.date, day);
  }
  return [...days.values()];
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
  const today = malaysiaDay(new Date(context.clock?.now() ?? Date.now())).date;
  const [categories, media, documents, verifications, locations, hours, special, attributes, services, jobs, buysell] = await Promise.all([
    catalog.findProfileCategories(row.id), catalog.findProfileMedia(row.id), catalog.findProfileDocuments(row.id),
    context.repos.verifications.findProfileVerifications(row.id), catalog.findProfileLocations(row.id), catalog.findBusinessHours(row.id),
    catalog.findSpecialHours(row.id, today), catalog.findProfileAttributes(row.id),
    posts('services'), posts('jobs'), posts('buysell'),
  ]);
  const limits = planLimits(row.plan);
  const ids = locations.map((location) => location.id);
  const [branchHours, branchSpecial] = await Promise.all([catalog.findLocationHours(ids), catalog.findLocationSpecialHours(ids, today)]);
  const related = options.relatedPosts === false ? [] : await relatedCards(context, row, categories.map((category) => category.id));
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    store_name: row.store_name,
    company_no: row.company_no,
    image: urls.imageFromColumns(row, 'image_'),
    logo: urls.imageFromColumns(row, 'logo_'),
    images: shownMedia(media.map((item, index) => toMediaItem(urls, item, index)), limits),
    documents: documents.slice(0, limits.pdfs).map((document) => toDocument(urls, document)),
    categories: categories.map(toCategoryRef),
    about: row.about === null ? null : richTextHtml(row.about),
    content_lang: row.content_lang,
    plan: row.plan,
    claimed: row.claimed,
    followed: false,
    rating: row.rating,
    rating_count: row.rating_count,
    badges: profileBadges({ ...row, verifications, locations }, new Date(context.clock?.now() ?? Date.now()).getUTCFullYear()),
    established_year: row.established_year,
    // Each branch with its own hours, where it keeps other hours than the business's (null: the business's).
    locations: locations.map((location) => ({
      ...toLocation(location), business_hours: ownRows(branchHours, location.id, weeklyHours), special_hours: ownRows(branchSpecial, location.id, (rows) => specialHours(rows, today)),
    })),
    business_hours: weeklyHours(hours),
    special_hours: specialHours(special, today),
    attributes: attributes.filter((key) => key in PROFILE_ATTRIBUTES),
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

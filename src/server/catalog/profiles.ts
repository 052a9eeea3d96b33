import type { Profile } from '../../shared/schemas/catalog.ts';
import type { Db } from '../db/connection.ts';
import { findPostIdsByProfile, findRelatedPostIds } from '../db/repositories/posts.ts';
import { PAGE_SIZES } from '../../shared/constants.ts';
import {
  findBusinessHours, findProfileBadges, findProfileBySlug, findProfileCategories, findProfileDocuments,
  findProfileLocations, findProfileMedia,
} from '../db/repositories/profiles.ts';
import type { BusinessHoursRow } from '../db/repositories/rows.ts';
import { imageFromColumns } from '../media/urls.ts';
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

/** A profile with everything its page shows, or undefined when no profile has that slug. */
export function getProfileBySlug(db: Db, slug: string): Profile | undefined {
  const row = findProfileBySlug(db, slug);
  if (!row) return undefined;
  const posts = (type: 'services' | 'jobs' | 'buysell') => getPostCards(db, findPostIdsByProfile(db, row.id, type, POSTS_PER_TYPE));
  const categories = findProfileCategories(db, row.id);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    store_name: row.store_name,
    company_no: row.company_no,
    image: imageFromColumns(row, 'image_'),
    logo: imageFromColumns(row, 'logo_'),
    images: findProfileMedia(db, row.id).map(toMediaItem),
    documents: findProfileDocuments(db, row.id).map(toDocument),
    categories: categories.map(toCategoryRef),
    about: row.about === null ? null : sanitizeRichText(row.about),
    plan: row.plan,
    claimed: row.claimed === 1,
    followed: false,
    rating: row.rating,
    rating_count: row.rating_count,
    badges: findProfileBadges(db, row.id).map((value) => ({ value })),
    established_year: row.established_year,
    locations: findProfileLocations(db, row.id).map(toLocation),
    business_hours: weeklyHours(findBusinessHours(db, row.id)),
    url: row.url,
    facebook: row.facebook,
    twitter: row.twitter,
    instagram: row.instagram,
    linkedin: row.linkedin,
    wechat: row.wechat,
    youtube: row.youtube,
    whatsapp: row.whatsapp,
    view_count: row.view_count,
    posts: { services: posts('services'), jobs: posts('jobs'), buysell: posts('buysell') },
    related_posts: row.plan === 'FREE'
      ? getPostCards(db, findRelatedPostIds(db, row.id, categories.map((category) => category.id), PAGE_SIZES.relatedPosts))
      : [],
  };
}

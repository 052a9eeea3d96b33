/** URL builders for the routes of spec §2 ('Listing card links'). */
import type { ListingType } from './constants.ts';

export function postUrl(type: ListingType, slug: string): string {
  return `/${type}/${slug}`;
}

export function profileUrl(slug: string): string {
  return `/${slug}`;
}

/** '/services/l', '/services/l/home-services', '/services/l/home-services/plumbing'. */
export function searchUrl(type: ListingType, mainSlug?: string | null, subSlug?: string | null): string {
  return ['', type, 'l', mainSlug, mainSlug ? subSlug : null].filter((part) => part !== null && part !== undefined).join('/');
}

/** The search page of a category: under its parent when it has one. */
export function categoryUrl(category: { type: ListingType; slug: string; parent: { slug: string } | null }): string {
  return category.parent ? searchUrl(category.type, category.parent.slug, category.slug) : searchUrl(category.type, category.slug);
}

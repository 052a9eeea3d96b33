/**
 * URL builders for the routes of spec §2 ('Listing card links'), in the language being rendered (issue 42): on the
 * server the request's ('/ms/jobs/…' on a Malay page), in the browser the address's, in a job English. What is stored
 * or mailed is made explicit by the caller (src/shared/locale.ts: `unlocalizedPath`, `localizePath`).
 */
import type { ListingType } from './constants.ts';
import { localHref } from './i18n.ts';

export function postUrl(type: ListingType, slug: string): string {
  return localHref(`/${type}/${slug}`);
}

export function profileUrl(slug: string): string {
  return localHref(`/${slug}`);
}

/** '/services/l', '/services/l/home-services', '/services/l/home-services/plumbing'. */
export function searchUrl(type: ListingType, mainSlug?: string | null, subSlug?: string | null): string {
  return localHref(['', type, 'l', mainSlug, mainSlug ? subSlug : null].filter((part) => part !== null && part !== undefined).join('/'));
}

/** The search page of a category: under its parent when it has one. */
export function categoryUrl(category: { type: ListingType; slug: string; parent: { slug: string } | null }): string {
  return category.parent ? searchUrl(category.type, category.parent.slug, category.slug) : searchUrl(category.type, category.slug);
}

/** Google Maps, Google directions and Waze links for a place (spec §2 Contact / Location block). */
export function mapLinks(place: { latitude: number; longitude: number }) {
  const at = `${place.latitude},${place.longitude}`;
  return {
    maps: `https://www.google.com/maps/search/?api=1&query=${at}`,
    directions: `https://www.google.com/maps/dir/?api=1&destination=${at}`,
    waze: `https://waze.com/ul?ll=${at}&navigate=yes`,
  };
}

/** A tel: link for a Malaysian number as written ('012-345 6789' → 'tel:+60123456789'). */
export function telUrl(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('+') ? digits : `+60${digits.replace(/^0/, '')}`}`;
}

/** A type's search page with query parameters, e.g. the location link of a post (`/{type}/l?where=…`). */
export function searchHrefFor(type: ListingType, params: Record<string, string>): string {
  return `${searchUrl(type)}?${new URLSearchParams(params).toString()}`;
}

/** An absolute URL for a path on the site ('/jobs/x' → 'https://yp.example/jobs/x'); a URL that is already absolute (a CDN's) is kept. */
export function absoluteUrl(site: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${site.replace(/\/+$/, '')}/`).href;
}

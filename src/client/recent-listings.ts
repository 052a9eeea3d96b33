/**
 * Listings this device opened, newest first, kept in local storage (recent_listings) so the offline page
 * can link the ones the service worker has kept (issue 15). No account, nothing sent anywhere.
 */
import { RECENT_LISTINGS_KEY, RECENT_LISTINGS_MAX } from '../shared/app-manifest.ts';

export interface RecentListing {
  url: string;
  title: string;
  type: string;
}

export function recentListings(): RecentListing[] {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(RECENT_LISTINGS_KEY) ?? '[]');
    return Array.isArray(saved) ? saved.filter((item): item is RecentListing => typeof item?.url === 'string' && typeof item?.title === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberListing(listing: RecentListing): void {
  try {
    const list = [listing, ...recentListings().filter((item) => item.url !== listing.url)].slice(0, RECENT_LISTINGS_MAX);
    localStorage.setItem(RECENT_LISTINGS_KEY, JSON.stringify(list));
  } catch (error) {
    console.warn('Could not remember this listing', error);
  }
}

/** Forgets one listing (its page now answers 404: removed, or hidden by the moderators), so the offline page stops offering it. */
export function forgetListing(url: string): void {
  try {
    const list = recentListings();
    const kept = list.filter((item) => item.url !== url);
    if (kept.length !== list.length) localStorage.setItem(RECENT_LISTINGS_KEY, JSON.stringify(kept));
  } catch (error) {
    console.warn('Could not forget this listing', error);
  }
}

/** Forgets the listings opened here (at logout: the next person on this device must not see them on the offline page). */
export function forgetListings(): void {
  try {
    localStorage.removeItem(RECENT_LISTINGS_KEY);
  } catch (error) {
    console.warn('Could not forget the listings opened here', error);
  }
}

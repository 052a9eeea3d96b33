/**
 * The offline page's list (bundled on its own as /offline.js by the service-worker build, and precached
 * with the page, since the page is shown when nothing else can be fetched): the listings this device
 * opened, linked; the service worker serves those it kept.
 */
import { recentListings } from './recent-listings.ts';

const list = document.querySelector<HTMLUListElement>('[data-recent-listings]');
if (list) {
  const listings = recentListings();
  for (const listing of listings) {
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.href = listing.url;
    link.textContent = listing.title;
    link.className = 'link';
    item.append(link);
    list.append(item);
  }
  document.querySelector<HTMLElement>('[data-recent-empty]')?.toggleAttribute('hidden', listings.length > 0);
}

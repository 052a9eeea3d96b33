/** Recent searches and locations of the header (spec §3 local storage keys, §9 rules). */
import { atom, type WritableAtom } from 'nanostores';
import { isNearMe } from '../shared/near-me.ts';
import { LIMITS } from '../shared/constants.ts';


/** The list after using `value`: newest first, no duplicates, at most 4; Near Me is never kept. */
export function pushRecent(list: readonly string[], value: string): string[] {
  const clean = value.trim();
  if (!clean || isNearMe(clean)) return [...list];
  return [clean, ...list.filter((item) => item.toLowerCase() !== clean.toLowerCase())].slice(0, LIMITS.recent);
}

function persistent(key: string): WritableAtom<string[]> {
  const store = atom<string[]>([]);
  if (typeof localStorage !== 'undefined') {
    try {
      const saved: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
      if (Array.isArray(saved)) store.set(saved.filter((item): item is string => typeof item === 'string').slice(0, LIMITS.recent));
    } catch (error) {
      console.warn(`Ignoring unreadable ${key} in local storage`, error);
    }
    store.listen((value) => localStorage.setItem(key, JSON.stringify(value)));
  }
  return store;
}

export const $recentSearches = persistent('recent_searches');
export const $recentLocations = persistent('recent_locations');

export function rememberSearch(term: string): void {
  $recentSearches.set(pushRecent($recentSearches.get(), term));
}

export function rememberLocation(place: string): void {
  $recentLocations.set(pushRecent($recentLocations.get(), place));
}

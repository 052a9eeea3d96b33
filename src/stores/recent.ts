/** Recent searches and locations of the header (spec §3 local storage keys, §9 rules). */
import { persistentJSON } from './persistent.ts';
import { isNearMe } from '../shared/near-me.ts';
import { LIMITS } from '../shared/constants.ts';


/** The list after using `value`: newest first, no duplicates, at most 4; Near Me is never kept. */
export function pushRecent(list: readonly string[], value: string): string[] {
  const clean = value.trim();
  if (!clean || isNearMe(clean)) return [...list];
  return [clean, ...list.filter((item) => item.toLowerCase() !== clean.toLowerCase())].slice(0, LIMITS.recent);
}

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

export const $recentSearches = persistentJSON<string[]>('recent_searches', [], isStringList);
export const $recentLocations = persistentJSON<string[]>('recent_locations', [], isStringList);

export function rememberSearch(term: string): void {
  $recentSearches.set(pushRecent($recentSearches.get(), term));
}

export function rememberLocation(place: string): void {
  $recentLocations.set(pushRecent($recentLocations.get(), place));
}

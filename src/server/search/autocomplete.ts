import type { ListingType } from '../../shared/constants.ts';
import type { Suggestion } from '../../shared/search.ts';
import type { Db } from '../db/connection.ts';
import { findPlacesByPrefix } from '../db/repositories/content.ts';
import { findSuggestions } from '../db/repositories/search.ts';
import { cityState } from '../catalog/mappers.ts';

export const MAX_SUGGESTIONS = 10;

/** Titles, categories and businesses matching what was typed so far, best first, at most 10. */
export function autocomplete(db: Db, query: string, type: ListingType | undefined): Suggestion[] {
  const words = (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  if (words.length === 0) return [];
  const match = words.map((word, index) => `"${word}"${index === words.length - 1 ? '*' : ''}`).join(' AND ');
  return findSuggestions(db, match, query.trim(), type, MAX_SUGGESTIONS);
}

/** States and towns for the 'where' field. */
export function autocompletePlaces(db: Db, query: string) {
  return findPlacesByPrefix(db, query.trim(), MAX_SUGGESTIONS).map((row) => ({
    kind: row.kind,
    id: row.id,
    name: row.name,
    state: { name: row.state_name },
    city_state: row.kind === 'state' ? row.name : cityState(row.name, row.state_name),
    latitude: Math.round(row.latitude * 1e6) / 1e6,
    longitude: Math.round(row.longitude * 1e6) / 1e6,
  }));
}

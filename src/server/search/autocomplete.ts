import type { ListingType } from '../../shared/constants.ts';
import type { Suggestion } from '../../shared/search.ts';
import { cityState } from '../catalog/mappers.ts';
import type { Repositories } from '../db/repositories.ts';

const MAX_SUGGESTIONS = 10;

/** Titles, categories and businesses matching what was typed so far, best first, at most 10. */
export async function autocomplete(repos: Repositories, query: string, type: ListingType | undefined): Promise<Suggestion[]> {
  const words = (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  if (words.length === 0) return [];
  return repos.suggestions.findSuggestions(words, query.trim(), type, MAX_SUGGESTIONS);
}

/** States and towns for the 'where' field. */
export async function autocompletePlaces(repos: Repositories, query: string) {
  return (await repos.suggestions.findPlacesByPrefix(query.trim(), MAX_SUGGESTIONS)).map((row) => ({
    kind: row.kind,
    id: row.id,
    name: row.name,
    state: { name: row.state_name },
    city_state: row.kind === 'state' ? row.name : cityState(row.name, row.state_name),
    latitude: Math.round(row.latitude * 1e6) / 1e6,
    longitude: Math.round(row.longitude * 1e6) / 1e6,
  }));
}

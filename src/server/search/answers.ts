/**
 * The search service as the backends' engines ask it (search/engine/search-engine.ts, SearchAnswers): a search's cards and a map's
 * pins, read from an index and completed from the catalogue.
 */
import type { CatalogContext } from '../catalog/context.ts';
import type { SearchAnswers } from './engine/search-engine.ts';
import { runMap } from './map-service.ts';
import { runSearch } from './search-service.ts';

export function searchAnswers(catalog: CatalogContext): SearchAnswers {
  return { search: (index, query) => runSearch(index, catalog, query), map: (index, query) => runMap(index, catalog, query) };
}

/** The search engine's ports: what the app asks of a backend's engine, and what the engine asks of the search rules. */
import type { MapQuery, MapResponse, SearchQuery, SearchResponse } from '../../../shared/search.ts';
import type { SearchIndex } from './search-index.ts';

/** Searches (spec §7 post/search). Each database backend brings its own; the SQLite one is src/server/db/sqlite/search-engine.ts. */
export interface SearchEngine {
  /** `cache: false` bypasses the response cache (a saved search's alert: asked once, never again with the same body). */
  search(query: SearchQuery, options?: { cache?: boolean }): Promise<SearchResponse>;
  /** The map's pins and clusters in a box (issue 43: POST /api/post/map). */
  map(query: MapQuery): Promise<MapResponse>;
  /** True when the engine can answer now (its workers are alive and read the database). */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * What a backend's engine asks of the search service (its port, issue 60): the answer to a search or a map query
 * read from the engine's index. The composition root gives it (search/answers.ts), so the backends never reach the
 * catalogue.
 */
export interface SearchAnswers {
  search(index: SearchIndex, query: SearchQuery): Promise<SearchResponse>;
  map(index: SearchIndex, query: MapQuery): Promise<MapResponse>;
}

/**
 * A search worker thread: the search service over the SQLite index on its own read-only connection, so
 * searches never block the main event loop. Loaded by piscina straight from this .ts file (Node 24 strips the types),
 * by name from db/sqlite/search-engine.ts. It is its thread's composition root, beside the app's: it joins the search
 * rules (search/) and the SQLite backend (db/sqlite/), which import neither each other's rules nor backends.
 */
import { workerData } from 'node:worker_threads';
import type { MapQuery, MapResponse, SearchQuery, SearchResponse } from '../shared/search.ts';
import { fileOffsetClock, systemClock } from './clock.ts';
import { createMediaUrls } from './media/urls.ts';
import { openDatabase } from './db/sqlite/connection.ts';
import { facetStoreFor, refreshFacetStore } from './db/sqlite/facet-store.ts';
import { sqliteRepositories } from './db/sqlite/index.ts';
import { runSearch } from './search/search-service.ts';
import { runMap } from './search/map-service.ts';
import { sqliteSearchIndex } from './db/sqlite/search.ts';

const { databasePath, mediaBaseUrl, clockFile } = workerData as { databasePath: string; mediaBaseUrl: string; clockFile?: string };
const db = openDatabase(databasePath, { readOnly: true, clock: clockFile ? fileOffsetClock(clockFile) : systemClock });
const catalog = { repos: sqliteRepositories(db), media: createMediaUrls(mediaBaseUrl) };
const index = sqliteSearchIndex(db);
// Load the facet columns before the first search instead of during it.
refreshFacetStore(facetStoreFor(db), db);

export default function search(query: SearchQuery): Promise<SearchResponse> {
  return runSearch(index, catalog, query);
}

/** The map's pins and clusters (issue 43). */
export function map(query: MapQuery): Promise<MapResponse> {
  return runMap(index, catalog, query);
}

/** Readiness: this worker is alive and its connection reads. */
export function ping(): boolean {
  return db.prepare('SELECT 1 AS ok').get()?.ok === 1;
}

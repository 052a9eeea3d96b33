/**
 * A search worker thread: its own read-only connection, so searches never block the main event
 * loop. Loaded by piscina straight from this .ts file (Node 24 strips the types).
 */
import { workerData } from 'node:worker_threads';
import type { SearchQuery, SearchResponse } from '../../shared/search.ts';
import { openDatabase } from '../db/connection.ts';
import { runSearch } from './search.ts';

const db = openDatabase((workerData as { databasePath: string }).databasePath, { readOnly: true });

export default function search(query: SearchQuery): SearchResponse {
  return runSearch(db, query);
}

/**
 * Loads SQLite's search_posts into a facet store (search/engine/facet-store.ts) and keeps it current through the
 * search_changes log (migration 0005): before each search it reads the rows changed since it last looked, or
 * everything when the log it needs was pruned. Call `refreshFacetStore` inside the search's read transaction, so
 * counts and pages see one snapshot.
 */
import { FACET_COLUMNS, FacetStore } from '../../search/engine/facet-store.ts';
import type { Db } from './connection.ts';
import { statement } from './query.ts';

const COLUMNS = FACET_COLUMNS.join(', ');

function load(store: FacetStore, db: Db, sql: string, params: number[]): void {
  // Its own statement (not the shared cache): rows come back as arrays here.
  const rows = db.prepare(sql);
  rows.setReturnArrays(true);
  for (const row of rows.iterate(...params) as IterableIterator<unknown[]>) store.put(row);
}

/** Brings the store up to date with the database (call inside the search's read transaction). */
export function refreshFacetStore(store: FacetStore, db: Db): void {
  const log = statement(db, `SELECT (SELECT min(seq) FROM search_changes) AS first,
    (SELECT seq FROM sqlite_sequence WHERE name = 'search_changes') AS last`).get() as { first: number | null; last: number | null };
  const last = Number(log.last ?? 0);
  if (last === store.seq) return;
  const first = log.first === null ? null : Number(log.first);
  if (store.seq < 0 || first === null || first > store.seq + 1) {
    const sizes = Object.fromEntries(db.prepare('SELECT type, count(*) AS n FROM search_posts GROUP BY type').all().map((row) => [row.type, Number(row.n)]));
    store.reset(Number((db.prepare('SELECT max(post_id) AS id FROM search_posts').get() as { id: number | null }).id ?? 0), sizes);
    load(store, db, `SELECT ${COLUMNS} FROM search_posts`, []);
    store.settle();
  } else {
    const changed = db.prepare('SELECT DISTINCT post_id FROM search_changes WHERE seq > ? AND seq <= ?').all(store.seq, last);
    for (const row of changed) store.remove(Number(row.post_id));
    load(store, db, `SELECT ${COLUMNS} FROM search_posts WHERE post_id IN (SELECT post_id FROM search_changes WHERE seq > ? AND seq <= ?)`, [store.seq, last]);
  }
  store.seq = last;
}

const stores = new WeakMap<Db, FacetStore>();

/** The store of a search connection, created (and loaded on its first refresh) on first use. */
export function facetStoreFor(db: Db): FacetStore {
  let store = stores.get(db);
  if (!store) {
    store = new FacetStore();
    stores.set(db, store);
  }
  return store;
}

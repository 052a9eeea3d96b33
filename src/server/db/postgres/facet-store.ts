/**
 * Loads PostgreSQL's search_posts into a facet store (search/engine/facet-store.ts) and keeps it current through the
 * search_changes log, as SQLite's loader does, with one difference: PostgreSQL's writers run side by side, so a
 * change's sequence number can become visible after a higher one. Numbers missing from a range read are kept as
 * gaps and looked for again until they are older than any transaction can be (a rolled-back writer's never come).
 */
import { sql } from 'kysely';
import { LISTING_TYPES, type ListingType } from '../../../shared/constants.ts';
import { FACET_COLUMNS, FacetStore } from '../../search/engine/facet-store.ts';
import { WordIndex } from '../../search/engine/word-index.ts';
import type { QueryDb } from '../kysely/query.ts';
import { TRANSACTION_LIMIT_MS } from './transaction-limit.ts';

const COLUMNS = sql.raw(`${FACET_COLUMNS.join(', ')}, tsvector_to_array(words) AS lexemes`);
/** Rows read at a time when the store loads everything. */
const RELOAD_BATCH = 50_000;
/**
 * A type's word index is built when its posts' (lexeme, post) pairs are at most this many (4 bytes each; about 10.4
 * million over all types at 500,000 listings, 104 million at 5 million): past it, that type's words are looked up in
 * the GIN index alone. `SEARCH_WORD_INDEX_MAX`.
 */
const WORD_INDEX_MAX = 150_000_000;
/** Posts changed since the last full load past which the word index is loaded again. */
const WORD_CHANGES_MAX = 50_000;
/** A gap older than this is a rolled-back writer's: its transaction would have ended long before. */
const GAP_KEPT_MS = TRANSACTION_LIMIT_MS * 4;

export interface FacetStoreOptions {
  /** The most (word, listing) pairs one type's word index holds. */
  wordIndexMax?: number;
  /** The types held (`SEARCH_TYPES`); others are counted by SQL. */
  types?: readonly ListingType[];
}

export class PostgresFacetStore {
  readonly store: FacetStore;
  /**
   * Each held type's word index, when its lexemes are few enough to hold (WORD_INDEX_MAX), keyed by the slots of the
   * store's columns of that type (not by post id): its matches are the store's slot candidates.
   */
  words: Partial<Record<ListingType, WordIndex>> = {};

  private readonly wordIndexMax: number;

  constructor(options: FacetStoreOptions = {}) {
    this.wordIndexMax = options.wordIndexMax ?? WORD_INDEX_MAX;
    this.store = new FacetStore(options.types ?? LISTING_TYPES);
  }
  /** Sequence numbers not yet seen below `store.seq`, with when they were first missed. */
  private gaps = new Map<number, number>();

  private async put(db: QueryDb, where: ReturnType<typeof sql>): Promise<void> {
    const { rows } = await sql<Record<string, unknown>>`SELECT ${COLUMNS} FROM search_posts WHERE ${where}`.execute(db);
    for (const row of rows) {
      this.store.put(FACET_COLUMNS.map((column) => row[column]));
      const slot = this.store.heldSlot(Number(row.post_id));
      if (slot >= 0) this.words[row.type as ListingType]?.update(slot, row.lexemes as string[]);
    }
  }

  /**
   * Loads every row of the held types again: the first time, or when the log it needs was pruned or a rebuild
   * replaced everything. Type by type (each its own partition), in batches by id, so 5 million rows never sit in
   * memory as objects at once.
   */
  private async reload(db: QueryDb, last: number): Promise<void> {
    const { rows: types } = await sql<{ type: ListingType; top: number; n: number; pairs: number }>`SELECT type, max(post_id)::float8 AS top,
      count(*)::float8 AS n, sum(length(words))::float8 AS pairs FROM search_posts GROUP BY type`.execute(db);
    // The type with the most word pairs first: the buffers each load leaves behind (700 MB for services at 5 million)
    // are then collected while the next types load, not left for after the host reports ready.
    const held = types.filter(({ type }) => this.store.held.includes(type)).sort((a, b) => b.pairs - a.pairs);
    this.store.reset(Math.max(0, ...types.map(({ top }) => top)), Object.fromEntries(held.map(({ type, n }) => [type, n])));
    this.words = {};
    for (const { type, pairs } of held) {
      const words = pairs <= this.wordIndexMax ? new WordIndex() : undefined;
      words?.begin(pairs + 1024);
      for (let after = 0; ;) {
        const { rows } = await sql<Record<string, unknown>>`SELECT ${COLUMNS} FROM search_posts WHERE type = ${type} AND post_id > ${after}
          ORDER BY post_id LIMIT ${RELOAD_BATCH}`.execute(db);
        for (const row of rows) {
          this.store.put(FACET_COLUMNS.map((column) => row[column]));
          words?.add(Number(row.post_id), row.lexemes as string[]);
        }
        if (rows.length < RELOAD_BATCH) break;
        after = Number(rows[rows.length - 1]!.post_id);
      }
      // The type's slots laid out by place, then its word index keyed by them: a search's matches are then slots to
      // count, with no lookup of each post's slot (a cache miss per match).
      this.store.settle(type);
      words?.finish(this.store.slotsByPost);
      if (words) this.words[type] = words;
    }
    this.store.seq = last;
    this.gaps.clear();
  }

  /** Brings the store up to date with what `db` (the search's transaction) sees. */
  async refresh(db: QueryDb, now = Date.now()): Promise<void> {
    const { rows: [log] } = await sql<{ first: number | null; last: number | null }>`SELECT min(seq) AS first, max(seq) AS last FROM search_changes`.execute(db);
    const last = log?.last ?? 0;
    const first = log?.first ?? null;
    const { store } = this;
    const behind = first !== null && first > store.seq + 1 && last > store.seq;
    const changedWords = Object.values(this.words).reduce((sum, index) => sum + index.changedCount, 0);
    if (store.seq < 0 || behind || changedWords > WORD_CHANGES_MAX) return this.reload(db, last);
    for (const [seq, missedAt] of this.gaps) if (now - missedAt > GAP_KEPT_MS) this.gaps.delete(seq);
    if (last <= store.seq && this.gaps.size === 0) return;
    const wanted = [...this.gaps.keys()];
    const { rows: changes } = await sql<{ seq: number; post_id: number }>`SELECT seq, post_id FROM search_changes
      WHERE (seq > ${store.seq} AND seq <= ${last}) OR seq = ANY(${wanted}::bigint[])`.execute(db);
    const seen = new Set(changes.map((change) => change.seq));
    for (const seq of wanted) if (seen.has(seq)) this.gaps.delete(seq);
    for (let seq = store.seq + 1; seq <= last && this.gaps.size < 10_000; seq++) if (!seen.has(seq)) this.gaps.set(seq, now);
    // Post 0 stands for every post (a rebuild).
    if (changes.some((change) => change.post_id === 0)) return this.reload(db, last);
    const ids = [...new Set(changes.map((change) => change.post_id))];
    for (const id of ids) {
      const type = store.typeOf(id);
      const slot = store.heldSlot(id);
      if (type && slot >= 0) this.words[type]?.update(slot, []);
      store.remove(id);
    }
    if (ids.length > 0) await this.put(db, sql`post_id = ANY(${ids}::bigint[]) AND type = ANY(${store.held}::text[])`);
    store.seq = Math.max(store.seq, last);
  }
}

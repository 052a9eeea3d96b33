/**
 * An in-memory inverted index of the search words (lexemes) of every indexed post, for a backend whose full-text
 * index cannot hand out post ids cheaply: PostgreSQL's GIN index finds a common word's 40,000 rows in a few ms, but
 * reading their post ids costs a heap visit per row (decision 0019). The lexemes are the tsvector's own, so a
 * match here is the tsquery's match. Built once from a full load (a compact posting list per lexeme, post ids
 * ascending); posts changed afterwards are kept aside with their new lexemes until the next full load.
 */

import { sharedColumn } from './shared-memory.ts';

/** A search word as the full-text index normalised it; `prefix` matches every lexeme starting with it. */
export interface WordTerm {
  lexeme: string;
  prefix: boolean;
}

/** Growable Uint32Array used while loading (sized up front when the count is known: no copies while growing). */
class Column {
  values: Uint32Array;
  length = 0;
  constructor(capacity = 1 << 16) {
    this.values = new Uint32Array(Math.max(1, capacity));
  }
  push(value: number): void {
    if (this.length === this.values.length) {
      const next = new Uint32Array(this.values.length * 2);
      next.set(this.values);
      this.values = next;
    }
    this.values[this.length++] = value;
  }
}

export class WordIndex {
  /** The vocabulary of the last full load, sorted, so a prefix's lexemes are one range. */
  private lexemes: string[] = [];
  /** Posting list of lexeme i: postings[offsets[i] .. offsets[i + 1]). */
  private offsets = new Uint32Array(1);
  private postings = new Uint32Array(0);
  /** By post id: 1 when the post changed since the full load, so its postings there no longer hold. */
  private stale = new Uint8Array(0);
  /** Posts changed since the full load, with their lexemes now (none when they left the index). */
  private changed = new Map<number, readonly string[]>();
  /** Marks per post id while matching, all 0 between matches. */
  private marks = new Uint8Array(0);
  /** Room for a match's ids, reused: a new buffer per search (1.4 MB for a common word at 5 million) fed the collector. */
  private found = new Uint32Array(0);
  /** The load under way: lexeme ids by lexeme, and the (lexeme id, post id) pairs in load order. */
  private loading: { ids: Map<string, number>; lexemeIds: Column; postIds: Column; maxId: number } | undefined;

  /** Posts changed since the full load: the loader reloads everything when this grows large. */
  get changedCount(): number {
    return this.changed.size;
  }

  /** Number of (lexeme, post) pairs of the full load. */
  get size(): number {
    return this.postings.length;
  }

  /** Starts a full load: `add` every indexed post in ascending id order, then `finish`. `pairs`: the (lexeme, post) pairs expected. */
  begin(pairs?: number): void {
    this.loading = { ids: new Map(), lexemeIds: new Column(pairs), postIds: new Column(pairs), maxId: 0 };
  }

  /** Adds a post of the load under way (ids ascending). */
  add(id: number, lexemes: readonly string[]): void {
    const loading = this.loading!;
    for (const lexeme of lexemes) {
      let lexemeId = loading.ids.get(lexeme);
      if (lexemeId === undefined) {
        lexemeId = loading.ids.size;
        loading.ids.set(lexeme, lexemeId);
      }
      loading.lexemeIds.push(lexemeId);
      loading.postIds.push(id);
    }
    loading.maxId = Math.max(loading.maxId, id);
  }

  /**
   * Ends the load: the posting lists are laid out by lexeme in sorted order (a counting sort; ids stay ascending).
   * With `keyOf`, each post id is replaced by `keyOf[id]` (the facet store's slot of the post: a match then needs no
   * lookup per post) and each list is sorted by key; `update` and `match` then speak of keys, not post ids.
   */
  finish(keyOf?: ArrayLike<number>): void {
    const { ids, lexemeIds, postIds } = this.loading!;
    let { maxId } = this.loading!;
    this.loading = undefined;
    if (keyOf) {
      maxId = 0;
      for (let index = 0; index < postIds.length; index++) {
        const key = keyOf[postIds.values[index]!]!;
        postIds.values[index] = key;
        if (key > maxId) maxId = key;
      }
    }
    const vocabulary = [...ids.keys()].sort();
    const rank = new Uint32Array(ids.size);
    vocabulary.forEach((lexeme, index) => { rank[ids.get(lexeme)!] = index; });
    const offsets = new Uint32Array(vocabulary.length + 1);
    for (let index = 0; index < lexemeIds.length; index++) offsets[rank[lexemeIds.values[index]!]! + 1]!++;
    for (let index = 0; index < vocabulary.length; index++) offsets[index + 1]! += offsets[index]!;
    const next = offsets.slice(0, vocabulary.length);
    const postings = new Uint32Array(lexemeIds.length);
    for (let index = 0; index < lexemeIds.length; index++) postings[next[rank[lexemeIds.values[index]!]!]!++] = postIds.values[index]!;
    if (keyOf) for (let lexeme = 0; lexeme < vocabulary.length; lexeme++) postings.subarray(offsets[lexeme]!, offsets[lexeme + 1]!).sort();
    this.lexemes = vocabulary;
    this.offsets = offsets;
    this.postings = postings;
    this.stale = new Uint8Array(maxId + 1);
    this.marks = new Uint8Array(maxId + 1);
    this.changed.clear();
  }

  /** Records a post's lexemes after a change (`[]` when it left the index). */
  update(id: number, lexemes: readonly string[]): void {
    if (id < this.stale.length) this.stale[id] = 1;
    this.changed.set(id, lexemes);
  }

  /** The range of sorted lexemes a term matches: itself, or all starting with it. */
  private range(term: WordTerm): [number, number] {
    const { lexemes } = this;
    let low = 0;
    let high = lexemes.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (lexemes[middle]! < term.lexeme) low = middle + 1;
      else high = middle;
    }
    if (!term.prefix) return lexemes[low] === term.lexeme ? [low, low + 1] : [low, low];
    let end = low;
    while (end < lexemes.length && lexemes[end]!.startsWith(term.lexeme)) end++;
    return [low, end];
  }

  /**
   * A buffer for up to `size` ids, the kept one when it is large enough. In shared memory: a facet store's helper thread
   * counts half of a large match straight from it (facet-store.ts `countShared`).
   */
  private room(size: number): Uint32Array {
    if (this.found.length < size) this.found = sharedColumn(Uint32Array, Math.ceil(size * 1.25));
    return this.found;
  }

  /**
   * Ids of the posts having every term (in no particular order), as a view of a buffer the next match reuses. At
   * most 250 terms.
   */
  match(terms: readonly WordTerm[]): Uint32Array {
    if (terms.length === 0 || terms.length > 250) throw new RangeError('between 1 and 250 terms');
    const { offsets, postings, marks, stale } = this;
    const ranges = terms.map((term) => this.range(term));
    const [onlyStart, onlyEnd] = ranges[0]!;
    if (ranges.length === 1 && onlyEnd - onlyStart <= 1) {
      // One word of one lexeme (the common case): its posting list, less the posts changed since (found below).
      const found = this.room((onlyEnd > onlyStart ? offsets[onlyEnd]! - offsets[onlyStart]! : 0) + this.changed.size);
      let size = 0;
      for (let at = offsets[onlyStart]!; onlyEnd > onlyStart && at < offsets[onlyEnd]!; at++) if (stale[postings[at]!] === 0) found[size++] = postings[at]!;
      for (const [id, lexemes] of this.changed) if (lexemes.some((lexeme) => (terms[0]!.prefix ? lexeme.startsWith(terms[0]!.lexeme) : lexeme === terms[0]!.lexeme))) found[size++] = id;
      return found.subarray(0, size);
    }
    // A post is marked i + 1 once it has the first i + 1 terms; several lexemes of one prefix count once.
    ranges.forEach(([start, end], index) => {
      for (let lexeme = start; lexeme < end; lexeme++) {
        for (let at = offsets[lexeme]!; at < offsets[lexeme + 1]!; at++) {
          const id = postings[at]!;
          if (marks[id] === index) marks[id] = index + 1;
        }
      }
    });
    const [lastStart, lastEnd] = ranges[ranges.length - 1]!;
    // Room for the last term's postings: a plain array grown to 343,000 ids for "professional" (a prefix of several
    // lexemes) at 5 million listings cost more in collection than the match.
    const found = this.room(offsets[lastEnd]! - offsets[lastStart]! + this.changed.size);
    let size = 0;
    for (let lexeme = lastStart; lexeme < lastEnd; lexeme++) {
      for (let at = offsets[lexeme]!; at < offsets[lexeme + 1]!; at++) {
        const id = postings[at]!;
        if (marks[id] === terms.length && stale[id] === 0) found[size++] = id;
        marks[id] = 0;
      }
    }
    for (const [start, end] of ranges.slice(0, -1)) {
      for (let lexeme = start; lexeme < end; lexeme++) for (let at = offsets[lexeme]!; at < offsets[lexeme + 1]!; at++) marks[postings[at]!] = 0;
    }
    for (const [id, lexemes] of this.changed) {
      if (terms.every((term) => lexemes.some((lexeme) => (term.prefix ? lexeme.startsWith(term.lexeme) : lexeme === term.lexeme)))) found[size++] = id;
    }
    return found.subarray(0, size);
  }
}

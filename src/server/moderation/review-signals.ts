import type { ListingReview, ReviewFacts, WrittenReview } from '../db/trust-rows.ts';
/**
 * The fake-review filter's scoring (issue 45, decision 0033): features of each review read against the others, each
 * stored with its value, and a weighted sum. A review scoring at or above THRESHOLD is held as `suspicious` (it leaves
 * the public list and the rating, and is never deleted). Pure: the job feeds it what it read from the database, the
 * benchmark and its test a generated corpus.
 *
 * Features:
 * - burst: the listing's reviews in the 24 hours (or the 7 days) before and after, against its own 90-day baseline;
 * - new_account: the account's age at the review (more under a day: an account made to write it), and a single review
 *   with no other activity beyond the business it reviews (following it is not activity elsewhere);
 * - shared_client: other reviewers of the same listing on the same device, or on the same sign-in client weighed by the
 *   share of that client's accounts that reviewed the listing: colleagues behind one busy office address, or a
 *   carrier's shared address, are not a ring (probe finding 10);
 * - similar_text: word 3-gram MinHash (character 3-grams for Chinese) against other people's reviews, on any
 *   listing; texts under 6 words (or 6 Han characters) are skipped, so "Good service" never matches;
 * - rating_outlier: 2.5 or more stars from the listing's median, weighing more in a burst;
 * - owner_link: the reviewer is or was the owner, shares a sign-in client with them, or proved a phone or e-mail the
 *   business lists.
 */

/** Bumped when features or weights change: stored scores of another version are scored again. */
export const SIGNALS_VERSION = 2;

export interface ReviewScore {
  score: number;
  features: Record<string, number>;
}

/** Each feature's weight; a review at or above THRESHOLD is held. */
const WEIGHTS = {
  owner_link: 3,
  shared_client: 1.5,
  shared_client_each: 0.5,
  shared_client_cap: 3,
  new_account: 1,
  made_to_review: 0.5,
  lone_account: 1,
  burst_day: 1.5,
  burst_week: 1,
  similar_text: 2.5,
  rating_outlier: 0.5,
  outlier_in_burst: 1,
} as const;
export const THRESHOLD = 2.5;

const DAY_MS = 24 * 60 * 60 * 1000;
const NEW_ACCOUNT_DAYS = 14;
/** Jaccard similarity at which two texts are copies (banded MinHash finds the candidates; the sets decide). */
const SIMILAR = 0.8;
const MIN_WORDS = 6;
const HASHES = 64;
const BANDS = 16;
const ROWS = HASHES / BANDS;

const HAN = /\p{Script=Han}/u;

/** A text's shingles: word 3-grams, or character 3-grams of its Han characters; none for a short text. */
export function shingles(text: string): string[] {
  const lower = text.normalize('NFKC').toLowerCase();
  if (HAN.test(lower)) {
    // Han characters and the digits and letters among them (an amount, a brand), punctuation and spaces aside.
    const han = [...lower].filter((char) => /[\p{Script=Han}\p{L}\p{N}]/u.test(char));
    if (han.filter((char) => HAN.test(char)).length < MIN_WORDS) return [];
    return han.slice(0, -2).map((_, index) => han.slice(index, index + 3).join(''));
  }
  const words = lower.match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length < MIN_WORDS) return [];
  return words.slice(0, -2).map((_, index) => words.slice(index, index + 3).join(' '));
}

/** FNV-1a of a string with a seed, 32 bits. */
function hash(text: string, seed: number): number {
  let value = 0x811c9dc5 ^ seed;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value >>> 0;
}

/** The MinHash signature of a set of shingles, or null for none. */
function signature(parts: readonly string[]): Uint32Array | null {
  if (parts.length === 0) return null;
  const mins = new Uint32Array(HASHES).fill(0xffffffff);
  for (const part of new Set(parts)) {
    for (let seed = 0; seed < HASHES; seed++) {
      const value = hash(part, Math.imul(seed + 1, 0x9e3779b1));
      if (value < mins[seed]!) mins[seed] = value;
    }
  }
  return mins;
}

/** The exact Jaccard similarity of two shingle sets. */
const jaccard = (a: ReadonlySet<string>, b: ReadonlySet<string>) => {
  let shared = 0;
  for (const part of a) if (b.has(part)) shared++;
  return shared / (a.size + b.size - shared);
};

/** The band keys of a signature: texts sharing one are candidates (their Jaccard similarity is then computed). */
function bandKeys(mins: Uint32Array): string[] {
  return Array.from({ length: BANDS }, (_, band) => `${band}:${mins.subarray(band * ROWS, (band + 1) * ROWS).join(',')}`);
}

/**
 * The copy check: the highest similarity of each target review's text to another person's review, on any listing.
 * The targets' texts are indexed once (each distinct text once); the window's reviews are then read page by page
 * (`add`), each distinct text of a page once, so a window of hundreds of thousands of reviews is read in bounded
 * memory, and a text repeated thousands of times costs one signature per page, not a comparison per pair.
 */
export class CopyFinder {
  private readonly texts: { content: string; parts: Set<string>; reviews: { id: number; user: number | null }[] }[] = [];
  private readonly bands = new Map<string, number[]>();
  private readonly best = new Map<number, number>();

  constructor(targets: readonly WrittenReview[]) {
    const byContent = new Map<string, number>();
    for (const target of targets) {
      let index = byContent.get(target.content);
      if (index === undefined) {
        const parts = shingles(target.content);
        const mins = signature(parts);
        if (!mins) continue;
        index = this.texts.length;
        byContent.set(target.content, index);
        this.texts.push({ content: target.content, parts: new Set(parts), reviews: [] });
        for (const key of bandKeys(mins)) {
          const list = this.bands.get(key);
          if (list) list.push(index);
          else this.bands.set(key, [index]);
        }
      }
      this.texts[index]!.reviews.push({ id: target.id, user: target.user_id });
    }
  }

  /** Reads a page of written reviews against the targets. */
  add(written: readonly WrittenReview[]): void {
    if (this.texts.length === 0) return;
    // Each distinct text once, with a few of its writers: enough to tell whether someone other than a target wrote it.
    const writers = new Map<string, WrittenReview[]>();
    for (const review of written) {
      const list = writers.get(review.content);
      if (!list) writers.set(review.content, [review]);
      else if (list.length < 4 && (review.user_id === null || !list.some((other) => other.user_id === review.user_id))) list.push(review);
    }
    for (const [content, by] of writers) {
      const parts = shingles(content);
      const mins = signature(parts);
      if (!mins) continue;
      const candidates = new Set<number>();
      for (const key of bandKeys(mins)) for (const index of this.bands.get(key) ?? []) candidates.add(index);
      if (candidates.size === 0) continue;
      const set = new Set(parts);
      for (const index of candidates) {
        const text = this.texts[index]!;
        const value = text.content === content ? 1 : jaccard(text.parts, set);
        for (const target of text.reviews) {
          if (value <= (this.best.get(target.id) ?? 0)) continue;
          // Another person's review: not the target itself, nor one by the same account.
          if (by.some((other) => other.id !== target.id && (target.user === null || other.user_id !== target.user))) this.best.set(target.id, value);
        }
      }
    }
  }

  /** Each target's highest similarity to another person's review (targets without one are absent). */
  result(): Map<number, number> {
    return this.best;
  }
}

/** The copy check over reviews held in memory (the corpus of `npm run bench:reviews`, tests). */
function copiedTexts(targets: readonly WrittenReview[], written: readonly WrittenReview[]): Map<number, number> {
  const finder = new CopyFinder(targets);
  finder.add(written);
  return finder.result();
}

const median = (values: readonly number[]) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Scores `targets` (new and edited reviews, or the last 90 days) against `context` (their listings' reviews of the
 * last 97 days) and `similar` (each target's highest similarity to another person's review on any listing: the copy
 * check, `CopyFinder`; by default over `context`). Answers each target's score and features.
 */
export function scoreReviews(targets: readonly ReviewFacts[], context: readonly ListingReview[], similar: ReadonlyMap<number, number> = copiedTexts(targets, [...context, ...targets])): Map<number, ReviewScore> {
  const all = new Map<number, ListingReview>(context.map((review) => [review.id, review]));
  for (const review of targets) all.set(review.id, review);
  const byListing = new Map<string, ListingReview[]>();
  for (const review of all.values()) {
    const list = byListing.get(review.listing);
    if (list) list.push(review);
    else byListing.set(review.listing, [review]);
  }
  const scores = new Map<number, ReviewScore>();
  for (const review of targets) {
    const features: Record<string, number> = {};
    const others = (byListing.get(review.listing) ?? []).filter((other) => other.id !== review.id);
    const near = (days: number) => others.filter((other) => Math.abs(other.created_at - review.created_at) <= days * DAY_MS).length + 1;
    const baseline = others.filter((other) => other.created_at < review.created_at - 7 * DAY_MS && other.created_at >= review.created_at - 97 * DAY_MS).length / 90;
    const day = near(1);
    const week = near(7);
    let burst = 0;
    if (day >= 4 && day >= 6 * baseline) burst = WEIGHTS.burst_day;
    else if (week >= 5 && week >= 14 * baseline) burst = WEIGHTS.burst_week;
    if (burst > 0) features.burst = day >= 4 ? day : week;

    const ageDays = (review.created_at - review.reviewer.created_at) / DAY_MS;
    let account = 0;
    if (ageDays < NEW_ACCOUNT_DAYS) { account += WEIGHTS.new_account; features.account_age_days = Math.max(0, Math.round(ageDays * 10) / 10); }
    if (ageDays < 1) account += WEIGHTS.made_to_review;
    if (review.reviewer.reviews <= 1 && review.reviewer.activity === 0) { account += WEIGHTS.lone_account; features.lone_account = 1; }

    const otherPeople = others.filter((other) => other.user_id !== review.user_id);
    const onDevice = otherPeople.filter((other) => review.device_hash !== null && other.device_hash === review.device_hash).length;
    const onClient = otherPeople.filter((other) => review.client_hash !== null && other.client_hash === review.client_hash
      && !(review.device_hash !== null && other.device_hash === review.device_hash)).length;
    const sharing = onDevice + onClient;
    // A device is one person's; a client (an address) may be many people's: without a shared device, the weight is the
    // share of the client's accounts that reviewed this listing (a ring's accounts all did; an office's few did).
    const clientShare = onDevice > 0 ? 1 : Math.min(1, (onClient + 1) / Math.max(1, review.client_accounts));
    const shared = sharing > 0 ? Math.round(Math.min(WEIGHTS.shared_client_cap, WEIGHTS.shared_client + WEIGHTS.shared_client_each * (sharing - 1)) * clientShare * 100) / 100 : 0;
    if (sharing > 0) features.shared_client = sharing;
    if (sharing > 0 && clientShare < 1) features.client_accounts = review.client_accounts;

    const text = similar.get(review.id) ?? 0;
    const copied = text >= SIMILAR ? WEIGHTS.similar_text : 0;
    if (copied) features.similar_text = Math.round(text * 100) / 100;

    const typical = median(others.map((other) => other.rating));
    let outlier = 0;
    if (typical !== null && Math.abs(review.rating - typical) >= 2.5) {
      outlier = WEIGHTS.rating_outlier + (burst > 0 ? WEIGHTS.outlier_in_burst : 0);
      features.rating_outlier = Math.abs(review.rating - typical);
    }

    const owner = review.owner_link ? WEIGHTS.owner_link : 0;
    if (owner) features.owner_link = 1;
    const score = Math.round((burst + account + shared + copied + outlier + owner) * 100) / 100;
    scores.set(review.id, { score, features });
  }
  return scores;
}

/** Whether a score holds its review. */
export const isSuspicious = (score: ReviewScore) => score.score >= THRESHOLD;

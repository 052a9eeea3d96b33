/**
 * The automatic checks (issue 28, decision 0024). Ads publish at once, as the advertiser site promises, unless one
 * flags them: more links than allowed, a banned word, a copy of another live ad (the same title and a near-identical
 * photo), or, with the setting on, an account that has had no ad live yet; a flagged ad stays a draft, held for an
 * operator. A new review is held hidden for a link in its text, a banned word, or a burst of reviews of one listing
 * from one client.
 */
import type { AppContext } from '../app-types.ts';
import type { CatalogContext } from '../catalog/context.ts';
import type { Config } from '../config.ts';
import { getPostById } from '../catalog/posts.ts';
import type { ListingRef, OwnPostRow } from '../db/rows.ts';
import { hashDistance } from '../uploads/pipeline.ts';
import { say, word, type MessageKey } from '../../shared/said.ts';

const HELD_CHECKS = ['links', 'banned_words', 'duplicate', 'new_account'] as const;
export type HeldCheck = (typeof HELD_CHECKS)[number];

/** Photos this many bits apart or closer are the same photo (resized, recompressed or lightly edited). */
const SAME_PHOTO_BITS = 6;
/**
 * A hash with fewer bits set (or cleared) than this says little: a flat colour or a plain logo on white hashes to
 * (nearly) all zeros, and every such picture would look like every other. Those are not compared.
 */
const INFORMATIVE_BITS = 8;
const informative = (hash: string) => {
  const set = hashDistance(hash, '0000000000000000');
  return set >= INFORMATIVE_BITS && set <= 64 - INFORMATIVE_BITS;
};
/** What an ad's text is, for the checks: every string it shows, but not its media's or its own link's addresses. */
const NOT_TEXT = /url|image|thumbnail|full|file|slug|hyperlink|website|mime|poster/i;

function textOf(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return NOT_TEXT.test(key) ? [] : [value];
  if (Array.isArray(value)) return value.flatMap((item) => textOf(item, key));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([name, inner]) => textOf(inner, name));
  return [];
}

const LINK = /\b(?:https?:\/\/|www\.)\S+/gi;

/** How many links a text has. */
const linksIn = (text: string) => (text.match(LINK) ?? []).length;

/** Whether the text has one of the banned words or phrases, whole (any case; a word inside another is not it). */
function hasBannedWord(text: string, words: readonly string[]): boolean {
  const lower = text.toLowerCase();
  return words.some((word) => new RegExp(`(^|[^\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}])`, 'u').test(lower));
}

/** Which checks hold the ad (none: it may go live). */
export async function heldChecks(app: CatalogContext & { config: Pick<Config, 'moderation'> }, post: OwnPostRow, ownerId: number): Promise<HeldCheck[]> {
  const { maxLinks, bannedWords, holdNewAdvertisers } = app.config.moderation;
  const detail = await getPostById(app, post.id, { drafts: true });
  const text = textOf({ title: post.title, ...detail, profile: undefined, related_posts: undefined, reviews: undefined }).join('\n');
  const checks: HeldCheck[] = [];
  if (linksIn(text) > maxLinks) checks.push('links');
  if (hasBannedWord(text, bannedWords)) checks.push('banned_words');
  const hashes = (await app.repos.listings.findImageHashes(post.id)).filter(informative);
  if (hashes.length > 0) {
    const twins = await app.repos.listings.findTitleTwins(post.id, post.title);
    if (twins.some((twin) => hashes.some((hash) => hashDistance(hash, twin.dhash) <= SAME_PHOTO_BITS))) checks.push('duplicate');
  }
  if (holdNewAdvertisers && (await app.repos.listings.countAdsWentLive(ownerId)) === 0) checks.push('new_account');
  return checks;
}

const WORDS: Record<HeldCheck, MessageKey> = {
  links: 'api_held_links',
  banned_words: 'api_held_banned_words',
  duplicate: 'api_held_duplicate',
  new_account: 'api_held_new_account',
};

/** What the advertiser reads about a held ad. */
export function heldMessage(checks: readonly string[]): string {
  const why = checks.filter((check): check is HeldCheck => (HELD_CHECKS as readonly string[]).includes(check)).map((check) => WORDS[check]);
  // Said, so it is worded in the advertiser's language where it leaves: the first reason names why.
  return why[0] ? say('api_ad_held_why', { why: word(why[0]) }) : say('api_ad_waits_review');
}

/** A burst: this many reviews of one listing from one client within an hour (the next is held). */
const REVIEW_BURST = 3;
const HOUR_MS = 3_600_000;

/** Which checks hold a new review hidden (none: it shows at once). */
export async function reviewChecks(app: AppContext, review: { listing: ListingRef; content: string; clientHash: string | null }): Promise<string[]> {
  const checks: string[] = [];
  if (linksIn(review.content) > 0) checks.push('links');
  if (hasBannedWord(review.content, app.config.moderation.bannedWords)) checks.push('banned_words');
  const since = new Date(app.clock.now() - HOUR_MS).toISOString();
  // A client that names no one person (see isSharedClient) counts no burst.
  if (review.clientHash !== null && (await app.repos.moderation.countClientReviews(review.listing, review.clientHash, since)) >= REVIEW_BURST - 1) checks.push('burst');
  return checks;
}

/**
 * The automatic checks (issue 28, decision 0024). Ads publish at once, as the advertiser site promises, unless one
 * flags them: more links than allowed, a banned word, a copy of another live ad (the same title and a near-identical
 * photo), or, with the setting on, an account that has had no ad live yet; and the fraud signals of issue 64
 * (listing-signals.ts): another account's photo, a copied text, a price far below its kind's, a first-day burst. A
 * flagged ad stays a draft, held for an operator, who sees each check that fired with its score and evidence. A new
 * review is held hidden for a link in its text, a banned word, or a burst of reviews of one listing from one client.
 */
import type { AppContext } from '../app-types.ts';
import type { CatalogContext } from '../catalog/context.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { getPostById } from '../catalog/posts.ts';
import type { ListingRef, OwnPostRow } from '../db/rows.ts';
import { hashDistance } from '../uploads/pipeline.ts';
import { say, word, type MessageKey } from '../../shared/said.ts';
import { copiedTextSignal, firstDayBurstSignal, priceOutlierSignal, SAME_PHOTO_BITS, samePhotoSignal, textFingerprint, type HeldSignal } from './listing-signals.ts';

const HELD_CHECKS = ['links', 'banned_words', 'duplicate', 'new_account', 'same_photo', 'copied_text', 'price_outlier', 'first_day_burst'] as const;
type HeldCheck = (typeof HELD_CHECKS)[number];

/**
 * What the checks found: the names of those that fired, each with its score and evidence, the text's fingerprint,
 * and the live ads published before that the signals implicate.
 */
export interface CheckOutcome {
  checks: HeldCheck[];
  signals: HeldSignal[];
  fingerprint: string | null;
  implicated: number[];
}
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
/** What an ad's own words are, for its fingerprint: its title, summary and descriptions. */
const OWN_WORDS = new Set(['title', 'summary', 'description']);

/** The strings in `value` whose key (the nearest property name above them) `keep` accepts. */
function stringsOf(value: unknown, keep: (key: string) => boolean, key = ''): string[] {
  if (typeof value === 'string') return keep(key) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((item) => stringsOf(item, keep, key));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([name, inner]) => stringsOf(inner, keep, name));
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

/** Which checks hold the ad (none: it may go live), with their scores. */
export async function heldChecks(app: CatalogContext & { config: Pick<Config, 'moderation'>; clock: Clock }, post: OwnPostRow, ownerId: number): Promise<CheckOutcome> {
  const { maxLinks, bannedWords, holdNewAdvertisers } = app.config.moderation;
  const { repos } = app;
  const detail = await getPostById(app, post.id, { drafts: true });
  const shown = { title: post.title, ...detail, profile: undefined, related_posts: undefined, reviews: undefined };
  const text = stringsOf(shown, (key) => !NOT_TEXT.test(key)).join('\n');
  const fingerprint = textFingerprint(stringsOf(shown, (key) => OWN_WORDS.has(key)));
  const signals: HeldSignal[] = [];
  const flag = (check: HeldCheck) => signals.push({ check, score: 1 });
  if (linksIn(text) > maxLinks) flag('links');
  if (hasBannedWord(text, bannedWords)) flag('banned_words');
  const hashes = (await repos.listings.findImageHashes(post.id)).filter(informative);
  if (hashes.length > 0) {
    const twins = await repos.listings.findTitleTwins(post.id, post.title);
    if (twins.some((twin) => hashes.some((hash) => hashDistance(hash, twin.dhash) <= SAME_PHOTO_BITS))) flag('duplicate');
  }
  if (holdNewAdvertisers && (await repos.listings.countAdsWentLive(ownerId)) === 0) flag('new_account');
  const [account, priced] = await Promise.all([repos.users.findUser(ownerId), repos.listingSignals.findPricedAd(post.id)]);
  const found = await Promise.all([
    samePhotoSignal(repos, post.id, ownerId, hashes),
    account ? copiedTextSignal(repos, app.clock, { id: post.id, accountCreatedAt: account.created_at }, ownerId, fingerprint) : null,
    priced ? priceOutlierSignal(repos, priced) : null,
    priced && account ? firstDayBurstSignal(repos, priced, ownerId, account.created_at) : null,
  ]);
  const fired = found.filter((item) => item !== null);
  signals.push(...fired.map((item) => item.signal));
  return { checks: signals.map((signal) => signal.check as HeldCheck), signals, fingerprint, implicated: [...new Set(fired.flatMap((item) => item.implicated))] };
}

const WORDS: Record<HeldCheck, MessageKey> = {
  links: 'api_held_links',
  banned_words: 'api_held_banned_words',
  duplicate: 'api_held_duplicate',
  new_account: 'api_held_new_account',
  same_photo: 'api_held_same_photo',
  copied_text: 'api_held_copied_text',
  price_outlier: 'api_held_price_outlier',
  first_day_burst: 'api_held_first_day_burst',
};

const reasonsOf = (checks: readonly string[]) => checks.filter((check): check is HeldCheck => (HELD_CHECKS as readonly string[]).includes(check)).map((check) => WORDS[check]);

/** What the advertiser reads about a held ad. */
export function heldMessage(checks: readonly string[]): string {
  const why = reasonsOf(checks);
  // Said, so it is worded in the advertiser's language where it leaves: the first reason names why.
  return why[0] ? say('api_ad_held_why', { why: word(why[0]) }) : say('api_ad_waits_review');
}

/** Why ads the checks implicate are held back, as a word of the owner's language (the first check that names them). */
export function heldBackReason(checks: readonly string[]): string {
  const why = reasonsOf(checks.filter((check) => check === 'copied_text' || check === 'first_day_burst'));
  return word(why[0] ?? 'api_held_copied_text');
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

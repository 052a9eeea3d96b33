/**
 * Fraud signals on listings (issue 64, decision 0038), beside the older checks of checks.ts. Each is a named check with
 * a score from 0 to 1 and the evidence an operator reads in the held queue:
 * - `same_photo`: a photo within 8 bits of one on another account's live ad, whatever its title;
 * - `copied_text`: an account under 30 days old whose ad's text (its words, digits aside) is on another account's live
 *   ad, or on an ad another new account posted within those 30 days (several new accounts, one text);
 * - `price_outlier`: a sell ad far below the median of its product, brand, or category and condition (the statistics
 *   job's robust figures, price-statistics.ts): at most half of it and 3 robust deviations under it;
 * - `first_day_burst`: the third ad or more in an account's first day priced in the top quarter of its statistic.
 * The same text and a burst show only once several ads are in: the ones before are implicated, and held back for
 * review with the new one (listings' `holdBack`: live ones and ones waiting for their invoice).
 */
import { createHash } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { Repositories } from '../db/repositories.ts';
import type { PricedAdRow, PriceStatRow } from '../db/rows.ts';
import { hashDistance } from '../uploads/pipeline.ts';

/** What a check that fired found: its name, how strongly (0 to 1), and what an operator can look at. */
export interface HeldSignal {
  check: string;
  score: number;
  evidence?: Record<string, string | number>;
}

/** A signal, and the ads published before it that it implicates (held back for review with the new one, where the lifecycle allows). */
export interface Found {
  signal: HeldSignal;
  implicated: number[];
}

const DAY_MS = 86_400_000;
/** Photos this many bits apart or closer are the same photo (resized, recompressed or lightly edited). */
export const SAME_PHOTO_BITS = 6;
/**
 * Across accounts, whatever the title, a copy cropped at its edges is the same photo too: dHash moves with a crop, so
 * this check takes photos up to 8 bits apart (the index finds every one within 11).
 */
const COPIED_PHOTO_BITS = 8;
/** An account this young is new, for the copied-text check. */
const NEW_ACCOUNT_DAYS = 30;
/** How many new accounts sharing one text are several: their ads are held back. */
const SEVERAL_ACCOUNTS = 3;
/** A text shorter than this (normalised) says too little to call a copy. */
const FINGERPRINT_MIN_CHARS = 100;
/** The price check's rules: a statistic needs this many ads; an outlier is at most this share of the median and this many robust deviations below it. */
export const PRICE_RULES = { minSample: 20, belowMedianShare: 0.5, robustDeviations: 3, minLogMad: 0.1 } as const;
/** The first-day burst: this many ads or more in the top quarter of their prices. */
const BURST_ADS = 3;
/** A high price where no statistic covers the ad. */
const HIGH_PRICE_SEN = 200_000;

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * The fingerprint of an ad's text: its words lower-cased and NFKC-folded, numbers and punctuation aside (a copy with
 * another phone number or price is the same text), hashed; null when too short to tell.
 */
export function textFingerprint(parts: readonly (string | null | undefined)[]): string | null {
  const words = parts.filter(Boolean).join(' ').normalize('NFKC').toLowerCase().replace(/[^\p{L}\s]+/gu, ' ').replace(/\s+/g, ' ').trim();
  if (words.length < FINGERPRINT_MIN_CHARS) return null;
  return createHash('sha256').update(words).digest('hex').slice(0, 32);
}

/** `same_photo`: a photo of the ad within COPIED_PHOTO_BITS of one on another account's live ad (the original stays). */
export async function samePhotoSignal(repos: Repositories, postId: number, ownerId: number, hashes: readonly string[]): Promise<Found | null> {
  let best: { post_id: number; distance: number } | null = null;
  for (const twin of await repos.listingSignals.findPhotoTwins(postId, ownerId, hashes)) {
    const distance = Math.min(...hashes.map((hash) => hashDistance(hash, twin.dhash)));
    if (distance <= COPIED_PHOTO_BITS && (!best || distance < best.distance)) best = { post_id: twin.post_id, distance };
  }
  if (!best) return null;
  return { signal: { check: 'same_photo', score: round(1 - best.distance / (COPIED_PHOTO_BITS + 1)), evidence: { post_id: best.post_id, bits_apart: best.distance } }, implicated: [] };
}

/**
 * `copied_text`: a new account's text is on another account's live ad, or on another new account's recent one. Once
 * several new accounts (this one and two more) share it, their ads are implicated too; one copy of one ad leaves
 * the ad copied alone (its author, most likely), and an established account's is never implicated.
 */
export async function copiedTextSignal(repos: Repositories, clock: Clock, post: { id: number; accountCreatedAt: string }, ownerId: number, fingerprint: string | null): Promise<Found | null> {
  const newSince = new Date(clock.now() - NEW_ACCOUNT_DAYS * DAY_MS).toISOString();
  if (fingerprint === null || post.accountCreatedAt < newSince) return null;
  const twins = (await repos.listingSignals.findTextTwins(post.id, ownerId, fingerprint, newSince)).filter((twin) => twin.live || twin.new_account);
  const accounts = new Set(twins.map((twin) => twin.account)).size;
  if (accounts === 0) return null;
  const newAccounts = new Set(twins.filter((twin) => twin.new_account).map((twin) => twin.account)).size;
  return {
    signal: { check: 'copied_text', score: round(Math.min(1, 0.5 + accounts / 4)), evidence: { other_accounts: accounts } },
    implicated: newAccounts + 1 >= SEVERAL_ACCOUNTS ? twins.filter((twin) => twin.new_account).map((twin) => twin.post_id) : [],
  };
}

/**
 * The statistic that speaks for an ad: with `closest`, its product's (the title's words) when there is one, else its
 * brand's in its condition; else its category's in its condition, else its category's for both conditions.
 */
async function statisticOf(repos: Repositories, ad: PricedAdRow, closest: boolean): Promise<PriceStatRow | undefined> {
  if (ad.category_id === null || ad.condition === null) return undefined;
  const product = productKey(ad.title);
  const stats = await repos.listingSignals.findPriceStats(ad.category_id, ad.condition, product);
  const brand = brandKey(ad.brand);
  const whole = (stat: PriceStatRow) => stat.brand === '' && stat.product === '';
  const closer = closest
    ? (product !== '' ? stats.find((stat) => stat.product === product) : undefined) ?? (brand !== '' ? stats.find((stat) => stat.condition === ad.condition && stat.brand === brand) : undefined)
    : undefined;
  return closer ?? stats.find((stat) => whole(stat) && stat.condition === ad.condition) ?? stats.find((stat) => whole(stat) && stat.condition === 'any');
}

/** A brand as the statistics key it: lower case, trimmed ('' for none, and for "generic", which names no maker). */
export const brandKey = (brand: string | null) => {
  const key = (brand ?? '').trim().toLowerCase();
  return key === 'generic' || key === 'n/a' ? '' : key;
};

/** Words of a title that say its condition or its hurry, not the product. */
const NOT_PRODUCT = new Set(['used', 'new', 'brand', 'preloved', 'pre', 'loved', 'second', 'hand', 'urgent', 'sale', 'cheap', 'for', 'murah', 'baru', 'terpakai', 'wts', 'selling']);

/** A product as the statistics key it: the title's words (letters and digits), lower case, condition words aside. */
export function productKey(title: string): string {
  return title.normalize('NFKC').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((token) => token !== '' && !NOT_PRODUCT.has(token)).join(' ').slice(0, 120);
}

/** How many robust deviations (1.4826 × the MAD of the log prices) a price is from its statistic's median. */
const robustDeviations = (price: number, stat: PriceStatRow) => (Math.log(price) - Math.log(stat.median_sen)) / (1.4826 * Math.max(stat.log_mad, PRICE_RULES.minLogMad));

const isSellAd = (ad: PricedAdRow): ad is PricedAdRow & { price_sen: number } => ad.type === 'buysell' && ad.deal_type === 'sell' && ad.price_sen !== null && ad.price_sen > 0;

/** `price_outlier`: a sell ad at most half its statistic's median and 3 robust deviations below it. */
export async function priceOutlierSignal(repos: Repositories, ad: PricedAdRow): Promise<Found | null> {
  if (!isSellAd(ad)) return null;
  const stat = await statisticOf(repos, ad, true);
  if (!stat) return null;
  const share = ad.price_sen / stat.median_sen;
  const deviations = robustDeviations(ad.price_sen, stat);
  if (share > PRICE_RULES.belowMedianShare || deviations > -PRICE_RULES.robustDeviations) return null;
  return {
    signal: {
      check: 'price_outlier', score: round(Math.min(1, 1 - share)),
      evidence: { price_sen: ad.price_sen, median_sen: stat.median_sen, sample: stat.sample, ...(stat.product ? { product: stat.product } : stat.brand ? { brand: stat.brand } : {}), deviations: round(deviations) },
    },
    implicated: [],
  };
}

/**
 * Whether a sell ad is priced in the top quarter of its category's statistic (about e^MAD above the median; a brand's
 * would call only its own dearer copies high), or high where none covers it.
 */
async function isHighPriced(repos: Repositories, ad: PricedAdRow): Promise<boolean> {
  if (!isSellAd(ad)) return false;
  const stat = await statisticOf(repos, ad, false);
  return stat ? ad.price_sen >= stat.median_sen * Math.exp(stat.log_mad) : ad.price_sen >= HIGH_PRICE_SEN;
}

/** `first_day_burst`: within its account's first day, this ad and at least two more of the day are high-priced sell ads; those are implicated. */
export async function firstDayBurstSignal(repos: Repositories, ad: PricedAdRow, ownerId: number, accountCreatedAt: string): Promise<Found | null> {
  const firstDayEnds = new Date(Date.parse(accountCreatedAt) + DAY_MS).toISOString();
  if (ad.created_at >= firstDayEnds || !(await isHighPriced(repos, ad))) return null;
  const others: PricedAdRow[] = [];
  for (const other of await repos.listingSignals.findAccountAds(ownerId, accountCreatedAt, firstDayEnds)) {
    if (other.post_id !== ad.post_id && (await isHighPriced(repos, other))) others.push(other);
  }
  const high = others.length + 1;
  if (high < BURST_ADS) return null;
  return {
    signal: { check: 'first_day_burst', score: round(Math.min(1, high / (2 * BURST_ADS))), evidence: { high_priced_ads: high } },
    implicated: others.map((other) => other.post_id),
  };
}

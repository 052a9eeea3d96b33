/**
 * `npm run bench:insights`: an advertiser's insights at 500,000 listings (issue 26: ≤ 100 ms p95 for a profile with
 * 50 listings over 90 days), on the benchmark database (scripts/bench-database.ts; BENCH_DATABASE_URL for PostgreSQL).
 * On first use it gives a bench advertiser seeded businesses holding 50 listings with their ads (claims, as the product
 * makes them) and fills 90 days of what insights read: views, impressions and six click actions per listing and day, search
 * terms, leads, follows and reviews. Then the median and p95 of 30 warm runs, for the business and for everything.
 */
import { insights } from '../src/server/advertiser/insights.ts';
import { loadConfig } from '../src/server/config.ts';
import { openBackend } from '../src/server/db/backend.ts';
import type { Repositories } from '../src/server/db/repositories.ts';
import type { ListingRef } from '../src/server/db/rows.ts';
import { saveReview } from '../src/server/engagement/reviews.ts';
import { LISTING_TYPES } from '../src/shared/constants.ts';
import { daysBefore, daysBetween, malaysiaDayStart, malaysiaToday } from '../src/shared/malaysia-time.ts';
import { benchDatabase } from './bench-database.ts';
import { timeRuns } from './bench-timing.ts';

const LISTINGS = 50;
const DAYS = 90;
const RUNS = 30;
const WARMUP = 5;
const EMAIL = 'bench-insights@example.my';
const ACTIONS = ['call', 'whatsapp', 'enquire', 'visit_maps_direction', 'share_copy', 'website'];
const TERMS = ['aircon', 'aircon service', 'plumber', 'cheap', 'near me'];

const { url, exists } = benchDatabase();
if (!exists) {
  console.error('No benchmark database yet: `npm run bench:search` generates it.');
  process.exit(1);
}
const backend = await openBackend(loadConfig({ DATABASE_URL: url }));
const { repos } = backend;

/** The bench advertiser, made once. */
async function benchUser(): Promise<number> {
  const found = await repos.users.findCredentials({ email: EMAIL });
  if (found) return found.id;
  const id = await repos.users.createUser({ name: 'Bench Insights', email: EMAIL, phone_number: null, phone_number_country: null, password_hash: null });
  await repos.users.addRole(id, 'advertiser');
  return id;
}

/**
 * Seeded businesses nobody owns, claimed for the bench user until they hold LISTINGS listings with their ads (the
 * generated catalogue gives a business a few ads: several businesses make one advertiser's 50).
 */
async function benchBusinesses(userId: number): Promise<void> {
  let held = (await repos.insights.findOwnedListings(userId)).length;
  if (held >= LISTINGS) return;
  for await (const batch of repos.sitemap.profileUrlBatches(500, 0)) {
    for (const { slug } of batch) {
      const profile = await repos.catalog.findProfileBySlug(slug);
      if (!profile || profile.kind !== 'business' || profile.owner_user_id !== null || profile.claimed) continue;
      let posts = 0;
      for (const type of LISTING_TYPES) posts += (await repos.catalog.findPostIdsByProfile(profile.id, type, LISTINGS)).length;
      if (posts < 4) continue;
      const documentId = await repos.uploads.insertDocument(`user:${userId}`, { file: 'private/bench.pdf', original_filename: 'bench.pdf', mime_type: 'application/pdf' });
      const claimId = await repos.advertiser.insertClaim({ profileId: profile.id, userId, method: 'document', target: null, documentId });
      if (await repos.advertiser.completeClaim({ id: claimId, profileId: profile.id, userId })) held = (await repos.insights.findOwnedListings(userId)).length;
      if (held >= LISTINGS) return;
    }
  }
  throw new Error(`Not enough unclaimed businesses for ${LISTINGS} listings in the benchmark database.`);
}

/** 90 days of figures for every listing of the business, unless already there. */
async function fill(repos: Repositories, userId: number, listings: ListingRef[], today: string): Promise<void> {
  const from = daysBefore(today, DAYS * 2 - 1);
  if ((await repos.insights.findDailyCounts(listings.slice(0, 1), from, today)).length > 0) return;
  console.log(`Filling ${DAYS * 2} days of figures for ${listings.length} listings (previous period included)…`);
  const started = performance.now();
  const posts = listings.filter((listing) => listing.type !== 'profile');
  for (const [index, day] of daysBetween(from, today).entries()) {
    await repos.stats.addClicks(day, listings.flatMap((listing, n) => [
      { listing, action: 'view', count: 20 + ((n + index) % 7) },
      ...ACTIONS.map((action, a) => ({ listing, action, count: 1 + ((n + a + index) % 4) })),
    ]));
    await repos.insights.addImpressions(day, posts.map((post, n) => ({ postId: post.id, count: 40 + (n % 9) })),
      posts.flatMap((post, n) => TERMS.map((term, t) => ({ postId: post.id, term, count: 1 + ((n + t + index) % 6) }))));
    const at = Date.parse(malaysiaDayStart(day)) + 10 * 3_600_000;
    for (const [n, listing] of listings.slice(0, 3).entries()) {
      await repos.enquiries.insertEnquiry({
        kind: 'services', userId, listing, listingTitle: 'Bench', name: 'Bench Sender', phone_number: '0123456789', email: null, contact_method: 'call',
        details: { description: 'Bench' }, mediaIds: [], documentId: null, notified: null, ownerUserId: userId, createdAt: new Date(at + n * 60_000).toISOString(),
      });
    }
  }
  // Followers and reviews are written at the database's own now: a handful, for the reads to find.
  for (const [n, listing] of listings.slice(0, 20).entries()) {
    const fan = await repos.users.createUser({ name: `Bench Fan ${n}`, email: `bench-fan-${n}-${Date.now()}@example.my`, phone_number: null, phone_number_country: null, password_hash: null });
    await repos.follows.toggleFollow(fan, listing);
    await saveReview(repos, { listing, userId: fan, reviewerName: 'Bench Fan', rating: 1 + (n % 5), content: 'Bench review.', mediaIds: [] });
  }
  console.log(`  done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function time(label: string, work: () => Promise<unknown>): Promise<void> {
  const { median, p95 } = await timeRuns(work, RUNS, WARMUP);
  console.log(`${label.padEnd(44)} median ${median.toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms`);
}

try {
  const userId = await benchUser();
  await benchBusinesses(userId);
  const listings = await repos.insights.findOwnedListings(userId);
  const profileId = listings.find((listing) => listing.type === 'profile')!.id;
  const today = malaysiaToday();
  await fill(repos, userId, listings.map(({ type, id }) => ({ type, id })), today);
  const actor = { id: userId, roles: ['advertiser'] };
  const range = { from: daysBefore(today, DAYS - 1), to: today };
  console.log(`Insights on ${backend.label}: an advertiser with ${listings.length} listings, ${DAYS} days and the ${DAYS} before (${RUNS} warm runs)`);
  const answer = await insights({ repos }, actor, range);
  console.log(`  figures: ${answer.totals.views} views, ${answer.totals.impressions} impressions, ${answer.search_terms.length} terms, ${Object.values(answer.totals.enquiries).reduce((a, b) => a + b, 0)} leads`);
  await time(`all ${listings.length} listings, 90 days`, () => insights({ repos }, actor, range));
  await time('one business and its ads, 90 days', () => insights({ repos }, actor, { ...range, profile_id: String(profileId) }));
  await time('one ad, 90 days', () => insights({ repos }, actor, { ...range, post_id: String(listings.find((listing) => listing.type !== 'profile')!.id) }));
  await time(`all ${listings.length} listings, 30 days`, () => insights({ repos }, actor, { from: daysBefore(today, 29), to: today }));
} finally {
  await backend.close();
}

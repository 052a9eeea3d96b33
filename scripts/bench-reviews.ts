/**
 * `npm run bench:reviews` (issue 45): the fake-review filter against a deterministic corpus (scripts/review-corpus.ts:
 * at least 1,000 genuine reviews over 100+ listings and 18 months with the hard cases, and at least 150 planted fakes
 * in 7 patterns). The corpus goes into a throwaway SQLite file (accounts, businesses, reviews, follows as other
 * activity, owners), and the product's own nightly run (moderation/review-filter.ts) scores it there, its clock walked
 * through the 18 months a night every 90 days. Prints the catch rate per pattern and the run time; the last line reads
 * `planted fakes caught: X% (n/N); genuine held: Y% (n/N)`. Goals: X ≥ 90, Y ≤ 5. No build needed; under a minute.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import { openBackend, openMaintenance } from '../src/server/db/backend.ts';
import { openDatabase } from '../src/server/db/sqlite/connection.ts';
import { sqliteKysely } from '../src/server/db/sqlite/kysely.ts';
import type { Tables } from '../src/server/db/tables.ts';
import { runReviewSignals } from '../src/server/moderation/review-filter.ts';
import { PATTERNS, reviewCorpus } from './review-corpus.ts';

const DAY = 24 * 60 * 60 * 1000;
const started = performance.now();
const scratch = mkdtempSync(join(tmpdir(), 'yp-reviews-'));
const path = join(scratch, 'reviews.db');
const iso = (time: number) => new Date(time).toISOString();

try {
  const config = loadConfig({ DATABASE_URL: `sqlite:${path}` });
  const maintenance = await openMaintenance(config);
  await maintenance.migrate();
  await maintenance.close();

  // The corpus as rows: a business per listing (an owner each), an account per reviewer with its follows.
  const corpus = reviewCorpus();
  const db = openDatabase(path, { busyTimeoutMs: 5_000 });
  const query = sqliteKysely<Tables>(db);
  const created = Math.min(...corpus.map((review) => review.reviewer.created_at)) - DAY;
  const listings = [...new Set(corpus.map((review) => review.listing))];
  const owners = new Map<string, number>();
  const profiles = new Map<string, number>();
  const ownerLinked = new Map(corpus.filter((review) => review.owner_link).map((review) => [review.listing, review.user_id!]));
  let nextUser = 1_000_000;
  for (const listing of listings) {
    const owner = ownerLinked.get(listing) ?? nextUser++;
    if (owner >= 1_000_000) await query.insertInto('users').values({ id: owner, name: `Owner ${listing}`, email: `owner-${owner}@bench.example`, created_at: iso(created), updated_at: iso(created) }).execute();
    owners.set(listing, owner);
  }
  for (const review of corpus) {
    const user = review.user_id!;
    await query.insertInto('users').values({ id: user, name: `Reviewer ${user}`, email: `reviewer-${user}@bench.example`, created_at: iso(review.reviewer.created_at), updated_at: iso(review.reviewer.created_at) })
      .onConflict((conflict) => conflict.column('id').doNothing()).execute();
  }
  for (const [n, listing] of listings.entries()) {
    const { id } = await query.insertInto('profiles').values({
      slug: `bench-${n}`, kind: 'business', name: `Business ${listing}`, owner_user_id: owners.get(listing)!, claimed: 1, created_at: iso(created), updated_at: iso(created),
    }).returning('id').executeTakeFirstOrThrow();
    profiles.set(listing, Number(id));
  }
  const ids = new Map<number, (typeof corpus)[number]>();
  for (const review of corpus) {
    const { id } = await query.insertInto('reviews').values({
      profile_id: profiles.get(review.listing)!, user_id: review.user_id, reviewer_name: `Reviewer ${review.user_id}`, rating: review.rating, content: review.content,
      created_at: iso(review.created_at), updated_at: iso(review.created_at), client_hash: review.client_hash, device_hash: review.device_hash,
    }).returning('id').executeTakeFirstOrThrow();
    ids.set(Number(id), review);
    // Other activity: follows of businesses the review is not about. The reviewer's other reviews are counted by the
    // product itself; the corpus's own count beyond these rows is added as follows too.
    if (review.follows_listing) {
      await query.insertInto('follows').values({ user_id: review.user_id!, profile_id: profiles.get(review.listing)!, created_at: iso(review.reviewer.created_at) })
        .onConflict((conflict) => conflict.doNothing()).execute();
    }
    const followed = review.reviewer.activity + Math.max(0, review.reviewer.reviews - 1);
    for (let index = 0; index < followed; index++) {
      // Never the business reviewed: following it is not activity beyond it.
      const pick = (index * 7 + review.id) % listings.length;
      const other = profiles.get(listings[listings[pick] === review.listing ? (pick + 1) % listings.length : pick]!)!;
      await query.insertInto('follows').values({ user_id: review.user_id!, profile_id: other, created_at: iso(review.reviewer.created_at) })
        .onConflict((conflict) => conflict.doNothing()).execute();
    }
  }
  await query.destroy();
  db.close();
  const loaded = performance.now();

  // The nightly run, every 90 days across the 18 months and once after the last review.
  const backend = await openBackend(config);
  let now = Math.min(...corpus.map((review) => review.created_at)) + 90 * DAY;
  const end = Math.max(...corpus.map((review) => review.created_at)) + DAY;
  const app = { clock: { now: () => now }, repos: backend.repos } as Parameters<typeof runReviewSignals>[0];
  for (;;) {
    await runReviewSignals(app, 'nightly');
    if (now >= end) break;
    now = Math.min(now + 90 * DAY, end);
  }
  const scored = performance.now();
  const check = sqliteKysely<Tables>(openDatabase(path, { busyTimeoutMs: 5_000 }));
  const held = new Set((await check.selectFrom('reviews').select('id').where('held_reason', '=', 'suspicious').execute()).map((row) => Number(row.id)));
  await check.destroy();
  await backend.close();

  const rows = [...ids];
  for (const pattern of PATTERNS) {
    const of = rows.filter(([, review]) => review.planted === pattern);
    const caught = of.filter(([id]) => held.has(id)).length;
    console.log(`${pattern.padEnd(30)} caught ${String(caught).padStart(3)}/${of.length} (${((caught / of.length) * 100).toFixed(1)}%)`);
  }
  const planted = rows.filter(([, review]) => review.planted !== null);
  const genuine = rows.filter(([, review]) => review.planted === null);
  const caught = planted.filter(([id]) => held.has(id)).length;
  const wrong = genuine.filter(([id]) => held.has(id)).length;
  console.log(`${corpus.length} reviews over ${listings.length} listings: loaded in ${((loaded - started) / 1000).toFixed(1)} s, scored in ${((scored - loaded) / 1000).toFixed(1)} s (${Math.ceil((end - (Math.min(...corpus.map((review) => review.created_at)) + 90 * DAY)) / (90 * DAY)) + 1} nightly runs)`);
  console.log(`planted fakes caught: ${((caught / planted.length) * 100).toFixed(1)}% (${caught}/${planted.length}); genuine held: ${((wrong / genuine.length) * 100).toFixed(1)}% (${wrong}/${genuine.length})`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

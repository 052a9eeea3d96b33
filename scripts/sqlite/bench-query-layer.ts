/**
 * `npm run bench:query-layer`: what writing repositories with Kysely costs against hand-written SQL, on the
 * benchmark database (BENCH_DATABASE, default data/bench-500k.db), for the two shapes the catalogue reads most:
 * a primary-key lookup and the wide post read behind every card (20 posts, 6 joins). Each is timed 3,000 times
 * after a warm-up, median and p95 in µs per call; the answers are checked to be the same.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../src/server/db/sqlite/connection.ts';
import { sqliteKysely } from '../../src/server/db/sqlite/kysely.ts';
import { findPostIdBySlug, findPostRows } from '../../src/server/db/sqlite/repositories/posts.ts';
import { projectRoot } from '../../src/server/project-root.ts';

const database = process.env.BENCH_DATABASE ?? join(projectRoot, 'data/bench-500k.db');
if (!existsSync(database)) {
  console.error('Needs the benchmark database (npm run bench:search creates it).');
  process.exit(1);
}
const db = openDatabase(database, { readOnly: true });
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the benchmark needs no table types
const k = sqliteKysely<any>(db);
const ids = (db.prepare("SELECT id FROM posts WHERE status = 'active' ORDER BY id LIMIT 20 OFFSET 5000").all() as { id: number }[]).map((row) => row.id);
const slugs = (db.prepare("SELECT slug FROM posts ORDER BY id LIMIT 200 OFFSET 9000").all() as { slug: string }[]).map((row) => row.slug);

const LIVE = sql<boolean>`(p.status = 'active' AND (p.expires_at IS NULL OR p.expires_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))`;

/** findPostRows written with Kysely: the same columns and joins. */
async function kyselyPostRows(postIds: number[]) {
  return k.selectFrom('posts as p')
    .innerJoin('profiles as pr', 'pr.id', 'p.profile_id')
    .leftJoin('media as lm', 'lm.id', 'pr.logo_id')
    .leftJoin('job_details as j', 'j.post_id', 'p.id')
    .leftJoin('hireme_details as h', 'h.post_id', 'p.id')
    .leftJoin('service_details as s', 's.post_id', 'p.id')
    .leftJoin('buysell_details as b', 'b.post_id', 'p.id')
    .select([
      'p.id', 'p.type', 'p.slug', 'p.title', 'p.summary', 'p.plan', 'p.price_min_sen', 'p.price_max_sen', 'p.price_currency', 'p.op_sen',
      'p.hyperlink', 'p.view_count', 'p.rating', 'p.rating_count', 'p.published_at', 'p.expires_at', 'p.status', LIVE.as('live'),
      'pr.id as profile_id', 'pr.slug as profile_slug', 'pr.name as profile_name', 'pr.kind as profile_kind', 'pr.plan as profile_plan',
      'pr.claimed as profile_claimed', 'pr.rating as profile_rating', 'pr.rating_count as profile_rating_count', 'pr.about as profile_about',
      'lm.thumbnail as profile_logo_thumbnail', 'lm.full as profile_logo_full', 'lm.thumbnail_webp as profile_logo_thumbnail_webp',
      'lm.full_webp as profile_logo_full_webp', 'j.level as job_level', 'j.experience_years as job_experience_years',
      'j.requirements as job_requirements', 'j.responsibilities as job_responsibilities', 'j.benefits as job_benefits',
      'j.company_confidential as job_confidential', 'j.resume_required as job_resume_required', 'h.expertise as hireme_expertise',
      'h.rate as hireme_rate', 'h.vaccination as hireme_vaccination', 'h.skill as hireme_skill', 'h.experience as hireme_experience',
      'h.education as hireme_education', 'h.company_confidential as hireme_confidential', 's.description as service_description',
      'b.deal_type as buysell_type', 'b.condition as buysell_condition', 'b.brand as buysell_brand', 'b.qty as buysell_qty',
      'b.description as buysell_description',
    ])
    .where(sql<boolean>`p.id IN (SELECT value FROM json_each(${JSON.stringify(postIds)}))`)
    .execute();
}

async function time(label: string, run: (index: number) => unknown, runs = 3000): Promise<number[]> {
  for (let index = 0; index < 300; index++) await run(index);
  const samples: number[] = [];
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    await run(index);
    samples.push((performance.now() - started) * 1000);
  }
  samples.sort((a, b) => a - b);
  const at = (p: number) => samples[Math.min(samples.length - 1, Math.floor(samples.length * p))]!;
  console.log(`${label.padEnd(44)} ${at(0.5).toFixed(1).padStart(8)} ${at(0.95).toFixed(1).padStart(8)}`);
  return samples;
}

const hand = findPostRows(db, ids);
const built = await kyselyPostRows(ids);
if (built.length !== hand.length || new Set(built.map((row) => row.id)).size !== new Set(hand.map((row) => row.id)).size) throw new Error('the two reads differ');
console.log(`Query layer at ${database} (µs per call):`);
console.log(`${'read'.padEnd(44)} ${'median'.padStart(8)} ${'p95'.padStart(8)}`);
await time('post id by slug, hand-written', (index) => findPostIdBySlug(db, slugs[index % slugs.length]!));
await time('post id by slug, Kysely', (index) => k.selectFrom('posts').select('id').where('slug', '=', slugs[index % slugs.length]!).executeTakeFirst());
await time('20 posts for cards (6 joins), hand-written', () => findPostRows(db, ids));
await time('20 posts for cards (6 joins), Kysely', () => kyselyPostRows(ids));
db.close();

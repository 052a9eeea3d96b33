/**
 * `npm run bench:query-layer`: what the query layer (Kysely, decision 0012) costs against hand-written SQL, on the
 * benchmark database (BENCH_DATABASE, default data/bench-500k.db), for the two shapes the catalogue reads most:
 * a primary-key lookup and the wide post read behind every card (20 posts, 6 joins). The Kysely side is the catalogue
 * repository as the app calls it (a class over the query layer, src/server/db/kysely/catalog.ts, issue 61); the
 * hand-written side is the SQL it replaced. Each is
 * timed 3,000 times after a warm-up, median and p95 in µs per call; the answers are checked to be the same.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/db/sqlite/connection.ts';
import { sqliteRepositories } from '../../src/server/db/sqlite/index.ts';
import { all, one } from '../../src/server/db/sqlite/query.ts';
import { projectRoot } from '../../src/server/project-root.ts';

const database = process.env.BENCH_DATABASE ?? join(projectRoot, 'data/bench-500k.db');
if (!existsSync(database)) {
  console.error('Needs the benchmark database (npm run bench:search creates it).');
  process.exit(1);
}
const db = openDatabase(database, { readOnly: true });
const { catalog } = sqliteRepositories(db);
const now = new Date().toISOString();
const ids = all<{ id: number }>(db, "SELECT id FROM posts WHERE status = 'active' ORDER BY id LIMIT 20 OFFSET 5000").map((row) => row.id);
const slugs = all<{ slug: string }>(db, 'SELECT slug FROM posts ORDER BY id LIMIT 200 OFFSET 9000').map((row) => row.slug);

/** The hand-written read that findPostRows replaced: the same columns and joins. */
function handPostRows(postIds: readonly number[]) {
  return all<{ id: number }>(db, `
    SELECT p.id, p.type, p.slug, p.title, p.summary, p.plan, p.price_min_sen, p.price_max_sen, p.price_currency, p.op_sen,
      p.hyperlink, p.view_count, p.rating, p.rating_count, p.published_at, p.expires_at, p.status,
      (p.status = 'active' AND (p.expires_at IS NULL OR p.expires_at > ?)) AS live,
      p.owner_user_id, pr.owner_user_id AS profile_owner_user_id, pr.id AS profile_id, pr.slug AS profile_slug, pr.name AS profile_name,
      pr.kind AS profile_kind, pr.plan AS profile_plan, pr.claimed AS profile_claimed, pr.rating AS profile_rating,
      pr.rating_count AS profile_rating_count, pr.about AS profile_about,
      lm.thumbnail AS profile_logo_thumbnail, lm.full AS profile_logo_full,
      lm.thumbnail_webp AS profile_logo_thumbnail_webp, lm.full_webp AS profile_logo_full_webp,
      j.level AS job_level, j.experience_years AS job_experience_years, j.requirements AS job_requirements,
      j.responsibilities AS job_responsibilities, j.benefits AS job_benefits,
      j.company_confidential AS job_confidential, j.resume_required AS job_resume_required,
      h.expertise AS hireme_expertise, h.rate AS hireme_rate, h.vaccination AS hireme_vaccination,
      h.skill AS hireme_skill, h.experience AS hireme_experience, h.education AS hireme_education,
      h.company_confidential AS hireme_confidential,
      s.description AS service_description,
      b.deal_type AS buysell_type, b.condition AS buysell_condition, b.brand AS buysell_brand,
      b.qty AS buysell_qty, b.description AS buysell_description
    FROM posts p
    JOIN profiles pr ON pr.id = p.profile_id
    LEFT JOIN media lm ON lm.id = pr.logo_id
    LEFT JOIN job_details j ON j.post_id = p.id
    LEFT JOIN hireme_details h ON h.post_id = p.id
    LEFT JOIN service_details s ON s.post_id = p.id
    LEFT JOIN buysell_details b ON b.post_id = p.id
    WHERE p.id IN (SELECT value FROM json_each(?))`, now, JSON.stringify(postIds));
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

const hand = handPostRows(ids);
const built = await catalog.findPostRows(ids);
if (built.length !== hand.length || built.some((row) => !hand.some((other) => other.id === row.id))) throw new Error('the two reads differ');
console.log(`Query layer at ${database} (µs per call):`);
console.log(`${'read'.padEnd(44)} ${'median'.padStart(8)} ${'p95'.padStart(8)}`);
await time('post id by slug, hand-written', (index) => one<{ id: number }>(db, 'SELECT id FROM posts WHERE slug = ?', slugs[index % slugs.length]!)?.id);
await time('post id by slug, Kysely repository', (index) => catalog.findPostIdBySlug(slugs[index % slugs.length]!));
await time('20 posts for cards (6 joins), hand-written', () => handPostRows(ids));
await time('20 posts for cards (6 joins), Kysely repository', () => catalog.findPostRows(ids));
db.close();

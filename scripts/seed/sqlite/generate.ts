import { openDatabase, transaction, type Db } from '../../../src/server/db/sqlite/connection.ts';
import { catalogueIsEmpty } from '../../../src/server/db/sqlite/repositories/catalogue-search.ts';
import { rebuildSearchIndex } from '../../../src/server/db/sqlite/repositories/search-index.ts';
import { insertContent } from './content.ts';
import type { SeedContext, SeedMedia } from './context.ts';
import { generateMediaPool } from '../media.ts';
import { insertCategories, insertPlaces } from './places.ts';
import { insertPosts, insertReviews, preparePostStatements } from './posts.ts';
import { insertProfiles } from './profiles.ts';
import { insertVerifiedBusinesses } from './verifications.ts';
import { Random } from '../random.ts';
import { seedNow, type SeedOptions, type SeedSummary } from '../demo.ts';

/**
 * The SQLite fast path of the demo data (scripts/seed/demo.ts chooses it): prepared statements in large
 * transactions on the file itself. Fills an empty, migrated database with deterministic Malaysian demo data: places, categories,
 * profiles, posts of the four types, reviews and the content around them.
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeedSummary> {
  if (!catalogueIsEmpty(db)) throw new Error('The database already holds a catalogue; seed an empty database.');
  const started = performance.now();
  const log = options.log ?? (() => {});
  const SEED_NOW = seedNow();
  const statements = new Map<string, ReturnType<Db['prepare']>>();
  const statement = (sql: string) => {
    let prepared = statements.get(sql);
    if (!prepared) statements.set(sql, (prepared = db.prepare(sql)));
    return prepared;
  };
  const random = new Random(options.seed);
  const pool = await generateMediaPool(options.mediaDir, options.seed);

  const context = transaction(db, (): SeedContext => {
    const cities = insertPlaces({ statement });
    const categories = insertCategories({ statement });
    const insertMedia = statement(`INSERT INTO media (kind, mime_type, thumbnail, full, thumbnail_webp, full_webp, width, height)
      VALUES ('image', 'image/jpeg', ?, ?, ?, ?, ?, ?) RETURNING id`);
    const insertDocument = statement('INSERT INTO documents (file, original_filename) VALUES (?, ?) RETURNING id');
    const mediaIds = (set: string) => (pool.images[set] ?? []).map((image) =>
      Number(insertMedia.get(image.thumbnail, image.full, image.thumbnail_webp, image.full_webp, image.width, image.height)?.id));
    const media: SeedMedia = {
      post: mediaIds('post'), logo: mediaIds('logo'), banner: mediaIds('banner'), avatar: mediaIds('avatar'),
      documents: pool.documents.map((document) => ({
        id: Number(insertDocument.get(document.file, document.original_filename)?.id),
        title: document.original_filename.replace(/\.pdf$/, ''),
      })),
    };
    return {
      db, random, now: SEED_NOW, cities, cityPool: cities.flatMap((city) => Array<typeof city>(city.weight).fill(city)),
      categories, media, statement, log,
    };
  });

  const profiles = transaction(db, () => insertProfiles(context, options.profiles));
  log(`profiles: ${profiles.length}`);
  transaction(db, () => insertVerifiedBusinesses(context, profiles, options.mediaDir, options.seed));

  // Posts go in batches of 5,000 per transaction so large runs show progress and keep the WAL small.
  db.exec('BEGIN IMMEDIATE');
  try {
    insertPosts(context, profiles, options.posts, (done) => {
      db.exec('COMMIT');
      if (done % 50_000 === 0 || done === options.posts) log(`posts: ${done} / ${options.posts}`);
      db.exec('BEGIN IMMEDIATE');
    });
    const s = preparePostStatements(context);
    const rate = statement('UPDATE profiles SET rating = ?, rating_count = ? WHERE id = ?');
    for (const profile of profiles) {
      if (profile.kind !== 'business' || !context.random.chance(0.6)) continue;
      const [rating, count] = insertReviews(context, s, 'profile', profile.id, context.random.int(1, 8), SEED_NOW - 700 * 86_400_000);
      rate.run(rating, count, profile.id);
    }
    insertContent(context);
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
  // A scratch file for another backend's copy needs no search index of its own (that backend builds its own).
  if (!options.scratch) {
    log('indexing for search…');
    transaction(db, () => {
      rebuildSearchIndex(db);
      // The index is fresh: the rebuild a migration may have asked for is done; no process has cached anything yet.
      db.exec("DELETE FROM pending_jobs WHERE name = 'rebuild_search_index'");
      db.exec('DELETE FROM cache_invalidations');
    });
    db.exec('ANALYZE');
  } else {
    db.exec('DELETE FROM cache_invalidations');
  }
  const reviews = Number(db.prepare('SELECT count(*) AS n FROM reviews').get()?.n);
  const summary = { profiles: profiles.length, posts: options.posts, reviews, seconds: Math.round((performance.now() - started) / 100) / 10 };
  log(`done: ${summary.profiles} profiles, ${summary.posts} posts, ${summary.reviews} reviews in ${summary.seconds} s`);
  return summary;
}

/** Seeds the SQLite file at `path` (opened and closed here). */
export async function seedSqliteFile(path: string, options: SeedOptions): Promise<SeedSummary> {
  const db = openDatabase(path);
  try {
    return await seedDatabase(db, options);
  } finally {
    db.close();
  }
}

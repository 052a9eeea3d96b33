/**
 * The benchmark database, whatever the backend: BENCH_DATABASE_URL, else BENCH_DATABASE (a SQLite file), else
 * data/bench-500k.db; and the listings the page benchmarks open, found through the repositories.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { databaseOf, type DatabaseConfig } from '../src/server/config.ts';
import { openBackend } from '../src/server/db/backend.ts';
import type { Repositories } from '../src/server/db/repositories.ts';
import type { ListingRef } from '../src/server/db/rows.ts';
import { saveReview } from '../src/server/engagement/reviews.ts';
import { projectRoot } from '../src/server/project-root.ts';

/** The benchmark database's config, and the URL a server is started with. */
export function benchDatabase(): { database: DatabaseConfig; url: string; exists: boolean } {
  const url = process.env.BENCH_DATABASE_URL ?? `sqlite:${process.env.BENCH_DATABASE ?? join(projectRoot, 'data/bench-500k.db')}`;
  const database = databaseOf(url, undefined);
  return { database, url, exists: database.kind !== 'sqlite' || existsSync(database.path) };
}

/** A live services post (the 1,000th) and a business profile (from the 500th on), by slug. */
export async function benchListings(database: DatabaseConfig): Promise<{ post: string; profile: string }> {
  const backend = await openBackend({ database });
  try {
    let post: string | undefined;
    for await (const batch of backend.repos.sitemap.postUrlBatches('services', 1, 1000)) post ??= batch[0]?.slug;
    let profile: string | undefined;
    for await (const batch of backend.repos.sitemap.profileUrlBatches(200, 500)) {
      for (const { slug } of batch) {
        if (profile) break;
        if ((await backend.repos.catalog.findProfileBySlug(slug))?.kind === 'business') profile = slug;
      }
    }
    if (!post || !profile) throw new Error('The benchmark database has too few listings.');
    return { post, profile };
  } finally {
    await backend.close();
  }
}

/** The person whose reviews are the benchmarks' edits (one review per listing, rewritten), created once. */
export async function benchEditor(repos: Repositories): Promise<(listing: ListingRef) => Promise<number>> {
  const email = 'bench-editor@example.my';
  const id = (await repos.users.findCredentials({ email }))?.id
    ?? await repos.users.createUser({ name: 'Bench Editor', email, phone_number: null, phone_number_country: null, password_hash: null });
  let edits = 0;
  return (listing) => {
    edits += 1;
    return saveReview(repos, { listing, userId: id, reviewerName: 'Bench Editor', rating: 1 + (edits % 5), content: `Edit ${edits}.`, mediaIds: [] });
  };
}

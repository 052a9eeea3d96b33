import { Hono } from 'hono';
import { z } from 'zod';
import { ListingTypeSchema } from '../../shared/schemas/catalog.ts';
import { AutocompleteRequestSchema, SearchRequestSchema } from '../../shared/search.ts';
import { getPostBySlug } from '../catalog/posts.ts';
import { getProfileBySlug } from '../catalog/profiles.ts';
import { getReviews } from '../catalog/reviews.ts';
import type { Db } from '../db/connection.ts';
import { incrementPostViews } from '../db/repositories/posts.ts';
import { incrementProfileViews } from '../db/repositories/profiles.ts';
import type { ViewCounter } from '../engagement/views.ts';
import { notFound, parseInput } from '../errors.ts';
import { autocomplete } from '../search/autocomplete.ts';
import type { SearchEngine } from '../search/engine.ts';
import { clientKey, type ApiEnv } from './env.ts';
import { jsonBody } from './json-body.ts';

/** Slugs are lower-case words joined by hyphens; anything else cannot name a listing. */
export const SlugSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/).max(200);

/** Stores one more view and shows it in the response being sent. */
function countVisit(listing: { view_count: number }, store: () => void): void {
  store();
  listing.view_count += 1;
}

/** GET post/slug/{slug} (counts a visit), POST post/search, POST post/autocomplete. */
export function postRoutes(db: Db, search: SearchEngine, views: ViewCounter) {
  return new Hono<ApiEnv>()
    .get('/slug/:slug', (c) => {
      const slug = SlugSchema.safeParse(c.req.param('slug'));
      const post = slug.success ? getPostBySlug(db, slug.data) : undefined;
      if (!post) throw notFound('Post not found.');
      if (views.isNewVisit(`post:${post.id}`, clientKey(c))) countVisit(post, () => incrementPostViews(db, post.id));
      return c.json(post);
    })
    .post('/search', async (c) => {
      const query = parseInput(SearchRequestSchema, await jsonBody(c));
      return c.json(await search.search(query));
    })
    .post('/autocomplete', async (c) => {
      const { query, type } = parseInput(AutocompleteRequestSchema, await jsonBody(c));
      return c.json({ data: autocomplete(db, query, type) });
    });
}

/** GET profile/slug/{slug} (counts a visit). */
export function profileRoutes(db: Db, views: ViewCounter) {
  return new Hono<ApiEnv>().get('/slug/:slug', (c) => {
    const slug = SlugSchema.safeParse(c.req.param('slug'));
    const profile = slug.success ? getProfileBySlug(db, slug.data) : undefined;
    if (!profile) throw notFound('Profile not found.');
    if (views.isNewVisit(`profile:${profile.id}`, clientKey(c))) countVisit(profile, () => incrementProfileViews(db, profile.id));
    return c.json(profile);
  });
}

const ReviewParamsSchema = z.object({
  type: z.union([ListingTypeSchema, z.literal('profile')]),
  id: z.string().regex(/^\d{1,12}$/).transform(Number),
});
const ReviewQuerySchema = z.object({
  page: z.string().regex(/^\d{1,6}$/, 'Expected a page number.').transform(Number).pipe(z.number().int().min(1)).default(1),
});

/** GET {type}/{id}/review?page=n: 5 reviews a page, newest first. */
export function reviewRoutes(db: Db) {
  return new Hono<ApiEnv>().get('/:type/:id/review', (c) => {
    const params = ReviewParamsSchema.safeParse(c.req.param());
    if (!params.success) throw notFound('Listing not found.');
    const { page } = parseInput(ReviewQuerySchema, c.req.query());
    const reviews = getReviews(db, params.data.type, params.data.id, page);
    if (!reviews) throw notFound('Listing not found.');
    return c.json(reviews);
  });
}

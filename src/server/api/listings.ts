import { Hono } from 'hono';
import { z } from 'zod';
import { ListingRefTypeSchema, SlugSchema } from '../../shared/schemas/catalog.ts';
import { AutocompleteRequestSchema, MapRequestSchema, SearchRequestSchema } from '../../shared/search.ts';
import type { AppContext } from '../app-types.ts';
import { getPostBySlug } from '../catalog/posts.ts';
import { getProfileBySlug } from '../catalog/profiles.ts';
import { getReviews } from '../catalog/reviews.ts';
import { notFound, parseInput } from '../errors.ts';
import { autocomplete } from '../search/autocomplete.ts';
import { limitRoute } from '../rate-limits.ts';
import { jsonBody, limitBody } from './body.ts';
import { answer, requestClient, type ApiEnv } from './env.ts';
import { say } from '../../shared/said.ts';

/** GET post/slug/{slug}, POST post/search, POST post/map, POST post/autocomplete. */
export function postRoutes(app: AppContext) {
  return new Hono<ApiEnv>()
    .get('/slug/:slug', async (c) => {
      const slug = SlugSchema.safeParse(c.req.param('slug'));
      const post = slug.success ? await getPostBySlug(app, slug.data) : undefined;
      if (!post) throw notFound('post_not_found');
      return answer(c, post);
    })
    .post('/search', limitRoute(app.limits, 'searchBurst', requestClient), limitRoute(app.limits, 'search', requestClient), limitBody(), async (c) => {
      const query = parseInput(SearchRequestSchema, await jsonBody(c));
      const response = await app.search.search(query);
      // A first page counts as search impressions of its posts (issue 26), as the search page's does.
      if (query.page <= 1) app.impressions.record({ term: query.search ?? '', postIds: response.results.map((card) => card.id) }, c.req.header('user-agent'));
      return answer(c, response);
    })
    // The map's pins and clusters in a box (issue 43): a token-free read under the search's limits, like the search.
    .post('/map', limitRoute(app.limits, 'searchBurst', requestClient), limitRoute(app.limits, 'search', requestClient), limitBody(), async (c) => {
      const query = parseInput(MapRequestSchema, await jsonBody(c));
      return answer(c, await app.search.map(query));
    })
    .post('/autocomplete', limitRoute(app.limits, 'autocomplete', requestClient), limitBody(), async (c) => {
      const { query, type } = parseInput(AutocompleteRequestSchema, await jsonBody(c));
      return answer(c, { data: await autocomplete(app.repos, query, type) });
    });
}

/** GET profile/slug/{slug}. */
export function profileRoutes(app: AppContext) {
  return new Hono<ApiEnv>().get('/slug/:slug', async (c) => {
    const slug = SlugSchema.safeParse(c.req.param('slug'));
    const profile = slug.success ? await getProfileBySlug(app, slug.data) : undefined;
    if (!profile) throw notFound('profile_not_found');
    return answer(c, profile);
  });
}

const ReviewParamsSchema = z.object({
  type: ListingRefTypeSchema,
  id: z.string().regex(/^\d{1,12}$/).transform(Number),
});

/** ?page=n of a paged list: a positive whole number, 1 when absent or not one (pages and API agree). */
export const PageQuerySchema = z.object({
  page: z.string().regex(/^\d{1,6}$/, say('form_expected_page_number')).transform(Number).pipe(z.number().int().min(1)).default(1),
});

/** GET {type}/{id}/review?page=n: 5 reviews a page, newest first. */
export function reviewRoutes(app: AppContext) {
  return new Hono<ApiEnv>().get('/:type/:id/review', async (c) => {
    const params = ReviewParamsSchema.safeParse(c.req.param());
    if (!params.success) throw notFound('listing_not_found');
    const { page } = parseInput(PageQuerySchema, c.req.query());
    const reviews = await getReviews(app, params.data, page);
    if (!reviews) throw notFound('listing_not_found');
    return answer(c, reviews);
  });
}

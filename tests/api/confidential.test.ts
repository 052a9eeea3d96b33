import { describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/api/app.ts';
import type { PostCard } from '../../src/shared/schemas/catalog.ts';
import { getPostPage } from '../../src/server/pages/post-page.ts';
import { getProfilePage } from '../../src/server/pages/profile-page.ts';
import { getRelatedPostsOfProfile } from '../../src/server/catalog/profiles.ts';
import { haversineKm } from '../../src/server/search/engine/geo.ts';
import { sitemapFiles, sitemapLines } from '../../src/server/seo/sitemap.ts';
import { mapLinks } from '../../src/shared/urls.ts';
import { livePost, type LivePost } from '../fixtures/catalogue.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/**
 * Confidential listings must not point at the company (issue 38): a confidential job or hireme post exposes its town and
 * state only, and its point is its town's centre on every surface that carries a place. Each surface is listed here; a
 * later surface that carries a place joins this list.
 */
const copy = useTestDatabase();
const SITE = 'http://localhost:4321';

/** The post's first location as stored (the premises) and its town's centre. */
async function placesOf(post: LivePost) {
  const stored = await copy.query.selectFrom('post_locations as pl').innerJoin('locations as l', 'l.id', 'pl.location_id').innerJoin('cities as c', 'c.id', 'l.city_id')
    .select(['l.latitude', 'l.longitude', 'c.latitude as town_latitude', 'c.longitude as town_longitude', 'c.name as town'])
    .where('pl.post_id', '=', post.id).where('pl.position', '=', 0).executeTakeFirstOrThrow();
  return { premises: { lat: Number(stored.latitude), lon: Number(stored.longitude) }, town: { lat: Number(stored.town_latitude), lon: Number(stored.town_longitude) }, name: stored.town };
}

/** Whether `text` names the point (its coordinates as JavaScript writes them, or as a map link does). */
function names(text: string, point: { lat: number; lon: number }): boolean {
  return text.includes(String(point.lat)) || text.includes(String(point.lon)) || text.includes(`${point.lat},${point.lon}`);
}

const confidential = (post: LivePost) => post.row.job_confidential === true || post.row.hireme_confidential === true;

describe('a confidential listing on every surface that carries a place', () => {
  for (const type of ['jobs', 'hireme'] as const) {
    it(`places a confidential ${type} post at its town's centre, never at the premises`, async () => {
      const post = await livePost(copy.app, type, { matches: confidential });
      const places = await placesOf(post);
      // The seed puts listings a few km from their town's centre: the two points differ, so a leak would show.
      expect(haversineKm(places.premises, places.town)).toBeGreaterThan(0.01);
      const api = createApi(copy.app);

      // 1. The API detail (post/slug).
      const detail = await (await api.request(`/api/post/slug/${post.slug}`)).text();
      const parsed = JSON.parse(detail) as { locations: { latitude: number; longitude: number; address_line1: unknown; phone_number: unknown }[]; coordinates: { lat: number; lon: number }[] };
      expect(names(detail, places.premises), 'API detail').toBe(false);
      expect(parsed.locations[0]).toMatchObject({ latitude: places.town.lat, longitude: places.town.lon, address_line1: null, phone_number: null });
      expect(parsed.coordinates[0]).toEqual(places.town);

      // 2. Search results and their cards, and 3. Near Me: ranked and measured from the town's centre, in whole km.
      const nearMe = `${places.premises.lat},${places.premises.lon}`;
      const search = await api.request('/api/post/search', {
        method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ type, user_location: nearMe, distance: 50, sort: 'distance', search: post.title }),
      });
      const found = (await search.json() as { results: PostCard[] }).results.find((card) => card.id === post.id);
      expect(found, 'found by Near Me').toBeDefined();
      expect(found!.coordinates).toEqual([places.town]);
      expect(found!.distance).toBe(Math.round(haversineKm(places.premises, places.town)));
      // (The distance is measured from the search index's point: the town's centre is what the index holds.)
      expect(Number.isInteger(found!.distance)).toBe(true);

      // 4. The detail page: its data, its map links and its JSON-LD.
      const page = (await getPostPage(copy.app, type, post.slug, 1))!;
      expect(names(JSON.stringify(page), places.premises), 'detail page').toBe(false);
      const links = mapLinks(page.post.locations[0]!);
      expect(Object.values(links).every((link) => link.includes(`${places.town.lat},${places.town.lon}`))).toBe(true);
      expect(names(page.seo.jsonLd, places.premises), 'JSON-LD').toBe(false);
      expect(page.seo.jsonLd).not.toMatch(/streetAddress|postalCode|GeoCoordinates/);

      // 5. The map (issue 43): a pin at the town's centre, drawn as an area, in a box round the premises and the town.
      const box = [Math.min(places.premises.lon, places.town.lon) - 0.05, Math.min(places.premises.lat, places.town.lat) - 0.05,
        Math.max(places.premises.lon, places.town.lon) + 0.05, Math.max(places.premises.lat, places.town.lat) + 0.05].map((value) => value.toFixed(4)).join(',');
      const mapAnswer = await api.request('/api/post/map', {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ type, search: post.title, bbox: box, zoom: 14 }),
      });
      const mapText = await mapAnswer.text();
      const pin = (JSON.parse(mapText) as { pins: { id: number; lat: number; lon: number; precision: string }[] }).pins.find((candidate) => candidate.id === post.id);
      expect(pin, 'a pin on the map').toMatchObject({ lat: places.town.lat, lon: places.town.lon, precision: 'town' });
      // (The whole answer is not searched for the point: another, open listing of the same poster may stand there.)
      expect(names(JSON.stringify(pin), places.premises), 'post/map').toBe(false);

      // 6. Sitemaps: none of their files names the point.
      for (const name of await sitemapFiles(copy.repos)) {
        let text = '';
        for await (const line of (await sitemapLines(copy.repos, name, SITE))!) text += line;
        expect(names(text, places.premises), `sitemap ${name}`).toBe(false);
      }
    });
  }

  it('keeps the point of a listing that is not confidential', async () => {
    const post = await livePost(copy.app, 'jobs', { matches: (candidate) => !confidential(candidate) });
    const places = await placesOf(post);
    const detail = JSON.parse(await (await createApi(copy.app).request(`/api/post/slug/${post.slug}`)).text()) as { locations: { latitude: number; longitude: number }[] };
    expect(detail.locations[0]).toMatchObject({ latitude: places.premises.lat, longitude: places.premises.lon });
  });
});

describe('a confidential post on the lists of a profile (probe finding 1)', () => {
  it('leaves a confidential job off its employer’s profile: the API and the page; open jobs stay listed', async () => {
    const job = await livePost(copy.app, 'jobs', { matches: confidential });
    const open = await livePost(copy.app, 'jobs', { matches: (post) => !confidential(post) });
    const api = createApi(copy.app);
    for (const post of [job, open]) {
      const answer = await api.request(`/api/profile/slug/${post.profileSlug}`);
      expect(answer.status).toBe(200);
      const listed = ((await answer.json()) as { posts: { jobs: { slug: string }[] } }).posts.jobs.map((card) => card.slug);
      expect(listed.includes(post.slug), `API lists ${post.slug}`).toBe(post === open);
      const page = (await getProfilePage(copy.app, post.profileSlug, 1))!;
      expect(page.profile.posts.jobs.some((card) => card.slug === post.slug), `page lists ${post.slug}`).toBe(post === open);
    }
    // In every language the API answers in.
    for (const language of ['en', 'ms', 'zh']) {
      const answer = JSON.stringify(await (await api.request(`/api/profile/slug/${job.profileSlug}`, { headers: { 'Accept-Language': language } })).json());
      expect(answer, language).not.toContain(job.slug);
      expect(answer, language).not.toContain(job.title);
    }
  });

  it('leaves a confidential post out of another profile’s related posts', async () => {
    const categoryOf = async (post: LivePost) => (await copy.query.selectFrom('post_categories').select('category_id')
      .where('post_id', '=', post.id).orderBy('position').executeTakeFirstOrThrow()).category_id;
    const job = await livePost(copy.app, 'jobs', { matches: confidential });
    const open = await livePost(copy.app, 'jobs', { matches: (post) => !confidential(post) && post.profileSlug !== job.profileSlug });
    const categories = [await categoryOf(job), await categoryOf(open)];
    // A FREE profile that lists both jobs' categories as its own shows other advertisers' posts in them.
    const free = await copy.query.selectFrom('profiles').select(['id', 'slug']).where('plan', '=', 'FREE').where('hidden_at', 'is', null)
      .where('id', 'not in', [job.row.profile_id, open.row.profile_id]).orderBy('id').executeTakeFirstOrThrow();
    await copy.query.deleteFrom('profile_categories').where('profile_id', '=', free.id).execute();
    await copy.query.insertInto('profile_categories').values(categories.map((category_id, position) => ({ profile_id: free.id, category_id, position }))).execute();
    const related = (await getRelatedPostsOfProfile(copy.app, free.slug)).map((card) => card.id);
    expect(related).toContain(open.id);
    expect(related).not.toContain(job.id);
  });
});

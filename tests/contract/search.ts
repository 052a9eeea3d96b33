/**
 * The search oracle: every search rule of spec §2–§4 and §9 (filters, facets, price buckets, sorts, Near Me,
 * paging, what is new) checked against a brute-force reading of the catalogue through the repositories, at the
 * level of the search service. It is given an engine by its runner (tests/unit/search-oracle.test.ts): the
 * configured backend's, SQLite's and PostgreSQL's in npm test's two legs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Repositories } from '../../src/server/db/repositories.ts';
import type { SearchEngine } from '../../src/server/search/engine/search-engine.ts';
import { haversineKm } from '../../src/server/search/engine/geo.ts';
import { SearchRequestSchema, SearchResponseSchema, type SearchRequest, type SearchResponse } from '../../src/shared/search.ts';
import { GLOSSARY } from '../../src/server/catalog/glossary.ts';
import { documentTerms, queryWords } from '../../src/server/search/engine/tokens.ts';
import { livePost } from '../fixtures/catalogue.ts';
import { facetCounts, loadListings, matchesKeyword, withinKm, type Listing } from '../helpers/brute-force.ts';

/** An engine under test, over the repositories of the catalogue it searches. */
export interface SearchSubject {
  engine: SearchEngine;
  repos: Repositories;
  close(): Promise<void>;
}

const PLAN_WEIGHT: Record<string, number> = { GOLD: 3, SILVER: 2, BRONZE: 1, FREE: 0 };
const KL = { lat: 3.139, lon: 101.6869 };

export function describeSearchOracle(engineName: string, open: () => Promise<SearchSubject>): void {
  describe(`search on ${engineName} against a brute-force oracle`, () => {
    let subject: SearchSubject;
    let listings: Listing[];
    beforeAll(async () => {
      subject = await open();
      listings = await loadListings(subject.repos);
    });
    afterAll(async () => {
      await subject?.close();
    });

    /** A search as the API asks it: the request parsed by the shared schema, answered by the engine. */
    async function search(body: SearchRequest | Record<string, unknown>): Promise<SearchResponse> {
      return SearchResponseSchema.parse(await subject.engine.search(SearchRequestSchema.parse(body)));
    }

    /** Every page of a search, concatenated. */
    async function allIds(body: Record<string, unknown>): Promise<number[]> {
      const ids: number[] = [];
      for (let page = 1; ; page++) {
        const response = await search({ ...body, page, limit: 48 });
        ids.push(...response.results.map((card) => card.id));
        if (response.results.length < 48) return ids;
      }
    }

    async function expectSameSet(body: Record<string, unknown>, predicate: (listing: Listing) => boolean) {
      const expected = listings.filter(predicate).map((listing) => listing.id).sort((a, b) => a - b);
      expect(expected.length, 'the seeded data should have matches for this case').toBeGreaterThan(0);
      const response = await search(body);
      expect(response.total).toBe(expected.length);
      expect((await allIds(body)).sort((a, b) => a - b)).toEqual(expected);
    }

    function expectFacetsExact(response: SearchResponse, matching: Listing[]) {
      const expected = facetCounts(matching);
      for (const [name, counts] of Object.entries(expected)) {
        const got = Object.fromEntries(response.filters[name as keyof typeof expected].map((option) => [option.key, option.doc_count]));
        expect(got, name).toEqual(counts);
      }
      const prices = matching.map((listing) => listing.price).filter((price) => price !== null);
      expect(response.filters.min_price.value).toBe(prices.length ? Math.min(...prices) : null);
      expect(response.filters.max_price.value).toBe(prices.length ? Math.max(...prices) : null);
    }

    describe('filters', () => {
      it('by type', async () => {
        for (const type of ['services', 'jobs', 'hireme', 'buysell']) await expectSameSet({ type }, (l) => l.type === type);
      });

      it('by sub category (specialization) and by main category (parent_specialization)', async () => {
        const sample = listings.find((l) => l.type === 'services')!;
        await expectSameSet({ type: 'services', specialization: sample.categorySlug }, (l) => l.type === 'services' && l.categorySlug === sample.categorySlug);
        await expectSameSet({ type: 'services', parent_specialization: sample.parentSlug }, (l) => l.type === 'services' && l.parentSlug === sample.parentSlug);
      });

      it('by state or town name, case-insensitively', async () => {
        await expectSameSet({ type: 'services', location: 'selangor' }, (l) => l.type === 'services' && l.state === 'Selangor');
        const town = listings.find((l) => l.type === 'services' && l.city !== l.state)!.city;
        await expectSameSet({ type: 'services', location: town }, (l) => l.type === 'services' && l.city === town);
      });

      it('finds nothing for a category or place that does not exist', async () => {
        for (const body of [{ type: 'services', specialization: 'no-such-trade' }, { type: 'services', location: 'Atlantis' }]) {
          const response = await search(body);
          expect(response).toMatchObject({ total: 0, results: [] });
        }
      });

      it('by price bucket, min-max and min++', async () => {
        await expectSameSet({ type: 'services', price: '100-500' }, (l) => l.type === 'services' && l.price !== null && l.price >= 100 && l.price <= 500);
        await expectSameSet({ type: 'buysell', price: '1000++' }, (l) => l.type === 'buysell' && l.price !== null && l.price >= 1000);
      });

      it.each([
        ['jobs', 'job_qualification', 'degree,master'],
        ['jobs', 'job_type', 'FT,PT'],
        ['jobs', 'job_level', 'manager'],
        ['hireme', 'hireme_type', 'FL'],
        ['hireme', 'hireme_rate', 'hour,day'],
        ['hireme', 'hireme_expertise', 'expert'],
        ['buysell', 'buysell_condition', 'used'],
        ['buysell', 'buysell_type', 'buy'],
        ['buysell', 'buysell_deal_method', 'cod'],
        ['buysell', 'buysell_method', 'delivery,self-pickup'],
      ])('%s by %s=%s (a comma list matches any)', async (type, field, value) => {
        const attribute = { buysell_deal_method: 'buysell_method' }[field] ?? field;
        const wanted = value.split(',');
        await expectSameSet({ type, [field]: value }, (l) => l.type === type && (l.attributes[attribute] ?? []).some((v) => wanted.includes(v)));
      });

      it('by keyword over title, summary, categories and company, the last word as a prefix', async () => {
        await expectSameSet({ type: 'services', search: 'aircon serv' }, (l) => l.type === 'services' && matchesKeyword(l.text, 'aircon serv'));
        await expectSameSet({ search: 'plumbing' }, (l) => matchesKeyword(l.text, 'plumbing'));
        const { profile: company } = await livePost(subject, 'services');
        const word = company.split(' ')[0]!;
        await expectSameSet({ type: 'services', search: word }, (l) => l.type === 'services' && matchesKeyword(l.text, word));
      });

      it('treats FTS syntax in the keyword as plain words', async () => {
        const response = await search({ search: 'plumbing" OR title:* NEAR(' });
        expect(response.total).toBe(listings.filter((l) => matchesKeyword(l.text, 'plumbing OR title NEAR')).length);
      });

      it('by distance from the user, with the distance of each result', async () => {
        const body = { type: 'services', user_location: `${KL.lat},${KL.lon}`, distance: 10 };
        await expectSameSet(body, (l) => l.type === 'services' && withinKm(l, KL, 10));
        const response = await search({ ...body, sort: 'distance', limit: 48 });
        for (const card of response.results) {
          const [first] = card.coordinates;
          expect(card.distance).toBeCloseTo(haversineKm(KL, { lat: first!.lat, lon: first!.lon }), 1);
          expect(card.distance!).toBeLessThanOrEqual(10);
        }
        const distances = response.results.map((card) => card.distance!);
        expect(distances).toEqual([...distances].sort((a, b) => a - b));
      });

      it('pages by distance cover every post within the distance once, nearest first across pages', async () => {
        const body = { type: 'services', user_location: `${KL.lat},${KL.lon}`, distance: 10, sort: 'distance' };
        const expected = listings.filter((l) => l.type === 'services' && withinKm(l, KL, 10));
        const distances: number[] = [];
        const ids: number[] = [];
        for (let page = 1; ; page++) {
          const response = await search({ ...body, page, limit: 12 });
          ids.push(...response.results.map((card) => card.id));
          distances.push(...response.results.map((card) => card.distance!));
          if (response.results.length < 12) break;
        }
        expect([...ids].sort((a, b) => a - b)).toEqual(expected.map((l) => l.id).sort((a, b) => a - b));
        expect(distances).toEqual([...distances].sort((a, b) => a - b));
      });

        it("'Near Me' uses the user's location and 10 km unless a distance is chosen", async () => {
        await expectSameSet({ type: 'services', location: 'Near Me', user_location: `${KL.lat},${KL.lon}` }, (l) => l.type === 'services' && withinKm(l, KL, 10));
        await expectSameSet({ type: 'services', location: 'Near Me', user_location: `${KL.lat},${KL.lon}`, distance: 5 }, (l) => l.type === 'services' && withinKm(l, KL, 5));
      });

      describe('by the map\'s box (issue 43)', () => {
        const inBox = (l: Listing, [west, south, east, north]: number[]) => l.lon >= west! && l.lon <= east! && l.lat >= south! && l.lat <= north!;
        const KL_BOX = [101.55, 3.0, 101.8, 3.25];

        it('keeps the posts inside the box, edges included, with exact facets, alone and with other filters', async () => {
          await expectSameSet({ type: 'services', bbox: KL_BOX.join(',') }, (l) => l.type === 'services' && inBox(l, KL_BOX));
          await expectSameSet({ bbox: KL_BOX.join(',') }, (l) => inBox(l, KL_BOX));
          const matching = listings.filter((l) => l.type === 'jobs' && inBox(l, KL_BOX));
          expectFacetsExact(await search({ type: 'jobs', bbox: KL_BOX.join(',') }), matching);
          const word = listings.find((l) => l.type === 'services' && inBox(l, KL_BOX))!.title.split(' ')[0]!;
          await expectSameSet({ type: 'services', search: word, bbox: KL_BOX.join(',') }, (l) => l.type === 'services' && inBox(l, KL_BOX) && matchesKeyword(l.text, word));
          await expectSameSet({ type: 'services', user_location: `${KL.lat},${KL.lon}`, distance: 5, bbox: '101.6,3.0,101.7,3.3' },
            (l) => l.type === 'services' && withinKm(l, KL, 5) && inBox(l, [101.6, 3.0, 101.7, 3.3]));
        });

        it('counts a post lying exactly on an edge as inside, as SQL does', async () => {
          const edge = listings.find((l) => l.type === 'services' && !String(l.lat).includes('e') && !String(l.lon).includes('e'))!;
          // Its own coordinates as written, as the west and south edges, then as the east and north ones.
          const southWest = [edge.lon, edge.lat, Number((edge.lon + 0.05).toFixed(4)), Number((edge.lat + 0.05).toFixed(4))];
          await expectSameSet({ type: 'services', bbox: southWest.map(String).join(',') }, (l) => l.type === 'services' && inBox(l, southWest));
          const northEast = [Number((edge.lon - 0.05).toFixed(4)), Number((edge.lat - 0.05).toFixed(4)), edge.lon, edge.lat];
          await expectSameSet({ type: 'services', bbox: northEast.map(String).join(',') }, (l) => l.type === 'services' && inBox(l, northEast));
        });

        it('clamps a box reaching past Malaysia, and finds nothing in one wholly outside it', async () => {
          const wide = await search({ bbox: '90,-10,130,20' });
          expect(wide.total).toBe(listings.filter((l) => inBox(l, [99.6, 0.8, 119.3, 7.4])).length);
          expect((await search({ bbox: '-10,40,10,50' })).total).toBe(0);
        });

        it('refuses a malformed or inverted box', () => {
          for (const bbox of ['1,2,3', 'a,b,c,d', '101.8,3,101.5,3.2', '101.5,3.2,101.8,3.0', '200,3,201,4']) {
            const parsed = SearchRequestSchema.safeParse({ bbox });
            expect(parsed.success, bbox).toBe(false);
            expect(parsed.error!.issues[0]!.path).toEqual(['bbox']);
          }
        });
      });
    });

    describe('facets', () => {
      it.each([
        ['a whole type (answered from the precomputed summary)', { type: 'services' }, (l: Listing) => l.type === 'services'],
        ['a main category in a state (summary)', { type: 'services', parent_specialization: 'home-services', location: 'Selangor' }, (l: Listing) => l.type === 'services' && l.parentSlug === 'home-services' && l.state === 'Selangor'],
        ['every type', {}, () => true],
        ['jobs with filters (grouped scan)', { type: 'jobs', job_type: 'FT,PT', job_level: 'manager,senior_executive' }, (l: Listing) => l.type === 'jobs' && (l.attributes.job_type ?? []).some((v) => ['FT', 'PT'].includes(v)) && ['manager', 'senior_executive'].includes(l.attributes.job_level?.[0] ?? '')],
        ['hireme', { type: 'hireme' }, (l: Listing) => l.type === 'hireme'],
        ['buysell by price', { type: 'buysell', price: '100-5000' }, (l: Listing) => l.type === 'buysell' && l.price !== null && l.price >= 100 && l.price <= 5000],
        ['a keyword across types', { search: 'service' }, (l: Listing) => matchesKeyword(l.text, 'service')],
      ])('are exact for %s', async (_label, body, predicate) => {
        const matching = listings.filter(predicate);
        expect(matching.length).toBeGreaterThan(0);
        const response = await search(body);
        expect(response.total).toBe(matching.length);
        expectFacetsExact(response, matching);
      });
    });

    describe('sorts', () => {
      const check = async (sort: string, compare: (a: Listing, b: Listing) => number, extra: Record<string, unknown> = {}) => {
        const byId = new Map(listings.map((listing) => [listing.id, listing]));
        const ids = await allIds({ type: 'buysell', sort, ...extra });
        const got = ids.map((id) => byId.get(id)!);
        expect(got.length).toBeGreaterThan(12);
        for (let index = 1; index < got.length; index++) expect(compare(got[index - 1]!, got[index]!)).toBeLessThanOrEqual(0);
      };

      it('recommended (default): paying plans first, then rating, then the newest', async () => {
        await check('recommended', (a, b) => PLAN_WEIGHT[b.plan]! - PLAN_WEIGHT[a.plan]! || b.rating - a.rating || b.publishedAt.localeCompare(a.publishedAt));
        expect((await search({ type: 'buysell' })).results.map((c) => c.id)).toEqual((await search({ type: 'buysell', sort: 'recommended' })).results.map((c) => c.id));
      });
      it('rating, highest first', async () => {
        await check('rating', (a, b) => b.rating - a.rating || b.ratingCount - a.ratingCount);
      });
      it('az and za by title', async () => {
        await check('az', (a, b) => (a.title.toLowerCase() > b.title.toLowerCase() ? 1 : 0));
        await check('za', (a, b) => (a.title.toLowerCase() < b.title.toLowerCase() ? 1 : 0));
      });
      it('relevance puts the better match first, and falls back to recommended without a keyword', async () => {
        const relevant = await search({ search: 'aircon servicing', sort: 'relevance' });
        expect(relevant.results[0]!.title.toLowerCase()).toContain('aircon servicing');
        const fallback = await search({ type: 'buysell', sort: 'relevance' });
        expect(fallback.results.map((c) => c.id)).toEqual((await search({ type: 'buysell' })).results.map((c) => c.id));
      });
      it('relevance ranks the listings of the category the words name, in any language, above those that only mention them', async () => {
        // Each subcategory's Malay and Chinese name, where it also reaches listings of other categories (a company or a
        // title named with those words, a related category's name) and no other category's names (with their synonyms)
        // hold all its words: the category's own listings lead.
        const termsOf = (name: string) => {
          const names = [name, GLOSSARY.categories[name]!.ms, GLOSSARY.categories[name]!.zh].join(' ');
          return new Set([...queryWords(names), ...documentTerms(names).split(' ')]);
        };
        const categories = [...new Map(listings.filter((l) => l.categoryName !== l.parentName).map((l) => [l.categoryName, l.type])).entries()]
          .map(([name, type]) => ({ name, type, terms: termsOf(name) }));
        let checked = 0;
        for (const { name: category, type } of categories) {
          const own = listings.filter((l) => l.type === type && l.categoryName === category).length;
          for (const words of [GLOSSARY.categories[category]!.ms, GLOSSARY.categories[category]!.zh]) {
            const asked = queryWords(words);
            if (categories.some((other) => other.name !== category && other.type === type && asked.every((word) => other.terms.has(word)))) continue;
            const response = await search({ type, search: words, sort: 'relevance', limit: 48 });
            if (response.total <= own) continue;
            checked += 1;
            const names = response.results.map((card) => listings.find((l) => l.id === card.id)!.categoryName);
            expect(names[0], `${words}: ${names.join(', ')}`).toBe(category);
          }
        }
        expect(checked, 'names that reach other categories').toBeGreaterThan(5);
      });
      it('distance falls back to recommended without a user location', async () => {
        const fallback = await search({ type: 'buysell', sort: 'distance' });
        expect(fallback.results.map((c) => c.id)).toEqual((await search({ type: 'buysell' })).results.map((c) => c.id));
      });
    });

    describe('paging', () => {
      it('gives 12 per page by default and a short last page', async () => {
        const total = listings.filter((l) => l.type === 'hireme').length;
        const first = await search({ type: 'hireme' });
        expect(first.results).toHaveLength(12);
        const lastPage = Math.ceil(total / 12);
        const last = await search({ type: 'hireme', page: lastPage });
        expect(last.results).toHaveLength(total - (lastPage - 1) * 12);
        expect(last.total).toBe(total);
      });
      it('answers a page beyond the end with no results and the right total', async () => {
        const response = await search({ type: 'hireme', page: 4000 });
        expect(response.results).toEqual([]);
        expect(response.total).toBe(listings.filter((l) => l.type === 'hireme').length);
      });
      it('never repeats a post across pages', async () => {
        const ids = await allIds({ type: 'services' });
        expect(new Set(ids).size).toBe(ids.length);
      });
    });

    describe('what is new (saved-search alerts)', () => {
      // Every seeded post went live when it was published (migration 0013's backfill).
      const cutoff = () => {
        const days = listings.filter((listing) => listing.type === 'services').map((listing) => listing.publishedAt).sort();
        return days[Math.floor(days.length * 0.8)]!;
      };

      it('live_since keeps the posts that first went live after it, with exact facets', async () => {
        const since = cutoff();
        const matching = listings.filter((listing) => listing.type === 'services' && listing.publishedAt > since);
        await expectSameSet({ type: 'services', live_since: since }, (listing) => listing.type === 'services' && listing.publishedAt > since);
        expectFacetsExact(await search({ type: 'services', live_since: since }), matching);
      });

      it('sorts newest first when asked, across pages, and combines with a keyword', async () => {
        const ids = await allIds({ type: 'services', sort: 'newest', live_since: cutoff() });
        const times = ids.map((id) => listings.find((listing) => listing.id === id)!.publishedAt);
        expect(times).toEqual([...times].sort().reverse());
        const word = listings.find((listing) => listing.type === 'services' && listing.publishedAt > cutoff())!.title.split(' ')[0]!;
        await expectSameSet({ type: 'services', search: word, live_since: cutoff() },
          (listing) => listing.type === 'services' && listing.publishedAt > cutoff() && matchesKeyword(listing.text, word));
      });

      it('takes a day as Malaysian midnight', async () => {
        expect((await search({ type: 'jobs', live_since: '2000-01-01' })).total).toBe(listings.filter((listing) => listing.type === 'jobs').length);
      });
    });
  });
}

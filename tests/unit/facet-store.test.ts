import { describe, expect, it } from 'vitest';
import { FACET_COLUMNS, FacetStore } from '../../src/server/search/engine/facet-store.ts';
import { distanceTest, unitVector } from '../../src/server/search/engine/geo.ts';
import { circleCells, OUTSIDE } from '../../src/server/search/engine/place-grid.ts';
import { LISTING_TYPES, type ListingType } from '../../src/shared/constants.ts';
import type { SearchFilter } from '../../src/server/search/engine/filter.ts';
import { loadConfig } from '../../src/server/config.ts';
import { join } from 'node:path';
import { Piscina } from 'piscina';
import { projectRoot } from '../../src/server/project-root.ts';
import type { CountShare } from '../../src/server/search/engine/count-worker.ts';
import type { TallyPart } from '../../src/server/search/engine/tally.ts';
import { sharedColumn } from '../../src/server/search/engine/shared-memory.ts';
import { facetAttributesFor } from '../../src/shared/search-attributes.ts';

/**
 * The facet store split by type (issue 41): dense columns per type, types held or not (SEARCH_TYPES), and Near Me
 * through grid cells. Every count is checked against the plain rule, post by post.
 */
interface Post {
  id: number;
  type: ListingType;
  category: number;
  state: number;
  price: number | null;
  lat: number;
  lon: number;
}

/** A deterministic scatter of posts round Kuala Lumpur and across Malaysia. */
function scatter(count: number, seed = 7): Post[] {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return Array.from({ length: count }, (_, index) => {
    const near = random() < 0.7;
    return {
      id: index * 3 + 1,
      type: LISTING_TYPES[Math.floor(random() * 4)]!,
      category: 1 + Math.floor(random() * 20),
      state: 1 + Math.floor(random() * 16),
      price: random() < 0.2 ? null : Math.round(random() * 1000),
      lat: near ? 3.139 + (random() - 0.5) * 0.4 : 1 + random() * 6,
      lon: near ? 101.6869 + (random() - 0.5) * 0.4 : 100 + random() * 19,
    };
  });
}

function row(post: Post): unknown[] {
  const { gx, gy, gz } = unitVector(post.lat, post.lon);
  const values: unknown[] = [post.id, post.type, post.category, 100 + (post.category % 4), post.state, 1000 + post.state, post.price, gx, gy, gz];
  while (values.length < FACET_COLUMNS.length) values.push(null);
  return values;
}

function within(post: Post, lat: number, lon: number, km: number): boolean {
  const test = distanceTest(lat, lon, km);
  const { gx, gy, gz } = unitVector(post.lat, post.lon);
  return gx * test.gx + gy * test.gy + gz * test.gz >= test.minDot;
}

const sorted = (ids: ArrayLike<number>) => [...Array.from(ids)].sort((a, b) => a - b);

function copyShared(values: Uint32Array): Uint32Array {
  const copy = sharedColumn(Uint32Array, values.length);
  copy.set(values);
  return copy;
}

describe('the facet store split by type', () => {
  const posts = scatter(20_000);
  const store = new FacetStore();
  store.reset(Math.max(...posts.map((post) => post.id)));
  for (const post of posts) store.put(row(post));
  store.settle();

  it('counts one type from its own columns, and every type together, as the plain rule does', () => {
    for (const type of [...LISTING_TYPES, undefined]) {
      const filter: SearchFilter = { type, stateId: 5, attributes: [] };
      const counted = store.count(filter, []);
      const expected = posts.filter((post) => (!type || post.type === type) && post.state === 5);
      expect(sorted(counted.ids)).toEqual(expected.map((post) => post.id));
      expect(counted.states.get(5)).toBe(expected.length);
      expect(store.size(type)).toBe(posts.filter((post) => !type || post.type === type).length);
    }
  });

  it('counts candidates given as each type\'s slots (a word index keyed by slot) as it counts them given as post ids', () => {
    const candidates = posts.filter((post) => post.id % 7 < 3).map((post) => post.id);
    for (const type of ['jobs', undefined] as const) {
      const filter: SearchFilter = { type, price: { min: 100, max: 800 }, attributes: [] };
      const byId = store.count(filter, [], candidates);
      const expected = { ids: sorted(byId.ids), categories: byId.categories };
      // Slots in no set order (a prefix's several lexemes), and posts the store does not hold, are both fine.
      const slots = Object.fromEntries(LISTING_TYPES.map((each) => [each, store.slotsOf(each, [...candidates, 999_999].reverse())]));
      const bySlot = store.count(filter, [], { slots });
      expect(sorted(bySlot.ids)).toEqual(expected.ids);
      expect(bySlot.total).toBe(expected.ids.length);
      expect(bySlot.categories).toEqual(expected.categories);
    }
    expect(store.heldSlot(999_999)).toBe(-1);
  });

  it('counts half of a large count on a helper thread, over the shared columns, as it counts alone', async () => {
    const helper = new Piscina<CountShare, TallyPart>({ filename: join(projectRoot, 'src/server/search/engine/count-worker.ts'), minThreads: 1, maxThreads: 1 });
    try {
      let shares = 0;
      const onThread = (share: CountShare) => {
        shares++;
        return helper.run(share);
      };
      const candidates = posts.filter((post) => post.id % 5 < 3).map((post) => post.id);
      const slots = () => ({ slots: Object.fromEntries(LISTING_TYPES.map((each) => [each, store.slotsOf(each, candidates)])) });
      const facets = facetAttributesFor(undefined);
      const near = { lat: 3.139, lon: 101.6869 };
      const cases: [SearchFilter, 'slots' | undefined, number | undefined][] = [[{ type: undefined, attributes: [] }, undefined, undefined],
        [{ type: 'jobs', stateId: 3, attributes: [] }, undefined, undefined], [{ type: undefined, price: { min: 100, max: 700 }, attributes: [] }, 'slots', undefined],
        // Near Me: cells wholly inside and on the edge, split between the threads, and the nearest 25 of both.
        [{ type: undefined, geo: { ...near, km: 10 }, attributes: [] }, undefined, 25], [{ type: 'services', geo: { ...near, km: 3 }, attributes: [] }, undefined, undefined]];
      for (const [filter, given, nearest] of cases) {
        const alone = store.count(filter, facets, given && slots(), { nearest });
        const expected = { ...alone, ids: sorted(alone.ids) };
        // The word index's matches are in shared memory; slotsOf's are not, so they are copied there as a match would be.
        const shared = given && { slots: Object.fromEntries(Object.entries(slots().slots).map(([type, list]) => [type, copyShared(list)])) };
        const split = await store.countShared(filter, facets, shared, { splitFrom: 100, nearest }, onThread);
        expect({ ...split, ids: sorted(split.ids) }).toEqual(expected);
        if (nearest) expect(split.nearest).toHaveLength(nearest);
      }
      expect(shares).toBe(5);
      // Small counts stay on this thread; a helper that fails leaves the count to it.
      await store.countShared({ type: 'jobs', attributes: [] }, [], undefined, { splitFrom: 1_000_000 }, onThread);
      expect(shares).toBe(5);
      const failed = await store.countShared({ type: undefined, attributes: [] }, [], undefined, { splitFrom: 0 }, () => Promise.reject(new Error('gone')));
      expect(failed.total).toBe(posts.length);
    } finally {
      await helper.close();
    }
  });

  it('finds the posts within a circle through grid cells, edges exactly as the distance test', () => {
    const cells = circleCells(3.139, 101.6869, 10);
    expect(cells.inside.length).toBeGreaterThan(20);
    expect(cells.edge.length).toBeGreaterThan(0);
    for (const km of [0.5, 3, 10, 25, 100, 900]) {
      for (const type of ['services', undefined] as const) {
        const counted = store.count({ type, geo: { lat: 3.139, lon: 101.6869, km }, attributes: [] }, []);
        expect(sorted(counted.ids), `${km} km`).toEqual(posts.filter((post) => (!type || post.type === type) && within(post, 3.139, 101.6869, km)).map((post) => post.id));
      }
    }
  });

  it('gives the nearest matches in SQL\'s order: the dot product descending, then the post id', () => {
    const origin = unitVector(3.139, 101.6869);
    const dot = (post: Post) => {
      const { gx, gy, gz } = unitVector(post.lat, post.lon);
      return gx * origin.gx + gy * origin.gy + gz * origin.gz;
    };
    for (const [type, km, k] of [['services', 10, 12], [undefined, 3, 40], ['jobs', null, 7]] as const) {
      const counted = store.count({ type, geo: { lat: 3.139, lon: 101.6869, km }, attributes: [] }, [], undefined, { nearest: k });
      const expected = posts.filter((post) => (!type || post.type === type) && (km === null || within(post, 3.139, 101.6869, km)))
        .sort((a, b) => dot(b) - dot(a) || a.id - b.id).slice(0, k).map((post) => post.id);
      expect([...counted.nearest!]).toEqual(expected);
    }
    // Among keyword candidates too.
    const candidates = posts.slice(0, 500).map((post) => post.id);
    const counted = store.count({ type: 'services', geo: { lat: 3.139, lon: 101.6869, km: 20 }, attributes: [] }, [], candidates, { nearest: 5 });
    expect([...counted.nearest!]).toEqual(posts.slice(0, 500).filter((post) => post.type === 'services' && within(post, 3.139, 101.6869, 20))
      .sort((a, b) => dot(b) - dot(a) || a.id - b.id).slice(0, 5).map((post) => post.id));
  });

  it('follows posts that move, change type or leave, before and after the grid is laid out again', () => {
    const local = new FacetStore();
    const moving = scatter(5_000, 11);
    local.reset(0);
    for (const post of moving) local.put(row(post));
    const check = () => {
      const counted = local.count({ type: 'jobs', geo: { lat: 3.139, lon: 101.6869, km: 8 }, attributes: [] }, []);
      expect(sorted(counted.ids)).toEqual(moving.filter((post) => post.type === 'jobs' && within(post, 3.139, 101.6869, 8)).map((post) => post.id).sort((a, b) => a - b));
      expect(local.size('jobs')).toBe(moving.filter((post) => post.type === 'jobs').length);
      // By candidates too: each post is counted from its own slot, whatever slots the others left or took.
      const candidates = [...moving.map((post) => post.id), 999_999].sort((a, b) => a - b);
      expect(sorted(local.count({ type: 'jobs', attributes: [] }, [], candidates).ids)).toEqual(moving.filter((post) => post.type === 'jobs').map((post) => post.id).sort((a, b) => a - b));
    };
    check();
    // Out to Sabah and back into the circle, into another type, out of the index, and a new post with a higher id.
    for (const [index, post] of moving.entries()) {
      if (index % 5 === 0) Object.assign(post, { lat: 5.98, lon: 116.07 });
      else if (index % 7 === 0) Object.assign(post, { lat: 3.14, lon: 101.69 });
      else if (index % 11 === 0) post.type = post.type === 'jobs' ? 'services' : 'jobs';
      local.remove(post.id);
      if (index % 13 !== 0) local.put(row(post));
    }
    const left = moving.filter((_, index) => index % 13 === 0);
    moving.splice(0, moving.length, ...moving.filter((_, index) => index % 13 !== 0));
    const added: Post = { id: 1_000_000, type: 'jobs', category: 1, state: 1, price: 5, lat: 3.15, lon: 101.7 };
    local.put(row(added));
    moving.push(added);
    check();
    expect(local.count({ type: 'jobs', attributes: [] }, [], left.map((post) => post.id)).total).toBe(0);
    local.settle();
    check();
    // Posts that had left come back after the layout took their slots away: each gets a slot of its own again.
    for (const post of left) local.put(row(post));
    moving.push(...left);
    check();
    expect(local.size(undefined)).toBe(moving.length);
  });

  it('files a post outside the area in a cell of its own, still found by a wide circle', () => {
    const local = new FacetStore();
    local.reset(10);
    const far: Post = { id: 3, type: 'services', category: 1, state: 1, price: null, lat: 21.3, lon: -157.8 };
    local.put(row(far));
    local.settle();
    expect(circleCells(21.3, -157.8, 5).edge).toContain(OUTSIDE);
    expect(local.count({ type: 'services', geo: { lat: 21.3, lon: -157.8, km: 5 }, attributes: [] }, []).total).toBe(1);
    expect(local.count({ type: 'services', geo: { lat: 3.139, lon: 101.6869, km: 50 }, attributes: [] }, []).total).toBe(0);
  });

  it('holds only the types it is given, and refuses to count the others', () => {
    const jobsOnly = new FacetStore(['jobs']);
    jobsOnly.reset(0);
    for (const post of posts) jobsOnly.put(row(post));
    expect(jobsOnly.holds('jobs')).toBe(true);
    expect(jobsOnly.holds('services')).toBe(false);
    expect(jobsOnly.holds(undefined)).toBe(false);
    expect(jobsOnly.size('services')).toBe(0);
    expect(jobsOnly.count({ type: 'jobs', attributes: [] }, []).total).toBe(posts.filter((post) => post.type === 'jobs').length);
    expect(() => jobsOnly.count({ type: 'services', attributes: [] }, [])).toThrow('does not hold services');
  });
});

describe('SEARCH_TYPES', () => {
  it('names the types a host holds: all four when unset, a comma list, anything else refused in one sentence', () => {
    expect(loadConfig({}).searchTypes).toEqual([...LISTING_TYPES]);
    expect(loadConfig({ SEARCH_TYPES: 'jobs, services,jobs' }).searchTypes).toEqual(['jobs', 'services']);
    expect(loadConfig({ SEARCH_TYPES: 'none' }).searchTypes).toEqual([]);
    expect(() => loadConfig({ SEARCH_TYPES: 'jobs,cars' })).toThrow('SEARCH_TYPES is a comma list of services, jobs, hireme, buysell, or none.');
    expect(() => loadConfig({ SEARCH_TYPES: 'none,jobs' })).toThrow('SEARCH_TYPES is a comma list of services, jobs, hireme, buysell, or none.');
  });
});

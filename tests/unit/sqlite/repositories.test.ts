import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../src/server/db/sqlite/migrate.ts';
import { findFeaturedPostIds, findHomeCategories } from '../../../src/server/db/sqlite/repositories/content.ts';
import {
  findPostIdBySlug, findPostIdsByProfile, findPostLocations, findPostRows, findTopPostIdsInCategory,
} from '../../../src/server/db/sqlite/repositories/posts.ts';
import { findBusinessHours, findProfileBySlug, findProfileLocations } from '../../../src/server/db/sqlite/repositories/profiles.ts';
import { sqliteCopyOfTemplate } from '../../helpers/sqlite/template-copy.ts';

const PLAN_WEIGHT = { GOLD: 3, SILVER: 2, BRONZE: 1, FREE: 0 } as const;
let copy: Awaited<ReturnType<typeof sqliteCopyOfTemplate>>;

beforeAll(async () => {
  copy = await sqliteCopyOfTemplate();
});
afterAll(() => copy.close());

describe('migrations', () => {
  it('apply once: a second run finds nothing pending', () => {
    expect(migrate(copy.db)).toEqual([]);
    expect(copy.db.prepare('SELECT count(*) AS n FROM schema_migrations').get()?.n).toBeGreaterThan(0);
  });
});

describe('post repository', () => {
  it('finds a post by its slug, and nothing for an unknown slug', () => {
    const row = copy.db.prepare('SELECT id, slug FROM posts ORDER BY id DESC LIMIT 1').get()!;
    expect(findPostIdBySlug(copy.db, String(row.slug))).toBe(row.id);
    expect(findPostIdBySlug(copy.db, 'no-such-post')).toBeUndefined();
  });

  it('returns rows in the order of the ids asked for, skipping unknown ids', () => {
    const rows = findPostRows(copy.db, [30, 5, 999_999, 12]);
    expect(rows.map((row) => row.id)).toEqual([30, 5, 12]);
    for (const row of rows) {
      expect(row.profile_slug).toBeTruthy();
      const detail = { jobs: row.job_level, hireme: row.hireme_expertise, services: row.service_description, buysell: row.buysell_type }[row.type];
      expect(detail).not.toBeNull();
    }
  });

  it('ranks a category row by plan, then rating, including posts of its sub categories', () => {
    const [category] = findHomeCategories(copy.db);
    const ids = findTopPostIdsInCategory(copy.db, category!.id, 12);
    expect(ids.length).toBeGreaterThan(0);
    const rows = findPostRows(copy.db, ids);
    const keys = rows.map((row) => [PLAN_WEIGHT[row.plan], row.rating] as const);
    const sorted = [...keys].sort((a, b) => b[0] - a[0] || b[1] - a[1]);
    expect(keys).toEqual(sorted);
    const parentId = copy.db.prepare('SELECT parent_id FROM categories WHERE id = ?').get(category!.id)?.parent_id;
    const parentRow = findTopPostIdsInCategory(copy.db, Number(parentId), 500);
    expect(parentRow).toEqual(expect.arrayContaining(findTopPostIdsInCategory(copy.db, category!.id, 500)));
  });

  it("lists a profile's posts of one type, newest first", () => {
    const row = copy.db.prepare("SELECT profile_id FROM posts WHERE type = 'services' GROUP BY profile_id HAVING count(*) > 1 LIMIT 1").get()!;
    const ids = findPostIdsByProfile(copy.db, Number(row.profile_id), 'services', 50);
    const published = findPostRows(copy.db, ids).map((post) => post.published_at);
    expect(published).toEqual([...published].sort().reverse());
    expect(findPostRows(copy.db, ids).every((post) => post.type === 'services' && post.profile_id === row.profile_id)).toBe(true);
  });

  it('joins locations with their town and state names', () => {
    const [location] = findPostLocations(copy.db, [1]);
    expect(location).toMatchObject({ owner_id: 1, city_name: expect.any(String), state_name: expect.any(String) });
  });
});

describe('profile repository', () => {
  it('finds a profile with its logo, locations and opening hours', () => {
    const slug = String(copy.db.prepare("SELECT slug FROM profiles WHERE kind = 'business' LIMIT 1").get()?.slug);
    const profile = findProfileBySlug(copy.db, slug)!;
    expect(profile.slug).toBe(slug);
    expect(profile.logo_full).toMatch(/^seed\/logo-/);
    expect(findProfileLocations(copy.db, profile.id).length).toBeGreaterThan(0);
    expect(findBusinessHours(copy.db, profile.id).every((hours) => hours.day >= 0 && hours.day <= 6)).toBe(true);
    expect(findProfileBySlug(copy.db, 'no-such-profile')).toBeUndefined();
  });
});

describe('content repository', () => {
  it('keeps featured posts in their editorial order', () => {
    const ids = findFeaturedPostIds(copy.db, 'home');
    const positions = copy.db.prepare("SELECT post_id FROM featured_posts WHERE placement = 'home' ORDER BY position").all().map((row) => row.post_id);
    expect(ids).toEqual(positions);
  });
});

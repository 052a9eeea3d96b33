import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seedDatabase } from '../../../scripts/seed/sqlite/generate.ts';
import { openDatabase, type Db } from '../../../src/server/db/sqlite/connection.ts';
import { migrate } from '../../../src/server/db/sqlite/migrate.ts';
import { LISTING_TYPES } from '../../../src/shared/constants.ts';
import { sqliteCopyOfTemplate } from '../../helpers/sqlite/template-copy.ts';

const dirs: string[] = [];

async function seedFresh(options: { profiles: number; posts: number; seed: number }): Promise<Db> {
  const dir = mkdtempSync(join(tmpdir(), 'yp-seed-'));
  dirs.push(dir);
  const db = openDatabase(join(dir, 'seed.db'));
  migrate(db);
  await seedDatabase(db, { ...options, mediaDir: inject('mediaDir') });
  return db;
}

/** A fingerprint of every row of every table. */
function fingerprint(db: Db): string {
  const hash = createHash('sha256');
  const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
    AND name <> 'schema_migrations' ORDER BY name`).all().map((row) => String(row.name));
  for (const table of tables) {
    const rows = db.prepare(`SELECT * FROM ${table}`).all().map((row) => JSON.stringify(row)).sort();
    hash.update(`${table}\n${rows.join('\n')}\n`);
  }
  return hash.digest('hex');
}

function count(db: Db, sql: string): number {
  return Number(Object.values(db.prepare(sql).get() ?? {})[0]);
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('demo data generator', () => {
  it('writes the same data on every run with the same seed', async () => {
    const first = await seedFresh({ profiles: 60, posts: 300, seed: 7 });
    const second = await seedFresh({ profiles: 60, posts: 300, seed: 7 });
    const other = await seedFresh({ profiles: 60, posts: 300, seed: 8 });
    expect(fingerprint(first)).toBe(fingerprint(second));
    expect(fingerprint(other)).not.toBe(fingerprint(first));
    for (const db of [first, second, other]) db.close();
  });

  it('refuses to seed a database that already has a catalogue', async () => {
    const db = await seedFresh({ profiles: 10, posts: 20, seed: 1 });
    await expect(seedDatabase(db, { profiles: 10, posts: 20, seed: 1, mediaDir: inject('mediaDir') })).rejects.toThrow(/already/);
    db.close();
  });

  describe('on the shared test seed', () => {
    let copy: Awaited<ReturnType<typeof sqliteCopyOfTemplate>>;
    beforeAll(async () => {
      copy = await sqliteCopyOfTemplate();
    });
    afterAll(() => copy.close());

    it('has all 13 states and 3 federal territories and at least 150 towns with coordinates in Malaysia', () => {
      const { db } = copy;
      expect(count(db, "SELECT count(*) FROM states WHERE kind = 'state'")).toBe(13);
      expect(db.prepare("SELECT name FROM states WHERE kind = 'federal_territory' ORDER BY name").all().map((row) => row.name))
        .toEqual(['Kuala Lumpur', 'Labuan', 'Putrajaya']);
      expect(count(db, 'SELECT count(*) FROM cities')).toBeGreaterThanOrEqual(150);
      // Malaysia lies within about 0.8–7.4° N and 99.6–119.3° E.
      expect(count(db, 'SELECT count(*) FROM cities WHERE latitude NOT BETWEEN 0.8 AND 7.4 OR longitude NOT BETWEEN 99.6 AND 119.3')).toBe(0);
    });

    it('has a two-level category tree per type, with at least 30 main and 200 sub categories for services', () => {
      const { db } = copy;
      expect(count(db, "SELECT count(*) FROM categories WHERE type = 'services' AND parent_id IS NULL")).toBeGreaterThanOrEqual(30);
      expect(count(db, "SELECT count(*) FROM categories WHERE type = 'services' AND parent_id IS NOT NULL")).toBeGreaterThanOrEqual(200);
      for (const type of LISTING_TYPES) {
        expect(count(db, `SELECT count(*) FROM categories WHERE type = '${type}' AND parent_id IS NOT NULL`)).toBeGreaterThan(0);
      }
      expect(count(db, `SELECT count(*) FROM categories c JOIN categories p ON p.id = c.parent_id
        WHERE p.type <> c.type OR p.parent_id IS NOT NULL`)).toBe(0);
      for (const trade of ['plumbing', 'aircon-servicing', 'home-tuition', 'catering', 'car-workshop']) {
        expect(count(db, `SELECT count(*) FROM categories WHERE type = 'services' AND slug = '${trade}'`)).toBe(1);
      }
    });

    it('keeps every reference intact', () => {
      const { db } = copy;
      expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
      expect(count(db, 'SELECT count(*) FROM posts p WHERE NOT EXISTS (SELECT 1 FROM post_categories pc JOIN categories c ON c.id = pc.category_id WHERE pc.post_id = p.id AND c.type = p.type)')).toBe(0);
      expect(count(db, 'SELECT count(*) FROM posts p WHERE NOT EXISTS (SELECT 1 FROM post_locations pl JOIN locations l ON l.id = pl.location_id WHERE pl.post_id = p.id AND l.profile_id = p.profile_id)')).toBe(0);
      expect(count(db, 'SELECT count(*) FROM profiles pr WHERE NOT EXISTS (SELECT 1 FROM locations l WHERE l.profile_id = pr.id)')).toBe(0);
      expect(count(db, 'SELECT count(*) FROM locations l JOIN cities c ON c.id = l.city_id WHERE c.state_id <> l.state_id')).toBe(0);
      expect(count(db, `SELECT count(*) FROM posts p WHERE
        (p.type = 'jobs') <> EXISTS (SELECT 1 FROM job_details d WHERE d.post_id = p.id) OR
        (p.type = 'hireme') <> EXISTS (SELECT 1 FROM hireme_details d WHERE d.post_id = p.id) OR
        (p.type = 'services') <> EXISTS (SELECT 1 FROM service_details d WHERE d.post_id = p.id) OR
        (p.type = 'buysell') <> EXISTS (SELECT 1 FROM buysell_details d WHERE d.post_id = p.id)`)).toBe(0);
      expect(count(db, "SELECT count(*) FROM reviews r WHERE (r.post_id IS NULL) = (r.profile_id IS NULL)")).toBe(0);
      expect(count(db, 'SELECT count(*) FROM posts p WHERE p.rating_count <> (SELECT count(*) FROM reviews r WHERE r.post_id = p.id)')).toBe(0);
    });

    it('has posts of every type and listings in every state and plan', () => {
      const { db } = copy;
      for (const type of LISTING_TYPES) expect(count(db, `SELECT count(*) FROM posts WHERE type = '${type}'`)).toBeGreaterThan(0);
      expect(count(db, 'SELECT count(DISTINCT l.state_id) FROM post_locations pl JOIN locations l ON l.id = pl.location_id')).toBe(16);
      expect(db.prepare('SELECT DISTINCT plan FROM posts ORDER BY plan').all().map((row) => row.plan)).toEqual(['BRONZE', 'FREE', 'GOLD', 'SILVER']);
    });

    it('fills the type-specific fields plausibly', () => {
      const { db } = copy;
      expect(count(db, "SELECT count(*) FROM posts WHERE type = 'jobs' AND price_currency = 'RM' AND price_min_sen BETWEEN 100000 AND 3000000")).toBeGreaterThan(0);
      expect(count(db, 'SELECT count(*) FROM job_details WHERE company_confidential = 1')).toBeGreaterThan(0);
      expect(count(db, 'SELECT count(DISTINCT level) FROM job_details')).toBe(6);
      expect(db.prepare("SELECT DISTINCT value FROM post_attributes WHERE name = 'job_type' ORDER BY value").all().map((row) => row.value)).toEqual(['FT', 'I', 'PT']);
      expect(count(db, "SELECT count(*) FROM post_attributes WHERE name = 'job_qualification'")).toBeGreaterThan(0);
      expect(db.prepare('SELECT DISTINCT condition FROM buysell_details ORDER BY condition').all().map((row) => row.condition)).toEqual(['new', 'used']);
      expect(db.prepare("SELECT DISTINCT value FROM post_attributes WHERE name = 'buysell_method' ORDER BY value").all().map((row) => row.value)).toEqual(['cod', 'delivery', 'self-pickup']);
      expect(count(db, "SELECT count(*) FROM post_attributes WHERE name = 'hireme_language'")).toBeGreaterThan(0);
      expect(count(db, 'SELECT count(*) FROM posts WHERE op_sen IS NOT NULL AND op_sen <= price_min_sen')).toBe(0);
    });

    it('writes Malaysian phone numbers, postcodes and opening hours', () => {
      const { db } = copy;
      const locations = db.prepare('SELECT phone_number, company_phone_number, postcode FROM locations').all();
      for (const location of locations) {
        expect(location.phone_number).toMatch(/^01\d-\d{3,4} \d{4}$/);
        if (location.company_phone_number !== null) expect(location.company_phone_number).toMatch(/^0\d{1,2}-\d{3,4} \d{3,4}$/);
        expect(location.postcode).toMatch(/^\d{5}$/);
      }
      expect(count(db, "SELECT count(*) FROM business_hours WHERE opens NOT GLOB '[0-2][0-9]:[0-5][0-9]' OR closes <= opens")).toBe(0);
      expect(count(db, 'SELECT count(DISTINCT profile_id) FROM business_hours')).toBeGreaterThan(0);
    });

    it('adds the content around the listings: CMS pages, banners, featured posts, home rows and packages', () => {
      const { db } = copy;
      expect(db.prepare('SELECT page FROM cms_pages ORDER BY page').all().map((row) => row.page))
        .toEqual(expect.arrayContaining(['about-us', 'terms-and-conditions', 'privacy-policy', 'faq']));
      expect(count(db, "SELECT count(*) FROM banners WHERE placement = 'home' AND slot = 'main'")).toBeGreaterThan(1);
      expect(count(db, "SELECT count(*) FROM featured_posts WHERE placement = 'home'")).toBe(12);
      expect(count(db, 'SELECT count(*) FROM home_categories')).toBeGreaterThan(3);
      expect(db.prepare('SELECT code, month_price, year_price FROM packages ORDER BY position').all().map((row) => ({ ...row })))
        .toEqual([
          { code: 'GOLD', month_price: 89, year_price: 899 },
          { code: 'SILVER', month_price: 49, year_price: 499 },
          { code: 'BRONZE', month_price: 29, year_price: 299 },
          { code: 'PAY-PER-POST', month_price: null, year_price: null },
        ]);
      expect(count(db, "SELECT count(*) FROM media WHERE full LIKE 'http%' OR thumbnail LIKE 'http%'")).toBe(0);
    });
  });
});

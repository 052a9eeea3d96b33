import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../src/server/db/sqlite/migrate.ts';
import { sqliteCopyOfTemplate } from '../../helpers/sqlite/template-copy.ts';

/** SQLite's own migrations; the repositories' behaviour is the contract suite's (tests/contract/repositories.ts). */
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

describe('0049: every category named in Malay and Chinese', () => {
  it('names the categories a database seeded before had no names for, keeps a name already there, and asks for the search index again', () => {
    const { db } = copy;
    const count = (sql: string) => Number((db.prepare(sql).get() as { n: number }).n);
    const categories = count('SELECT count(*) AS n FROM categories');
    // As a database seeded before the glossary: only the main categories named, one of them in words of its own.
    db.exec(`DELETE FROM category_names WHERE category_id IN (SELECT id FROM categories WHERE parent_id IS NOT NULL);
      UPDATE category_names SET name = 'Khidmat Rumah' WHERE locale = 'ms' AND category_id = (SELECT id FROM categories WHERE name = 'Home Services');
      DELETE FROM schema_migrations WHERE version = '0049_category_glossary.sql'; DELETE FROM pending_jobs;`);
    expect(count('SELECT count(*) AS n FROM category_names')).toBeLessThan(categories * 2);
    expect(migrate(db)).toEqual(['0049_category_glossary.sql']);
    expect(count('SELECT count(*) AS n FROM category_names')).toBe(categories * 2);
    expect(db.prepare("SELECT n.name FROM category_names n JOIN categories c ON c.id = n.category_id WHERE c.name = 'Towing Service' AND n.locale = 'zh'").get()).toEqual({ name: '拖车服务' });
    expect(db.prepare("SELECT n.name FROM category_names n JOIN categories c ON c.id = n.category_id WHERE c.name = 'Home Services' AND n.locale = 'ms'").get()).toEqual({ name: 'Khidmat Rumah' });
    expect(db.prepare('SELECT name FROM pending_jobs').all()).toEqual([{ name: 'rebuild_search_index' }]);
  });
});

describe('0050: banners and CMS pages in Malay and Chinese', () => {
  it('gives a database seeded before the seed’s words: CMS pages still as seeded, fixed banners and the type homes’ category banners', () => {
    const { db } = copy;
    const english = db.prepare("SELECT b.id FROM banners b WHERE b.placement = 'services' AND b.slot = 'main' ORDER BY b.id LIMIT 1").get() as { id: number };
    // As a database from before: no language rows, one page its editors reworded in English.
    db.exec(`DROP TABLE banner_texts; DROP TABLE cms_page_texts; DELETE FROM schema_migrations WHERE version = '0050_content_languages.sql';
      UPDATE cms_pages SET article_title = 'Careers at Yellow Pages' WHERE page = 'careers';`);
    expect(migrate(db)).toEqual(['0050_content_languages.sql']);
    expect(db.prepare("SELECT article_title FROM cms_page_texts WHERE page = 'faq' AND locale = 'ms'").get()).toEqual({ article_title: 'Soalan Lazim' });
    expect(db.prepare("SELECT count(*) AS n FROM cms_page_texts WHERE page = 'careers'").get()).toEqual({ n: 0 });
    expect(db.prepare("SELECT t.title FROM banner_texts t JOIN banners b ON b.id = t.banner_id WHERE b.title = 'Advertise your business' AND t.locale = 'zh' LIMIT 1").get())
      .toEqual({ title: '为您的商家打广告' });
    const typeBanner = db.prepare("SELECT t.title, t.subtitle FROM banner_texts t WHERE t.banner_id = ? AND t.locale = 'ms'").get(english.id) as { title: string; subtitle: string };
    expect(typeBanner.subtitle).toBe(`Layari ${typeBanner.title.toLowerCase()} berhampiran anda`);
    const banners = Number((db.prepare('SELECT count(*) AS n FROM banners').get() as { n: number }).n);
    expect(db.prepare('SELECT count(*) AS n FROM banner_texts').get()).toEqual({ n: banners * 2 });
  });
});

import { ADVERTISER_PACKAGES, LISTING_TYPES } from '../../../src/shared/constants.ts';
import { GLOSSARY } from '../../../src/server/catalog/glossary.ts';
import { BANNER_TITLES, BANNER_WORDS, BROWSE_NEAR, CMS_PAGE_WORDS, CMS_PAGES } from '../site-content.ts';
import { isoDate, type SeedContext } from './context.ts';

const OTHER_LANGUAGES = ['ms', 'zh'] as const;

/** A banner with its title and subtitle in Malay and Chinese. */
interface SeedBanner {
  title: string;
  subtitle: string;
  link: string;
  words: Record<(typeof OTHER_LANGUAGES)[number], [title: string, subtitle: string]>;
}

const fixedBanners = (rows: [string, string, string][]): SeedBanner[] => rows.map(([title, subtitle, link]) => ({
  title, subtitle, link, words: { ms: [BANNER_WORDS[title]!.ms, BANNER_WORDS[subtitle]!.ms], zh: [BANNER_WORDS[title]!.zh, BANNER_WORDS[subtitle]!.zh] },
}));

/** A type home's banner: a main category, "Browse {name} near you". */
function browseBanner(name: string, link: string): SeedBanner {
  const { ms, zh } = GLOSSARY.categories[name]!;
  return { title: name, subtitle: BROWSE_NEAR.en(name), link, words: { ms: [ms, BROWSE_NEAR.ms(ms)], zh: [zh, BROWSE_NEAR.zh(zh)] } };
}

export function insertContent(context: SeedContext): void {
  const { random, statement } = context;
  const updated = isoDate(context.now);
  const insertPage = statement('INSERT INTO cms_pages (page, article_title, article_content, updated_at) VALUES (?, ?, ?, ?)');
  const insertPageText = statement('INSERT INTO cms_page_texts (page, locale, article_title, article_content) VALUES (?, ?, ?, ?)');
  for (const [page, title, content] of CMS_PAGES) {
    insertPage.run(page, title, content, updated);
    for (const locale of OTHER_LANGUAGES) insertPageText.run(page, locale, ...CMS_PAGE_WORDS[page]![locale]);
  }

  const insertBanner = statement('INSERT INTO banners (placement, slot, title, subtitle, media_id, hyperlink, position) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id');
  const insertBannerText = statement('INSERT INTO banner_texts (banner_id, locale, title, subtitle) VALUES (?, ?, ?, ?)');
  const banner = (placement: string, slot: 'main' | 'sub', rows: SeedBanner[]) => rows.forEach(({ title, subtitle, link, words }, position) => {
    const { id } = insertBanner.get(placement, slot, title, subtitle, random.pick(context.media.banner), link, position) as { id: number };
    for (const locale of OTHER_LANGUAGES) insertBannerText.run(id, locale, ...words[locale]);
  });
  banner('home', 'main', fixedBanners(BANNER_TITLES.home!));
  banner('home', 'sub', fixedBanners(BANNER_TITLES['home-sub']!));
  banner('education', 'main', fixedBanners(BANNER_TITLES.education!));
  banner('raya-special', 'main', fixedBanners(BANNER_TITLES['raya-special']!));
  for (const type of LISTING_TYPES) {
    const parents = context.categories.filter((category) => category.type === type && category.parentId === null);
    banner(type, 'main', random.sample(parents, 3).map((parent) => browseBanner(parent.name, `/${type}/l/${parent.slug}`)));
    banner(type, 'sub', fixedBanners(BANNER_TITLES['home-sub']!));
  }

  // Featured rows prefer paying advertisers, as the real site does.
  const insertFeatured = statement('INSERT INTO featured_posts (placement, post_id, position) VALUES (?, ?, ?)');
  const feature = (placement: string, where: string) => {
    const ids = context.db.prepare(`SELECT p.id FROM posts p WHERE ${where} AND p.plan IN ('GOLD', 'SILVER')
      AND EXISTS (SELECT 1 FROM post_media m WHERE m.post_id = p.id) ORDER BY p.id LIMIT 200`).all().map((row) => Number(row.id));
    random.sample(ids, 12).forEach((id, position) => insertFeatured.run(placement, id, position));
  };
  feature('home', `p.type IN ('services', 'buysell')`);
  for (const type of LISTING_TYPES) feature(type, `p.type = '${type}'`);
  feature('education', `EXISTS (SELECT 1 FROM post_categories pc JOIN categories c ON c.id = pc.category_id WHERE pc.post_id = p.id AND c.education = 1)`);
  feature('raya-special', `p.type = 'buysell'`);

  const insertHome = statement('INSERT INTO home_categories (category_id, position) VALUES (?, ?)');
  const homeSlugs = ['aircon-servicing', 'plumbing', 'home-tuition', 'catering', 'car-workshop', 'pest-control', 'interior-design', 'movers'];
  homeSlugs.forEach((slug, position) => {
    const category = context.categories.find((candidate) => candidate.type === 'services' && candidate.slug === slug);
    if (category) insertHome.run(category.id, position);
  });

  const insertSetting = statement('INSERT INTO settings (key, value) VALUES (?, ?)');
  insertSetting.run('popular_searches', JSON.stringify(['aircon service', 'plumber', 'home tuition', 'catering', 'car workshop', 'pest control', 'lawyer', 'movers']));
  insertSetting.run('suggested_locations', JSON.stringify(['Kuala Lumpur', 'Petaling Jaya', 'Shah Alam', 'Johor Bahru', 'George Town', 'Ipoh', 'Kota Kinabalu', 'Kuching']));

  const insertPackage = statement(`INSERT INTO packages (code, name, extra, details, details_list, month_price, year_price, per_post_price,
    save, tokens, categories, keywords, photos, pdfs, videos, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  ADVERTISER_PACKAGES.forEach((pkg, position) => {
    const list = [
      pkg.tokens === null ? null : `${pkg.tokens} tokens`, `${pkg.categories} categories`, `${pkg.keywords} keywords`,
      `${pkg.photos} photos`, `${pkg.pdfs} PDFs`, pkg.videos === null ? null : `${pkg.videos} videos`,
    ].filter((line) => line !== null);
    insertPackage.run(
      pkg.code, pkg.name,
      pkg.code === 'PAY-PER-POST' ? 'First individual post free' : 'Free 30-day trial',
      pkg.code === 'PAY-PER-POST' ? '30-day ad; amendment RM30 after 24 hours.' : 'Minimum listing period 12 months, auto-renewed.',
      JSON.stringify(list), pkg.monthPrice, pkg.yearPrice, pkg.perPostPrice, pkg.save, pkg.tokens,
      pkg.categories, pkg.keywords, pkg.photos, pkg.pdfs, pkg.videos, position,
    );
  });
}

import { ADVERTISER_PACKAGES, LISTING_TYPES } from '../../../src/shared/constants.ts';
import { isoDate, type SeedContext } from './context.ts';

const COMPANY = 'Yellow Pages Malaysia';

/** Static pages of the footer links. Content is trusted HTML written by editors. */
const CMS_PAGES: [string, string, string][] = [
  ['about-us', 'About Us', `<p>${COMPANY} is Malaysia's business directory and classifieds marketplace, with more than 500,000 classified ads from businesses, employers and individuals across all 13 states and 3 federal territories.</p><p>Find trusted services near you, browse jobs, hire people and buy or sell, all in one place.</p>`],
  ['terms-and-conditions', 'Terms and Conditions', '<h2>1. Use of the site</h2><p>By using this site you agree to these terms. Listings are provided by advertisers, who are responsible for their content.</p><h2>2. Listings</h2><p>We may remove any listing that is misleading, unlawful or infringes the rights of others.</p><h2>3. Liability</h2><p>We do not guarantee the quality of goods or services offered by advertisers.</p>'],
  ['privacy-policy', 'Privacy Policy', '<p>We process personal data in accordance with the Personal Data Protection Act 2010 (PDPA).</p><h2>What we collect</h2><ul><li>Account details you give us</li><li>Enquiries you send to advertisers</li><li>Usage data to improve the service</li></ul><h2>Your rights</h2><p>You may access, correct or delete your personal data by contacting us.</p>'],
  ['faq', 'Frequently Asked Questions', '<h2>Is it free to search?</h2><p>Yes. Searching, browsing and contacting advertisers is free.</p><h2>How do I list my business?</h2><p>Choose a package on the Advertise page. Every package starts with a free 30-day trial.</p><h2>How do I report a listing?</h2><p>Use the Report link on any listing.</p>'],
  ['advertising-terms', 'Advertising Terms', '<p>Prices exclude 6% SST. Subscriptions have a minimum listing period of 12 months and are renewed automatically.</p><p>Pay-per-post ads run for 30 days; amendments are free within 24 hours.</p>'],
  ['posting-guide', 'Posting Guide', '<ol><li>Choose the right category.</li><li>Write a clear title and summary.</li><li>Add real photos of your work or products.</li><li>Keep your contact details up to date.</li></ol>'],
  ['careers', 'Careers', `<p>Join the team behind ${COMPANY}. We are hiring engineers, sales executives and customer success specialists in Kuala Lumpur.</p>`],
];

const BANNER_TITLES: Record<string, [string, string, string][]> = {
  home: [
    ['Find trusted services near you', 'Plumbers, aircon servicing, tuition and more', '/services/l'],
    ['Thousands of jobs across Malaysia', 'Apply in minutes', '/jobs/l'],
    ['Buy and sell locally', 'Great deals from people near you', '/buysell/l'],
    ['Hire skilled people', 'Tutors, designers, drivers and more', '/hireme/l'],
  ],
  'home-sub': [['Advertise your business', 'Free 30-day trial', '/advertise-on-yp'], ['Education corner', 'Tuition, classes and books', '/education/']],
  education: [
    ['Learn something new', 'Tuition centres and home tutors near you', '/services/l/education-and-tuition'],
    ['Teach with us', 'Teaching and training jobs', '/jobs/l/education-and-training'],
    ['Books and more', 'Textbooks and revision guides', '/buysell/l/hobbies-and-books/books'],
  ],
  'raya-special': [['Raya specials', 'Kuih raya, baju raya and catering', '/buysell/l'], ['Balik kampung ready', 'Car servicing before the trip', '/services/l/automotive']],
};

export function insertContent(context: SeedContext): void {
  const { random, statement } = context;
  const updated = isoDate(context.now);
  const insertPage = statement('INSERT INTO cms_pages (page, article_title, article_content, updated_at) VALUES (?, ?, ?, ?)');
  for (const [page, title, content] of CMS_PAGES) insertPage.run(page, title, content, updated);

  const insertBanner = statement('INSERT INTO banners (placement, slot, title, subtitle, media_id, hyperlink, position) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const banner = (placement: string, slot: 'main' | 'sub', rows: [string, string, string][]) =>
    rows.forEach(([title, subtitle, link], position) => insertBanner.run(placement, slot, title, subtitle, random.pick(context.media.banner), link, position));
  banner('home', 'main', BANNER_TITLES.home!);
  banner('home', 'sub', BANNER_TITLES['home-sub']!);
  banner('education', 'main', BANNER_TITLES.education!);
  banner('raya-special', 'main', BANNER_TITLES['raya-special']!);
  for (const type of LISTING_TYPES) {
    const parents = context.categories.filter((category) => category.type === type && category.parentId === null);
    banner(type, 'main', random.sample(parents, 3).map((parent) => [parent.name, `Browse ${parent.name.toLowerCase()} near you`, `/${type}/l/${parent.slug}`]));
    banner(type, 'sub', BANNER_TITLES['home-sub']!);
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

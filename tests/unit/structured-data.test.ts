import { describe, expect, it } from 'vitest';
import { getPostBySlug } from '../../src/server/catalog/posts.ts';
import { getProfileBySlug } from '../../src/server/catalog/profiles.ts';
import { jsonLdScript, postStructuredData, profileStructuredData } from '../../src/server/seo/structured-data.ts';
import { useTemplateCopy } from '../helpers/seeded-db.ts';
import { liveSql } from '../helpers/live.ts';

const copy = useTemplateCopy();
const SITE = 'https://yp.example';

const LIVE = liveSql();

async function post(where: string) {
  const slug = String(copy.db.prepare(`SELECT p.slug FROM posts p LEFT JOIN job_details j ON j.post_id = p.id WHERE ${where} LIMIT 1`).get()!.slug);
  return (await getPostBySlug(copy.app, slug))!;
}

/** Required properties per Google's rich-result documentation for each type. */
const REQUIRED: Record<string, string[]> = {
  JobPosting: ['title', 'description', 'datePosted', 'jobLocation'],
  Product: ['name', 'offers'],
  Offer: ['price', 'priceCurrency'],
  LocalBusiness: ['name', 'address'],
  BreadcrumbList: ['itemListElement'],
  AggregateRating: ['ratingValue', 'reviewCount'],
  PostalAddress: ['addressCountry'],
  Service: ['name', 'provider'],
};

/** Checks every nested object with a known @type for its required properties. */
function expectValid(node: unknown, path = '$'): void {
  if (Array.isArray(node)) return node.forEach((item, index) => expectValid(item, `${path}[${index}]`));
  if (node === null || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  const type = record['@type'];
  if (typeof type === 'string') {
    for (const property of REQUIRED[type] ?? []) expect(record[property], `${path} ${type}.${property}`).toBeDefined();
  }
  for (const [key, value] of Object.entries(record)) expectValid(value, `${path}.${key}`);
}

describe('structured data', () => {
  it('describes a job as a JobPosting with employer, location, employment types and salary in MYR', async () => {
    const job = await post(`${LIVE} AND p.type = 'jobs' AND j.company_confidential = 0 AND p.price_min_sen IS NOT NULL`);
    const [posting, breadcrumbs] = postStructuredData(SITE, job);
    expectValid([posting, breadcrumbs]);
    expect(posting).toMatchObject({
      '@type': 'JobPosting', title: job.title, hiringOrganization: { name: job.profile!.name },
      baseSalary: { currency: 'MYR', value: { minValue: job.job!.salary_min } },
    });
    expect((posting as { employmentType: string[] }).employmentType.length).toBeGreaterThan(0);
    expect((posting as { employmentType: string[] }).employmentType.every((type) => ['FULL_TIME', 'PART_TIME', 'INTERN'].includes(type))).toBe(true);
    expect(breadcrumbs).toMatchObject({ '@type': 'BreadcrumbList' });
  });

  it('never names the employer of a confidential job', async () => {
    const job = await post(`${LIVE} AND p.type = 'jobs' AND j.company_confidential = 1`);
    const [posting] = postStructuredData(SITE, job);
    expect(posting).not.toHaveProperty('hiringOrganization');
    const employer = String(copy.db.prepare('SELECT pr.name FROM posts p JOIN profiles pr ON pr.id = p.profile_id WHERE p.id = ?').get(job.id)!.name);
    expect(JSON.stringify(posting)).not.toContain(employer);
  });

  it('describes an item for sale as a Product with an Offer and its condition, and skips it without a price', async () => {
    const item = await post(`${LIVE} AND p.type = 'buysell' AND p.price_min_sen IS NOT NULL`);
    const [product] = postStructuredData(SITE, item);
    expectValid(product);
    expect(product).toMatchObject({ '@type': 'Product', offers: { priceCurrency: 'MYR', price: item.price_min } });
    const negotiable = await post(`${LIVE} AND p.type = 'buysell' AND p.price_min_sen IS NULL AND p.price_max_sen IS NULL`);
    expect(postStructuredData(SITE, negotiable).map((block) => block['@type'])).toEqual(['BreadcrumbList']);
  });

  it('describes a service with its provider and rating', async () => {
    const offer = await post(`${LIVE} AND p.type = 'services' AND p.rating_count > 0`);
    const [block] = postStructuredData(SITE, offer);
    expectValid(block);
    expect(block).toMatchObject({ '@type': 'Service', provider: { '@type': 'LocalBusiness' }, aggregateRating: { reviewCount: offer.rating_count } });
  });

  it('describes a business profile as a LocalBusiness with address, geo, opening hours and rating', async () => {
    const slug = String(copy.db.prepare("SELECT slug FROM profiles WHERE kind = 'business' AND rating_count > 0 LIMIT 1").get()!.slug);
    const profile = (await getProfileBySlug(copy.app, slug))!;
    const [business] = profileStructuredData(SITE, profile);
    expectValid(business);
    expect(business).toMatchObject({ '@type': 'LocalBusiness', name: profile.name, geo: { latitude: profile.locations[0]!.latitude } });
    expect((business as { openingHoursSpecification: unknown[] }).openingHoursSpecification.length).toBeGreaterThan(0);
  });

  it('states each opening period once, with every day that has it', async () => {
    const slug = String(copy.db.prepare("SELECT slug FROM profiles WHERE kind = 'business' LIMIT 1").get()!.slug);
    const profile = (await getProfileBySlug(copy.app, slug))!;
    const week = [
      ...['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((day) => ({ day, time: ['09:00-13:00', '14:00-18:00'] })),
      { day: 'Saturday', time: ['09:00-13:00'] }, { day: 'Sunday', time: [] },
    ];
    const [business] = profileStructuredData(SITE, { ...profile, business_hours: week });
    const day = (name: string) => `https://schema.org/${name}`;
    expect((business as { openingHoursSpecification: unknown[] }).openingHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map(day), opens: '09:00', closes: '13:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map(day), opens: '14:00', closes: '18:00' },
    ]);
  });

  it('states no JobPosting or offer for an expired post', async () => {
    const expired = await post(`NOT (${LIVE}) AND p.type = 'jobs'`);
    expect(expired.live).toBe(false);
    expect(postStructuredData(SITE, expired).map((block) => block['@type'])).toEqual(['BreadcrumbList']);
  });

  it('joins site and media URLs into absolute URLs, keeping a CDN media URL as it is', async () => {
    const item = await post(`${LIVE} AND p.type = 'buysell' AND p.price_min_sen IS NOT NULL AND EXISTS (SELECT 1 FROM post_media m WHERE m.post_id = p.id)`);
    const cdn = { ...item, images: item.images.map((media) => ({ ...media, image: { ...media.image, full: `https://cdn.example.com${media.image.full}` } })) };
    const [product] = postStructuredData(SITE, cdn) as { image: string[] }[];
    expect(product!.image.length).toBeGreaterThan(0);
    for (const url of product!.image) expect(url).toMatch(/^https:\/\/cdn\.example\.com\/media\//);
    const [local] = postStructuredData(SITE, item) as { image: string[] }[];
    expect(local!.image[0]).toMatch(/^https:\/\/yp\.example\/media\//);
  });

  it('is safe to put inside a script element', () => {
    expect(jsonLdScript([{ name: '</script><script>alert(1)</script>' }])).not.toContain('</script>');
  });
});

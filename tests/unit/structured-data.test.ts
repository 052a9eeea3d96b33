import { describe, expect, it } from 'vitest';
import { getPostBySlug } from '../../src/server/catalog/posts.ts';
import { getProfileBySlug } from '../../src/server/catalog/profiles.ts';
import { jsonLdScript, postStructuredData, profileStructuredData } from '../../src/server/seo/structured-data.ts';
import { useTemplateCopy } from '../helpers/seeded-db.ts';

const copy = useTemplateCopy();
const SITE = 'https://yp.example';

function post(where: string) {
  const slug = String(copy.db.prepare(`SELECT p.slug FROM posts p LEFT JOIN job_details j ON j.post_id = p.id WHERE ${where} LIMIT 1`).get()!.slug);
  return getPostBySlug(copy.db, slug)!;
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
  it('describes a job as a JobPosting with employer, location, employment types and salary in MYR', () => {
    const job = post("p.type = 'jobs' AND j.company_confidential = 0 AND p.price_min IS NOT NULL");
    const [posting, breadcrumbs] = postStructuredData(SITE, job);
    expectValid([posting, breadcrumbs]);
    expect(posting).toMatchObject({
      '@type': 'JobPosting', title: job.title, hiringOrganization: { name: job.profile!.name },
      baseSalary: { currency: 'MYR', value: { minValue: job.job!.salary_min } },
    });
    expect((posting as { employmentType: string[] }).employmentType.every((type) => ['FULL_TIME', 'PART_TIME', 'INTERN'].includes(type))).toBe(true);
    expect(breadcrumbs).toMatchObject({ '@type': 'BreadcrumbList' });
  });

  it('never names the employer of a confidential job', () => {
    const job = post("p.type = 'jobs' AND j.company_confidential = 1");
    const [posting] = postStructuredData(SITE, job);
    expect(posting).not.toHaveProperty('hiringOrganization');
    const employer = String(copy.db.prepare('SELECT pr.name FROM posts p JOIN profiles pr ON pr.id = p.profile_id WHERE p.id = ?').get(job.id)!.name);
    expect(JSON.stringify(posting)).not.toContain(employer);
  });

  it('describes an item for sale as a Product with an Offer and its condition, and skips it without a price', () => {
    const item = post("p.type = 'buysell' AND p.price_min IS NOT NULL");
    const [product] = postStructuredData(SITE, item);
    expectValid(product);
    expect(product).toMatchObject({ '@type': 'Product', offers: { priceCurrency: 'MYR', price: item.price_min } });
    const negotiable = post("p.type = 'buysell' AND p.price_min IS NULL AND p.price_max IS NULL");
    expect(postStructuredData(SITE, negotiable).map((block) => block['@type'])).toEqual(['BreadcrumbList']);
  });

  it('describes a service with its provider and rating', () => {
    const offer = post("p.type = 'services' AND p.rating_count > 0");
    const [block] = postStructuredData(SITE, offer);
    expectValid(block);
    expect(block).toMatchObject({ '@type': 'Service', provider: { '@type': 'LocalBusiness' }, aggregateRating: { reviewCount: offer.rating_count } });
  });

  it('describes a business profile as a LocalBusiness with address, geo, opening hours and rating', () => {
    const slug = String(copy.db.prepare("SELECT slug FROM profiles WHERE kind = 'business' AND rating_count > 0 LIMIT 1").get()!.slug);
    const profile = getProfileBySlug(copy.db, slug)!;
    const [business] = profileStructuredData(SITE, profile);
    expectValid(business);
    expect(business).toMatchObject({ '@type': 'LocalBusiness', name: profile.name, geo: { latitude: profile.locations[0]!.latitude } });
    expect((business as { openingHoursSpecification: unknown[] }).openingHoursSpecification.length).toBeGreaterThan(0);
  });

  it('is safe to put inside a script element', () => {
    expect(jsonLdScript([{ name: '</script><script>alert(1)</script>' }])).not.toContain('</script>');
  });
});

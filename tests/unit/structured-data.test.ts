import { describe, expect, it } from 'vitest';
import { getPostBySlug } from '../../src/server/catalog/posts.ts';
import { getProfileBySlug } from '../../src/server/catalog/profiles.ts';
import { jsonLdScript, postStructuredData, profileStructuredData } from '../../src/server/seo/structured-data.ts';
import type { ListingType } from '../../src/shared/constants.ts';
import { hiddenPosts, livePost, livePosts, profileWhere, type LivePost } from '../fixtures/catalogue.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

const copy = useTestDatabase();
const SITE = 'https://yp.example';

/** The first live post of a type that `matches` accepts, as its page shows it. */
async function post(type: ListingType, matches: (post: LivePost) => boolean) {
  const { slug } = await livePost(copy.app, type, { matches });
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
    const job = await post('jobs', ({ row }) => row.job_confidential === false && row.price_min_sen !== null);
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
    const job = await post('jobs', ({ row }) => row.job_confidential === true);
    const [posting] = postStructuredData(SITE, job);
    // Google requires a hiring organisation: it says Confidential, and the salary the page hides is left out too.
    expect(posting).toMatchObject({ hiringOrganization: { '@type': 'Organization', name: 'Confidential' } });
    expect(posting).not.toHaveProperty('baseSalary');
    const [row] = await copy.repos.catalog.findPostRows([job.id]);
    const employer = row!.profile_name;
    expect(JSON.stringify(posting)).not.toContain(employer);
  });

  it('describes an item for sale with a photo as a Product with an Offer and its condition; without a price, a photo, or to buy, no Product', async () => {
    const forSale = await livePosts(copy.app, 'buysell', 80, ({ row }) => row.price_min_sen !== null && row.buysell_type === 'sell');
    const media = await copy.repos.catalog.findPostMedia(forSale.map((entry) => entry.id), true);
    const item = (await getPostBySlug(copy.app, forSale.find((entry) => media.some((row) => row.owner_id === entry.id))!.slug))!;
    const [product] = postStructuredData(SITE, item);
    expectValid(product);
    expect(product).toMatchObject({ '@type': 'Product', offers: { priceCurrency: 'MYR', price: item.price_min, availability: 'https://schema.org/InStock' } });
    expect(postStructuredData(SITE, { ...item, images: [] }).map((block) => block['@type'])).toEqual(['BreadcrumbList']);
    expect(postStructuredData(SITE, { ...item, buysell: { ...item.buysell!, type: 'buy' } }).map((block) => block['@type'])).toEqual(['BreadcrumbList']);
    const negotiable = await post('buysell', ({ row }) => row.price_min_sen === null && row.price_max_sen === null);
    expect(postStructuredData(SITE, negotiable).map((block) => block['@type'])).toEqual(['BreadcrumbList']);
  });

  it('gives a job its identifier, direct apply, the salary period, and TELECOMMUTE when it is remote', async () => {
    const job = await post('jobs', ({ row }) => row.job_confidential === false && row.price_min_sen !== null);
    const [onSite] = postStructuredData(SITE, job);
    expect(onSite).toMatchObject({ identifier: { '@type': 'PropertyValue', value: String(job.id) }, directApply: true, baseSalary: { value: { unitText: 'MONTH' } } });
    expect(onSite).not.toHaveProperty('jobLocationType');
    const [remote] = postStructuredData(SITE, { ...job, job: { ...job.job!, remote: true, salary_type: 'year' } });
    expect(remote).toMatchObject({ jobLocationType: 'TELECOMMUTE', applicantLocationRequirements: { '@type': 'Country', name: 'Malaysia' }, baseSalary: { value: { unitText: 'YEAR' } } });
  });

  it('describes a service with its provider and rating', async () => {
    const offer = await post('services', ({ row }) => row.rating_count > 0);
    const [block] = postStructuredData(SITE, offer);
    expectValid(block);
    expect(block).toMatchObject({ '@type': 'Service', provider: { '@type': 'LocalBusiness' }, aggregateRating: { reviewCount: offer.rating_count } });
  });

  it('describes a business profile as a LocalBusiness with address, geo, opening hours and rating', async () => {
    const { slug } = await profileWhere(copy.app, ({ row }) => row.kind === 'business' && row.rating_count > 0);
    const profile = (await getProfileBySlug(copy.app, slug))!;
    const [business] = profileStructuredData(SITE, profile);
    expectValid(business);
    expect(business).toMatchObject({ '@type': 'LocalBusiness', name: profile.name, geo: { latitude: profile.locations[0]!.latitude } });
    expect((business as { openingHoursSpecification: unknown[] }).openingHoursSpecification.length).toBeGreaterThan(0);
  });

  it('states each opening period once, with every day that has it', async () => {
    const { slug } = await profileWhere(copy.app, ({ row }) => row.kind === 'business');
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
    const hidden = (await hiddenPosts(copy.query, 10_000)).find((row) => row.type === 'jobs')!;
    // Off the public site (issue 39); what its owner's preview reads states no offer either.
    expect(await getPostBySlug(copy.app, hidden.slug)).toBeUndefined();
    const expired = (await getPostBySlug(copy.app, hidden.slug, { drafts: true }))!;
    expect(expired.live).toBe(false);
    expect(postStructuredData(SITE, expired).map((block) => block['@type'])).toEqual(['BreadcrumbList']);
  });

  it('joins site and media URLs into absolute URLs, keeping a CDN media URL as it is', async () => {
    const priced = await livePosts(copy.app, 'buysell', 50, ({ row }) => row.price_min_sen !== null);
    const media = await copy.repos.catalog.findPostMedia(priced.map((entry) => entry.id), true);
    const item = (await getPostBySlug(copy.app, priced.find((entry) => media.some((row) => row.owner_id === entry.id))!.slug))!;
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

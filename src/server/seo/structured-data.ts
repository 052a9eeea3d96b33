/**
 * schema.org JSON-LD for listings (Google rich results: JobPosting, LocalBusiness, Product,
 * BreadcrumbList). Only facts we hold are stated; a type's block is left out when a property
 * Google requires for it is missing, rather than sent invalid. A hireme post (a person offering
 * themselves) has no rich result that fits: its page carries the breadcrumb alone.
 */
import { parseSsmNumber } from '../../shared/ssm-number.ts';
import { isRichText } from '../../shared/rich-text.ts';
import { plainTextOf } from '../catalog/html.ts';
import { PROFILE_ATTRIBUTES, type ProfileAttribute } from '../../shared/profile-attributes.ts';
import { CURRENCY_CODE, type JobType } from '../../shared/constants.ts';
import { localHref } from '../../shared/i18n.ts';
import { typeLabel } from '../../shared/type-labels.ts';
import * as m from '../../paraglide/messages.js';
import type { Location, Post, Profile } from '../../shared/schemas/catalog.ts';
import { SITE_NAME } from '../../shared/seo.ts';
import { absoluteUrl, categoryUrl, postUrl, profileUrl, searchUrl } from '../../shared/urls.ts';

type JsonLd = Record<string, unknown>;

const EMPLOYMENT_TYPES: Record<JobType, string> = { FT: 'FULL_TIME', PT: 'PART_TIME', I: 'INTERN' };

function postalAddress(location: Location): JsonLd {
  return {
    '@type': 'PostalAddress',
    ...(location.address_line1 ? { streetAddress: [location.address_line1, location.address_line2].filter(Boolean).join(', ') } : {}),
    addressLocality: location.city.name,
    addressRegion: location.state.name,
    ...(location.postcode ? { postalCode: location.postcode } : {}),
    addressCountry: 'MY',
  };
}

function breadcrumbList(site: string, crumbs: { name: string; path: string }[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, name: crumb.name, item: absoluteUrl(site, crumb.path) })),
  };
}

function postBreadcrumbs(site: string, post: Post): JsonLd {
  const category = post.categories[0];
  return breadcrumbList(site, [
    { name: m.search_root(), path: localHref('/') },
    { name: typeLabel(post.type, 'tab'), path: searchUrl(post.type) },
    ...(category?.parent ? [{ name: category.parent.name, path: searchUrl(post.type, category.parent.slug) }] : []),
    ...(category ? [{ name: category.name, path: categoryUrl(category) }] : []),
    { name: post.title, path: postUrl(post.type, post.slug) },
  ]);
}

function aggregateRating(rating: number, count: number): JsonLd | undefined {
  return count > 0 ? { '@type': 'AggregateRating', ratingValue: rating, reviewCount: count, bestRating: 5, worstRating: 1 } : undefined;
}

function jobPosting(site: string, post: Post): JsonLd | undefined {
  const job = post.job;
  const location = post.locations[0];
  if (!job || (!location && !job.remote)) return undefined;
  const amount = job.salary_min ?? job.salary_max;
  const unitText = job.salary_type === 'year' ? 'YEAR' : 'MONTH';
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: post.title,
    description: [post.summary, job.responsibilities, job.requirements, job.benefits].filter(Boolean).join('\n\n'),
    identifier: { '@type': 'PropertyValue', name: SITE_NAME, value: String(post.id) },
    datePosted: post.published_at.slice(0, 10),
    ...(post.expires_at ? { validThrough: post.expires_at } : {}),
    employmentType: job.type.map((type) => EMPLOYMENT_TYPES[type as JobType] ?? 'OTHER'),
    // Applications are sent on this site (the Apply Now form).
    directApply: true,
    // A confidential employer is not named anywhere, including here (hiringOrganization is required: it says so).
    hiringOrganization: post.profile && !post.confidential
      ? { '@type': 'Organization', name: post.profile.name, sameAs: absoluteUrl(site, profileUrl(post.profile.slug)) }
      : { '@type': 'Organization', name: 'Confidential' },
    ...(location ? { jobLocation: { '@type': 'Place', address: postalAddress(location) } } : {}),
    // Remote work: done from home, by people who may work in Malaysia.
    ...(job.remote ? { jobLocationType: 'TELECOMMUTE', applicantLocationRequirements: { '@type': 'Country', name: 'Malaysia' } } : {}),
    // The salary is left out of a confidential post, as its page hides it.
    ...(amount !== null && !post.confidential ? {
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: CURRENCY_CODE,
        value: job.salary_min !== null && job.salary_max !== null
          ? { '@type': 'QuantitativeValue', minValue: job.salary_min, maxValue: job.salary_max, unitText }
          : { '@type': 'QuantitativeValue', value: amount, unitText },
      },
    } : {}),
    url: absoluteUrl(site, postUrl(post.type, post.slug)),
  };
}

function product(site: string, post: Post): JsonLd | undefined {
  const price = post.price_min ?? post.price_max;
  // Google's product snippets need an image and an offer with a price (or reviews): a negotiable item, a post
  // without a photo, and a want-to-buy post (nothing is offered) carry no Product.
  if (!post.buysell || post.buysell.type !== 'sell' || price === null || post.images.length === 0) return undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: post.title,
    description: plainDescription(post.buysell.description),
    image: post.images.map((item) => absoluteUrl(site, item.image.full)),
    ...(post.buysell.brand ? { brand: { '@type': 'Brand', name: post.buysell.brand } } : {}),
    offers: {
      '@type': 'Offer',
      price,
      priceCurrency: CURRENCY_CODE,
      availability: 'https://schema.org/InStock',
      itemCondition: post.buysell.condition === 'new' ? 'https://schema.org/NewCondition' : 'https://schema.org/UsedCondition',
      url: absoluteUrl(site, postUrl(post.type, post.slug)),
    },
    ...(aggregateRating(post.rating, post.rating_count) ? { aggregateRating: aggregateRating(post.rating, post.rating_count) } : {}),
  };
}

function service(site: string, post: Post): JsonLd | undefined {
  if (!post.service || !post.profile) return undefined;
  const location = post.locations[0];
  const price = post.price_min ?? post.price_max;
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: post.title,
    description: plainDescription(post.service.description),
    serviceType: post.categories[0]?.name,
    provider: {
      '@type': 'LocalBusiness',
      name: post.profile.name,
      url: absoluteUrl(site, profileUrl(post.profile.slug)),
      ...(location ? { address: postalAddress(location), ...(location.phone_number ? { telephone: location.phone_number } : {}) } : {}),
    },
    ...(location ? { areaServed: location.city_state } : {}),
    ...(price !== null ? { offers: { '@type': 'Offer', price, priceCurrency: CURRENCY_CODE } } : {}),
    ...(aggregateRating(post.rating, post.rating_count) ? { aggregateRating: aggregateRating(post.rating, post.rating_count) } : {}),
  };
}

/** A long text as plain words (Product and Service descriptions are text; JobPosting's may be HTML). */
const plainDescription = (value: string) => (isRichText(value) ? plainTextOf(value).replace(/\s+/g, ' ').trim() : value);

/** One entry per opening period with every day that has it (a week of 10:00-20:00 is one entry, not six). */
function openingHours(week: Profile['business_hours']) {
  const days = new Map<string, string[]>();
  for (const entry of week) for (const period of entry.time) days.set(period, [...(days.get(period) ?? []), DAY_NAMES[entry.day]!]);
  return [...days].map(([period, names]) => {
    const [opens, closes] = period.split('-');
    return { '@type': 'OpeningHoursSpecification', dayOfWeek: names.length === 1 ? names[0] : names, opens, closes };
  });
}

/** Dated exceptions: a closed day is 00:00–00:00, as schema.org's OpeningHoursSpecification says. */
function specialOpeningHours(days: Profile['special_hours']) {
  return days.flatMap((day) => (day.time.length === 0 ? [{ '@type': 'OpeningHoursSpecification', validFrom: day.date, validThrough: day.date, opens: '00:00', closes: '00:00' }]
    : day.time.map((period) => {
      const [opens, closes] = period.split('-');
      return { '@type': 'OpeningHoursSpecification', validFrom: day.date, validThrough: day.date, opens, closes };
    })));
}

/** What the business offers: payment methods as `paymentAccepted`, the rest as `amenityFeature`. */
function attributeData(keys: readonly string[]) {
  const known = keys.flatMap((key) => (key in PROFILE_ATTRIBUTES ? [PROFILE_ATTRIBUTES[key as ProfileAttribute]] : []));
  const payments = known.filter((attribute) => attribute.group === 'payment').map((attribute) => attribute.label);
  const amenities = known.filter((attribute) => attribute.group === 'amenity')
    .map((attribute) => ({ '@type': 'LocationFeatureSpecification', name: attribute.label, value: true }));
  return { ...(payments.length > 0 ? { paymentAccepted: payments.join(', ') } : {}), ...(amenities.length > 0 ? { amenityFeature: amenities } : {}) };
}

/** The JSON-LD blocks of a post detail page; an expired post is described by its breadcrumbs only (no offer, no JobPosting). */
export function postStructuredData(site: string, post: Post): JsonLd[] {
  const main = !post.live ? undefined : post.type === 'jobs' ? jobPosting(site, post)
    : post.type === 'buysell' ? product(site, post)
      : post.type === 'services' ? service(site, post) : undefined;
  return [...(main ? [main] : []), postBreadcrumbs(site, post)];
}

const DAY_NAMES: Record<string, string> = {
  Monday: 'https://schema.org/Monday', Tuesday: 'https://schema.org/Tuesday', Wednesday: 'https://schema.org/Wednesday',
  Thursday: 'https://schema.org/Thursday', Friday: 'https://schema.org/Friday', Saturday: 'https://schema.org/Saturday', Sunday: 'https://schema.org/Sunday',
};

/**
 * An approved SSM number (issue 45) where schema.org has properties for it: `identifier` as a PropertyValue with
 * propertyID "SSM", and `foundingDate`, the year the number names. Nothing for the phone or response badges.
 */
function ssmData(profile: Profile): JsonLd {
  if (!profile.badges.some((badge) => badge.key === 'ssm_registered') || !profile.company_no) return {};
  // The badge shows only while the company number is the approved one, already checked: any year reads here.
  const number = parseSsmNumber(profile.company_no, Number.MAX_SAFE_INTEGER);
  return number ? { identifier: { '@type': 'PropertyValue', propertyID: 'SSM', value: number.number }, foundingDate: String(number.year) } : {};
}

/** The JSON-LD blocks of a business profile page. */
export function profileStructuredData(site: string, profile: Profile): JsonLd[] {
  const location = profile.locations[0];
  const category = profile.categories[0];
  const blocks: JsonLd[] = [];
  if (location) {
    blocks.push({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      '@id': absoluteUrl(site, profileUrl(profile.slug)),
      name: profile.name,
      url: absoluteUrl(site, profileUrl(profile.slug)),
      address: postalAddress(location),
      geo: { '@type': 'GeoCoordinates', latitude: location.latitude, longitude: location.longitude },
      ...(location.company_phone_number || location.phone_number ? { telephone: location.company_phone_number ?? location.phone_number } : {}),
      ...(profile.logo ? { logo: absoluteUrl(site, profile.logo.full), image: absoluteUrl(site, (profile.image ?? profile.logo).full) } : {}),
      openingHoursSpecification: openingHours(profile.business_hours),
      ...(profile.special_hours.length > 0 ? { specialOpeningHoursSpecification: specialOpeningHours(profile.special_hours) } : {}),
      ...attributeData(profile.attributes),
      ...ssmData(profile),
      sameAs: [profile.url, profile.facebook, profile.instagram, profile.linkedin, profile.youtube, profile.twitter].filter(Boolean),
      ...(aggregateRating(profile.rating, profile.rating_count) ? { aggregateRating: aggregateRating(profile.rating, profile.rating_count) } : {}),
    });
  }
  blocks.push(breadcrumbList(site, [
    { name: m.search_root(), path: localHref('/') },
    ...(category?.parent ? [{ name: category.parent.name, path: searchUrl(category.type, category.parent.slug) }] : []),
    ...(category ? [{ name: category.name, path: categoryUrl(category) }] : []),
    { name: profile.name, path: profileUrl(profile.slug) },
  ]));
  return blocks;
}

/** JSON for a <script type="application/ld+json">, safe inside HTML. */
export function jsonLdScript(blocks: JsonLd[]): string {
  return JSON.stringify(blocks.length === 1 ? blocks[0] : blocks).replace(/</g, '\\u003c');
}

import { badgesOfProfile } from '../trust/badges.ts';
import { planLimits } from '../../shared/plans.ts';
import { CURRENCY_LABEL } from '../../shared/constants.ts';
import type { Post, PostCard } from '../../shared/schemas/catalog.ts';
import { ringgit } from '../../shared/money.ts';
import type { AttributeRow, LocationRow, MediaRow, PostRow } from '../db/rows.ts';
import type { CatalogContext } from './context.ts';
import { richTextHtml } from './html.ts';
import { groupByOwner, shownMedia, toCategoryRef, toConfidentialLocation, toDocument, toLocation, toMediaItem } from './mappers.ts';

/** Confidential jobs and hireme posts hide who is behind them. */
function isConfidential(row: PostRow): boolean {
  return row.job_confidential === true || row.hireme_confidential === true;
}

function attributeValues(rows: AttributeRow[] | undefined, name: string): string[] {
  return (rows ?? []).filter((row) => row.name === name).map((row) => row.value);
}

function locationsOf(row: PostRow, rows: LocationRow[]) {
  return rows.map(isConfidential(row) ? toConfidentialLocation : toLocation);
}

/** Cards for the given post ids, in that order; unknown ids are skipped. */
export async function getPostCards({ repos, media: urls }: CatalogContext, ids: readonly number[]): Promise<PostCard[]> {
  if (ids.length === 0) return [];
  const { catalog } = repos;
  const [rows, mediaRows, categoryRows, locationRows] = await Promise.all([
    catalog.findPostRows(ids), catalog.findPostMedia(ids, true), catalog.findPostCategories(ids), catalog.findPostLocations(ids),
  ]);
  const media = groupByOwner(mediaRows);
  const categories = groupByOwner(categoryRows);
  const locations = groupByOwner(locationRows);
  return rows.map((row) => toCard(urls, row, {
    media: media.get(row.id)?.[0],
    categories: categories.get(row.id) ?? [],
    locations: locations.get(row.id) ?? [],
  }));
}

function toCard(
  urls: CatalogContext['media'],
  row: PostRow,
  related: { media: MediaRow | undefined; categories: Parameters<typeof toCategoryRef>[0][]; locations: LocationRow[] },
): PostCard {
  const confidential = isConfidential(row);
  const locations = locationsOf(row, related.locations);
  const categories = related.categories.map(toCategoryRef);
  const parents = new Map(categories.flatMap((category) => (category.parent ? [[category.parent.slug, category.parent]] : [])));
  const media = related.media;
  return {
    variant: 'post',
    id: row.id,
    type: row.type,
    title: row.title,
    slug: row.slug,
    summary: row.summary,
    image: media ? urls.imageUrls(media) : null,
    video: null,
    mime_type: media?.mime_type ?? null,
    hyperlink: row.hyperlink,
    plan: row.plan,
    rating: row.rating,
    rating_count: row.rating_count,
    price_min: ringgit(row.price_min_sen),
    price_max: ringgit(row.price_max_sen),
    price_currency: row.price_currency,
    op: ringgit(row.op_sen),
    categories,
    parent_categories: [...parents.values()],
    city_state: locations[0]?.city_state ?? null,
    addresses: locations.flatMap((location) =>
      location.address_line1 === null ? [] : [[location.address_line1, location.address_line2, location.postcode, location.city_state].filter(Boolean).join(', ')]),
    coordinates: locations.map((location) => ({ lat: location.latitude, lon: location.longitude })),
    phone_numbers: locations.flatMap((location) => (location.phone_number ? [location.phone_number] : [])),
    confidential,
    buysell_type: row.buysell_type,
    profile: confidential ? null : {
      name: row.profile_name, slug: row.profile_slug,
      marks: [...(row.profile_ssm ? ['ssm_registered' as const] : []), ...(row.profile_phone ? ['phone_verified' as const] : [])],
    },
    followed: false,
    distance: null,
  };
}

/**
 * A live post with everything its detail page shows, or undefined when no live post has that slug (issue 39: an
 * expired, removed or hidden ad is off the public site; goneListing says which). Any other state is for its
 * advertiser's preview and the operators (`drafts: true`).
 */
export async function getPostBySlug(context: CatalogContext, slug: string, options: { drafts?: boolean } = {}): Promise<Post | undefined> {
  const id = await context.repos.catalog.findPostIdBySlug(slug);
  if (id === undefined) return undefined;
  return getPostById(context, id, options);
}

/** A post by id, as getPostBySlug gives it. */
/**
 * An ad with everything its detail page shows. `drafts` lets its advertiser see it in any state; `allMedia` gives
 * every photo, video and PDF it carries (its editor), where the public page shows as many as its plan allows.
 */
export async function getPostById({ repos, media: urls, clock }: CatalogContext, id: number, options: { drafts?: boolean; allMedia?: boolean } = {}): Promise<Post | undefined> {
  const { catalog } = repos;
  const [[row], media, categories, locationRows, attributes, documents] = await Promise.all([
    catalog.findPostRows([id]), catalog.findPostMedia([id]), catalog.findPostCategories([id]), catalog.findPostLocations([id]),
    catalog.findPostAttributes([id]), catalog.findPostDocuments([id]),
  ]);
  // Only a live ad is on the public site (its advertiser previews the others).
  if (!row || (!row.live && !options.drafts)) return undefined;
  const card = toCard(urls, row, { media: media[0], categories, locations: locationRows });
  const items = media.map((item, index) => toMediaItem(urls, item, index));
  const limits = planLimits(row.plan);
  const confidential = card.confidential;
  // The company block's badges (issue 45); a confidential post names no company, so shows none.
  const badges = confidential ? [] : await badgesOfProfile(repos, row.profile_slug, new Date(clock?.now() ?? Date.now()).getUTCFullYear());
  const money = { price_min: card.price_min, price_max: card.price_max, price_currency: row.price_currency };
  return {
    ...card,
    images: options.allMedia ? items : shownMedia(items, limits),
    documents: documents.slice(0, options.allMedia ? undefined : limits.pdfs).map((document) => toDocument(urls, document)),
    price: card.price_min,
    view_count: row.view_count,
    locations: locationsOf(row, locationRows),
    published_at: row.published_at,
    expires_at: row.expires_at,
    content_lang: row.content_lang,
    live: row.live,
    status: row.status,
    profile: confidential ? null : {
      id: row.profile_id,
      slug: row.profile_slug,
      name: row.profile_name,
      logo: urls.imageFromColumns(row, 'profile_logo_'),
      plan: row.profile_plan,
      claimed: row.profile_claimed,
      rating: row.profile_rating,
      rating_count: row.profile_rating_count,
      about: row.profile_about === null ? null : richTextHtml(row.profile_about),
      badges,
    },
    job: row.type !== 'jobs' || row.job_level === null ? null : {
      type: attributeValues(attributes, 'job_type'),
      qualification: attributeValues(attributes, 'job_qualification'),
      level: row.job_level,
      experience_years: row.job_experience_years ?? 0,
      requirements: row.job_requirements ?? '',
      responsibilities: row.job_responsibilities ?? '',
      benefits: row.job_benefits ?? '',
      company_confidential: row.job_confidential === true,
      resume_required: row.job_resume_required === true,
      salary_min: card.price_min,
      salary_max: card.price_max,
      salary_currency: row.price_currency,
      salary_type: row.job_salary_type ?? 'month',
      remote: attributeValues(attributes, 'job_location').includes('remote'),
    },
    hireme: row.type !== 'hireme' || row.hireme_expertise === null ? null : {
      language: attributeValues(attributes, 'hireme_language'),
      type: attributeValues(attributes, 'hireme_type'),
      expertise: row.hireme_expertise,
      vaccination: row.hireme_vaccination ?? '',
      skill: row.hireme_skill ?? '',
      experience: row.hireme_experience ?? '',
      education: row.hireme_education ?? '',
      company_confidential: row.hireme_confidential === true,
      expected_salary: card.price_min,
      rate: row.hireme_rate ?? 'month',
      price_currency: CURRENCY_LABEL,
    },
    service: row.type !== 'services' || row.service_description === null ? null : { description: row.service_description, ...money },
    buysell: row.type !== 'buysell' || row.buysell_type === null || row.buysell_condition === null ? null : {
      type: row.buysell_type,
      condition: row.buysell_condition,
      brand: row.buysell_brand,
      method: attributeValues(attributes, 'buysell_method'),
      qty: row.buysell_qty,
      description: row.buysell_description ?? '',
      ...money,
    },
  };
}

/** An ad that was on the site and is not now, as its old address says so: removed (for good) or expired (it may come back). */
export interface GoneListing {
  state: 'removed' | 'expired';
  id: number;
  type: Post['type'];
  title: string;
  /** Its category (the first), for links to similar listings. */
  category: Post['categories'][number] | null;
}

/** What became of the ad at this slug, when it is not live: removed or expired; undefined for anything else (a draft, a hidden ad, or no such ad). */
export async function goneListing({ repos }: CatalogContext, slug: string): Promise<GoneListing | undefined> {
  const id = await repos.catalog.findPostIdBySlug(slug);
  if (id === undefined) return undefined;
  const [[row], categories] = await Promise.all([repos.catalog.findPostRows([id]), repos.catalog.findPostCategories([id])]);
  if (!row || row.live) return undefined;
  const state = row.status === 'removed' ? 'removed' : row.status === 'expired' || row.status === 'active' ? 'expired' : undefined;
  if (!state) return undefined;
  return { state, id, type: row.type, title: row.title, category: categories[0] ? toCategoryRef(categories[0]) : null };
}

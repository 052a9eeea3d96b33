/**
 * An advertiser's ads of all four types (issue 25): drafts, preview, publishing, amendments, renewal and removal,
 * within the package rules of spec §9 as decision 0021 fills them. Costs are decided here and never charged
 * silently: a step that costs ringgit is invoiced (issue 27) and the answer says so. An ad waiting for payment stays
 * in draft (or expired) and goes live when its invoice is paid; a late amendment is applied and invoiced.
 */
import { queueInstantAlerts } from '../saved-searches/alerts.ts';
import { AD_RULES, ringgit } from '../../shared/plans.ts';
import { listingSlugBase } from '../../shared/slug.ts';
import type { NewPost, PostEdit } from '../../shared/schemas/advertiser.ts';
import type { AppContext } from '../app-types.ts';
import { getPostById } from '../catalog/posts.ts';
import type { OwnPostRow, PostContent, PostDetails } from '../db/rows.ts';
import { AppError, invalid, notFound } from '../errors.ts';
import type { Actor } from '../policies.ts';
import { issueInvoice } from '../billing/invoices.ts';
import { heldChecks, heldMessage } from '../moderation/checks.ts';
import { ownedPost, ownedProfile } from './access.ts';
import { categoryIds, checkLimits, documentIds, imageIds, videoIds } from './inputs.ts';
import { amendmentCost, businessPlan, publishCost, type BusinessPlan, type Cost } from './plans.ts';

const DAY_MS = 86_400_000;
const sen = (ringgitAmount: number | null) => (ringgitAmount === null ? null : Math.round(ringgitAmount * 100));
const iso = (ms: number) => new Date(ms).toISOString();

/** What a step costs in ringgit: the answer's `payment_required`, with the invoice that bills it. */
export interface PaymentRequired {
  amount_sen: number;
  total_sen: number;
  invoice_id: number;
  invoice_number: string;
  message: string;
}

/** The ad as the advertiser's API answers it: the public detail shape plus what it cost and where it stands. */
export async function postForAdvertiser(app: AppContext, row: OwnPostRow) {
  const [post, keywords] = await Promise.all([getPostById(app, row.id, { drafts: true }), app.repos.advertiser.findPostKeywords([row.id])]);
  return {
    ...post!,
    id: row.id,
    status: row.status,
    live: row.live,
    slug: row.slug,
    profile_id: row.profile_id,
    expires_at: row.expires_at,
    published_at: row.status === 'draft' ? null : row.published_at,
    tokens_spent: row.tokens_spent,
    amount_sen: row.amount_sen,
    // Held for an operator's review (issue 28): a draft with the reason `held` and the checks that flagged it.
    draft_reason: row.status === 'draft' && row.held_reason !== null ? (row.held_reason === 'refused' ? 'refused' as const : 'held' as const) : null,
    held_checks: row.status === 'draft' && row.held_reason !== null && row.held_reason !== 'refused' ? row.held_reason.split(',') : [],
    keywords: keywords.map((keyword) => keyword.keyword),
    categories_slugs: post?.categories.map((category) => category.slug) ?? [],
  };
}

/**
 * A hireme ad's place: the town the person names becomes their personal profile's one location (town and state,
 * no address), so the ad is found there; undefined when they name none.
 */
async function hiremePlace(app: AppContext, input: PostEdit) {
  if (input.type !== 'hireme' || !input.hireme.city || !input.hireme.state) return undefined;
  const town = await app.repos.advertiser.findTown(input.hireme.city, input.hireme.state);
  if (!town) throw invalid('hireme', `There is no town '${input.hireme.city}' in ${input.hireme.state}.`);
  return { name: input.hireme.city, town };
}

/** Makes `place` the personal profile's one location (inside the ad's transaction); returns its id. */
async function placePersonalProfile(tx: AppContext['repos'], profileId: number, place: NonNullable<Awaited<ReturnType<typeof hiremePlace>>>, userId: number): Promise<number> {
  const [current] = await tx.catalog.findProfileLocations(profileId);
  await tx.advertiser.saveProfile(profileId, {
    fields: {},
    locations: [{
      ...(current ? { id: current.id } : {}), name: place.name, address_line1: place.name, address_line2: null, city_id: place.town.city_id,
      state_id: place.town.state_id, postcode: '', phone_number: null, company_phone_number: null, fax_number: null, email: null,
      latitude: place.town.latitude, longitude: place.town.longitude,
    }],
    history: [{ userId, field: 'locations', oldValue: JSON.stringify(current?.city_name ?? null), newValue: JSON.stringify(place.name), review: 'none' }],
  });
  return (await tx.catalog.findProfileLocations(profileId))[0]!.id;
}

/** The business an ad belongs to: the one named (owned by the advertiser), or for hireme the account's personal profile. */
async function postingProfile(app: AppContext, actor: Actor, input: NewPost): Promise<{ profileId: number | null; businessId: number | null }> {
  if (input.type !== 'hireme') {
    const profile = await ownedProfile(app, actor, input.profile_id).catch(() => {
      throw invalid('profile_id', 'Choose one of your businesses.');
    });
    if (profile.kind !== 'business') throw invalid('profile_id', 'Choose one of your businesses.');
    return { profileId: profile.id, businessId: profile.id };
  }
  return { profileId: (await app.repos.advertiser.findPersonalProfileId(actor.id)) ?? null, businessId: null };
}

function detailsOf(input: PostEdit): { details: PostDetails; priceMin: number | null; priceMax: number | null; op: number | null; attributes: { name: string; value: string }[]; expiresAt: string | null } {
  switch (input.type) {
    case 'jobs': {
      const job = input.job;
      if (job.salary_min !== null && job.salary_max !== null && job.salary_max < job.salary_min) throw invalid('job', 'The maximum salary is below the minimum.');
      return {
        details: {
          kind: 'jobs', level: job.level, requirements: job.requirements, responsibilities: job.responsibilities, benefits: job.benefits,
          company_confidential: job.company_confidential, resume_required: job.document_resume_cv, salary_type: job.salary_type,
        },
        priceMin: job.salary_min, priceMax: job.salary_max, op: null, expiresAt: job.expires_at ? iso(Date.parse(job.expires_at)) : null,
        attributes: [...job.type.map((value) => ({ name: 'job_type', value })), ...job.qualification.map((value) => ({ name: 'job_qualification', value })),
          ...(job.remote ? [{ name: 'job_location', value: 'remote' }] : [])],
      };
    }
    case 'hireme': {
      const hireme = input.hireme;
      return {
        details: {
          kind: 'hireme', expertise: hireme.expertise, rate: hireme.rate, vaccination: hireme.vaccination, skill: hireme.skill,
          experience: hireme.experience, education: hireme.education, company_confidential: hireme.company_confidential,
        },
        priceMin: hireme.expected_salary, priceMax: null, op: null, expiresAt: null,
        attributes: [...hireme.type.map((value) => ({ name: 'hireme_type', value })), ...hireme.language.map((value) => ({ name: 'hireme_language', value }))],
      };
    }
    case 'services': {
      const service = input.service;
      if (service.price_min !== null && service.price_max !== null && service.price_max < service.price_min) throw invalid('service', 'The maximum price is below the minimum.');
      return { details: { kind: 'services', description: service.description }, priceMin: service.price_min, priceMax: service.price_max, op: null, expiresAt: null, attributes: [] };
    }
    case 'buysell': {
      const buysell = input.buysell;
      return {
        details: { kind: 'buysell', deal_type: buysell.type, condition: buysell.condition, brand: buysell.brand, qty: buysell.qty, description: buysell.description },
        priceMin: buysell.price_min, priceMax: null, op: buysell.op, expiresAt: null,
        attributes: buysell.method.map((value) => ({ name: 'buysell_method', value })),
      };
    }
  }
}

/** The stored content of a form, checked against the plan; the fresh uploads it uses, to mark attached. */
async function contentOf(app: AppContext, actor: Actor, input: PostEdit, profileId: number | null, plan: BusinessPlan, postId: number | null) {
  const { details, priceMin, priceMax, op, attributes, expiresAt } = detailsOf(input);
  const categories = await categoryIds(app, input.categories, input.type);
  const listing = postId === null ? null : { kind: 'post' as const, id: postId };
  const images = await imageIds(app, actor, listing, input.images);
  const documents = await documentIds(app, actor, listing, input.documents);
  const videos = await videoIds(app, actor, listing, input.videos);
  checkLimits(plan.limits, plan.plan, {
    categories: categories.length, keywords: input.keywords.length, images: images.ids.length, documents: documents.ids.length, videos: videos.ids.length,
  });
  const places = profileId === null ? [] : await app.repos.catalog.findProfileLocations(profileId);
  const known = new Set(places.map((place) => place.id));
  if (input.locations.some((id) => !known.has(id))) throw invalid('locations', 'Choose the locations of this business.');
  const locationIds = input.locations.length > 0 ? input.locations : places.slice(0, 1).map((place) => place.id);
  const now = app.clock.now();
  if (expiresAt !== null && (Date.parse(expiresAt) <= now || Date.parse(expiresAt) > now + AD_RULES.adDays * DAY_MS)) {
    throw invalid('job', `The expiry must be within the next ${AD_RULES.adDays} days.`);
  }
  const content: PostContent = {
    title: input.title, summary: input.summary, priceMinSen: sen(priceMin), priceMaxSen: sen(priceMax), opSen: sen(op), expiresAt,
    categoryIds: categories.map((category) => category.id), locationIds, attributes, keywords: input.keywords,
    // Photos first, then videos (the media viewer opens on the first).
    mediaIds: [...images.ids, ...videos.ids], documentIds: documents.ids, details,
  };
  return { content, freshImages: [...images.fresh, ...videos.fresh], freshDocuments: documents.fresh };
}

/** An ad an operator hid stays as it is until they show it again (issue 28). */
const hiddenAd = () => invalid('status', 'This ad is hidden by our moderators. Reply to their mail to appeal.');

/** Refuses publishing an ad that lacks what every live ad needs (hireme needs no place). */
function checkPublishable(post: OwnPostRow, content: { locationIds: number[] } | null, locations: number): void {
  if (post.type !== 'hireme' && (content ? content.locationIds.length : locations) === 0) {
    throw invalid('locations', 'Add a location to the business first: an ad needs one place.');
  }
}

/**
 * A step that costs ringgit: its invoice (the open one when the ad has one for the same step already), issued to the
 * business (or the person, for a hireme ad) and mailed.
 */
async function charge(app: AppContext, actor: Actor, post: OwnPostRow, cost: Extract<Cost, { kind: 'money' }>, purpose: 'ad' | 'amendment', what: string): Promise<PaymentRequired> {
  const open = purpose === 'ad' ? await app.repos.invoices.findOpenInvoiceFor(post.id, 'ad') : undefined;
  const invoice = open !== undefined ? (await app.repos.invoices.findInvoice(open))! : await app.repos.transaction(async (tx) => {
    const profile = (await tx.advertiser.findProfile(post.profile_id))!;
    return issueInvoice(app, tx, { userId: actor.id, profileId: profile.kind === 'business' ? profile.id : null, name: profile.name, companyNo: profile.company_no }, [{
      description: `${purpose === 'ad' ? 'Ad' : 'Amendment of the ad'} "${post.title}" (${post.type}, PAY-PER-POST)`, quantity: 1, unit_sen: cost.amountSen, purpose, post_id: post.id,
    }]);
  });
  const after = purpose === 'ad' ? 'The ad goes live as soon as it is paid.' : 'The amendment is live; please pay by the due date.';
  return {
    amount_sen: cost.amountSen, total_sen: invoice.total_sen, invoice_id: invoice.id, invoice_number: invoice.number,
    message: `${what} costs ${ringgit(cost.amountSen)} plus SST: invoice ${invoice.number} for ${ringgit(invoice.total_sen)} is issued. ${after}`,
  };
}

/** When an ad going live (or renewed) now expires: 30 days on, a draft job's first time at most its own closing date. */
function expiryOf(post: OwnPostRow, now: number, renewal: boolean): string {
  const ownExpiry = post.type === 'jobs' && !renewal && post.expires_at && Date.parse(post.expires_at) > now ? Date.parse(post.expires_at) : Number.POSITIVE_INFINITY;
  return iso(Math.min(now + AD_RULES.adDays * DAY_MS, ownExpiry));
}

/** What going live answered: nothing (live), the invoice to pay, or the checks that hold it for an operator. */
export interface LiveOutcome {
  payment?: PaymentRequired;
  held?: { checks: string[]; message: string };
}

/**
 * Publishes (or renews) an ad if it costs nothing or a token; else invoices it, and it goes live once paid. A first
 * publish passes the automatic checks first (issue 28): a flagged ad stays a draft, held for an operator, and costs
 * nothing yet; an operator's approval publishes it with `checked`.
 */
export async function goLive(app: AppContext, actor: Actor, post: OwnPostRow, plan: BusinessPlan, renewal: boolean, checked = false): Promise<LiveOutcome> {
  if (!renewal && !checked) {
    const checks = await heldChecks(app, post, actor.id);
    if (checks.length > 0) {
      await app.repos.advertiser.setHeld(post.id, checks.join(','));
      return { held: { checks, message: heldMessage(checks) } };
    }
  }
  const cost = await publishCost(app, plan, actor.id, renewal);
  if (cost.kind === 'money') return { payment: await charge(app, actor, post, cost, 'ad', renewal ? 'Renewing this ad' : 'Publishing this ad') };
  const now = app.clock.now();
  await app.repos.transaction(async (tx) => {
    if (cost.kind === 'tokens' && !(await tx.advertiser.spendTokens(cost.subscriptionId, cost.tokens))) throw invalid('plan', 'The plan has no tokens left.');
    if (post.held_reason !== null) await tx.advertiser.setHeld(post.id, null);
    await tx.advertiser.changePostState(post.id, {
      status: 'active', publishedAt: iso(now), expiresAt: expiryOf(post, now, renewal), ...(post.first_live_at === null ? { firstLiveAt: iso(now) } : {}),
      plan: plan.plan, tokens: cost.kind === 'tokens' ? cost.tokens : 0,
    });
    if (post.first_live_at === null) await queueInstantAlerts(app, tx);
  });
  return {};
}

/**
 * The invoice billing an ad is paid (inside its transaction): a draft or expired ad goes live for 30 days (a live
 * one in its last week, renewed, for 30 days from now). A removed ad stays removed.
 */
export async function publishPaidAd(app: AppContext, tx: AppContext['repos'], postId: number): Promise<void> {
  const post = await tx.advertiser.findOwnPost(postId);
  if (!post || post.status === 'removed') return;
  const now = app.clock.now();
  const renewal = post.first_live_at !== null;
  await tx.advertiser.changePostState(post.id, {
    status: 'active', expiresAt: expiryOf(post, now, renewal), amountSen: AD_RULES.perPostSen,
    ...(post.live ? {} : { publishedAt: iso(now) }), ...(post.first_live_at === null ? { firstLiveAt: iso(now) } : {}),
  });
  if (post.first_live_at === null) await queueInstantAlerts(app, tx);
}

export async function listPosts(app: AppContext, actor: Actor) {
  const rows = await app.repos.advertiser.findOwnPosts(actor.id, 500);
  return rows.map((row) => ({
    id: row.id, type: row.type, title: row.title, slug: row.slug, status: row.status, live: row.live, profile_id: row.profile_id,
    profile_name: row.profile_name, plan: row.plan, published_at: row.status === 'draft' ? null : row.published_at, expires_at: row.expires_at,
    tokens_spent: row.tokens_spent, amount_sen: row.amount_sen, updated_at: row.updated_at,
  }));
}

export async function getPost(app: AppContext, actor: Actor, id: number) {
  return postForAdvertiser(app, await ownedPost(app, actor, id));
}

/** POST posts: saved as a draft, and published at once when asked and it costs nothing or a token. */
export async function createPost(app: AppContext, actor: Actor, input: NewPost, publish: boolean) {
  const posting = await postingProfile(app, actor, input);
  const { businessId } = posting;
  let { profileId } = posting;
  const plan = await businessPlan(app, businessId);
  const checked = await contentOf(app, actor, input, profileId, plan, null);
  const place = await hiremePlace(app, input);
  const base = listingSlugBase(input.title);
  const slug = base === undefined ? (id: number) => `${input.type}-${id}` : await app.repos.advertiser.freeSlug('posts', base);
  const created = await app.repos.transaction(async (tx) => {
    if (profileId === null) {
      // A person's first hireme ad: their personal profile, named after them.
      const user = (await tx.users.findUser(actor.id))!;
      const personal = listingSlugBase(user.name);
      profileId = (await tx.advertiser.createProfile({
        kind: 'individual', name: user.name, ownerUserId: actor.id,
        slug: personal === undefined ? (id: number) => `individual-${id}` : await tx.advertiser.freeSlug('profiles', personal),
      })).id;
    }
    const content = place ? { ...checked.content, locationIds: [await placePersonalProfile(tx, profileId, place, actor.id)] } : checked.content;
    const made = await tx.advertiser.createPost({ type: input.type, profileId, ownerUserId: actor.id, plan: plan.plan, slug, content });
    if (checked.freshImages.length > 0) await tx.uploads.attachImages(checked.freshImages);
    for (const id of checked.freshDocuments) await tx.uploads.attachDocument(id);
    return made;
  });
  let post = (await app.repos.advertiser.findOwnPost(created.id))!;
  let outcome: LiveOutcome = {};
  if (publish) {
    checkPublishable(post, checked.content, 0);
    outcome = await goLive(app, actor, post, plan, false);
    post = (await app.repos.advertiser.findOwnPost(created.id))!;
  }
  return { post: await postForAdvertiser(app, post), ...outcome };
}

/** PATCH posts/{id}: drafts and ads not live change freely; a live ad's amendment is free for a day, then costs (spec §9). */
export async function editPost(app: AppContext, actor: Actor, id: number, input: PostEdit) {
  const post = await ownedPost(app, actor, id);
  if (post.type !== input.type) throw invalid('type', 'An ad keeps its type.');
  if (post.status === 'removed') throw invalid('status', 'A removed ad cannot be changed.');
  if (post.status === 'hidden') throw hiddenAd();
  const plan = await businessPlan(app, post.type === 'hireme' ? null : post.profile_id);
  const checked = await contentOf(app, actor, input, post.profile_id, plan, post.id);
  const place = await hiremePlace(app, input);
  const cost: Cost = post.live ? amendmentCost(plan, post.published_at, app.clock.now()) : { kind: 'free' };
  const before = await postForAdvertiser(app, post);
  await app.repos.transaction(async (tx) => {
    if (cost.kind === 'tokens') {
      if (!(await tx.advertiser.spendTokens(cost.subscriptionId, cost.tokens))) throw invalid('plan', 'The plan has no tokens left.');
      await tx.advertiser.changePostState(post.id, { status: post.status, tokens: cost.tokens });
    }
    const content = place ? { ...checked.content, locationIds: [await placePersonalProfile(tx, post.profile_id, place, actor.id)] } : checked.content;
    await tx.advertiser.updatePost(post.id, post.type, content);
    if (checked.freshImages.length > 0) await tx.uploads.attachImages(checked.freshImages);
    for (const documentId of checked.freshDocuments) await tx.uploads.attachDocument(documentId);
  });
  // A PAY-PER-POST amendment after its free day is applied, and invoiced.
  const payment = cost.kind === 'money' ? await charge(app, actor, post, cost, 'amendment', 'Amending this ad after its first day') : undefined;
  const after = await postForAdvertiser(app, (await app.repos.advertiser.findOwnPost(id))!);
  // The ad's history (issue 28): every field the edit changed, as the advertiser's view shows it.
  await app.repos.advertiser.insertPostChanges(id, actor.id, changedFields(before, after));
  return { post: after, payment };
}

/** Fields an edit does not change (counters, dates, state) are not part of an ad's history. */
const NOT_EDITED = new Set(['updated_at', 'published_at', 'expires_at', 'view_count', 'rating', 'rating_count', 'reviews', 'status', 'live', 'tokens_spent', 'amount_sen',
  'related_posts', 'profile', 'plan', 'draft_reason', 'held_checks', 'created_at']);

/** The fields whose value differs between two views of an ad, old and new as JSON. */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  return Object.keys(after).filter((field) => !NOT_EDITED.has(field) && JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null))
    .map((field) => ({ field, oldValue: JSON.stringify(before[field] ?? null), newValue: JSON.stringify(after[field] ?? null) }));
}

/** POST posts/{id}/publish: a draft goes live (an expired one is renewed instead). */
export async function publishPost(app: AppContext, actor: Actor, id: number) {
  const post = await ownedPost(app, actor, id);
  if (post.status === 'hidden') throw hiddenAd();
  if (post.status !== 'draft') throw invalid('status', post.live ? 'This ad is live already.' : 'Renew this ad instead.');
  const locations = (await app.repos.catalog.findPostLocations([post.id])).length;
  checkPublishable(post, null, locations);
  const plan = await businessPlan(app, post.type === 'hireme' ? null : post.profile_id);
  const outcome = await goLive(app, actor, post, plan, false);
  return { post: await postForAdvertiser(app, (await app.repos.advertiser.findOwnPost(id))!), ...outcome };
}

/** POST posts/{id}/renew: an expired ad (or a live one in its last week) lives another 30 days, at an ad's price. */
export async function renewPost(app: AppContext, actor: Actor, id: number) {
  const post = await ownedPost(app, actor, id);
  if (post.status === 'hidden') throw hiddenAd();
  const now = app.clock.now();
  const expired = post.status === 'expired' || (post.status === 'active' && !post.live);
  const lastWeek = post.live && post.expires_at !== null && Date.parse(post.expires_at) - now <= 7 * DAY_MS;
  if (!expired && !lastWeek) throw invalid('status', post.status === 'draft' ? 'Publish this ad instead.' : 'Only an expired ad, or one in its last week, can be renewed.');
  const plan = await businessPlan(app, post.type === 'hireme' ? null : post.profile_id);
  const outcome = await goLive(app, actor, post, plan, true);
  return { post: await postForAdvertiser(app, (await app.repos.advertiser.findOwnPost(id))!), ...outcome };
}

/** DELETE posts/{id}: the ad leaves the site at once (its page says it was removed; its history stays). */
export async function removePost(app: AppContext, actor: Actor, id: number) {
  const post = await ownedPost(app, actor, id);
  if (post.status === 'removed') throw notFound('No such ad.');
  await app.repos.advertiser.changePostState(post.id, { status: 'removed' });
  return postForAdvertiser(app, (await app.repos.advertiser.findOwnPost(id))!);
}

/** The preview of an ad's detail page (drafts included), for its advertiser only. */
export async function previewPost(app: AppContext, actor: Actor, id: number) {
  const post = await ownedPost(app, actor, id);
  const detail = await getPostById(app, post.id, { drafts: true });
  if (!detail) throw new AppError(404, 'No such ad.');
  return detail;
}

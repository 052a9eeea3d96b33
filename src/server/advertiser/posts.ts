/**
 * An advertiser's ads of all four types (issue 25; issue 39): the advertiser site's side of them. It checks the form
 * against the plan's limits (spec §9, decision 0021), loads the actor and calls the listings core (listings/), which
 * runs each step in one transaction: a draft, an amendment, publishing and renewing (quoted first: nothing that costs
 * is done without a confirmation), and removal. It also answers the ad as the advertiser sees it, with its state.
 */
import { z } from 'zod';
import { listingSlugBase } from './listing-slug.ts';
import { PostEditSchema, type NewPost, type PostEdit } from '../../shared/schemas/advertiser.ts';
import type { AppContext } from '../app-types.ts';
import { getPostById } from '../catalog/posts.ts';
import type { Repositories } from '../db/repositories.ts';
import type { OwnPostRow } from '../db/rows.ts';
import { AppError, invalid, parseInput } from '../errors.ts';
import {
  amend, businessPlan, createDraft, planOfPost, publish, publishQuote, removeOwn, renew, renewable, stateOf, type FieldChange,
  type ListingState,
} from '../listings/index.ts';
import type { Actor } from '../policies.ts';
import { ownedPost, ownedProfile } from './access.ts';
import { contentOf, hiremePlace, placePersonalProfile } from './post-content.ts';
import { patchObject, staleVersion } from './versions.ts';
import { adBody } from '../../shared/ad-body.ts';
import { applyMergePatch } from '../../shared/merge-patch.ts';
import { say } from '../../shared/said.ts';

/** Where an ad stands as its dashboard says it, with the invoice it waits on and why Yellow Pages hid or refused it. */
async function standingOf(repos: Repositories, row: OwnPostRow) {
  const open = await repos.invoices.findAwaitingPayment([row.id]);
  const invoice = open.get(row.id) ?? null;
  const state: ListingState = stateOf(row, invoice !== null);
  return { state, invoice, moderation_reason: state === 'hidden' || state === 'refused' || state === 'removed' ? row.moderation_reason : null };
}

/** The ad as the advertiser's API answers it: the public detail shape plus what it cost and where it stands. */
async function postForAdvertiser(app: AppContext, row: OwnPostRow, repos: Repositories = app.repos) {
  const [post, keywords, standing, places] = await Promise.all([
    getPostById({ repos, media: app.media }, row.id, { drafts: true, allMedia: true }), repos.listings.findPostKeywords([row.id]), standingOf(repos, row),
    repos.catalog.findPostLocations([row.id]),
  ]);
  return {
    ...post!,
    id: row.id,
    status: row.status,
    live: row.live,
    /** The version read: sent back as If-Match with the next PATCH (issue 40). */
    version: row.version,
    ...standing,
    slug: row.slug,
    profile_id: row.profile_id,
    expires_at: row.expires_at,
    published_at: row.status === 'draft' ? null : row.published_at,
    tokens_spent: row.tokens_spent,
    amount_sen: row.amount_sen,
    // Held for an operator's review (issue 28): a draft with the reason `held` and the checks that flagged it.
    draft_reason: row.status === 'draft' && row.held_reason !== null ? (row.held_reason === 'refused' ? 'refused' as const : 'held' as const) : null,
    // A live ad the checks held back (issue 64) is hidden with them.
    held_checks: (row.status === 'draft' || row.status === 'hidden') && row.held_reason !== null && row.held_reason !== 'refused' ? row.held_reason.split(',') : [],
    keywords: keywords.map((keyword) => keyword.keyword),
    categories_slugs: post?.categories.map((category) => category.slug) ?? [],
    /** The business's locations it names (its branch first): the editor's Location. */
    location_ids: places.map((place) => Number(place.id)),
  };
}

const NeighboursQuerySchema = z.object({
  type: z.enum(['jobs', 'hireme'], { error: say('form_only_jobs_hireme_ads_confidential') }),
  profile_id: z.coerce.number().int().positive().optional(),
  location_id: z.coerce.number().int().positive().optional(),
  post_id: z.coerce.number().int().positive().optional(),
});

/**
 * GET posts/neighbours?type=&profile_id=&location_id=&post_id=: the owner's other live, public posts at the place a
 * confidential ad would stand (a job's business location; a hireme ad's town), which show that place's address and
 * pin with the name beside them (probe finding 20). The editor names them when the ad is marked confidential.
 */
export async function confidentialNeighbours(app: AppContext, actor: Actor, query: unknown) {
  const request = parseInput(NeighboursQuerySchema, query);
  const profileId = request.type === 'hireme' ? (await app.repos.advertiser.findPersonalProfileId(actor.id)) ?? null
    : request.profile_id === undefined ? null : (await ownedProfile(app, actor, request.profile_id)).id;
  if (profileId === null) return [];
  const posts = await app.repos.advertiser.findOpenPostsAt(profileId, request.type === 'hireme' ? null : request.location_id ?? null, request.post_id ?? null);
  return posts.map((post) => ({ id: post.id, title: post.title, url: `/${post.type}/${post.slug}` }));
}

/** The business an ad belongs to: the one named (owned by the advertiser), or for hireme the account's personal profile. */
async function postingProfile(app: AppContext, actor: Actor, input: NewPost): Promise<{ profileId: number | null; businessId: number | null }> {
  if (input.type !== 'hireme') {
    const profile = await ownedProfile(app, actor, input.profile_id).catch(() => {
      throw invalid('profile_id', 'choose_one_businesses');
    });
    if (profile.kind !== 'business') throw invalid('profile_id', 'choose_one_businesses');
    return { profileId: profile.id, businessId: profile.id };
  }
  return { profileId: (await app.repos.advertiser.findPersonalProfileId(actor.id)) ?? null, businessId: null };
}

export async function listPosts(app: AppContext, actor: Actor) {
  const rows = await app.repos.listings.findOwnPosts(actor.id, 500);
  const open = await app.repos.invoices.findAwaitingPayment(rows.map((row) => row.id));
  return rows.map((row) => {
    const invoice = open.get(row.id) ?? null;
    const state = stateOf(row, invoice !== null);
    return {
      id: row.id, type: row.type, title: row.title, slug: row.slug, status: row.status, live: row.live, state, invoice,
      moderation_reason: state === 'hidden' || state === 'refused' || state === 'removed' ? row.moderation_reason : null,
      profile_id: row.profile_id, profile_name: row.profile_name, plan: row.plan, published_at: row.status === 'draft' ? null : row.published_at, expires_at: row.expires_at,
      renewable: state !== 'awaiting_payment' && renewable(row, app.clock.now()),
      tokens_spent: row.tokens_spent, amount_sen: row.amount_sen, updated_at: row.updated_at,
    };
  });
}

export async function getPost(app: AppContext, actor: Actor, id: number) {
  return postForAdvertiser(app, await ownedPost(app, actor, id));
}

/** What publishing asked: `confirm` when the step costs (a token, or ringgit). */
export interface PublishRequest {
  confirm: boolean;
}

/**
 * POST posts: saved as a draft, and published at once when asked. A publish that costs and is not confirmed leaves
 * the draft saved and answers its quote (`quote`), so the editor can ask before anything is charged.
 */
export async function createPost(app: AppContext, actor: Actor, input: NewPost, publishing: PublishRequest | null) {
  const posting = await postingProfile(app, actor, input);
  const { businessId } = posting;
  let { profileId } = posting;
  const plan = await businessPlan(app.repos, businessId);
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
    return createDraft(app.listings, actor, { type: input.type, profileId, plan: plan.plan, slug, content, fresh: checked.fresh }, tx);
  });
  if (publishing) {
    try {
      const outcome = await publish(app.listings, actor, created.id, publishing);
      return { post: await postForAdvertiser(app, (await app.repos.listings.findPost(created.id))!), ...outcome };
    } catch (error) {
      // Saved, not published: the quote asks first.
      if (error instanceof AppError && error.status === 409 && 'quote' in error.extra) {
        const post = await postForAdvertiser(app, (await app.repos.listings.findPost(created.id))!);
        return { post, quote: error.extra.quote as Awaited<ReturnType<typeof publishQuote>> };
      }
      throw error;
    }
  }
  return { post: await postForAdvertiser(app, (await app.repos.listings.findPost(created.id))!) };
}

/** The whole edit a JSON Merge Patch makes of the ad as it is (issue 40): checked by the same schema as a new ad's. */
function mergedAdEdit(current: Record<string, unknown>, body: unknown): PostEdit {
  const patch = patchObject(body);
  if ('type' in patch && patch.type !== current.type) throw invalid('type', 'ad_keeps_type');
  return parseInput(PostEditSchema, applyMergePatch(current, patch));
}

/** A stale version: 409 with the ad as it is now (and its ETag), nothing changed. */
async function staleAd(app: AppContext, id: number): Promise<AppError> {
  return staleVersion('ad', await postForAdvertiser(app, (await app.repos.listings.findPost(id))!));
}

/**
 * PATCH posts/{id}: a JSON Merge Patch over the ad as it is (issue 40); drafts and ads not live change freely, a live
 * ad's amendment is free for a day, then costs (spec §9). With `version` (the If-Match its editor read), a save made
 * after another one answers 409 and changes nothing: a compare-and-set in the save's transaction.
 */
export async function editPost(app: AppContext, actor: Actor, id: number, body: unknown, version?: number) {
  const post = await ownedPost(app, actor, id);
  if (version !== undefined && version !== post.version) throw await staleAd(app, id);
  const current: Record<string, unknown> = adBody(await postForAdvertiser(app, post), (await app.repos.catalog.findPostLocations([id])).map((location) => location.id));
  const before = parseInput(PostEditSchema, current);
  const input = mergedAdEdit(current, body);
  // The listings core refuses a removed or hidden ad (409) before anything is written.
  const plan = await planOfPost(app.repos, post);
  const checked = await contentOf(app, actor, input, post.profile_id, plan, post.id, before);
  // A hireme ad's town moves its personal profile's place only when the edit changes it.
  const samePlace = input.type === 'hireme' && before.type === 'hireme' && input.hireme.city === before.hireme.city && input.hireme.state === before.hireme.state;
  const place = samePlace ? undefined : await hiremePlace(app, input);
  const view = (repos: Repositories) => async () => postForAdvertiser(app, (await repos.listings.findPost(id))!, repos);
  const outcome = await app.repos.transaction(async (tx) => {
    if (version !== undefined && !(await tx.advertiser.advanceVersion('posts', id, version))) return null;
    const content = place ? { ...checked.content, locationIds: [await placePersonalProfile(tx, post.profile_id, place, actor.id)] } : checked.content;
    return amend(app.listings, actor, id, {
      type: input.type, content, fresh: checked.fresh,
      // The ad's history (issue 28): every field the edit changed, as the advertiser's view shows it.
      history: async (repos, write) => {
        const before = await view(repos)();
        await write();
        return changedFields(before, await view(repos)());
      },
    }, tx);
  });
  if (outcome === null) throw await staleAd(app, id);
  return { post: await postForAdvertiser(app, (await app.repos.listings.findPost(id))!), payment: outcome.payment };
}

/** Fields an edit does not change (counters, dates, state) are not part of an ad's history. */
const NOT_EDITED = new Set(['updated_at', 'version', 'published_at', 'expires_at', 'view_count', 'rating', 'rating_count', 'reviews', 'status', 'live', 'tokens_spent', 'amount_sen',
  'related_posts', 'profile', 'plan', 'draft_reason', 'held_checks', 'created_at']);

/** The fields whose value differs between two views of an ad, old and new as JSON. */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  return Object.keys(after).filter((field) => !NOT_EDITED.has(field) && JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null))
    .map((field) => ({ field, oldValue: JSON.stringify(before[field] ?? null), newValue: JSON.stringify(after[field] ?? null) }));
}

/** GET posts/{id}/publish-quote: what publishing (or, for an expired ad, renewing) costs now. */
export async function quotePost(app: AppContext, actor: Actor, id: number) {
  return publishQuote(app.listings, actor, id);
}

/** POST posts/{id}/publish {confirm}: a draft goes live (a cost needs `confirm`, else a 409 with the quote). */
export async function publishPost(app: AppContext, actor: Actor, id: number, request: PublishRequest) {
  const outcome = await publish(app.listings, actor, id, request);
  return { post: await postForAdvertiser(app, (await app.repos.listings.findPost(id))!), ...outcome };
}

/** POST posts/{id}/renew {confirm}: an expired ad (or a live one in its last week) lives another 30 days. */
export async function renewPost(app: AppContext, actor: Actor, id: number, request: PublishRequest) {
  const outcome = await renew(app.listings, actor, id, request);
  return { post: await postForAdvertiser(app, (await app.repos.listings.findPost(id))!), ...outcome };
}

/** DELETE posts/{id}: the ad leaves the site at once (its old address answers 410; its history stays). */
export async function removePost(app: AppContext, actor: Actor, id: number) {
  await removeOwn(app.listings, actor, id);
  return postForAdvertiser(app, (await app.repos.listings.findPost(id))!);
}


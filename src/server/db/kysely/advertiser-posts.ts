/**
 * Ads as their advertisers write them (migration 0018): a draft with its details, categories, places, keywords and
 * media; publishing, renewing and removing; and the advertiser's own list. The caller reindexes the posts a write
 * returns, in the same transaction.
 */
import { sql } from 'kysely';
import type { ListingType } from '../../../shared/constants.ts';
import type { OwnPostRow, PostContent, PostStateChange } from '../rows.ts';
import { count, flag, livePost, stored, type QueryDb } from './query.ts';

/** Writes a post's parts: its details row, categories, places, attributes, keywords, media and documents (replacing any). */
async function writeParts(db: QueryDb, id: number, type: ListingType, content: PostContent): Promise<void> {
  for (const table of ['post_categories', 'post_locations', 'post_attributes', 'post_keywords', 'post_media', 'post_documents'] as const) {
    await db.deleteFrom(table).where('post_id', '=', id).execute();
  }
  const { details } = content;
  if (type === 'jobs' && details.kind === 'jobs') {
    const row = {
      level: details.level, requirements: details.requirements, responsibilities: details.responsibilities, benefits: details.benefits,
      company_confidential: stored(details.company_confidential), resume_required: stored(details.resume_required), salary_type: details.salary_type,
    };
    await db.insertInto('job_details').values({ post_id: id, ...row }).onConflict((oc) => oc.column('post_id').doUpdateSet(row)).execute();
  } else if (type === 'hireme' && details.kind === 'hireme') {
    const row = {
      expertise: details.expertise, rate: details.rate, vaccination: details.vaccination, skill: details.skill, experience: details.experience,
      education: details.education, company_confidential: stored(details.company_confidential),
    };
    await db.insertInto('hireme_details').values({ post_id: id, ...row }).onConflict((oc) => oc.column('post_id').doUpdateSet(row)).execute();
  } else if (type === 'services' && details.kind === 'services') {
    await db.insertInto('service_details').values({ post_id: id, description: details.description })
      .onConflict((oc) => oc.column('post_id').doUpdateSet({ description: details.description })).execute();
  } else if (type === 'buysell' && details.kind === 'buysell') {
    const row = { deal_type: details.deal_type, condition: details.condition, brand: details.brand, qty: details.qty, description: details.description };
    await db.insertInto('buysell_details').values({ post_id: id, ...row }).onConflict((oc) => oc.column('post_id').doUpdateSet(row)).execute();
  } else {
    throw new Error(`A ${type} post cannot have ${details.kind} details.`);
  }
  const rows = <T>(list: readonly T[], make: (item: T, position: number) => Record<string, unknown>) => list.map(make);
  if (content.categoryIds.length > 0) await db.insertInto('post_categories').values(rows(content.categoryIds, (category_id, position) => ({ post_id: id, category_id, position })) as never).execute();
  if (content.locationIds.length > 0) await db.insertInto('post_locations').values(rows(content.locationIds, (location_id, position) => ({ post_id: id, location_id, position })) as never).execute();
  if (content.attributes.length > 0) await db.insertInto('post_attributes').values(content.attributes.map((attribute) => ({ post_id: id, ...attribute }))).execute();
  if (content.keywords.length > 0) await db.insertInto('post_keywords').values(rows(content.keywords, (keyword, position) => ({ post_id: id, keyword, position })) as never).execute();
  if (content.mediaIds.length > 0) await db.insertInto('post_media').values(rows(content.mediaIds, (media_id, position) => ({ post_id: id, media_id, position })) as never).execute();
  if (content.documentIds.length > 0) await db.insertInto('post_documents').values(rows(content.documentIds, (document_id, position) => ({ post_id: id, document_id, position })) as never).execute();
}

/** Stores a new draft; the slug is `slug`, or made from the id when it is a function. */
export async function createPost(db: QueryDb, post: { type: ListingType; profileId: number; ownerUserId: number; plan: string; slug: string | ((id: number) => string); content: PostContent }, now: string): Promise<{ id: number; slug: string }> {
  const { content } = post;
  const placeholder = `new-${now.replace(/\D/g, '')}-${Math.random().toString(36).slice(2, 10)}`;
  const { id } = await db.insertInto('posts').values({
    type: post.type, profile_id: post.profileId, owner_user_id: post.ownerUserId, slug: typeof post.slug === 'string' ? post.slug : placeholder,
    title: content.title, summary: content.summary, plan: post.plan, price_min_sen: content.priceMinSen, price_max_sen: content.priceMaxSen,
    op_sen: content.opSen, status: 'draft', published_at: now, expires_at: content.expiresAt, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  const postId = Number(id);
  let slug = typeof post.slug === 'string' ? post.slug : placeholder;
  if (typeof post.slug !== 'string') {
    slug = post.slug(postId);
    await db.updateTable('posts').set({ slug }).where('id', '=', postId).execute();
  }
  await writeParts(db, postId, post.type, content);
  return { id: postId, slug };
}

/** Replaces a post's content (its type, business and slug stay). */
export async function updatePost(db: QueryDb, id: number, type: ListingType, content: PostContent, now: string): Promise<void> {
  await db.updateTable('posts').set({
    title: content.title, summary: content.summary, price_min_sen: content.priceMinSen, price_max_sen: content.priceMaxSen, op_sen: content.opSen,
    ...(content.expiresAt === null ? {} : { expires_at: content.expiresAt }), updated_at: now,
  }).where('id', '=', id).execute();
  await writeParts(db, id, type, content);
}

/** Moves a post along its lifecycle, adding what the step cost. */
export async function changePostState(db: QueryDb, id: number, change: PostStateChange, now: string): Promise<void> {
  await db.updateTable('posts').set((eb) => ({
    status: change.status,
    ...(change.publishedAt === undefined ? {} : { published_at: change.publishedAt }),
    ...(change.expiresAt === undefined ? {} : { expires_at: change.expiresAt }),
    ...(change.firstLiveAt === undefined ? {} : { first_live_at: change.firstLiveAt }),
    ...(change.plan === undefined ? {} : { plan: change.plan }),
    tokens_spent: eb('tokens_spent', '+', change.tokens ?? 0),
    amount_sen: eb('amount_sen', '+', change.amountSen ?? 0),
    updated_at: now,
  })).where('id', '=', id).execute();
}

const OWN_POST_COLUMNS = [
  'p.id', 'p.type', 'p.profile_id', 'p.slug', 'p.title', 'p.status', 'p.plan', 'p.published_at', 'p.expires_at', 'p.first_live_at',
  'p.tokens_spent', 'p.amount_sen', 'p.created_at', 'p.updated_at', 'p.owner_user_id', 'pr.owner_user_id as profile_owner_user_id',
  'pr.name as profile_name', 'p.held_reason',
] as const;

function ownPostRow(row: Record<string, unknown>): OwnPostRow {
  return {
    ...(row as unknown as OwnPostRow), id: Number(row.id), profile_id: Number(row.profile_id), live: flag(row.live),
    tokens_spent: count(row.tokens_spent), amount_sen: count(row.amount_sen),
  };
}

/** One post with who owns it, for the advertiser's checks; undefined when there is none. */
export async function findOwnPost(db: QueryDb, id: number, now: string): Promise<OwnPostRow | undefined> {
  const row = await db.selectFrom('posts as p').innerJoin('profiles as pr', 'pr.id', 'p.profile_id')
    .select([...OWN_POST_COLUMNS, livePost(now).as('live')]).where('p.id', '=', id).executeTakeFirst();
  return row && ownPostRow(row);
}

/** The posts a user wrote or whose business they own, newest first. */
export async function findOwnPosts(db: QueryDb, userId: number, now: string, limit: number): Promise<OwnPostRow[]> {
  const rows = await db.selectFrom('posts as p').innerJoin('profiles as pr', 'pr.id', 'p.profile_id')
    .select([...OWN_POST_COLUMNS, livePost(now).as('live')])
    .where((eb) => eb.or([eb('p.owner_user_id', '=', userId), eb('pr.owner_user_id', '=', userId)]))
    .orderBy('p.updated_at', 'desc').orderBy('p.id', 'desc').limit(limit).execute();
  return rows.map(ownPostRow);
}

/** How many of a user's ads ever went live (the first one of an account is free). */
export async function countAdsWentLive(db: QueryDb, userId: number): Promise<number> {
  const row = await db.selectFrom('posts').select((eb) => eb.fn.countAll().as('n'))
    .where('owner_user_id', '=', userId).where('first_live_at', 'is not', null).executeTakeFirst();
  return count(row?.n);
}

export async function findPostKeywords(db: QueryDb, ids: readonly number[]): Promise<{ post_id: number; keyword: string }[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('post_keywords').select(['post_id', 'keyword']).where('post_id', 'in', [...ids]).orderBy('post_id').orderBy('position').execute();
  return rows.map((row) => ({ post_id: Number(row.post_id), keyword: row.keyword }));
}

/**
 * The last days' totals of the listings a user owns (their businesses and the ads they wrote or whose business is
 * theirs): views, clicks (every other counted action) and enquiries, per listing.
 */
export async function findListingTotals(db: QueryDb, userId: number, fromDay: string, toDay: string, since: string): Promise<{ kind: 'post' | 'profile'; id: number; views: number; clicks: number; enquiries: number }[]> {
  const ownPosts = db.selectFrom('posts as p').innerJoin('profiles as pr', 'pr.id', 'p.profile_id').select('p.id')
    .where((eb) => eb.or([eb('p.owner_user_id', '=', userId), eb('pr.owner_user_id', '=', userId)]));
  const ownProfiles = db.selectFrom('profiles').select('id').where('owner_user_id', '=', userId);
  const stats = await db.selectFrom('listing_daily_stats')
    .select(['post_id', 'profile_id', 'action', (eb) => eb.fn.sum<number>('count').as('n')])
    .where('day', '>=', fromDay).where('day', '<=', toDay)
    .where((eb) => eb.or([eb('post_id', 'in', ownPosts), eb('profile_id', 'in', ownProfiles)]))
    .groupBy(['post_id', 'profile_id', 'action']).execute();
  const enquiries = await db.selectFrom('enquiries').select(['post_id', 'profile_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('created_at', '>=', since)
    .where((eb) => eb.or([eb('post_id', 'in', ownPosts), eb('profile_id', 'in', ownProfiles)]))
    .groupBy(['post_id', 'profile_id']).execute();
  const totals = new Map<string, { kind: 'post' | 'profile'; id: number; views: number; clicks: number; enquiries: number }>();
  const entry = (postId: unknown, profileId: unknown) => {
    const kind = postId !== null ? 'post' as const : 'profile' as const;
    const id = Number(postId ?? profileId);
    const key = `${kind}:${id}`;
    if (!totals.has(key)) totals.set(key, { kind, id, views: 0, clicks: 0, enquiries: 0 });
    return totals.get(key)!;
  };
  for (const row of stats) {
    const total = entry(row.post_id, row.profile_id);
    if (row.action === 'view') total.views += count(row.n);
    else total.clicks += count(row.n);
  }
  for (const row of enquiries) entry(row.post_id, row.profile_id).enquiries += count(row.n);
  return [...totals.values()];
}

/** Holds a draft for an operator's review, naming the checks that flagged it (or 'refused'); null releases it. */
export async function setHeld(db: QueryDb, id: number, reason: string | null, now: string): Promise<void> {
  await db.updateTable('posts').set({ held_reason: reason, updated_at: now }).where('id', '=', id).execute();
}

/** Live posts other than `postId` with this title (any case), with the difference hashes of their images. */
export async function findTitleTwins(db: QueryDb, postId: number, title: string, now: string): Promise<{ post_id: number; dhash: string }[]> {
  const rows = await db.selectFrom('posts as p').innerJoin('post_media as x', 'x.post_id', 'p.id').innerJoin('media as m', 'm.id', 'x.media_id')
    .select(['p.id', 'm.dhash']).where(sql`lower(p.title)`, '=', title.toLowerCase()).where('p.id', '!=', postId).where(livePost(now)).where('m.dhash', 'is not', null)
    .limit(200).execute();
  return rows.map((row) => ({ post_id: Number(row.id), dhash: row.dhash! }));
}

/** The difference hashes of a post's images. */
export async function findImageHashes(db: QueryDb, postId: number): Promise<string[]> {
  const rows = await db.selectFrom('post_media as x').innerJoin('media as m', 'm.id', 'x.media_id').select('m.dhash').where('x.post_id', '=', postId).where('m.dhash', 'is not', null).execute();
  return rows.map((row) => row.dhash!);
}

/** Drafts held for review (not refused), oldest first. */
export async function findHeldPosts(db: QueryDb, now: string, limit: number): Promise<OwnPostRow[]> {
  const rows = await db.selectFrom('posts as p').innerJoin('profiles as pr', 'pr.id', 'p.profile_id')
    .select([...OWN_POST_COLUMNS, livePost(now).as('live')]).where('p.held_reason', 'is not', null).where('p.held_reason', '!=', 'refused').where('p.status', '=', 'draft')
    .orderBy('p.updated_at').orderBy('p.id').limit(limit).execute();
  return rows.map(ownPostRow);
}

/** Replaces a post's categories (an operator's correction of a held ad). */
export async function setPostCategories(db: QueryDb, postId: number, categoryIds: readonly number[], now: string): Promise<void> {
  await db.deleteFrom('post_categories').where('post_id', '=', postId).execute();
  if (categoryIds.length > 0) await db.insertInto('post_categories').values(categoryIds.map((categoryId, position) => ({ post_id: postId, category_id: categoryId, position }))).execute();
  await db.updateTable('posts').set({ updated_at: now }).where('id', '=', postId).execute();
}

/** Records an ad's edit, field by field (old and new as JSON). */
export async function insertPostChanges(db: QueryDb, postId: number, userId: number, changes: readonly { field: string; oldValue: string | null; newValue: string | null }[], now: string): Promise<void> {
  if (changes.length === 0) return;
  await db.insertInto('post_changes').values(changes.map((change) => ({ post_id: postId, user_id: userId, field: change.field, old_value: change.oldValue, new_value: change.newValue, created_at: now }))).execute();
}

/** An ad's edits, newest first. */
export async function findPostChanges(db: QueryDb, postId: number, limit: number): Promise<{ field: string; old_value: string | null; new_value: string | null; user_id: number | null; created_at: string }[]> {
  const rows = await db.selectFrom('post_changes').select(['field', 'old_value', 'new_value', 'user_id', 'created_at']).where('post_id', '=', postId).orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => ({ ...row, user_id: row.user_id === null ? null : Number(row.user_id) }));
}

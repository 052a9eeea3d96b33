/**
 * Listings as their lifecycle writes them (issue 39, decision 0027): ads (drafts, content, state) and the moderation of
 * ads and businesses, written once in the query layer for every backend. Built on the database (each write its own
 * transaction) or on a transaction (every call in it). It only stores: which change is allowed, and what follows it
 * (search rows, cache tags, mail, audit), is the listing commands' to say (server/listings/, on server/command.ts). A
 * state change is a compare-and-set: it names the states it moves from, and answers whether it moved.
 */
import { sql } from 'kysely';
import type { ListingType } from '../../../shared/constants.ts';
import type { OwnPostRow, PostContent, PostMove, PostStatus, ProfileMove } from '../rows.ts';
import { QueryRepository } from './query-access.ts';
import { count, flag, heldForReview, isPostgres, livePost, stored, type QueryDb } from './query.ts';
import type { ListingRepository } from '../repositories.ts';

/** The status an ad shown again goes back to: live while its time runs, else expired. */
const shownStatus = (now: string) => sql<PostStatus>`CASE WHEN expires_at IS NULL OR expires_at > ${now} THEN 'active' ELSE 'expired' END`;

const OWN_POST_COLUMNS = [
  'p.id', 'p.type', 'p.profile_id', 'p.slug', 'p.title', 'p.status', 'p.plan', 'p.published_at', 'p.expires_at', 'p.first_live_at',
  'p.tokens_spent', 'p.amount_sen', 'p.created_at', 'p.updated_at', 'p.owner_user_id', 'pr.owner_user_id as profile_owner_user_id',
  'pr.name as profile_name', 'p.held_reason', 'p.held_signals', 'p.hidden_by', 'p.moderation_reason', 'p.version',
] as const;

function ownPostRow(row: Record<string, unknown>): OwnPostRow {
  return {
    ...(row as unknown as OwnPostRow), id: Number(row.id), profile_id: Number(row.profile_id), live: flag(row.live),
    tokens_spent: count(row.tokens_spent), amount_sen: count(row.amount_sen), version: Number(row.version),
  };
}

/** Writes a post's parts: its details row, categories, places, attributes, keywords, media and documents (replacing any). */
async function writeParts(db: QueryDb, id: number, type: ListingType, content: PostContent): Promise<void> {
  // Photos kept keep their captions (an edit names them by file, not by caption).
  const captions = new Map((await db.selectFrom('post_media').select(['media_id', 'caption']).where('post_id', '=', id).execute()).map((row) => [Number(row.media_id), row.caption]));
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
  const positioned = <T>(list: readonly T[], make: (item: T, position: number) => Record<string, unknown>) => list.map(make) as never;
  if (content.categoryIds.length > 0) await db.insertInto('post_categories').values(positioned(content.categoryIds, (category_id, position) => ({ post_id: id, category_id, position }))).execute();
  if (content.locationIds.length > 0) await db.insertInto('post_locations').values(positioned(content.locationIds, (location_id, position) => ({ post_id: id, location_id, position }))).execute();
  if (content.attributes.length > 0) await db.insertInto('post_attributes').values(content.attributes.map((attribute) => ({ post_id: id, ...attribute }))).execute();
  if (content.keywords.length > 0) await db.insertInto('post_keywords').values(positioned(content.keywords, (keyword, position) => ({ post_id: id, keyword, position }))).execute();
  if (content.mediaIds.length > 0) await db.insertInto('post_media').values(positioned(content.mediaIds, (media_id, position) => ({ post_id: id, media_id, position, caption: captions.get(media_id) ?? null }))).execute();
  if (content.documentIds.length > 0) await db.insertInto('post_documents').values(positioned(content.documentIds, (document_id, position) => ({ post_id: id, document_id, position }))).execute();
}

export class KyselyListingRepository extends QueryRepository implements ListingRepository {
  /**
   * One ad with who owns it; undefined when there is none. With `lock`, its row stays locked to this transaction
   * (PostgreSQL; SQLite's one writer serialises transactions already), so a second command on it waits, then reads what
   * the first left.
   */
  findPost(id: number, options: { lock?: boolean } = {}): Promise<OwnPostRow | undefined> {
    const now = this.now;
    return this.access.read(async (db) => {
      if (options.lock && isPostgres(db)) await db.selectFrom('posts').select('id').where('id', '=', id).forUpdate().execute();
      const row = await db.selectFrom('posts as p').innerJoin('profiles as pr', 'pr.id', 'p.profile_id')
        .select([...OWN_POST_COLUMNS, livePost(now).as('live')]).where('p.id', '=', id).executeTakeFirst();
      return row && ownPostRow(row);
    });
  }

  /** The posts a user wrote or whose business they own, newest first. */
  findOwnPosts(userId: number, limit: number): Promise<OwnPostRow[]> {
    const now = this.now;
    return this.access.read(async (db) => (await db.selectFrom('posts as p').innerJoin('profiles as pr', 'pr.id', 'p.profile_id')
      .select([...OWN_POST_COLUMNS, livePost(now).as('live')])
      .where((eb) => eb.or([eb('p.owner_user_id', '=', userId), eb('pr.owner_user_id', '=', userId)]))
      .orderBy('p.updated_at', 'desc').orderBy('p.id', 'desc').limit(limit).execute()).map(ownPostRow));
  }

  /** Drafts held for review (not refused), oldest first. */
  findHeldPosts(limit: number): Promise<OwnPostRow[]> {
    const now = this.now;
    return this.access.read(async (db) => (await db.selectFrom('posts as p').innerJoin('profiles as pr', 'pr.id', 'p.profile_id')
      .select([...OWN_POST_COLUMNS, livePost(now).as('live')]).where(heldForReview)
      .orderBy('p.updated_at').orderBy('p.id').limit(limit).execute()).map(ownPostRow));
  }

  /**
   * Locks an account's row to this transaction (PostgreSQL): the rules that count an account's ads (its first ad is
   * free) then hold against a second command of the same account at the same time.
   */
  lockAccount(userId: number): Promise<void> {
    return this.access.read(async (db) => {
      if (isPostgres(db)) await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    });
  }

  /** How many of a user's ads ever went live (the first one of an account is free). */
  countAdsWentLive(userId: number): Promise<number> {
    return this.access.read(async (db) => count((await db.selectFrom('posts').select((eb) => eb.fn.countAll().as('n'))
      .where('owner_user_id', '=', userId).where('first_live_at', 'is not', null).executeTakeFirst())?.n));
  }

  /** Stores a new draft; the slug is `slug`, or made from the id when it is a function. */
  createPost(post: { type: ListingType; profileId: number; ownerUserId: number; plan: string; slug: string | ((id: number) => string); content: PostContent }): Promise<{ id: number; slug: string }> {
    const now = this.now;
    return this.access.write(async (db) => {
      const { content } = post;
      const placeholder = `new-${now.replace(/\D/g, '')}-${Math.random().toString(36).slice(2, 10)}`;
      const { id } = await db.insertInto('posts').values({
        type: post.type, profile_id: post.profileId, owner_user_id: post.ownerUserId, slug: typeof post.slug === 'string' ? post.slug : placeholder,
        title: content.title, summary: content.summary, content_lang: content.contentLang, plan: post.plan, price_min_sen: content.priceMinSen, price_max_sen: content.priceMaxSen,
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
    });
  }

  /** Replaces a post's content (its type, business and slug stay). */
  updatePost(id: number, type: ListingType, content: PostContent): Promise<void> {
    const now = this.now;
    return this.access.write(async (db) => {
      await db.updateTable('posts').set((eb) => ({
        title: content.title, summary: content.summary, content_lang: content.contentLang, price_min_sen: content.priceMinSen, price_max_sen: content.priceMaxSen, op_sen: content.opSen,
        ...(content.expiresAt === null ? {} : { expires_at: content.expiresAt }), updated_at: now, version: eb('version', '+', 1),
      })).where('id', '=', id).execute();
      await writeParts(db, id, type, content);
    });
  }

  /** Moves an ad from one of `move.from` to `move.status` (compare-and-set); false, and nothing written, when it was not in one. */
  move(id: number, move: PostMove): Promise<boolean> {
    const now = this.now;
    return this.access.write(async (db) => {
      let query = db.updateTable('posts').set((eb) => ({
        status: move.status,
        ...(move.heldReason === undefined ? {} : { held_reason: move.heldReason, held_signals: move.heldSignals ?? null }),
        ...(move.publishedAt === undefined ? {} : { published_at: move.publishedAt }),
        ...(move.expiresAt === undefined ? {} : { expires_at: move.expiresAt }),
        ...(move.firstLiveAt === undefined ? {} : { first_live_at: move.firstLiveAt }),
        ...(move.plan === undefined ? {} : { plan: move.plan }),
        ...(move.hiddenBy === undefined ? {} : { hidden_by: move.hiddenBy }),
        ...(move.moderationReason === undefined ? {} : { moderation_reason: move.moderationReason }),
        tokens_spent: eb('tokens_spent', '+', move.tokens ?? 0),
        amount_sen: eb('amount_sen', '+', move.amountSen ?? 0),
        updated_at: now,
      })).where('id', '=', id).where('status', 'in', [...move.from]);
      if (move.held === 'none') query = query.where('held_reason', 'is', null);
      else if (move.held === 'refused') query = query.where('held_reason', '=', 'refused');
      else if (move.held === 'checks') query = query.where('held_reason', 'is not', null).where('held_reason', '!=', 'refused');
      return Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
    });
  }

  /** Shows again an ad its own hiding hid (to live, or expired when its time ran out); false when it was not hidden so. */
  unhidePost(id: number): Promise<boolean> {
    const now = this.now;
    return this.access.write(async (db) => Number((await db.updateTable('posts').set({ status: shownStatus(now), hidden_by: null, moderation_reason: null, held_reason: null, held_signals: null, updated_at: now })
      .where('id', '=', id).where('status', '=', 'hidden').where('hidden_by', '=', 'post').executeTakeFirst()).numUpdatedRows) === 1);
  }

  /** Holds a draft for an operator's review with the checks that flagged it (compare-and-set on its hold); false when it moved. */
  holdDraft(id: number, checks: string): Promise<boolean> {
    return this.move(id, { from: ['draft'], status: 'draft', held: 'none', heldReason: checks });
  }

  setTextFingerprint(id: number, fingerprint: string): Promise<void> {
    return this.access.write(async (db) => {
      await db.updateTable('posts').set({ text_fingerprint: fingerprint }).where('id', '=', id).execute();
    });
  }

  /** Replaces a post's categories (an operator's correction of a held ad). */
  setPostCategories(postId: number, categoryIds: readonly number[]): Promise<void> {
    const now = this.now;
    return this.access.write(async (db) => {
      await db.deleteFrom('post_categories').where('post_id', '=', postId).execute();
      if (categoryIds.length > 0) await db.insertInto('post_categories').values(categoryIds.map((categoryId, position) => ({ post_id: postId, category_id: categoryId, position }))).execute();
      await db.updateTable('posts').set({ updated_at: now }).where('id', '=', postId).execute();
    });
  }

  /** Live posts other than `postId` with this title (any case), with the difference hashes of their images. */
  findTitleTwins(postId: number, title: string): Promise<{ post_id: number; dhash: string }[]> {
    const now = this.now;
    return this.access.read(async (db) => (await db.selectFrom('posts as p').innerJoin('post_media as x', 'x.post_id', 'p.id').innerJoin('media as m', 'm.id', 'x.media_id')
      .select(['p.id', 'm.dhash']).where(sql`lower(p.title)`, '=', title.toLowerCase()).where('p.id', '!=', postId).where(livePost(now)).where('m.dhash', 'is not', null)
      .limit(200).execute()).map((row) => ({ post_id: Number(row.id), dhash: row.dhash! })));
  }

  /** The difference hashes of a post's images. */
  findImageHashes(postId: number): Promise<string[]> {
    return this.access.read(async (db) => (await db.selectFrom('post_media as x').innerJoin('media as m', 'm.id', 'x.media_id').select('m.dhash')
      .where('x.post_id', '=', postId).where('m.dhash', 'is not', null).execute()).map((row) => row.dhash!));
  }

  findPostKeywords(ids: readonly number[]): Promise<{ post_id: number; keyword: string }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.access.read(async (db) => (await db.selectFrom('post_keywords').select(['post_id', 'keyword']).where('post_id', 'in', [...ids])
      .orderBy('post_id').orderBy('position').execute()).map((row) => ({ post_id: Number(row.post_id), keyword: row.keyword })));
  }

  /** Records an ad's edit, field by field (old and new as JSON). */
  insertPostChanges(postId: number, userId: number, changes: readonly { field: string; oldValue: string | null; newValue: string | null }[]): Promise<void> {
    if (changes.length === 0) return Promise.resolve();
    const now = this.now;
    return this.access.write(async (db) => {
      await db.insertInto('post_changes').values(changes.map((change) => ({ post_id: postId, user_id: userId, field: change.field, old_value: change.oldValue, new_value: change.newValue, created_at: now }))).execute();
    });
  }

  /** An ad's edits, newest first. */
  findPostChanges(postId: number, limit: number): Promise<{ field: string; old_value: string | null; new_value: string | null; user_id: number | null; created_at: string }[]> {
    return this.access.read(async (db) => (await db.selectFrom('post_changes').select(['field', 'old_value', 'new_value', 'user_id', 'created_at'])
      .where('post_id', '=', postId).orderBy('id', 'desc').limit(limit).execute()).map((row) => ({ ...row, user_id: row.user_id === null ? null : Number(row.user_id) })));
  }

  /** Hides a profile and its posts of the statuses `from`; none, and false, when it was hidden already. */
  hideProfile(id: number, by: 'operator' | 'suspension', reason: string | null, from: readonly PostStatus[]): Promise<ProfileMove> {
    const now = this.now;
    return this.access.write(async (db) => {
      const result = await db.updateTable('profiles').set({ hidden_at: now, hidden_by: by, moderation_reason: reason, updated_at: now })
        .where('id', '=', id).where('hidden_at', 'is', null).executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return { changed: false, posts: [] };
      const posts = await db.updateTable('posts').set({ status: 'hidden', hidden_by: 'profile', updated_at: now }).where('profile_id', '=', id)
        .where('status', 'in', [...from]).returning('id').execute();
      return { changed: true, posts: posts.map((row) => Number(row.id)) };
    });
  }

  /** Shows a hidden profile again (only one the given hiding hid), with the posts its hiding hid. */
  unhideProfile(id: number, by: 'operator' | 'suspension'): Promise<ProfileMove> {
    const now = this.now;
    return this.access.write(async (db) => {
      const result = await db.updateTable('profiles').set({ hidden_at: null, hidden_by: null, moderation_reason: null, updated_at: now })
        .where('id', '=', id).where('hidden_at', 'is not', null).where('hidden_by', '=', by).executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return { changed: false, posts: [] };
      const posts = await db.updateTable('posts').set({ status: shownStatus(now), hidden_by: null, updated_at: now }).where('profile_id', '=', id)
        .where('status', '=', 'hidden').where('hidden_by', '=', 'profile').returning('id').execute();
      return { changed: true, posts: posts.map((row) => Number(row.id)) };
    });
  }

  /** Removes a profile: hidden for good, its ads of the statuses `from` removed; false when it was removed already. */
  removeProfile(id: number, reason: string | null, from: readonly PostStatus[]): Promise<ProfileMove> {
    const now = this.now;
    return this.access.write(async (db) => {
      await db.updateTable('profiles').set({ hidden_at: now, hidden_by: 'operator', moderation_reason: reason, updated_at: now }).where('id', '=', id).where('hidden_at', 'is', null).execute();
      const posts = await db.updateTable('posts').set({ status: 'removed', hidden_by: null, updated_at: now }).where('profile_id', '=', id)
        .where('status', 'in', [...from]).returning('id').execute();
      return { changed: posts.length > 0, posts: posts.map((row) => Number(row.id)) };
    });
  }

  /** The profiles a user owns (those hidden by their suspension, with `hiddenBySuspension`). */
  findOwnedProfileIds(userId: number, options: { hiddenBySuspension?: boolean } = {}): Promise<number[]> {
    return this.access.read(async (db) => {
      let query = db.selectFrom('profiles').select('id').where('owner_user_id', '=', userId);
      if (options.hiddenBySuspension) query = query.where('hidden_by', '=', 'suspension');
      return (await query.orderBy('id').execute()).map((row) => Number(row.id));
    });
  }

  /** Suspends an account (compare-and-set: false when it is suspended already); what follows is its command's. */
  suspendAccount(userId: number, suspension: { until: string | null; reason: string }): Promise<boolean> {
    const now = this.now;
    return this.access.write(async (db) => Number((await db.updateTable('users').set({ suspended_at: now, suspended_until: suspension.until, suspension_reason: suspension.reason, updated_at: now })
      .where('id', '=', userId).where('suspended_at', 'is', null).executeTakeFirst()).numUpdatedRows) === 1);
  }

  /** Restores a suspended account (compare-and-set: false when it is not suspended). */
  restoreAccount(userId: number): Promise<boolean> {
    const now = this.now;
    return this.access.write(async (db) => Number((await db.updateTable('users').set({ suspended_at: null, suspended_until: null, suspension_reason: null, updated_at: now })
      .where('id', '=', userId).where('suspended_at', 'is not', null).executeTakeFirst()).numUpdatedRows) === 1);
  }

  /** A suspended account: since when, until when (none: until restored), and why. */
  findSuspension(userId: number): Promise<{ suspended_at: string; until: string | null; reason: string } | undefined> {
    return this.access.read(async (db) => {
      const row = await db.selectFrom('users').select(['suspended_at', 'suspended_until', 'suspension_reason']).where('id', '=', userId).where('suspended_at', 'is not', null).executeTakeFirst();
      return row && { suspended_at: row.suspended_at!, until: row.suspended_until, reason: row.suspension_reason ?? '' };
    });
  }

  /** Accounts whose suspension has run out by now. */
  findEndedSuspensions(limit: number): Promise<number[]> {
    const now = this.now;
    return this.access.read(async (db) => (await db.selectFrom('users').select('id').where('suspended_until', 'is not', null).where('suspended_until', '<=', now)
      .limit(limit).execute()).map((row) => Number(row.id)));
  }

  /** Live ads past their expiry become expired; answers their ids (the caller reindexes them, in its transaction). */
  expireDue(): Promise<number[]> {
    const now = this.now;
    return this.access.write(async (db) => (await db.updateTable('posts').set({ status: 'expired' }).where('status', '=', 'active').where('expires_at', 'is not', null)
      .where('expires_at', '<=', now).returning('id').execute()).map((row) => Number(row.id)));
  }

  /** Brings the search rows of these posts in step with them (their cache tags are the caller's to name). */
  reindex(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return Promise.resolve();
    return this.access.write((_db, index) => index.reindexPosts(ids));
  }
}

/**
 * Listings in the operator console (issue 28, decision 0024): found by id, slug or title; a listing's page shows where
 * it stands (status, dates, plan, owner, hold) and its history: the moderators' actions from the audit log and every
 * edit its advertiser made (a business's profile_changes, an ad's post_changes).
 */
import { z } from 'zod';
import { LISTING_REF_TYPES } from '../../shared/constants.ts';
import type { AppContext } from '../app-types.ts';
import { notFound, parseInput } from '../errors.ts';

const SearchSchema = z.object({ q: z.string({ error: 'Type an id, a slug or words of a title.' }).trim().min(1, 'Type an id, a slug or words of a title.').max(200) });

/** An edit (a business's profile_changes row, an ad's post_changes row) as a history entry: old and new as values. */
function editEntry(change: { field: string; old_value: string | null; new_value: string | null; user_id: number | null; created_at: string }) {
  const value = (json: string | null): unknown => (json === null ? null : JSON.parse(json));
  return { at: change.created_at, what: `edit.${change.field}`, by: change.user_id, reason: null, before: value(change.old_value), after: value(change.new_value) };
}

/** GET listings?q=: posts and businesses matching, up to 50 of each. */
export async function searchListings(app: AppContext, query: unknown) {
  const { q } = parseInput(SearchSchema, query);
  return (await app.repos.operator.searchListings(q, 50)).map((hit) => ({ ...hit, url: hit.type === 'profile' ? `/${hit.slug}` : `/${hit.type}/${hit.slug}` }));
}

/** GET listings/{type}/{id}: where the listing stands and its history, newest first. */
export async function listingPage(app: AppContext, type: string, id: number) {
  if (!(LISTING_REF_TYPES as readonly string[]).includes(type)) throw notFound('no_such_listing');
  const moderation = await app.repos.operator.findAudit({ targetType: type, targetId: String(id) }, 200, 0);
  const actions = moderation.map((entry) => ({ at: entry.created_at, what: entry.action, by: entry.operator_user_id, reason: entry.reason, before: entry.before, after: entry.after }));
  if (type === 'profile') {
    const profile = await app.repos.advertiser.findProfile(id);
    if (!profile) throw notFound('no_such_listing');
    const edits = (await app.repos.advertiser.findProfileChanges(id, 200)).map((change) => ({ ...editEntry(change), review: change.review }));
    return {
      listing: { type, id, title: profile.name, slug: profile.slug, url: `/${profile.slug}`, status: profile.hidden ? 'hidden' : 'visible', plan: profile.plan, owner_user_id: profile.owner_user_id, created_at: profile.created_at, updated_at: profile.updated_at },
      history: [...actions, ...edits].sort((a, b) => b.at.localeCompare(a.at)),
    };
  }
  const post = await app.repos.listings.findPost(id);
  if (!post || post.type !== type) throw notFound('no_such_listing');
  const edits = (await app.repos.listings.findPostChanges(id, 200)).map(editEntry);
  return {
    listing: {
      type, id, title: post.title, slug: post.slug, url: `/${post.type}/${post.slug}`, status: post.status, live: post.live, plan: post.plan, held: post.held_reason,
      moderation_reason: post.moderation_reason,
      owner_user_id: post.type === 'hireme' ? post.owner_user_id : post.profile_owner_user_id, profile: { id: post.profile_id, name: post.profile_name },
      created_at: post.created_at, first_live_at: post.first_live_at, published_at: post.status === 'draft' ? null : post.published_at, expires_at: post.expires_at, updated_at: post.updated_at,
      tokens_spent: post.tokens_spent, amount_sen: post.amount_sen,
    },
    history: [...actions, ...edits].sort((a, b) => b.at.localeCompare(a.at)),
  };
}

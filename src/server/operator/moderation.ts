/**
 * Moderation (issue 28, decision 0024; issue 39): open reports grouped by the listing or review they name; dismissing a
 * group; hiding, showing again and removing a listing (a post, or a profile with every ad under it: the listings core's
 * commands) or a review. Hidden content leaves every public surface at once. Hide, remove and dismiss take a reason (a
 * short list and free text) that the owner's mail quotes. Every action is audited in its transaction.
 */
import { counted } from '../../shared/plurals.ts';
import { z } from 'zod';
import { LISTING_REF_TYPES, LISTING_TYPES, REPORT_REASONS } from '../../shared/constants.ts';
import { DISMISS_REASONS, LISTING_REASONS, reasonSchema, reasonText } from '../../shared/moderation-reasons.ts';
import type { AppContext } from '../app-types.ts';
import { reviewShown } from '../changes.ts';
import type { SessionRow } from '../db/rows.ts';
import { notFound, parseInput, invalid } from '../errors.ts';
import { moderatePost, moderateProfile } from '../listings/index.ts';
import type { Actor } from '../policies.ts';
import { requireFreshProof } from './access.ts';
import { audit } from './audit.ts';
import { conversationReportGroups } from './conversations.ts';
import { accountNames } from './access.ts';

export type ModerationAction = 'hide' | 'unhide' | 'remove';
/** A review held by an automatic check can also be published. */
export type ReviewAction = ModerationAction | 'publish';

const ActionSchema = z.object({ reason: z.string().trim().max(1000).optional() });
const RemoveSchema = z.object({ reason: z.string({ error: 'Give a reason: the owner is told.' }).trim().min(3, 'Give a reason: the owner is told.').max(1000) });
const ListingReasonSchema = reasonSchema(LISTING_REASONS);
const DismissSchema = reasonSchema(DISMISS_REASONS);

/** GET reports: open reports grouped by what they name (`{type}-{id}` or `review-{id}`), oldest group first. */
export async function listReportGroups(app: AppContext) {
  const rows = await app.repos.moderation.findOpenReports(1000);
  const name = await accountNames(app, rows.flatMap((row) => [row.user_id, row.owner_user_id]));
  const groups = new Map<string, { group: string; type: string; id: number; title: string; url: string | null; owner_user_id: number | null; owner_name: string | null; count: number; first_at: string; reports: unknown[] }>();
  for (const row of rows) {
    const type = row.target === 'post' ? row.post_type! : row.target;
    const key = `${type}-${row.target_id}`;
    const group = groups.get(key) ?? {
      group: key, type, id: row.target_id, title: row.title, owner_user_id: row.owner_user_id, owner_name: name(row.owner_user_id), count: 0, first_at: row.created_at, reports: [],
      url: row.slug === null ? null : row.target === 'post' ? `/${row.post_type}/${row.slug}` : `/${row.slug}`,
    };
    group.count++;
    group.reports.push({
      reason: row.reason, reason_text: REPORT_REASONS[row.reason as keyof typeof REPORT_REASONS] ?? row.reason, description: row.description,
      reporter: row.user_id !== null ? { user_id: row.user_id, name: name(row.user_id) } : { client: row.client_hash }, created_at: row.created_at,
    });
    groups.set(key, group);
  }
  // Reported conversations join the queue, oldest first with the rest.
  return [...groups.values(), ...await conversationReportGroups(app)].sort((a, b) => a.first_at.localeCompare(b.first_at));
}

/** A report group's key: `{services|jobs|hireme|buysell|profile}-{id}`, `review-{id}` or `conversation-{id}`; else a 404. */
function targetOf(group: string): { kind: 'post' | 'profile' | 'review' | 'conversation'; id: number } {
  const match = /^([a-z]+)-([1-9]\d{0,14})$/.exec(group);
  if (!match) throw notFound('no_such_report_group');
  const type = match[1]!;
  if (type === 'review' || type === 'profile' || type === 'conversation') return { kind: type, id: Number(match[2]) };
  if ((LISTING_TYPES as readonly string[]).includes(type)) return { kind: 'post', id: Number(match[2]) };
  throw notFound('no_such_report_group');
}

/** POST reports/{group}/dismiss {reason_code, reason}: nothing to act on; the group leaves the queue, with why. */
export async function dismissReports(app: AppContext, actor: Actor, client: string, group: string, input: unknown) {
  const target = targetOf(group);
  const reason = reasonText(DISMISS_REASONS, parseInput(DismissSchema, input));
  const handled = await app.repos.transaction(async (tx) => {
    const count = await tx.moderation.handleReports(target);
    if (count === 0) throw notFound('no_open_reports_group');
    await audit(tx, actor, client, { action: 'reports.dismiss', target: { type: target.kind, id: target.id }, reason, after: { reports: count } });
    return count;
  });
  return { data: { group, dismissed: handled }, message: `${counted(handled, 'report')} dismissed.` };
}

const WORDS: Record<ReviewAction, string> = { hide: 'hidden', unhide: 'shown again', remove: 'removed', publish: 'published' };

/**
 * POST listings/{type}/{id}/{hide|unhide|remove} {reason_code, reason}: a destructive action (fresh proof); hide and
 * remove take a reason the owner is mailed. A second hide of a hidden listing is a 409 (no second mail or audit row).
 */
export async function moderateListing(app: AppContext, actor: Actor, session: SessionRow, client: string, type: string, id: number, action: ModerationAction, input: unknown) {
  requireFreshProof(app, session);
  if (!(LISTING_REF_TYPES as readonly string[]).includes(type)) throw notFound('no_such_listing');
  const post = type === 'profile' ? undefined : await app.repos.listings.findPost(id);
  const profile = type === 'profile' ? await app.repos.advertiser.findProfile(id) : undefined;
  if (type === 'profile' ? !profile : !post || post.type !== type) throw notFound('no_such_listing');
  const reason = action === 'unhide' ? null : reasonText(LISTING_REASONS, parseInput(ListingReasonSchema, input));
  if (profile) await moderateProfile(app.listings, actor, client, id, action, reason);
  else await moderatePost(app.listings, actor, client, id, action, reason);
  const title = profile ? profile.name : post!.title;
  return { data: { type, id, status: action === 'unhide' ? 'visible' : WORDS[action] }, message: `"${title}" is ${WORDS[action]}.` };
}

/** GET reviews: reviews held by an automatic check (a link, a banned word, a burst from one client), oldest first. */
export async function listHeldReviews(app: AppContext) {
  return (await app.repos.moderation.findHeldReviews(200)).map((review) => ({
    id: review.id, listing: review.post_id !== null ? { type: 'post', id: review.post_id } : { type: 'profile', id: review.profile_id }, reviewer_name: review.reviewer_name,
    rating: review.rating, content: review.content, checks: review.held_reason.split(','), created_at: review.created_at,
    score: review.score, features: review.features,
  }));
}

/** POST reviews/{id}/{publish|hide|unhide|remove} {reason}: a destructive action (fresh proof). */
export async function moderateReview(app: AppContext, actor: Actor, session: SessionRow, client: string, id: number, action: ReviewAction, input: unknown) {
  const { reason } = parseInput(action === 'remove' ? RemoveSchema : ActionSchema, input);
  requireFreshProof(app, session);
  await app.repos.transaction(async (tx) => {
    if (!(await tx.moderation.moderateReview(id, action))) throw invalid('review', `review_cannot_be_${action}`);
    await reviewShown(tx, id);
    if (action !== 'unhide' && action !== 'publish') await tx.moderation.handleReports({ kind: 'review', id });
    // Published or shown again by an operator, as it reads now: the review filter leaves it until its text changes.
    if (action === 'unhide' || action === 'publish') await tx.reviewScores.clearReviewScore(id);
    await audit(tx, actor, client, { action: `review.${action}`, target: { type: 'review', id }, reason: reason ?? null, after: { status: WORDS[action] } });
  });
  return { data: { id, status: action === 'unhide' || action === 'publish' ? 'visible' : WORDS[action] }, message: `The review is ${WORDS[action]}.` };
}

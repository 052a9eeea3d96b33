/**
 * New ads held for review (issue 28, decision 0024; issue 39): drafts an automatic check flagged (moderation/checks.ts).
 * The operator approves one (it goes live as its advertiser asked: a token, or an invoice to pay), corrects its
 * category, or refuses it with a reason (a short list and free text); the advertiser is mailed. Approving and refusing
 * are the listings core's commands: one transaction each, audited and mailed in it; of an approval and a refusal at
 * once, one wins and the other is a 409.
 */
import { z } from 'zod';
import { LISTING_REASONS, reasonSchema, reasonText } from '../../shared/moderation-reasons.ts';
import type { AppContext } from '../app-types.ts';
import { getPostById } from '../catalog/posts.ts';
import { command } from '../command.ts';
import type { Repositories } from '../db/repositories.ts';
import type { CategoryTreeRow, OwnPostRow, SessionRow } from '../db/rows.ts';
import { notFound, parseInput, invalid } from '../errors.ts';
import { heldMessage } from '../moderation/checks.ts';
import type { HeldSignal } from '../moderation/listing-signals.ts';
import { approve, refuse, stateOf } from '../listings/index.ts';
import type { Actor } from '../policies.ts';
import { requireFreshProof } from './access.ts';
import { audit } from './audit.ts';
import { sayIn } from '../say-in.ts';

const RefuseSchema = reasonSchema(LISTING_REASONS);

/** The checks that held an ad, each with its score and evidence (none kept for ads held before issue 64: score 1 each). */
function signalsOf(post: OwnPostRow): HeldSignal[] {
  if (post.held_signals) return JSON.parse(post.held_signals) as HeldSignal[];
  return post.held_reason!.split(',').map((check) => ({ check, score: 1 }));
}

/** GET ads: the held drafts, oldest first, with the checks that held them, their scores and evidence. */
export async function listHeldAds(app: AppContext) {
  return (await app.repos.listings.findHeldPosts(200)).map((post) => ({
    id: post.id, type: post.type, title: post.title, profile: { id: post.profile_id, name: post.profile_name }, checks: post.held_reason!.split(','), signals: signalsOf(post),
    why: sayIn(heldMessage(post.held_reason!.split(',')), 'en'), updated_at: post.updated_at, preview: `/api/operator/ads/${post.id}`,
  }));
}

async function heldAd(repos: Repositories, id: number, options: { lock?: boolean } = {}): Promise<OwnPostRow> {
  const post = await repos.listings.findPost(id, options);
  // Held, as the lifecycle reads it (a held ad's invoice, if it had one, was voided when it was held).
  if (!post || stateOf(post, false) !== 'held') throw notFound('no_such_held_ad');
  return post;
}

/** GET ads/{id}: the held ad as its page would show it. */
export async function heldAdDetail(app: AppContext, id: number) {
  await heldAd(app.repos, id);
  return getPostById(app, id, { drafts: true });
}

/** POST ads/{id}/approve: the ad goes live as its advertiser asked (or waits for its invoice). */
export async function approveAd(app: AppContext, actor: Actor, session: SessionRow, client: string, id: number) {
  requireFreshProof(app, session);
  const outcome = await approve(app.listings, actor, client, id);
  const status = outcome.payment ? 'awaiting_payment' : 'active';
  return { data: { id, status, payment_required: outcome.payment ?? null }, message: outcome.payment ? 'Approved: it goes live once its invoice is paid.' : 'Approved: the ad is live.' };
}

/** POST ads/{id}/refuse {reason_code, reason}: the ad stays a draft, refused; the advertiser is told why. */
export async function refuseAd(app: AppContext, actor: Actor, session: SessionRow, client: string, id: number, input: unknown) {
  requireFreshProof(app, session);
  const reason = reasonText(LISTING_REASONS, parseInput(RefuseSchema, input));
  await refuse(app.listings, actor, client, id, reason);
  return { data: { id, status: 'draft', draft_reason: 'refused' }, message: 'Refused: the advertiser is told why.' };
}

const CategorySchema = z.object({ category: z.string({ error: 'Choose a category.' }).trim().min(1, 'Choose a category.').max(120) });

/**
 * Correcting a held ad's category, one command: the ad is loaded locked and must still be held in the transaction
 * that writes (an approval meanwhile makes this a 404, never a change after it); its search row and audit row follow.
 */
const correcting = command<{ actor: Actor; client: string; id: number; category: string }, { post: OwnPostRow; row: CategoryTreeRow; before: string[] }, CategoryTreeRow>({
  load: async (tx, { id, category }) => {
    const post = await heldAd(tx, id, { lock: true });
    const row = (await tx.catalog.findCategoryTree()).find((item) => item.type === post.type && item.slug === category && item.parent_id !== null);
    if (!row) throw invalid('category', 'no_category_of_type', { type: post.type, category });
    return { post, row, before: (await tx.catalog.findPostCategories([id])).map((item) => item.slug) };
  },
  run: async (tx, { post, row, before }, { actor, client, id }) => {
    await tx.listings.setPostCategories(id, [row.id]);
    await tx.listings.reindex([id]);
    await audit(tx, actor, client, { action: 'ad.category', target: { type: post.type, id }, before: { categories: before }, after: { categories: [row.slug] } });
    return row;
  },
});

/** POST ads/{id}/category {category}: corrects a held ad's category (a child category of its type). */
export async function setAdCategory(app: AppContext, actor: Actor, client: string, id: number, input: unknown) {
  const { category } = parseInput(CategorySchema, input);
  const row = await correcting(app.repos, { actor, client, id, category });
  return { data: { id, categories: [row.slug] }, message: `The category is ${row.name} now.` };
}

/**
 * New ads held for review (issue 28, decision 0024): drafts an automatic check flagged (moderation/checks.ts).
 * The operator approves one (it goes live as its advertiser asked: a token, or an invoice to pay), corrects its
 * category, or refuses it with a reason; the advertiser is mailed. Every action is audited.
 */
import { z } from 'zod';
import { absoluteUrl } from '../../shared/urls.ts';
import { businessPlan } from '../advertiser/plans.ts';
import { goLive } from '../advertiser/posts.ts';
import { appealLine } from '../accounts/suspension.ts';
import type { AppContext } from '../app-types.ts';
import { getPostById } from '../catalog/posts.ts';
import type { OwnPostRow, SessionRow } from '../db/rows.ts';
import { AppError, notFound, parseInput } from '../errors.ts';
import { heldMessage } from '../moderation/checks.ts';
import { composeMail } from '../outbox/compose.ts';
import type { Actor } from '../policies.ts';
import { requireFreshProof } from './access.ts';
import { audit } from './audit.ts';
import { ReasonSchema } from './claims.ts';

const ownerOf = (post: OwnPostRow) => (post.type === 'hireme' ? post.owner_user_id : post.profile_owner_user_id);

/** GET ads: the held drafts, oldest first, with the checks that held them. */
export async function listHeldAds(app: AppContext) {
  return (await app.repos.operator.findHeldPosts(200)).map((post) => ({
    id: post.id, type: post.type, title: post.title, profile: { id: post.profile_id, name: post.profile_name }, checks: post.held_reason!.split(','),
    why: heldMessage(post.held_reason!.split(',')), updated_at: post.updated_at, preview: `/api/operator/ads/${post.id}`,
  }));
}

async function heldAd(app: AppContext, id: number): Promise<OwnPostRow> {
  const post = await app.repos.advertiser.findOwnPost(id);
  if (!post || post.status !== 'draft' || post.held_reason === null || post.held_reason === 'refused') throw notFound('No such held ad.');
  return post;
}

/** GET ads/{id}: the held ad as its page would show it. */
export async function heldAdDetail(app: AppContext, id: number) {
  await heldAd(app, id);
  return getPostById(app, id, { drafts: true });
}

async function mailOwner(app: AppContext, post: OwnPostRow, subject: string, lines: string[]) {
  const ownerId = ownerOf(post);
  const owner = ownerId === null ? undefined : await app.repos.users.findUser(ownerId);
  if (owner?.email) await app.outbox.queueMail(composeMail(owner.email, subject, lines));
}

/** POST ads/{id}/approve: the ad goes live as its advertiser asked (or waits for its invoice). */
export async function approveAd(app: AppContext, actor: Actor, session: SessionRow, client: string, id: number) {
  requireFreshProof(app, session);
  const post = await heldAd(app, id);
  const ownerId = ownerOf(post);
  if (ownerId === null) throw new AppError(422, 'This ad has no owner to publish it for.', { ad: ['This ad has no owner.'] });
  const owner = await app.repos.users.findUser(ownerId);
  const outcome = await goLive(app, { id: ownerId, roles: owner?.roles ?? [] }, post, await businessPlan(app, post.type === 'hireme' ? null : post.profile_id), false, true);
  if (!outcome.payment) await app.repos.advertiser.setHeld(id, null);
  await audit(app.repos, actor, client, { action: 'ad.approve', target: { type: post.type, id }, before: { status: 'draft', held: post.held_reason }, after: { status: outcome.payment ? 'draft' : 'active' } });
  await mailOwner(app, post, `Your ad "${post.title}" is approved`, [
    outcome.payment ? `We checked your ad "${post.title}": ${outcome.payment.message}` : `We checked your ad "${post.title}": it is live now.`,
    absoluteUrl(app.config.siteUrl, `/advertiser/posts/${id}`),
  ]);
  return { data: { id, status: outcome.payment ? 'draft' : 'active', payment_required: outcome.payment ?? null }, message: outcome.payment ? 'Approved: it goes live once its invoice is paid.' : 'Approved: the ad is live.' };
}

/** POST ads/{id}/refuse {reason}: the ad stays a draft, refused; the advertiser is told why. */
export async function refuseAd(app: AppContext, actor: Actor, session: SessionRow, client: string, id: number, input: unknown) {
  const { reason } = parseInput(ReasonSchema, input);
  requireFreshProof(app, session);
  const post = await heldAd(app, id);
  await app.repos.advertiser.setHeld(id, 'refused');
  await audit(app.repos, actor, client, { action: 'ad.refuse', target: { type: post.type, id }, reason, before: { held: post.held_reason }, after: { held: 'refused' } });
  await mailOwner(app, post, `Your ad "${post.title}" was not approved`, [
    `We could not approve your ad "${post.title}": ${reason}`, appealLine(app),
  ]);
  return { data: { id, status: 'draft', draft_reason: 'refused' }, message: 'Refused: the advertiser is told why.' };
}

const CategorySchema = z.object({ category: z.string({ error: 'Choose a category.' }).trim().min(1, 'Choose a category.').max(120) });

/** POST ads/{id}/category {category}: corrects a held ad's category (a child category of its type). */
export async function setAdCategory(app: AppContext, actor: Actor, client: string, id: number, input: unknown) {
  const { category } = parseInput(CategorySchema, input);
  const post = await heldAd(app, id);
  const row = (await app.repos.catalog.findCategoryTree()).find((item) => item.type === post.type && item.slug === category && item.parent_id !== null);
  if (!row) throw new AppError(422, `There is no ${post.type} category '${category}'.`, { category: [`There is no ${post.type} category '${category}'.`] });
  const before = (await app.repos.catalog.findPostCategories([id])).map((item) => item.slug);
  await app.repos.advertiser.setPostCategories(id, [row.id]);
  await audit(app.repos, actor, client, { action: 'ad.category', target: { type: post.type, id }, before: { categories: before }, after: { categories: [row.slug] } });
  return { data: { id, categories: [row.slug] }, message: `The category is ${row.name} now.` };
}

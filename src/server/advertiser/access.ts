/**
 * Who the advertiser site is for, and the owned things it loads (issue 25, decision 0016): every route asks these
 * first. A signed-in user without the advertiser role gets a 403 that says to become one; another advertiser's
 * profile or ad is a 404, never a 403 that says it exists.
 */
import type { AppContext } from '../app-types.ts';
import type { Repositories } from '../db/repositories.ts';
import { actorOf } from '../accounts/accounts.ts';
import type { AdvertiserProfileRow, OwnPostRow } from '../db/rows.ts';
import { AppError, notFound } from '../errors.ts';
import { canEditPost, canEditProfile, hasRole, type Actor } from '../policies.ts';

/** The signed-in advertiser, or the 403 of the become-advertiser prompt. */
export async function requireAdvertiser(app: AppContext, userId: number): Promise<Actor> {
  const actor = await actorOf(app, userId);
  if (!hasRole(actor, 'advertiser')) throw new AppError('not_advertiser');
  return actor;
}

/** A profile the actor owns, or a 404. */
export async function ownedProfile(app: { repos: Repositories }, actor: Actor, id: number): Promise<AdvertiserProfileRow> {
  const profile = await app.repos.advertiser.findProfile(id);
  if (!profile || !canEditProfile(actor, profile)) throw notFound('no_such_business');
  return profile;
}

/** An ad the actor may edit (its author for hireme, its business's owner otherwise), or a 404. */
export async function ownedPost(app: { repos: Repositories }, actor: Actor, id: number): Promise<OwnPostRow> {
  const post = await app.repos.listings.findPost(id);
  if (!post || !canEditPost(actor, post)) throw notFound('no_such_ad');
  return post;
}

/**
 * Taking listings off the site and back (issue 39, decision 0027): an owner removes their ad; an operator hides, shows
 * again or removes an ad or a business (with every ad under it), and suspends or restores an account (what it owns
 * leaves the site with it). Each runs in one transaction: the compare-and-set decides (a second hide of the same ad
 * finds it hidden: a 409, no second audit row, no second mail), and the open reports, the audit row with its reason,
 * the owner's mail quoting it, the search rows and the cache tags go in the same transaction.
 */
import { audit } from '../audit-log.ts';
import type { Repositories } from '../db/repositories.ts';
import { command } from '../command.ts';
import type { AdvertiserProfileRow } from '../db/rows.ts';
import { AppError, notFound } from '../errors.ts';
import type { Actor } from '../policies.ts';
import { adCommand, asOperator, asOwner, conflict, ownerOf, type Acting, type LoadedPost } from './access.ts';
import { allowed, statusesFrom, type ActorKind } from './lifecycle.ts';
import { postsChanged } from '../changes.ts';
import type { ListingDeps } from './deps.ts';
import { decisionLines, mailAccount } from './mails.ts';
import { say } from '../../shared/said.ts';

/** An open invoice of an ad that will not go live now is voided (it keeps its number). */
async function voidOpen(deps: ListingDeps, tx: Repositories, awaiting: { id: number } | undefined, reason: string): Promise<void> {
  if (awaiting) await deps.billing.void(tx, awaiting.id, reason);
}

interface OnAd { acting: Acting; id: number; deps: ListingDeps }

const removing = adCommand<OnAd, void>('remove', {
  run: async (tx, loaded, { deps, id }) => {
    if (!(await tx.listings.move(id, { from: [loaded.post.status], status: 'removed', hiddenBy: null }))) throw conflict('ad_removed_already');
    await voidOpen(deps, tx, loaded.awaiting, 'The ad was removed before it was paid');
    await postsChanged(tx, [id], [loaded.post.profile_id]);
  },
});

/** The owner removes their ad: it leaves the site for good (its old address answers 410), its open invoice voided. */
export function removeOwn(deps: ListingDeps, actor: Actor, id: number): Promise<void> {
  return removing(deps.repos, { deps, acting: asOwner(actor), id });
}

const WORDS = { hide: 'hidden', unhide: 'shown again', remove: 'removed' } as const;
export type ModerationAction = keyof typeof WORDS;

type Moderation = OnAd & { actor: Actor; client: string; action: ModerationAction; reason: string | null };

async function moderatedAd(tx: Repositories, loaded: LoadedPost, { deps, actor, client, id, action, reason }: Moderation): Promise<void> {
  const { post } = loaded;
  let moved: boolean;
  if (action === 'hide') moved = await tx.listings.move(id, { from: [post.status], status: 'hidden', hiddenBy: 'post', moderationReason: reason });
  else if (action === 'unhide') {
    if (post.hidden_by !== 'post') throw conflict('ad_hidden_with_business');
    moved = await tx.listings.unhidePost(id);
  } else moved = await tx.listings.move(id, { from: [post.status], status: 'removed', hiddenBy: null, moderationReason: reason });
  if (!moved) throw conflict(`ad_cannot_be_${action}`);
  if (action === 'remove') await voidOpen(deps, tx, loaded.awaiting, 'The ad was removed by our moderators before it was paid');
  if (action !== 'unhide') await tx.moderation.handleReports({ kind: 'post', id });
  await postsChanged(tx, [id], [post.profile_id]);
  await audit(tx, actor, client, { action: `listing.${action}`, target: { type: post.type, id }, reason, before: { status: loaded.state }, after: { status: WORDS[action] } });
  if (action !== 'unhide') {
    await mailAccount(deps, tx, ownerOf(post), say(action === 'hide' ? 'mail_listing_hidden_subject' : 'mail_listing_removed_subject', { title: post.title }),
      decisionLines(deps, say(action === 'hide' ? 'mail_listing_hidden' : 'mail_listing_removed', { title: post.title }), reason));
  }
}

const moderating = { hide: adCommand('hide', { run: moderatedAd }), unhide: adCommand('unhide', { run: moderatedAd }), remove: adCommand('remove', { run: moderatedAd }) };

/** An operator hides, shows again or removes an ad, with a reason (none to show it again). */
export function moderatePost(deps: ListingDeps, actor: Actor, client: string, id: number, action: ModerationAction, reason: string | null): Promise<void> {
  return moderating[action](deps.repos, { deps, acting: asOperator(actor, client), actor, client, id, action, reason });
}

/** An operator hides, shows again or removes a business with every ad under it. */
export function moderateProfile(deps: ListingDeps, actor: Actor, client: string, id: number, action: ModerationAction, reason: string | null): Promise<void> {
  return moderatingProfile(deps.repos, { deps, actor, client, id, action, reason });
}

const moderatingProfile = command<{ deps: ListingDeps; actor: Actor; client: string; id: number; action: ModerationAction; reason: string | null }, AdvertiserProfileRow, void>({
  load: async (tx, { id }) => {
    const profile = await tx.advertiser.findProfile(id);
    if (!profile) throw notFound('no_such_listing');
    return profile;
  },
  run: async (tx, profile, { deps, actor, client, id, action, reason }) => {
    const before = profile.hidden ? 'hidden' : 'visible';
    // The business's ads move as the table moves each ad, set at once: the compare-and-set on the business decides.
    const moved = action === 'hide' ? await tx.listings.hideProfile(id, 'operator', reason, statusesFrom('hide'))
      : action === 'unhide' ? await tx.listings.unhideProfile(id, 'operator')
        : await tx.listings.removeProfile(id, reason, statusesFrom('remove'));
    if (!moved.changed) {
      throw (action === 'unhide' && profile.hidden ? conflict('business_hidden_by_suspension') : conflict(`business_cannot_be_${action}`, { state: before }));
    }
    if (action !== 'unhide') await tx.moderation.handleReports({ kind: 'profile', id });
    // Ads removed with their business will not go live: the invoices they waited on are voided.
    if (action === 'remove') {
      for (const [, invoice] of await tx.invoices.findAwaitingPayment(moved.posts)) await deps.billing.void(tx, invoice.id, 'The business was removed by our moderators before the ad was paid');
    }
    await postsChanged(tx, moved.posts, [id]);
    await audit(tx, actor, client, { action: `listing.${action}`, target: { type: 'profile', id }, reason, before: { status: before }, after: { status: WORDS[action], posts: moved.posts.length } });
    if (action !== 'unhide') {
      await mailAccount(deps, tx, profile.owner_user_id, say(action === 'hide' ? 'mail_listing_hidden_subject' : 'mail_listing_removed_subject', { title: profile.name }),
        decisionLines(deps, say(action === 'hide' ? 'mail_business_hidden' : 'mail_business_removed', { title: profile.name }), reason));
    }
  },
});

/** Hides (or shows again) everything an account owns, as its suspension's; answers the businesses and ads it moved. */
async function ownedMoved(tx: Repositories, userId: number, hide: boolean): Promise<{ profiles: number[]; posts: number[] }> {
  const profiles: number[] = [];
  const posts: number[] = [];
  for (const profileId of await tx.listings.findOwnedProfileIds(userId, { hiddenBySuspension: !hide })) {
    const moved = hide ? await tx.listings.hideProfile(profileId, 'suspension', null, statusesFrom('suspendOwner')) : await tx.listings.unhideProfile(profileId, 'suspension');
    if (moved.changed) profiles.push(profileId);
    posts.push(...moved.posts);
  }
  await postsChanged(tx, posts, profiles);
  return { profiles, posts };
}

/**
 * An operator suspends an account: its sessions end, what it owns leaves the site, its paid plans stop renewing, and it
 * is mailed the reason and where to appeal. An account suspended already is a 409: no second mail, no second audit row.
 */
export function suspendOwner(deps: ListingDeps, actor: Actor, client: string, userId: number, suspension: { until: string | null; reason: string; message: string }): Promise<{ profiles: number; posts: number }> {
  return suspending(deps.repos, { deps, actor, client, userId, suspension });
}

const suspending = command<{ deps: ListingDeps; actor: Actor; client: string; userId: number; suspension: { until: string | null; reason: string; message: string } }, void, { profiles: number; posts: number }>({
  load: async (tx, { userId }) => {
    if (!(await tx.users.findUser(userId))) throw notFound('no_such_user');
  },
  run: async (tx, _user, { deps, actor, client, userId, suspension }) => {
    if (!(await tx.listings.suspendAccount(userId, { until: suspension.until, reason: suspension.reason }))) throw conflict('account_suspended_already');
    // Its sessions end, and its businesses' paid plans stop renewing at their period's end.
    await tx.auth.deleteUserSessions(userId);
    await tx.subscriptions.stopRenewing(userId);
    const hidden = await ownedMoved(tx, userId, true);
    const counts = { profiles: hidden.profiles.length, posts: hidden.posts.length };
    // The reports about what the account wrote in conversations are acted on: they leave the queue.
    const reports = await tx.moderation.handleReportsOnUser(userId);
    await audit(tx, actor, client, { action: 'user.suspend', target: { type: 'user', id: userId }, reason: suspension.reason, before: { suspended: false }, after: { suspended: true, until: suspension.until, ...counts, reports } });
    await mailAccount(deps, tx, userId, say('mail_suspended_subject'), [suspension.message, say('mail_suspended_listings')]);
    return counts;
  },
});

/**
 * An account is restored (by an operator, or by the `end_suspensions` job when its end date passed): it may sign in
 * again and what its suspension hid is back. One not suspended is a 409.
 */
export function restoreOwner(deps: ListingDeps, acting: Acting, userId: number): Promise<{ profiles: number; posts: number }> {
  return restoring(deps.repos, { deps, acting, userId });
}

const restoring = command<{ deps: ListingDeps; acting: Acting; userId: number }, void, { profiles: number; posts: number }>({
  load: async () => undefined,
  // The site restores an account when its end date passed; otherwise an operator does.
  allow: (_none, { acting }) => {
    if (allowed('restoreOwner', 'hidden', acting.kind as ActorKind) === 'wrong_actor') throw new AppError('may_not_restore_account');
  },
  run: async (tx, _none, { deps, acting, userId }) => {
    if (!(await tx.listings.restoreAccount(userId))) throw conflict('account_not_suspended');
    const shown = await ownedMoved(tx, userId, false);
    const counts = { profiles: shown.profiles.length, posts: shown.posts.length };
    if (acting.kind === 'operator') {
      await audit(tx, acting.actor, acting.client, { action: 'user.restore', target: { type: 'user', id: userId }, before: { suspended: true }, after: { suspended: false, ...counts } });
    }
    await mailAccount(deps, tx, userId, say('mail_restored_subject'), [say(acting.kind === 'operator' ? 'mail_restored_operator' : 'mail_restored_ended')]);
    return counts;
  },
});

/**
 * What follows a change of what the public site shows, written by the command that makes it, in its transaction
 * (issue 60, decision 0015): the search rows of the ads it touched are rewritten and the cache tags of what showed them
 * named (one vocabulary: cache/tags.ts), so every process drops its copies within its poll and a rolled-back change
 * names nothing. The repositories only store; none of this happens in their binding.
 */
import { cacheTags } from './cache/tags.ts';
import type { Repositories } from './db/repositories.ts';
import type { ListingRef } from './db/rows.ts';

/** Ads changed (and the businesses whose pages or lists show them): their search rows, their pages and the lists. */
export async function postsChanged(tx: Repositories, postIds: readonly number[], profileIds: readonly number[] = []): Promise<void> {
  await tx.listings.reindex(postIds);
  const tags = [...postIds.map(cacheTags.post), ...profileIds.map(cacheTags.profile), ...(profileIds.length > 0 ? [cacheTags.allLists] : [])];
  if (tags.length > 0) await tx.cache.invalidate(tags);
}

/** A business's page changed (its details, its badges); `postIds`: its ads whose search rows carry what changed. */
export async function profileChanged(tx: Repositories, profileId: number, postIds: readonly number[] = []): Promise<void> {
  await tx.listings.reindex(postIds);
  await tx.cache.invalidate([cacheTags.profile(profileId)]);
}

/** The tag of a listing's page. */
const listingTag = (listing: ListingRef): string => (listing.type === 'profile' ? cacheTags.profile(listing.id) : cacheTags.post(listing.id));

/** A review of a listing was answered, or its answer removed: the listing's pages show it. */
export async function reviewAnswered(tx: Repositories, reviewId: number): Promise<void> {
  const listing = await tx.engagement.findReviewListing(reviewId);
  if (listing) await tx.cache.invalidate([listingTag(listing)]);
}

/**
 * A review was written, hidden, shown, held or removed: its listing's rating counts visible reviews only, so it
 * follows, with the ad's search row and the listing's cached pages.
 */
export async function reviewShown(tx: Repositories, reviewId: number): Promise<void> {
  const listing = await tx.engagement.findReviewListing(reviewId);
  if (listing) await ratingChanged(tx, listing);
}

/** A listing's rating is counted again from its visible reviews, with its search row and pages. */
export async function ratingChanged(tx: Repositories, listing: ListingRef): Promise<void> {
  await tx.engagement.refreshRating(listing);
  if (listing.type !== 'profile') await tx.listings.reindex([listing.id]);
  await tx.cache.invalidate([listingTag(listing)]);
}

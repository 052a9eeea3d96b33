/**
 * Writing reviews (spec §4 Review submission, §5): a signed-in person reviews a services or buysell
 * post or a profile, with up to 3 images they uploaded through POST review/image. One review per person
 * and listing: writing again edits it. The listing's rating and count, its search rows and the
 * cache tags follow, and its images are marked used, in the same transaction (saveReview, migration 0009).
 */
import type { Review } from '../../shared/schemas/catalog.ts';
import { z } from 'zod';
import { ListingRefTypeSchema } from '../../shared/schemas/catalog.ts';
import { ReviewFormSchema } from '../../shared/schemas/engagement.ts';
import { requireUser } from '../accounts/accounts.ts';
import type { AppContext } from '../app-types.ts';
import { ratingChanged } from '../changes.ts';
import type { Repositories } from '../db/repositories.ts';
import type { ReviewInput } from '../db/rows.ts';
import { AppError, parseInput } from '../errors.ts';
import { ownUploadedImages } from './own-uploads.ts';
import { reviewChecks } from '../moderation/checks.ts';
import { clientHash } from './messages.ts';
import { isSharedClient } from '../client-ip.ts';
import { fieldWord, say } from '../../shared/said.ts';

/**
 * Stores a review with its images in one transaction: the review (or the person's edit of it), its images in order,
 * the uploads marked used (a review whose images were not would lose them to the stale-upload sweep, review D5), and
 * the listing's rating with its search rows. Returns the review's id.
 */
export function saveReview(repos: Repositories, review: ReviewInput): Promise<number> {
  return repos.transaction(async (tx) => {
    const id = await tx.engagement.upsertReview(review);
    await tx.engagement.setReviewMedia(id, review.mediaIds);
    await tx.uploads.attachImages(review.mediaIds);
    await ratingChanged(tx, review.listing);
    return id;
  });
}

export async function writeReview(app: AppContext, userId: number, input: unknown, client = 'unknown', device: string | null = null): Promise<{ message: string; data: Review & { held?: boolean } }> {
  const form = parseInput(ReviewFormSchema, input);
  const listing = { type: form.type, id: form.id };
  if (!(await app.repos.catalog.listingExists(listing))) throw new AppError('listing_not_found');
  const user = await requireUser(app, userId);
  const images = await ownUploadedImages(app, userId, form.images, listing);
  const mediaIds = images.map((image) => image.id);
  await app.limits.hit('review', `user:${userId}`);
  // A link, a banned word or a burst from one client holds it hidden for an operator (issue 28).
  // A client that names no one person (this machine behind an untrusted proxy, a private network, carrier-grade NAT)
  // is not kept: comparing it would tie strangers together (the burst check, the review filter).
  const hashedClient = isSharedClient(client) ? null : clientHash(client);
  const checks = await reviewChecks(app, { listing, content: form.content, clientHash: hashedClient });
  const id = await saveReview(app.repos, {
    listing, userId, reviewerName: user.name, rating: form.rating, content: form.content, mediaIds, heldReason: checks.length > 0 ? checks.join(',') : null, clientHash: hashedClient,
    deviceHash: device ? clientHash(`device:${device}`) : null,
  });
  return {
    message: checks.length > 0 ? say('api_review_held') : say('api_review_posted'),
    data: {
      ...(checks.length > 0 ? { held: true } : {}),
      id,
      // As the listing's review list will show it (a review keeps the name, not the account's photo).
      user: { name: user.name, image: null },
      created_at: new Date(app.clock.now()).toISOString(),
      rating: form.rating,
      content: form.content,
      images: images.map((image) => ({ image: app.media.imageUrls(image)! })),
      // The owner's answer, if an edited review has one, shows in the listing's review list.
      reply: null,
    },
  };
}

const OwnReviewQuerySchema = z.object({
  type: ListingRefTypeSchema,
  id: z.string({ error: say('form_required', { field: fieldWord('Id') }) }).regex(/^\d{1,12}$/, say('form_id_not_valid')).transform(Number),
});

/**
 * GET /api/review/mine?type=&id=: the caller's own review of a listing, if any, and whether it waits for a check (held
 * by a write-time check or the review filter): its writer reads "Your review is waiting for a check".
 */
export async function ownReview(app: AppContext, userId: number, query: unknown): Promise<{ id: number; waiting: boolean } | null> {
  const listing = parseInput(OwnReviewQuerySchema, query);
  return (await app.repos.engagement.findOwnReview(userId, listing)) ?? null;
}

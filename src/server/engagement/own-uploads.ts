/** Images a signed-in person uploaded first (POST review/image, POST enquire/image) and a form then names. */
import type { AppContext } from '../app-types.ts';
import type { ListingRef, StoredImageFiles } from '../db/rows.ts';
import { invalid } from '../errors.ts';
import { actorOf } from '../accounts/accounts.ts';
import { canUseUploadedImage } from '../policies.ts';

/** The upload owner of a signed-in user (uploads.owner). */
export const userUploadOwner = (userId: number) => `user:${userId}`;

/**
 * The images a form names by the URL the upload answered (their full variant), in order; only this
 * person's own uploads that nothing uses yet count (or, editing a review, the images already on it), and
 * any other is a 422 on `images` (security probe item 16: one upload on several reviews).
 */
export async function ownUploadedImages(app: AppContext, userId: number, images: readonly { full: string }[], sameReview?: ListingRef): Promise<(StoredImageFiles & { id: number })[]> {
  if (images.length === 0) return [];
  const prefix = app.media.mediaUrl('');
  const paths = images.map((image) => (image.full.startsWith(prefix) ? image.full.slice(prefix.length) : ''));
  const actor = await actorOf(app, userId);
  const found = (await app.repos.uploads.findUploadedImages(paths)).filter((image) => canUseUploadedImage(actor, image, sameReview));
  if (found.length !== paths.length) throw invalid('images', 'upload_again');
  return found.map(({ id, thumbnail, full, thumbnail_webp, full_webp }) => ({ id, thumbnail, full, thumbnail_webp, full_webp }));
}

/**
 * Follow (spec §4, §7): a signed-in person follows or unfollows a post or a profile with one call,
 * and lists what they follow (the browser's `followed` store and My area's Following tab).
 */
import { z } from 'zod';
import { ListingRefTypeSchema } from '../../shared/schemas/catalog.ts';
import { postUrl, profileUrl } from '../../shared/urls.ts';
import type { AppContext } from '../app-types.ts';
import { AppError, parseInput } from '../errors.ts';

const FOLLOWED = 'Followed.';
const UNFOLLOWED = 'Unfollowed.';
/** Items of one page of the following list. */
const FOLLOWS_PAGE_SIZE = 50;

const FollowSchema = z.object({
  type: ListingRefTypeSchema,
  id: z.coerce.number({ error: 'The id field is required.' }).int().positive('The id field is required.'),
});

/** POST follow {type, id}: toggles; `data` is 'Followed.' or 'Unfollowed.' (spec §7). */
export async function toggleFollow(app: AppContext, userId: number, input: unknown): Promise<{ message: string; data: string }> {
  const listing = parseInput(FollowSchema, input);
  if (!(await app.repos.catalog.listingExists(listing))) throw new AppError(404, 'Listing not found.');
  await app.limits.hit('follow', `user:${userId}`);
  const message = (await app.repos.follows.toggleFollow(userId, listing)) ? FOLLOWED : UNFOLLOWED;
  return { message, data: message };
}

/** GET follow: what the user follows, newest first (spec §3: followable with variant and id). */
export async function listFollows(app: AppContext, userId: number, page: number) {
  const rows = await app.repos.follows.findFollows(userId, FOLLOWS_PAGE_SIZE + 1, (page - 1) * FOLLOWS_PAGE_SIZE);
  return {
    data: rows.slice(0, FOLLOWS_PAGE_SIZE).map((row) => ({
      id: row.id,
      type: row.type,
      variant: row.type === 'profile' ? 'profile' as const : 'post' as const,
      followable: {
        title: row.title,
        slug: row.slug,
        url: row.type === 'profile' ? profileUrl(row.slug) : postUrl(row.type, row.slug),
        image: app.media.imageUrls(row),
      },
      created_at: row.created_at,
    })),
    page,
    has_more: rows.length > FOLLOWS_PAGE_SIZE,
  };
}

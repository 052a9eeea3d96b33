/**
 * Follow (spec §4, §7): a signed-in person follows or unfollows a post or a profile with one call,
 * and lists what they follow (the browser's `followed` store and My area's Following tab).
 */
import { z } from 'zod';
import { ListingRefTypeSchema } from '../../shared/schemas/catalog.ts';
import { postUrl, profileUrl } from '../../shared/urls.ts';
import type { AppContext } from '../app-types.ts';
import { AppError, parseInput } from '../errors.ts';
import { sayIn } from '../say-in.ts';
import { fieldWord, say } from '../../shared/said.ts';

const FOLLOWED = say('api_followed');
const UNFOLLOWED = say('api_unfollowed');
/** Items of one page of the following list. */
const FOLLOWS_PAGE_SIZE = 50;

const FollowSchema = z.object({
  type: ListingRefTypeSchema,
  id: z.coerce.number({ error: say('form_field_required', { field: fieldWord('id') }) }).int().positive(say('form_field_required', { field: fieldWord('id') })),
});

/** POST follow {type, id}: toggles; `data` is 'Followed.' or 'Unfollowed.' (spec §7), `message` the same in the caller's words. */
export async function toggleFollow(app: AppContext, userId: number, input: unknown): Promise<{ message: string; data: string }> {
  const listing = parseInput(FollowSchema, input);
  if (!(await app.repos.catalog.listingExists(listing))) throw new AppError('listing_not_found');
  await app.limits.hit('follow', `user:${userId}`);
  const message = (await app.repos.follows.toggleFollow(userId, listing)) ? FOLLOWED : UNFOLLOWED;
  return { message, data: sayIn(message, 'en') };
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

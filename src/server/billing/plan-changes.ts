/**
 * A business taking the plan its running subscription names (FREE when all ended), inside the caller's transaction:
 * its ads follow it, their search rows are rewritten and the cache tags of the business and its ads are named.
 */
import { cacheTags } from '../cache/tags.ts';
import type { Repositories } from '../db/repositories.ts';

/** These businesses (all, without `profileIds`) take their running plan; answers those that changed. */
export async function applyPlans(tx: Repositories, profileIds?: readonly number[]): Promise<{ id: number; plan: string }[]> {
  const applied = await tx.subscriptions.applyPlans(profileIds);
  await tx.listings.reindex(applied.posts);
  const tags = [...applied.profiles.map((profile) => cacheTags.profile(profile.id)), ...applied.posts.map(cacheTags.post)];
  if (tags.length > 0) await tx.cache.invalidate(tags);
  return applied.profiles;
}

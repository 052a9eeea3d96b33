/**
 * What follows any change of listings, in its transaction (issue 39): their search rows are rewritten, and the cache
 * tags of what showed them are named (the search index names those of the rows it rewrites; the command adds the
 * listing's own, one vocabulary: cache/tags.ts), so every process drops its copies within its poll.
 */
import { cacheTags } from '../cache/tags.ts';
import type { Repositories } from '../db/repositories.ts';

export async function postsChanged(tx: Repositories, postIds: readonly number[], profileIds: readonly number[] = []): Promise<void> {
  await tx.listings.reindex(postIds);
  const tags = [...postIds.map(cacheTags.post), ...profileIds.map(cacheTags.profile), ...(profileIds.length > 0 ? [cacheTags.allLists] : [])];
  if (tags.length > 0) await tx.cache.invalidate(tags);
}

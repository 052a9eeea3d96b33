import type { Db } from '../connection.ts';
import { NOW_SQL, statement } from '../query.ts';
import { reindexPosts } from './search-index.ts';

/** Marks active posts past their expiry as expired and takes them out of search, in the caller's transaction. */
export function expirePosts(db: Db): number {
  const ids = (statement(db, `UPDATE posts SET status = 'expired'
    WHERE status = 'active' AND expires_at IS NOT NULL AND expires_at <= ${NOW_SQL} RETURNING id`).all() as { id: number }[])
    .map((row) => Number(row.id));
  reindexPosts(db, ids);
  return ids.length;
}

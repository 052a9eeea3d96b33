/**
 * The cache tags (decision 0017), one vocabulary: what a cached page, search answer or list carries, and what a change
 * names so every process drops it. A listing's commands (listings/) name the tags of what they change, in their
 * transaction; the search index names the tags of the rows it rewrites; pages carry the tags of what they show.
 */
import type { ListingType } from '../../shared/constants.ts';

export const cacheTags = {
  /** An ad's page and every card of it. */
  post: (id: number) => `post:${id}`,
  /** A business's (or person's) page and what shows it. */
  profile: (id: number) => `profile:${id}`,
  /** The lists of a type (its landing page, its search), and of every type. */
  list: (type: ListingType | string) => `list:${type}`,
  allLists: 'list:all',
  category: (type: ListingType | string, slug: string) => `category:${type}/${slug}`,
  location: (type: ListingType | string, place: string) => `location:${type}/${place}`,
  /** A page by its path (an ad's old address keeps answering until this is dropped). */
  path: (path: string) => `path:${path}`,
  sitemap: (file: string) => `sitemap:${file}`,
  /** Everything (a rebuild of the search index). */
  everything: '*',
} as const;

/** The tags of a search row of a live post, as the search index places it (both backends). */
export function searchRowTags(row: {
  post_id: number; type: string; profile_id: number; slug: string; category: string; parent: string | null; state: string | null; city: string | null;
}): string[] {
  return [
    cacheTags.post(row.post_id), cacheTags.profile(row.profile_id), cacheTags.list(row.type), cacheTags.allLists, cacheTags.category(row.type, row.category),
    ...(row.parent ? [cacheTags.category(row.type, row.parent)] : []), ...(row.state ? [cacheTags.location(row.type, row.state)] : []),
    ...(row.city ? [cacheTags.location(row.type, row.city)] : []), cacheTags.path(`/${row.type}/${row.slug}`), cacheTags.sitemap(`posts-${row.type}`),
  ];
}

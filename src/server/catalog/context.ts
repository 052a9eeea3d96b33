import type { Repositories } from '../db/repositories.ts';
import type { CacheInvalidations } from '../cache/invalidations.ts';
import type { MediaUrls } from '../media/urls.ts';

/** What the catalogue services read through: the repositories and the media URL builder. */
export interface CatalogContext {
  repos: Repositories;
  media: MediaUrls;
  /** The serving process's invalidations (decision 0017): shared home and header data live until a change names them. */
  invalidations?: CacheInvalidations;
  /** The app's clock (today's special hours); the system's when left out. */
  clock?: { now(): number };
}

import type { Repositories } from '../db/repositories.ts';
import type { MediaUrls } from '../media/urls.ts';

/** What the catalogue services read through: the repositories and the media URL builder. */
export interface CatalogContext {
  repos: Repositories;
  media: MediaUrls;
}

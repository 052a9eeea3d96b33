import type { CmsPage } from '../../shared/schemas/catalog.ts';
import { sanitizeRichText } from './html.ts';
import type { Db } from '../db/connection.ts';
import { findCmsPage, findCountries, findStates } from '../db/repositories/content.ts';

export function getCmsPage(db: Db, page: string): CmsPage | undefined {
  const found = findCmsPage(db, page);
  return found && { article_title: found.article_title, article_content: sanitizeRichText(found.article_content) };
}

export function getCountries(db: Db) {
  return findCountries(db);
}

export function getStates(db: Db) {
  return findStates(db);
}

import type { CmsPage } from '../../shared/schemas/catalog.ts';
import type { Locale } from '../../shared/locale.ts';
import type { CatalogContext } from './context.ts';
import { sanitizeRichText } from './html.ts';

/** A static page in `locale` (English where it has no words of its own) with its HTML cleaned, or undefined. */
export async function getCmsPage({ repos }: CatalogContext, page: string, locale: Locale = 'en'): Promise<CmsPage | undefined> {
  const found = await repos.catalog.findCmsPage(page, locale);
  return found && { article_title: found.article_title, article_content: sanitizeRichText(found.article_content) };
}

/** Countries with their calling codes (spec §3 Country). */
export function getCountries({ repos }: CatalogContext) {
  return repos.catalog.findCountries();
}

/** States by name (spec §3 State). */
export function getStates({ repos }: CatalogContext) {
  return repos.catalog.findStates();
}

import type { AstroGlobal } from 'astro';
import { ListingTypeSchema } from '../../shared/schemas/catalog.ts';
import type { ListingType } from '../../shared/constants.ts';
import { getSpecializationsByType } from '../catalog/home.ts';
import { publicPage } from '../http.ts';
import { cacheTags } from '../cache/tags.ts';

/**
 * The categories of a fragment page's listing type (/fragments/menu/[type], /fragments/strip/[type]), in the page's
 * language (/ms/fragments/… in Malay): cacheable and never indexed; an unknown type is a 404 with no categories.
 */
export async function categoryFragment(astro: AstroGlobal) {
  const type = ListingTypeSchema.safeParse(astro.params.type);
  astro.response.headers.set('X-Robots-Tag', 'noindex');
  if (!type.success) {
    astro.response.status = 404;
    return undefined;
  }
  publicPage(astro.response.headers, [cacheTags.list(type.data)]);
  return { type: type.data as ListingType, categories: (await getSpecializationsByType(astro.locals.app, { locale: astro.locals.locale }))[type.data] };
}

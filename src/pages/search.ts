import type { APIRoute } from 'astro';
import { ListingTypeSchema } from '../shared/schemas/catalog.ts';
import { searchHref } from '../shared/search-params.ts';

/**
 * The header search form without JavaScript: its GET lands here and is sent on to
 * /{cat}/l?what=…&where=… (with JavaScript the form goes there directly).
 */
export const GET: APIRoute = ({ url, redirect }) => {
  const cat = ListingTypeSchema.catch('services').parse(url.searchParams.get('cat'));
  const what = url.searchParams.get('what')?.trim().slice(0, 200) || undefined;
  const where = url.searchParams.get('where')?.trim().slice(0, 100) || undefined;
  const ul = url.searchParams.get('ul')?.trim().slice(0, 60) || undefined;
  return redirect(searchHref({ cat, main: null, sub: null, params: { what, where, ul }, view: 'grid' }), 302);
};

import type { APIRoute } from 'astro';
import { openSavedSearchPage } from '../../server/pages/saved-search-pages.ts';

/** My area's Open of a saved search (issue 29): what is new is seen now, then its search page. */
export const GET: APIRoute = ({ locals, request, params }) => openSavedSearchPage(locals.app, request, params.id);

/**
 * The pages of saved searches that work without JavaScript (issue 29):
 * - /saved-searches: a search page's 'Save this search' (a GET carrying the page's address) asks for a name and how
 *   often to e-mail; the form posts urlencoded, with the session's token field, and saves through the same service as
 *   POST /api/saved-searches, then goes back to the search page with a notice. Signed out, it explains that signing
 *   in needs JavaScript.
 * - /saved-searches/{id}: My area's Open: what is new is seen, then the search page.
 * - /saved-searches/unsubscribe?token=…: where an alert's unsubscribe link leads a person (a GET never unsubscribes:
 *   mail scanners follow links); its button posts to the one-click route.
 */
import { SavedSearchNameSchema, type Frequency } from '../../shared/saved-searches.ts';
import { searchSummary } from '../saved-searches/summary.ts';
import { currentLocale } from '../../shared/i18n.ts';
import { toSearchTree } from '../../shared/search-page.ts';
import { readSearchHref, searchHref, toSearchRequest, type SearchState } from '../../shared/search-params.ts';
import { findPageSession } from '../accounts/sessions.ts';
import type { AppContext } from '../app-types.ts';
import { MAX_JSON_BYTES } from '../api/body.ts';
import { getSpecializationsByType } from '../catalog/home.ts';
import { CSRF_MISMATCH, csrfTokensMatch, XSRF_FIELD } from '../csrf.ts';
import { AppError } from '../errors.ts';
import { openSavedSearch, saveSearch } from '../saved-searches/saved-searches.ts';
import { savedSearchOfToken } from '../saved-searches/unsubscribe.ts';
import { plainAnswer, readPageForm } from './page-form.ts';

/** The id of the search page's notice that CSS shows when the address names it (the page stays the same for everyone). */
const SAVED_NOTICE = 'search-saved';

/** The search page an address names (`/{type}/l[/main[/sub]]?…`), or null when it is not one. */
function searchPageOf(address: string | null): SearchState | null {
  const state = readSearchHref(address ?? '');
  if (!state) return null;
  delete state.params.page;
  delete state.params.live_since;
  return { ...state, view: 'grid' };
}

export interface SaveSearchPage {
  /** A finished answer (a redirect, 415, 413, 419) instead of the page. */
  response?: Response;
  status: number;
  /** The search page being saved, its address and summary; null when the address is not a search page. */
  search: { href: string; summary: string } | null;
  signedIn: boolean;
  /** False for an account without an e-mail: alerts stay off. */
  mailable: boolean;
  token: string;
  values: { name: string; frequency: string };
  errors: Record<string, string>;
}

/** /saved-searches: GET asks, POST saves (the session's token in the form) and goes back to the search page. */
export async function handleSaveSearchPage(app: AppContext, request: Request): Promise<SaveSearchPage> {
  const session = await findPageSession(app, request);
  const user = session ? await app.repos.users.findUser(session.user_id) : undefined;
  let form: URLSearchParams | null = null;
  if (request.method === 'POST') {
    const read = await readPageForm(request, MAX_JSON_BYTES);
    if (read instanceof Response) return { ...empty(), response: read };
    form = read;
  }
  const state = searchPageOf(form ? form.get('search') : new URL(request.url).searchParams.get('search'));
  // In the page's language (issue 42).
  const locale = currentLocale();
  const tree = state ? toSearchTree((await getSpecializationsByType(app, { locale }))[state.cat]) : null;
  const summary = state && tree ? searchSummary(state, tree, locale) : '';
  const page: SaveSearchPage = {
    status: state ? 200 : 404, search: state ? { href: searchHref(state), summary } : null, signedIn: Boolean(session), mailable: Boolean(user?.email),
    token: session?.csrf_token ?? '', values: { name: summary.slice(0, 100), frequency: user?.email ? 'daily' : 'off' }, errors: {},
  };
  if (!form || !state || !session) return page;
  if (!csrfTokensMatch(session.csrf_token, form.get(XSRF_FIELD) ?? '')) {
    return { ...page, response: plainAnswer(419, `${CSRF_MISMATCH} Reload the page and send the form again.`) };
  }
  page.values = { name: form.get('name') ?? '', frequency: form.get('frequency') ?? '' };
  // The form shows the name: left empty, it is asked for again (the API's body may leave it out for the default).
  const name = SavedSearchNameSchema.safeParse(page.values.name);
  if (!name.success) return { ...page, status: 422, errors: { name: name.error.issues[0]?.message ?? 'Give the search a name.' } };
  try {
    await saveSearch(app, { id: session.user_id }, {
      ...toSearchRequest(state), name: name.data, frequency: (page.values.frequency || undefined) as Frequency | undefined,
    });
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 422) throw error;
    return { ...page, status: 422, errors: Object.fromEntries(Object.entries(error.errors ?? {}).map(([field, messages]) => [field, messages[0] ?? ''])) };
  }
  return { ...page, response: new Response(null, { status: 303, headers: { Location: `${searchHref(state)}#${SAVED_NOTICE}`, 'Cache-Control': 'no-store' } }) };
}

function empty(): SaveSearchPage {
  return { status: 200, search: null, signedIn: false, mailable: false, token: '', values: { name: '', frequency: '' }, errors: {} };
}

/** /saved-searches/{id}: the signed-in owner's saved search, seen now, as its search page; anyone else 404 (signed out: My area's tab). */
export async function openSavedSearchPage(app: AppContext, request: Request, id: string | undefined): Promise<Response> {
  const session = await findPageSession(app, request);
  if (!session) return new Response(null, { status: 303, headers: { Location: '/me/saved-searches', 'Cache-Control': 'no-store' } });
  try {
    if (!/^\d{1,12}$/.test(id ?? '')) throw new AppError('no_such_saved_search');
    const href = await openSavedSearch(app, { id: session.user_id }, Number(id));
    return new Response(null, { status: 303, headers: { Location: href, 'Cache-Control': 'no-store' } });
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return plainAnswer(404, 'No such saved search.');
    throw error;
  }
}

/** /saved-searches/unsubscribe?token=…: the saved search the link names, to confirm (or say it is done); null for a bad link. */
export async function unsubscribePage(app: AppContext, token: string | null): Promise<{ name: string; frequency: string } | null> {
  try {
    const row = await savedSearchOfToken(app, token ?? undefined);
    return { name: row.name, frequency: row.frequency };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

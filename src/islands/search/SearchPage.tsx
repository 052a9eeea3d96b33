import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../client/api.ts';
import { PostCard, PostCardSkeleton } from '../../components/PostCard.tsx';
import { LIMITS, LISTING_TYPE_LABELS, LISTING_TYPES, PAGE_SIZES, type ListingType } from '../../shared/constants.ts';
import { isNearMe, NEAR_ME } from '../../shared/near-me.ts';
import { toSearchView, type SearchResponse, type SearchView } from '../../shared/search.ts';
import { categoryNames, searchHeading, searchTitle, type SearchTree } from '../../shared/search-page.ts';
import { changeSearch, readSearchState, searchHref, toSearchRequest, type SearchState } from '../../shared/search-params.ts';
import { AdSlot } from '../AdSlot.tsx';
import { CategoryList } from './CategoryList.tsx';
import { Chips } from './Chips.tsx';
import { FilterBar } from './FilterBar.tsx';
import { Pagination } from './Pagination.tsx';
import { SearchLink } from './SearchLink.tsx';
import { TypeFilters } from './TypeFilters.tsx';

export interface SearchPageProps {
  initialState: SearchState;
  initialResponse: SearchView;
  tree: SearchTree;
  adClient: string | null;
}

export const EMPTY_TEXT = 'No results found for your query. Please try different search parameters.';

function stateFromLocation(): SearchState | null {
  const [, cat, l, main, sub] = window.location.pathname.split('/');
  if (l !== 'l' || !LISTING_TYPES.includes(cat as ListingType)) return null;
  return readSearchState(cat as ListingType, main || null, sub || null, new URLSearchParams(window.location.search));
}

/**
 * The search page: breadcrumbs, title, chips, filters, results and pager. Rendered on the server
 * with the first results; in the browser every link updates the results in place and keeps the
 * URL in step (back and forward work).
 */
export default function SearchPage({ initialState, initialResponse, tree, adClient }: SearchPageProps) {
  const [state, setState] = useState(initialState);
  const [response, setResponse] = useState(initialResponse);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  const top = useRef<HTMLDivElement>(null);

  const load = useCallback(async (next: SearchState, push: boolean) => {
    const request = ++latest.current;
    setState(next);
    if (push) window.history.pushState(null, '', searchHref(next));
    setLoading(true);
    try {
      const result = await api.post('post/search', { json: toSearchRequest(next) }).json<SearchResponse>();
      if (request !== latest.current) return;
      setResponse(toSearchView(result));
      document.title = searchTitle(tree, next, Number(next.params.page ?? 1) || 1, result.results.map((card) => card.plan));
    } catch (error) {
      // A failed update falls back to loading the page itself, which always works.
      console.warn('Search update failed; loading the page instead.', error);
      window.location.assign(searchHref(next));
    } finally {
      if (request === latest.current) setLoading(false);
    }
  }, [tree]);

  const navigate = useCallback((next: SearchState) => {
    void load(next, true);
    top.current?.scrollIntoView({ block: 'start' });
  }, [load]);

  useEffect(() => {
    const onPop = () => {
      const next = stateFromLocation();
      if (next) void load(next, false);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [load]);

  const nearMe = useCallback(() => {
    if (!('geolocation' in navigator)) return console.warn('Geolocation is not available.');
    navigator.geolocation.getCurrentPosition(
      (position) => navigate(changeSearch(state, { params: {
        where: NEAR_ME, ul: `${position.coords.latitude.toFixed(5)},${position.coords.longitude.toFixed(5)}`,
      } })),
      (error) => console.warn('Could not get the location:', error.message),
    );
  }, [navigate, state]);

  const names = categoryNames(tree, state);
  const page = Number(state.params.page ?? 1);
  const where = state.params.where;
  const crumbs: [string, SearchState | null][] = [
    [LISTING_TYPE_LABELS[state.cat].tab, { cat: state.cat, main: null, sub: null, params: {}, view: 'grid' }],
    ...(where && !isNearMe(where) ? [[where, { cat: state.cat, main: null, sub: null, params: { where }, view: 'grid' }] as [string, SearchState]] : []),
    ...(names.main ? [[names.main, { cat: state.cat, main: state.main, sub: null, params: where ? { where } : {}, view: 'grid' }] as [string, SearchState]] : []),
    ...(names.sub ? [[names.sub, null] as [string, null]] : []),
  ];

  return (
    <div ref={top} className="scroll-mt-4" data-testid="search-page" aria-busy={loading}>
      <nav aria-label="Breadcrumb" className="text-sm text-gray-700">
        <ol className="flex flex-wrap gap-1">
          <li><a href="/" className="hover:underline">Malaysia</a></li>
          {crumbs.map(([label, to]) => (
            <li key={label} className="before:content-['›'] before:mr-1">
              {to ? <SearchLink to={to} onNavigate={navigate} className="hover:underline">{label}</SearchLink> : <span aria-current="page">{label}</span>}
            </li>
          ))}
        </ol>
      </nav>
      <h1 className="mt-2 text-2xl font-bold" data-testid="search-title">{searchHeading(state)}</h1>
      <nav aria-label="Categories" className="touch-only mt-3 flex gap-2 overflow-x-auto pb-1 text-sm">
        {tree.map((category) => (
          <SearchLink key={category.slug} to={changeSearch(state, { main: category.slug, sub: null })} onNavigate={navigate}
            className="shrink-0 rounded-full border border-gray-300 bg-white px-3 py-1">{category.name}</SearchLink>
        ))}
      </nav>
      <div className="mt-3 space-y-3">
        <Chips state={state} onNavigate={navigate} />
        <FilterBar state={state} tree={tree} filters={response.filters} onNavigate={navigate} onNearMe={nearMe} />
      </div>
      <AdSlot adClient={adClient} adSlot="search-top" placement="wide" />
      <AdSlot adClient={adClient} adSlot="search-top-mobile" placement="mobile" />
      <div className="mt-4 grid gap-6 lg:grid-cols-[18rem_1fr]">
        <aside className="bg-white rounded-lg p-4 shadow-sm self-start" aria-label="Filters">
          <CategoryList state={state} tree={tree} filters={response.filters} onNavigate={navigate} />
          <TypeFilters state={state} filters={response.filters} onNavigate={navigate} />
        </aside>
        <section aria-labelledby="results-heading">
          <h2 id="results-heading" className="sr-only">Results</h2>
          <div className="flex items-center justify-between mb-3">
            <p className="text-sm text-gray-700" data-testid="result-count">{response.total} results</p>
            <div className="flex gap-1" role="group" aria-label="View">
              {(['grid', 'list'] as const).map((view) => (
                <SearchLink key={view} to={{ ...state, view }} onNavigate={navigate} current={state.view === view}
                  className="rounded border border-gray-300 bg-white px-3 py-1 text-sm aria-[current=true]:bg-ink aria-[current=true]:text-white">
                  {view === 'grid' ? 'Grid' : 'List'}
                </SearchLink>
              ))}
            </div>
          </div>
          {state.params.ul && (
            <aside className="mb-4 rounded-lg border border-yellow-300 bg-yellow-50 p-3 text-sm" data-testid="near-me-box">
              Showing listings near you. Suggestions based on your location will appear here.
            </aside>
          )}
          {loading ? (
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {Array.from({ length: LIMITS.searchSkeletons }, (_, index) => <li key={index}><PostCardSkeleton /></li>)}
            </ul>
          ) : response.results.length === 0 ? (
            <p className="py-12 text-center text-gray-800" data-testid="empty-results">{EMPTY_TEXT}</p>
          ) : (
            <ul className={state.view === 'list' ? 'flex flex-col gap-3' : 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3'} data-testid="results" data-view={state.view}>
              {response.results.map((card) => <li key={card.id} className="flex"><PostCard post={card} layout={state.view} /></li>)}
            </ul>
          )}
          <Pagination state={state} page={page} total={response.total} pageSize={PAGE_SIZES.search} onNavigate={navigate} />
        </section>
      </div>
    </div>
  );
}

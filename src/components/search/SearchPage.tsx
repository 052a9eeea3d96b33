import { PostCard, PostCardSkeleton } from '../PostCard.tsx';
import { PAGE_SIZES } from '../../shared/constants.ts';
import { localHref } from '../../shared/i18n.ts';
import { typeLabel } from '../../shared/type-labels.ts';
import * as m from '../../paraglide/messages.js';
import { isNearMe } from '../../shared/near-me.ts';
import type { SearchView } from '../../shared/search.ts';
import { categoryNames, searchHeading, whereLabel, type NoResultsHelp, type SearchTree } from '../../shared/search-page.ts';
import { changeSearch, SEARCH_VIEWS, searchPath, type SearchState } from '../../shared/search-params.ts';
import type { ReactNode } from 'react';
import { CategoryList } from './CategoryList.tsx';
import { Chips } from './Chips.tsx';
import { FilterBar } from './FilterBar.tsx';
import { Pagination } from './Pagination.tsx';
import { SearchLink } from './SearchLink.tsx';
import { TypeFilters } from './TypeFilters.tsx';


interface SearchPartProps {
  state: SearchState;
  response: SearchView;
  tree: SearchTree;
}

/**
 * The top of the search page: breadcrumbs, title, the touch category strip, chips and the filter bar.
 * Static HTML; search-navigation.ts makes its links update the page in place.
 */
export function SearchHead({ state, response, tree }: SearchPartProps) {
  const names = categoryNames(tree, state);
  const where = state.params.where;
  const crumbs: [string, SearchState | null][] = [
    [typeLabel(state.cat, 'tab'), { cat: state.cat, main: null, sub: null, params: {}, view: 'grid' }],
    ...(where && !isNearMe(where) ? [[whereLabel(where), { cat: state.cat, main: null, sub: null, params: { where }, view: 'grid' }] as [string, SearchState]] : []),
    ...(names.main ? [[names.main, { cat: state.cat, main: state.main, sub: null, params: where ? { where } : {}, view: 'grid' }] as [string, SearchState]] : []),
    ...(names.sub ? [[names.sub, null] as [string, null]] : []),
  ];
  return (
    <>
      <nav aria-label={m.search_breadcrumb()} className="text-sm text-gray-700">
        <ol className="flex flex-wrap gap-1">
          <li><a href={localHref('/')} className="hover:underline">{m.search_root()}</a></li>
          {crumbs.map(([label, to]) => (
            <li key={label} className="before:content-['›'] before:mr-1">
              {to ? <SearchLink to={to} className="hover:underline">{label}</SearchLink> : <span aria-current="page">{label}</span>}
            </li>
          ))}
        </ol>
      </nav>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold" data-testid="search-title">{searchHeading(state)}</h1>
        {/* Saving a search (issue 29): without JavaScript this GET asks on /saved-searches; with it, islands/saved-searches takes it over. */}
        <form method="get" action={localHref('/saved-searches')} data-save-search="" className="shrink-0">
          {/* A saved search keeps the address without its language (issue 42). */}
          <input type="hidden" name="search" value={searchPath({ ...state, params: { ...state.params, page: undefined }, view: 'grid' })} />
          <button type="submit" data-auth-action="save-search" data-testid="save-search"
            className="rounded border border-ink bg-white px-3 py-1.5 text-sm font-semibold hover:bg-yellow-100">{m.search_save()}</button>
        </form>
      </div>
      {/* Shown (CSS :target, no script) when saving without JavaScript comes back here: the page itself stays the same for everyone. */}
      <p id="search-saved" role="status" className="mt-2 hidden rounded border border-green-300 bg-green-50 p-2 text-sm target:block">
        {m.search_saved()} <a href={localHref('/me/saved-searches')} className="link">{m.search_saved_link()}</a>.
      </p>
      <nav aria-label={m.search_categories()} className="touch-only mt-3 flex gap-2 overflow-x-auto pb-1 text-sm">
        {tree.map((category) => (
          <SearchLink key={category.slug} to={changeSearch(state, { main: category.slug, sub: null })}
            className="shrink-0 rounded-full border border-gray-300 bg-white px-3 py-1">{category.name}</SearchLink>
        ))}
      </nav>
      <div className="mt-3 space-y-3">
        <Chips state={state} />
        <FilterBar state={state} tree={tree} filters={response.filters} />
      </div>
    </>
  );
}

/**
 * Filters beside the results (grid or list), and the pager. The map view (issue 43) puts the list beside the map
 * (`children`: the map island, which the page passes only then), filters above both; the list is the map's accessible
 * twin, each item naming the pin it stands for.
 */
export function SearchBody({ state, response, tree, help, children }: SearchPartProps & { help?: NoResultsHelp | null; children?: ReactNode }) {
  const page = Number(state.params.page ?? 1);
  const map = state.view === 'map';
  return (
    <div className={map ? 'search-map-layout mt-4' : 'mt-4 grid gap-6 lg:grid-cols-[18rem_1fr]'} data-search-map-layout={map ? 'list' : undefined}>
      {!map && (
        <aside className="bg-white rounded-lg p-4 shadow-sm self-start" aria-label={m.search_filters()}>
          <CategoryList state={state} tree={tree} filters={response.filters} />
          <TypeFilters state={state} filters={response.filters} />
        </aside>
      )}
      {map && children}
      <section aria-labelledby="results-heading" className={map ? 'search-map-list' : undefined} id="search-results" tabIndex={-1}>
        <h2 id="results-heading" className="sr-only">{m.search_results()}</h2>
        <div className="flex items-center justify-between mb-3">
          <p className="text-sm text-gray-700" data-testid="result-count">{m.search_result_count({ count: response.total })}</p>
          <div className="flex gap-1" role="group" aria-label={m.search_view()}>
            {SEARCH_VIEWS.map((view) => (
              <SearchLink key={view} to={{ ...state, view }} current={state.view === view} full={map}
                testId={`view-${view}`}
                className="rounded border border-gray-300 bg-white px-3 py-1 text-sm aria-[current=true]:bg-ink aria-[current=true]:text-white">
                {view === 'grid' ? m.search_view_grid() : view === 'list' ? m.search_view_list() : m.search_view_map()}
              </SearchLink>
            ))}
          </div>
        </div>
        {state.params.ul && (
          <aside className="mb-4 rounded-lg border border-yellow-300 bg-yellow-50 p-3 text-sm" data-testid="near-me-box">
            {m.search_near_me_box()}
          </aside>
        )}
        {response.results.length === 0 ? (
          <div className="py-12 text-center text-gray-800" data-testid="empty-results">
            <p>{m.search_empty()}</p>
            <NoResultsWays state={state} help={help ?? null} />
          </div>
        ) : (
          <ul className={state.view === 'grid' ? 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3' : 'flex flex-col gap-3'} data-testid="results" data-view={state.view}>
            {response.results.map((card) => (
              <li key={card.id} className="flex" data-pin-item={map ? card.id : undefined}>
                <PostCard post={card} layout={state.view === 'grid' ? 'grid' : 'list'} />
              </li>
            ))}
          </ul>
        )}
        <Pagination state={state} page={page} total={response.total} pageSize={PAGE_SIZES.search} />
      </section>
    </div>
  );
}

/**
 * The ways on from a search that found nothing (issue 63): the corrected words, categories with a close name, the
 * same search without the words, and the type's whole list.
 */
function NoResultsWays({ state, help }: { state: SearchState; help: NoResultsHelp | null }) {
  const words = state.params.what;
  const all: SearchState = { cat: state.cat, main: null, sub: null, params: {}, view: state.view };
  const withoutWords = words ? changeSearch(state, { params: { what: null } }) : null;
  return (
    <ul className="mt-4 flex flex-col items-center gap-2 text-sm" data-testid="no-results-help">
      {help?.corrected && (
        <li data-testid="did-you-mean">
          {m.search_did_you_mean()} <SearchLink to={changeSearch(state, { params: { what: help.corrected } })} className="link font-semibold">{help.corrected}</SearchLink>
        </li>
      )}
      {help && help.categories.length > 0 && (
        <li data-testid="close-categories">
          {m.search_close_categories()}{' '}
          {help.categories.map((category, index) => (
            <span key={`${category.main}/${category.sub ?? ''}`}>
              {index > 0 && ' · '}
              <SearchLink to={changeSearch(state, { main: category.main, sub: category.sub, params: { what: null } })} className="link">{category.name}</SearchLink>
            </span>
          ))}
        </li>
      )}
      {withoutWords && (state.main || Object.keys(withoutWords.params).length > 0) && (
        <li><SearchLink to={withoutWords} className="link">{m.search_without_words({ words: words! })}</SearchLink></li>
      )}
      <li><SearchLink to={all} className="link">{m.search_all_listings({ type: typeLabel(state.cat, 'tab') })}</SearchLink></li>
    </ul>
  );
}

/** What the results area shows while the next page loads (spec §2: 4 skeleton cards); cloned by the navigation script. */
export function SearchSkeletons({ count }: { count: number }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="results-loading">
      {Array.from({ length: count }, (_, index) => <li key={index}><PostCardSkeleton /></li>)}
    </ul>
  );
}

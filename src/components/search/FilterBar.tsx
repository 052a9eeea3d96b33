import { DEFAULT_NEAR_ME_KM, DISTANCE_OPTIONS_KM } from '../../shared/constants.ts';
import { typeLabel } from '../../shared/type-labels.ts';
import * as m from '../../paraglide/messages.js';
import { whereLabel, type SearchTree } from '../../shared/search-page.ts';
import { isNearMe, NEAR_ME } from '../../shared/near-me.ts';
import type { SearchView } from '../../shared/search.ts';
import { changeSearch, searchHref, type SearchState } from '../../shared/search-params.ts';
import { priceBuckets } from '../../shared/price-buckets.ts';
import { Dropdown, OPTION_CLASS } from './Dropdown.tsx';
import { SearchLink } from './SearchLink.tsx';
import { SORT_LABELS, SORT_NAMES } from '../../shared/search-filters.ts';
import { placeName } from '../../shared/place-names.ts';

interface FilterBarProps {
  state: SearchState;
  tree: SearchTree;
  filters: SearchView['filters'];
}

/** Category, location, distance, price and sort dropdowns (spec §2 filter bar, §4 rules). */
export function FilterBar({ state, tree, filters }: FilterBarProps) {
  const where = state.params.where;
  const nearMe = isNearMe(where);
  const mainName = tree.find((category) => category.slug === state.main)?.name;
  const buckets = priceBuckets(filters.min_price.value, filters.max_price.value);
  const sorts = (Object.keys(SORT_LABELS) as (keyof typeof SORT_LABELS)[]).filter((sort) =>
    (sort !== 'relevance' || state.params.what) && (sort !== 'distance' || state.params.ul) && (sort !== 'newest' || state.params.sort === 'newest'));
  const currentSort = (state.params.sort ?? 'recommended') as keyof typeof SORT_LABELS;
  const link = (to: SearchState, label: string, current: boolean) => (
    <li key={label}><SearchLink to={to} current={current} className={OPTION_CLASS}>{label}</SearchLink></li>
  );
  return (
    <div className="flex flex-wrap gap-2" data-testid="filter-bar">
      <Dropdown label={m.filter_category()} value={mainName ?? m.filter_all_type({ label: typeLabel(state.cat, 'tab') })} testId="filter-category">
        {link(changeSearch(state, { main: null, sub: null }), m.filter_all_type({ label: typeLabel(state.cat, 'tab') }), !state.main)}
        {tree.map((category) => link(changeSearch(state, { main: category.slug, sub: null }), category.name, category.slug === state.main))}
      </Dropdown>
      <Dropdown label={m.filter_location()} value={where ? whereLabel(where) : m.filter_all()} testId="filter-location">
        {link(changeSearch(state, { params: { where: null, ul: null, range: null } }), m.filter_all(), !where)}
        <li>
          {/* Enabled by the navigation script where the browser can tell its location; it adds ul. */}
          <button type="button" disabled data-near-me={searchHref(changeSearch(state, { params: { where: NEAR_ME } }))}
            aria-current={nearMe ? 'true' : undefined} className={`${OPTION_CLASS} w-full text-left disabled:text-gray-400`}>{m.near_me()}</button>
        </li>
        {filters.states.map((option) => link(changeSearch(state, { params: { where: option.key } }), `${placeName(option.key)} (${option.doc_count})`, option.key === where))}
        {where && !nearMe && !filters.states.some((option) => option.key === where) && link(state, whereLabel(where), true)}
      </Dropdown>
      {state.params.ul && (
        <Dropdown label={m.filter_distance()} value={`${state.params.range ?? String(DEFAULT_NEAR_ME_KM)} km`} testId="filter-distance">
          {DISTANCE_OPTIONS_KM.map((km) => link(changeSearch(state, { params: { range: String(km) } }), `${km} km`, (state.params.range ?? String(DEFAULT_NEAR_ME_KM)) === String(km)))}
        </Dropdown>
      )}
      <Dropdown label={m.filter_price()} value={buckets.find((bucket) => bucket.value === state.params.price)?.label ?? state.params.price ?? m.filter_all()} testId="filter-price">
        {link(changeSearch(state, { params: { price: null } }), m.filter_all(), !state.params.price)}
        {buckets.map((bucket) => link(changeSearch(state, { params: { price: bucket.value } }), bucket.label, bucket.value === state.params.price))}
      </Dropdown>
      <Dropdown label={m.filter_sort()} value={(SORT_NAMES[currentSort] ?? m.sort_recommended)()} testId="filter-sort">
        {sorts.map((sort) => link(changeSearch(state, { params: { sort: sort === 'recommended' ? null : sort } }), SORT_NAMES[sort](), sort === currentSort))}
      </Dropdown>
    </div>
  );
}

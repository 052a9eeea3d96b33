import type { SearchView } from '../../shared/search.ts';
import * as m from '../../paraglide/messages.js';
import { filterOptions, TYPE_FILTERS } from '../../shared/search-filters.ts';
import { changeSearch, toggleListValue, type SearchState } from '../../shared/search-params.ts';
import { SearchLink } from './SearchLink.tsx';

const OPTION = 'flex items-center gap-2 py-1 text-sm hover:underline aria-[current=true]:font-bold';

interface TypeFiltersProps {
  state: SearchState;
  filters: SearchView['filters'];
}

/** Each group has an All option that clears it; multi-select options toggle a value in a comma list. */
export function TypeFilters({ state, filters }: TypeFiltersProps) {
  return (
    <>
      {TYPE_FILTERS[state.cat].map((group) => {
        const active = (state.params[group.param] ?? '').split(',').filter(Boolean);
        const counts = new Map((group.facet ? filters[group.facet] : []).map((option) => [option.key, option.doc_count]));
        return (
          <section key={group.param} aria-label={group.title()} className="border-t border-gray-200 py-3" data-testid={`filter-${group.param}`}>
            <h2 className="font-semibold text-sm mb-1">{group.title()}</h2>
            <ul>
              <li>
                <SearchLink to={changeSearch(state, { params: { [group.param]: null } })} current={active.length === 0} className={OPTION}>
                  <span aria-hidden="true">{active.length === 0 ? '●' : '○'}</span> {m.option_all()}
                </SearchLink>
              </li>
              {Object.entries(filterOptions(group)).map(([key, label]) => {
                const on = active.includes(key);
                const next = group.single ? (on ? null : key) : toggleListValue(state.params[group.param], key);
                const count = counts.get(key);
                if (group.facet && !on && !count) return null;
                return (
                  <li key={key}>
                    <SearchLink to={changeSearch(state, { params: { [group.param]: next } })} current={on} className={OPTION}>
                      <span aria-hidden="true">{group.single ? (on ? '●' : '○') : (on ? '☑' : '☐')}</span>
                      {label}{count !== undefined && <span className="text-gray-700">({count})</span>}
                    </SearchLink>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </>
  );
}

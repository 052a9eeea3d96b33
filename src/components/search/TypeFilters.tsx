import {
  DEAL_METHODS, EDUCATION_LEVELS, HIREME_EXPERTISE, HIREME_RATES, HIREME_TYPES, JOB_LEVELS, JOB_TYPES, type ListingType,
} from '../../shared/constants.ts';
import type { FacetName, SearchView } from '../../shared/search.ts';
import { changeSearch, toggleListValue, type SearchParam, type SearchState } from '../../shared/search-params.ts';
import { SearchLink } from './SearchLink.tsx';

interface FilterGroup {
  title: string;
  param: SearchParam;
  options: Record<string, string>;
  /** Facet giving counts per option, when there is one. */
  facet?: Exclude<FacetName, 'categories_with_parent' | 'parent_categories'>;
  /** Single choice (post type, condition) instead of a multi-select list. */
  single?: boolean;
}

/** The per-type filters of spec §2. */
export const TYPE_FILTERS: Record<ListingType, FilterGroup[]> = {
  services: [],
  jobs: [
    { title: 'Qualification', param: 'qualification', options: EDUCATION_LEVELS, facet: 'job_qualification' },
    { title: 'Job Type', param: 'job_type', options: JOB_TYPES, facet: 'job_type' },
    { title: 'Job Level', param: 'job_level', options: JOB_LEVELS, facet: 'job_level' },
  ],
  hireme: [
    { title: 'Type', param: 'hireme_type', options: HIREME_TYPES, facet: 'hireme_type' },
    { title: 'Rate', param: 'hireme_rate', options: HIREME_RATES, facet: 'hireme_rate' },
    { title: 'Expertise', param: 'hireme_expertise', options: HIREME_EXPERTISE, facet: 'hireme_expertise' },
  ],
  buysell: [
    { title: 'Post Type', param: 'post_type', options: { buy: 'Buy', sell: 'Sell' }, single: true },
    { title: 'Condition', param: 'condition', options: { new: 'New', used: 'Used' }, single: true },
    { title: 'Method', param: 'method', options: DEAL_METHODS, facet: 'buysell_method' },
  ],
};

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
          <section key={group.param} aria-label={group.title} className="border-t border-gray-200 py-3" data-testid={`filter-${group.param}`}>
            <h2 className="font-semibold text-sm mb-1">{group.title}</h2>
            <ul>
              <li>
                <SearchLink to={changeSearch(state, { params: { [group.param]: null } })} current={active.length === 0} className={OPTION}>
                  <span aria-hidden="true">{active.length === 0 ? '●' : '○'}</span> All
                </SearchLink>
              </li>
              {Object.entries(group.options).map(([key, label]) => {
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

import { DEFAULT_LOCATION_LABEL } from '../../shared/constants.ts';
import { changeSearch, type SearchParam, type SearchState } from '../../shared/search-params.ts';
import { SearchLink } from './SearchLink.tsx';
import { TYPE_FILTERS } from './TypeFilters.tsx';

const LABELS: Partial<Record<SearchParam, string>> = {
  what: 'Search', price: 'Price', range: 'Distance', qualification: 'Qualification', job_type: 'Job Type', job_level: 'Job Level',
  hireme_type: 'Type', hireme_rate: 'Rate', hireme_expertise: 'Expertise', post_type: 'Post Type', condition: 'Condition',
  method: 'Method', deal_method: 'Deal Method', where: 'Location',
};

/** What a chip shows for a parameter: option labels where the filter has them ('Full Time', not 'FT'). */
function display(state: SearchState, param: SearchParam): string {
  if (param === 'where') return state.params.where ?? DEFAULT_LOCATION_LABEL;
  const value = state.params[param] ?? '';
  const options = TYPE_FILTERS[state.cat].find((group) => group.param === param)?.options;
  if (param === 'range') return `${value} km`;
  return options ? value.split(',').map((key) => options[key] ?? key).join(', ') : value;
}

/** A removable chip for the search term and each active filter. */
export function Chips({ state }: { state: SearchState }) {
  const active = (Object.keys(LABELS) as SearchParam[]).filter((param) => state.params[param]);
  if (active.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Active filters" data-testid="chips">
      {active.map((param) => (
        <li key={param}>
          <SearchLink
            to={changeSearch(state, { params: param === 'where' ? { where: null, ul: null, range: null } : { [param]: null } })}
           
            testId={`chip-${param}`}
            className="inline-flex items-center gap-1 rounded-full bg-yellow-100 border border-yellow-300 px-3 py-1 text-sm hover:bg-yellow-200"
          >
            <span className="sr-only">Clear </span>{LABELS[param]}: {display(state, param)}
            <span aria-hidden="true" className="font-bold">×</span>
          </SearchLink>
        </li>
      ))}
    </ul>
  );
}

import * as m from '../../paraglide/messages.js';
import { PARAM_LABELS, paramDisplay } from '../../shared/search-filters.ts';
import { changeSearch, type SearchParam, type SearchState } from '../../shared/search-params.ts';
import { SearchLink } from './SearchLink.tsx';
import { whereLabel } from '../../shared/search-page.ts';

/** A removable chip for the search term and each active filter. */
export function Chips({ state }: { state: SearchState }) {
  const active = (Object.keys(PARAM_LABELS) as SearchParam[]).filter((param) => state.params[param]);
  if (active.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={m.chips_label()} data-testid="chips">
      {active.map((param) => (
        <li key={param}>
          <SearchLink
            to={changeSearch(state, { params: param === 'where' ? { where: null, ul: null, range: null } : { [param]: null } })}
           
            testId={`chip-${param}`}
            className="inline-flex items-center gap-1 rounded-full bg-yellow-100 border border-yellow-300 px-3 py-1 text-sm hover:bg-yellow-200"
          >
            <span className="sr-only">{m.chips_clear()}</span>{PARAM_LABELS[param]!()}: {param === 'where' ? whereLabel(state.params.where!) : paramDisplay(state, param)}
            <span aria-hidden="true" className="font-bold">×</span>
          </SearchLink>
        </li>
      ))}
    </ul>
  );
}

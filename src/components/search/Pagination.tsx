import * as m from '../../paraglide/messages.js';
import { pager } from '../../shared/pager.ts';
import { changeSearch, type SearchState } from '../../shared/search-params.ts';
import { SearchLink } from './SearchLink.tsx';

interface PaginationProps {
  state: SearchState;
  page: number;
  total: number;
  pageSize: number;
}

const LINK = 'inline-block min-w-9 rounded border border-gray-300 bg-white px-3 py-1.5 text-center hover:border-gray-600';

/** Previous/Next, at most 5 page numbers with the first and last, and 'x - y of N Results'. */
export function Pagination({ state, page, total, pageSize }: PaginationProps) {
  const { items, previous, next, caption } = pager(page, total, pageSize);
  const to = (number: number) => changeSearch(state, { params: { page: String(number) } });
  return (
    <nav aria-label={m.pager_label()} className="mt-6 flex flex-col items-center gap-3" data-testid="pagination">
      <p className="text-sm text-gray-700" data-testid="pager-caption">{caption}</p>
      {total > pageSize && (
        <ul className="flex flex-wrap items-center justify-center gap-1 text-sm">
          {previous !== null && <li><SearchLink to={to(previous)} className={LINK}>{m.pager_previous()}</SearchLink></li>}
          {items.map((item, index) => item.kind === 'ellipsis'
            ? <li key={`ellipsis-${index}`} aria-hidden="true" className="px-1">…</li>
            : (
              <li key={item.page}>
                <SearchLink to={to(item.page)} current={item.current} label={m.pager_page({ page: item.page })}
                  className={`${LINK} ${item.current ? 'bg-ink text-white border-ink' : ''}`}>{item.page}</SearchLink>
              </li>
            ))}
          {next !== null && <li><SearchLink to={to(next)} className={LINK}>{m.pager_next()}</SearchLink></li>}
        </ul>
      )}
    </nav>
  );
}

import * as m from '../../paraglide/messages.js';
import type { SearchTree } from '../../shared/search-page.ts';
import type { SearchView } from '../../shared/search.ts';
import { changeSearch, type SearchState } from '../../shared/search-params.ts';
import { SearchLink } from './SearchLink.tsx';

interface CategoryListProps {
  state: SearchState;
  tree: SearchTree;
  filters: SearchView['filters'];
}

/** Main categories of the results with their counts and their sub categories, in two columns. */
export function CategoryList({ state, tree, filters }: CategoryListProps) {
  const parentCounts = new Map(filters.parent_categories_slug.map((option) => [option.key, option.doc_count]));
  const childCounts = new Map(filters.categories_with_parent_slug.map((option) => [option.key, option.doc_count]));
  const parents = tree.filter((category) => parentCounts.has(category.slug));
  if (parents.length === 0) return null;
  return (
    <section aria-label={m.search_categories()} className="py-3" data-testid="category-list">
      <h2 className="font-semibold text-sm mb-2">{m.search_categories()}</h2>
      <ul className="columns-2 gap-4 text-sm">
        {parents.map((parent) => (
          <li key={parent.slug} className="break-inside-avoid mb-2">
            <SearchLink to={changeSearch(state, { main: parent.slug, sub: null })} current={state.main === parent.slug && !state.sub}
              className="cat-link font-medium">
              {`${parent.name} (${parentCounts.get(parent.slug)})`}
            </SearchLink>
            <ul className="ml-3">
              {parent.child.filter((child) => childCounts.has(`${parent.slug}--${child.slug}`)).map((child) => (
                <li key={child.slug}>
                  <SearchLink to={changeSearch(state, { main: parent.slug, sub: child.slug })} current={state.sub === child.slug}
                    className="cat-link text-gray-800">
                    {`${child.name} (${childCounts.get(`${parent.slug}--${child.slug}`)})`}
                  </SearchLink>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A search's display names in the caller's language (issue 42): the search API's body may carry `lang`, and the
 * search pages pass theirs. Cards name their categories and place, and the facets their categories and states, in
 * that language; slugs, keys people filter by (a state facet's `key` is a `where` value) and what listings say stay
 * as they are. It wraps the engine inside the response cache, whose key holds `lang`, so each language is cached
 * apart. The names come from the category tree of that language (category_names) and from place-names.ts.
 */
import type { Locale } from '../../shared/locale.ts';
import { placeLabel, placeName } from '../../shared/place-names.ts';
import type { FacetOption, SearchResponse } from '../../shared/search.ts';
import { getSpecializationsByType } from '../catalog/home.ts';
import type { CatalogContext } from '../catalog/context.ts';
import type { SearchEngine } from './engine.ts';

/** English category name → its name in the language, and type + slug → the same. */
interface CategoryWords {
  byName: Map<string, string>;
  bySlug: Map<string, string>;
}

async function categoryWords(context: CatalogContext, locale: Locale): Promise<CategoryWords> {
  const [english, local] = await Promise.all([getSpecializationsByType(context), getSpecializationsByType(context, { locale })]);
  const byName = new Map<string, string>();
  const bySlug = new Map<string, string>();
  const add = (category: { name: string; slug: string; type: string }, named: { name: string; slug: string } | undefined) => {
    if (!named || named.slug !== category.slug) return;
    if (!byName.has(category.name)) byName.set(category.name, named.name);
    bySlug.set(`${category.type}/${category.slug}`, named.name);
  };
  for (const type of Object.keys(english) as (keyof typeof english)[]) {
    english[type].forEach((main, index) => {
      const named = local[type][index];
      add(main, named);
      main.child.forEach((child, childIndex) => add(child, named?.child[childIndex]));
    });
  }
  return { byName, bySlug };
}

/** The response in `locale`: a new object, the engine's untouched. */
export function inLanguage(response: SearchResponse, locale: Locale, words: CategoryWords): SearchResponse {
  const name = (text: string) => words.byName.get(text) ?? text;
  const renamed = (options: FacetOption[]) => options.map((option) => ({ ...option, key: name(option.key) }));
  return {
    ...response,
    results: response.results.map((card) => ({
      ...card,
      categories: card.categories.map((category) => ({ ...category, name: words.bySlug.get(`${category.type}/${category.slug}`) ?? name(category.name) })),
      parent_categories: card.parent_categories.map((category) => ({ ...category, name: name(category.name) })),
      city_state: card.city_state === null ? null : placeLabel(card.city_state, locale),
    })),
    filters: {
      ...response.filters,
      categories_with_parent: renamed(response.filters.categories_with_parent),
      parent_categories: renamed(response.filters.parent_categories),
      states: response.filters.states.map((option) => ({ ...option, label: placeName(option.key, locale) })),
    },
  };
}

/** Wraps an engine so a query's `lang` names categories and places in that language. */
export function withDisplayNames(engine: SearchEngine, context: () => CatalogContext): SearchEngine {
  return {
    async search(query, options) {
      const response = await engine.search(query, options);
      const locale = query.lang ?? 'en';
      return locale === 'en' ? response : inLanguage(response, locale, await categoryWords(context(), locale));
    },
    ready: () => engine.ready(),
    close: () => engine.close(),
  };
}

/**
 * A search's display names in the caller's language (issue 42): the search API's body may carry `lang`, and the
 * search pages pass theirs. Cards name their categories and place, and the facets their categories and states, in
 * that language; slugs, keys people filter by (a state facet's `key` is a `where` value) and what listings say stay
 * as they are. It wraps the engine inside the response cache, whose key holds `lang`, so each language is cached
 * apart. The names come from the category tree of that language (catalog/names-in-language.ts) and place-names.ts.
 */
import type { Locale } from '../../shared/locale.ts';
import { placeLabel, placeName } from '../../shared/place-names.ts';
import type { FacetOption, SearchResponse } from '../../shared/search.ts';
import { categoriesInLanguage, categoryWords, type CategoryWords } from '../catalog/names-in-language.ts';
import type { CatalogContext } from '../catalog/context.ts';
import type { SearchEngine } from './engine/search-engine.ts';

/** The response in `locale`: a new object, the engine's untouched. */
function inLanguage(response: SearchResponse, locale: Locale, words: CategoryWords): SearchResponse {
  const name = (text: string) => words.byName.get(text) ?? text;
  const renamed = (options: FacetOption[]) => options.map((option) => ({ ...option, key: name(option.key) }));
  return {
    ...response,
    results: categoriesInLanguage(response.results, words).map((card) => ({ ...card, city_state: card.city_state === null ? null : placeLabel(card.city_state, locale) })),
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
    async map(query) {
      const response = await engine.map(query);
      const locale = query.lang ?? 'en';
      if (locale === 'en') return response;
      return { ...response, pins: response.pins.map((pin) => ({ ...pin, city_state: pin.city_state === null ? null : placeLabel(pin.city_state, locale) })) };
    },
    ready: () => engine.ready(),
    close: () => engine.close(),
  };
}

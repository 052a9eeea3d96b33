/**
 * What the search page's filters are called (spec §2): the per-type filter groups and their options, the sorts, and
 * each parameter's label and display. The page's chips and dropdowns show them, and a saved search's summary
 * (server/saved-searches/summary.ts) says them in the same words.
 */
import { DEFAULT_LOCATION_LABEL, type ListingType } from './constants.ts';
import * as m from '../paraglide/messages.js';
import type { Locale } from './locale.ts';
import { optionLabel, optionLabels, type OptionGroup } from './option-labels.ts';
import type { FacetName } from './search.ts';
import type { SearchParam, SearchState } from './search-params.ts';

type Words = (inputs?: Record<string, never>, options?: { locale?: Locale }) => string;

export interface FilterGroup {
  /** The group's name, in the language being rendered or the one asked for (issue 63: by key, never by its text). */
  title: Words;
  param: SearchParam;
  /** The choices' group, which names them (shared/option-labels.ts). */
  choices: OptionGroup;
  /** Facet giving counts per option, when there is one. */
  facet?: Exclude<FacetName, 'categories_with_parent' | 'parent_categories'>;
  /** Single choice (post type, condition) instead of a multi-select list. */
  single?: boolean;
}

/** The per-type filters of spec §2. */
export const TYPE_FILTERS: Record<ListingType, FilterGroup[]> = {
  services: [],
  jobs: [
    { title: m.option_qualification, param: 'qualification', choices: 'qualification', facet: 'job_qualification' },
    { title: m.option_job_type, param: 'job_type', choices: 'job_type', facet: 'job_type' },
    { title: m.option_job_level, param: 'job_level', choices: 'job_level', facet: 'job_level' },
  ],
  hireme: [
    { title: m.option_type, param: 'hireme_type', choices: 'hireme_type', facet: 'hireme_type' },
    { title: m.option_rate, param: 'hireme_rate', choices: 'hireme_rate', facet: 'hireme_rate' },
    { title: m.option_expertise, param: 'hireme_expertise', choices: 'hireme_expertise', facet: 'hireme_expertise' },
  ],
  buysell: [
    { title: m.option_post_type, param: 'post_type', choices: 'post_type', single: true },
    { title: m.option_condition, param: 'condition', choices: 'condition', single: true },
    { title: m.option_method, param: 'method', choices: 'method', facet: 'buysell_method' },
  ],
};

export const SORT_LABELS = {
  recommended: 'Recommended', rating: 'Rating', az: 'A - Z', za: 'Z - A', relevance: 'Relevance', distance: 'Distance', newest: 'Newest',
} as const;

/** The sorts' names in a language: the search page's dropdown and a saved search's summary say them alike. */
export const SORT_NAMES: Record<keyof typeof SORT_LABELS, typeof m.sort_newest> = {
  recommended: m.sort_recommended, rating: m.sort_rating, az: m.sort_az, za: m.sort_za, relevance: m.sort_relevance, distance: m.sort_distance, newest: m.sort_newest,
};

/** The label of each parameter a chip shows, in the language being rendered or the one asked for. */
export const PARAM_LABELS: Partial<Record<SearchParam, Words>> = {
  what: m.option_search, price: m.option_price, range: m.option_distance, qualification: m.option_qualification, job_type: m.option_job_type,
  job_level: m.option_job_level, hireme_type: m.option_type, hireme_rate: m.option_rate, hireme_expertise: m.option_expertise,
  post_type: m.option_post_type, condition: m.option_condition, method: m.option_method, deal_method: m.option_deal_method, where: m.option_location,
};

/** A filter group's choices with their words ('FT' → 'Full Time', 'Sepenuh Masa'). */
export const filterOptions = (group: FilterGroup, locale?: Locale): Record<string, string> => optionLabels(group.choices, locale);

/** What a parameter's value reads as: option labels where the filter has them ('Full Time', not 'FT'), in `locale`. */
export function paramDisplay(state: SearchState, param: SearchParam, locale?: Locale): string {
  if (param === 'where') return state.params.where ?? DEFAULT_LOCATION_LABEL;
  const value = state.params[param] ?? '';
  const group = TYPE_FILTERS[state.cat].find((item) => item.param === param);
  if (param === 'range') return `${value} km`;
  return group ? value.split(',').map((key) => optionLabel(group.choices, key, locale)).join(', ') : value;
}

/**
 * What the search page's filters are called (spec §2): the per-type filter groups and their options, the sorts, and
 * each parameter's label and display. The page's chips and dropdowns show them, and a saved search's summary
 * (server/saved-searches/summary.ts) says them in the same words.
 */
import {
  DEAL_METHODS, DEFAULT_LOCATION_LABEL, EDUCATION_LEVELS, HIREME_EXPERTISE, HIREME_RATES, HIREME_TYPES, JOB_LEVELS, JOB_TYPES, type ListingType,
} from './constants.ts';
import * as m from '../paraglide/messages.js';
import type { FacetName } from './search.ts';
import type { SearchParam, SearchState } from './search-params.ts';

export interface FilterGroup {
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

export const SORT_LABELS = {
  recommended: 'Recommended', rating: 'Rating', az: 'A - Z', za: 'Z - A', relevance: 'Relevance', distance: 'Distance', newest: 'Newest',
} as const;

/** The sorts' names in a language: the search page's dropdown and a saved search's summary say them alike. */
export const SORT_NAMES: Record<keyof typeof SORT_LABELS, typeof m.sort_newest> = {
  recommended: m.sort_recommended, rating: m.sort_rating, az: m.sort_az, za: m.sort_za, relevance: m.sort_relevance, distance: m.sort_distance, newest: m.sort_newest,
};

/** The label of each parameter a chip shows. */
export const PARAM_LABELS: Partial<Record<SearchParam, string>> = {
  what: 'Search', price: 'Price', range: 'Distance', qualification: 'Qualification', job_type: 'Job Type', job_level: 'Job Level',
  hireme_type: 'Type', hireme_rate: 'Rate', hireme_expertise: 'Expertise', post_type: 'Post Type', condition: 'Condition',
  method: 'Method', deal_method: 'Deal Method', where: 'Location',
};

/** What a parameter's value reads as: option labels where the filter has them ('Full Time', not 'FT'). */
export function paramDisplay(state: SearchState, param: SearchParam): string {
  if (param === 'where') return state.params.where ?? DEFAULT_LOCATION_LABEL;
  const value = state.params[param] ?? '';
  const options = TYPE_FILTERS[state.cat].find((group) => group.param === param)?.options;
  if (param === 'range') return `${value} km`;
  return options ? value.split(',').map((key) => options[key] ?? key).join(', ') : value;
}

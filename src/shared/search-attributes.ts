/**
 * Type-specific search attributes: which request field filters which column of search_posts,
 * and which of them are counted as facets. Multi-valued attributes are bitmasks: bit i is the
 * i-th key of the option list in src/shared/constants.ts.
 */
import {
  BUYSELL_CONDITIONS, BUYSELL_TYPES, DEAL_METHODS, EDUCATION_LEVELS, HIREME_EXPERTISE, HIREME_RATES, HIREME_TYPES, JOB_LEVELS, JOB_TYPES, type ListingType,
} from './constants.ts';
import type { FacetName, SearchQuery } from './search.ts';

export interface SearchAttribute {
  /** Column of search_posts. */
  column: string;
  kind: 'mask' | 'value';
  keys: readonly string[];
  /** Listing type the attribute belongs to. */
  type: ListingType;
  /** For masks: the post_attributes name the bits come from. */
  attribute?: string;
}

export const ATTRIBUTES = {
  job_qualification: { column: 'job_qualification', kind: 'mask', keys: Object.keys(EDUCATION_LEVELS), type: 'jobs', attribute: 'job_qualification' },
  job_type: { column: 'job_type', kind: 'mask', keys: Object.keys(JOB_TYPES), type: 'jobs', attribute: 'job_type' },
  job_level: { column: 'job_level', kind: 'value', keys: Object.keys(JOB_LEVELS), type: 'jobs' },
  hireme_type: { column: 'hireme_type', kind: 'mask', keys: Object.keys(HIREME_TYPES), type: 'hireme', attribute: 'hireme_type' },
  hireme_rate: { column: 'hireme_rate', kind: 'value', keys: Object.keys(HIREME_RATES), type: 'hireme' },
  hireme_expertise: { column: 'hireme_expertise', kind: 'value', keys: Object.keys(HIREME_EXPERTISE), type: 'hireme' },
  buysell_condition: { column: 'buysell_condition', kind: 'value', keys: Object.keys(BUYSELL_CONDITIONS), type: 'buysell' },
  buysell_type: { column: 'buysell_type', kind: 'value', keys: Object.keys(BUYSELL_TYPES), type: 'buysell' },
  buysell_method: { column: 'buysell_method', kind: 'mask', keys: Object.keys(DEAL_METHODS), type: 'buysell', attribute: 'buysell_method' },
} as const satisfies Record<string, SearchAttribute>;

export type AttributeName = keyof typeof ATTRIBUTES;

/** Request fields that filter on an attribute (buysell_deal_method and buysell_method both mean the deal methods). */
export const ATTRIBUTE_FILTERS: { field: keyof SearchQuery; attribute: AttributeName }[] = [
  { field: 'job_qualification', attribute: 'job_qualification' },
  { field: 'job_type', attribute: 'job_type' },
  { field: 'job_level', attribute: 'job_level' },
  { field: 'hireme_type', attribute: 'hireme_type' },
  { field: 'hireme_rate', attribute: 'hireme_rate' },
  { field: 'hireme_expertise', attribute: 'hireme_expertise' },
  { field: 'buysell_condition', attribute: 'buysell_condition' },
  { field: 'buysell_type', attribute: 'buysell_type' },
  { field: 'buysell_deal_method', attribute: 'buysell_method' },
  { field: 'buysell_method', attribute: 'buysell_method' },
];

/** Attributes reported as facets in the search response. */
export const FACET_ATTRIBUTES = [
  'job_qualification', 'job_type', 'job_level', 'hireme_type', 'hireme_rate', 'hireme_expertise', 'buysell_method',
] as const satisfies readonly (AttributeName & FacetName)[];

export function bit(attribute: SearchAttribute, key: string): number {
  return 1 << attribute.keys.indexOf(key);
}

/** Facet attributes worth counting for a type (all of them when no type is given). */
export function facetAttributesFor(type: ListingType | undefined): (typeof FACET_ATTRIBUTES)[number][] {
  return FACET_ATTRIBUTES.filter((name) => type === undefined || ATTRIBUTES[name].type === type);
}

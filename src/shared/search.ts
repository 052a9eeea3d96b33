/** The search request and response of spec §3, shared by the API, the pages and the islands. */
import { normaliseText, singleLineText } from './schemas/text.ts';
import { z } from 'zod';
import {
  DEAL_METHODS, DISTANCE_OPTIONS_KM, EDUCATION_LEVELS, HIREME_EXPERTISE, HIREME_RATES, HIREME_TYPES, JOB_LEVELS, JOB_TYPES,
  PAGE_SIZES, SORTS,
} from './constants.ts';
import { isNearMe } from './near-me.ts';
import { LOCALES } from './locale.ts';
import { MAP_ZOOMS, parseBoundingBox, type BoundingBox } from './map.ts';
import { ListingTypeSchema, PostCardSchema, SlugSchema, toCardView, type CardView } from './schemas/catalog.ts';
import { say } from './said.ts';

/** Deepest page a search may ask for: far past any real use, small enough to keep OFFSET cheap. */
const MAX_SEARCH_PAGE = 5000;
const MAX_SEARCH_LIMIT = 48;


/** Empty strings from forms and query strings mean "not given". */
/** A value that is blank once normalised (spaces, a NUL, zero-width characters) is no value. */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && normaliseText(value, false) === '' ? undefined : value);

function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankToUndefined, schema.optional());
}

/** A comma list (or array) of allowed keys, deduplicated and in the constants' order. */
function keyList<const Keys extends readonly [string, ...string[]]>(keys: Keys) {
  return optional(
    z.union([z.string().max(500), z.array(z.string().max(100)).max(50)])
      .transform((value) => (Array.isArray(value) ? value : value.split(',')).map((item) => item.trim()).filter(Boolean))
      .pipe(z.array(z.enum(keys, { error: say('form_choose_from', { options: keys.join(', ') }) })))
      .transform((values) => keys.filter((key) => values.includes(key))),
  );
}

function keysOf<T extends object>(object: T) {
  return Object.keys(object) as [Extract<keyof T, string>, ...Extract<keyof T, string>[]];
}

/** 'lat,lon' in degrees. */
const CoordinatesSchema = z.string().max(60)
  .regex(/^\s*-?\d{1,3}(\.\d+)?\s*,\s*-?\d{1,3}(\.\d+)?\s*$/, say('form_give_location_latitude_longitude'))
  .transform((value) => {
    const [lat, lon] = value.split(',').map(Number) as [number, number];
    return { lat, lon };
  })
  .refine(({ lat, lon }) => Math.abs(lat) <= 90 && Math.abs(lon) <= 180, say('form_latitude_or_longitude_out_range'));

/** 'minLon,minLat,maxLon,maxLat' in degrees (issue 43): the map's 'Search this area'. */
const BoundingBoxSchema = z.string().max(100).transform((value, context): BoundingBox => {
  const parsed = parseBoundingBox(value);
  if ('error' in parsed) {
    context.addIssue({ code: 'custom', message: say(parsed.error) });
    return z.NEVER;
  }
  return parsed.box;
});

/** 'min-max' or 'min++' in ringgit. */
const PriceBucketSchema = z.string().max(40)
  .regex(/^\d{1,9}(-\d{1,9}|\+\+)$/, say('form_give_price_min_max_or'))
  .transform((value) => {
    if (value.endsWith('++')) return { min: Number(value.slice(0, -2)), max: null };
    const [min, max] = value.split('-').map(Number) as [number, number];
    return { min, max };
  })
  .refine(({ min, max }) => max === null || max >= min, say('form_highest_price_below_lowest'));

const WholeNumber = z.union([z.number(), z.string().regex(/^\d{1,12}$/, say('form_expected_whole_number')).transform(Number)]);

/** The fields of a search request; `SearchRequestSchema` adds the rule across them. */
const SearchFieldsSchema = z.object({
  type: optional(ListingTypeSchema),
  specialization: optional(SlugSchema),
  parent_specialization: optional(SlugSchema),
  // Normalised as typed text is: no control or invisible characters (a NUL is no byte PostgreSQL takes).
  search: optional(singleLineText().max(200, say('form_keep_search_under_200_characters'))),
  location: optional(singleLineText().max(100, say('form_keep_location_under_100_characters'))),
  user_location: optional(CoordinatesSchema),
  /** Only listings inside this box (issue 43); a box reaching past Malaysia is clamped to it. */
  bbox: optional(BoundingBoxSchema),
  price: optional(PriceBucketSchema),
  distance: optional(WholeNumber.pipe(z.number().refine((km) => (DISTANCE_OPTIONS_KM as readonly number[]).includes(km), say('form_choose_km', { options: DISTANCE_OPTIONS_KM.join(', ') })))),
  job_qualification: keyList(keysOf(EDUCATION_LEVELS)),
  job_type: keyList(keysOf(JOB_TYPES)),
  job_level: keyList(keysOf(JOB_LEVELS)),
  hireme_type: keyList(keysOf(HIREME_TYPES)),
  hireme_rate: keyList(keysOf(HIREME_RATES)),
  hireme_expertise: keyList(keysOf(HIREME_EXPERTISE)),
  buysell_condition: keyList(['new', 'used'] as const),
  buysell_type: keyList(['buy', 'sell'] as const),
  buysell_deal_method: keyList(keysOf(DEAL_METHODS)),
  buysell_method: keyList(keysOf(DEAL_METHODS)),
  page: z.preprocess(blankToUndefined, WholeNumber.pipe(z.number().int().min(1).max(MAX_SEARCH_PAGE, say('form_pages_up_to', { max: MAX_SEARCH_PAGE }))).default(1)),
  limit: z.preprocess(blankToUndefined, WholeNumber.pipe(z.number().int().min(1).max(MAX_SEARCH_LIMIT)).default(PAGE_SIZES.search)),
  sort: z.preprocess(blankToUndefined, z.enum(SORTS, { error: say('form_sort_one_of', { options: SORTS.join(', ') }) }).default('recommended')),
  /** Only listings that first went live after this moment (a day, or an ISO time): "new since" of saved-search alerts. */
  live_since: optional(z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: say('form_give_live_since_date_yyyy') })
    .transform((value) => new Date(value.length === 10 ? `${value}T00:00:00+08:00` : value).toISOString())),
  /** The language of the display names in cards and facets (issue 42); English when left out. */
  lang: optional(z.enum(LOCALES, { error: say('form_lang_must_en_ms_or') })),
});

/** Near Me and a distance need the person's location. */
function nearMeNeedsLocation(request: { location?: string; distance?: number; user_location?: unknown }, context: z.RefinementCtx) {
  const nearMe = isNearMe(request.location);
  if ((nearMe || request.distance !== undefined) && request.user_location === undefined) {
    context.addIssue({ code: 'custom', path: ['user_location'], message: say('form_share_location_search_near') });
  }
}

export const SearchRequestSchema = SearchFieldsSchema.superRefine(nearMeNeedsLocation);
export type SearchRequest = z.input<typeof SearchRequestSchema>;
export type SearchQuery = z.output<typeof SearchRequestSchema>;

const ZOOM_RANGE = say('form_zoom_range', { min: MAP_ZOOMS.min, max: MAP_ZOOMS.max });

/**
 * POST /api/post/map (issue 43): a search's body with the map's viewport, `bbox` (required) and `zoom`. Its `page` and
 * `limit` name the list's page, whose posts are the first pins.
 */
export const MapRequestSchema = SearchFieldsSchema.extend({
  bbox: z.preprocess(blankToUndefined, z.string({ error: say('form_give_bbox') }).pipe(BoundingBoxSchema)),
  zoom: z.preprocess(blankToUndefined, z.union([z.number(), z.string().regex(/^\d{1,2}(\.\d+)?$/).transform(Number)], { error: ZOOM_RANGE })
    .pipe(z.number().min(MAP_ZOOMS.min, ZOOM_RANGE).max(MAP_ZOOMS.max, ZOOM_RANGE))),
}).superRefine(nearMeNeedsLocation);
export type MapRequest = z.input<typeof MapRequestSchema>;
export type MapQuery = z.output<typeof MapRequestSchema>;

const MapClusterSchema = z.object({ lat: z.number(), lon: z.number(), count: z.number().int().positive(), zoom_to: z.number() });
const MapPinSchema = z.object({
  id: z.number().int(),
  type: ListingTypeSchema,
  slug: z.string(),
  title: z.string(),
  lat: z.number(),
  lon: z.number(),
  /** 'town': a confidential listing, placed at its town's centre and drawn as an area, never a point (issue 38). */
  precision: z.enum(['exact', 'town']),
  city_state: z.string().nullable(),
  plan: PostCardSchema.shape.plan,
  price_min: z.number().nullable(),
  price_max: z.number().nullable(),
  /** How the card reads the price, in the request's `lang`: 'RM 100 - RM 250', or 'Negotiable' without one. */
  price: z.string(),
  rating: z.number(),
  rating_count: z.number().int(),
  image: z.string().nullable(),
});
export type MapPin = z.infer<typeof MapPinSchema>;
export const MapResponseSchema = z.object({
  total: z.number().int().nonnegative(),
  clusters: z.array(MapClusterSchema),
  pins: z.array(MapPinSchema),
  /** [minLon, minLat, maxLon, maxLat] of every match in the box (a map of the search fits it); null when none is. */
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
});
export type MapResponse = z.infer<typeof MapResponseSchema>;

/** A facet's option: `key` is what to filter by; a state's `label` is its name in the request's `lang` (issue 42). */
const FacetOptionSchema = z.object({ key: z.string(), doc_count: z.number().int().nonnegative(), label: z.string().optional() });
export type FacetOption = z.infer<typeof FacetOptionSchema>;

const FACET_NAMES = [
  'categories_with_parent_slug', 'categories_with_parent', 'parent_categories_slug', 'parent_categories', 'states',
  'job_qualification', 'job_type', 'job_level', 'hireme_type', 'hireme_rate', 'hireme_expertise', 'buysell_method',
] as const;
export type FacetName = (typeof FACET_NAMES)[number];

const SearchFiltersSchema = z.object({
  min_price: z.object({ value: z.number().nullable() }),
  max_price: z.object({ value: z.number().nullable() }),
  ...Object.fromEntries(FACET_NAMES.map((name) => [name, z.array(FacetOptionSchema)])) as Record<FacetName, z.ZodArray<typeof FacetOptionSchema>>,
});
export type SearchFilters = z.infer<typeof SearchFiltersSchema>;

export const SearchResponseSchema = z.object({
  total: z.number().int().nonnegative(),
  results: z.array(PostCardSchema),
  filters: SearchFiltersSchema,
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

export const AutocompleteRequestSchema = z.object({
  query: z.string().trim().min(1, say('form_type_something_search')).max(100),
  type: optional(ListingTypeSchema),
});

export const SuggestionSchema = z.object({
  label: z.string(),
  kind: z.enum(['category', 'business', 'title']),
  type: ListingTypeSchema,
});
export type Suggestion = z.infer<typeof SuggestionSchema>;

export const CityAutocompleteRequestSchema = z.object({ query: z.string().trim().min(1).max(100) });
export const CitySuggestionSchema = z.object({
  kind: z.enum(['state', 'city']),
  id: z.number().int(),
  name: z.string(),
  state: z.object({ name: z.string() }),
  city_state: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});

/** What the search island keeps of a response: card fields it shows and the facets it lists. */
export interface SearchView {
  total: number;
  results: CardView[];
  filters: Omit<SearchFilters, 'categories_with_parent' | 'parent_categories'>;
}

export function toSearchView(response: SearchResponse): SearchView {
  const { categories_with_parent: _names, parent_categories: _parents, ...filters } = response.filters;
  return { total: response.total, results: response.results.map(toCardView), filters };
}

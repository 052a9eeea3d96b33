/** A search page's state as a validated search request (zod): used on the server, kept out of the islands' bundles. */
import { SearchRequestSchema, type SearchQuery } from './search.ts';
import { PARAM_FIELDS, toSearchRequest, type SearchParam, type SearchState } from './search-params.ts';

/**
 * The search request for a page. Parameters that do not parse are dropped one by one (a hand-edited
 * URL still gives a page, never an error), and their names returned.
 */
export function toSearchQuery(state: SearchState): { query: SearchQuery; dropped: SearchParam[] } {
  const dropped: SearchParam[] = [];
  const build = () => SearchRequestSchema.safeParse(toSearchRequest(state, dropped));
  for (;;) {
    const result = build();
    if (result.success) return { query: result.data, dropped };
    const fields = new Set(result.error.issues.map((issue) => String(issue.path[0])));
    const bad = (Object.keys(state.params) as SearchParam[]).filter((param) => !dropped.includes(param) && fields.has(PARAM_FIELDS[param]));
    if (bad.length === 0) {
      // Only the path was wrong (a malformed slug): search the whole type instead.
      return { query: SearchRequestSchema.parse({ type: state.cat }), dropped };
    }
    dropped.push(...bad);
  }
}

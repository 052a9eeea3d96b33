/** Texts of the search page (spec §2), shared by the server page and the island. */
import { DEFAULT_LOCATION_LABEL, LISTING_TYPE_LABELS, type Plan } from './constants.ts';
import { pageTitle, titlePrefix } from './seo.ts';
import type { Specialization } from './schemas/catalog.ts';
import type { SearchState } from './search-params.ts';

/** A type's categories as the search page needs them: names and slugs, two levels. */
export type SearchTree = { name: string; slug: string; child: { name: string; slug: string }[] }[];

export function toSearchTree(tree: Specialization[]): SearchTree {
  return tree.map((parent) => ({ name: parent.name, slug: parent.slug, child: parent.child.map(({ name, slug }) => ({ name, slug })) }));
}

/** Names of the main and sub category of a page, from the type's category tree. */
export function categoryNames(tree: SearchTree, state: Pick<SearchState, 'main' | 'sub'>) {
  const main = state.main ? tree.find((category) => category.slug === state.main) : undefined;
  const sub = main && state.sub ? main.child.find((category) => category.slug === state.sub) : undefined;
  return { main: main?.name ?? null, sub: sub?.name ?? null };
}

/** 'Browsing Businesses In Selangor' or 'Results for "aircon" In Malaysia'. */
export function searchHeading(state: SearchState): string {
  const where = state.params.where ?? DEFAULT_LOCATION_LABEL;
  return state.params.what
    ? `Results for "${state.params.what}" In ${where}`
    : `Browsing ${LISTING_TYPE_LABELS[state.cat].browsing} In ${where}`;
}

/**
 * The one title rule of a search page, for the server page and the island after in-place updates:
 * '{prefix} {sub|main|type} in {where}[ – Page n] | Yellow Pages Malaysia', the prefix chosen by the
 * plans of the top results (spec §9).
 */
export function searchTitle(tree: SearchTree, state: SearchState, page: number, topPlans: readonly Plan[]): string {
  const names = categoryNames(tree, state);
  const subject = names.sub ?? names.main ?? LISTING_TYPE_LABELS[state.cat].browsing;
  const where = state.params.where ?? DEFAULT_LOCATION_LABEL;
  return pageTitle(`${titlePrefix(topPlans)} ${subject} in ${where}${page > 1 ? ` – Page ${page}` : ''}`);
}

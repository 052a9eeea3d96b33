/** Texts of the search page (spec §2), shared by the server page and the island. */
import { DEFAULT_LOCATION_LABEL, type Plan } from './constants.ts';
import { typeLabel } from './type-labels.ts';
import { pageTitle, titlePrefix, type TITLE_PREFIXES } from './seo.ts';
import * as m from '../paraglide/messages.js';
import type { Specialization } from './schemas/catalog.ts';
import type { SearchState } from './search-params.ts';
import { isNearMe } from './near-me.ts';
import { placeLabel } from './place-names.ts';

/** A type's categories as the search page needs them: names and slugs, two levels. */
export type SearchTree = { name: string; slug: string; child: { name: string; slug: string }[] }[];

export function toSearchTree(tree: Specialization[]): SearchTree {
  return tree.map((parent) => ({ name: parent.name, slug: parent.slug, child: parent.child.map(({ name, slug }) => ({ name, slug })) }));
}

/** What a keyword search that found nothing offers instead (issue 63, server/search/no-results.ts). */
export interface NoResultsHelp {
  /** The words with the unknown ones corrected, when that search finds listings. */
  corrected: string | null;
  /** Categories with a name close to the words, in the page's language, best first. */
  categories: { name: string; main: string; sub: string | null }[];
}

/** Names of the main and sub category of a page, from the type's category tree. */
export function categoryNames(tree: SearchTree, state: Pick<SearchState, 'main' | 'sub'>) {
  const main = state.main ? tree.find((category) => category.slug === state.main) : undefined;
  const sub = main && state.sub ? main.child.find((category) => category.slug === state.sub) : undefined;
  return { main: main?.name ?? null, sub: sub?.name ?? null };
}

/** The name of 'all of Malaysia' in the page's language. */
function whereName(state: SearchState): string {
  const where = state.params.where;
  return where ? whereLabel(where) : DEFAULT_LOCATION_LABEL === 'Malaysia' ? m.search_root() : DEFAULT_LOCATION_LABEL;
}

/** A `where` value as the page's language says it: 'Near Me', a state, or a town and its state (issue 42). */
export function whereLabel(where: string): string {
  return isNearMe(where) ? m.near_me() : placeLabel(where);
}

/** 'Browsing Businesses In Selangor' or 'Results for "aircon" In Malaysia', in the page's language. */
export function searchHeading(state: SearchState): string {
  const where = whereName(state);
  return state.params.what
    ? m.search_heading_results({ what: state.params.what, where })
    : m.search_heading_browsing({ type: typeLabel(state.cat, 'browsing'), where });
}

const PREFIXES: Record<(typeof TITLE_PREFIXES)[number], () => string> = {
  Recommended: m.title_prefix_recommended, Popular: m.title_prefix_popular, 'Explore list of': m.title_prefix_explore,
  Featured: m.title_prefix_featured, 'The Best': m.title_prefix_best,
};

/**
 * The one title rule of a search page, for the server page and the island after in-place updates:
 * '{prefix} {sub|main|type} in {where}[ – Page n] | Yellow Pages Malaysia', the prefix chosen by the
 * plans of the top results (spec §9).
 */
export function searchTitle(tree: SearchTree, state: SearchState, page: number, topPlans: readonly Plan[]): string {
  const names = categoryNames(tree, state);
  const subject = names.sub ?? names.main ?? typeLabel(state.cat, 'browsing');
  const prefix = PREFIXES[titlePrefix(topPlans)]();
  return pageTitle(`${m.search_title({ prefix, subject, where: whereName(state) })}${page > 1 ? m.search_title_page({ page }) : ''}`);
}

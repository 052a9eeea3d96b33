/**
 * A search in words, for a saved search's row, its page and its alert (issue 29), in a language (issue 42):
 * 'Jobs · Driver · "lorry" · in Selangor · Job Type: Full Time · Newest first', 'Kerja · … · di Selangor', '工作 · … · 雪兰莪'.
 */
import * as m from '../../paraglide/messages.js';
import { DEFAULT_NEAR_ME_KM } from '../../shared/constants.ts';
import type { Locale } from '../../shared/locale.ts';
import { isNearMe } from '../../shared/near-me.ts';
import { placeLabel } from '../../shared/place-names.ts';
import { PARAM_LABELS, paramDisplay, SORT_NAMES, type SORT_LABELS } from '../../shared/search-filters.ts';
import { typeLabel } from '../../shared/type-labels.ts';
import { categoryNames, type SearchTree } from '../../shared/search-page.ts';
import type { SearchParam, SearchState } from '../../shared/search-params.ts';


/** `tree` names the categories in `locale` already (getSpecializationsByType with it). */
export function searchSummary(state: SearchState, tree: SearchTree, locale: Locale): string {
  const words = { locale };
  const names = categoryNames(tree, state);
  const parts: string[] = [typeLabel(state.cat, 'tab', locale)];
  if (names.main ?? state.main) parts.push([names.main ?? state.main, names.sub ?? state.sub].filter(Boolean).join(' › '));
  if (state.params.what) parts.push(`"${state.params.what}"`);
  const where = state.params.where;
  if (where && isNearMe(where)) parts.push(m.summary_near({ km: state.params.range ?? DEFAULT_NEAR_ME_KM }, words));
  else parts.push(m.summary_in({ where: where ? placeLabel(where, locale) : m.search_root({}, words) }, words));
  for (const param of Object.keys(PARAM_LABELS) as SearchParam[]) {
    if (param === 'what' || param === 'where' || (param === 'range' && where && isNearMe(where)) || !state.params[param]) continue;
    const value = param === 'price' ? `RM${state.params.price!.replace('++', '+').replace('-', '–RM')}` : paramDisplay(state, param, locale);
    parts.push(`${PARAM_LABELS[param]!({}, words)}: ${value}`);
  }
  const sort = state.params.sort as keyof typeof SORT_LABELS | undefined;
  if (sort && sort !== 'recommended' && SORT_NAMES[sort]) parts.push(m.summary_sort({ sort: SORT_NAMES[sort]({}, words) }, words));
  return parts.join(' · ');
}

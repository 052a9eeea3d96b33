/**
 * A buy & sell post's condition in the search document, in every language (issue 42): facet options are data, so
 * 'kereta terpakai', 'used car' and '二手车' all reach a used car. The SQL of both backends' documents reads it.
 */
import { LOCALES } from '../../../shared/locale.ts';
import * as m from '../../../paraglide/messages.js';

const words = (message: (inputs: object, options: { locale: (typeof LOCALES)[number] }) => string) =>
  [...new Set(LOCALES.map((locale) => message({}, { locale }).toLowerCase()))].join(' ');

/** The condition's words, space-separated: 'used terpakai 二手'. */
export const CONDITION_WORDS: Readonly<Record<'new' | 'used', string>> = { new: words(m.option_new), used: words(m.option_used) };

/** An SQL expression of the condition's words for a buysell_details row aliased `alias` (empty for other types). */
export function conditionWordsSql(alias: string): string {
  return `CASE ${alias}.condition WHEN 'used' THEN '${CONDITION_WORDS.used}' WHEN 'new' THEN '${CONDITION_WORDS.new}' ELSE '' END`;
}

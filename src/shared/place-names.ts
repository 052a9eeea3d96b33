/**
 * State and town names in the page's language (issue 42): Penang is Pulau Pinang on a Malay page and 槟城 on a Chinese
 * one. The names are data (state_names, city_names); the server reads them when it starts (setPlaceNames) and every
 * page it renders looks them up here. `where` values and the stored places keep their English names; a place without
 * a name in a language keeps its English one. In the browser the table is empty: islands get names from the server.
 */
import { currentLocale } from './i18n.ts';
import type { Locale } from './locale.ts';

let names: ReadonlyMap<string, Partial<Record<Locale, string>>> = new Map();

/** The names the database holds, by English name. */
export function setPlaceNames(rows: readonly { english: string; locale: Locale; name: string }[]): void {
  const next = new Map<string, Partial<Record<Locale, string>>>();
  for (const row of rows) next.set(row.english, { ...next.get(row.english), [row.locale]: row.name });
  names = next;
}

/** A state's or town's name in `locale`: 'Penang' → 'Pulau Pinang' (ms), '槟城' (zh). */
export function placeName(english: string, locale: Locale = currentLocale()): string {
  return locale === 'en' ? english : names.get(english)?.[locale] ?? english;
}

/** A listing's place or a `where` value in `locale`: 'Bayan Lepas, Penang' → 'Bayan Lepas, Pulau Pinang' (ms). */
export function placeLabel(text: string, locale: Locale = currentLocale()): string {
  return locale === 'en' ? text : text.split(', ').map((part) => placeName(part, locale)).join(', ');
}

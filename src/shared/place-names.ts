/**
 * State and town names in the page's language (issue 42): Penang is Pulau Pinang on a Malay page and 槟城 on a Chinese
 * one. The names are data (state_names, city_names); the server reads them when it starts (setPlaceNames) and every
 * page it renders looks them up here. `where` values and the stored places keep their English names; a place without
 * a name in a language keeps its English one. In the browser the table is empty: islands get names from the server.
 */
import { currentLocale } from './i18n.ts';
import type { Locale } from './locale.ts';

let names: ReadonlyMap<string, Partial<Record<Locale, string>>> = new Map();
/** English names by their Malay or Chinese name, lower-cased ('pulau pinang' → 'Penang', '槟城' → 'Penang'). */
let englishOf: ReadonlyMap<string, string> = new Map();

/** The names the database holds, by English name. */
export function setPlaceNames(rows: readonly { english: string; locale: Locale; name: string }[]): void {
  const next = new Map<string, Partial<Record<Locale, string>>>();
  const english = new Map<string, string>();
  for (const row of rows) {
    next.set(row.english, { ...next.get(row.english), [row.locale]: row.name });
    if (row.name.toLowerCase() !== row.english.toLowerCase()) english.set(row.name.toLowerCase(), row.english);
  }
  names = next;
  englishOf = english;
}

/**
 * The English `where` of a place named in Malay or Chinese ('Pulau Pinang', '槟城', 'Bayan Lepas, 槟城' → 'Bayan Lepas,
 * Penang'), or undefined when no part of it is such a name (an English name, or no place at all). `where` values stay
 * English (decision 0030): a search page answers such a name with a redirect to its English address.
 */
export function englishPlace(text: string): string | undefined {
  const parts = text.trim().split(/\s*[,，、]\s*/);
  const english = parts.map((part) => englishOf.get(part.toLowerCase()));
  if (english.every((name) => name === undefined)) return undefined;
  return parts.map((part, index) => english[index] ?? part).join(', ');
}

/** A state's or town's name in `locale`: 'Penang' → 'Pulau Pinang' (ms), '槟城' (zh). */
export function placeName(english: string, locale: Locale = currentLocale()): string {
  return locale === 'en' ? english : names.get(english)?.[locale] ?? english;
}

/** A listing's place or a `where` value in `locale`: 'Bayan Lepas, Penang' → 'Bayan Lepas, Pulau Pinang' (ms). */
export function placeLabel(text: string, locale: Locale = currentLocale()): string {
  return locale === 'en' ? text : text.split(', ').map((part) => placeName(part, locale)).join(', ');
}

/** Every place's name in `locale` that differs from its English one, by English name (the map's town labels). */
export function placeNamesIn(locale: Locale): Record<string, string> {
  const out: Record<string, string> = {};
  if (locale === 'en') return out;
  for (const [english, local] of names) if (local[locale] && local[locale] !== english) out[english] = local[locale];
  return out;
}

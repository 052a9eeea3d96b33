/**
 * The site's languages (issue 42): English at the root, Bahasa Malaysia under /ms/ and Simplified Chinese under /zh/.
 * The language of a page comes from its address alone; slugs, `where` values and parameters are the same in all three.
 */
export const LOCALES = ['en', 'ms', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];
export const BASE_LOCALE: Locale = 'en';

/** The prefixed languages: the first path segment of their pages. */
export const PREFIXED_LOCALES: readonly Locale[] = ['ms', 'zh'];

/** `<html lang>` (BCP 47): the language as written in Malaysia. */
export const HTML_LANG: Record<Locale, string> = { en: 'en-MY', ms: 'ms-MY', zh: 'zh-Hans-MY' };

/** The `hreflang` of a language's pages and links (x-default is the English page). */
export const HREFLANG: Record<Locale, string> = { en: 'en', ms: 'ms', zh: 'zh-Hans' };

/** The `Intl` locale of dates, numbers and money. */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-MY', ms: 'ms-MY', zh: 'zh-Hans-MY' };

/** Each language's name in itself, as the switcher shows it; the header's compact switcher shows the short ones. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', ms: 'Bahasa Melayu', zh: '中文' };
export const LOCALE_SHORT_NAMES: Record<Locale, string> = { en: 'EN', ms: 'BM', zh: '中文' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

const PREFIX = /^\/(ms|zh)(?=\/|$)/;

/**
 * What has no /ms/ or /zh/ twin: the API, the advertiser site (it speaks the account's language, issue 63), the
 * operator console and files. A link to it stays as it is in every language.
 */
export const TWINLESS_PATH = /^\/(api|advertiser|operator|media|maps|healthz|readyz|sitemaps|sitemap\.xml|robots\.txt|_astro)(\/|$)/;

/** The language of a path and the path without its prefix: '/ms/services/l' → ms, '/services/l'; '/ms' → ms, '/'. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const match = PREFIX.exec(pathname);
  if (!match) return { locale: BASE_LOCALE, path: pathname };
  return { locale: match[1] as Locale, path: pathname.slice(match[0].length) || '/' };
}

/**
 * A site path (with its query and fragment) in a language: '/services/l?where=Selangor' → '/ms/services/l?where=Selangor'.
 * English paths stay as they are; a path already in a language is moved to `locale`; a path without twins, absolute
 * URLs and other schemes are left alone.
 */
export function localizePath(href: string, locale: Locale): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  const end = href.search(/[?#]/);
  const pathname = end === -1 ? href : href.slice(0, end);
  const rest = end === -1 ? '' : href.slice(end);
  const { path } = splitLocale(pathname);
  if (locale === BASE_LOCALE || TWINLESS_PATH.test(path)) return path + rest;
  return (path === '/' ? `/${locale}/` : `/${locale}${path}`) + rest;
}

/** A site path without its language prefix, query and fragment kept. */
export function unlocalizedPath(href: string): string {
  return localizePath(href, BASE_LOCALE);
}

/** The language a listing is written in when its poster did not say (issue 42): Chinese with Han characters, else `fallback`. */
export function contentLanguageOf(text: string, fallback: Locale): Locale {
  return /\p{Script=Han}/u.test(text) ? 'zh' : fallback;
}

/**
 * Which language an `Accept-Language` header asks for among the site's, or undefined: 'ms-MY,en;q=0.8' → ms,
 * 'zh-CN' and 'zh-Hans' → zh. Used only where there is no page address (an API call, a code sent before an account
 * exists): pages never follow it.
 */
export function localeOfAcceptLanguage(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header.split(',').map((part, index) => {
    const [tag = '', ...params] = part.trim().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
  }).filter((entry) => entry.tag !== '' && entry.q > 0).sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const primary = tag.split('-')[0];
    if (primary === 'ms' || primary === 'zsm') return 'ms';
    if (primary === 'zh' || primary === 'cmn') return 'zh';
    if (primary === 'en') return 'en';
  }
  return undefined;
}

/**
 * The cookie the language switcher sets on the advertiser site (issue 63), which has no twins: its language for a
 * person who is not signed in (a signed-in person's is the account's `locale`).
 */
export const ADVERTISER_LANGUAGE_COOKIE = 'advertiser_language';

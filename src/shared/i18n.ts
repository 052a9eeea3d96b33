/**
 * The language being rendered (issue 42), for links and names that follow it. On the server it is the request's: the
 * middleware names Paraglide's `getLocale` as the source (its AsyncLocalStorage); in a job, English. In the browser it
 * is the page's `<html lang>`. This module imports no Paraglide runtime, so an island that only builds links ships
 * none of it.
 */
import { localizePath, type Locale } from './locale.ts';

/** The page's language from its `<html lang>` (en-MY, ms-MY, zh-Hans-MY); English without a document. */
function documentLocale(): Locale {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return lang.startsWith('ms') ? 'ms' : lang.startsWith('zh') ? 'zh' : 'en';
}

let source: () => Locale = documentLocale;

/** Where the server reads the request's language (called once by the middleware). */
export function readLocaleFrom(read: () => Locale): void {
  source = read;
}

/** The language being rendered. */
export function currentLocale(): Locale {
  return source();
}

/** A site path in the language being rendered: '/jobs' on a /ms/ page is '/ms/jobs'. */
export function localHref(path: string): string {
  return localizePath(path, source());
}

/**
 * The browser's Paraglide reads the page's language from `<html lang>` (issue 63). Its own strategy reads the address
 * ('/ms/…'), which is the same on every page with twins, but the advertiser site has none: it speaks the account's
 * language, which only the server knows and writes into `<html lang>`. Appended to the browser's runtime module, so
 * the reader is in place before any island's first message, whatever order the islands load in.
 */
import type { Plugin } from 'vite';

const PAGE_LANGUAGE = `
if (typeof document !== 'undefined') overwriteGetLocale(() => {
  const lang = document.documentElement.lang;
  return lang.startsWith('ms') ? 'ms' : lang.startsWith('zh') ? 'zh' : 'en';
});
`;

export default function pageLanguage(): Plugin {
  return {
    name: 'yp:page-language',
    enforce: 'post',
    transform(code, id, options) {
      if (options?.ssr || !id.replaceAll('\\', '/').endsWith('/src/paraglide/runtime.js')) return null;
      return { code: code + PAGE_LANGUAGE, map: null };
    },
  };
}

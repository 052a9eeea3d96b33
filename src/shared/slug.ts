/** Lower-case, ASCII, hyphen-separated form of a name for URLs: 'Aircon Servicing & Repair' → 'aircon-servicing-repair'. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * First path segments the site uses: a profile lives at /{slug}, so its slug (and, to keep one rule, an ad's) is
 * never one of these. Kept in step with src/pages (a unit test checks); file names (robots.txt, sw.js) have a dot,
 * which a slug never has.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'advertiser', 'operator', 'appeal', 'saved-searches', 'me', 'api', 'media', 'fragments', 'pages', 'specializations', 'sitemaps', 'search', 'offline', 'maps',
  'services', 'jobs', 'hireme', 'buysell', 'education', 'advertise-on-yp', 'healthz', 'readyz', '404', '500',
  'admin', 'login', 'logout',
  // Language prefixes (issue 42): /ms/ and /zh/ now, /ta/ kept for Tamil.
  'ms', 'zh', 'ta',
]);

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

/**
 * The slug of a new profile or ad: its name slugified, never empty and never a reserved segment; a name without
 * Latin letters or digits gets undefined, and the caller uses `{kind}-{id}`.
 */
export function listingSlugBase(name: string): string | undefined {
  const slug = slugify(name).slice(0, 80).replace(/-+$/, '');
  if (slug === '') return undefined;
  return RESERVED_SLUGS.has(slug) || /^\d+$/.test(slug) ? `${slug}-listing` : slug;
}

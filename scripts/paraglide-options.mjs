// @ts-check
/**
 * How Paraglide compiles messages/{en,ms,zh}.json into src/paraglide (issue 42): the build's Vite plugin and
 * `npm run messages` (run by `npm install`, so tests and scripts find the compiled messages) use the same options.
 * The language comes from the address ('url': English at the root, /ms/ and /zh/ before the path), else English.
 */
export const PARAGLIDE_OPTIONS = {
  project: './project.inlang',
  outdir: './src/paraglide',
  strategy: /** @type {['url', 'baseLocale']} */ (['url', 'baseLocale']),
  // Plain Node runs server modules too (scripts/jobs.ts sends mail): no import.meta.env there.
  isServer: 'typeof window === "undefined"',
  emitReadme: false,
};

/**
 * The page's language where a component renders (issue 42): on the server the request's, set by the middleware; in the
 * browser the address's. Links built here stay in that language; the fixed texts are Paraglide's messages.
 */
import { getLocale } from '../paraglide/runtime.js';
import * as m from '../paraglide/messages.js';
import type { ListingType } from './constants.ts';
import { localizePath, type Locale } from './locale.ts';

/** The language being rendered. */
export function currentLocale(): Locale {
  return getLocale();
}

/** A site path in the language being rendered: '/jobs' on a /ms/ page is '/ms/jobs'. */
export function localHref(path: string): string {
  return localizePath(path, getLocale());
}

const TYPE_LABELS: Record<ListingType, { select: () => string; tab: () => string; browsing: () => string }> = {
  services: { select: m.type_services_select, tab: m.type_services_tab, browsing: m.type_services_browsing },
  buysell: { select: m.type_buysell_select, tab: m.type_buysell_tab, browsing: m.type_buysell_browsing },
  jobs: { select: m.type_jobs_select, tab: m.type_jobs_tab, browsing: m.type_jobs_browsing },
  hireme: { select: m.type_hireme_select, tab: m.type_hireme_tab, browsing: m.type_hireme_browsing },
};

/** A listing type's name in the language being rendered: in a select, on a tab, or as what one browses. */
export function typeLabel(type: ListingType, kind: 'select' | 'tab' | 'browsing'): string {
  return TYPE_LABELS[type][kind]();
}

/** A listing type's name in the language being rendered (issue 42): four fixed words, kept in the message catalogue. */
import * as m from '../paraglide/messages.js';
import type { ListingType } from './constants.ts';
import type { Locale } from './locale.ts';

const TYPE_LABELS: Record<ListingType, Record<'select' | 'tab' | 'browsing', typeof m.type_jobs_tab>> = {
  services: { select: m.type_services_select, tab: m.type_services_tab, browsing: m.type_services_browsing },
  buysell: { select: m.type_buysell_select, tab: m.type_buysell_tab, browsing: m.type_buysell_browsing },
  jobs: { select: m.type_jobs_select, tab: m.type_jobs_tab, browsing: m.type_jobs_browsing },
  hireme: { select: m.type_hireme_select, tab: m.type_hireme_tab, browsing: m.type_hireme_browsing },
};

/** A listing type's name: in a select, on a tab, or as what one browses; in `locale`, else the language being rendered. */
export function typeLabel(type: ListingType, kind: 'select' | 'tab' | 'browsing', locale?: Locale): string {
  return TYPE_LABELS[type][kind]({}, locale ? { locale } : undefined);
}

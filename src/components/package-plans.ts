/**
 * What the package cards of /advertise-on-yp say (spec §4), in the page's language (issue 42), worked out on the
 * server and handed to the PackagePlans island as props, so it ships neither the package table nor the messages.
 */
import * as m from '../paraglide/messages.js';
import { ADVERTISER_PACKAGES } from '../shared/constants.ts';
import type { PackagePlan, PackagePlansWords } from '../islands/PackagePlans.tsx';

export function packagePlans(): PackagePlan[] {
  return ADVERTISER_PACKAGES.map((pkg) => ({
    code: pkg.code,
    name: pkg.name,
    price: pkg.perPostPrice !== null
      ? { yearly: m.packages_per_post({ price: pkg.perPostPrice }), monthly: m.packages_per_post({ price: pkg.perPostPrice }) }
      : { yearly: m.packages_per_year({ price: pkg.yearPrice ?? '' }), monthly: m.packages_per_month({ price: pkg.monthPrice ?? '' }) },
    save: pkg.save === null ? null : m.packages_save({ percent: pkg.save }),
    features: [
      ...(pkg.tokens !== null ? [m.packages_tokens({ count: pkg.tokens })] : []),
      pkg.categories === 1 ? m.packages_category() : m.packages_categories({ count: pkg.categories }),
      m.packages_keywords({ count: pkg.keywords }),
      m.packages_photos({ count: pkg.photos }),
      pkg.pdfs === 1 ? m.packages_pdf() : m.packages_pdfs({ count: pkg.pdfs }),
      ...(pkg.videos !== null ? [pkg.videos === 1 ? m.packages_video() : m.packages_videos({ count: pkg.videos })] : []),
    ],
    note: pkg.perPostPrice !== null ? m.packages_first_free() : m.packages_trial(),
    choose: m.packages_choose({ name: pkg.name }),
  }));
}

export function packagePlansWords(): PackagePlansWords {
  return { label: m.packages_label(), billing: m.packages_billing(), yearly: m.packages_yearly(), monthly: m.packages_monthly(), sst: m.packages_sst() };
}

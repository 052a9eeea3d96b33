import { useState } from 'react';
import * as m from '../paraglide/messages.js';
import { ADVERTISER_PACKAGES } from '../shared/constants.ts';

type Billing = 'yearly' | 'monthly';

/**
 * Package cards with the yearly/monthly switch (yearly by default, spec §4). Choosing a package is an
 * upgrade (spec §4 Unauthenticated actions): it needs an account and the advertiser role first
 * (client/auth-actions.ts), then continues on the advertiser site.
 */
export default function PackagePlans({ advertiserSiteUrl }: { advertiserSiteUrl: string }) {
  const [billing, setBilling] = useState<Billing>('yearly');
  return (
    <section aria-label={m.packages_label()} data-testid="packages">
      <div className="flex justify-center gap-1" role="group" aria-label={m.packages_billing()}>
        {(['yearly', 'monthly'] as const).map((option) => (
          <button key={option} type="button" aria-pressed={billing === option} onClick={() => setBilling(option)}
            className="rounded-full border border-ink px-4 py-1.5 text-sm font-semibold aria-pressed:bg-ink aria-pressed:text-white">
            {option === 'yearly' ? m.packages_yearly() : m.packages_monthly()}
          </button>
        ))}
      </div>
      <ul className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-4">
        {ADVERTISER_PACKAGES.map((pkg) => {
          const price = pkg.perPostPrice !== null ? m.packages_per_post({ price: pkg.perPostPrice })
            : billing === 'yearly' ? m.packages_per_year({ price: pkg.yearPrice ?? '' }) : m.packages_per_month({ price: pkg.monthPrice ?? '' });
          return (
            <li key={pkg.code} className="rounded-lg bg-white p-5 shadow-sm flex flex-col" data-testid="package">
              <h3 className="text-lg font-bold">{pkg.name}</h3>
              <p className="mt-2 text-2xl font-extrabold" data-testid="package-price">{price}</p>
              {billing === 'yearly' && pkg.save !== null && <p className="text-sm font-semibold text-green-800">{m.packages_save({ percent: pkg.save })}</p>}
              <ul className="mt-3 space-y-1 text-sm">
                {pkg.tokens !== null && <li>{m.packages_tokens({ count: pkg.tokens })}</li>}
                <li>{pkg.categories === 1 ? m.packages_category() : m.packages_categories({ count: pkg.categories })}</li>
                <li>{m.packages_keywords({ count: pkg.keywords })}</li>
                <li>{m.packages_photos({ count: pkg.photos })}</li>
                <li>{pkg.pdfs === 1 ? m.packages_pdf() : m.packages_pdfs({ count: pkg.pdfs })}</li>
                {pkg.videos !== null && <li>{pkg.videos === 1 ? m.packages_video() : m.packages_videos({ count: pkg.videos })}</li>}
              </ul>
              <p className="mt-auto pt-4 text-xs text-gray-700">{pkg.perPostPrice !== null ? m.packages_first_free() : m.packages_trial()}</p>
              <a href={`${advertiserSiteUrl}/subscribe?package=${pkg.code}&billing=${billing}`} hrefLang="en" data-auth-action="upgrade" data-auth-key={pkg.code}
                data-advertiser-target={`${advertiserSiteUrl}/subscribe?package=${pkg.code}&billing=${billing}`}
                className="mt-3 rounded bg-ink px-4 py-2 text-center text-sm font-semibold text-white">{m.packages_choose({ name: pkg.name })}</a>
            </li>
          );
        })}
      </ul>
      <p className="mt-4 text-center text-xs text-gray-700">{m.packages_sst()}</p>
    </section>
  );
}

import { useState } from 'react';

type Billing = 'yearly' | 'monthly';

/** A package card's words, in the page's language (components/package-plans.ts). */
export interface PackagePlan {
  code: string;
  name: string;
  price: Record<Billing, string>;
  /** 'Save 16%' on yearly billing; null for Pay-Per-Post. */
  save: string | null;
  features: string[];
  note: string;
  choose: string;
}

export interface PackagePlansWords {
  label: string;
  billing: string;
  yearly: string;
  monthly: string;
  sst: string;
}

/**
 * Package cards with the yearly/monthly switch (yearly by default, spec §4). Choosing a package is an
 * upgrade (spec §4 Unauthenticated actions): it needs an account and the advertiser role first
 * (client/auth-actions.ts), then continues on the advertiser site.
 */
export default function PackagePlans({ advertiserSiteUrl, plans, words }: { advertiserSiteUrl: string; plans: PackagePlan[]; words: PackagePlansWords }) {
  const [billing, setBilling] = useState<Billing>('yearly');
  return (
    <section aria-label={words.label} data-testid="packages">
      <div className="flex justify-center gap-1" role="group" aria-label={words.billing}>
        {(['yearly', 'monthly'] as const).map((option) => (
          <button key={option} type="button" aria-pressed={billing === option} onClick={() => setBilling(option)}
            className="rounded-full border border-ink px-4 py-1.5 text-sm font-semibold aria-pressed:bg-ink aria-pressed:text-white">
            {words[option]}
          </button>
        ))}
      </div>
      <ul className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-4">
        {plans.map((plan) => {
          const target = `${advertiserSiteUrl}/subscribe?package=${plan.code}&billing=${billing}`;
          return (
            <li key={plan.code} className="rounded-lg bg-white p-5 shadow-sm flex flex-col" data-testid="package">
              <h3 className="text-lg font-bold">{plan.name}</h3>
              <p className="mt-2 text-2xl font-extrabold" data-testid="package-price">{plan.price[billing]}</p>
              {billing === 'yearly' && plan.save !== null && <p className="text-sm font-semibold text-green-800">{plan.save}</p>}
              <ul className="mt-3 space-y-1 text-sm">
                {plan.features.map((feature) => <li key={feature}>{feature}</li>)}
              </ul>
              <p className="mt-auto pt-4 text-xs text-gray-700">{plan.note}</p>
              <a href={target} hrefLang="en" data-auth-action="upgrade" data-auth-key={plan.code} data-advertiser-target={target}
                className="mt-3 rounded bg-ink px-4 py-2 text-center text-sm font-semibold text-white">{plan.choose}</a>
            </li>
          );
        })}
      </ul>
      <p className="mt-4 text-center text-xs text-gray-700">{words.sst}</p>
    </section>
  );
}

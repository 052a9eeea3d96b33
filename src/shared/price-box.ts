/** What the price box of a post detail page says (spec §2, §9). */
import * as m from '../paraglide/messages.js';
import { CURRENCY_LABEL, percentOff, type HiremeRate } from './constants.ts';
import { formatMoney, formatPriceRange } from './format.ts';
import type { Post } from './schemas/catalog.ts';

export interface PriceBox {
  /** Salary (jobs), Rate (hireme) or Price (others), in the page's language. */
  label: string;
  /** 'RM 1,200 - RM 2,500', 'RM 80 Per Hour' or 'Negotiable'. */
  amount: string;
  /** The original price with RM and its 'N% OFF', when the post is discounted. */
  original: { amount: string; off: string } | null;
}

/** A person's rate (HIREME_RATES) in the page's language. */
const RATE_WORDS: Record<HiremeRate, () => string> = { hour: m.option_per_hour, day: m.option_per_day, month: m.option_per_month, project: m.option_per_project };

export function priceBox(post: Pick<Post, 'type' | 'price_min' | 'price_max' | 'price_currency' | 'op' | 'hireme'>): PriceBox {
  const label = post.type === 'jobs' ? m.option_salary() : post.type === 'hireme' ? m.option_rate() : m.option_price();
  if (post.type === 'hireme' && post.hireme) {
    const salary = post.hireme.expected_salary;
    return {
      label,
      amount: salary === null ? formatPriceRange(null, null) : `${formatMoney(salary, CURRENCY_LABEL)} ${RATE_WORDS[post.hireme.rate as HiremeRate]?.() ?? ''}`.trim(),
      original: null,
    };
  }
  const price = post.price_min ?? post.price_max;
  const discounted = post.op !== null && price !== null && post.op > price;
  return {
    label,
    amount: formatPriceRange(post.price_min, post.price_max, post.price_currency),
    original: discounted ? { amount: formatMoney(post.op!, CURRENCY_LABEL), off: m.price_off({ percent: percentOff(price!, post.op!) }) } : null,
  };
}

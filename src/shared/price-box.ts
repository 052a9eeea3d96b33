/** What the price box of a post detail page says (spec §2, §9). */
import { CURRENCY_LABEL, HIREME_RATES, percentOff, type HiremeRate } from './constants.ts';
import { formatMoney, formatPriceRange } from './format.ts';
import type { Post } from './schemas/catalog.ts';

export interface PriceBox {
  /** Salary (jobs), Rate (hireme) or Price (others). */
  label: 'Salary' | 'Rate' | 'Price';
  /** 'RM 1,200 - RM 2,500', 'RM 80 Per Hour' or 'Negotiable'. */
  amount: string;
  /** The original price with RM and its 'N% OFF', when the post is discounted. */
  original: { amount: string; off: string } | null;
}

export function priceBox(post: Pick<Post, 'type' | 'price_min' | 'price_max' | 'price_currency' | 'op' | 'hireme'>): PriceBox {
  const label = post.type === 'jobs' ? 'Salary' : post.type === 'hireme' ? 'Rate' : 'Price';
  if (post.type === 'hireme' && post.hireme) {
    const salary = post.hireme.expected_salary;
    return {
      label,
      amount: salary === null ? 'Negotiable' : `${formatMoney(salary, CURRENCY_LABEL)} ${HIREME_RATES[post.hireme.rate as HiremeRate] ?? ''}`.trim(),
      original: null,
    };
  }
  const price = post.price_min ?? post.price_max;
  const discounted = post.op !== null && price !== null && post.op > price;
  return {
    label,
    amount: formatPriceRange(post.price_min, post.price_max, post.price_currency),
    original: discounted ? { amount: formatMoney(post.op!, CURRENCY_LABEL), off: `${percentOff(price!, post.op!)}% OFF` } : null,
  };
}

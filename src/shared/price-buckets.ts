/** Price filter buckets of spec §9, as 'min-max' or 'min++' values with labels in the page's language. */
import * as m from '../paraglide/messages.js';
import { formatMoney } from './format.ts';

export interface PriceBucket {
  value: string;
  label: string;
}

const DEFAULT_BOUNDS = [0, 100, 500, 1000];

function rounding(step: number): number {
  const digits = String(Math.ceil(step)).length;
  return digits <= 2 ? 10 : digits === 3 ? 100 : digits === 4 ? 1000 : 10000;
}

/**
 * 0-100, 100-500, 500-1000, 1000++ by default; when the facet range (max - min) is over 400, about
 * four buckets from the minimum with a step rounded up to 10, 100, 1000 or 10000 by its digit count.
 */
export function priceBuckets(min: number | null, max: number | null): PriceBucket[] {
  let bounds = DEFAULT_BOUNDS;
  if (min !== null && max !== null && max - min > 400) {
    const unit = rounding((max - min) / 4);
    const step = Math.ceil((max - min) / 4 / unit) * unit;
    const start = Math.floor(min / unit) * unit;
    bounds = [start, start + step, start + 2 * step, start + 3 * step];
  }
  return bounds.map((low, index) => {
    const high = bounds[index + 1];
    return high === undefined
      ? { value: `${low}++`, label: m.price_and_above({ amount: formatMoney(low) }) }
      : { value: `${low}-${high}`, label: `${formatMoney(low)} - ${formatMoney(high)}` };
  });
}

/**
 * The site's first category statistic (issue 64): for live buy-and-sell sell ads, the median price and the median
 * absolute deviation of the log prices per category and condition, per brand within them, per category for both
 * conditions ('any', where a condition alone has too few), and per product (the title's words: a category holds water
 * heaters and fridges, whose prices are not one market) for both conditions, each kept only from
 * PRICE_RULES.minSample ads. Robust: a few absurd prices move neither. The worker's daily `category_price_stats` job
 * computes them afresh; the price checks of listing-signals.ts read them.
 */
import type { AppContext } from '../app-types.ts';
import type { PriceStatRow } from '../db/rows.ts';
import { brandKey, PRICE_RULES, productKey } from './listing-signals.ts';

/** Ads read per page. */
const PAGE = 5_000;

function median(sorted: readonly number[]): number {
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The statistic of one group of prices (sen). */
function priceStatistic(prices: number[]): Pick<PriceStatRow, 'sample' | 'median_sen' | 'log_mad'> {
  const sorted = prices.sort((a, b) => a - b);
  const middle = median(sorted);
  const logMiddle = Math.log(middle);
  const deviations = sorted.map((price) => Math.abs(Math.log(price) - logMiddle)).sort((a, b) => a - b);
  return { sample: sorted.length, median_sen: Math.round(middle), log_mad: median(deviations) };
}

/** The `category_price_stats` job: every statistic computed again from the live sell ads; answers how many were kept. */
export async function updatePriceStatistics(app: Pick<AppContext, 'repos'>): Promise<number> {
  type Key = Pick<PriceStatRow, 'category_id' | 'condition' | 'brand' | 'product'>;
  const groups = new Map<string, { key: Key; prices: number[] }>();
  const add = (key: Key, price: number) => {
    const name = `${key.category_id}|${key.condition}|${key.brand}|${key.product}`;
    const group = groups.get(name) ?? groups.set(name, { key, prices: [] }).get(name)!;
    group.prices.push(price);
  };
  for (let after = 0; ;) {
    const page = await app.repos.listingSignals.findSellPrices(after, PAGE);
    for (const ad of page) {
      if (ad.category_id === null || ad.condition === null || ad.price_sen === null || ad.price_sen <= 0) continue;
      const category = { category_id: ad.category_id, brand: '', product: '' };
      add({ ...category, condition: ad.condition }, ad.price_sen);
      add({ ...category, condition: 'any' }, ad.price_sen);
      const brand = brandKey(ad.brand);
      if (brand !== '') add({ ...category, condition: ad.condition, brand }, ad.price_sen);
      const product = productKey(ad.title);
      if (product !== '') add({ ...category, condition: 'any', product }, ad.price_sen);
    }
    if (page.length < PAGE) break;
    after = page.at(-1)!.post_id;
  }
  const stats = [...groups.values()].filter((group) => group.prices.length >= PRICE_RULES.minSample).map((group) => ({ ...group.key, ...priceStatistic(group.prices) }));
  await app.repos.listingSignals.replacePriceStats(stats);
  return stats.length;
}

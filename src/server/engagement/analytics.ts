/**
 * Click analytics (spec §4 Analytics, §7 POST analytics): the browser sends batches of click items
 * {id, action, type}; they are added to per-listing daily counters (with page views, from the view
 * beacon), ready for the advertiser dashboard's counts over a date range.
 */
import { z } from 'zod';
import { ANALYTICS_ACTIONS } from '../../shared/constants.ts';
import { malaysiaToday } from '../../shared/malaysia-time.ts';
import { ListingRefTypeSchema } from '../../shared/schemas/catalog.ts';
import type { AppContext } from '../app-context.ts';
import type { ClickCount, ListingRef } from '../db/repositories.ts';
import { parseInput } from '../errors.ts';

/** Items one batch may carry: a visit's clicks, with room to spare. */
export const ANALYTICS_BATCH_MAX = 50;

const ClickItemSchema = z.object({
  id: z.coerce.number().int().positive(),
  action: z.enum(ANALYTICS_ACTIONS),
  type: ListingRefTypeSchema,
});
const BatchSchema = z.array(ClickItemSchema, { error: 'Send a list of click items.' })
  .min(1, 'Send at least one click item.').max(ANALYTICS_BATCH_MAX, `Send at most ${ANALYTICS_BATCH_MAX} click items.`);

/** POST analytics: counts the batch (same listing and action summed); answers how many items counted. */
export async function recordClicks(app: AppContext, input: unknown): Promise<number> {
  const items = parseInput(BatchSchema, Array.isArray(input) ? input : (input as { data?: unknown } | null)?.data ?? input);
  const counts = new Map<string, ClickCount>();
  for (const item of items) {
    const key = `${item.type}:${item.id}:${item.action}`;
    const current = counts.get(key);
    if (current) current.count += 1;
    else counts.set(key, { listing: { type: item.type, id: item.id }, action: item.action, count: 1 });
  }
  await app.repos.stats.addClicks(malaysiaToday(), [...counts.values()]);
  return items.length;
}

/** A listing's counts per day and action from `from` to `to` (YYYY-MM-DD, Malaysia), for the advertiser dashboard. */
export function listingStats(app: AppContext, listing: ListingRef, from: string, to: string) {
  return app.repos.stats.findListingStats(listing, from, to);
}

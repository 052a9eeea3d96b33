/**
 * Click analytics (spec §4 Analytics, §7 POST analytics): the browser sends batches of click items
 * {id, action, type}; they are added to per-listing daily counters (with page views, from the view
 * beacon), ready for the advertiser dashboard's counts over a date range.
 */
import { z } from 'zod';
import { ANALYTICS_ACTIONS, ANALYTICS_DEVICE_ID } from '../../shared/constants.ts';
import { malaysiaToday } from '../../shared/malaysia-time.ts';
import { ListingRefTypeSchema } from '../../shared/schemas/catalog.ts';
import type { AppContext } from '../app-types.ts';
import type { ClickCount, ListingRef } from '../db/rows.ts';
import { parseInput } from '../errors.ts';
import { say } from '../../shared/said.ts';

/** Items one batch may carry: a visit's clicks, with room to spare. */
const ANALYTICS_BATCH_MAX = 50;

const ClickItemSchema = z.object({
  id: z.coerce.number().int().positive(),
  action: z.enum(ANALYTICS_ACTIONS),
  type: ListingRefTypeSchema,
});
const BatchSchema = z.array(ClickItemSchema, { error: say('form_send_list_click_items') })
  .min(1, say('form_send_at_least_one_click')).max(ANALYTICS_BATCH_MAX, say('form_click_items_max', { max: ANALYTICS_BATCH_MAX }));

/** How long a visitor's repeat of one action on one listing counts once (security probe item 12). */
const CLICK_REPEAT_WINDOW_MS = 60 * 60_000;

const DeviceSchema = z.string().regex(ANALYTICS_DEVICE_ID);

/**
 * The visitor a click is counted for: the client plus the device id the analytics script keeps, or the
 * client alone without one (then thousands of phones behind a carrier's shared address are one visitor).
 */
export function clickVisitor(client: string, device: string | undefined): string {
  const parsed = DeviceSchema.safeParse(device);
  return parsed.success ? `${client}|${parsed.data}` : client;
}

/**
 * POST analytics: counts the batch, each action on a listing once an hour per visitor (repeats within the
 * hour, in this batch or an earlier one, add nothing: one visitor cannot inflate a listing's calls);
 * answers how many items counted.
 */
export async function recordClicks(app: AppContext, input: unknown, visitor: string): Promise<number> {
  const items = parseInput(BatchSchema, Array.isArray(input) ? input : (input as { data?: unknown } | null)?.data ?? input);
  const distinct = new Map<string, ClickCount>();
  for (const item of items) distinct.set(`${item.type}:${item.id}:${item.action}`, { listing: { type: item.type, id: item.id }, action: item.action, count: 1 });
  const now = app.clock.now();
  const counted: ClickCount[] = [];
  for (const [key, click] of distinct) {
    const seen = await app.repos.counters.consume(`click|${visitor}|${key}`, 1, CLICK_REPEAT_WINDOW_MS, now);
    if (seen.points === 1) counted.push(click);
  }
  if (counted.length > 0) await app.repos.stats.addClicks(malaysiaToday(app.clock.now()), counted);
  return counted.length;
}

/** A listing's counts per day and action from `from` to `to` (YYYY-MM-DD, Malaysia), for the advertiser dashboard. */
export function listingStats(app: AppContext, listing: ListingRef, from: string, to: string) {
  return app.repos.stats.findListingStats(listing, from, to);
}

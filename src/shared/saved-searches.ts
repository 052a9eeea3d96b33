/** Saved searches (issue 29): their settings, limits and the shape the API answers, shared by the server and the islands. */
import { z } from 'zod';
import * as m from '../paraglide/messages.js';
import { say } from './said.ts';

export const FREQUENCIES = ['instant', 'daily', 'weekly', 'off'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** How a frequency reads in the product. */
/** How often a saved search e-mails, in the page's language. */
export const FREQUENCY_LABELS: Record<Frequency, () => string> = {
  instant: m.frequency_instant, daily: m.frequency_daily, weekly: m.frequency_weekly, off: m.frequency_off,
};

export const SAVED_SEARCH_RULES = {
  /** Saved searches one account keeps at most. */
  maxPerAccount: 50,
  nameMax: 100,
  /** Listing cards one alert mail shows; a link leads to all of them. */
  cardsPerAlert: 10,
  /** A listing is new for this many days after it first went live at most (a week and a day: a weekly alert's reach). */
  newForDays: 8,
} as const;

export const SavedSearchNameSchema = z.string({ error: say('form_search_name') }).trim()
  .min(1, say('form_search_name')).max(SAVED_SEARCH_RULES.nameMax, say('form_name_max', { max: SAVED_SEARCH_RULES.nameMax }));
export const FrequencySchema = z.enum(FREQUENCIES, { error: say('form_choose_instant_daily_weekly_or') });

/** PATCH saved-searches/{id}: a new name, a new frequency, or both. */
export const SavedSearchChangeSchema = z.object({
  name: SavedSearchNameSchema.optional(),
  frequency: FrequencySchema.optional(),
}).refine((change) => change.name !== undefined || change.frequency !== undefined, { message: say('form_send_name_or_frequency_change'), path: ['name'] });

/** A saved search as the API answers it. */
export interface SavedSearch {
  id: number;
  name: string;
  frequency: Frequency;
  /** The search API's body (spec §7 post/search) this search runs. */
  query: Record<string, string | number | string[]>;
  /** The search page it is. */
  url: string;
  /** Its filters in words. */
  summary: string;
  /** Live listings that match and went live since its owner last opened it. */
  new_count: number;
  /** True when it names a category or place that no longer exists: it finds nothing and sends no alerts. */
  paused: boolean;
  /** Why it is paused. */
  paused_reason: string | null;
  created_at: string;
}

/** Where a signed-in person opens a saved search: marks it seen, then shows its search page. */
export const openSavedSearchUrl = (id: number) => `/saved-searches/${id}`;

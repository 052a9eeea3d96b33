/** The leads inbox's API bodies and filters (issue 26). */
import { z } from 'zod';
import { ENQUIRY_KINDS } from '../enquiries.ts';
import { LEAD_ACTIONS, LEAD_MAIL_OPTIONS, LEAD_REPLY_MAX, LEAD_STATUSES } from '../leads.ts';
import { REPORT_REASONS } from '../constants.ts';
import { multiLineText } from './text.ts';
import { fieldWord, say } from '../said.ts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, say('form_use_date_yyyy_mm_dd'))
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), say('form_use_real_date'));
const id = z.coerce.number({ error: say('form_use_listing_id') }).int().positive().max(Number.MAX_SAFE_INTEGER);

/** GET leads and leads.csv: every filter optional; days are Malaysian, both included. */
export const LeadFiltersSchema = z.object({
  type: z.enum(ENQUIRY_KINDS, { error: say('form_choose_services_jobs_hireme_or') }).optional(),
  status: z.enum(LEAD_STATUSES, { error: say('form_choose_new_read_replied_or') }).optional(),
  post_id: id.optional(),
  profile_id: id.optional(),
  from: day.optional(),
  to: day.optional(),
  page: z.coerce.number({ error: say('form_use_page_number') }).int().min(1).max(10_000).default(1),
}).refine((filters) => !(filters.post_id && filters.profile_id), { message: say('form_choose_post_or_profile_not'), path: ['post_id'] })
  .refine((filters) => !filters.from || !filters.to || filters.from <= filters.to, { message: say('form_start_date_must_or_before'), path: ['from'] });

export const LeadStatusSchema = z.object({
  status: z.enum(LEAD_STATUSES, { error: say('form_choose_new_read_replied_or') }),
});

/** A reply in a lead's thread, from either side. */
export const LeadReplySchema = z.object({
  message: multiLineText(say('form_field_required', { field: fieldWord('message') })).min(1, say('form_field_required', { field: fieldWord('message') }))
    .max(LEAD_REPLY_MAX, say('form_max_characters', { field: fieldWord('message'), max: LEAD_REPLY_MAX })),
});

export const LeadSettingsSchema = z.object({
  lead_mail: z.enum(LEAD_MAIL_OPTIONS, { error: say('form_choose_instant_daily_or_off') }),
});

/** An owner's report of a review to the operators. */
export const ReviewReportSchema = z.object({
  reason: z.enum(Object.keys(REPORT_REASONS) as [keyof typeof REPORT_REASONS, ...(keyof typeof REPORT_REASONS)[]], { error: say('api_choose_reason') }),
  description: multiLineText(say('form_required', { field: fieldWord('Description') })).min(1, say('form_required', { field: fieldWord('Description') })).max(2000, say('api_conversation_description_long')),
});

/** GET insights and insights.csv: a range of Malaysian days (at most a year), and one listing or all. */
export const InsightsQuerySchema = z.object({
  from: day,
  to: day,
  post_id: id.optional(),
  profile_id: id.optional(),
}).refine((query) => !(query.post_id && query.profile_id), { message: say('form_choose_post_or_profile_not'), path: ['post_id'] })
  .refine((query) => query.from <= query.to, { message: say('form_start_date_must_or_before'), path: ['from'] })
  .refine((query) => (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 < 366, { message: say('form_choose_at_most_year'), path: ['to'] });

/** POST leads/{id}/actions (issue 40): a quick action the owner took on a lead, counted in insights. */
export const LeadActionSchema = z.object({ action: z.enum(LEAD_ACTIONS, { error: say('form_action_one_of', { actions: LEAD_ACTIONS.join(', ') }) }) });

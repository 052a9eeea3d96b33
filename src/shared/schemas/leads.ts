/** The leads inbox's API bodies and filters (issue 26). */
import { z } from 'zod';
import { ENQUIRY_KINDS } from '../enquiries.ts';
import { LEAD_ACTIONS, LEAD_MAIL_OPTIONS, LEAD_REPLY_MAX, LEAD_STATUSES } from '../leads.ts';
import { REPORT_REASONS } from '../constants.ts';
import { multiLineText } from './text.ts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD.')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'Use a real date.');
const id = z.coerce.number({ error: 'Use a listing id.' }).int().positive().max(Number.MAX_SAFE_INTEGER);

/** GET leads and leads.csv: every filter optional; days are Malaysian, both included. */
export const LeadFiltersSchema = z.object({
  type: z.enum(ENQUIRY_KINDS, { error: 'Choose services, jobs, hireme or buysell.' }).optional(),
  status: z.enum(LEAD_STATUSES, { error: 'Choose new, read, replied or archived.' }).optional(),
  post_id: id.optional(),
  profile_id: id.optional(),
  from: day.optional(),
  to: day.optional(),
  page: z.coerce.number({ error: 'Use a page number.' }).int().min(1).max(10_000).default(1),
}).refine((filters) => !(filters.post_id && filters.profile_id), { message: 'Choose a post or a profile, not both.', path: ['post_id'] })
  .refine((filters) => !filters.from || !filters.to || filters.from <= filters.to, { message: 'The start date must be on or before the end date.', path: ['from'] });

export const LeadStatusSchema = z.object({
  status: z.enum(LEAD_STATUSES, { error: 'Choose new, read, replied or archived.' }),
});

/** A reply in a lead's thread, from either side. */
export const LeadReplySchema = z.object({
  message: multiLineText('The message field is required.').min(1, 'The message field is required.')
    .max(LEAD_REPLY_MAX, `The message may not be longer than ${LEAD_REPLY_MAX} characters.`),
});

export const LeadSettingsSchema = z.object({
  lead_mail: z.enum(LEAD_MAIL_OPTIONS, { error: 'Choose instant, daily or off.' }),
});

/** An owner's report of a review to the operators. */
export const ReviewReportSchema = z.object({
  reason: z.enum(Object.keys(REPORT_REASONS) as [keyof typeof REPORT_REASONS, ...(keyof typeof REPORT_REASONS)[]], { error: 'Choose a reason.' }),
  description: multiLineText('Description is required.').min(1, 'Description is required.').max(2000, 'Description is too long.'),
});

/** GET insights and insights.csv: a range of Malaysian days (at most a year), and one listing or all. */
export const InsightsQuerySchema = z.object({
  from: day,
  to: day,
  post_id: id.optional(),
  profile_id: id.optional(),
}).refine((query) => !(query.post_id && query.profile_id), { message: 'Choose a post or a profile, not both.', path: ['post_id'] })
  .refine((query) => query.from <= query.to, { message: 'The start date must be on or before the end date.', path: ['from'] })
  .refine((query) => (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 < 366, { message: 'Choose at most a year.', path: ['to'] });

/** POST leads/{id}/actions (issue 40): a quick action the owner took on a lead, counted in insights. */
export const LeadActionSchema = z.object({ action: z.enum(LEAD_ACTIONS, { error: `The action is one of ${LEAD_ACTIONS.join(', ')}.` }) });

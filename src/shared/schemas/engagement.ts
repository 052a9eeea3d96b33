/** Forms visitors send (spec §3, §5): contact messages and listing reports. Forms and API share these. */
import { z } from 'zod';
import { LISTING_REF_TYPES, REPORT_REASONS } from '../constants.ts';
import { multiLineText, singleLineText } from './text.ts';

/** A required text field, normalised first (text.ts), so invisible or control-only input counts as empty. */
export const required = (label: string, max: number, lines: 'single' | 'multi' = 'single') =>
  (lines === 'multi' ? multiLineText(say('form_required', { field: fieldWord(label) })) : singleLineText(say('form_required', { field: fieldWord(label) })))
    .min(1, say('form_required', { field: fieldWord(label) })).max(max, say('form_too_long', { field: fieldWord(label) }));

/** Malaysian and international numbers: digits with spaces, dashes, brackets and an optional +. */
export const PhoneSchema = required('Phone number', 30).regex(/^\+?[\d\s()-]{7,30}$/, say('api_phone_invalid_short'));

/** A hidden field people never fill; bots do (honeypot). */
export const HONEYPOT_FIELD = 'website';

/**
 * An e-mail address as people type it: trimmed and lower-cased before it is checked (so ' A@B.com '
 * is a@b.com, never a 422). Every form that takes an e-mail uses this one.
 */
const EmailSchema = z.string().trim().toLowerCase().pipe(z.email(say('api_email_invalid_short')).max(200, say('form_email_too_long')));

/** An optional e-mail: empty means none. */
export const OptionalEmailSchema = z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  EmailSchema.optional());

export const ContactMessageSchema = z.object({
  name: required('Name', 100),
  email: OptionalEmailSchema,
  phone_number: PhoneSchema,
  message: required('Message', 5000, 'multi'),
  [HONEYPOT_FIELD]: z.string().max(200).optional(),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

/** POST appeal (issue 28): a suspended account, or an owner whose listing was removed, writes to the moderators. */
export const AppealSchema = z.object({
  email: EmailSchema,
  message: required('Message', 5000, 'multi'),
  [HONEYPOT_FIELD]: z.string().max(200).optional(),
});

/** The confirmation of an appeal: the token of the link mailed to the account's address. */
export const AppealConfirmSchema = z.object({ token: z.string({ error: say('form_link_not_valid') }).max(100, say('form_link_not_valid')) });


export const ReportSchema = z.object({
  type: z.enum(LISTING_REF_TYPES, { error: say('form_required', { field: fieldWord('Type') }) }),
  id: z.union([z.number(), z.string().regex(/^\d{1,12}$/).transform(Number)], { error: say('form_required', { field: fieldWord('Id') }) }).pipe(z.number().int().positive()),
  reason: z.enum(Object.keys(REPORT_REASONS) as [keyof typeof REPORT_REASONS, ...(keyof typeof REPORT_REASONS)[]], { error: say('api_choose_reason') }),
  description: required('Description', 2000, 'multi'),
  [HONEYPOT_FIELD]: z.string().max(200).optional(),
});

import { REVIEW_IMAGES_MAX, REVIEWABLE_TYPES } from '../review-limits.ts';
import { fieldWord, say } from '../said.ts';

/**
 * POST review (spec §3 Review form, §5): content and a rating of 1 to 5 required, up to 3 images as
 * POST review/image answered them (image objects; the server finds them by their full variant).
 */
export const ReviewFormSchema = z.object({
  type: z.enum(REVIEWABLE_TYPES, { error: say('form_reviews_services_buy_sell_posts') }),
  id: z.coerce.number({ error: say('form_field_required', { field: fieldWord('id') }) }).int().positive(say('form_field_required', { field: fieldWord('id') })),
  content: required('Review', 2000, 'multi'),
  // A whole number 1 to 5, or its one digit as a string (a form's value); never true, [5], '0x5' or '5e0' (security probe item 16).
  rating: z.union([z.number(), z.string().regex(/^[1-5]$/).transform(Number)], { error: say('api_choose_rating') })
    .pipe(z.number().int(say('api_choose_rating')).min(1, say('api_choose_rating')).max(5, say('api_choose_rating'))),
  images: z.array(z.object({ full: z.string().max(500) }), { error: say('form_send_images_upload_answered_them') })
    .max(REVIEW_IMAGES_MAX, say('form_images_max', { max: REVIEW_IMAGES_MAX }))
    .refine((images) => new Set(images.map((image) => image.full)).size === images.length, say('form_image_once')).default([]),
});

/**
 * The enquiry form of spec §3 with the rules of spec §5, per kind. The modal checks with these before
 * sending and the API checks again with the same schemas. Multipart bodies (job applications and job
 * offers carry a file) arrive as strings, so numbers are coerced and an empty number is no number.
 */
import { z } from 'zod';
import { EDUCATION_LEVELS, LANGUAGES, DEAL_METHODS } from '../constants.ts';
import { SALARY_TYPES } from '../account-settings.ts';
import { CONTACT_METHODS, ENQUIRY_IMAGES_MAX, type EnquiryKind } from '../enquiries.ts';
import { malaysiaToday } from '../malaysia-time.ts';
import { HONEYPOT_FIELD, OptionalEmailSchema, PhoneSchema, required } from './engagement.ts';
import { multiLineText } from './text.ts';
import { fieldWord, say } from '../said.ts';

export { fieldErrors } from './field-errors.ts';

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const keys = <Record extends object>(record: Record) => Object.keys(record) as [keyof Record & string, ...(keyof Record & string)[]];

const listingId = z.coerce.number({ error: say('form_field_required', { field: fieldWord('id') }) }).int(say('form_field_required', { field: fieldWord('id') })).positive(say('form_field_required', { field: fieldWord('id') }));

/** A whole number or an amount typed in a number input; empty means none (spec §5), which `required` refuses. */
function numberField(label: string, options: { min: number; max: number; whole?: boolean }) {
  const base = z.coerce.number({ error: say('form_field_required', { field: fieldWord(label) }) }).refine(Number.isFinite, say('form_number', { field: fieldWord(label) }))
    .min(options.min, say('form_at_least', { field: fieldWord(label), min: options.min })).max(options.max, say('form_at_most', { field: fieldWord(label), max: options.max }));
  return z.preprocess(blankToUndefined, options.whole ? base.int(say('form_whole_number', { field: fieldWord(label) })) : base);
}

/** A YYYY-MM-DD that names a real day: 2020-02-30 and 2020-13-40 do not (the latter is no Date at all). */
function isRealDay(day: string): boolean {
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
}

/** A day as YYYY-MM-DD, a real one, not before today in Malaysia (spec §5: minimum today). */
function dayField(label: string) {
  return z.string({ error: say('form_field_required', { field: fieldWord(label) }) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: say('form_date_invalid', { field: fieldWord(label) }), abort: true })
    .refine(isRealDay, { message: say('form_date_invalid', { field: fieldWord(label) }), abort: true })
    .refine((day) => day >= malaysiaToday(), say('form_date_past', { field: fieldWord(label) }));
}

const optionalText = (label: string, max: number) =>
  z.preprocess(blankToUndefined, multiLineText().max(max, say('form_greater_characters', { field: fieldWord(label), max: max })).optional());

/** Fields of every kind (spec §5: name, phone_number and contact_method required; email optional but valid). */
const CommonFields = {
  id: listingId,
  name: required('Name', 100),
  email: OptionalEmailSchema,
  phone_number: PhoneSchema,
  contact_method: z.preprocess((value) => (value === undefined || value === '' ? 'call' : value),
    z.enum(keys(CONTACT_METHODS), { error: say('api_choose_contact') })),
  [HONEYPOT_FIELD]: z.string().max(200).optional(),
};

/** Services and profiles: an enquiry or booking (description and preferred date required). */
const ServiceEnquirySchema = z.object({
  ...CommonFields,
  type: z.enum(['services', 'profile'], { error: say('form_enquiries_about_service_or_business') }).default('services'),
  description: required('Description', 5000, 'multi'),
  preferred_date: dayField('preferred date'),
  alternative_date: z.preprocess(blankToUndefined, dayField('alternative date').optional()),
  urgent: z.preprocess((value) => (value === true || value === 1 ? '1' : value === false || value === 0 || value === undefined || value === '' ? '0' : value),
    z.enum(['0', '1'], { error: say('form_urgent_yes_or_no') })),
  images: z.array(z.object({ full: z.string().max(500) }), { error: say('form_send_images_upload_answered_them') })
    .max(ENQUIRY_IMAGES_MAX, say('form_images_max', { max: ENQUIRY_IMAGES_MAX })).default([]),
});

/** Jobs: a job application (language, education, experience, salary type and salary required; the CV is checked against the job). */
const JobApplicationSchema = z.object({
  ...CommonFields,
  language: z.preprocess((value) => (value === undefined || value === null || value === '' ? [] : typeof value === 'string' ? value.split(',') : value),
    z.array(z.enum(LANGUAGES, { error: say('form_languages') })).min(1, say('form_field_required', { field: fieldWord('language') })).max(LANGUAGES.length))
    .transform((list) => [...new Set(list)]),
  education: z.enum(keys(EDUCATION_LEVELS), { error: say('form_field_required', { field: fieldWord('education') }) }),
  experience: numberField('experience', { min: 0, max: 60, whole: true }),
  salary_type: z.enum(keys(SALARY_TYPES), { error: say('form_field_required', { field: fieldWord('salary type') }) }),
  salary: numberField('salary', { min: 0, max: 100_000_000 }),
  additional_skill: optionalText('additional skill', 2000),
});

/** Hireme: a job offer to the person (Hirer and offer required). */
const JobOfferSchema = z.object({
  ...CommonFields,
  company_name: required('Hirer', 150),
  offer: required('Offer', 2000, 'multi'),
  description: optionalText('description', 5000),
});

/** Buysell: an offer (quantity, offered price and deal method required). */
export const BuysellOfferSchema = z.object({
  ...CommonFields,
  qty: numberField('quantity', { min: 1, max: 1_000_000, whole: true }),
  offered_price: numberField('offered price', { min: 0, max: 100_000_000 }),
  deal_method: z.enum(keys(DEAL_METHODS), { error: say('form_field_required', { field: fieldWord('deal method') }) }),
  remark: optionalText('remark', 2000),
});

export const ENQUIRY_SCHEMAS = {
  services: ServiceEnquirySchema,
  jobs: JobApplicationSchema,
  hireme: JobOfferSchema,
  buysell: BuysellOfferSchema,
} as const satisfies Record<EnquiryKind, z.ZodType>;

type EnquiryForm<Kind extends EnquiryKind> = z.infer<(typeof ENQUIRY_SCHEMAS)[Kind]>;
export type AnyEnquiryForm = EnquiryForm<EnquiryKind>;

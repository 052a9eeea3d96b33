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

export { fieldErrors } from './field-errors.ts';

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const keys = <Record extends object>(record: Record) => Object.keys(record) as [keyof Record & string, ...(keyof Record & string)[]];

const listingId = z.coerce.number({ error: 'The id field is required.' }).int('The id field is required.').positive('The id field is required.');

/** A whole number or an amount typed in a number input; empty means none (spec §5), which `required` refuses. */
function numberField(label: string, options: { min: number; max: number; whole?: boolean }) {
  const base = z.coerce.number({ error: `The ${label} field is required.` }).refine(Number.isFinite, `The ${label} must be a number.`)
    .min(options.min, `The ${label} must be at least ${options.min}.`).max(options.max, `The ${label} may not be greater than ${options.max}.`);
  return z.preprocess(blankToUndefined, options.whole ? base.int(`The ${label} must be a whole number.`) : base);
}

/** A YYYY-MM-DD that names a real day: 2020-02-30 and 2020-13-40 do not (the latter is no Date at all). */
function isRealDay(day: string): boolean {
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
}

/** A day as YYYY-MM-DD, a real one, not before today in Malaysia (spec §5: minimum today). */
function dayField(label: string) {
  return z.string({ error: `The ${label} field is required.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `The ${label} is not a valid date.`, abort: true })
    .refine(isRealDay, { message: `The ${label} is not a valid date.`, abort: true })
    .refine((day) => day >= malaysiaToday(), `The ${label} cannot be before today.`);
}

const optionalText = (label: string, max: number) =>
  z.preprocess(blankToUndefined, multiLineText().max(max, `The ${label} may not be greater than ${max} characters.`).optional());

/** Fields of every kind (spec §5: name, phone_number and contact_method required; email optional but valid). */
const CommonFields = {
  id: listingId,
  name: required('Name', 100),
  email: OptionalEmailSchema,
  phone_number: PhoneSchema,
  contact_method: z.preprocess((value) => (value === undefined || value === '' ? 'call' : value),
    z.enum(keys(CONTACT_METHODS), { error: 'Choose how you want to be contacted.' })),
  [HONEYPOT_FIELD]: z.string().max(200).optional(),
};

/** Services and profiles: an enquiry or booking (description and preferred date required). */
const ServiceEnquirySchema = z.object({
  ...CommonFields,
  type: z.enum(['services', 'profile'], { error: 'Enquiries are about a service or a business.' }).default('services'),
  description: required('Description', 5000, 'multi'),
  preferred_date: dayField('preferred date'),
  alternative_date: z.preprocess(blankToUndefined, dayField('alternative date').optional()),
  urgent: z.preprocess((value) => (value === true || value === 1 ? '1' : value === false || value === 0 || value === undefined || value === '' ? '0' : value),
    z.enum(['0', '1'], { error: 'Urgent is yes or no.' })),
  images: z.array(z.object({ full: z.string().max(500) }), { error: 'Send the images as the upload answered them.' })
    .max(ENQUIRY_IMAGES_MAX, `At most ${ENQUIRY_IMAGES_MAX} images.`).default([]),
});

/** Jobs: a job application (language, education, experience, salary type and salary required; the CV is checked against the job). */
const JobApplicationSchema = z.object({
  ...CommonFields,
  language: z.preprocess((value) => (value === undefined || value === null || value === '' ? [] : typeof value === 'string' ? value.split(',') : value),
    z.array(z.enum(LANGUAGES, { error: 'Choose languages from the list.' })).min(1, 'The language field is required.').max(LANGUAGES.length))
    .transform((list) => [...new Set(list)]),
  education: z.enum(keys(EDUCATION_LEVELS), { error: 'The education field is required.' }),
  experience: numberField('experience', { min: 0, max: 60, whole: true }),
  salary_type: z.enum(keys(SALARY_TYPES), { error: 'The salary type field is required.' }),
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
  deal_method: z.enum(keys(DEAL_METHODS), { error: 'The deal method field is required.' }),
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

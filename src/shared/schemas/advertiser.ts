/**
 * The advertiser site's forms and API bodies (issue 25), in the spec's field names (§3 Post and Profile): the
 * browser checks a form with these before sending, and the API parses the same. Prices are ringgit as the public
 * API shows them; categories are child-category slugs as the Config lists them.
 */
import { z } from 'zod';
import {
  BUYSELL_CONDITIONS, BUYSELL_TYPES, DEAL_METHODS, HIREME_EXPERTISE, HIREME_RATES, HIREME_TYPES, JOB_LEVELS, JOB_TYPES, LANGUAGES,
  LISTING_TYPES, EDUCATION_LEVELS,
} from '../constants.ts';
import { PAID_PLANS, type PlanLimits } from '../plans.ts';
import type { ListingType, Plan } from '../constants.ts';
import type { Image } from './catalog.ts';
import { multiLineText, singleLineText } from './text.ts';
import { LOCALES, type Locale } from '../locale.ts';
import { PROFILE_ATTRIBUTE_KEYS, type ProfileAttribute } from '../profile-attributes.ts';
import { fieldWord, say } from '../said.ts';

const keysOf = <T extends Record<string, unknown>>(record: T) => Object.keys(record) as [keyof T & string, ...(keyof T & string)[]];

const requiredLine = (label: string, max: number) => singleLineText(say('form_field_required', { field: fieldWord(label) }))
  .min(1, say('form_field_required', { field: fieldWord(label) })).max(max, say('form_max_characters', { field: fieldWord(label), max: max }));
const optionalLine = (label: string, max: number) => singleLineText().max(max, say('form_max_characters', { field: fieldWord(label), max: max }))
  .optional().nullable().transform((value) => (value ? value : null));
const longText = (label: string, max: number, required = false) => (required
  ? multiLineText(say('form_field_required', { field: fieldWord(label) })).min(1, say('form_field_required', { field: fieldWord(label) }))
  : multiLineText()).max(max, say('form_max_characters', { field: fieldWord(label), max: max }));

/** Ringgit, as the public API shows prices; at most RM 100 million, to the sen. */
const ringgitAmount = (label: string) => z.number({ error: say('form_number', { field: fieldWord(label) }) }).min(0, say('form_not_negative', { field: fieldWord(label) }))
  .max(100_000_000, say('form_too_large', { field: fieldWord(label) })).refine((value) => Number.isInteger(Math.round(value * 100)), say('form_ringgit_sen', { field: fieldWord(label) }))
  .nullable().optional().transform((value) => value ?? null);

const slugList = z.array(z.string().max(120), { error: say('form_choose_categories_from_list') }).max(20, say('form_too_many_categories'));
const keywords = z.array(singleLineText().max(40, say('form_keyword_may_not_longer_than')), { error: say('form_send_keywords_list') })
  .max(50, say('form_too_many_keywords'))
  .transform((list) => [...new Set(list.filter((word) => word !== '').map((word) => word.toLowerCase()))]);
const images = z.array(z.object({ full: z.string().max(500) }), { error: say('form_send_images_upload_answered_them') }).max(20, say('form_too_many_photos'));
const documents = z.array(z.object({ file: z.string().max(500) }), { error: say('form_send_documents_upload_answered_them') }).max(10, say('form_too_many_documents'));
/** Videos by the file URL their upload answered (`video.file`). */
const videos = z.array(z.object({ file: z.string().max(500) }), { error: say('form_send_videos_upload_answered_them') }).max(5, say('form_too_many_videos'));

const JobDetailsSchema = z.object({
  type: z.array(z.enum(keysOf(JOB_TYPES)), { error: say('form_choose_job_types_from_list') }).min(1, say('form_choose_at_least_one_job')),
  qualification: z.array(z.enum(keysOf(EDUCATION_LEVELS)), { error: say('form_choose_qualifications_from_list') }).default([]),
  level: z.enum(keysOf(JOB_LEVELS), { error: say('form_choose_job_level_from_list') }),
  requirements: longText('requirements', 5000),
  responsibilities: longText('responsibilities', 5000),
  benefits: longText('benefits', 5000).default(''),
  company_confidential: z.boolean().default(false),
  /** The spec's job.document_resume_cv: applicants must send a CV. */
  document_resume_cv: z.boolean().default(false),
  salary_min: ringgitAmount('minimum salary'),
  salary_max: ringgitAmount('maximum salary'),
  salary_type: z.enum(['month', 'year'], { error: say('form_choose_monthly_or_yearly') }).default('month'),
  /** When applications close: at most 30 days ahead (an ad's life); 30 days when left out. */
  expires_at: z.iso.datetime({ offset: true, error: say('form_expiry_must_date_time') }).nullable().optional(),
  remote: z.boolean().default(false),
});

const HiremeDetailsSchema = z.object({
  language: z.array(z.enum(LANGUAGES), { error: say('form_choose_languages_from_list') }).default([]),
  type: z.array(z.enum(keysOf(HIREME_TYPES)), { error: say('form_choose_types_from_list') }).min(1, say('form_choose_at_least_one_type')),
  expertise: z.enum(keysOf(HIREME_EXPERTISE), { error: say('form_choose_expertise_from_list') }),
  rate: z.enum(keysOf(HIREME_RATES), { error: say('form_choose_rate_from_list') }),
  vaccination: longText('vaccination', 200).default(''),
  skill: longText('skill', 2000, true),
  experience: longText('experience', 2000).default(''),
  education: longText('education', 500).default(''),
  company_confidential: z.boolean().default(false),
  expected_salary: ringgitAmount('expected salary'),
  /** Where the person works (a town and its state, no address): the ad is found there and in Near Me. */
  city: optionalLine('town', 100),
  state: optionalLine('state', 100),
});

const ServiceDetailsSchema = z.object({
  description: longText('description', 10_000, true),
  price_min: ringgitAmount('price'),
  price_max: ringgitAmount('maximum price'),
});

const BuysellDetailsSchema = z.object({
  type: z.enum(keysOf(BUYSELL_TYPES), { error: say('form_choose_buy_or_sell') }),
  condition: z.enum(keysOf(BUYSELL_CONDITIONS), { error: say('form_choose_condition_from_list') }),
  brand: optionalLine('brand', 100),
  method: z.array(z.enum(keysOf(DEAL_METHODS)), { error: say('form_choose_deal_methods_from_list') }).min(1, say('form_choose_at_least_one_deal')),
  qty: z.number().int(say('form_quantity_must_whole_number')).min(1, say('form_quantity_must_at_least_1')).max(1_000_000).nullable().optional()
    .transform((value) => value ?? null),
  description: longText('description', 10_000, true),
  price_min: ringgitAmount('price'),
  /** The original price (the spec's op), for the percent-off label. */
  op: ringgitAmount('original price'),
});

const POST_FIELDS = {
  title: requiredLine('title', 120),
  summary: requiredLine('summary', 300),
  categories: slugList.min(1, say('form_choose_category')),
  /** Ids of the profile's locations where it is offered; the profile's first when left out (hireme: none needed). */
  locations: z.array(z.number().int().positive(), { error: say('form_choose_locations_from_list') }).max(50).default([]),
  keywords: keywords.default([]),
  images: images.default([]),
  documents: documents.default([]),
  videos: videos.default([]),
  /**
   * The language the ad is written in (issue 42): the poster's choice; without it, Chinese when the title or summary
   * has Han characters, else the poster's own language. Never translated: pages only name it (`lang`).
   */
  content_lang: z.enum(LOCALES, { error: say('form_content_language_must_en_ms') }).optional(),
};

/** A new ad: its type, the profile it belongs to (hireme: none, it is the account's), and the type's details. */
export const NewPostSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('services'), profile_id: z.number().int().positive({ error: say('form_choose_business') }), ...POST_FIELDS, service: ServiceDetailsSchema }),
  z.object({ type: z.literal('jobs'), profile_id: z.number().int().positive({ error: say('form_choose_business') }), ...POST_FIELDS, job: JobDetailsSchema }),
  z.object({ type: z.literal('buysell'), profile_id: z.number().int().positive({ error: say('form_choose_business') }), ...POST_FIELDS, buysell: BuysellDetailsSchema }),
  z.object({ type: z.literal('hireme'), ...POST_FIELDS, hireme: HiremeDetailsSchema }),
], { error: say('form_type_one_of', { types: LISTING_TYPES.join(', ') }) });
export type NewPost = z.infer<typeof NewPostSchema>;

/** An edit sends the whole ad again (its type and business cannot change). */
export const PostEditSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('services'), ...POST_FIELDS, service: ServiceDetailsSchema }),
  z.object({ type: z.literal('jobs'), ...POST_FIELDS, job: JobDetailsSchema }),
  z.object({ type: z.literal('buysell'), ...POST_FIELDS, buysell: BuysellDetailsSchema }),
  z.object({ type: z.literal('hireme'), ...POST_FIELDS, hireme: HiremeDetailsSchema }),
], { error: say('form_type_one_of', { types: LISTING_TYPES.join(', ') }) });
export type PostEdit = z.infer<typeof PostEditSchema>;

/** SSM registration numbers: the 12-digit form (201901012345), optionally with the old one in brackets, or the old one alone (1234567-X). */
const COMPANY_NO = /^(\d{12}( \(\d{1,7}-[A-Z]\))?|\d{1,7}-[A-Z])$/;

const HOUR = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = z.string({ error: say('form_times_hh_mm') }).regex(HOUR, say('form_times_hh_mm'));
/**
 * The weekly hours: each day's ranges. A range may run past midnight (22:00–02:00): it is stored as the day's
 * 22:00–23:59 and the next day's 00:00–02:00, and read back as one (shared/hours.ts).
 */
const BusinessHoursSchema = z.array(z.object({
  /** 0 = Sunday … 6 = Saturday. */
  day: z.number().int().min(0).max(6),
  /** Ranges of the day, 'HH:MM'; none: closed. open_24 covers the whole day. */
  ranges: z.array(z.object({ opens: time, closes: time })
    .refine((range) => range.opens !== range.closes, say('form_range_cannot_open_close_at'))).max(4, say('form_at_most_4_ranges_day')).default([]),
  open_24: z.boolean().default(false),
}), { error: say('form_send_hours_per_day') }).max(7).refine((days) => new Set(days.map((day) => day.day)).size === days.length, say('form_each_day_once'));

/** Dated exceptions (Hari Raya, Chinese New Year, Ramadan hours): a date with no range is closed all day. */
const SpecialHoursSchema = z.array(z.object({
  date: z.iso.date({ error: say('form_date_must_yyyy_mm_dd') }),
  label: singleLineText().max(60, say('form_label_may_not_longer_than')).default(''),
  ranges: z.array(z.object({ opens: time, closes: time }).refine((range) => range.opens < range.closes, say('form_special_range_closes_after_opens')))
    .max(4, say('form_at_most_4_ranges_day')).default([]),
}), { error: say('form_send_special_hours_list_dates') }).max(60, say('form_at_most_60_special_days'))
  .refine((days) => new Set(days.map((day) => day.date)).size === days.length, say('form_each_date_once'));

const LocationInputSchema = z.object({
  /** An existing location's id (kept, so the ads offered there stay); none: a new location. */
  id: z.number().int().positive().optional(),
  name: requiredLine('location name', 120),
  address_line1: requiredLine('address', 200),
  address_line2: optionalLine('address line 2', 200),
  city: requiredLine('town', 100),
  state: requiredLine('state', 100),
  postcode: z.string().regex(/^\d{5}$/, say('form_postcode_5_digits')),
  phone_number: optionalLine('phone number', 30),
  company_phone_number: optionalLine('company phone number', 30),
  fax_number: optionalLine('fax number', 30),
  email: z.email(say('api_email_invalid')).max(200).nullable().optional().transform((value) => value ?? null),
  /** The pin; the town's centre when left out. */
  latitude: z.number().min(0.5).max(7.5, say('form_pin_must_malaysia')).nullable().optional(),
  longitude: z.number().min(99).max(120, say('form_pin_must_malaysia')).nullable().optional(),
  /** The branch's own opening hours and special hours; null or none: the business's. */
  business_hours: BusinessHoursSchema.nullable().optional(),
  special_hours: SpecialHoursSchema.nullable().optional(),
});

const url = z.url({ protocol: /^https?$/, error: say('form_link_must_start_with_http') }).max(300).nullable().optional()
  .transform((value) => value ?? null);

const PROFILE_FIELDS = {
  name: requiredLine('name', 120),
  store_name: optionalLine('store name', 120),
  company_no: singleLineText().max(40).regex(COMPANY_NO, say('form_company_number_must_ssm_registration'))
    .nullable().optional().or(z.literal('').transform(() => null)).transform((value) => value ?? null),
  about: longText('about', 20_000).nullable().optional().transform((value) => value ?? null),
  /** The year founded, as the owner states it (the badge shows it "stated by the owner" until an SSM number proves one). */
  established_year: z.preprocess((value) => (value === '' ? null : value), z.coerce.number({ error: say('form_year_founded_must_year_such') })
    .int(say('form_year_founded_must_year_such')).min(1800, say('form_year_founded_must_1800_or'))
    .max(new Date().getUTCFullYear(), say('form_year_founded_cannot_future')).nullable().optional()).transform((value) => value ?? null),
  /** The language the business's words are written in (issue 42); without it, told from the name and about as for ads. */
  content_lang: z.enum(LOCALES, { error: say('form_content_language_must_en_ms') }).optional(),
  categories: slugList.default([]),
  keywords: keywords.default([]),
  locations: z.array(LocationInputSchema).max(20, say('form_at_most_20_locations')).default([]),
  business_hours: BusinessHoursSchema.default([]),
  special_hours: SpecialHoursSchema.default([]),
  attributes: z.array(z.enum(PROFILE_ATTRIBUTE_KEYS, { error: say('form_choose_attributes_from_list') }), { error: say('form_send_attributes_list') })
    .max(PROFILE_ATTRIBUTE_KEYS.length).default([]).transform((list) => [...new Set(list)].sort()),
  url,
  facebook: url,
  twitter: url,
  instagram: url,
  linkedin: url,
  youtube: url,
  wechat: optionalLine('WeChat id', 60),
  whatsapp: z.string().regex(/^\+?6?0\d{8,10}$/, say('form_whatsapp_number_must_malaysian_number')).nullable().optional()
    .transform((value) => (value ? value.replace(/^\+/, '').replace(/^0/, '60') : null)),
  logo: z.object({ full: z.string().max(500) }).nullable().optional(),
  images: images.default([]),
  documents: documents.default([]),
  videos: videos.default([]),
};

export const NewProfileSchema = z.object(PROFILE_FIELDS);
export type NewProfile = z.infer<typeof NewProfileSchema>;
/** An edit sends only what changes: parse it with this, then keep the fields sent (`sentFields`). */
export const ProfileEditSchema = z.object(PROFILE_FIELDS).partial();
export type ProfileEdit = z.infer<typeof ProfileEditSchema>;

/**
 * The parsed fields of an edit that its body named. Parsing fills the others in (zod applies a field's default, and
 * its null for an empty one, even when the field is optional), which would wipe what the edit left out.
 */
export function sentFields<T extends object>(parsed: T, body: unknown): Partial<T> {
  const sent = new Set(typeof body === 'object' && body !== null ? Object.keys(body) : []);
  return Object.fromEntries(Object.entries(parsed).filter(([key]) => sent.has(key))) as Partial<T>;
}

export const ClaimRequestSchema = z.object({
  profile_id: z.coerce.number({ error: say('form_choose_business') }).int().positive(say('form_choose_business')),
  method: z.enum(['sms', 'email', 'document'], { error: say('form_choose_how_prove_business_yours') }),
  /** The index of the number or address in the options list (sms, email). */
  target: z.coerce.number().int().min(0).optional(),
});

export const ClaimVerifySchema = z.object({
  code: z.union([z.string(), z.number()], { error: say('api_code_required') }).transform((value) => String(value).trim())
    .pipe(z.string().regex(/^\d{6}$/, say('form_code_6_digits'))),
});

export const TrialRequestSchema = z.object({
  plan: z.enum(PAID_PLANS, { error: say('form_choose_gold_silver_or_bronze') }),
});

/** A category the advertiser's forms offer: a child category's slug, its name, its parent's name and its type. */
export interface CategoryChoice {
  slug: string;
  label: string;
  /** The parent category, which the picker groups by. */
  group: string;
  type: ListingType;
  /** Its names in Malay and Chinese, which the picker matches too. */
  names: string[];
}

/** The owner's answer to a review (issue 26). */
export const ReviewReplySchema = z.object({
  content: longText('answer', 2000, true),
});

/** A business's place as its editor shows it (town and state by name). */
export interface EditableLocation {
  id: number;
  name: string;
  address_line1: string;
  address_line2: string | null;
  city: string;
  state: string;
  postcode: string;
  phone_number: string | null;
  company_phone_number: string | null;
  fax_number: string | null;
  email: string | null;
  latitude: number;
  longitude: number;
  /** Its own hours (every day, as the business's), or null: the business's. */
  business_hours: EditableProfile['business_hours'] | null;
  /** Its own special hours from today on, or null: the business's. */
  special_hours: EditableProfile['special_hours'] | null;
}

/** A business as the advertiser's editor reads it (GET advertiser/profiles/{id}): its fields as the forms send them, its plan and what it leaves, and its history. */
export interface EditableProfile {
  id: number;
  /** The version read: sent back as If-Match ("{version}", the ETag) with the next PATCH. */
  version: number;
  slug: string;
  kind: 'business' | 'individual';
  name: string;
  store_name: string | null;
  company_no: string | null;
  about: string | null;
  established_year: number | null;
  content_lang: Locale;
  claimed: boolean;
  plan: Plan;
  subscription: { plan: Plan; kind: 'trial' | 'paid'; ends_at: string; tokens: number; tokens_left: number } | null;
  limits: PlanLimits;
  categories: string[];
  keywords: string[];
  locations: EditableLocation[];
  /** Ranges past midnight read back as one (opens > closes). */
  business_hours: { day: number; ranges: { opens: string; closes: string }[]; open_24: boolean }[];
  /** Dated exceptions from today on. */
  special_hours: { date: string; label: string; ranges: { opens: string; closes: string }[] }[];
  attributes: ProfileAttribute[];
  url: string | null;
  facebook: string | null;
  twitter: string | null;
  instagram: string | null;
  linkedin: string | null;
  youtube: string | null;
  wechat: string | null;
  whatsapp: string | null;
  logo: Image | null;
  images: Image[];
  videos: { file: string; image: Image }[];
  documents: { doc: { file: string }; original_filename: string }[];
  history: { field: string; from: string | null; to: string | null; review: string; created_at: string }[];
}

/** POST subscriptions (issue 27): a paid plan for a business, monthly or yearly. */
export const SubscribeSchema = z.object({
  profile_id: z.coerce.number({ error: say('api_choose_business') }).int().positive().max(Number.MAX_SAFE_INTEGER),
  plan: z.enum(PAID_PLANS, { error: say('form_choose_gold_silver_or_bronze') }),
  period: z.enum(['monthly', 'yearly'], { error: say('form_choose_monthly_or_yearly') }),
});

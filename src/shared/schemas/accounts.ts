/**
 * The account forms of spec §3 and §5 (login, register, forgot, change password, become advertiser,
 * two-factor) as the API checks them. A person signs in by e-mail or by phone: phone numbers arrive
 * as calling code joined to the number (60123456789) with phone_number_country (default 60), and the
 * e-mail is left out when a phone is used.
 */
import { z } from 'zod';
import { DEFAULT_CALLING_CODE, GENDERS, MIN_AGE_YEARS, RESUME_EDUCATION, RESUME_LANGUAGES, SALARY_TYPES } from '../account-settings.ts';
import { malaysiaToday } from '../malaysia-time.ts';
import { multiLineText, singleLineText } from './text.ts';
import { LOCALES, type Locale } from '../locale.ts';
import { fieldWord, say } from '../said.ts';

/** A person's language (issue 42): en, ms or zh. */
const LocaleSchema = z.enum(LOCALES, { error: say('api_locale_invalid') });

/** The User of spec §3 as the API answers it (GET user, GET account, auth/2fa, account/upgrade) and the browser keeps it. */
export interface User {
  id: number;
  name: string;
  email: string | null;
  phone_number: string | null;
  phone_number_country: string | null;
  /** The language the person reads the site, mail and SMS in (issue 42). */
  locale: Locale;
  image: { thumbnail: string; full: string; thumbnail_webp: string | null; full_webp: string | null } | null;
  pending_delete: boolean;
  roles: { name: string }[];
  /** False for an account made by social login that never set a password. */
  has_password: boolean;
  created_at: string;
  user_detail: {
    gender: 'm' | 'f' | null;
    dob: string | null;
    address_line1: string | null;
    address_line2: string | null;
    postcode: string | null;
    city: { name: string } | null;
    state_id: number | null;
    state: { id: number; name: string | null } | null;
    country_id: number | null;
    country: { id: number; name: string | null } | null;
    language: string[];
    education: string | null;
    experience: number | null;
    additional_skill: string | null;
    /** The CV is private: its owner downloads it through the account API, never from the public media path. */
    cv: { id: number; original_filename: string; mime_type: string } | null;
    salary: number | null;
    salary_type: 'month' | 'year';
  };
}

/** Spec §5: a person's name may not carry these company words (whole words, any case). */
const COMPANY_WORDS = ['sdn bhd', 'sendirian berhad', 'sdn', 'bhd', 'enterprise', 'partners', 'co', 'company', 'syarikat', 'corporation', 'berhad'];
const COMPANY_WORD = new RegExp(`(^|[^\\p{L}\\p{N}])(${COMPANY_WORDS.map((word) => word.replace(' ', '\\s+')).join('|')})(?=$|[^\\p{L}\\p{N}])`, 'iu');
/** The warning of the register form (spec §5, exact text). */
export const REGISTER_NAME_WARNING = 'Name field contains of sensitive keywords. Kindly reset again.';
/** The warning of the edit-profile form (spec §5, exact text). */
export const PROFILE_NAME_WARNING = 'Name contains sensitive keyword.';

export function hasCompanyWord(name: string): boolean {
  return COMPANY_WORD.test(name);
}

export const PASSWORD_MIN = 8;
/** Long passphrases are welcome (ASVS 6.2.9 asks for at least 64); the cap keeps hashing bounded. */
const PASSWORD_MAX = 128;
const CODE_LENGTH = 6;

/** An account e-mail: compatibility-normalised (full-width letters become ASCII), trimmed and lower-cased. */
export const AccountEmailSchema = z.string({ error: say('api_email_required') })
  .transform((value) => value.normalize('NFKC').trim().toLowerCase())
  .pipe(z.string().min(1, say('api_email_required')).pipe(z.email(say('api_email_invalid')).max(200, say('api_email_too_long'))));

const CallingCodeSchema = z.union([z.string(), z.number()]).optional()
  .transform((value) => (value === undefined || value === '' ? DEFAULT_CALLING_CODE : String(value).replace(/\D/g, '')))
  .pipe(z.string().regex(/^\d{1,4}$/, say('api_choose_calling_code')));

/**
 * A phone number as calling code and number, digits only. Accepts what people type (spaces, dashes,
 * a leading + or the trunk 0 of a Malaysian number: 012-345 6789 with 60 is 60123456789).
 */
export function normalisePhone(number: string, callingCode: string): string {
  let digits = number.replace(/\D/g, '');
  if (digits.startsWith(callingCode)) digits = digits.slice(callingCode.length);
  return `${callingCode}${digits.replace(/^0+/, '')}`;
}

/** A Malaysian mobile number (01x…) in the international form (60…), or undefined for a landline or anything else. */
export function mobileNumber(text: string): string | undefined {
  const international = normalisePhone(text, '60');
  return /^601\d{8,9}$/.test(international) ? international : undefined;
}

/** The Malaysian mobile numbers (international form) a profile's locations list, each once: where its codes may go. */
export function listedMobiles(locations: readonly { phone_number: string | null; company_phone_number: string | null }[]): Set<string> {
  const numbers = new Set<string>();
  for (const location of locations) {
    for (const phone of [location.phone_number, location.company_phone_number]) {
      const mobile = phone ? mobileNumber(phone) : undefined;
      if (mobile) numbers.add(mobile);
    }
  }
  return numbers;
}

export const PhoneNumberSchema = z.union([z.string(), z.number()], { error: say('api_phone_required') })
  .transform((value) => String(value))
  .pipe(z.string().trim().min(1, say('api_phone_required')).regex(/^\+?[\d\s()-]{6,20}$/, say('api_phone_invalid')));

const PasswordSchema = z.string({ error: say('api_password_required') })
  .min(1, say('api_password_required')).min(PASSWORD_MIN, say('form_password_min', { min: PASSWORD_MIN }))
  .max(PASSWORD_MAX, say('form_password_max', { max: PASSWORD_MAX }));

export const CodeSchema = z.union([z.string(), z.number()], { error: say('api_code_required') }).transform((value) => String(value).trim())
  .pipe(z.string().min(1, say('api_code_required')).regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), say('form_code_digits', { count: CODE_LENGTH })));

/** Where codes go and who signs in: an e-mail, or a phone number with its calling code. */
export type ContactAddress = { channel: 'email'; email: string } | { channel: 'sms'; phone_number: string; phone_number_country: string };

const ContactFields = {
  type: z.enum(['email', 'phone']).optional(),
  email: z.unknown().optional(),
  phone_number: z.unknown().optional(),
  phone_number_country: z.unknown().optional(),
};

/** Reads the e-mail or the phone (the phone when the type says so or a phone number is sent). */
function contactOf(input: { type?: 'email' | 'phone'; email?: unknown; phone_number?: unknown; phone_number_country?: unknown }, context: z.RefinementCtx): ContactAddress {
  const usePhone = input.type === 'phone' || (input.type === undefined && input.phone_number !== undefined && input.phone_number !== '' && input.phone_number !== null);
  if (usePhone) {
    const country = CallingCodeSchema.safeParse(input.phone_number_country ?? undefined);
    const number = PhoneNumberSchema.safeParse(input.phone_number);
    if (!country.success) context.addIssue({ code: 'custom', path: ['phone_number_country'], message: country.error.issues[0]!.message });
    if (!number.success) context.addIssue({ code: 'custom', path: ['phone_number'], message: number.error.issues[0]!.message });
    const callingCode = country.success ? country.data : DEFAULT_CALLING_CODE;
    return { channel: 'sms', phone_number: number.success ? normalisePhone(number.data, callingCode) : '', phone_number_country: callingCode };
  }
  const email = AccountEmailSchema.safeParse(input.email ?? undefined);
  if (!email.success) context.addIssue({ code: 'custom', path: ['email'], message: email.error.issues[0]!.message });
  return { channel: 'email', email: email.success ? email.data : '' };
}

/** Checks run even when other fields failed, so a form gets every field's message at once. */
const ALWAYS = { when: () => true };

/** Collects nothing: for reading the contact again once the checks passed. */
const IGNORE_ISSUES = { addIssue: () => undefined } as unknown as z.RefinementCtx;

/** A form with an e-mail or phone: its fields plus the parsed `contact`. */
function withContact<Shape extends z.ZodRawShape>(shape: Shape) {
  type Input = Parameters<typeof contactOf>[0];
  return z.object({ ...ContactFields, ...shape })
    .superRefine((input, context) => { contactOf(input as Input, context); }, ALWAYS)
    .transform((input) => ({ ...input, contact: contactOf(input as Input, IGNORE_ISSUES) }));
}

function confirmed<T extends { password: string; password_confirmation?: string }>(input: T, context: z.RefinementCtx) {
  if (input.password !== input.password_confirmation) {
    context.addIssue({ code: 'custom', path: ['password_confirmation'], message: say('api_password_mismatch') });
  }
}
const confirmedAlways = [confirmed, ALWAYS] as const;

const ConfirmationSchema = z.string({ error: say('api_password_confirmation_required') }).min(1, say('api_password_confirmation_required'));

export const LoginSchema = withContact({ password: z.string({ error: say('api_password_required') }).min(1, say('api_password_required')).max(PASSWORD_MAX * 4) });
export const CodeRequestSchema = withContact({});
export const RegisterSchema = withContact({
  name: singleLineText(say('api_name_required')).min(1, say('api_name_required')).max(100, say('api_name_too_long'))
    .refine((name) => !hasCompanyWord(name), say('api_sensitive_name')),
  code: CodeSchema,
  password: PasswordSchema,
  password_confirmation: ConfirmationSchema,
}).superRefine(...confirmedAlways);
export const ResetPasswordSchema = withContact({ code: CodeSchema, password: PasswordSchema, password_confirmation: ConfirmationSchema }).superRefine(...confirmedAlways);
export const ChangePasswordSchema = z.object({
  current_password: z.string({ error: say('api_current_password_required') }).min(1, say('api_current_password_required')).max(PASSWORD_MAX * 4),
  password: PasswordSchema,
  password_confirmation: ConfirmationSchema,
}).superRefine(...confirmedAlways);
export const TempTokenSchema = z.object({ temp_token: z.string({ error: say('form_field_required', { field: fieldWord('temp token') }) }).min(1, say('form_field_required', { field: fieldWord('temp token') })).max(200) });
export const TwoFactorSchema = TempTokenSchema.extend({ code: CodeSchema });
/** Becoming an advertiser (spec §3, §5): a phone number is required; its code when it is not the account's number yet. */
export const UpgradeSchema = z.object({
  phone_number: z.unknown().optional(),
  phone_number_country: z.unknown().optional(),
  code: z.union([z.string(), z.number()]).optional(),
}).transform((input, context) => {
  const contact = contactOf({ type: 'phone', ...input }, context);
  const code = input.code === undefined || input.code === '' ? undefined : CodeSchema.safeParse(input.code);
  if (code && !code.success) context.addIssue({ code: 'custom', path: ['code'], message: code.error.issues[0]!.message });
  return { contact: contact as Extract<ContactAddress, { channel: 'sms' }>, code: code?.success ? code.data : undefined };
});


/** An optional text: empty means none (null), otherwise normalised and bounded. */
const optionalText = (label: string, max: number) => z.preprocess((value) => (value === '' ? null : value),
  singleLineText().max(max, say('form_greater_characters', { field: fieldWord(label), max: max })).nullable().optional());

const optionalId = (label: string) => z.preprocess((value) => (value === '' || value === null ? null : value),
  z.coerce.number({ error: say('form_choose_a', { field: fieldWord(label) }) }).int().positive(say('form_choose_a', { field: fieldWord(label) })).nullable().optional());

/** A date of birth: a real date, not in the future and at least 13 years ago (Malaysia time). */
const DobSchema = z.preprocess((value) => (value === '' ? null : value), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, say('form_dob_must_date_yyyy_mm'))
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    { message: say('api_dob_invalid'), abort: true })
  .refine((value) => value <= malaysiaToday(), { message: say('api_dob_future'), abort: true })
  .refine((value) => {
    const today = malaysiaToday();
    const latest = `${Number(today.slice(0, 4)) - MIN_AGE_YEARS}${today.slice(4)}`;
    return value <= latest;
  }, say('form_min_age', { years: MIN_AGE_YEARS }))
  .nullable().optional());

/** PATCH account (spec §5 Edit profile): the name (no company words) and the personal details. */
export const ProfileUpdateSchema = z.object({
  name: singleLineText(say('api_name_required')).min(1, say('api_name_required')).max(100, say('api_name_too_long'))
    .refine((name) => !hasCompanyWord(name), say('api_profile_sensitive_name')).optional(),
  gender: z.preprocess((value) => (value === '' ? null : value), z.enum(Object.keys(GENDERS) as ['m', 'f'], { error: say('api_gender_invalid') }).nullable().optional()),
  dob: DobSchema,
  address_line1: optionalText('address line 1', 200),
  address_line2: optionalText('address line 2', 200),
  postcode: z.preprocess((value) => (value === '' ? null : value), z.union([z.string(), z.number()]).transform(String)
    .pipe(z.string().trim().regex(/^[A-Za-z0-9 -]{3,10}$/, say('api_postcode_invalid'))).nullable().optional()),
  city: optionalText('city', 100),
  state_id: optionalId('state'),
  country_id: optionalId('country'),
  locale: LocaleSchema.optional(),
});

/**
 * PATCH account with a new e-mail and the code sent to it (spec §5 Edit email), and the current password
 * (needed unless the person signed in within the last 15 minutes: security probe item 13).
 */
export const EmailChangeSchema = z.object({
  email: AccountEmailSchema,
  code: CodeSchema,
  current_password: z.string().max(PASSWORD_MAX * 4).optional().transform((value) => value || undefined),
});

/** PATCH account with a new phone number and the code sent to it by SMS (spec §5 Edit phone). */
export const PhoneChangeSchema = z.object({
  phone_number: z.unknown().optional(),
  phone_number_country: z.unknown().optional(),
  code: CodeSchema,
}).superRefine((input, context) => { contactOf({ type: 'phone', ...input }, context); }, ALWAYS)
  .transform((input) => ({ contact: contactOf({ type: 'phone', ...input }, IGNORE_ISSUES) as Extract<ContactAddress, { channel: 'sms' }>, code: input.code }));

/** PATCH account/detail and POST account/job_detail (spec §5 Edit resume): education, experience and salary type required. */
export const ResumeSchema = z.object({
  education: z.enum(RESUME_EDUCATION, { error: say('form_field_required', { field: fieldWord('education') }) }),
  experience: z.preprocess((value) => (value === '' || value === null ? undefined : value),
    z.coerce.number({ error: say('form_field_required', { field: fieldWord('experience') }) }).int(say('form_experience_must_whole_years')).min(0, say('form_experience_must_at_least_0'))
      .max(60, say('form_experience_may_not_greater_than'))),
  salary_type: z.preprocess((value) => (value === '' || value === null || value === undefined ? 'month' : value),
    z.enum(Object.keys(SALARY_TYPES) as ['month', 'year'], { error: say('form_salary_type_must_month_or') })),
  // Spec §5: an empty number input gives null.
  salary: z.preprocess((value) => (value === '' || value === undefined ? null : value),
    z.coerce.number({ error: say('form_salary_must_number') }).min(0, say('form_salary_must_at_least_0')).max(100_000_000, say('form_salary_too_large')).nullable()),
  language: z.preprocess((value) => (value === undefined || value === null || value === '' ? [] : typeof value === 'string' ? value.split(',') : value),
    z.array(z.enum(RESUME_LANGUAGES, { error: say('form_languages') })).max(RESUME_LANGUAGES.length)).transform((list) => [...new Set(list)]),
  additional_skill: z.preprocess((value) => (value === '' ? null : value), multiLineText().max(2000, say('form_additional_skill_may_not_greater')).nullable().optional()),
});

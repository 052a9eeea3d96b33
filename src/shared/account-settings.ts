/**
 * Constants of accounts and their settings (spec §3 user_detail, §5, §9), apart from constants.ts so
 * that pages without account forms do not load them.
 */
/** Spec §5, §9: the calling code a phone number gets when none is chosen (Malaysia). */
export const DEFAULT_CALLING_CODE = '60';

/** Spec §2, §3 user_detail, §5 Edit resume. */
export const GENDERS = { m: 'Male', f: 'Female' } as const;
export const RESUME_EDUCATION = ['spm', 'diploma', 'degree', 'master', 'doctoral'] as const;
export const RESUME_LANGUAGES = ['English', 'Malay', 'Chinese'] as const;
export const SALARY_TYPES = { month: 'Per Month', year: 'Per Year' } as const;
/** Youngest age an account holder may give as date of birth. */
export const MIN_AGE_YEARS = 13;
/** Days between asking to delete an account and its deletion (decision 0006). */
export const ACCOUNT_DELETION_DAYS = 14;

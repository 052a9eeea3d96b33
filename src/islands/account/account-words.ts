/**
 * The account settings' fixed words in the page's language (issue 42): gender, education, salary type and the
 * résumé's languages are stored as ids or English words and shown through the message catalogue.
 */
import * as m from '../../paraglide/messages.js';
import type { GENDERS, RESUME_LANGUAGES, SALARY_TYPES } from '../../shared/account-settings.ts';
import type { EducationLevel } from '../../shared/constants.ts';

export const GENDER_LABELS: Record<keyof typeof GENDERS, () => string> = { m: m.gender_m, f: m.gender_f };

export const EDUCATION_LABELS: Record<EducationLevel, () => string> = {
  none: m.option_none, primary_school: m.option_primary, secondary_school: m.option_secondary, spm: () => 'SPM', diploma: m.option_diploma,
  degree: m.option_degree, master: m.option_master, doctoral: m.option_doctoral,
};

/** 'Per Month' as a select's option; 'per month' after an amount. */
export const SALARY_TYPE_LABELS: Record<keyof typeof SALARY_TYPES, () => string> = { month: m.salary_type_month, year: m.salary_type_year };
export const SALARY_PER: Record<keyof typeof SALARY_TYPES, () => string> = { month: m.salary_per_month, year: m.salary_per_year };

export const RESUME_LANGUAGE_LABELS: Record<(typeof RESUME_LANGUAGES)[number], () => string> = {
  English: m.resume_language_English, Malay: m.resume_language_Malay, Chinese: m.resume_language_Chinese,
};

export function educationLabel(level: string): string {
  return (EDUCATION_LABELS as Record<string, (() => string) | undefined>)[level]?.() ?? level;
}

export function resumeLanguageLabel(language: string): string {
  return (RESUME_LANGUAGE_LABELS as Record<string, (() => string) | undefined>)[language]?.() ?? language;
}

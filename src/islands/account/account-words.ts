/**
 * The account settings' own words in the page's language (issue 42): gender, stored as an id, and the salary type as
 * it follows an amount ('per month'). Education, salary types and résumé languages are named by key
 * (shared/option-labels.ts), as an enquiry's facts name them.
 */
import * as m from '../../paraglide/messages.js';
import type { GENDERS, SALARY_TYPES } from '../../shared/account-settings.ts';
import { optionLabel } from '../../shared/option-labels.ts';

export const GENDER_LABELS: Record<keyof typeof GENDERS, () => string> = { m: m.gender_m, f: m.gender_f };

/** 'per month' after an amount. */
export const SALARY_PER: Record<keyof typeof SALARY_TYPES, () => string> = { month: m.salary_per_month, year: m.salary_per_year };

/** An education level (an id: 'degree') in the page's language. */
export function educationLabel(level: string): string {
  return optionLabel('qualification', level);
}

/**
 * The words of a fixed choice (a job type, a level, a deal method, a language) in the language being rendered, by its
 * key (issue 63): one message per choice, never a lookup by its English text. SPM is its own name in every language.
 */
import * as m from '../paraglide/messages.js';
import type { Locale } from './locale.ts';

type Words = (inputs?: Record<string, never>, options?: { locale?: Locale }) => string;

const OPTION_WORDS = {
  job_type: { PT: m.option_part_time, FT: m.option_full_time, I: m.option_intern },
  job_level: {
    assistant: m.option_assistant, non_executive: m.option_non_executive, junior_executive: m.option_junior_executive,
    senior_executive: m.option_senior_executive, manager: m.option_manager, senior_manager: m.option_senior_manager,
  },
  qualification: {
    none: m.option_none, primary_school: m.option_primary, secondary_school: m.option_secondary, spm: () => 'SPM',
    diploma: m.option_diploma, degree: m.option_degree, master: m.option_master, doctoral: m.option_doctoral,
  },
  hireme_type: { FT: m.option_full_time, PT: m.option_part_time, FL: m.option_freelance },
  salary_type: { month: m.option_per_month, year: m.option_per_year },
  hireme_rate: { hour: m.option_per_hour, day: m.option_per_day, month: m.option_per_month, project: m.option_per_project },
  hireme_expertise: { beginner: m.option_beginner, intermediate: m.option_intermediate, expert: m.option_expert },
  post_type: { buy: m.option_buy, sell: m.option_sell },
  condition: { new: m.option_new, used: m.option_used },
  method: { delivery: m.option_delivery, 'self-pickup': m.option_self_pickup, cod: m.option_cod },
  language: { English: m.fact_english, Malay: m.fact_malay, Chinese: m.fact_chinese, Tamil: m.fact_tamil, Others: m.fact_others },
  report_reason: {
    MISLEADING: m.report_reason_misleading, UNAUTHORISED: m.report_reason_unauthorised, FAKE_ADS: m.report_reason_fake_ads, SCAM: m.report_reason_scam,
    FAKE_COMPANY_PROFILE: m.report_reason_fake_company_profile, COPYRIGHT: m.report_reason_copyright, OTHER: m.report_reason_other,
  },
} satisfies Record<string, Record<string, Words>>;

export type OptionGroup = keyof typeof OPTION_WORDS;

/** A choice's words: `key` of `group` in `locale`, else the language being rendered; the key itself when unknown. */
export function optionLabel(group: OptionGroup, key: string, locale?: Locale): string {
  const words = (OPTION_WORDS[group] as Record<string, Words>)[key];
  return words ? words({}, locale ? { locale } : undefined) : key;
}

/** Every choice of a group with its words, in the order the group lists them. */
export function optionLabels(group: OptionGroup, locale?: Locale): Record<string, string> {
  return Object.fromEntries(Object.keys(OPTION_WORDS[group]).map((key) => [key, optionLabel(group, key, locale)]));
}

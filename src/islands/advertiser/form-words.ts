/**
 * The advertiser editors' own checks in the page's language (issue 63). The shared schemas (schemas/advertiser.ts,
 * schemas/text.ts, profile-body.ts) say their messages (shared/said.ts); these are every key and field name they can
 * say, worded here (tests/unit/form-words.test.ts keeps the list whole). A Zod issue with no message of its own reads
 * "Please check this field." in the page's language; the server's 422 words it exactly when the form is sent.
 */
import * as m from '../../paraglide/messages.js';
import { currentLocale } from '../../shared/i18n.ts';
import { readSaid, wordSaid, type Message } from '../../shared/said.ts';

export const EDITOR_MESSAGES: Record<string, Message> = {
  api_choose_business: m.api_choose_business, api_code_required: m.api_code_required, api_email_invalid: m.api_email_invalid, form_at_most_20_locations: m.form_at_most_20_locations,
  form_at_most_4_ranges_day: m.form_at_most_4_ranges_day, form_at_most_60_special_days: m.form_at_most_60_special_days, form_choose_at_least_one_deal: m.form_choose_at_least_one_deal, form_choose_at_least_one_job: m.form_choose_at_least_one_job,
  form_choose_at_least_one_type: m.form_choose_at_least_one_type, form_choose_attributes_from_list: m.form_choose_attributes_from_list, form_choose_business: m.form_choose_business, form_choose_buy_or_sell: m.form_choose_buy_or_sell,
  form_choose_categories_from_list: m.form_choose_categories_from_list, form_choose_category: m.form_choose_category, form_choose_condition_from_list: m.form_choose_condition_from_list, form_choose_deal_methods_from_list: m.form_choose_deal_methods_from_list,
  form_choose_expertise_from_list: m.form_choose_expertise_from_list, form_choose_gold_silver_or_bronze: m.form_choose_gold_silver_or_bronze, form_choose_how_prove_business_yours: m.form_choose_how_prove_business_yours, form_choose_job_level_from_list: m.form_choose_job_level_from_list,
  form_choose_job_types_from_list: m.form_choose_job_types_from_list, form_choose_languages_from_list: m.form_choose_languages_from_list, form_choose_locations_from_list: m.form_choose_locations_from_list, form_choose_monthly_or_yearly: m.form_choose_monthly_or_yearly,
  form_choose_qualifications_from_list: m.form_choose_qualifications_from_list, form_choose_rate_from_list: m.form_choose_rate_from_list, form_choose_types_from_list: m.form_choose_types_from_list, form_code_6_digits: m.form_code_6_digits,
  form_company_number_must_ssm_registration: m.form_company_number_must_ssm_registration, form_content_language_must_en_ms: m.form_content_language_must_en_ms, form_date_must_yyyy_mm_dd: m.form_date_must_yyyy_mm_dd, form_each_date_once: m.form_each_date_once,
  form_each_day_once: m.form_each_day_once, form_expiry_must_date_time: m.form_expiry_must_date_time, form_field_required: m.form_field_required, form_keyword_may_not_longer_than: m.form_keyword_may_not_longer_than,
  form_label_may_not_longer_than: m.form_label_may_not_longer_than, form_link_must_start_with_http: m.form_link_must_start_with_http, form_max_characters: m.form_max_characters, form_not_negative: m.form_not_negative,
  form_number: m.form_number, form_pin_must_malaysia: m.form_pin_must_malaysia, form_postcode_5_digits: m.form_postcode_5_digits, form_quantity_must_at_least_1: m.form_quantity_must_at_least_1,
  form_quantity_must_whole_number: m.form_quantity_must_whole_number, form_range_cannot_open_close_at: m.form_range_cannot_open_close_at, form_ringgit_sen: m.form_ringgit_sen, form_send_attributes_list: m.form_send_attributes_list,
  form_send_documents_upload_answered_them: m.form_send_documents_upload_answered_them, form_send_hours_per_day: m.form_send_hours_per_day, form_send_images_upload_answered_them: m.form_send_images_upload_answered_them, form_send_keywords_list: m.form_send_keywords_list,
  form_send_special_hours_list_dates: m.form_send_special_hours_list_dates, form_send_videos_upload_answered_them: m.form_send_videos_upload_answered_them, form_special_range_closes_after_opens: m.form_special_range_closes_after_opens, form_times_hh_mm: m.form_times_hh_mm,
  form_too_large: m.form_too_large, form_too_many_categories: m.form_too_many_categories, form_too_many_documents: m.form_too_many_documents, form_too_many_keywords: m.form_too_many_keywords,
  form_too_many_photos: m.form_too_many_photos, form_too_many_videos: m.form_too_many_videos, form_type_one_of: m.form_type_one_of, form_whatsapp_number_must_malaysian_number: m.form_whatsapp_number_must_malaysian_number,
  form_year_founded_cannot_future: m.form_year_founded_cannot_future, form_year_founded_must_1800_or: m.form_year_founded_must_1800_or, form_year_founded_must_year_such: m.form_year_founded_must_year_such, field_about: m.field_about,
  field_address: m.field_address, field_address_line_2: m.field_address_line_2, field_answer: m.field_answer, field_benefits: m.field_benefits,
  field_brand: m.field_brand, field_company_phone_number: m.field_company_phone_number, field_description: m.field_description, field_education: m.field_education,
  field_expected_salary: m.field_expected_salary, field_experience: m.field_experience, field_fax_number: m.field_fax_number, field_location_name: m.field_location_name,
  field_maximum_price: m.field_maximum_price, field_maximum_salary: m.field_maximum_salary, field_minimum_salary: m.field_minimum_salary, field_name: m.field_name,
  field_original_price: m.field_original_price, field_phone_number: m.field_phone_number, field_price: m.field_price, field_requirements: m.field_requirements,
  field_responsibilities: m.field_responsibilities, field_skill: m.field_skill, field_state: m.field_state, field_store_name: m.field_store_name,
  field_summary: m.field_summary, field_title: m.field_title, field_town: m.field_town, field_vaccination: m.field_vaccination,
  field_wechat_id: m.field_wechat_id,
};

/** A message of the editors' form in the page's language: said ones worded, anything else (the server's words) as it is. */
export function editorMessage(text: string): string {
  if (!readSaid(text)) return text;
  return wordSaid(text, currentLocale(), (key) => EDITOR_MESSAGES[key]) ?? m.adv_check_field();
}

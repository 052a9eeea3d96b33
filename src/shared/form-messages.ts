/**
 * The forms' own messages in the browser (issue 63): a form checks its fields with the shared schema before sending,
 * and its schema's said messages (shared/said.ts) are worded here in the page's language. It holds only the messages
 * these forms can show (the enquiry, message, offer, saved-search, review answer and review report forms), so an
 * island that loads it stays small; a form whose problem it cannot word sends anyway, and the API answers the 422 in
 * the page's words.
 */
import * as m from '../paraglide/messages.js';
import type { Locale } from './locale.ts';
import { wordSaid, type Message } from './said.ts';

const MESSAGES: Record<string, Message> = {
  form_required: m.form_required, form_field_required: m.form_field_required, form_too_long: m.form_too_long, form_max_characters: m.form_max_characters,
  form_greater_characters: m.form_greater_characters, form_number: m.form_number, form_whole_number: m.form_whole_number, form_at_least: m.form_at_least,
  form_at_most: m.form_at_most, form_date_invalid: m.form_date_invalid, form_date_past: m.form_date_past, form_images_max: m.form_images_max,
  form_name_max: m.form_name_max, form_search_name: m.form_search_name, form_languages: m.form_languages, form_image_once: m.form_image_once,
 form_email_too_long: m.form_email_too_long,


  api_choose_rating: m.api_choose_rating, api_choose_reason: m.api_choose_reason, api_choose_contact: m.api_choose_contact,
  api_phone_invalid_short: m.api_phone_invalid_short, api_email_invalid_short: m.api_email_invalid_short, api_cv_field_required: m.api_cv_field_required,
  api_conversation_text_too_long: m.api_conversation_text_too_long, api_conversation_images_max: m.api_conversation_images_max,
  api_conversation_image_once: m.api_conversation_image_once, form_client_id_required: m.form_client_id_required,
  // The field names the forms' messages name.
  field_name: m.field_name, field_phone_number: m.field_phone_number, field_email: m.field_email, field_description: m.field_description,
  field_message: m.field_message, field_review: m.field_review, field_hirer: m.field_hirer, field_offer: m.field_offer, field_experience: m.field_experience,
  field_salary: m.field_salary, field_quantity: m.field_quantity, field_offered_price: m.field_offered_price, field_additional_skill: m.field_additional_skill,
  field_remark: m.field_remark, field_preferred_date: m.field_preferred_date, field_alternative_date: m.field_alternative_date,
  field_education: m.field_education, field_deal_method: m.field_deal_method, field_salary_type: m.field_salary_type, field_language: m.field_language,
  field_id: m.field_id, field_text: m.field_text, field_answer: m.field_answer,
  // The review answer and report forms of the advertiser site.
  api_conversation_description_long: m.api_conversation_description_long,
};

/** A form's said message in `locale`, or undefined when it is not one of these forms' messages. */
export function formMessage(text: string, locale: Locale): string | undefined {
  return wordSaid(text, locale, (key) => MESSAGES[key]);
}

/** A form's per-field messages in `locale`; null when one of them is not these forms' (the API words it then). */
export function formFieldErrors(errors: Record<string, string[]>, locale: Locale): Record<string, string[]> | null {
  const worded: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const words = messages.map((text) => formMessage(text, locale));
    if (words.some((text) => text === undefined)) return null;
    worded[field] = words as string[];
  }
  return worded;
}

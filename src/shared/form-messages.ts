/**
 * The forms' validation messages in another language (issue 42). The schemas (src/shared/schemas) write them in
 * English, many from a template with the field's name ('The offered price must be at least 0.'); here each template
 * is read back and said again in Malay or Chinese, with the field's name translated. The API (for its 422s) and the
 * forms in the browser (for the checks they run before sending) share it; it holds only these messages, so a form
 * that loads it stays small. A message it does not know stays English.
 */
import * as m from '../paraglide/messages.js';
import type { Locale } from './locale.ts';

type Words = (inputs: Record<string, never>, options: { locale: Locale }) => string;
/** A template's message: its inputs are what the pattern captured (checked by the catalogue's tests, not the types). */
type Template = (inputs: never, options: { locale: Locale }) => string;

/** The field names the schemas put in their messages, lower-cased. */
const FIELDS: Record<string, Words> = {
  name: m.field_name, 'phone number': m.field_phone_number, email: m.field_email, description: m.field_description, message: m.field_message,
  review: m.field_review, hirer: m.field_hirer, offer: m.field_offer, experience: m.field_experience, salary: m.field_salary,
  'salary type': m.field_salary_type, quantity: m.field_quantity, 'offered price': m.field_offered_price, 'additional skill': m.field_additional_skill,
  remark: m.field_remark, 'preferred date': m.field_preferred_date, 'alternative date': m.field_alternative_date, education: m.field_education,
  'deal method': m.field_deal_method, language: m.field_language, cv: m.field_cv, password: m.field_password, code: m.field_code,
};

/** Each template as a pattern: its captures are the field's name (`field`) or a number, in the message's order. */
const TEMPLATES: [RegExp, Template, ...('field' | 'max' | 'min')[]][] = [
  [/^(?:The )?(.+?)(?: field)? is required\.$/i, m.form_required, 'field'],
  [/^(?:The )?(.+) is too long\.$/i, m.form_too_long, 'field'],
  [/^The (.+) may not be (?:greater|longer) than (\d+) characters\.$/, m.form_max_characters, 'field', 'max'],
  [/^The (.+) must be a number\.$/, m.form_number, 'field'],
  [/^The (.+) must be a whole number\.$/, m.form_whole_number, 'field'],
  [/^The (.+) must be at least (\d+)\.$/, m.form_at_least, 'field', 'min'],
  [/^The (.+) may not be greater than (\d+)\.$/, m.form_at_most, 'field', 'max'],
  [/^The (.+) is not a valid date\.$/, m.form_date_invalid, 'field'],
  [/^The (.+) cannot be before today\.$/, m.form_date_past, 'field'],
  [/^At most (\d+) images\.$/, m.form_images_max, 'max'],
  [/^Keep the name under (\d+) characters\.$/, m.form_name_max, 'max'],
];

/** Messages with nothing to fill in that the forms check before sending (the API's others are in the catalogue). */
const FIXED: Record<string, Words> = {
  'Give the search a name.': m.form_search_name, 'Choose languages from the list.': m.form_languages, 'Each image can be added once.': m.form_image_once,
  'Choose a rating from 1 to 5.': m.api_choose_rating, 'Choose a reason.': m.api_choose_reason, 'Choose how you want to be contacted.': m.api_choose_contact,
  'Enter a valid phone number.': m.api_phone_invalid_short, 'Enter a valid email address.': m.api_email_invalid_short,
};

/** Malay sentences start with a capital, as the field's name may not. */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A validation message in `locale`, or undefined when it is not one of the forms' templates or fixed messages. */
export function translateFormMessage(text: string, locale: Locale): string | undefined {
  if (locale === 'en') return text;
  const fixed = FIXED[text];
  if (fixed) return fixed({}, { locale });
  for (const [pattern, words, ...names] of TEMPLATES) {
    const match = pattern.exec(text);
    if (!match) continue;
    const inputs: Record<string, string> = {};
    let known = true;
    names.forEach((name, index) => {
      const value = match[index + 1]!;
      if (name !== 'field') inputs[name] = value;
      else {
        const field = FIELDS[value.toLowerCase()];
        known &&= field !== undefined;
        inputs.field = field?.({}, { locale }) ?? value;
      }
    });
    return known ? sentence((words as (inputs: Record<string, string>, options: { locale: Locale }) => string)(inputs, { locale })) : undefined;
  }
  return undefined;
}

/** A form's per-field messages (fieldErrors) in `locale`. */
export function translateFieldErrors(errors: Record<string, string[]>, locale: Locale): Record<string, string[]> {
  if (locale === 'en') return errors;
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages.map((text) => translateFormMessage(text, locale) ?? text)]));
}

/**
 * The fixed words of an enquiry's facts (labels, 'Yes', 'Call', 'Degree', 'years') in the page's language, for the
 * enquiry views (issue 42): the English word as enquiryFacts gives it, to its message. What people typed stays as typed.
 */
import * as m from '../../paraglide/messages.js';
import type { FactWords } from '../../shared/enquiries.ts';

const WORDS = new Map<string, () => string>([
  ['Name', m.fact_name], ['Phone number', m.fact_phone], ['Email', m.fact_email], ['Preferred contact method', m.fact_contact_method],
  ['Description', m.fact_description], ['Preferred date', m.fact_preferred_date], ['Alternative date', m.fact_alternative_date], ['Urgent', m.fact_urgent],
  ['Education', m.fact_education], ['Experience', m.fact_experience], ['Languages', m.fact_languages], ['Expected salary', m.fact_salary],
  ['Additional skills', m.fact_skills], ['Hirer', m.fact_hirer], ['Offer', m.fact_offer], ['Quantity', m.fact_quantity], ['Offered price', m.fact_offered_price],
  ['Deal method', m.fact_deal_method], ['Remark', m.fact_remark], ['Yes', m.fact_yes], ['No', m.fact_no], ['Call', m.fact_call],
  ['year', m.fact_year], ['years', m.fact_years], ['English', m.fact_english], ['Malay', m.fact_malay], ['Chinese', m.fact_chinese], ['Tamil', m.fact_tamil], ['Others', m.fact_others],
  ['None', m.option_none], ['Primary School', m.option_primary], ['Secondary School', m.option_secondary], ['Diploma', m.option_diploma],
  ['Degree', m.option_degree], ['Master', m.option_master], ['Doctoral', m.option_doctoral], ['Per Month', m.option_per_month], ['Per Year', m.option_per_year],
  ['Delivery', m.option_delivery], ['Self Pick-up', m.option_self_pickup], ['Cash-On-Delivery', m.option_cod],
]);

export const factWords: FactWords = (english) => WORDS.get(english)?.() ?? english;

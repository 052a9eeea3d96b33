/**
 * Enquiries' words and rules both sides read (spec §2, §3, §8, §9), without zod, so My area and the
 * enquiry button load them cheaply. An enquiry's kind is the listing type it is about: services (an
 * enquiry or booking, also about a profile), jobs (a job application), hireme (a job offer to a person
 * for hire) and buysell (an offer).
 */
import type { ListingType } from './constants.ts';
import { formatMoney } from './format.ts';
import type { Locale } from './locale.ts';
import { optionLabel } from './option-labels.ts';
import * as m from '../paraglide/messages.js';

export type EnquiryKind = ListingType;
export const ENQUIRY_KINDS = ['services', 'jobs', 'hireme', 'buysell'] as const satisfies readonly EnquiryKind[];

interface KindWords {
  /** The API path of spec §7 (POST to send, GET to list, GET …/{id} to read). */
  api: string;
  /** The My area page of spec §1 that lists them. */
  page: MyAreaPage;
  /** The modal's submit button (spec §2). */
  submit: string;
  /** What one of them is called (enquiry view heading, mails). */
  noun: string;
}

export const ENQUIRY_WORDS: Record<EnquiryKind, KindWords> = {
  services: { api: 'enquire', page: 'enquire', submit: 'Enquire Now', noun: 'Enquiry' },
  jobs: { api: 'job-application', page: 'job_application', submit: 'Apply', noun: 'Job application' },
  hireme: { api: 'hireme/enquire', page: 'job_offer', submit: 'Hire', noun: 'Job offer' },
  buysell: { api: 'buysell/enquire', page: 'buysell_offers', submit: 'Make Offer', noun: 'Offer' },
};

/** My area's pages, in tab order, with their tab label and empty-list text (spec §2, §8, exact). */
export const MY_AREA_PAGES = {
  enquire: { tab: 'Enquires/Booking', empty: 'You dont have any enquires/booking.', kind: 'services' },
  job_application: { tab: 'Job Application', empty: 'You dont have any Job Applications.', kind: 'jobs' },
  buysell_offers: { tab: 'Buy & Sell Offers', empty: 'You dont have any Offers.', kind: 'buysell' },
  job_offer: { tab: 'Job Offer', empty: 'You dont have any Offers.', kind: 'hireme' },
  following: { tab: 'Following', empty: 'You dont have any followings.', kind: null },
} as const satisfies Record<string, { tab: string; empty: string; kind: EnquiryKind | null }>;
export type MyAreaPage = keyof typeof MY_AREA_PAGES;
export const MY_AREA_PAGE_NAMES = Object.keys(MY_AREA_PAGES) as MyAreaPage[];

/** Spec §3: how the sender wants to be contacted (default call). */
export const CONTACT_METHODS = { call: 'Call', whatsapp: 'WhatsApp', sms: 'SMS', email: 'Email' } as const;
export type ContactMethod = keyof typeof CONTACT_METHODS;

/** The multipart field of the file a kind may carry: the applicant's CV, the hirer's document. */
export const ENQUIRY_FILE_FIELDS = { jobs: 'cv', hireme: 'doc' } as const satisfies Partial<Record<EnquiryKind, string>>;
/** The `cv` value that attaches the CV stored on the applicant's account instead of a new file. */
export const STORED_CV = 'profile';

/** Spec §9: enquiry images max 5. */
export const ENQUIRY_IMAGES_MAX = 5;
/** The same person may enquire about the same listing once in this long (issue 14). */
export const ENQUIRY_REPEAT_MINUTES = 10;
/** Items of one page of a My area list. */
export const MY_AREA_PAGE_SIZE = 20;

/** My area's URL of one enquiry (spec §1: /me/{type}/{id}). */
export const enquiryUrl = (kind: EnquiryKind, id: number) => `/me/${kind}/${id}`;

/** What an enquiry is about, as its record shows it. */
export interface EnquiryListing {
  type: ListingType | 'profile' | null;
  id: number | null;
  title: string;
  variant: 'post' | 'profile';
  /** Null once the listing is gone. */
  url: string | null;
  /** The business behind it; null when the listing is confidential (never revealed to who enquires). */
  profile: { name: string; slug: string; url: string } | null;
  locations: { city_state: string }[];
}

/** An enquiry record of spec §3 as its sender reads it. */
export interface EnquiryRecord {
  id: number;
  type: EnquiryKind;
  status: 'pending';
  created_at: string;
  created_date: string;
  name: string;
  phone_number: string;
  email: string | null;
  contact_method: string;
  /** Services only. */
  images?: { thumbnail: string; full: string; thumbnail_webp: string | null; full_webp: string | null }[];
  /** The CV (job application) or document (job offer) sent with it, downloadable by its sender. */
  attachment: { original_filename: string; url: string } | null;
  /** The post applied to (job applications, spec §3), or what was enquired about (the other kinds). */
  post?: EnquiryListing;
  enquirable?: EnquiryListing;
  url: string;
  [detail: string]: unknown;
}

type Words = (inputs?: Record<string, never>, options?: { locale?: Locale }) => string;

/** The fields of an enquiry record that only its kind has, in the order people read them, with their labels' words. */
const DETAIL_LABELS: Record<EnquiryKind, [field: string, label: Words][]> = {
  services: [['description', m.fact_description], ['preferred_date', m.fact_preferred_date], ['alternative_date', m.fact_alternative_date], ['urgent', m.fact_urgent]],
  jobs: [['education', m.fact_education], ['experience', m.fact_experience], ['language', m.fact_languages], ['salary', m.fact_salary], ['additional_skill', m.fact_skills]],
  hireme: [['company_name', m.fact_hirer], ['offer', m.fact_offer], ['description', m.fact_description]],
  buysell: [['qty', m.fact_quantity], ['offered_price', m.fact_offered_price], ['deal_method', m.fact_deal_method], ['remark', m.fact_remark]],
};

/** How the sender wants to hear back; WhatsApp and SMS are their own names in every language. */
const CONTACT_WORDS: Record<ContactMethod, Words> = { call: m.fact_call, whatsapp: () => 'WhatsApp', sms: () => 'SMS', email: m.fact_email };
const SALARY_WORDS: Record<string, Words> = { month: m.option_per_month, year: m.option_per_year };

function detailText(field: string, record: Record<string, unknown>, locale: Locale | undefined): string | null {
  const value = record[field];
  if (value === null || value === undefined || value === '') return null;
  const words = locale ? { locale } : undefined;
  switch (field) {
    case 'urgent': return (value === '1' ? m.fact_yes : m.fact_no)({}, words);
    case 'education': return optionLabel('qualification', String(value), locale);
    case 'experience': return `${String(value)} ${(value === 1 ? m.fact_year : m.fact_years)({}, words)}`;
    case 'language': return Array.isArray(value) ? value.map((language) => optionLabel('language', String(language), locale)).join(', ') : String(value);
    case 'salary': return `${formatMoney(Number(value))} ${SALARY_WORDS[record.salary_type as string]?.({}, words) ?? ''}`.trim();
    case 'offered_price': return formatMoney(Number(value));
    case 'deal_method': return optionLabel('method', String(value), locale);
    default: return String(value);
  }
}

/**
 * What an enquiry says, as labelled lines: the sender's contact details and the fields of its kind (the enquiry view,
 * the mails to the listing's owner and to the sender), in `locale` (else the language being rendered): its labels and
 * fixed values by key (issue 63); what people typed stays as typed.
 */
export function enquiryFacts(kind: EnquiryKind, record: Record<string, unknown>, locale?: Locale): [label: string, value: string][] {
  const words = locale ? { locale } : undefined;
  const method = CONTACT_WORDS[record.contact_method as ContactMethod];
  const sender: [Words, string | null][] = [
    [m.fact_name, String(record.name ?? '')],
    [m.fact_phone, String(record.phone_number ?? '')],
    [m.fact_email, (record.email as string | null | undefined) ?? null],
    [m.fact_contact_method, method ? method({}, words) : null],
  ];
  const details = DETAIL_LABELS[kind].map(([field, label]): [Words, string | null] => [label, detailText(field, record, locale)]);
  return [...sender, ...details].filter((fact): fact is [Words, string] => fact[1] !== null && fact[1] !== '')
    .map(([label, value]) => [label({}, words), value]);
}

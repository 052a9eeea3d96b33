/**
 * Enquiries' words and rules both sides read (spec §2, §3, §8, §9), without zod, so My area and the
 * enquiry button load them cheaply. An enquiry's kind is the listing type it is about: services (an
 * enquiry or booking, also about a profile), jobs (a job application), hireme (a job offer to a person
 * for hire) and buysell (an offer).
 */
import { SALARY_TYPES } from './account-settings.ts';
import { DEAL_METHODS, EDUCATION_LEVELS, type ListingType } from './constants.ts';
import { formatMoney } from './format.ts';

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

/** The fields of an enquiry record that only its kind has, in the order people read them. */
const DETAIL_LABELS: Record<EnquiryKind, [field: string, label: string][]> = {
  services: [['description', 'Description'], ['preferred_date', 'Preferred date'], ['alternative_date', 'Alternative date'], ['urgent', 'Urgent']],
  jobs: [['education', 'Education'], ['experience', 'Experience'], ['language', 'Languages'], ['salary', 'Expected salary'], ['additional_skill', 'Additional skills']],
  hireme: [['company_name', 'Hirer'], ['offer', 'Offer'], ['description', 'Description']],
  buysell: [['qty', 'Quantity'], ['offered_price', 'Offered price'], ['deal_method', 'Deal method'], ['remark', 'Remark']],
};

/** Turns a fixed English word of an enquiry (a label, 'Yes', 'Call', 'Degree', 'years') into the reader's language. */
export type FactWords = (english: string) => string;
const asWritten: FactWords = (english) => english;

function detailText(field: string, record: Record<string, unknown>, words: FactWords): string | null {
  const value = record[field];
  if (value === null || value === undefined || value === '') return null;
  switch (field) {
    case 'urgent': return words(value === '1' ? 'Yes' : 'No');
    case 'education': return words(EDUCATION_LEVELS[value as keyof typeof EDUCATION_LEVELS] ?? String(value));
    case 'experience': return `${String(value)} ${words(value === 1 ? 'year' : 'years')}`;
    case 'language': return Array.isArray(value) ? value.map((language) => words(String(language))).join(', ') : String(value);
    case 'salary': return `${formatMoney(Number(value))} ${words(SALARY_TYPES[record.salary_type as keyof typeof SALARY_TYPES] ?? '')}`.trim();
    case 'offered_price': return formatMoney(Number(value));
    case 'deal_method': return words(DEAL_METHODS[value as keyof typeof DEAL_METHODS] ?? String(value));
    default: return String(value);
  }
}

/**
 * What an enquiry says, as labelled lines: the sender's contact details and the fields of its kind
 * (the enquiry view, the mails to the listing's owner and to the sender). `words` translates the labels and fixed
 * values; what people typed stays as typed.
 */
export function enquiryFacts(kind: EnquiryKind, record: Record<string, unknown>, words: FactWords = asWritten): [label: string, value: string][] {
  const method = CONTACT_METHODS[record.contact_method as ContactMethod];
  const sender: [string, string | null][] = [
    ['Name', String(record.name ?? '')],
    ['Phone number', String(record.phone_number ?? '')],
    ['Email', (record.email as string | null | undefined) ?? null],
    ['Preferred contact method', method ? words(method) : null],
  ];
  const details = DETAIL_LABELS[kind].map(([field, label]): [string, string | null] => [label, detailText(field, record, words)]);
  return [...sender, ...details].filter((fact): fact is [string, string] => fact[1] !== null && fact[1] !== '')
    .map(([label, value]) => [words(label), value]);
}

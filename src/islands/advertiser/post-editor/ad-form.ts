/**
 * The ad editor's form (issue 40): the API body of an ad of any type (numbers as numbers, empty as null), every type's
 * details kept while the type is chosen, and a job's closing date as the date input holds it. What is sent is the
 * body of the chosen type; an edit sends the JSON Merge Patch between the body loaded and this one.
 */
import { adBody } from '../../../shared/ad-body.ts';
import type { ListingType } from '../../../shared/constants.ts';
import type { Locale } from '../../../shared/locale.ts';
import type { AdvertiserPost } from '../../../client/advertiser-calls.ts';

export interface AdForm {
  type: ListingType;
  profile_id: number | null;
  /** The business location (branch) the ad names; null: the business's first. */
  location_id: number | null;
  title: string;
  summary: string;
  /** The language it is written in (issue 42); '' lets the server tell from the text. */
  content_lang: Locale | '';
  categories: string[];
  keywords: string[];
  images: { full: string }[];
  videos: { file: string }[];
  documents: { file: string }[];
  service: { description: string; price_min: number | null; price_max: number | null };
  job: {
    type: string[]; qualification: string[]; level: string; requirements: string; responsibilities: string; benefits: string; company_confidential: boolean;
    document_resume_cv: boolean; salary_min: number | null; salary_max: number | null; salary_type: string; remote: boolean;
    /** The closing day, as the date input holds it (Malaysian date); sent as expires_at only when changed. */
    expires_on: string;
  };
  hireme: {
    language: string[]; type: string[]; expertise: string; rate: string; vaccination: string; skill: string; experience: string; education: string;
    company_confidential: boolean; expected_salary: number | null; city: string | null; state: string | null;
  };
  buysell: { type: string; condition: string; brand: string | null; method: string[]; qty: number | null; description: string; price_min: number | null; op: number | null };
}

export function emptyAdForm(type: ListingType, profileId: number | null): AdForm {
  return {
    type, profile_id: profileId, location_id: null, title: '', summary: '', content_lang: '', categories: [], keywords: [], images: [], videos: [], documents: [],
    service: { description: '', price_min: null, price_max: null },
    job: { type: [], qualification: [], level: 'junior_executive', requirements: '', responsibilities: '', benefits: '', company_confidential: false,
      document_resume_cv: false, salary_min: null, salary_max: null, salary_type: 'month', remote: false, expires_on: '' },
    hireme: { language: [], type: [], expertise: 'intermediate', rate: 'month', vaccination: '', skill: '', experience: '', education: '', company_confidential: false,
      expected_salary: null, city: null, state: null },
    buysell: { type: 'sell', condition: 'new', brand: null, method: [], qty: null, description: '', price_min: null, op: null },
  };
}

/** The form of a loaded ad: its branch is the first location it names. */
export function adFormOf(post: AdvertiserPost): AdForm {
  const { locations: _places, ...body } = adBody(post, []);
  const form = emptyAdForm(post.type, post.profile_id);
  return {
    ...form, ...body, type: post.type, profile_id: post.profile_id, content_lang: post.content_lang, location_id: post.location_ids[0] ?? null,
    ...('job' in body ? { job: { ...form.job, ...body.job, expires_on: post.expires_at ? malaysianDate(post.expires_at) : '' } } : {}),
  } as AdForm;
}

const malaysianDate = (iso: string) => new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 10);

/**
 * The API body of the form: the chosen type's details only, a new ad with its business (not hireme). A job's closing
 * day goes as expires_at (23:59 Malaysian time) when it differs from the one loaded; otherwise null keeps it.
 */
export function adBodyOf(form: AdForm, loaded: AdForm | null, isNew: boolean): Record<string, unknown> {
  const common = {
    type: form.type, title: form.title, summary: form.summary, categories: form.categories, keywords: form.keywords,
    images: form.images, videos: form.videos, documents: form.documents.map(({ file }) => ({ file })),
    ...(form.content_lang ? { content_lang: form.content_lang } : {}),
    ...(isNew && form.type !== 'hireme' ? { profile_id: form.profile_id ?? 0 } : {}),
    // The branch it names (a hireme ad's place is its town).
    ...(form.type !== 'hireme' && form.location_id !== null ? { locations: [form.location_id] } : {}),
  };
  switch (form.type) {
    case 'services': return { ...common, service: form.service };
    case 'buysell': return { ...common, buysell: form.buysell };
    case 'hireme': return { ...common, hireme: form.hireme };
    case 'jobs': {
      const { expires_on: day, ...job } = form.job;
      const changed = day !== '' && day !== (loaded?.job.expires_on ?? '');
      return { ...common, job: { ...job, expires_at: changed ? new Date(`${day}T23:59:00+08:00`).toISOString() : null } };
    }
  }
}

/** Row shapes returned by the repositories: snake_case columns as stored, never sent to clients as they are. */
import type { ListingType, Plan } from '../../../shared/constants.ts';

export interface MediaRow {
  owner_id: number;
  position: number;
  caption: string | null;
  kind: 'image' | 'video';
  mime_type: string;
  thumbnail: string;
  full: string;
  thumbnail_webp: string | null;
  full_webp: string | null;
  file: string | null;
}

export interface DocumentRow {
  owner_id: number;
  file: string;
  original_filename: string;
}

export interface CategoryRow {
  owner_id: number;
  id: number;
  type: ListingType;
  name: string;
  slug: string;
  parent_name: string | null;
  parent_slug: string | null;
}

/** The columns of a LocationRow, for queries joining locations l, cities c and states s. */
export const LOCATION_COLUMNS = `l.id, l.name, l.address_line1, l.address_line2, c.name AS city_name, l.postcode,
  s.name AS state_name, l.phone_number, l.company_phone_number, l.fax_number, l.email, l.latitude, l.longitude`;

export interface LocationRow {
  owner_id: number;
  id: number;
  name: string;
  address_line1: string;
  address_line2: string | null;
  city_name: string;
  postcode: string;
  state_name: string;
  phone_number: string | null;
  company_phone_number: string | null;
  fax_number: string | null;
  email: string | null;
  latitude: number;
  longitude: number;
}

export interface AttributeRow {
  post_id: number;
  name: string;
  value: string;
}

export interface PostRow {
  id: number;
  type: ListingType;
  slug: string;
  title: string;
  summary: string;
  plan: Plan;
  price_min: number | null;
  price_max: number | null;
  price_currency: string;
  op: number | null;
  hyperlink: string | null;
  view_count: number;
  rating: number;
  rating_count: number;
  published_at: string;
  expires_at: string | null;
  profile_id: number;
  profile_slug: string;
  profile_name: string;
  profile_kind: 'business' | 'individual';
  profile_plan: Plan;
  profile_claimed: number;
  profile_rating: number;
  profile_rating_count: number;
  profile_about: string | null;
  profile_logo_thumbnail: string | null;
  profile_logo_full: string | null;
  profile_logo_thumbnail_webp: string | null;
  profile_logo_full_webp: string | null;
  // jobs
  job_level: string | null;
  job_experience_years: number | null;
  job_requirements: string | null;
  job_responsibilities: string | null;
  job_benefits: string | null;
  job_confidential: number | null;
  job_resume_required: number | null;
  // hireme
  hireme_expertise: string | null;
  hireme_rate: string | null;
  hireme_vaccination: string | null;
  hireme_skill: string | null;
  hireme_experience: string | null;
  hireme_education: string | null;
  hireme_confidential: number | null;
  // services
  service_description: string | null;
  // buysell
  buysell_type: 'buy' | 'sell' | null;
  buysell_condition: 'new' | 'used' | null;
  buysell_brand: string | null;
  buysell_qty: number | null;
  buysell_description: string | null;
}

export interface ProfileRow {
  id: number;
  slug: string;
  kind: 'business' | 'individual';
  name: string;
  store_name: string | null;
  company_no: string | null;
  about: string | null;
  plan: Plan;
  claimed: number;
  established_year: number | null;
  url: string | null;
  facebook: string | null;
  twitter: string | null;
  instagram: string | null;
  linkedin: string | null;
  wechat: string | null;
  youtube: string | null;
  whatsapp: string | null;
  view_count: number;
  rating: number;
  rating_count: number;
  logo_thumbnail: string | null;
  logo_full: string | null;
  logo_thumbnail_webp: string | null;
  logo_full_webp: string | null;
  image_thumbnail: string | null;
  image_full: string | null;
  image_thumbnail_webp: string | null;
  image_full_webp: string | null;
}

export interface BusinessHoursRow {
  day: number;
  opens: string;
  closes: string;
}

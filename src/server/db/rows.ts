/**
 * Row shapes the repositories return, whatever the database behind them: snake_case columns as
 * stored, never sent to clients as they are (the services map them to the shapes of spec §3).
 */
import type { ListingType, Plan } from '../../shared/constants.ts';

/** A listing's lifecycle: only active, unexpired posts are shown in search, rows and sitemaps. */
export type PostStatus = 'active' | 'expired' | 'removed';

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
  price_min_sen: number | null;
  price_max_sen: number | null;
  price_currency: string;
  op_sen: number | null;
  hyperlink: string | null;
  view_count: number;
  rating: number;
  rating_count: number;
  published_at: string;
  expires_at: string | null;
  status: PostStatus;
  /** True when visitors may find the post in lists (active, not past its expiry): the same rule search and sitemaps apply. */
  live: boolean;
  profile_id: number;
  profile_slug: string;
  profile_name: string;
  profile_kind: 'business' | 'individual';
  profile_plan: Plan;
  profile_claimed: boolean;
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
  job_confidential: boolean | null;
  job_resume_required: boolean | null;
  // hireme
  hireme_expertise: string | null;
  hireme_rate: string | null;
  hireme_vaccination: string | null;
  hireme_skill: string | null;
  hireme_experience: string | null;
  hireme_education: string | null;
  hireme_confidential: boolean | null;
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
  claimed: boolean;
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

export interface BannerRow {
  slot: 'main' | 'sub';
  title: string;
  subtitle: string | null;
  hyperlink: string;
  thumbnail: string;
  full: string;
  thumbnail_webp: string | null;
  full_webp: string | null;
}

export interface CategoryTreeRow {
  id: number;
  type: ListingType;
  name: string;
  slug: string;
  parent_id: number | null;
  education: boolean;
}

/** A category on its own (home rows, busiest categories): a CategoryRow without the listing it belongs to. */
export type HomeCategoryRow = Omit<CategoryRow, 'owner_id'>;

export interface PlaceRow {
  kind: 'state' | 'city';
  id: number;
  name: string;
  state_name: string;
  latitude: number;
  longitude: number;
}

export interface ReviewRow {
  id: number;
  reviewer_name: string;
  reviewer_image_thumbnail: string | null;
  reviewer_image_full: string | null;
  reviewer_image_thumbnail_webp: string | null;
  reviewer_image_full_webp: string | null;
  rating: number;
  content: string;
  created_at: string;
}

export interface ReviewMediaRow {
  owner_id: number;
  thumbnail: string;
  full: string;
  thumbnail_webp: string | null;
  full_webp: string | null;
}

export interface SuggestionRow {
  label: string;
  kind: 'category' | 'business' | 'title';
  type: ListingType;
}

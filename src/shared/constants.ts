/** Business constants of spec §3 and §9. Each lives here once; labels are what people read. */

export const LISTING_TYPES = ['services', 'jobs', 'hireme', 'buysell'] as const;
export type ListingType = (typeof LISTING_TYPES)[number];

/** How each listing type is named in the header select, tabs and page titles. */
export const LISTING_TYPE_LABELS: Record<ListingType, { select: string; tab: string; browsing: string }> = {
  services: { select: 'Services', tab: 'Services', browsing: 'Businesses' },
  buysell: { select: 'Buy/Sell', tab: 'Buy & Sell', browsing: 'BuySell' },
  jobs: { select: 'Jobs', tab: 'Jobs', browsing: 'Jobs' },
  hireme: { select: 'Hire Me', tab: 'Hire Me', browsing: 'HireMe' },
};

/** What reviews, reports and views can be about: a post of a type, or a profile. */
export const LISTING_REF_TYPES = [...LISTING_TYPES, 'profile'] as const;
export type ListingRefType = (typeof LISTING_REF_TYPES)[number];

export const PLANS = ['FREE', 'BRONZE', 'SILVER', 'GOLD'] as const;
export type Plan = (typeof PLANS)[number];

export const JOB_LEVELS = {
  assistant: 'Assistant',
  non_executive: 'Non-Executive',
  junior_executive: 'Junior Executive',
  senior_executive: 'Senior Executive',
  manager: 'Manager',
  senior_manager: 'Senior Manager',
} as const;
export type JobLevel = keyof typeof JOB_LEVELS;

export const JOB_TYPES = { PT: 'Part Time', FT: 'Full Time', I: 'Intern' } as const;
export type JobType = keyof typeof JOB_TYPES;

/** Education levels, used for job qualifications and enquiry forms. */
export const EDUCATION_LEVELS = {
  none: 'None',
  primary_school: 'Primary School',
  secondary_school: 'Secondary School',
  spm: 'SPM',
  diploma: 'Diploma',
  degree: 'Degree',
  master: 'Master',
  doctoral: 'Doctoral',
} as const;
export type EducationLevel = keyof typeof EDUCATION_LEVELS;

export const HIREME_TYPES = { FT: 'Full Time', PT: 'Part Time', FL: 'Freelance' } as const;
export type HiremeType = keyof typeof HIREME_TYPES;

export const HIREME_RATES = { hour: 'Per Hour', day: 'Per Day', month: 'Per Month', project: 'Per Project' } as const;
export type HiremeRate = keyof typeof HIREME_RATES;

export const HIREME_EXPERTISE = { beginner: 'Beginner', intermediate: 'Intermediate', expert: 'Expert' } as const;
export type HiremeExpertise = keyof typeof HIREME_EXPERTISE;


/** Languages of the enquiry form (spec §3). */
export const LANGUAGES = ['English', 'Malay', 'Chinese', 'Tamil', 'Others'] as const;

export const BUYSELL_TYPES = { buy: 'Buy', sell: 'Sell' } as const;
export const BUYSELL_CONDITIONS = { new: 'New', used: 'Used' } as const;
export const DEAL_METHODS = { delivery: 'Delivery', 'self-pickup': 'Self Pick-up', cod: 'Cash-On-Delivery' } as const;
export type DealMethod = keyof typeof DEAL_METHODS;

/** The currency word people read in the UI (spec §9). */
export const CURRENCY_LABEL = 'RM';
/** The ISO 4217 code machines read (JSON-LD offers and salaries). */
export const CURRENCY_CODE = 'MYR';
export const DEFAULT_LOCATION_LABEL = 'Malaysia';
export const VERSION_LABEL = '1.0.58-dev';

export const PAGE_SIZES = { search: 12, reviews: 5, relatedPosts: 10 } as const;
export const PAGER_NUMBERS = 5;
export const DISTANCE_OPTIONS_KM = [5, 10, 25, 50] as const;
/** Near Me without a chosen distance (spec §9: the default label is 10 km). */
export const DEFAULT_NEAR_ME_KM = 10;
/** Sorts of the search request; `newest` (first live first) serves the new-since links of saved-search alerts. */
export const SORTS = ['recommended', 'rating', 'az', 'za', 'relevance', 'distance', 'newest'] as const;

/** Timers of spec §9, in ms. */
export const TIMERS = {
  /** Banner and slider advance. */
  slide: 5000,
  /** A toast shows this long, then fades. */
  toast: 5000,
  toastFade: 200,
  /** Autocomplete waits this long after the last key. */
  autocompleteDebounce: 200,
} as const;

/** Click actions the browser counts (spec §7 POST analytics). */
export const ANALYTICS_ACTIONS = ['call', 'enquire', 'share_facebook', 'share_twitter', 'share_linkedin', 'share_email', 'share_copy',
  'visit_maps_direction', 'visit_waze_direction', 'visit_maps_location', 'whatsapp', 'website'] as const;
export type AnalyticsAction = (typeof ANALYTICS_ACTIONS)[number];
/** The random device id the analytics script keeps in local storage and sends with clicks: letters, digits, - and _. */
export const ANALYTICS_DEVICE_ID = /^[\w-]{16,64}$/;

/** The role that makes a user an advertiser (spec §6). */
export const ADVERTISER_ROLE = 'advertiser';

/** Sizes and limits of spec §9. */
export const LIMITS = {
  /** Recent searches and recent locations kept. */
  recent: 4,
  /** Skeleton cards while a search page loads. */
  searchSkeletons: 4,
} as const;

/** Card-row scroll step of spec §9: 308 px (209 for photos), 5 more on windows wider than 1000 px. */
export const SCROLL_STEP = { cards: 308, photos: 209, wideExtra: 5, wideFrom: 1000 } as const;

/** The mobile breakpoint of spec §9. */
const MOBILE_BREAKPOINT_PX = 700;

/** Ad slot sizes of spec §9: wide above the mobile breakpoint, mobile below it. */
export const AD_SLOTS = {
  wide: { width: 728, height: 90, query: `(min-width: ${MOBILE_BREAKPOINT_PX}px)` },
  mobile: { width: 318, height: 50, query: `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)` },
} as const;

/** Share popups open at this size (spec §9). */
export const SHARE_POPUP = { width: 800, height: 500 } as const;

/** Percent-off label of spec §9: 100 - price/op*100, followed by '% OFF'. */
export function percentOff(price: number, originalPrice: number): number {
  return Math.round(100 - (price / originalPrice) * 100);
}

export interface AdvertiserPackage {
  code: 'GOLD' | 'SILVER' | 'BRONZE' | 'PAY-PER-POST';
  name: string;
  monthPrice: number | null;
  yearPrice: number | null;
  perPostPrice: number | null;
  save: number | null;
  tokens: number | null;
  categories: number;
  keywords: number;
  photos: number;
  pdfs: number;
  videos: number | null;
}

/** Advertiser packages of spec §9 (prices in RM, excluding 6% SST). */
export const ADVERTISER_PACKAGES: readonly AdvertiserPackage[] = [
  { code: 'GOLD', name: 'Gold', monthPrice: 89, yearPrice: 899, perPostPrice: null, save: 16, tokens: 100, categories: 5, keywords: 20, photos: 10, pdfs: 5, videos: 2 },
  { code: 'SILVER', name: 'Silver', monthPrice: 49, yearPrice: 499, perPostPrice: null, save: 15, tokens: 20, categories: 3, keywords: 10, photos: 10, pdfs: 3, videos: 1 },
  { code: 'BRONZE', name: 'Bronze', monthPrice: 29, yearPrice: 299, perPostPrice: null, save: 14, tokens: 10, categories: 2, keywords: 5, photos: 5, pdfs: 1, videos: 0 },
  { code: 'PAY-PER-POST', name: 'Pay-Per-Post', monthPrice: null, yearPrice: null, perPostPrice: 50, save: null, tokens: null, categories: 1, keywords: 5, photos: 5, pdfs: 1, videos: null },
];

/** Reasons a visitor may give when reporting a listing (spec §5). */
export const REPORT_REASONS = {
  MISLEADING: 'Misleading / Wrong information',
  UNAUTHORISED: 'Unauthorised use',
  FAKE_ADS: 'Fake ads',
  SCAM: 'Scam Information',
  FAKE_COMPANY_PROFILE: 'Fake company profile',
  COPYRIGHT: 'Copyright / Legal Infringement',
  OTHER: 'Other',
} as const;

/** Shapes of the catalogue as the API and the pages see it (spec §3). Field names are the spec's. */
import { z } from 'zod';
import { LISTING_REF_TYPES, LISTING_TYPES, PLANS } from '../constants.ts';
import { LOCALES } from '../locale.ts';
import { say } from '../said.ts';

export const ListingTypeSchema = z.enum(LISTING_TYPES);

/** A post type or 'profile': the `type` of review, report and view requests. */
export const ListingRefTypeSchema = z.enum(LISTING_REF_TYPES);

/** Slugs (posts, profiles, categories, static pages) are lower-case words joined by hyphens; anything else names nothing. */
export const SlugSchema = z.string().max(200).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, say('form_not_valid_address'));
const PlanSchema = z.enum(PLANS);

const ImageSchema = z.object({
  thumbnail: z.string(),
  full: z.string(),
  thumbnail_webp: z.string().nullable(),
  full_webp: z.string().nullable(),
});
export type Image = z.infer<typeof ImageSchema>;

const MediaItemSchema = z.object({
  image: ImageSchema,
  video: z.object({ file: z.string() }).nullable(),
  mime_type: z.string(),
  caption: z.string().nullable(),
  selected: z.union([z.literal(0), z.literal(1)]),
});
export type MediaItem = z.infer<typeof MediaItemSchema>;

const DocumentSchema = z.object({ doc: z.object({ file: z.string() }), original_filename: z.string() });
export type Document = z.infer<typeof DocumentSchema>;

const CategoryRefSchema = z.object({
  name: z.string(),
  slug: z.string(),
  type: ListingTypeSchema,
  parent: z.object({ name: z.string(), slug: z.string() }).nullable(),
});
export type CategoryRef = z.infer<typeof CategoryRefSchema>;

const LocationSchema = z.object({
  name: z.string(),
  address_line1: z.string().nullable(),
  address_line2: z.string().nullable(),
  city: z.object({ name: z.string() }),
  postcode: z.string().nullable(),
  state: z.object({ name: z.string() }),
  city_state: z.string(),
  phone_number: z.string().nullable(),
  company_phone_number: z.string().nullable(),
  fax_number: z.string().nullable(),
  email: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
});
export type Location = z.infer<typeof LocationSchema>;

/** A badge backed by evidence (issue 45): its words, which one, whether the site checked it, and its explanation. */
const BadgeSchema = z.object({ value: z.string(), key: z.enum(['phone_verified', 'claimed', 'listed', 'ssm_registered', 'responsive', 'years_in_business']), verified: z.boolean(), url: z.string() });

export type Badge = z.infer<typeof BadgeSchema>;

const ProfileRefSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  logo: ImageSchema.nullable(),
  plan: PlanSchema,
  claimed: z.boolean(),
  rating: z.number(),
  rating_count: z.number().int(),
  about: z.string().nullable(),
  badges: z.array(BadgeSchema),
});

/** What a listing card shows (search results, home rows, profile post lists). */
export const PostCardSchema = z.object({
  variant: z.literal('post'),
  id: z.number().int(),
  type: ListingTypeSchema,
  title: z.string(),
  slug: z.string(),
  summary: z.string(),
  image: ImageSchema.nullable(),
  video: z.object({ file: z.string() }).nullable(),
  mime_type: z.string().nullable(),
  hyperlink: z.string().nullable(),
  plan: PlanSchema,
  rating: z.number(),
  rating_count: z.number().int(),
  price_min: z.number().nullable(),
  price_max: z.number().nullable(),
  price_currency: z.string(),
  op: z.number().nullable(),
  categories: z.array(CategoryRefSchema),
  parent_categories: z.array(z.object({ name: z.string(), slug: z.string() })),
  city_state: z.string().nullable(),
  addresses: z.array(z.string()),
  coordinates: z.array(z.object({ lat: z.number(), lon: z.number() })),
  phone_numbers: z.array(z.string()),
  confidential: z.boolean(),
  buysell_type: z.enum(['buy', 'sell']).nullable(),
  /** The business, with at most two marks backed by evidence (issue 45). */
  profile: z.object({ name: z.string(), slug: z.string(), marks: z.array(z.enum(['ssm_registered', 'phone_verified'])) }).nullable(),
  followed: z.boolean(),
  distance: z.number().nullable(),
});
export type PostCard = z.infer<typeof PostCardSchema>;

const JobSchema = z.object({
  type: z.array(z.string()),
  qualification: z.array(z.string()),
  level: z.string(),
  experience_years: z.number().int(),
  requirements: z.string(),
  responsibilities: z.string(),
  benefits: z.string(),
  company_confidential: z.boolean(),
  resume_required: z.boolean(),
  salary_min: z.number().nullable(),
  salary_max: z.number().nullable(),
  salary_currency: z.string(),
  /** Per month (the default) or per year. */
  salary_type: z.enum(['month', 'year']),
  /** Done from home (JobPosting's jobLocationType TELECOMMUTE). */
  remote: z.boolean(),
});

const HiremeSchema = z.object({
  language: z.array(z.string()),
  type: z.array(z.string()),
  expertise: z.string(),
  vaccination: z.string(),
  skill: z.string(),
  experience: z.string(),
  education: z.string(),
  company_confidential: z.boolean(),
  expected_salary: z.number().nullable(),
  rate: z.string(),
  price_currency: z.string(),
});

const ServiceSchema = z.object({
  description: z.string(),
  price_min: z.number().nullable(),
  price_max: z.number().nullable(),
  price_currency: z.string(),
});

const BuysellSchema = z.object({
  type: z.enum(['buy', 'sell']),
  condition: z.enum(['new', 'used']),
  brand: z.string().nullable(),
  method: z.array(z.string()),
  qty: z.number().int().nullable(),
  description: z.string(),
  price_min: z.number().nullable(),
  price_max: z.number().nullable(),
  price_currency: z.string(),
});

/** A post as the detail page and `GET post/slug/{slug}` give it. */
export const PostSchema = PostCardSchema.omit({ profile: true }).extend({
  images: z.array(MediaItemSchema),
  documents: z.array(DocumentSchema),
  price: z.number().nullable(),
  view_count: z.number().int(),
  locations: z.array(LocationSchema),
  profile: ProfileRefSchema.nullable(),
  published_at: z.string(),
  expires_at: z.string().nullable(),
  /** The language the post is written in (issue 42): pages name it on the post's own text (`lang`); never translated. */
  content_lang: z.enum(LOCALES),
  /** False once the post has expired or was removed: its page stays, with a note, out of search and sitemaps. */
  live: z.boolean(),
  status: z.enum(['draft', 'active', 'expired', 'removed', 'hidden']),
  job: JobSchema.nullable(),
  hireme: HiremeSchema.nullable(),
  service: ServiceSchema.nullable(),
  buysell: BuysellSchema.nullable(),
});
export type Post = z.infer<typeof PostSchema>;

const BusinessHoursSchema = z.object({ day: z.string(), time: z.array(z.string()) });
const SpecialDaySchema = z.object({ date: z.string(), label: z.string(), time: z.array(z.string()) });
/** A business's location on its page, with the branch's own hours and special hours (null: the business's). */
const ProfileLocationSchema = LocationSchema.extend({ business_hours: z.array(BusinessHoursSchema).nullable(), special_hours: z.array(SpecialDaySchema).nullable() });
export type ProfileLocation = z.infer<typeof ProfileLocationSchema>;

export const ProfileSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  store_name: z.string().nullable(),
  company_no: z.string().nullable(),
  image: ImageSchema.nullable(),
  logo: ImageSchema.nullable(),
  images: z.array(MediaItemSchema),
  documents: z.array(DocumentSchema),
  categories: z.array(CategoryRefSchema),
  about: z.string().nullable(),
  /** The language the business's own words are in (issue 42): pages name it where it differs from theirs. */
  content_lang: z.enum(LOCALES),
  plan: PlanSchema,
  claimed: z.boolean(),
  followed: z.boolean(),
  rating: z.number(),
  rating_count: z.number().int(),
  badges: z.array(BadgeSchema),
  established_year: z.number().int().nullable(),
  locations: z.array(ProfileLocationSchema),
  business_hours: z.array(BusinessHoursSchema),
  /** Dated exceptions to the weekly hours from today on (Hari Raya, Chinese New Year); no period: closed. */
  special_hours: z.array(SpecialDaySchema),
  /** What the business offers (keys of shared/profile-attributes.ts: payment methods, halal, parking…). */
  attributes: z.array(z.string()),
  url: z.string().nullable(),
  facebook: z.string().nullable(),
  twitter: z.string().nullable(),
  instagram: z.string().nullable(),
  linkedin: z.string().nullable(),
  wechat: z.string().nullable(),
  youtube: z.string().nullable(),
  whatsapp: z.string().nullable(),
  view_count: z.number().int(),
  posts: z.object({ services: z.array(PostCardSchema), jobs: z.array(PostCardSchema), buysell: z.array(PostCardSchema) }),
  /** Posts of other businesses in the same categories, shown on FREE profiles only. */
  related_posts: z.array(PostCardSchema),
});
export type Profile = z.infer<typeof ProfileSchema>;

const BannerSchema = z.object({
  title: z.string(),
  subtitle: z.string().nullable(),
  image: ImageSchema,
  hyperlink: z.string(),
});
export type Banner = z.infer<typeof BannerSchema>;

const HomeCategorySchema = z.object({
  name: z.string(),
  type: ListingTypeSchema,
  slug: z.string(),
  parent: z.object({ name: z.string(), slug: z.string() }).nullable(),
});

export const HomeSchema = z.object({
  banners: z.object({ main: z.array(BannerSchema), sub: z.array(BannerSchema) }),
  featured_posts: z.array(PostCardSchema),
  home_category_posts: z.array(z.object({ category: HomeCategorySchema, posts: z.array(PostCardSchema) })),
});
export type Home = z.infer<typeof HomeSchema>;

export const SpecializationSchema = z.object({
  name: z.string(),
  slug: z.string(),
  type: ListingTypeSchema,
  child: z.array(z.object({ name: z.string(), slug: z.string(), type: ListingTypeSchema })),
});
export type Specialization = z.infer<typeof SpecializationSchema>;

export const AppDataSchema = z.object({
  header: z.object({ popular_searches: z.array(z.string()), suggested_locations: z.array(z.string()) }),
  categories: z.record(ListingTypeSchema, z.array(SpecializationSchema)),
});
export type AppData = z.infer<typeof AppDataSchema>;

export const CountrySchema = z.object({ id: z.number().int(), name: z.string(), calling_code: z.string() });
export const StateSchema = z.object({ id: z.number().int(), name: z.string() });
export const CmsPageSchema = z.object({ article_title: z.string(), article_content: z.string() });
export type CmsPage = z.infer<typeof CmsPageSchema>;

/** The error body of spec §8: a message and, for 422, messages per field. */
export const ErrorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

const CategoryPostsSchema = z.object({ category: HomeCategorySchema, posts: z.array(PostCardSchema) });

/** `GET home/cat_type/{type}`: a category home. */
export const CategoryHomeSchema = z.object({
  type: ListingTypeSchema,
  categories: z.array(SpecializationSchema),
  banners: HomeSchema.shape.banners,
  featured_posts: z.array(PostCardSchema),
  category_posts: z.array(CategoryPostsSchema),
});
export type CategoryHome = z.infer<typeof CategoryHomeSchema>;

/** `GET home/education`: categories of every type that belong to education, regrouped. */
export const EducationHomeSchema = z.object({
  categories: z.array(SpecializationSchema),
  banners: HomeSchema.shape.banners,
  featured_posts: z.array(PostCardSchema),
});
export type EducationHome = z.infer<typeof EducationHomeSchema>;

export const SpecialHomeSchema = z.object({ banners: HomeSchema.shape.banners, featured_posts: z.array(PostCardSchema) });

export const ParentSpecializationSchema = z.object({ name: z.string(), slug: z.string(), type: ListingTypeSchema });

const ReviewSchema = z.object({
  id: z.number().int(),
  user: z.object({ name: z.string(), image: ImageSchema.nullable() }),
  created_at: z.string(),
  rating: z.number().int().min(1).max(5),
  content: z.string(),
  images: z.array(z.object({ image: ImageSchema })),
  /** The listing owner's answer (issue 26), shown as "Response from the owner". */
  reply: z.object({ content: z.string(), created_at: z.string() }).nullable(),
});
export type Review = z.infer<typeof ReviewSchema>;

export const ReviewPageSchema = z.object({ data: z.array(ReviewSchema), total: z.number().int(), page: z.number().int() });
export type ReviewPage = z.infer<typeof ReviewPageSchema>;

/** The fields a card shows: what islands receive, so pages do not ship unused listing data. */
export type CardView = Pick<PostCard, 'id' | 'type' | 'title' | 'slug' | 'image' | 'plan' | 'buysell_type' | 'confidential'
  | 'profile' | 'price_min' | 'price_max' | 'price_currency' | 'city_state' | 'distance'> & {
  categories: { name: string; slug: string; type: PostCard['type']; parent: { slug: string; name: string } | null }[];
};

export function toCardView(card: PostCard): CardView {
  const { id, type, title, slug, image, plan, buysell_type, confidential, profile, price_min, price_max, price_currency, city_state, distance } = card;
  return {
    id, type, title, slug, image, plan, buysell_type, confidential, profile, price_min, price_max, price_currency, city_state, distance,
    categories: card.categories.slice(0, 1),
  };
}

import type { ListingType } from '../../shared/constants.ts';
import * as m from '../../paraglide/messages.js';
import { priceBox } from '../../shared/price-box.ts';
import type { Post, PostCard, ReviewPage } from '../../shared/schemas/catalog.ts';
import { pageTitle } from '../../shared/seo.ts';
import { postUrl } from '../../shared/urls.ts';
import type { AppContext } from '../app-types.ts';
import { getPostBySlug, getPostCards, goneListing, type GoneListing } from '../catalog/posts.ts';
import { getReviews } from '../catalog/reviews.ts';
import { jsonLdScript, postStructuredData } from '../seo/structured-data.ts';
import { cacheTags } from '../cache/tags.ts';
import { withCategoryNames } from '../catalog/names-in-language.ts';
import { currentLocale } from '../../shared/i18n.ts';

/** The action button of each listing type (spec §2). */
/** The price box's action (spec §2), in the page's language. */
const POST_ACTIONS: Record<ListingType, () => string> = { jobs: m.action_jobs, services: m.action_services, hireme: m.action_hireme, buysell: m.action_buysell };

/** Spec §2: reviews and the company overview show for services and buysell only, never for confidential posts. */
function showsCompany(post: Post): boolean {
  return !post.confidential && (post.type === 'services' || post.type === 'buysell');
}

export interface PostPage {
  post: Post;
  reviews: ReviewPage | undefined;
  price: ReturnType<typeof priceBox>;
  action: string;
  showCompany: boolean;
  /** The first location's phone, for the Call link. */
  phone: string | null;
  shareUrl: string;
  seo: { title: string; description: string; canonical: string; jsonLd: string; noindex: boolean; image: string | null };
  /** What a change to drops the cached page (decision 0017): the post and its profile. */
  tags: string[];
}

/**
 * Everything the post detail page renders, or undefined when no live post of that type has the slug
 * (/jobs/<a services slug> is not a page; an expired, removed or hidden ad is off the site: goneAd). Any other state
 * has a page only for its advertiser's preview (`drafts`).
 */
export async function getPostPage(app: AppContext, type: ListingType, slug: string, reviewPage: number, options: { drafts?: boolean } = {}): Promise<PostPage | undefined> {
  const found = await getPostBySlug(app, slug, options);
  if (!found || found.type !== type) return undefined;
  // Its categories (breadcrumbs, structured data, related cards) named in the page's language (issue 42).
  const post = await withCategoryNames(app, found, currentLocale());
  const showCompany = showsCompany(post);
  const canonical = postUrl(post.type, post.slug);
  return {
    post,
    reviews: showCompany ? await getReviews(app, { type: post.type, id: post.id }, reviewPage) : undefined,
    price: priceBox(post),
    action: POST_ACTIONS[post.type](),
    showCompany,
    phone: post.locations[0]?.phone_number ?? null,
    shareUrl: `${app.config.siteUrl}${canonical}`,
    tags: [cacheTags.post(post.id), ...(post.profile ? [cacheTags.profile(post.profile.id)] : [])],
    seo: {
      title: pageTitle(`${post.title} – ${post.city_state ?? 'Malaysia'}`),
      description: post.summary,
      canonical,
      jsonLd: jsonLdScript(postStructuredData(app.config.siteUrl, post)),
      noindex: !post.live,
      image: post.images[0]?.image.full ?? null,
    },
  };
}

/** Similar listings a removed ad's page links to. */
const SIMILAR = 6;

/**
 * A removed or expired ad's old address (issue 39): a removed one answers 410 with its title and links to live
 * listings of its category (no contact, no enquiry, no structured data); an expired one answers 404 saying it expired.
 */
export async function goneAd(app: AppContext, type: ListingType, slug: string): Promise<(GoneListing & { similar: PostCard[]; tags: string[] }) | undefined> {
  const gone = await goneListing(app, slug);
  if (!gone || gone.type !== type) return undefined;
  const categoryId = gone.state === 'removed' && gone.category ? (await app.repos.catalog.findCategoryTree()).find((row) => row.type === type && row.slug === gone.category!.slug)?.id : undefined;
  const similar = categoryId === undefined ? [] : (await getPostCards(app, await app.repos.catalog.findTopPostIdsInCategory(categoryId, SIMILAR + 1))).filter((card) => card.id !== gone.id).slice(0, SIMILAR);
  // Its category and the similar cards named in the page's language (issue 42).
  return withCategoryNames(app, { ...gone, similar, tags: [cacheTags.post(gone.id), ...(gone.category ? [cacheTags.category(type, gone.category.slug)] : [])] }, currentLocale());
}

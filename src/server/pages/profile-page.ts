import { isOpenNow } from '../../shared/hours.ts';
import { plainTextOf } from '../catalog/html.ts';
import type { Profile, ReviewPage } from '../../shared/schemas/catalog.ts';
import { pageTitle } from '../../shared/seo.ts';
import { profileUrl } from '../../shared/urls.ts';
import type { AppContext } from '../app-types.ts';
import { getProfileBySlug } from '../catalog/profiles.ts';
import { getReviews } from '../catalog/reviews.ts';
import { jsonLdScript, profileStructuredData } from '../seo/structured-data.ts';
import { cacheTags } from '../cache/tags.ts';
import { withCategoryNames } from '../catalog/names-in-language.ts';
import { currentLocale } from '../../shared/i18n.ts';
import { placeLabel } from '../../shared/place-names.ts';
import * as m from '../../paraglide/messages.js';

/** Post types a profile page lists, in order (hireme posts belong to people, not businesses). */
const PROFILE_POST_TYPES = ['services', 'jobs', 'buysell'] as const;

export interface ProfilePage {
  profile: Profile;
  reviews: ReviewPage | undefined;
  postGroups: (typeof PROFILE_POST_TYPES)[number][];
  openNow: boolean;
  phone: string | null;
  social: [label: string, href: string][];
  shareUrl: string;
  seo: { title: string; description: string; canonical: string; jsonLd: string; image: string | null };
  /** What a change to drops the cached page (decision 0017): the profile (its posts' changes name it too). */
  tags: string[];
}

/** Everything the business profile page renders, or undefined when no profile has the slug. */
export async function getProfilePage(app: AppContext, slug: string, reviewPage: number): Promise<ProfilePage | undefined> {
  const found = await getProfileBySlug(app, slug, { relatedPosts: false });
  if (!found) return undefined;
  // Its categories and its posts' named in the page's language (issue 42).
  const profile = await withCategoryNames(app, found, currentLocale());
  const first = profile.locations[0];
  const place = first ? m.profile_in_place({ place: placeLabel(first.city_state) }) : '';
  const canonical = profileUrl(profile.slug);
  return {
    profile,
    reviews: await getReviews(app, { type: 'profile', id: profile.id }, reviewPage),
    postGroups: PROFILE_POST_TYPES.filter((type) => profile.posts[type].length > 0),
    openNow: isOpenNow(profile.business_hours, new Date(app.clock.now()), profile.special_hours),
    phone: first?.company_phone_number ?? first?.phone_number ?? null,
    social: ([[m.profile_website(), profile.url], ['Facebook', profile.facebook], ['Twitter', profile.twitter], ['Instagram', profile.instagram],
      ['LinkedIn', profile.linkedin], ['YouTube', profile.youtube]] as const)
      .flatMap(([label, href]) => (href ? [[label, href] as [string, string]] : [])),
    shareUrl: `${app.config.siteUrl}${canonical}`,
    tags: [cacheTags.profile(profile.id)],
    seo: {
      title: pageTitle(`${profile.name}${first ? ` – ${first.city_state}` : ''}`),
      description: `${profile.name}: ${profile.categories.map((category) => category.name).join(', ')}${place}. ${plainTextOf(profile.about)}`,
      canonical,
      jsonLd: jsonLdScript(profileStructuredData(app.config.siteUrl, profile)),
      image: profile.image?.full ?? profile.logo?.full ?? null,
    },
  };
}

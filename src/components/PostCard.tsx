import * as m from '../paraglide/messages.js';
import type { CardView } from '../shared/schemas/catalog.ts';
import { formatPriceRange } from '../shared/format.ts';
import { categoryUrl, postUrl, profileUrl } from '../shared/urls.ts';
import { Picture } from './Picture.tsx';
import { PlanBadge } from './PlanBadge.tsx';
import { placeLabel } from '../shared/place-names.ts';

interface PostCardProps {
  post: CardView;
  layout?: 'grid' | 'list';
  /** Whether to name the company (not on the company's own page). */
  company?: boolean;
}

/**
 * A listing card with the links of spec §2: the post, its company and its category. Rendered as
 * static HTML on the server (home rows) and inside the search island.
 */
export function PostCard({ post, layout = 'grid', company = true }: PostCardProps) {
  const category = post.categories[0];
  const href = postUrl(post.type, post.slug);
  // Short class names (styles/global.css, "Listing cards"): a home page holds dozens of cards. The
  // title's link covers the whole card (one link per post instead of two); company and category sit above it.
  return (
    <article className={layout === 'list' ? 'card card-list' : 'card'}>
      <div className="card-media">
        {post.image && <Picture image={post.image} alt="" width={400} height={225} className="card-img" />}
      </div>
      {/* The follow heart (spec §2): painted and handled in the browser (client/follow.ts), never per user here. */}
      <button type="button" className="card-heart" aria-label={m.card_follow()} aria-pressed="false" data-follow-type={post.type} data-follow-id={post.id}>♡</button>
      <div className="card-body">
        {(post.plan !== 'FREE' || post.buysell_type) && (
          <div className="flex items-center gap-2">
            <PlanBadge plan={post.plan} />
            {post.buysell_type && <span className="text-xs uppercase font-semibold text-gray-700">{post.buysell_type === 'buy' ? m.option_buy() : m.option_sell()}</span>}
          </div>
        )}
        <h3 className="card-title" data-user-text><a href={href}>{post.title}</a></h3>
        {post.confidential
          ? <p className="card-place">{m.card_confidential()}</p>
          : company && post.profile && (
            <p className="card-company">
              <a href={profileUrl(post.profile.slug)} data-user-text>{post.profile.name}</a>
              {post.profile.marks.map((mark) => (
                // A short mark with its words for screen readers (never the tick or the colour alone).
                <span key={mark} className="card-mark" title={mark === 'ssm_registered' ? m.card_mark_ssm() : m.card_mark_phone()} data-mark={mark}>
                  <span aria-hidden="true">{mark === 'ssm_registered' ? 'SSM ✓' : '☎ ✓'}</span><span className="sr-only">{mark === 'ssm_registered' ? m.card_mark_ssm() : m.card_mark_phone()}</span>
                </span>
              ))}
            </p>
          )}
        {category && <a href={categoryUrl(category)} className="card-category">{category.name}</a>}
        <p className="card-price">{formatPriceRange(post.price_min, post.price_max, post.price_currency)}</p>
        {post.city_state && <p className="card-place">{placeLabel(post.city_state)}{post.distance !== null && ` · ${post.distance.toFixed(1)} km`}</p>}
      </div>
    </article>
  );
}

/** The grey shape of a card while results load. */
export function PostCardSkeleton() {
  return (
    <div className="w-full bg-white rounded-lg shadow-sm overflow-hidden animate-pulse" data-testid="card-skeleton" aria-hidden="true">
      <div className="aspect-video bg-gray-200" />
      <div className="p-3 space-y-2">
        <div className="h-4 bg-gray-200 rounded w-3/4" />
        <div className="h-3 bg-gray-200 rounded w-1/2" />
        <div className="h-4 bg-gray-200 rounded w-1/3" />
      </div>
    </div>
  );
}

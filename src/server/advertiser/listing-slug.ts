/**
 * The slug of a new profile or ad: its name slugified, never empty and never a reserved segment. A name written in
 * Chinese is read in pinyin first (issue 63: 黄记茶餐厅 is huang-ji-cha-can-ting, where it was business-2095); a name
 * with no letters or digits in any script gets undefined, and the caller uses `{kind}-{id}`. Existing slugs stay.
 */
import { pinyin } from 'pinyin-pro';
import { RESERVED_SLUGS, slugify } from '../../shared/slug.ts';

/** Han characters in toneless pinyin, a syllable apart; any other text as it is. */
function latinOf(name: string): string {
  return /\p{Script=Han}/u.test(name) ? pinyin(name, { toneType: 'none', nonZh: 'consecutive' }) : name;
}

export function listingSlugBase(name: string): string | undefined {
  const slug = slugify(latinOf(name)).slice(0, 80).replace(/-+$/, '');
  if (slug === '') return undefined;
  return RESERVED_SLUGS.has(slug) || /^\d+$/.test(slug) ? `${slug}-listing` : slug;
}

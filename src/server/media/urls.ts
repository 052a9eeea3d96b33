import { loadConfig } from '../config.ts';
import type { Image } from '../../shared/schemas/catalog.ts';

const { mediaBaseUrl } = loadConfig();

/** The public URL of a stored media path ('seed/post-01-full.jpg' → '/media/seed/post-01-full.jpg'). */
export function mediaUrl(path: string): string {
  return `${mediaBaseUrl}/${path}`;
}

type ImageColumns<Prefix extends string> = Record<`${Prefix}${'thumbnail' | 'full' | 'thumbnail_webp' | 'full_webp'}`, string | null>;

/** The image whose variants a row holds in columns named with a prefix ('logo_thumbnail', 'logo_full' …). */
export function imageFromColumns<Prefix extends string>(row: ImageColumns<Prefix>, prefix: Prefix): Image | null {
  return imageUrls({
    thumbnail: row[`${prefix}thumbnail`], full: row[`${prefix}full`],
    thumbnail_webp: row[`${prefix}thumbnail_webp`], full_webp: row[`${prefix}full_webp`],
  });
}

/** The four variants of an image as public URLs, or null when the row has no image. */
export function imageUrls(variants: {
  thumbnail: string | null;
  full: string | null;
  thumbnail_webp: string | null;
  full_webp: string | null;
}): Image | null {
  if (variants.thumbnail === null || variants.full === null) return null;
  return {
    thumbnail: mediaUrl(variants.thumbnail),
    full: mediaUrl(variants.full),
    thumbnail_webp: variants.thumbnail_webp === null ? null : mediaUrl(variants.thumbnail_webp),
    full_webp: variants.full_webp === null ? null : mediaUrl(variants.full_webp),
  };
}

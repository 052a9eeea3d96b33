import type { Image } from '../../shared/schemas/catalog.ts';

type Variants = { thumbnail: string | null; full: string | null; thumbnail_webp: string | null; full_webp: string | null };
type ImageColumns<Prefix extends string> = Record<`${Prefix}${'thumbnail' | 'full' | 'thumbnail_webp' | 'full_webp'}`, string | null>;

/** Builds public media URLs from stored paths, under the configured base ('/media' or a CDN). */
export interface MediaUrls {
  /** 'seed/post-01-full.jpg' → '/media/seed/post-01-full.jpg'. */
  mediaUrl(path: string): string;
  /** The four variants of an image as public URLs, or null when the row has no image. */
  imageUrls(variants: Variants): Image | null;
  /** The image whose variants a row holds in columns named with a prefix ('logo_thumbnail', 'logo_full' …). */
  imageFromColumns<Prefix extends string>(row: ImageColumns<Prefix>, prefix: Prefix): Image | null;
}

/** Media URLs under `baseUrl` (read from the config by the composition root, never at import). */
export function createMediaUrls(baseUrl: string): MediaUrls {
  const base = baseUrl.replace(/\/+$/, '');
  const mediaUrl = (path: string) => `${base}/${path}`;
  const imageUrls = (variants: Variants): Image | null => {
    if (variants.thumbnail === null || variants.full === null) return null;
    return {
      thumbnail: mediaUrl(variants.thumbnail),
      full: mediaUrl(variants.full),
      thumbnail_webp: variants.thumbnail_webp === null ? null : mediaUrl(variants.thumbnail_webp),
      full_webp: variants.full_webp === null ? null : mediaUrl(variants.full_webp),
    };
  };
  return {
    mediaUrl,
    imageUrls,
    imageFromColumns: (row, prefix) => imageUrls({
      thumbnail: row[`${prefix}thumbnail`], full: row[`${prefix}full`],
      thumbnail_webp: row[`${prefix}thumbnail_webp`], full_webp: row[`${prefix}full_webp`],
    }),
  };
}

import type { Image } from '../shared/schemas/catalog.ts';

interface PictureProps {
  image: Image;
  alt: string;
  variant?: 'thumbnail' | 'full';
  width: number;
  height: number;
  className?: string;
  /** Above-the-fold pictures load eagerly; the rest lazily. */
  eager?: boolean;
}

/**
 * An image of a listing: its webp variant when there is one (spec §3 media item: webp is used on
 * server rendering; every browser this site supports takes it), else the original.
 */
export function Picture({ image, alt, variant = 'thumbnail', width, height, className, eager = false }: PictureProps) {
  const webp = variant === 'full' ? image.full_webp : image.thumbnail_webp;
  return (
    <img
      src={webp ?? (variant === 'full' ? image.full : image.thumbnail)}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      className={className ?? 'object-cover'}
    />
  );
}

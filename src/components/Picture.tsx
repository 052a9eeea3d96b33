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

/** An image with its webp variant first, for browsers that take it (spec §3 media item). */
export function Picture({ image, alt, variant = 'thumbnail', width, height, className, eager = false }: PictureProps) {
  const webp = variant === 'full' ? image.full_webp : image.thumbnail_webp;
  return (
    <picture>
      {webp && <source srcSet={webp} type="image/webp" />}
      <img
        src={variant === 'full' ? image.full : image.thumbnail}
        alt={alt}
        width={width}
        height={height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        fetchPriority={eager ? 'high' : undefined}
        className={className ?? 'object-cover'}
      />
    </picture>
  );
}

import { localHref } from '../shared/i18n.ts';
import type { Banner } from '../shared/schemas/catalog.ts';
import { Picture } from './Picture.tsx';

interface BannerSlideProps {
  banner: Banner;
  size: 'main' | 'sub';
  eager?: boolean;
  tabIndex?: number;
}

/** A banner: its picture, linked, with the title and subtitle over a dark gradient. */
export function BannerSlide({ banner, size, eager = false, tabIndex }: BannerSlideProps) {
  return (
    <a href={localHref(banner.hyperlink)} className="block w-full h-full" tabIndex={tabIndex}>
      <Picture image={banner.image} alt="" variant={size === 'main' ? 'full' : 'thumbnail'} width={size === 'main' ? 1600 : 640}
        height={size === 'main' ? 700 : 280} eager={eager} className="w-full h-full object-cover" />
      <span className={`absolute inset-0 flex flex-col justify-end bg-gradient-to-t from-black/60 to-transparent text-white ${size === 'main' ? 'p-6' : 'p-3'}`}>
        <span className={size === 'main' ? 'text-2xl md:text-3xl font-bold' : 'font-bold'}>{banner.title}</span>
        {banner.subtitle && <span className={size === 'main' ? 'text-sm md:text-base' : 'text-xs'}>{banner.subtitle}</span>}
      </span>
    </a>
  );
}

import { useCallback, useEffect, useState } from 'react';
import { BannerSlide } from '../components/BannerSlide.tsx';
import type { Banner } from '../shared/schemas/catalog.ts';
import { TIMERS } from '../shared/constants.ts';

/** Sliders advance every 5 s (spec §4, §9). */

/** The slider's words in the page's language (issue 42), given by the page: 'Show banner {number}' keeps its `{number}`. */
export interface BannerSliderWords {
  featured: string;
  previous: string;
  next: string;
  show: string;
}

interface BannerSliderProps {
  banners: Banner[];
  words: BannerSliderWords;
  /** Aspect ratio class of the slides (16:7 by default, spec §9). */
  ratio?: string;
}

/**
 * The rotating main banner: arrows and dots, advancing every 5 s and wrapping to the first; a manual
 * choice restarts the timer. Without JavaScript the first banner shows and the others are links below it.
 */
export default function BannerSlider({ banners, words, ratio = 'aspect-[16/7]' }: BannerSliderProps) {
  const [current, setCurrent] = useState(0);
  const [round, setRound] = useState(0);
  const count = banners.length;
  const show = useCallback((index: number) => {
    setCurrent(((index % count) + count) % count);
    setRound((value) => value + 1);
  }, [count]);
  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => setCurrent((index) => (index + 1) % count), TIMERS.slide);
    return () => clearInterval(timer);
  }, [count, round]);
  if (count === 0) return null;
  return (
    <div className={`relative overflow-hidden rounded-lg ${ratio}`} data-testid="main-banner" role="region" aria-roledescription="carousel" aria-label={words.featured}>
      <ul className="h-full">
        {banners.map((banner, index) => (
          <li key={banner.hyperlink + index} className={`absolute inset-0 transition-opacity duration-500 ${index === current ? 'opacity-100' : 'opacity-0 pointer-events-none'}`}
            aria-hidden={index !== current} data-active={index === current}>
            <BannerSlide banner={banner} size="main" eager={index === 0} tabIndex={index === current ? 0 : -1} />
          </li>
        ))}
      </ul>
      {count > 1 && (
        <>
          <button type="button" aria-label={words.previous} onClick={() => show(current - 1)}
            className="absolute left-2 top-1/2 -translate-y-1/2 rounded-full bg-white/80 w-9 h-9 text-xl font-bold">‹</button>
          <button type="button" aria-label={words.next} onClick={() => show(current + 1)}
            className="absolute right-2 top-1/2 -translate-y-1/2 rounded-full bg-white/80 w-9 h-9 text-xl font-bold">›</button>
          <div className="absolute bottom-2 right-4 flex gap-2">
            {banners.map((banner, index) => (
              <button key={banner.hyperlink + index} type="button" aria-label={words.show.replace('{number}', String(index + 1))} aria-current={index === current}
                onClick={() => show(index)} className="w-6 h-6 grid place-items-center">
                {/* A 24 px target around a 12 px dot (WCAG 2.5.8 target size). */}
                <span className={`block w-3 h-3 rounded-full border border-white ${index === current ? 'bg-white' : 'bg-white/30'}`} />
              </button>
            ))}
          </div>
        </>
      )}
    </div>
  );
}

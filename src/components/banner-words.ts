import * as m from '../paraglide/messages.js';
import type { BannerSliderWords } from '../islands/BannerSlider.tsx';

/** The banner slider's words in the page's language (issue 42), handed to the island as props. */
export function bannerSliderWords(): BannerSliderWords {
  return { featured: m.banners_featured(), previous: m.banner_previous(), next: m.banner_next(), show: m.banner_show({ number: '{number}' }) };
}

import { useEffect, useState } from 'react';

interface AdSlotProps {
  /** The ad network client id; without one nothing renders. */
  adClient: string | null;
  adSlot: string;
  /** wide 728x90 on desktop, mobile 318x50 under 700 px (spec §9). */
  placement: 'wide' | 'mobile';
}

const SIZES = { wide: { width: 728, height: 90, query: '(min-width: 700px)' }, mobile: { width: 318, height: 50, query: '(max-width: 699px)' } };

/** An ad slot, rendered in the browser only and only when an ad client is configured. */
export function AdSlot({ adClient, adSlot, placement }: AdSlotProps) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!adClient) return;
    const media = window.matchMedia(SIZES[placement].query);
    const update = () => setVisible(media.matches);
    update();
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, [adClient, placement]);
  if (!adClient || !visible) return null;
  const { width, height } = SIZES[placement];
  return (
    <ins className="adsbygoogle block mx-auto my-4" style={{ width, height }} data-ad-client={adClient} data-ad-slot={adSlot}
      data-ad-format="auto" data-full-width-responsive="true" data-testid={`ad-${placement}`} />
  );
}

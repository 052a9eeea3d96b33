import { useEffect, useState } from 'react';
import { AD_SLOTS } from '../shared/constants.ts';

interface AdSlotProps {
  /** The ad network client id; without one nothing renders. */
  adClient: string | null;
  adSlot: string;
  /** wide 728x90 on desktop, mobile 318x50 under 700 px (spec §9). */
  placement: 'wide' | 'mobile';
}


/** An ad slot, rendered in the browser only and only when an ad client is configured. */
export function AdSlot({ adClient, adSlot, placement }: AdSlotProps) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!adClient) return;
    const media = window.matchMedia(AD_SLOTS[placement].query);
    const update = () => setVisible(media.matches);
    update();
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, [adClient, placement]);
  if (!adClient || !visible) return null;
  const { width, height } = AD_SLOTS[placement];
  return (
    <ins className="adsbygoogle block mx-auto my-4" style={{ width, height }} data-ad-client={adClient} data-ad-slot={adSlot}
      data-ad-format="auto" data-full-width-responsive="true" data-testid={`ad-${placement}`} />
  );
}

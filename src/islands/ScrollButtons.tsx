import { SCROLL_STEP } from '../shared/constants.ts';

/** Scroll step of card rows (spec §9): 308 px (209 for photos), 5 more on windows wider than 1000 px. */
export function scrollStep(windowWidth: number, photos = false): number {
  return (photos ? SCROLL_STEP.photos : SCROLL_STEP.cards) + (windowWidth > SCROLL_STEP.wideFrom ? SCROLL_STEP.wideExtra : 0);
}

/** Arrows that scroll the card row with the given id by the step of spec §9. */
export default function ScrollButtons({ target, label }: { target: string; label: string }) {
  const scroll = (direction: 1 | -1) => {
    document.getElementById(target)?.scrollBy({ left: direction * scrollStep(window.innerWidth), behavior: 'smooth' });
  };
  return (
    <div className="flex gap-1">
      <button type="button" aria-label={`Scroll ${label} left`} onClick={() => scroll(-1)} className="rounded-full bg-white shadow w-8 h-8 font-bold">‹</button>
      <button type="button" aria-label={`Scroll ${label} right`} onClick={() => scroll(1)} className="rounded-full bg-white shadow w-8 h-8 font-bold">›</button>
    </div>
  );
}

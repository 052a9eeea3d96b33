import { SCROLL_STEP } from './constants.ts';

/** Scroll step of card rows (spec §9): 308 px (209 for photos), 5 more on windows wider than 1000 px. */
export function scrollStep(windowWidth: number, photos = false): number {
  return (photos ? SCROLL_STEP.photos : SCROLL_STEP.cards) + (windowWidth > SCROLL_STEP.wideFrom ? SCROLL_STEP.wideExtra : 0);
}

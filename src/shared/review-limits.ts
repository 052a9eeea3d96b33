/** Reviews' rules both sides read (spec §2, §9), without zod, so the browser can import them. */

/** Where reviews are written and shown (spec §2: not on jobs or hireme posts). */
export const REVIEWABLE_TYPES = ['services', 'buysell', 'profile'] as const;
export type ReviewableType = (typeof REVIEWABLE_TYPES)[number];
/** Spec §9: review images max 3. */
export const REVIEW_IMAGES_MAX = 3;

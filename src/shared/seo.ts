/** Search-engine helpers of spec §9: description length and title prefixes. */
import type { Plan } from './constants.ts';

const DESCRIPTION_LENGTH = 150;
export const SITE_NAME = 'Yellow Pages Malaysia';
export const TITLE_PREFIXES = ['Recommended', 'Popular', 'Explore list of', 'Featured', 'The Best'] as const;
const PLAN_POINTS: Record<Plan, number> = { FREE: 0, BRONZE: 1, SILVER: 2, GOLD: 3 };

/**
 * A title prefix chosen by the plans of the top 5 listings: it varies between pages like the
 * original's random pick, but one URL always gets the same title (crawlers see a stable page).
 */
export function titlePrefix(topPlans: readonly Plan[]): (typeof TITLE_PREFIXES)[number] {
  const points = topPlans.slice(0, 5).reduce((sum, plan) => sum + PLAN_POINTS[plan], 0);
  return TITLE_PREFIXES[points % TITLE_PREFIXES.length]!;
}

/** Cuts a description to 150 characters at a word boundary. */
export function description(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= DESCRIPTION_LENGTH) return clean;
  const cut = clean.slice(0, DESCRIPTION_LENGTH - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 100))}…`;
}

/** A page's <title>: what it shows, then the site's name. */
export function pageTitle(subject: string): string {
  return `${subject} | ${SITE_NAME}`;
}

/**
 * The typed calls (calls.ts, over the API client api.ts), loaded on first use: ky is most of the JavaScript a page would
 * otherwise carry for calls most visits never make (a suggestion, a follow, a logout). The always-loaded islands and
 * scripts use this; the modals and personal pages, loaded on demand themselves, import their calls directly.
 */
export const loadCalls = () => import('./calls.ts');

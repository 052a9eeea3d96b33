/** What the page head and the build share about the installed app (issue 15): the manifest's path, the brand colour, the Apple icon. */
/** The brand yellow (src/styles), the browser's theme colour. */
export const THEME_COLOR = '#ffd200';
export const BACKGROUND_COLOR = '#ffffff';
export const MANIFEST_PATH = '/manifest.webmanifest';
export const APPLE_TOUCH_ICON = '/icons/apple-touch-icon.png';
/** Listings this device opened, newest first, for the offline page (local storage). */
export const RECENT_LISTINGS_KEY = 'recent_listings';
export const RECENT_LISTINGS_MAX = 20;

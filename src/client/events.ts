/** Events the page's scripts tell each other about. */

/** New search results replaced the old ones (search-navigation.ts); scripts that mark cards repaint. */
export const CONTENT_SWAPPED = 'yp:content-swapped';

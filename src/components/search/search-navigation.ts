/**
 * In-place navigation between search pages: a click on a link to another search page, or back and
 * forward, fetches that page's HTML (usually straight from the page cache) and swaps the search
 * area for the new one, with skeleton cards while it loads. Every link stays a real link, so
 * without this script the same pages load in full. Any failure loads the page in full.
 */
import { CONTENT_SWAPPED } from '../../client/events.ts';
import { splitLocale } from '../../shared/locale.ts';

const ROOT = '[data-testid="search-page"]';
const SEARCH_PATH = /^\/(services|jobs|hireme|buysell)\/l(\/|$)/;

/** Whether a path is a search page, in any language (issue 42): a swap stays within the page's language, as its links do. */
function isSearchPath(pathname: string): boolean {
  return SEARCH_PATH.test(splitLocale(pathname).path);
}

let latest = 0;

function root(): HTMLElement | null {
  return document.querySelector<HTMLElement>(ROOT);
}

function showSkeletons(area: HTMLElement) {
  const template = document.querySelector<HTMLTemplateElement>('template[data-search-skeletons]');
  const results = area.querySelector('[data-testid="results"], [data-testid="empty-results"]');
  if (template && results) results.replaceWith(template.content.cloneNode(true));
}

async function load(href: string, push: boolean) {
  const request = ++latest;
  const area = root();
  if (!area) return window.location.assign(href);
  if (push) window.history.pushState(null, '', href);
  area.setAttribute('aria-busy', 'true');
  showSkeletons(area);
  try {
    const response = await fetch(href, { headers: { Accept: 'text/html' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const next = new DOMParser().parseFromString(await response.text(), 'text/html');
    const fresh = next.querySelector(ROOT);
    if (!fresh) throw new Error('no search area in the response');
    if (request !== latest) return;
    document.title = next.title;
    root()?.replaceWith(document.adoptNode(fresh));
    enableNearMe();
    // New cards arrived: islands and scripts that mark them (follow hearts) listen for this.
    document.dispatchEvent(new CustomEvent(CONTENT_SWAPPED));
  } catch (error) {
    console.warn('Search update failed; loading the page instead.', error);
    window.location.assign(href);
  }
}

/** The Near Me option asks the browser for its position, then searches around it (spec §4). */
function enableNearMe() {
  if (!('geolocation' in navigator)) return;
  for (const button of document.querySelectorAll<HTMLButtonElement>(`${ROOT} button[data-near-me]`)) button.disabled = false;
}

function nearMe(button: HTMLButtonElement) {
  navigator.geolocation.getCurrentPosition(
    (position) => {
      const url = new URL(button.dataset.nearMe!, window.location.href);
      url.searchParams.set('ul', `${position.coords.latitude.toFixed(5)},${position.coords.longitude.toFixed(5)}`);
      void load(url.pathname + url.search, true);
    },
    (error) => console.warn('Could not get the location:', error.message),
  );
}

export function startSearchNavigation() {
  enableNearMe();
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const button = target?.closest<HTMLButtonElement>('button[data-near-me]');
    if (button) return nearMe(button);
    const link = target?.closest<HTMLAnchorElement>('a[href]');
    if (!link || !link.closest(ROOT) || event.defaultPrevented) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0 || link.target) return;
    const url = new URL(link.href);
    if (url.origin !== window.location.origin || !isSearchPath(url.pathname)) return;
    event.preventDefault();
    void load(url.pathname + url.search, true);
    root()?.scrollIntoView({ block: 'start' });
  });
  window.addEventListener('popstate', () => {
    if (isSearchPath(window.location.pathname)) void load(window.location.pathname + window.location.search, false);
  });
}

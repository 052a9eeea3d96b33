/**
 * The language switcher's links (issue 42): following one keeps the fragment, and a signed-in person's choice is saved
 * on the account (PATCH /api/account, `locale`), for the mail and SMS the site sends them. Nothing redirects by it.
 * The advertiser site has no twins (issue 63): its links lead to the same address, which then speaks the account's
 * new language, or for someone not signed in the one a cookie keeps.
 */
import { ADVERTISER_LANGUAGE_COOKIE, isLocale } from '../shared/locale.ts';

const YEAR_S = 365 * 24 * 60 * 60;

export function followLanguageSwitch(): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-switch-language]')) {
    link.addEventListener('click', (event) => {
      if (location.hash) link.hash = location.hash;
      const locale = link.dataset.switchLanguage;
      if (isLocale(locale) && location.pathname.startsWith('/advertiser')) {
        document.cookie = `${ADVERTISER_LANGUAGE_COOKIE}=${locale}; Path=/advertiser; Max-Age=${YEAR_S}; SameSite=Lax`;
      }
      // The session store's key (stores/session.ts): read directly, so a page without islands loads nothing for it.
      if (!isLocale(locale) || !localStorage.getItem('user')?.startsWith('{') || event.ctrlKey || event.metaKey || event.shiftKey) return;
      // Saved before the page goes (a leaving page's call may be cut off), for at most two seconds.
      event.preventDefault();
      const saved = import('./calls.ts').then(({ updateAccount }) => updateAccount({ locale }))
        .catch((error: unknown) => console.warn('Saving the language failed', error));
      void Promise.race([saved, new Promise((resolve) => setTimeout(resolve, 2_000))]).then(() => location.assign(link.href));
    });
  }
}

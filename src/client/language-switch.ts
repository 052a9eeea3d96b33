/**
 * The language switcher's links (issue 42): following one keeps the fragment, and a signed-in person's choice is saved
 * on the account (PATCH /api/account, `locale`), for the mail and SMS the site sends them. Nothing redirects by it.
 */
import { isLocale } from '../shared/locale.ts';

export function followLanguageSwitch(): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-switch-language]')) {
    link.addEventListener('click', (event) => {
      if (location.hash) link.hash = location.hash;
      const locale = link.dataset.switchLanguage;
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

/**
 * 'Save this search' on a search page (issue 29). The page's own form (a GET to /saved-searches, which works without
 * JavaScript) is taken over here: its submit opens a small dialog that asks for a name (the page's heading by default)
 * and how often to e-mail, and saves through the API. Signed out, the button's click asks to log in first
 * (client/auth-actions.ts) and is clicked again after, as follow is. The dialog loads on the first save.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { $user } from '../../stores/session.ts';

const SaveSearchDialog = lazy(() => import('./SaveSearchDialog.tsx'));

/** The form every search page carries (components/search/SearchPage.tsx). */
const SAVE_SEARCH_FORM = 'form[data-save-search]';

export default function SaveSearch() {
  const [search, setSearch] = useState<{ href: string; name: string } | null>(null);
  const close = useCallback(() => setSearch(null), []);
  useEffect(() => {
    const onSubmit = (event: SubmitEvent) => {
      const form = (event.target as Element | null)?.closest<HTMLFormElement>(SAVE_SEARCH_FORM);
      if (!form || !$user.get()) return;
      event.preventDefault();
      const href = String(new FormData(form).get('search') ?? location.pathname + location.search);
      const heading = document.querySelector('[data-testid="search-title"]')?.textContent?.trim();
      setSearch({ href, name: heading || document.title });
    };
    document.addEventListener('submit', onSubmit);
    return () => document.removeEventListener('submit', onSubmit);
  }, []);
  if (!search) return null;
  return (
    <Suspense fallback={null}>
      <SaveSearchDialog href={search.href} defaultName={search.name} onClose={close} />
    </Suspense>
  );
}

/**
 * My area's Saved searches tab (issue 29): each saved search with its name, its filters in words, what is new since
 * it was last opened, and how often it e-mails (changed here at once); opened (what is new is then seen) or deleted.
 * A search naming a category or place that is gone says so. An account without an e-mail is asked to add one.
 */
import { localHref } from '../../shared/i18n.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import * as m from '../../paraglide/messages.js';
import { errorBody } from '../../client/api.ts';
import { changeSavedSearch, deleteSavedSearch, savedSearches } from '../../client/calls.ts';
import { FREQUENCIES, FREQUENCY_LABELS, openSavedSearchUrl, SAVED_SEARCH_RULES, type Frequency, type SavedSearch } from '../../shared/saved-searches.ts';
import { $user } from '../../stores/session.ts';
import { showToast } from '../../stores/toasts.ts';
import { SignedOutPanel, useSignedInId } from '../account/signed-in.tsx';

function SavedSearchRow({ search, mailable, onChange, onDelete }: {
  search: SavedSearch; mailable: boolean; onChange: (search: SavedSearch) => void; onDelete: (id: number) => void;
}) {
  const [pending, setPending] = useState(false);
  const setFrequency = async (frequency: Frequency) => {
    setPending(true);
    try {
      const answer = await changeSavedSearch(search.id, { frequency });
      onChange(answer.data);
      showToast(answer.message);
    } catch (error) {
      showToast(errorBody(error).message ?? m.saved_change_failed(), 'warning');
    } finally {
      setPending(false);
    }
  };
  const remove = async () => {
    if (!window.confirm(m.saved_delete_confirm({ name: search.name }))) return;
    setPending(true);
    try {
      showToast((await deleteSavedSearch(search.id)).message);
      onDelete(search.id);
    } catch (error) {
      showToast(errorBody(error).message ?? m.saved_delete_failed(), 'warning');
      setPending(false);
    }
  };
  const selectId = `saved-search-frequency-${search.id}`;
  return (
    <li className="rounded-lg border border-gray-200 bg-white p-3" data-testid="saved-search">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <a href={openSavedSearchUrl(search.id)} className="font-semibold text-blue-800 hover:underline break-words" data-testid="saved-search-open">{search.name}</a>
        {search.new_count > 0 && (
          <span className="rounded-full bg-yellow-200 px-2 py-0.5 text-sm font-semibold" data-testid="saved-search-new">{m.saved_new({ count: search.new_count })}</span>
        )}
      </div>
      <p className="mt-1 text-sm text-gray-700 break-words" data-testid="saved-search-summary">{search.summary}</p>
      {search.paused && <p className="mt-1 text-sm text-red-700" data-testid="saved-search-paused">{m.saved_paused({ reason: search.paused_reason ?? '' })}</p>}
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <label htmlFor={selectId} className="text-sm font-medium">{m.saved_email_me()}</label>
        <select id={selectId} value={search.frequency} disabled={pending} onChange={(event) => void setFrequency(event.target.value as Frequency)}
          className="rounded border border-gray-400 px-2 py-1 text-sm" data-testid="saved-search-frequency">
          {FREQUENCIES.filter((key) => mailable || key === 'off' || key === search.frequency).map((key) => <option key={key} value={key}>{FREQUENCY_LABELS[key]()}</option>)}
        </select>
        <a href={openSavedSearchUrl(search.id)} className="text-sm underline">{m.saved_open()}</a>
        <button type="button" onClick={() => void remove()} disabled={pending} className="text-sm text-red-700 underline" data-testid="saved-search-delete">{m.saved_delete()}</button>
      </div>
    </li>
  );
}

export default function SavedSearches() {
  const { ready, userId } = useSignedInId();
  const user = useStore($user);
  const [items, setItems] = useState<SavedSearch[] | null>(null);

  useEffect(() => {
    if (!ready) return;
    setItems(null);
    if (userId === null) return;
    savedSearches().then((answer) => setItems(answer.data)).catch((error: unknown) => {
      console.warn('Saved searches could not be loaded', error);
      setItems([]);
    });
  }, [ready, userId]);

  if (!ready || (userId !== null && items === null)) return <p className="text-gray-700" role="status">{m.loading()}</p>;
  if (userId === null) return <SignedOutPanel text={m.saved_signed_out()} testId="my-area-signed-out" />;
  const mailable = Boolean(user?.email);
  return (
    <div>
      {!mailable && (
        <p className="panel mb-3" data-testid="saved-searches-no-email">
          {m.saved_no_email_before()} <a className="link" href={localHref('/me/profile')}>{m.saved_no_email_link()}</a> {m.saved_no_email_after()}
        </p>
      )}
      {items!.length === 0
        ? <p className="panel" data-testid="my-area-empty">{m.saved_empty()}</p>
        : (
          <>
            <p className="mb-2 text-sm text-gray-700">{m.saved_count({ count: items!.length, max: SAVED_SEARCH_RULES.maxPerAccount })}</p>
            <ul className="grid gap-3" data-testid="saved-searches">
              {items!.map((search) => (
                <SavedSearchRow key={search.id} search={search} mailable={mailable}
                  onChange={(next) => setItems((list) => list!.map((item) => (item.id === next.id ? next : item)))}
                  onDelete={(id) => setItems((list) => list!.filter((item) => item.id !== id))} />
              ))}
            </ul>
          </>
        )}
    </div>
  );
}

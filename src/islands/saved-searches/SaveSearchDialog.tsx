import { currentLocale, localHref } from '../../shared/i18n.ts';
import { formMessage } from '../../shared/form-messages.ts';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import * as m from '../../paraglide/messages.js';
import { errorBody } from '../../client/api.ts';
import { saveSearch } from '../../client/calls.ts';
import { FREQUENCIES, FREQUENCY_LABELS, SavedSearchNameSchema, type Frequency } from '../../shared/saved-searches.ts';
import { readSearchHref, toSearchRequest } from '../../shared/search-params.ts';
import { $user } from '../../stores/session.ts';
import { showToast } from '../../stores/toasts.ts';
import Modal from '../Modal.tsx';

export interface SaveSearchDialogProps {
  /** The search page to save (its path and parameters). */
  href: string;
  defaultName: string;
  onClose: () => void;
}

/** Names the search and chooses how often it e-mails (off, and said why, for an account without an e-mail). */
export default function SaveSearchDialog({ href, defaultName, onClose }: SaveSearchDialogProps) {
  const user = useStore($user);
  const mailable = Boolean(user?.email);
  const [name, setName] = useState(defaultName.slice(0, 100));
  const [frequency, setFrequency] = useState<Frequency>(mailable ? 'daily' : 'off');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [pending, setPending] = useState(false);
  // The name checked by the rule the API reads it with.
  const nameIssue = SavedSearchNameSchema.safeParse(name).error?.issues[0]?.message;
  const nameError = nameIssue === undefined ? undefined : formMessage(nameIssue, currentLocale());

  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (nameError) return;
    setPending(true);
    try {
      // The address is the search page's own (its form's): it always names a search page.
      const answer = await saveSearch({ ...toSearchRequest(readSearchHref(href)!, ['page']), name, frequency });
      showToast(answer.message);
      onClose();
    } catch (error) {
      const body = errorBody(error);
      setErrors(body.errors ?? {});
      showToast(body.message ?? m.saved_not_saved(), 'warning');
    } finally {
      setPending(false);
    }
  };

  const shownName = (name !== '' ? nameError : undefined) ?? errors.name?.[0];
  return (
    <Modal title={m.search_save()} width={400} onClose={onClose} testId="save-search-dialog">
      <form onSubmit={submit} noValidate className="mt-3 space-y-3">
        <div>
          <label htmlFor="saved-search-name" className="block text-sm font-medium">{m.saved_name()}</label>
          <input id="saved-search-name" value={name} onChange={(event) => setName(event.target.value)} maxLength={100} required
            aria-invalid={shownName ? 'true' : undefined} aria-describedby={shownName ? 'saved-search-name-error' : undefined}
            className="mt-1 w-full rounded border border-gray-400 px-3 py-2" />
          {shownName && <p id="saved-search-name-error" className="mt-1 text-sm text-red-700">{shownName}</p>}
        </div>
        <div>
          <label htmlFor="saved-search-frequency" className="block text-sm font-medium">{m.saved_email_me_new()}</label>
          <select id="saved-search-frequency" value={frequency} onChange={(event) => setFrequency(event.target.value as Frequency)} disabled={!mailable}
            className="mt-1 w-full rounded border border-gray-400 px-3 py-2">
            {FREQUENCIES.map((key) => <option key={key} value={key}>{FREQUENCY_LABELS[key]()}</option>)}
          </select>
          {errors.frequency && <p className="mt-1 text-sm text-red-700">{errors.frequency[0]}</p>}
          {!mailable && (
            <p className="mt-1 text-sm text-gray-700" data-testid="saved-search-no-email">
              {m.saved_no_email_before()} <a className="link" href={localHref('/me/profile')}>{m.saved_no_email_link()}</a> {m.saved_no_email_after()}
            </p>
          )}
        </div>
        <div className="flex justify-end gap-2">
          <button type="button" onClick={onClose} className="rounded border border-gray-400 px-4 py-2">{m.dialog_cancel()}</button>
          <button type="submit" disabled={nameError !== undefined || pending} className="rounded bg-ink px-4 py-2 font-semibold text-white disabled:opacity-50">{m.dialog_save()}</button>
        </div>
      </form>
    </Modal>
  );
}

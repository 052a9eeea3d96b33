/**
 * Account settings, /me/profile (spec §2): photo (with change), name, gender, date of birth, e-mail,
 * phone and address, and the buttons Edit Email, Edit Phone Number, Edit Profile, Edit Resume, Change
 * Password and Delete Account (disabled while a deletion is pending, which can be cancelled). Fed by
 * GET account; a signed-out visitor gets the login modal and the page fills in once they sign in.
 */
import { useCallback, useEffect, useState } from 'react';
import { errorBody } from '../../client/api.ts';
import * as calls from '../../client/calls.ts';
import * as m from '../../paraglide/messages.js';
import { ACCOUNT_DELETION_DAYS } from '../../shared/account-settings.ts';
import { formatMoney } from '../../shared/format.ts';
import { HTML_LANG, LOCALE_NAMES } from '../../shared/locale.ts';
import type { User } from '../../shared/schemas/accounts.ts';
import { openLogin, signedIn } from '../../stores/session.ts';
import { showToast } from '../../stores/toasts.ts';
import Modal from '../Modal.tsx';
import { SignedOutPanel, useSignedInId } from './signed-in.tsx';
import { educationLabel, GENDER_LABELS, SALARY_PER } from './account-words.ts';
import { optionLabel } from '../../shared/option-labels.ts';
import { DeleteAccount, EditEmail, EditPhone, EditProfile, EditResume, type EditView } from './EditViews.tsx';

const TITLES: Record<EditView, () => string> = {
  editEmail: m.account_title_edit_email, editPhone: m.account_title_edit_phone, edit: m.account_title_edit, resume: m.account_title_resume, delete: m.account_title_delete,
};

function EditDialog({ view, user, close, saved }: { view: EditView; user: User; close: () => void; saved: (user: User) => void }) {
  const done = (next: User) => { saved(next); close(); };
  return (
    <Modal title={TITLES[view]()} width={400} onClose={close} testId="account-modal" view={view}>
      {view === 'editEmail' && <EditEmail user={user} done={done} />}
      {view === 'editPhone' && <EditPhone user={user} done={done} />}
      {view === 'edit' && <EditProfile user={user} done={done} />}
      {view === 'resume' && <EditResume user={user} done={done} />}
      {view === 'delete' && <DeleteAccount user={user} done={done} />}
    </Modal>
  );
}

/** `lang`: the value's language where it is not the page's (a language's own name). */
function Row({ label, value, lang }: { label: string; value: string | null | undefined; lang?: string }) {
  return (
    <div className="grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)] gap-2 py-1.5 border-b border-gray-100">
      <dt className="text-sm text-gray-700">{label}</dt>
      <dd className="[overflow-wrap:anywhere]" lang={lang}>{value || '—'}</dd>
    </div>
  );
}

function phoneText(user: User): string | null {
  if (!user.phone_number) return null;
  const code = user.phone_number_country ?? '';
  return code && user.phone_number.startsWith(code) ? `+${code} ${user.phone_number.slice(code.length)}` : `+${user.phone_number}`;
}

export default function AccountProfile() {
  const { ready, userId: signedInId } = useSignedInId();
  const [account, setAccount] = useState<User | null>(null);
  const [view, setView] = useState<EditView | null>(null);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    if (!ready) return;
    if (signedInId === null) {
      setAccount(null);
      return;
    }
    let cancelled = false;
    calls.account().then(({ data }) => {
      if (cancelled) return;
      setAccount(data);
      signedIn(data);
    }, (error: unknown) => console.warn('The account could not be loaded', error));
    return () => { cancelled = true; };
  }, [ready, signedInId]);

  const saved = useCallback((user: User) => { setAccount(user); signedIn(user); }, []);
  const close = useCallback(() => setView(null), []);

  if (!ready || (signedInId !== null && !account)) return <p className="text-gray-700" role="status">{m.account_loading()}</p>;
  if (!account) {
    return <SignedOutPanel text={m.account_signed_out()} testId="account-signed-out" />;
  }

  const photo = async (file: File | undefined) => {
    if (!file) return;
    const body = new FormData();
    body.append('photo', file);
    setUploading(true);
    try {
      const result = await calls.uploadPhoto(body);
      saved(result.data);
      showToast(result.message);
    } catch (error) {
      const body = errorBody(error);
      if (body.status !== 401 && body.status !== 419) showToast(body.errors?.photo?.[0] ?? body.message ?? m.account_photo_failed(), 'warning');
    } finally {
      setUploading(false);
    }
  };
  const cancelDeletion = async () => {
    try {
      const result = await calls.cancelDeletion();
      saved(result.data);
      showToast(result.message);
    } catch (error) {
      console.warn('Cancelling the deletion failed', error);
    }
  };

  const detail = account.user_detail;
  const address = [detail.address_line1, detail.address_line2, [detail.postcode, detail.city?.name].filter(Boolean).join(' '), detail.state?.name, detail.country?.name]
    .filter(Boolean).join(', ');
  const button = 'rounded border border-ink px-4 py-2 text-sm font-semibold disabled:opacity-50';
  return (
    <div className="grid gap-6 md:grid-cols-[14rem_minmax(0,1fr)]" data-testid="account-profile">
      <section className="panel flex flex-col items-center gap-3" aria-label={m.account_photo()}>
        {account.image
          ? <img src={account.image.full_webp ?? account.image.full} alt={m.account_photo_of({ name: account.name })} width={160} height={160} className="h-40 w-40 rounded-full object-cover" data-testid="account-photo" />
          : <div className="flex h-40 w-40 items-center justify-center rounded-full bg-gray-200 text-5xl font-bold text-gray-700" aria-hidden="true">{account.name.slice(0, 1).toUpperCase()}</div>}
        <label className={`${button} cursor-pointer`}>
          {uploading ? m.account_uploading() : m.account_change_photo()}
          <input type="file" accept="image/jpeg,image/png,image/webp" className="sr-only" disabled={uploading} onChange={(event) => void photo(event.target.files?.[0])} data-testid="photo-input" />
        </label>
      </section>
      {/* min-w-0: a long e-mail wraps instead of widening the page past a phone's screen. */}
      <div className="min-w-0 space-y-4">
        {account.pending_delete && (
          <p role="status" className="rounded border border-red-300 bg-red-50 p-3 text-sm" data-testid="pending-delete">
            {m.account_pending_delete({ days: ACCOUNT_DELETION_DAYS })}{' '}
            <button type="button" className="font-semibold underline" onClick={() => void cancelDeletion()}>{m.account_cancel_deletion()}</button>
          </p>
        )}
        <section className="panel" aria-labelledby="account-details">
          <h2 id="account-details" className="font-semibold">{m.account_profile()}</h2>
          <dl className="mt-2">
            <Row label={m.account_name()} value={account.name} />
            <Row label={m.account_gender()} value={detail.gender ? GENDER_LABELS[detail.gender]() : null} />
            <Row label={m.account_dob()} value={detail.dob} />
            <Row label={m.account_email()} value={account.email} />
            <Row label={m.account_phone()} value={phoneText(account)} />
            <Row label={m.account_address()} value={address} />
            <Row label={m.account_language()} value={LOCALE_NAMES[account.locale]} lang={HTML_LANG[account.locale]} />
          </dl>
        </section>
        <section className="panel" aria-labelledby="account-resume">
          <h2 id="account-resume" className="font-semibold">{m.account_resume()}</h2>
          <dl className="mt-2">
            <Row label={m.account_education()} value={detail.education ? educationLabel(detail.education) : null} />
            <Row label={m.account_experience()} value={detail.experience === null ? null : m.account_years({ count: detail.experience })} />
            <Row label={m.account_expected_salary()} value={detail.salary === null ? null : `${formatMoney(detail.salary)} ${SALARY_PER[detail.salary_type]()}`} />
            <Row label={m.account_languages()} value={detail.language.map((language) => optionLabel('language', language)).join(', ')} />
            <Row label={m.account_cv()} value={detail.cv?.original_filename} />
          </dl>
          {detail.cv && <a href="/api/account/cv" className="link mt-2 inline-block text-sm">{m.account_download_cv()}</a>}
        </section>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={button} onClick={() => setView('editEmail')}>{m.account_edit_email()}</button>
          <button type="button" className={button} onClick={() => setView('editPhone')}>{m.account_edit_phone()}</button>
          <button type="button" className={button} onClick={() => setView('edit')}>{m.account_edit_profile()}</button>
          <button type="button" className={button} onClick={() => setView('resume')}>{m.account_edit_resume()}</button>
          <button type="button" className={button} onClick={() => openLogin('change_password')}>{m.account_change_password()}</button>
          <button type="button" className={`${button} border-red-700 text-red-800`} disabled={account.pending_delete} onClick={() => setView('delete')}>{m.account_delete()}</button>
        </div>
      </div>
      {view && <EditDialog view={view} user={account} close={close} saved={saved} />}
    </div>
  );
}

/** The change_password and becomeAdvertiser views of the login modal (spec §4, §5). */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import * as m from '../../paraglide/messages.js';
import { changePassword, requestCode, upgrade } from '../../client/calls.ts';
import { $toRedirect, $user, closeLogin, signedIn } from '../../stores/session.ts';
import { showToast } from '../../stores/toasts.ts';
import { codeButton, contactBody, DEFAULT_CALLING_CODE, Field, linkButton, PhoneField, primaryButton, useForm } from '../forms.tsx';
import { isCode, isPhone } from '../account-checks.ts';

export function ChangePasswordForm() {
  const form = useForm({ current_password: '', password: '', password_confirmation: '' }, { password: (value) => value.length >= 8 });
  const { values } = form;
  const valid = values.current_password !== '' && values.password !== '' && values.password_confirmation !== '';
  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (!valid) return;
    const result = await form.send(() => changePassword(values));
    if (!result) return;
    showToast(result.message);
    closeLogin();
  };
  return (
    <form onSubmit={submit} noValidate data-testid="change-password-form">
      <Field id="change-current-password" label={m.password_current()} type="password" autoComplete="current-password" value={values.current_password}
        onChange={form.set('current_password')} error={form.errors.current_password} />
      <Field id="change-password" label={m.password_new()} type="password" autoComplete="new-password" value={values.password} onChange={form.set('password')} error={form.errors.password} />
      <Field id="change-password-confirmation" label={m.password_confirm_new()} type="password" autoComplete="new-password" value={values.password_confirmation}
        onChange={form.set('password_confirmation')} error={form.errors.password_confirmation} />
      <button type="submit" className={`mt-4 ${primaryButton}`} disabled={!valid || form.pending}>{m.password_change()}</button>
    </form>
  );
}

/** Seconds the success panel shows before going on to the advertiser site. */
const PROCEED_AFTER_MS = 2500;

/**
 * Become advertiser (spec §4): a prompt (No closes; 'Be an Advertiser' opens the form), the form
 * (name shown, a phone number required, its code when it is not the account's number yet), then a
 * success panel that proceeds to the stored redirect on the advertiser site.
 */
export function BecomeAdvertiser({ advertiserSiteUrl }: { advertiserSiteUrl: string }) {
  const user = useStore($user);
  const [step, setStep] = useState<'prompt' | 'form' | 'done'>('prompt');
  const form = useForm({
    phone_number: user?.phone_number && user.phone_number_country ? user.phone_number.slice(user.phone_number_country.length) : '',
    phone_number_country: user?.phone_number_country ?? DEFAULT_CALLING_CODE,
    code: '',
  }, { phone_number: isPhone, code: isCode });
  const phone = contactBody('phone', { email: '', ...form.values }) as { phone_number: string; phone_number_country: string };
  const ownNumber = user?.phone_number === phone.phone_number;
  const valid = isPhone(form.values.phone_number) && (ownNumber || isCode(form.values.code));
  const target = $toRedirect.get() ?? advertiserSiteUrl;

  useEffect(() => {
    if (step !== 'done') return;
    const timer = setTimeout(() => proceed(target), PROCEED_AFTER_MS);
    return () => clearTimeout(timer);
  }, [step, target]);

  if (!user) return null;
  if (step === 'prompt') {
    return (
      <div data-testid="advertiser-prompt">
        <p className="mt-2">{m.advertiser_prompt()}</p>
        <div className="mt-4 flex gap-2">
          <button type="button" className="flex-1 rounded border border-gray-400 px-4 py-2 font-semibold" onClick={() => closeLogin()}>{m.advertiser_no()}</button>
          <button type="button" className={`flex-1 ${primaryButton}`} onClick={() => setStep('form')}>{m.advertiser_be()}</button>
        </div>
      </div>
    );
  }
  if (step === 'done') {
    return (
      <div data-testid="advertiser-done" role="status">
        <p className="mt-2 font-semibold">{m.advertiser_done()}</p>
        <p className="mt-1 text-sm">{m.advertiser_taking_you()}</p>
        <button type="button" className={`mt-4 ${primaryButton}`} onClick={() => proceed(target)}>{m.advertiser_continue()}</button>
      </div>
    );
  }
  const getCode = async () => {
    const result = await form.send(() => requestCode('account/verification', phone));
    if (result) showToast(result.message);
  };
  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (!valid) {
      showToast(m.fill_required(), 'warning');
      return;
    }
    const result = await form.send(() => upgrade({ ...phone, ...(ownNumber ? {} : { code: form.values.code }) }));
    if (!result) return;
    signedIn(result.data);
    showToast(result.message);
    setStep('done');
  };
  return (
    <form onSubmit={submit} noValidate data-testid="advertiser-form">
      <Field id="advertiser-name" label={m.login_name()} value={user.name} onChange={() => undefined} disabled />
      {user.email && <Field id="advertiser-email" label={m.form_email()} value={user.email} onChange={() => undefined} disabled />}
      <PhoneField id="advertiser-phone" country={form.values.phone_number_country} number={form.values.phone_number} onCountry={form.set('phone_number_country')}
        onNumber={form.set('phone_number')} error={form.errors.phone_number}>
        {!ownNumber && <button type="button" className={codeButton} onClick={getCode} disabled={!isPhone(form.values.phone_number) || form.pending}>{m.login_get_code()}</button>}
      </PhoneField>
      {!ownNumber && (
        <Field id="advertiser-code" label={m.login_code()} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={form.values.code}
          onChange={(value) => form.set('code')(value.replace(/\D/g, ''))} error={form.errors.code} />
      )}
      {!valid && <p className="mt-2 text-sm text-gray-700">{m.fill_required()}</p>}
      <button type="submit" className={`mt-4 ${primaryButton}`} disabled={form.pending}>{m.advertiser_be()}</button>
      <p className="mt-3 text-center"><button type="button" className={linkButton} onClick={() => closeLogin()}>{m.advertiser_not_now()}</button></p>
    </form>
  );
}

function proceed(target: string): void {
  $toRedirect.set(null);
  location.assign(target);
}

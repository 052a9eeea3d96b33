/** The login and twoFa views of the login modal (spec §4: login → twoFa after a successful login call). */
import * as m from '../../paraglide/messages.js';
import { useState } from 'react';
import { logIn, resendTwoFactor, twoFactor } from '../../client/calls.ts';
import { afterSignIn } from '../../client/sign-in.ts';
import { $loginPrefill, closeLogin, type LoginView } from '../../stores/session.ts';
import { showToast } from '../../stores/toasts.ts';
import {
  ContactFields, ContactToggle, contactBody, DEFAULT_CALLING_CODE, Field, linkButton, primaryButton, useForm, type ContactType,
} from '../forms.tsx';
import { contactValid, isCode } from '../account-checks.ts';

export type SocialProvider = 'google' | 'facebook';
const PROVIDER_LABELS: Record<SocialProvider, () => string> = { google: m.login_google, facebook: m.login_facebook };

interface LoginProps {
  go: (view: LoginView) => void;
  onTempToken: (token: string) => void;
  providers: SocialProvider[];
}

export function LoginForm({ go, onTempToken, providers }: LoginProps) {
  // Just registered: the address they registered with is filled in (issue 40).
  const [prefill] = useState(() => {
    const taken = $loginPrefill.get();
    $loginPrefill.set(null);
    return taken;
  });
  const [type, setType] = useState<ContactType>(prefill?.type ?? 'email');
  const form = useForm({
    email: prefill?.type === 'email' ? prefill.email : '', phone_number: prefill?.type === 'phone' ? prefill.phone_number : '',
    phone_number_country: prefill?.type === 'phone' ? prefill.phone_number_country : DEFAULT_CALLING_CODE, password: '',
  });
  const valid = contactValid(type, form.values) && form.values.password !== '';
  const here = typeof location === 'undefined' ? '/' : location.pathname + location.search;

  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (!valid) return;
    const result = await form.send(() => logIn({ ...contactBody(type, form.values), password: form.values.password }));
    if (!result) return;
    showToast(result.message);
    onTempToken(result.data.temp_token);
    go('twoFa');
  };

  return (
    <form onSubmit={submit} noValidate data-testid="login-form">
      <ContactToggle name="login-type" type={type} onChange={setType} />
      <ContactFields prefix="login" type={type} form={form} />
      <Field id="login-password" label={m.login_password()} type="password" autoComplete="current-password" value={form.values.password} onChange={form.set('password')} error={form.errors.password} />
      <div className="mt-2 text-right"><button type="button" className={linkButton} onClick={() => go('forgot')}>{m.login_forgot_link()}</button></div>
      <button type="submit" className={`mt-4 ${primaryButton}`} disabled={!valid || form.pending}>{m.login_submit()}</button>
      {providers.length > 0 && (
        <div className="mt-4 space-y-2 border-t border-gray-200 pt-4">
          {providers.map((provider) => (
            <a key={provider} href={`/api/auth/${provider}?redirect=${encodeURIComponent(here)}`} className="block rounded border border-gray-400 px-4 py-2 text-center font-semibold">
              {PROVIDER_LABELS[provider]()}
            </a>
          ))}
        </div>
      )}
      <p className="mt-4 text-center text-sm">{m.login_no_account()} <button type="button" className={linkButton} onClick={() => go('register')}>{m.login_register()}</button></p>
    </form>
  );
}

/** The second step: the 6-digit code sent after the password (spec §4 Two-factor). */
export function TwoFactorForm({ tempToken, go }: { tempToken: string; go: (view: LoginView) => void }) {
  const form = useForm({ code: '' }, { code: isCode });
  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    const result = await form.send(() => twoFactor({ temp_token: tempToken, code: form.values.code }));
    if (!result) return;
    if (!result.status) {
      showToast(result.message, 'warning');
      return;
    }
    closeLogin();
    showToast(result.message);
    await afterSignIn(result.data);
  };
  const resend = async () => {
    const result = await form.send(() => resendTwoFactor({ temp_token: tempToken }));
    if (result) showToast(result.message, result.status ? 'success' : 'warning');
  };
  return (
    <form onSubmit={submit} noValidate data-testid="twofa-form">
      <p className="mt-2 text-sm">{m.login_code_hint()}</p>
      <Field id="login-twofa-code" label={m.login_code()} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={form.values.code}
        onChange={(value) => form.set('code')(value.replace(/\D/g, ''))} error={form.errors.code ?? form.errors.temp_token} />
      <button type="submit" className={`mt-4 ${primaryButton}`} disabled={form.values.code.length === 0 || form.pending}>{m.login_verify()}</button>
      <div className="mt-3 flex justify-between">
        <button type="button" className={linkButton} onClick={resend} disabled={form.pending}>{m.login_resend()}</button>
        <button type="button" className={linkButton} onClick={() => go('login')}>{m.login_back()}</button>
      </div>
    </form>
  );
}


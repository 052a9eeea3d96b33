/**
 * The register and forgot views of the login modal (spec §5): an e-mail or phone, a code sent to it
 * ('Get Code' enabled once the address is valid), and a password with its confirmation. Both go back
 * to login when done (spec §4).
 */
import * as m from '../../paraglide/messages.js';
import { useState } from 'react';
import { register, requestCode, resetPassword } from '../../client/calls.ts';
import { $loginPrefill, type LoginView } from '../../stores/session.ts';
import { showToast } from '../../stores/toasts.ts';
import {
  codeButton, ContactFields, ContactToggle, contactBody, DEFAULT_CALLING_CODE, Field, linkButton, primaryButton, useForm, type ContactType,
} from '../forms.tsx';
import { contactValid, isCode } from '../account-checks.ts';

const EMPTY = { name: '', email: '', phone_number: '', phone_number_country: DEFAULT_CALLING_CODE, code: '', password: '', password_confirmation: '' };

function usePasswordForm() {
  const [type, setType] = useState<ContactType>('email');
  const form = useForm(EMPTY, {
    code: isCode,
    password: (value) => value.length >= 8,
  });
  return { type, setType, form };
}

function GetCode({ path, type, form }: { path: 'register/verification' | 'password/verification'; type: ContactType; form: ReturnType<typeof usePasswordForm>['form'] }) {
  const send = async () => {
    const result = await form.send(() => requestCode(path, contactBody(type, form.values)));
    if (result) showToast(result.message);
  };
  return <button type="button" className={codeButton} onClick={send} disabled={!contactValid(type, form.values) || form.pending}>{m.login_get_code()}</button>;
}

function PasswordFields({ prefix, form }: { prefix: string; form: ReturnType<typeof usePasswordForm>['form'] }) {
  return (
    <>
      <Field id={`${prefix}-password`} label={m.login_password()} type="password" autoComplete="new-password" value={form.values.password} onChange={form.set('password')} error={form.errors.password} />
      <Field id={`${prefix}-password-confirmation`} label={m.login_confirm_password()} type="password" autoComplete="new-password" value={form.values.password_confirmation}
        onChange={form.set('password_confirmation')} error={form.errors.password_confirmation} />
    </>
  );
}

export function RegisterForm({ go }: { go: (view: LoginView) => void }) {
  const { type, setType, form } = usePasswordForm();
  const { values } = form;
  // Spec §5: name and both passwords required, the address by type; the code before submit is enabled.
  const valid = values.name.trim() !== '' && contactValid(type, values) && isCode(values.code) && values.password !== '' && values.password_confirmation !== '';
  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (!valid) return;
    const result = await form.send(() => register({ name: values.name, ...contactBody(type, values), code: values.code, password: values.password, password_confirmation: values.password_confirmation }));
    if (!result) return;
    showToast(result.message);
    $loginPrefill.set(type === 'email' ? { type, email: values.email } : { type, phone_number: values.phone_number, phone_number_country: values.phone_number_country });
    go('login');
  };
  return (
    <form onSubmit={submit} noValidate data-testid="register-form">
      <Field id="register-name" label={m.login_name()} autoComplete="name" value={values.name} onChange={form.set('name')} error={form.errors.name} />
      <ContactToggle name="register-type" type={type} onChange={setType} />
      <ContactFields prefix="register" type={type} form={form}><GetCode path="register/verification" type={type} form={form} /></ContactFields>
      <Field id="register-code" label={m.login_code()} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={values.code}
        onChange={(value) => form.set('code')(value.replace(/\D/g, ''))} error={form.errors.code} />
      <PasswordFields prefix="register" form={form} />
      <button type="submit" className={`mt-4 ${primaryButton}`} disabled={!valid || form.pending}>{m.login_register()}</button>
      <p className="mt-4 text-center text-sm">{m.login_have_account()} <button type="button" className={linkButton} onClick={() => go('login')}>{m.login_submit()}</button></p>
    </form>
  );
}

export function ForgotForm({ go }: { go: (view: LoginView) => void }) {
  const { type, setType, form } = usePasswordForm();
  const { values } = form;
  const valid = contactValid(type, values) && isCode(values.code) && values.password !== '' && values.password_confirmation !== '';
  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (!valid) return;
    const result = await form.send(() => resetPassword({ ...contactBody(type, values), code: values.code, password: values.password, password_confirmation: values.password_confirmation }));
    if (!result) return;
    showToast(result.message);
    go('login');
  };
  return (
    <form onSubmit={submit} noValidate data-testid="forgot-form">
      <p className="mt-2 text-sm">{m.login_forgot_hint()}</p>
      <ContactToggle name="forgot-type" type={type} onChange={setType} />
      <ContactFields prefix="forgot" type={type} form={form}><GetCode path="password/verification" type={type} form={form} /></ContactFields>
      <Field id="forgot-code" label={m.login_code()} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={values.code}
        onChange={(value) => form.set('code')(value.replace(/\D/g, ''))} error={form.errors.code} />
      <PasswordFields prefix="forgot" form={form} />
      <button type="submit" className={`mt-4 ${primaryButton}`} disabled={!valid || form.pending}>{m.login_reset()}</button>
      <p className="mt-4 text-center text-sm"><button type="button" className={linkButton} onClick={() => go('login')}>{m.login_back()}</button></p>
    </form>
  );
}

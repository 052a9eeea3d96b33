/**
 * The views of the account-settings modal (spec §2: 400 px, views editEmail, editPhone, edit, resume
 * and delete; §5 their rules). Each sends its call, shows the server's messages under the fields and,
 * done, hands the updated user back.
 */
import { useState } from 'react';
import { requestCode, requestDeletion, updateAccount, updateResume, uploadCv } from '../../client/calls.ts';
import * as m from '../../paraglide/messages.js';
import { ACCOUNT_DELETION_DAYS, GENDERS, RESUME_EDUCATION, RESUME_LANGUAGES } from '../../shared/account-settings.ts';
import { LOCALE_NAMES, LOCALES } from '../../shared/locale.ts';
import type { User } from '../../shared/schemas/accounts.ts';
import { showToast } from '../../stores/toasts.ts';
import {
  codeButton, contactBody, DEFAULT_CALLING_CODE, Field, PhoneField, primaryButton, SelectField, useCountries, useStates, useForm,
} from '../forms.tsx';
import { isCode, isEmail, isPhone } from '../account-checks.ts';
import { educationLabel, GENDER_LABELS } from './account-words.ts';
import { optionLabel, optionLabels } from '../../shared/option-labels.ts';

export type EditView = 'editEmail' | 'editPhone' | 'edit' | 'resume' | 'delete';

interface ViewProps {
  user: User;
  done: (user: User) => void;
}


/** Sends a code to a new address (POST account/verification). */
function useGetCode(form: { send: <T>(call: () => Promise<T>) => Promise<T | undefined> }) {
  return async (body: Record<string, string> | { type: 'phone'; phone_number: string; phone_number_country: string }) => {
    const result = await form.send(() => requestCode('account/verification', body));
    if (result) showToast(result.message);
  };
}

export function EditEmail({ user, done }: ViewProps) {
  const form = useForm({ email: '', code: '', current_password: '' }, { email: isEmail, code: isCode });
  const getCode = useGetCode(form);
  const valid = isEmail(form.values.email) && isCode(form.values.code);
  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    const result = await form.send(() => updateAccount(form.values));
    if (result) { showToast(result.message); done(result.data); }
  };
  return (
    <form onSubmit={submit} noValidate data-testid="edit-email-form">
      <p className="mt-2 text-sm">{m.edit_email_now({ email: user.email ?? m.edit_email_none() })}</p>
      <Field id="account-email" label={m.edit_new_email()} type="email" inputMode="email" autoComplete="email" value={form.values.email} onChange={form.set('email')} error={form.errors.email}>
        <button type="button" className={codeButton} disabled={!isEmail(form.values.email) || form.pending} onClick={() => getCode({ email: form.values.email.trim() })}>{m.login_get_code()}</button>
      </Field>
      <Field id="account-email-code" label={m.login_code()} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={form.values.code}
        onChange={(value) => form.set('code')(value.replace(/\D/g, ''))} error={form.errors.code} />
      {user.has_password && (
        <Field id="account-email-password" label={m.edit_current_password()} type="password" autoComplete="current-password"
          value={form.values.current_password} onChange={form.set('current_password')} error={form.errors.current_password} />
      )}
      <button type="submit" className={`mt-4 ${primaryButton}`} disabled={!valid || form.pending}>{m.edit_save_email()}</button>
    </form>
  );
}

export function EditPhone({ user, done }: ViewProps) {
  const form = useForm({ phone_number: '', phone_number_country: user.phone_number_country ?? DEFAULT_CALLING_CODE, code: '' }, { phone_number: isPhone, code: isCode });
  const getCode = useGetCode(form);
  const phone = () => contactBody('phone', { email: '', ...form.values }) as { type: 'phone'; phone_number: string; phone_number_country: string };
  // Spec §5: the phone number is required; its code proves it is the person's.
  const valid = isPhone(form.values.phone_number) && isCode(form.values.code);
  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    const result = await form.send(() => updateAccount({ ...phone(), code: form.values.code }));
    if (result) { showToast(result.message); done(result.data); }
  };
  return (
    <form onSubmit={submit} noValidate data-testid="edit-phone-form">
      <PhoneField id="account-phone" country={form.values.phone_number_country} number={form.values.phone_number} onCountry={form.set('phone_number_country')}
        onNumber={form.set('phone_number')} error={form.errors.phone_number}>
        <button type="button" className={codeButton} disabled={!isPhone(form.values.phone_number) || form.pending} onClick={() => getCode(phone())}>{m.login_get_code()}</button>
      </PhoneField>
      <Field id="account-phone-code" label={m.login_code()} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={form.values.code}
        onChange={(value) => form.set('code')(value.replace(/\D/g, ''))} error={form.errors.code} />
      <button type="submit" className={`mt-4 ${primaryButton}`} disabled={!valid || form.pending}>{m.edit_save_phone()}</button>
    </form>
  );
}

export function EditProfile({ user, done }: ViewProps) {
  const detail = user.user_detail;
  const states = useStates();
  const countries = useCountries();
  const form = useForm({
    name: user.name, gender: detail.gender ?? '', dob: detail.dob ?? '', address_line1: detail.address_line1 ?? '', address_line2: detail.address_line2 ?? '',
    postcode: detail.postcode ?? '', city: detail.city?.name ?? '', state_id: detail.state_id === null ? '' : String(detail.state_id),
    country_id: detail.country_id === null ? '' : String(detail.country_id), locale: user.locale as string,
  });
  const { values, set, errors } = form;
  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    const result = await form.send(() => updateAccount(values));
    if (result) { showToast(result.message); done(result.data); }
  };
  return (
    <form onSubmit={submit} noValidate data-testid="edit-profile-form">
      <Field id="account-name" label={m.account_name()} autoComplete="name" value={values.name} onChange={set('name')} error={errors.name} />
      <SelectField id="account-gender" label={m.account_gender()} value={values.gender} onChange={set('gender')} error={errors.gender}
        options={[['', m.gender_none()], ...Object.keys(GENDERS).map((gender): [string, string] => [gender, GENDER_LABELS[gender as keyof typeof GENDERS]()])]} />
      <Field id="account-dob" label={m.account_dob()} type="date" value={values.dob} onChange={set('dob')} error={errors.dob} />
      <Field id="account-address1" label={m.edit_address1()} autoComplete="address-line1" value={values.address_line1} onChange={set('address_line1')} error={errors.address_line1} />
      <Field id="account-address2" label={m.edit_address2()} autoComplete="address-line2" value={values.address_line2} onChange={set('address_line2')} error={errors.address_line2} />
      <Field id="account-postcode" label={m.edit_postcode()} inputMode="numeric" autoComplete="postal-code" maxLength={10} value={values.postcode} onChange={set('postcode')} error={errors.postcode} />
      <Field id="account-city" label={m.edit_city()} autoComplete="address-level2" value={values.city} onChange={set('city')} error={errors.city} />
      <SelectField id="account-state" label={m.edit_state()} value={values.state_id} onChange={set('state_id')} error={errors.state_id}
        options={[['', m.edit_choose_state()], ...states.map((state): [string, string] => [String(state.id), state.name])]} />
      <SelectField id="account-country" label={m.edit_country()} value={values.country_id} onChange={set('country_id')} error={errors.country_id}
        options={[['', m.edit_choose_country()], ...countries.map((country): [string, string] => [String(country.id), country.name])]} />
      <SelectField id="account-locale" label={m.account_language()} value={values.locale} onChange={set('locale')} error={errors.locale}
        options={LOCALES.map((locale): [string, string] => [locale, LOCALE_NAMES[locale]])} />
      <p className="mt-1 text-sm text-gray-700">{m.edit_language_hint()}</p>
      <button type="submit" className={`mt-4 ${primaryButton}`} disabled={values.name.trim() === '' || form.pending}>{m.edit_save_profile()}</button>
    </form>
  );
}

export function EditResume({ user, done }: ViewProps) {
  const detail = user.user_detail;
  const form = useForm({
    education: detail.education ?? '', experience: detail.experience === null ? '' : String(detail.experience), salary_type: detail.salary_type as string,
    salary: detail.salary === null ? '' : String(detail.salary), additional_skill: detail.additional_skill ?? '',
  });
  const [languages, setLanguages] = useState<string[]>(detail.language);
  const { values, set, errors } = form;
  // Spec §5: education, experience and salary type are required.
  const valid = values.education !== '' && values.experience !== '';
  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    const result = await form.send(() => updateResume({ ...values, language: languages }));
    if (result) { showToast(result.message); done(result.data); }
  };
  const cv = async (file: File | undefined) => {
    if (!file) return;
    const body = new FormData();
    body.append('cv', file);
    const result = await form.send(() => uploadCv(body));
    if (result) { showToast(result.message); done(result.data); }
  };
  return (
    <form onSubmit={submit} noValidate data-testid="edit-resume-form">
      <SelectField id="resume-education" label={m.account_education()} value={values.education} onChange={set('education')} error={errors.education}
        options={[['', m.edit_choose_education()], ...RESUME_EDUCATION.map((level): [string, string] => [level, educationLabel(level)])]} />
      <Field id="resume-experience" label={m.edit_experience_years()} type="number" inputMode="numeric" value={values.experience} onChange={set('experience')} error={errors.experience} />
      <SelectField id="resume-salary-type" label={m.edit_salary_type()} value={values.salary_type} onChange={set('salary_type')} error={errors.salary_type}
        options={Object.entries(optionLabels('salary_type'))} />
      <Field id="resume-salary" label={m.edit_expected_salary()} type="number" inputMode="numeric" value={values.salary} onChange={set('salary')} error={errors.salary} />
      <fieldset className="mt-3">
        <legend className="text-sm font-medium">{m.account_languages()}</legend>
        <div className="mt-1 flex gap-4">
          {RESUME_LANGUAGES.map((language) => (
            <label key={language} className="flex min-h-6 items-center gap-1 text-sm">
              <input type="checkbox" checked={languages.includes(language)}
                onChange={(event) => setLanguages(event.target.checked ? [...languages, language] : languages.filter((item) => item !== language))} />
              {optionLabel('language', language)}
            </label>
          ))}
        </div>
        {errors.language && <p className="mt-1 text-sm text-red-700">{errors.language[0]}</p>}
      </fieldset>
      <div className="mt-3">
        <label htmlFor="resume-skill" className="block text-sm font-medium">{m.edit_additional_skills()}</label>
        <textarea id="resume-skill" rows={3} value={values.additional_skill} onChange={(event) => set('additional_skill')(event.target.value)}
          className="mt-1 w-full rounded border border-gray-400 px-3 py-2" />
      </div>
      <div className="mt-3">
        <label htmlFor="resume-cv" className="block text-sm font-medium">{m.edit_cv()}</label>
        {detail.cv && <p className="text-sm" data-testid="resume-cv-name">{m.edit_cv_current()} <a href="/api/account/cv" className="link">{detail.cv.original_filename}</a></p>}
        <input id="resume-cv" type="file" accept=".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          onChange={(event) => void cv(event.target.files?.[0])} disabled={form.pending} className="mt-1 block w-full text-sm" />
        {errors.cv && <p className="mt-1 text-sm text-red-700">{errors.cv[0]}</p>}
      </div>
      <button type="submit" className={`mt-4 ${primaryButton}`} disabled={!valid || form.pending}>{m.edit_save_resume()}</button>
    </form>
  );
}

export function DeleteAccount({ done }: ViewProps) {
  const form = useForm({});
  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    const result = await form.send(() => requestDeletion());
    if (result) { showToast(result.message); done(result.data); }
  };
  return (
    <form onSubmit={submit} noValidate data-testid="delete-account-form">
      <p className="mt-2 text-sm">{m.delete_account_text({ days: ACCOUNT_DELETION_DAYS })}</p>
      <button type="submit" className="mt-4 w-full rounded bg-red-700 px-4 py-2 font-semibold text-white disabled:opacity-50" disabled={form.pending}>{m.delete_account_submit()}</button>
    </form>
  );
}

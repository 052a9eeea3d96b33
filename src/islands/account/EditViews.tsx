/**
 * The views of the account-settings modal (spec §2: 400 px, views editEmail, editPhone, edit, resume
 * and delete; §5 their rules). Each sends its call, shows the server's messages under the fields and,
 * done, hands the updated user back.
 */
import { useState } from 'react';
import { requestCode, requestDeletion, updateAccount, updateResume, uploadCv } from '../../client/calls.ts';
import { GENDERS, RESUME_EDUCATION, RESUME_LANGUAGES, SALARY_TYPES } from '../../shared/account-settings.ts';
import { EDUCATION_LEVELS } from '../../shared/constants.ts';
import type { User } from '../../shared/schemas/accounts.ts';
import { showToast } from '../../stores/toasts.ts';
import {
  codeButton, contactBody, DEFAULT_CALLING_CODE, Field, PhoneField, primaryButton, SelectField, useCountries, useStates, useForm,
} from '../forms.tsx';
import { isCode, isEmail, isPhone } from '../account-checks.ts';

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
      <p className="mt-2 text-sm">Your email now: {user.email ?? 'none'}. We send a code to the new address to be sure it is yours.</p>
      <Field id="account-email" label="New email" type="email" inputMode="email" autoComplete="email" value={form.values.email} onChange={form.set('email')} error={form.errors.email}>
        <button type="button" className={codeButton} disabled={!isEmail(form.values.email) || form.pending} onClick={() => getCode({ email: form.values.email.trim() })}>Get Code</button>
      </Field>
      <Field id="account-email-code" label="Verification code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={form.values.code}
        onChange={(value) => form.set('code')(value.replace(/\D/g, ''))} error={form.errors.code} />
      {user.has_password && (
        <Field id="account-email-password" label="Current password (not needed within 15 minutes of logging in)" type="password" autoComplete="current-password"
          value={form.values.current_password} onChange={form.set('current_password')} error={form.errors.current_password} />
      )}
      <button type="submit" className={`mt-4 ${primaryButton}`} disabled={!valid || form.pending}>Save email</button>
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
        <button type="button" className={codeButton} disabled={!isPhone(form.values.phone_number) || form.pending} onClick={() => getCode(phone())}>Get Code</button>
      </PhoneField>
      <Field id="account-phone-code" label="Verification code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={form.values.code}
        onChange={(value) => form.set('code')(value.replace(/\D/g, ''))} error={form.errors.code} />
      <button type="submit" className={`mt-4 ${primaryButton}`} disabled={!valid || form.pending}>Save phone number</button>
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
    country_id: detail.country_id === null ? '' : String(detail.country_id),
  });
  const { values, set, errors } = form;
  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    const result = await form.send(() => updateAccount(values));
    if (result) { showToast(result.message); done(result.data); }
  };
  return (
    <form onSubmit={submit} noValidate data-testid="edit-profile-form">
      <Field id="account-name" label="Name" autoComplete="name" value={values.name} onChange={set('name')} error={errors.name} />
      <SelectField id="account-gender" label="Gender" value={values.gender} onChange={set('gender')} error={errors.gender}
        options={[['', 'Not given'], ...Object.entries(GENDERS)]} />
      <Field id="account-dob" label="Date of birth" type="date" value={values.dob} onChange={set('dob')} error={errors.dob} />
      <Field id="account-address1" label="Address line 1" autoComplete="address-line1" value={values.address_line1} onChange={set('address_line1')} error={errors.address_line1} />
      <Field id="account-address2" label="Address line 2" autoComplete="address-line2" value={values.address_line2} onChange={set('address_line2')} error={errors.address_line2} />
      <Field id="account-postcode" label="Postcode" inputMode="numeric" autoComplete="postal-code" maxLength={10} value={values.postcode} onChange={set('postcode')} error={errors.postcode} />
      <Field id="account-city" label="City" autoComplete="address-level2" value={values.city} onChange={set('city')} error={errors.city} />
      <SelectField id="account-state" label="State" value={values.state_id} onChange={set('state_id')} error={errors.state_id}
        options={[['', 'Choose a state'], ...states.map((state): [string, string] => [String(state.id), state.name])]} />
      <SelectField id="account-country" label="Country" value={values.country_id} onChange={set('country_id')} error={errors.country_id}
        options={[['', 'Choose a country'], ...countries.map((country): [string, string] => [String(country.id), country.name])]} />
      <button type="submit" className={`mt-4 ${primaryButton}`} disabled={values.name.trim() === '' || form.pending}>Save profile</button>
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
      <SelectField id="resume-education" label="Education" value={values.education} onChange={set('education')} error={errors.education}
        options={[['', 'Choose your highest education'], ...RESUME_EDUCATION.map((level): [string, string] => [level, EDUCATION_LEVELS[level]])]} />
      <Field id="resume-experience" label="Experience (years)" type="number" inputMode="numeric" value={values.experience} onChange={set('experience')} error={errors.experience} />
      <SelectField id="resume-salary-type" label="Salary type" value={values.salary_type} onChange={set('salary_type')} error={errors.salary_type} options={Object.entries(SALARY_TYPES)} />
      <Field id="resume-salary" label="Expected salary (RM)" type="number" inputMode="numeric" value={values.salary} onChange={set('salary')} error={errors.salary} />
      <fieldset className="mt-3">
        <legend className="text-sm font-medium">Languages</legend>
        <div className="mt-1 flex gap-4">
          {RESUME_LANGUAGES.map((language) => (
            <label key={language} className="flex min-h-6 items-center gap-1 text-sm">
              <input type="checkbox" checked={languages.includes(language)}
                onChange={(event) => setLanguages(event.target.checked ? [...languages, language] : languages.filter((item) => item !== language))} />
              {language}
            </label>
          ))}
        </div>
        {errors.language && <p className="mt-1 text-sm text-red-700">{errors.language[0]}</p>}
      </fieldset>
      <div className="mt-3">
        <label htmlFor="resume-skill" className="block text-sm font-medium">Additional skills</label>
        <textarea id="resume-skill" rows={3} value={values.additional_skill} onChange={(event) => set('additional_skill')(event.target.value)}
          className="mt-1 w-full rounded border border-gray-400 px-3 py-2" />
      </div>
      <div className="mt-3">
        <label htmlFor="resume-cv" className="block text-sm font-medium">CV (PDF, DOC or DOCX, up to 5 MB)</label>
        {detail.cv && <p className="text-sm" data-testid="resume-cv-name">Current: <a href="/api/account/cv" className="link">{detail.cv.original_filename}</a></p>}
        <input id="resume-cv" type="file" accept=".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          onChange={(event) => void cv(event.target.files?.[0])} disabled={form.pending} className="mt-1 block w-full text-sm" />
        {errors.cv && <p className="mt-1 text-sm text-red-700">{errors.cv[0]}</p>}
      </div>
      <button type="submit" className={`mt-4 ${primaryButton}`} disabled={!valid || form.pending}>Save resume</button>
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
      <p className="mt-2 text-sm">Your account will be deleted in 14 days, with your profile, photo and CV. Your other devices are signed out now.
        Until then you can log in and cancel. Reviews you wrote stay, signed &lsquo;Former member&rsquo;.</p>
      <button type="submit" className="mt-4 w-full rounded bg-red-700 px-4 py-2 font-semibold text-white disabled:opacity-50" disabled={form.pending}>Delete my account</button>
    </form>
  );
}

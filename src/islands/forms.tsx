/**
 * The pieces the account forms are made of (login modal, account settings): labelled fields with
 * their server message under them (spec §8), the e-mail/phone toggle with the calling-code select (default 60, spec §5), and a
 * form hook that sends a call, shows the server's messages and clears a field's message once the
 * field is valid again.
 */
import * as m from '../paraglide/messages.js';
import { useEffect, useState, type ReactNode } from 'react';
import { errorBody } from '../client/api.ts';
import { countries, states } from '../client/calls.ts';
import { DEFAULT_CALLING_CODE } from '../shared/account-settings.ts';
import { showToast } from '../stores/toasts.ts';

export { DEFAULT_CALLING_CODE };

export type ContactType = 'email' | 'phone';

/** Spec §5: the phone number is sent as calling code joined to the number, and the e-mail is left out. */
export function contactBody(type: ContactType, values: { email: string; phone_number: string; phone_number_country: string }) {
  if (type === 'email') return { type, email: values.email.trim() };
  const digits = values.phone_number.replace(/\D/g, '').replace(/^0+/, '');
  const code = values.phone_number_country || DEFAULT_CALLING_CODE;
  return { type, phone_number_country: code, phone_number: digits.startsWith(code) ? digits : `${code}${digits}` };
}

type Errors = Record<string, string[]>;

/** Shows a failed call's messages under their fields (`setErrors`), and its message as a warning. */
export function reportFailure(error: unknown, setErrors: (errors: Errors) => void): void {
  const body = errorBody(error);
  setErrors(body.errors ?? {});
  // 401 and 419 are handled by the API client (sign out and reopen login; reload).
  if (body.status !== 401 && body.status !== 419) showToast(body.message ?? m.something_wrong(), 'warning');
}

/** Values, the server's messages per field, and a pending flag; `send` runs a call and reports failures. */
export function useForm<Values extends Record<string, string>>(initial: Values, valid: Partial<Record<keyof Values, (value: string) => boolean>> = {}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const set = (name: keyof Values & string) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    const check = valid[name] ?? ((text: string) => text.trim() !== '');
    if (errors[name] && check(value)) setErrors(({ [name]: _cleared, ...rest }) => rest);
  };
  const fail = (error: unknown) => reportFailure(error, setErrors);
  async function send<Result>(call: () => Promise<Result>): Promise<Result | undefined> {
    setPending(true);
    try {
      const result = await call();
      setErrors({});
      return result;
    } catch (error) {
      fail(error);
      return undefined;
    } finally {
      setPending(false);
    }
  }
  return { values, set, setValues, errors, setErrors, pending, send, fail };
}

interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string[] | undefined;
  type?: string;
  max?: string;
  min?: string | undefined;
  autoComplete?: string;
  disabled?: boolean;
  inputMode?: 'numeric' | 'email' | 'tel' | 'text';
  maxLength?: number;
  children?: ReactNode;
}

export function Field({ id, label, value, onChange, error, type = 'text', max, min, autoComplete, disabled, inputMode, maxLength, children }: FieldProps) {
  return (
    <div className="mt-3">
      <label htmlFor={id} className="block text-sm font-medium">{label}</label>
      <div className="mt-1 flex gap-2">
        <input id={id} type={type} max={max} min={min} value={value} onChange={(event) => onChange(event.target.value)} autoComplete={autoComplete}
          disabled={disabled} inputMode={inputMode} maxLength={maxLength} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}
          className="min-w-0 flex-1 rounded border border-gray-400 px-3 py-2 disabled:bg-gray-100" />
        {children}
      </div>
      {error && <p id={`${id}-error`} className="mt-1 text-sm text-red-700">{error[0]}</p>}
    </div>
  );
}

/** A labelled multi-line text field with its server message. */
export function TextAreaField({ id, label, value, onChange, error, maxLength = 5000 }: {
  id: string; label: string; value: string; onChange: (value: string) => void; error?: string[] | undefined; maxLength?: number;
}) {
  return (
    <div className="mt-3">
      <label htmlFor={id} className="block text-sm font-medium">{label}</label>
      <textarea id={id} rows={3} value={value} maxLength={maxLength} onChange={(event) => onChange(event.target.value)} aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined} className="mt-1 w-full rounded border border-gray-400 px-3 py-2" />
      {error && <p id={`${id}-error`} className="mt-1 text-sm text-red-700">{error[0]}</p>}
    </div>
  );
}

const reference = new Map<string, Promise<unknown>>();

/** A reference list of the API (GET countries, GET states), fetched once per page. */
function useReferenceList<Item>(name: string, load: () => Promise<Item[]>): Item[] {
  const [list, setList] = useState<Item[]>([]);
  useEffect(() => {
    if (!reference.has(name)) reference.set(name, load());
    (reference.get(name) as Promise<Item[]>).then(setList, (error: unknown) => console.warn(`${name} failed to load`, error));
  }, [name, load]);
  return list;
}

export const useCountries = () => useReferenceList('countries', countries);
export const useStates = () => useReferenceList('states', states);

interface PhoneFieldProps {
  id: string;
  country: string;
  number: string;
  onCountry: (value: string) => void;
  onNumber: (value: string) => void;
  error?: string[] | undefined;
  children?: ReactNode;
}

/** A labelled select with its server message. */
export function SelectField({ id, label, value, onChange, error, options }: {
  id: string; label: string; value: string; onChange: (value: string) => void; error?: string[] | undefined; options: [string, string][];
}) {
  return (
    <div className="mt-3">
      <label htmlFor={id} className="block text-sm font-medium">{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined} className="mt-1 w-full rounded border border-gray-400 px-2 py-2">
        {options.map(([key, text]) => <option key={key} value={key}>{text}</option>)}
      </select>
      {error && <p id={`${id}-error`} className="mt-1 text-sm text-red-700">{error[0]}</p>}
    </div>
  );
}

export function PhoneField({ id, country, number, onCountry, onNumber, error, children }: PhoneFieldProps) {
  const codes = useCountries();
  const options = codes.some((item) => item.calling_code === country) ? codes : [{ name: 'Malaysia', calling_code: country || DEFAULT_CALLING_CODE }, ...codes];
  return (
    <div className="mt-3">
      <label htmlFor={id} className="block text-sm font-medium">{m.form_phone()}</label>
      <div className="mt-1 flex gap-2">
        <select aria-label={m.form_calling_code()} value={country} onChange={(event) => onCountry(event.target.value)} className="w-24 rounded border border-gray-400 px-1 py-2">
          {options.map((item) => <option key={`${item.name}-${item.calling_code}`} value={item.calling_code}>+{item.calling_code} {item.name}</option>)}
        </select>
        <input id={id} name="phone_number" type="tel" inputMode="tel" autoComplete="tel-national" value={number} onChange={(event) => onNumber(event.target.value)}
          placeholder="12-345 6789" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}
          className="min-w-0 flex-1 rounded border border-gray-400 px-3 py-2" />
        {children}
      </div>
      {error && <p id={`${id}-error`} className="mt-1 text-sm text-red-700">{error[0]}</p>}
    </div>
  );
}

export function ContactToggle({ name, type, onChange }: { name: string; type: ContactType; onChange: (type: ContactType) => void }) {
  return (
    <fieldset className="mt-3 flex gap-4 text-sm">
      <legend className="sr-only">{m.form_contact_choice()}</legend>
      {(['email', 'phone'] as const).map((option) => (
        <label key={option} className="flex min-h-6 items-center gap-1">
          <input type="radio" name={name} value={option} checked={type === option} onChange={() => onChange(option)} />
          {option === 'email' ? m.form_by_email() : m.form_by_phone()}
        </label>
      ))}
    </fieldset>
  );
}

/** What the contact fields need of a form. */
interface ContactForm {
  values: { email: string; phone_number: string; phone_number_country: string };
  errors: Errors;
  set: (name: 'email' | 'phone_number' | 'phone_number_country') => (value: string) => void;
}

/** The e-mail field or the phone field, by the toggle. */
export function ContactFields({ prefix, type, form, children }: {
  prefix: string;
  type: ContactType;
  form: ContactForm;
  children?: ReactNode;
}) {
  return type === 'email'
    ? <Field id={`${prefix}-email`} label={m.form_email()} type="email" inputMode="email" autoComplete="email" value={form.values.email} onChange={form.set('email')} error={form.errors.email}>{children}</Field>
    : <PhoneField id={`${prefix}-phone`} country={form.values.phone_number_country} number={form.values.phone_number} onCountry={form.set('phone_number_country')}
      onNumber={form.set('phone_number')} error={form.errors.phone_number ?? form.errors.phone_number_country}>{children}</PhoneField>;
}

export const primaryButton = 'w-full rounded bg-ink text-white px-4 py-2 font-semibold disabled:opacity-50';
export const linkButton = 'min-h-6 text-sm font-medium text-blue-800 underline';
export const codeButton = 'shrink-0 rounded border border-ink px-3 py-2 text-sm font-semibold disabled:opacity-50';

/** The business editor's small inputs (issue 40): a labelled text input with its hint and the server's messages. */
import { FieldErrors } from '../gate.tsx';

export const input = 'mt-1 w-full rounded border border-gray-400 px-3 py-2';

export function TextInput({ id, label, value, onChange, errors, type = 'text', hint, autoComplete }: {
  id: string; label: string; value: string; onChange: (value: string) => void; errors?: string[] | undefined; type?: string; hint?: string; autoComplete?: string;
}) {
  const described = [errors?.length ? `${id}-error` : '', hint ? `${id}-hint` : ''].join(' ').trim() || undefined;
  return (
    <div className="mt-3">
      <label htmlFor={id} className="block font-semibold">{label}</label>
      {hint && <p id={`${id}-hint`} className="text-sm text-gray-700">{hint}</p>}
      <input id={id} type={type} value={value} onChange={(event) => onChange(event.target.value)} className={input} autoComplete={autoComplete}
        step={type === 'number' ? 'any' : undefined} aria-invalid={errors?.length ? true : undefined} aria-describedby={described} />
      <FieldErrors id={id} errors={errors} />
    </div>
  );
}

/** Text for an input from a nullable value; null back from an empty input. */
export const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));
export const orNull = (value: string) => (value.trim() === '' ? null : value);

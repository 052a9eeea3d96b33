/**
 * The advertiser editors' inputs over react-hook-form (issue 40): each registers its field by its path in the API
 * body ('locations.1.postcode'), so the form holds the body itself (numbers as numbers, empty as null), and shows the
 * message for that path, whether the shared zod schema or the server's 422 set it.
 */
import { get, useFormContext, type FieldErrors as FormErrors } from 'react-hook-form';
import { FieldErrors } from '../gate.tsx';
import { editorMessage } from '../form-words.ts';

export const input = 'mt-1 w-full rounded border border-gray-400 px-3 py-2';

/** The messages at a path of the form's errors (its own and those below it, for a list's or a section's field). */
export function messagesAt(errors: FormErrors, path: string): string[] | undefined {
  const found = get(errors, path) as { message?: string } | undefined;
  if (!found) return undefined;
  // The schema's own checks are said (issue 63): worded here in the page's language.
  if (typeof found.message === 'string' && found.message !== '') return [editorMessage(found.message)];
  const below: string[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const { message } = node as { message?: unknown };
    if (typeof message === 'string' && message !== '') below.push(editorMessage(message));
    else for (const [key, value] of Object.entries(node)) if (key !== 'ref') walk(value);
  };
  walk(found);
  return below.length > 0 ? [...new Set(below)] : undefined;
}

/** How a text input's value is kept: as typed, empty as null, or a number (empty as null). */
export type Kind = 'text' | 'nullable' | 'number';
const valueAs = (kind: Kind) => (kind === 'text' ? undefined
  : kind === 'nullable' ? (value: unknown) => (value === '' || value === null || value === undefined ? null : value)
    : (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value)));

export function TextField({ name, id = name.replace(/\./g, '-'), label, kind = 'text', type = kind === 'number' ? 'number' : 'text', hint, autoComplete }: {
  name: string; id?: string; label: string; kind?: Kind; type?: string; hint?: string; autoComplete?: string;
}) {
  const { register, formState: { errors } } = useFormContext();
  const messages = messagesAt(errors, name);
  const setValueAs = valueAs(kind);
  const described = [messages?.length ? `${id}-error` : '', hint ? `${id}-hint` : ''].join(' ').trim() || undefined;
  return (
    <div className="mt-3">
      <label htmlFor={id} className="block font-semibold">{label}</label>
      {hint && <p id={`${id}-hint`} className="text-sm text-gray-700">{hint}</p>}
      <input id={id} type={type} className={input} autoComplete={autoComplete} step={type === 'number' ? 'any' : undefined}
        aria-invalid={messages?.length ? true : undefined} aria-describedby={described} {...register(name, setValueAs ? { setValueAs } : {})} />
      <FieldErrors id={id} errors={messages} />
    </div>
  );
}

/** A select of `options` (value → text). */
export function ChoiceField({ name, id = name.replace(/\./g, '-'), label, options }: { name: string; id?: string; label: string; options: Record<string, string> }) {
  const { register, formState: { errors } } = useFormContext();
  const messages = messagesAt(errors, name);
  return (
    <div className="mt-3">
      <label htmlFor={id} className="block font-semibold">{label}</label>
      <select id={id} className={input} aria-invalid={messages?.length ? true : undefined} aria-describedby={messages?.length ? `${id}-error` : undefined} {...register(name)}>
        {Object.entries(options).map(([value, text]) => <option key={value} value={value}>{text}</option>)}
      </select>
      <FieldErrors id={id} errors={messages} />
    </div>
  );
}

/** Check boxes of `options` whose ticked values make the list at `name`. */
export function ChecksField({ name, label, options }: { name: string; label: string; options: Record<string, string> }) {
  const { register, formState: { errors } } = useFormContext();
  const messages = messagesAt(errors, name);
  const id = name.replace(/\./g, '-');
  return (
    <fieldset className="mt-3" aria-describedby={messages?.length ? `${id}-error` : undefined}>
      <legend className="font-semibold">{label}</legend>
      <div className="flex flex-wrap gap-x-4">
        {Object.entries(options).map(([value, text]) => (
          <label key={value} className="flex items-center gap-1 py-1"><input type="checkbox" value={value} {...register(name)} /> {text}</label>
        ))}
      </div>
      <FieldErrors id={id} errors={messages} />
    </fieldset>
  );
}

/** A check box holding true or false. */
export function FlagField({ name, label }: { name: string; label: string }) {
  const { register } = useFormContext();
  return <label className="mt-2 flex items-center gap-2"><input type="checkbox" {...register(name)} /> {label}</label>;
}

/** Puts a 422's messages (by field path, spec §8) on the form's fields. */
export function showServerErrors(setError: (name: string, error: { type: string; message: string }) => void, errors: Record<string, string[]> | undefined): void {
  for (const [field, messages] of Object.entries(errors ?? {})) setError(field === '_' ? 'root.server' : field, { type: 'server', message: messages.join(' ') });
}

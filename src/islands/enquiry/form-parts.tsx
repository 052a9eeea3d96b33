/**
 * What the four enquiry forms share (spec §3, §5): the values a form starts with, pre-filled from the account, and the
 * parts each kind's fields are drawn with. Each kind's fields live in a file of their own (issue 23).
 */
import type { Dispatch, SetStateAction } from 'react';
import { RESUME_EDUCATION } from '../../shared/account-settings.ts';
import type { EnquiryKind } from '../../shared/enquiries.ts';
import type { Image } from '../../shared/schemas/catalog.ts';
import { HONEYPOT_FIELD } from '../../shared/schemas/engagement.ts';
import type { SessionUser } from '../../stores/session.ts';
import { Field, TextAreaField } from '../forms.tsx';

export const fieldId = (name: string) => `enquiry-${name}`;

/** The form's values and messages, and the state a kind's fields keep beside them. */
export interface EnquiryFieldsProps {
  values: Record<string, string>;
  set: (name: string) => (value: string) => void;
  errors: Record<string, string[]>;
  setErrors: Dispatch<SetStateAction<Record<string, string[]>>>;
  fail: (error: unknown) => void;
  today: string;
  images: Image[];
  setImages: Dispatch<SetStateAction<Image[]>>;
  setUploading: (uploading: boolean) => void;
  language: string[];
  setLanguage: (language: string[]) => void;
  file: File | null;
  setFile: (file: File | null) => void;
  storedCv: { original_filename: string } | null;
  useStoredCv: boolean;
  setUseStoredCv: (use: boolean) => void;
  resumeRequired: boolean;
}

/** A labelled input of the form. */
export function TextInput({ form, name, label, type, inputMode, autoComplete, min }: {
  form: Pick<EnquiryFieldsProps, 'values' | 'set' | 'errors'>; name: string; label: string; type?: string;
  inputMode?: 'numeric' | 'email' | 'tel' | 'text'; autoComplete?: string; min?: string;
}) {
  return <Field id={fieldId(name)} label={label} value={form.values[name] ?? ''} onChange={form.set(name)} error={form.errors[name]} type={type} inputMode={inputMode}
    autoComplete={autoComplete} min={min} />;
}

/** A labelled text area of the form. */
export function TextArea({ form, name, label }: { form: Pick<EnquiryFieldsProps, 'values' | 'set' | 'errors'>; name: string; label: string }) {
  return <TextAreaField id={fieldId(name)} label={label} value={form.values[name] ?? ''} onChange={form.set(name)} error={form.errors[name]} />;
}

export function initialValues(kind: EnquiryKind, user: SessionUser | null): Record<string, string> {
  const detail = user?.user_detail;
  const base = {
    name: user?.name ?? '', email: user?.email ?? '', phone_number: user?.phone_number ? `+${user.phone_number}` : '', contact_method: 'call', [HONEYPOT_FIELD]: '',
  };
  switch (kind) {
    case 'services': return { ...base, description: '', preferred_date: '', alternative_date: '', urgent: '0' };
    case 'jobs': return {
      ...base,
      education: detail?.education && (RESUME_EDUCATION as readonly string[]).includes(detail.education) ? detail.education : '',
      experience: detail?.experience === null || detail?.experience === undefined ? '' : String(detail.experience),
      salary_type: detail?.salary_type ?? 'month',
      salary: detail?.salary === null || detail?.salary === undefined ? '' : String(detail.salary),
      additional_skill: detail?.additional_skill ?? '',
    };
    case 'hireme': return { ...base, company_name: '', offer: '', description: '' };
    case 'buysell': return { ...base, qty: '1', offered_price: '', deal_method: '', remark: '' };
  }
}

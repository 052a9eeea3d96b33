/**
 * The enquiry modal (spec §2, 800 px): the listing's title, and its company logo, name and location (only
 * the location for a profile; no company for a confidential one); the form of its kind (spec §3, §5),
 * pre-filled from the account, checked with the schema the API checks with; up to 5 photos for a service
 * enquiry, the CV of a job application (the one on the account or a new file), a hirer's document. On
 * success the toast of spec §8 shows and the modal closes. Each kind's fields live in a file of their own.
 */
import * as m from '../../paraglide/messages.js';
import { useStore } from '@nanostores/react';
import { useState, type ReactNode } from 'react';
import { sendEnquiry } from '../../client/calls.ts';
import { LANGUAGES } from '../../shared/constants.ts';
import { CONTACT_METHODS, ENQUIRY_FILE_FIELDS, STORED_CV, type EnquiryKind } from '../../shared/enquiries.ts';
import { malaysiaToday } from '../../shared/malaysia-time.ts';
import type { Image } from '../../shared/schemas/catalog.ts';
import { ENQUIRY_SCHEMAS, fieldErrors } from '../../shared/schemas/enquiries.ts';
import { formFieldErrors } from '../../shared/form-messages.ts';
import { say } from '../../shared/said.ts';
import { currentLocale } from '../../shared/i18n.ts';
import { HONEYPOT_FIELD } from '../../shared/schemas/engagement.ts';
import { $user } from '../../stores/session.ts';
import { showToast } from '../../stores/toasts.ts';
import { SelectField, useForm } from '../forms.tsx';
import Modal from '../Modal.tsx';
import BuysellOfferFields from './BuysellOfferFields.tsx';
import { fieldId, initialValues, TextInput, type EnquiryFieldsProps } from './form-parts.tsx';
import JobApplicationFields from './JobApplicationFields.tsx';
import JobOfferFields from './JobOfferFields.tsx';
import ServiceEnquiryFields from './ServiceEnquiryFields.tsx';

/** The submit button of each kind and the contact methods, in the page's language. */
const SUBMIT: Record<EnquiryKind, () => string> = { services: m.submit_services, jobs: m.submit_jobs, hireme: m.submit_hireme, buysell: m.submit_buysell };
const CONTACT_METHOD_NAMES: Record<keyof typeof CONTACT_METHODS, () => string> = { call: m.contact_call, whatsapp: m.contact_whatsapp, sms: m.contact_sms, email: m.contact_email };

/** Each kind's fields, in a file of their own. */
const KIND_FIELDS: Record<EnquiryKind, (props: EnquiryFieldsProps) => ReactNode> = {
  services: ServiceEnquiryFields, jobs: JobApplicationFields, hireme: JobOfferFields, buysell: BuysellOfferFields,
};

export interface EnquiryDialogProps {
  kind: EnquiryKind;
  /** What is enquired about; company and logo are left out for a profile and for a confidential post. */
  listing: {
    type: EnquiryKind | 'profile';
    id: number;
    title: string;
    /** The company logo's thumbnail URL. */
    logo: string | null;
    company: string | null;
    location: string | null;
  };
  /** A job that needs a CV (spec §5). */
  resumeRequired?: boolean;
  onClose: () => void;
}

const primary = 'rounded bg-ink px-4 py-2 font-semibold text-white disabled:opacity-50';
const secondary = 'rounded border border-ink px-4 py-2 font-semibold';

export default function EnquiryDialog({ kind, listing, resumeRequired = false, onClose }: EnquiryDialogProps) {
  const user = useStore($user);
  const { values, set, errors, setErrors, pending, send, fail } = useForm(initialValues(kind, user));
  const [language, setLanguage] = useState<string[]>(() => (user?.user_detail.language ?? []).filter((item) => (LANGUAGES as readonly string[]).includes(item)));
  const [images, setImages] = useState<Image[]>([]);
  const [uploading, setUploading] = useState(false);
  const storedCv = kind === 'jobs' ? user?.user_detail.cv ?? null : null;
  const [useStoredCv, setUseStoredCv] = useState(storedCv !== null);
  const [file, setFile] = useState<File | null>(null);
  const today = malaysiaToday();

  const body = (): Record<string, unknown> => ({
    ...values,
    id: listing.id,
    ...(kind === 'services' ? { type: listing.type, images } : {}),
    ...(kind === 'jobs' ? { language } : {}),
  });

  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    const fields = body();
    const found = fieldErrors(ENQUIRY_SCHEMAS[kind], fields) ?? {};
    if (kind === 'jobs' && resumeRequired && !file && !useStoredCv) found.cv = [say('api_cv_field_required')];
    // A problem the form cannot word goes to the API, which answers it in the page's words.
    const worded = formFieldErrors(found, currentLocale());
    if (worded && Object.keys(worded).length > 0) {
      setErrors(worded);
      document.getElementById(fieldId(Object.keys(worded)[0]!))?.focus();
      return;
    }
    const result = await send(() => {
      // The shared schema accepted these fields just above.
      if (kind !== 'jobs' && kind !== 'hireme') return sendEnquiry(kind, fields as Parameters<typeof sendEnquiry<typeof kind>>[1]);
      // A job application or job offer may carry a file: multipart, as spec §7 has it for hireme/enquire.
      const data = new FormData();
      for (const [name, value] of Object.entries(fields)) {
        for (const item of Array.isArray(value) ? value : [value]) data.append(name, String(item));
      }
      if (file) data.append(ENQUIRY_FILE_FIELDS[kind], file);
      else if (kind === 'jobs' && useStoredCv) data.append(ENQUIRY_FILE_FIELDS.jobs, STORED_CV);
      return sendEnquiry(kind, data);
    });
    if (result) {
      showToast(result.message);
      onClose();
    }
  };

  const Fields = KIND_FIELDS[kind];
  const form = { values, set, errors };

  return (
    <Modal title={listing.title} width={800} onClose={onClose} testId="enquiry-modal" view={kind}>
      <div className="mt-2 flex items-center gap-3 text-sm text-gray-700">
        {listing.logo && <img src={listing.logo} alt={m.enquiry_logo({ name: listing.company ?? listing.title })} width={48} height={48} className="h-12 w-12 rounded-full object-cover" />}
        <div>
          {listing.company && <p className="font-semibold text-ink">{listing.company}</p>}
          {listing.location && <p>{listing.location}</p>}
        </div>
      </div>
      <form onSubmit={submit} noValidate className="grid gap-x-4 sm:grid-cols-2" data-testid="enquiry-form">
        <TextInput form={form} name="name" label={m.enquiry_name()} autoComplete="name" />
        <TextInput form={form} name="phone_number" label={m.enquiry_phone()} type="tel" inputMode="tel" autoComplete="tel" />
        <TextInput form={form} name="email" label={m.enquiry_email()} type="email" inputMode="email" autoComplete="email" />
        <SelectField id={fieldId('contact_method')} label={m.enquiry_contact_method()} value={values.contact_method ?? 'call'} onChange={set('contact_method')}
          error={errors.contact_method} options={Object.keys(CONTACT_METHODS).map((method) => [method, CONTACT_METHOD_NAMES[method as keyof typeof CONTACT_METHODS]()])} />

        <Fields {...{ values, set, errors, setErrors, fail, today, images, setImages, setUploading, language, setLanguage, file, setFile, storedCv, useStoredCv, setUseStoredCv, resumeRequired }} />
        <div className="hidden" aria-hidden="true">
          <label htmlFor={fieldId(HONEYPOT_FIELD)}>{m.enquiry_honeypot()}</label>
          <input id={fieldId(HONEYPOT_FIELD)} type="text" tabIndex={-1} autoComplete="off" value={values[HONEYPOT_FIELD] ?? ''} onChange={(event) => set(HONEYPOT_FIELD)(event.target.value)} />
        </div>
        <div className="mt-5 flex justify-end gap-2 sm:col-span-2">
          <button type="button" onClick={onClose} className={secondary}>{m.dialog_close()}</button>
          <button type="submit" disabled={pending || uploading} className={primary}>{SUBMIT[kind]()}</button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * The enquiry modal (spec §2, 800 px): the listing's title, and its company logo, name and location (only
 * the location for a profile; no company for a confidential one); the form of its kind (spec §3, §5),
 * pre-filled from the account, checked with the schema the API checks with; up to 5 photos for a service
 * enquiry, the CV of a job application (the one on the account or a new file), a hirer's document. On
 * success the toast of spec §8 shows and the modal closes.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { sendEnquiry } from '../../client/calls.ts';
import { RESUME_EDUCATION } from '../../shared/account-settings.ts';
import { DEAL_METHODS, EDUCATION_LEVELS, LANGUAGES } from '../../shared/constants.ts';
import { CONTACT_METHODS, ENQUIRY_FILE_FIELDS, ENQUIRY_IMAGES_MAX, ENQUIRY_WORDS, STORED_CV, type EnquiryKind } from '../../shared/enquiries.ts';
import { malaysiaToday } from '../../shared/malaysia-time.ts';
import type { Image } from '../../shared/schemas/catalog.ts';
import { ENQUIRY_SCHEMAS, fieldErrors } from '../../shared/schemas/enquiries.ts';
import { HONEYPOT_FIELD } from '../../shared/schemas/engagement.ts';
import { $user, type SessionUser } from '../../stores/session.ts';
import { showToast } from '../../stores/toasts.ts';
import { Field, SelectField, TextAreaField, useForm } from '../forms.tsx';
import Modal from '../Modal.tsx';
import { PhotoPicker } from '../PhotoPicker.tsx';

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

function initialValues(kind: EnquiryKind, user: SessionUser | null): Record<string, string> {
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
  const words = ENQUIRY_WORDS[kind];
  const id = (name: string) => `enquiry-${name}`;

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
    if (kind === 'jobs' && resumeRequired && !file && !useStoredCv) found.cv = ['The cv field is required.'];
    if (Object.keys(found).length > 0) {
      setErrors(found);
      document.getElementById(id(Object.keys(found)[0]!))?.focus();
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

  const text = (name: string, label: string, options: { type?: string; inputMode?: 'numeric' | 'email' | 'tel' | 'text'; autoComplete?: string; min?: string } = {}) => (
    <Field id={id(name)} label={label} value={values[name] ?? ''} onChange={set(name)} error={errors[name]} type={options.type} inputMode={options.inputMode}
      autoComplete={options.autoComplete} min={options.min} />
  );
  const area = (name: string, label: string) => <TextAreaField id={id(name)} label={label} value={values[name] ?? ''} onChange={set(name)} error={errors[name]} />;

  return (
    <Modal title={listing.title} width={800} onClose={onClose} testId="enquiry-modal" view={kind}>
      <div className="mt-2 flex items-center gap-3 text-sm text-gray-700">
        {listing.logo && <img src={listing.logo} alt={`${listing.company ?? listing.title} logo`} width={48} height={48} className="h-12 w-12 rounded-full object-cover" />}
        <div>
          {listing.company && <p className="font-semibold text-ink">{listing.company}</p>}
          {listing.location && <p>{listing.location}</p>}
        </div>
      </div>
      <form onSubmit={submit} noValidate className="grid gap-x-4 sm:grid-cols-2" data-testid="enquiry-form">
        {text('name', 'Name', { autoComplete: 'name' })}
        {text('phone_number', 'Phone number', { type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
        {text('email', 'Email (optional)', { type: 'email', inputMode: 'email', autoComplete: 'email' })}
        <SelectField id={id('contact_method')} label="Preferred contact method" value={values.contact_method ?? 'call'} onChange={set('contact_method')}
          error={errors.contact_method} options={Object.entries(CONTACT_METHODS)} />

        {kind === 'services' && <>
          <div className="sm:col-span-2">{area('description', 'Description')}</div>
          {text('preferred_date', 'Preferred date', { type: 'date', min: today })}
          {text('alternative_date', 'Alternative date (optional)', { type: 'date', min: today })}
          <label className="mt-3 flex min-h-6 items-center gap-2 text-sm sm:col-span-2">
            <input type="checkbox" checked={values.urgent === '1'} onChange={(event) => set('urgent')(event.target.checked ? '1' : '0')} /> Urgent
          </label>
          <div className="mt-3 sm:col-span-2">
            <PhotoPicker id={id('images')} uploadPath="enquire/image" max={ENQUIRY_IMAGES_MAX} images={images} onChange={setImages}
              onError={fail} onUploading={setUploading} error={errors.images} testId="enquiry-images" />
          </div>
        </>}

        {kind === 'jobs' && <>
          <fieldset className="mt-3 sm:col-span-2" aria-describedby={errors.language ? id('language-error') : undefined}>
            <legend id={id('language')} tabIndex={-1} className="text-sm font-medium">Languages</legend>
            <div className="mt-1 flex flex-wrap gap-4 text-sm">
              {LANGUAGES.map((item) => (
                <label key={item} className="flex min-h-6 items-center gap-1">
                  <input type="checkbox" checked={language.includes(item)} onChange={(event) => {
                    const next = event.target.checked ? [...language, item] : language.filter((chosen) => chosen !== item);
                    setLanguage(next);
                    if (next.length > 0) setErrors(({ language: _cleared, ...rest }) => rest);
                  }} /> {item}
                </label>
              ))}
            </div>
            {errors.language && <p id={id('language-error')} className="mt-1 text-sm text-red-700">{errors.language[0]}</p>}
          </fieldset>
          <SelectField id={id('education')} label="Education" value={values.education ?? ''} onChange={set('education')} error={errors.education}
            options={[['', 'Choose…'], ...Object.entries(EDUCATION_LEVELS)]} />
          {text('experience', 'Experience (years)', { type: 'number', inputMode: 'numeric', min: '0' })}
          <SelectField id={id('salary_type')} label="Salary type" value={values.salary_type ?? 'month'} onChange={set('salary_type')} error={errors.salary_type}
            options={[['month', 'Monthly'], ['year', 'Yearly']]} />
          {text('salary', 'Expected salary (RM)', { type: 'number', inputMode: 'numeric', min: '0' })}
          <div className="sm:col-span-2">{area('additional_skill', 'Additional skills (optional)')}</div>
          <fieldset className="mt-3 sm:col-span-2">
            <legend className="text-sm font-medium">CV{resumeRequired ? ' (required for this job)' : ' (optional)'}</legend>
            {storedCv && (
              <label className="mt-1 flex min-h-6 items-center gap-2 text-sm">
                <input type="checkbox" checked={useStoredCv && !file} disabled={file !== null} onChange={(event) => setUseStoredCv(event.target.checked)} />
                Send my CV ({storedCv.original_filename})
              </label>
            )}
            <label htmlFor={id('cv')} className="mt-1 block text-sm">{storedCv ? 'Or upload another CV' : 'Upload your CV'} (PDF, DOC or DOCX, up to 5 MB)</label>
            <input id={id('cv')} type="file" accept=".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
              onChange={(event) => { setFile(event.target.files?.[0] ?? null); setErrors(({ cv: _cleared, ...rest }) => rest); }} className="mt-1 block text-sm"
              aria-invalid={errors.cv ? true : undefined} aria-describedby={errors.cv ? id('cv-error') : undefined} />
            {errors.cv && <p id={id('cv-error')} className="mt-1 text-sm text-red-700">{errors.cv[0]}</p>}
          </fieldset>
        </>}

        {kind === 'hireme' && <>
          <div className="sm:col-span-2">{text('company_name', 'Hirer', { autoComplete: 'organization' })}</div>
          <div className="sm:col-span-2">{area('offer', 'Offer')}</div>
          <div className="sm:col-span-2">{area('description', 'Description (optional)')}</div>
          <div className="mt-3 sm:col-span-2">
            <label htmlFor={id('doc')} className="block text-sm font-medium">Document (optional, PDF up to 5 MB)</label>
            <input id={id('doc')} type="file" accept=".pdf,application/pdf" onChange={(event) => { setFile(event.target.files?.[0] ?? null); setErrors(({ doc: _cleared, ...rest }) => rest); }}
              className="mt-1 block text-sm" aria-invalid={errors.doc ? true : undefined} aria-describedby={errors.doc ? id('doc-error') : undefined} />
            {errors.doc && <p id={id('doc-error')} className="mt-1 text-sm text-red-700">{errors.doc[0]}</p>}
          </div>
        </>}

        {kind === 'buysell' && <>
          {text('qty', 'Quantity', { type: 'number', inputMode: 'numeric', min: '1' })}
          {text('offered_price', 'Offered price (RM)', { type: 'number', inputMode: 'numeric', min: '0' })}
          <SelectField id={id('deal_method')} label="Deal method" value={values.deal_method ?? ''} onChange={set('deal_method')} error={errors.deal_method}
            options={[['', 'Choose…'], ...Object.entries(DEAL_METHODS)]} />
          <div className="sm:col-span-2">{area('remark', 'Remark (optional)')}</div>
        </>}

        <div className="hidden" aria-hidden="true">
          <label htmlFor={id(HONEYPOT_FIELD)}>Leave this empty</label>
          <input id={id(HONEYPOT_FIELD)} type="text" tabIndex={-1} autoComplete="off" value={values[HONEYPOT_FIELD] ?? ''} onChange={(event) => set(HONEYPOT_FIELD)(event.target.value)} />
        </div>
        <div className="mt-5 flex justify-end gap-2 sm:col-span-2">
          <button type="button" onClick={onClose} className={secondary}>Close</button>
          <button type="submit" disabled={pending || uploading} className={primary}>{words.submit}</button>
        </div>
      </form>
    </Modal>
  );
}

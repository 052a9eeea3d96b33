/** The fields of a job application (spec §5): languages, education, experience, expected salary, skills, and the CV (the one on the account or a new file). */
import * as m from '../../paraglide/messages.js';
import { LANGUAGES } from '../../shared/constants.ts';
import { optionLabel, optionLabels } from '../../shared/option-labels.ts';
import { SelectField } from '../forms.tsx';
import { type EnquiryFieldsProps, TextArea, TextInput, fieldId } from './form-parts.tsx';

export default function JobApplicationFields(props: EnquiryFieldsProps) {
  return (
    <>
      <fieldset className="mt-3 sm:col-span-2" aria-describedby={props.errors.language ? fieldId('language-error') : undefined}>
        <legend id={fieldId('language')} tabIndex={-1} className="text-sm font-medium">{m.enquiry_languages()}</legend>
        <div className="mt-1 flex flex-wrap gap-4 text-sm">
          {LANGUAGES.map((item) => (
            <label key={item} className="flex min-h-6 items-center gap-1">
              <input type="checkbox" checked={props.language.includes(item)} onChange={(event) => {
                const next = event.target.checked ? [...props.language, item] : props.language.filter((chosen) => chosen !== item);
                props.setLanguage(next);
                if (next.length > 0) props.setErrors(({ language: _cleared, ...rest }) => rest);
              }} /> {optionLabel('language', item)}
            </label>
          ))}
        </div>
        {props.errors.language && <p id={fieldId('language-error')} className="mt-1 text-sm text-red-700">{props.errors.language[0]}</p>}
      </fieldset>
      <SelectField id={fieldId('education')} label={m.account_education()} value={props.values.education ?? ''} onChange={props.set('education')} error={props.errors.education}
        options={[['', m.enquiry_choose()], ...Object.entries(optionLabels('qualification'))]} />
      <TextInput form={props} name="experience" label={m.edit_experience_years()} type="number" inputMode="numeric" min="0" />
      <SelectField id={fieldId('salary_type')} label={m.edit_salary_type()} value={props.values.salary_type ?? 'month'} onChange={props.set('salary_type')} error={props.errors.salary_type}
        options={[['month', m.enquiry_salary_monthly()], ['year', m.enquiry_salary_yearly()]]} />
      <TextInput form={props} name="salary" label={m.edit_expected_salary()} type="number" inputMode="numeric" min="0" />
      <div className="sm:col-span-2"><TextArea form={props} name="additional_skill" label={m.enquiry_skills()} /></div>
      <fieldset className="mt-3 sm:col-span-2">
        <legend className="text-sm font-medium">{props.resumeRequired ? m.enquiry_cv_required() : m.enquiry_cv_optional()}</legend>
        {props.storedCv && (
          <label className="mt-1 flex min-h-6 items-center gap-2 text-sm">
            <input type="checkbox" checked={props.useStoredCv && !props.file} disabled={props.file !== null} onChange={(event) => props.setUseStoredCv(event.target.checked)} />
            {m.enquiry_send_my_cv({ file: props.storedCv.original_filename })}
          </label>
        )}
        <label htmlFor={fieldId('cv')} className="mt-1 block text-sm">{props.storedCv ? m.enquiry_upload_another_cv() : m.enquiry_upload_cv()}</label>
        <input id={fieldId('cv')} type="file" accept=".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          onChange={(event) => { props.setFile(event.target.files?.[0] ?? null); props.setErrors(({ cv: _cleared, ...rest }) => rest); }} className="mt-1 block text-sm"
          aria-invalid={props.errors.cv ? true : undefined} aria-describedby={props.errors.cv ? fieldId('cv-error') : undefined} />
        {props.errors.cv && <p id={fieldId('cv-error')} className="mt-1 text-sm text-red-700">{props.errors.cv[0]}</p>}
      </fieldset>
    </>
  );
}

/** The fields of a job offer to a person for hire (spec §5): the hirer, the offer, a description and an optional PDF. */
import { type EnquiryFieldsProps, TextArea, TextInput, fieldId } from './form-parts.tsx';

export default function JobOfferFields(props: EnquiryFieldsProps) {
  return (
    <>
      <div className="sm:col-span-2"><TextInput form={props} name="company_name" label="Hirer" autoComplete="organization" /></div>
      <div className="sm:col-span-2"><TextArea form={props} name="offer" label="Offer" /></div>
      <div className="sm:col-span-2"><TextArea form={props} name="description" label="Description (optional)" /></div>
      <div className="mt-3 sm:col-span-2">
        <label htmlFor={fieldId('doc')} className="block text-sm font-medium">Document (optional, PDF up to 5 MB)</label>
        <input id={fieldId('doc')} type="file" accept=".pdf,application/pdf" onChange={(event) => { props.setFile(event.target.files?.[0] ?? null); props.setErrors(({ doc: _cleared, ...rest }) => rest); }}
          className="mt-1 block text-sm" aria-invalid={props.errors.doc ? true : undefined} aria-describedby={props.errors.doc ? fieldId('doc-error') : undefined} />
        {props.errors.doc && <p id={fieldId('doc-error')} className="mt-1 text-sm text-red-700">{props.errors.doc[0]}</p>}
      </div>
    </>
  );
}

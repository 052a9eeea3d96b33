/** The fields of a job offer to a person for hire (spec §5): the hirer, the offer, a description and an optional PDF. */
import * as m from '../../paraglide/messages.js';
import { type EnquiryFieldsProps, TextArea, TextInput, fieldId } from './form-parts.tsx';

export default function JobOfferFields(props: EnquiryFieldsProps) {
  return (
    <>
      <div className="sm:col-span-2"><TextInput form={props} name="company_name" label={m.enquiry_hirer()} autoComplete="organization" /></div>
      <div className="sm:col-span-2"><TextArea form={props} name="offer" label={m.enquiry_offer()} /></div>
      <div className="sm:col-span-2"><TextArea form={props} name="description" label={m.enquiry_description_optional()} /></div>
      <div className="mt-3 sm:col-span-2">
        <label htmlFor={fieldId('doc')} className="block text-sm font-medium">{m.enquiry_document_optional()}</label>
        <input id={fieldId('doc')} type="file" accept=".pdf,application/pdf" onChange={(event) => { props.setFile(event.target.files?.[0] ?? null); props.setErrors(({ doc: _cleared, ...rest }) => rest); }}
          className="mt-1 block text-sm" aria-invalid={props.errors.doc ? true : undefined} aria-describedby={props.errors.doc ? fieldId('doc-error') : undefined} />
        {props.errors.doc && <p id={fieldId('doc-error')} className="mt-1 text-sm text-red-700">{props.errors.doc[0]}</p>}
      </div>
    </>
  );
}

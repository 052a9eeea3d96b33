/** The fields of a service enquiry (spec §5): description, preferred and alternative dates, urgency, up to 5 photos. */
import * as m from '../../paraglide/messages.js';
import { ENQUIRY_IMAGES_MAX } from '../../shared/enquiries.ts';
import { PhotoPicker } from '../PhotoPicker.tsx';
import { type EnquiryFieldsProps, TextArea, TextInput, fieldId } from './form-parts.tsx';

export default function ServiceEnquiryFields(props: EnquiryFieldsProps) {
  return (
    <>
      <div className="sm:col-span-2"><TextArea form={props} name="description" label={m.enquiry_description()} /></div>
      <TextInput form={props} name="preferred_date" label={m.enquiry_preferred_date()} type="date" min={props.today} />
      <TextInput form={props} name="alternative_date" label={m.enquiry_alternative_date()} type="date" min={props.today} />
      <label className="mt-3 flex min-h-6 items-center gap-2 text-sm sm:col-span-2">
        <input type="checkbox" checked={props.values.urgent === '1'} onChange={(event) => props.set('urgent')(event.target.checked ? '1' : '0')} /> Urgent
      </label>
      <div className="mt-3 sm:col-span-2">
        <PhotoPicker id={fieldId('images')} uploadPath="enquire/image" max={ENQUIRY_IMAGES_MAX} images={props.images} onChange={props.setImages}
          onError={props.fail} onUploading={props.setUploading} error={props.errors.images} testId="enquiry-images" />
      </div>
    </>
  );
}

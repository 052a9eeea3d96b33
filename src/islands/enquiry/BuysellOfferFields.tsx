/** The fields of an offer on an item (spec §5): quantity, offered price, deal method and a remark. */
import * as m from '../../paraglide/messages.js';
import { optionLabels } from '../../shared/option-labels.ts';
import { SelectField } from '../forms.tsx';
import { type EnquiryFieldsProps, TextArea, TextInput, fieldId } from './form-parts.tsx';

export default function BuysellOfferFields(props: EnquiryFieldsProps) {
  return (
    <>
      <TextInput form={props} name="qty" label={m.enquiry_quantity()} type="number" inputMode="numeric" min="1" />
      <TextInput form={props} name="offered_price" label={m.enquiry_offered_price()} type="number" inputMode="numeric" min="0" />
      <SelectField id={fieldId('deal_method')} label={m.enquiry_deal_method()} value={props.values.deal_method ?? ''} onChange={props.set('deal_method')} error={props.errors.deal_method}
        options={[['', m.enquiry_choose()], ...Object.entries(optionLabels('method'))]} />
      <div className="sm:col-span-2"><TextArea form={props} name="remark" label={m.enquiry_remark()} /></div>
    </>
  );
}

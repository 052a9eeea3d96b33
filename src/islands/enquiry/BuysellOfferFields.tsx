/** The fields of an offer on an item (spec §5): quantity, offered price, deal method and a remark. */
import { DEAL_METHODS } from '../../shared/constants.ts';
import { SelectField } from '../forms.tsx';
import { type EnquiryFieldsProps, TextArea, TextInput, fieldId } from './form-parts.tsx';

export default function BuysellOfferFields(props: EnquiryFieldsProps) {
  return (
    <>
      <TextInput form={props} name="qty" label="Quantity" type="number" inputMode="numeric" min="1" />
      <TextInput form={props} name="offered_price" label="Offered price (RM)" type="number" inputMode="numeric" min="0" />
      <SelectField id={fieldId('deal_method')} label="Deal method" value={props.values.deal_method ?? ''} onChange={props.set('deal_method')} error={props.errors.deal_method}
        options={[['', 'Choose…'], ...Object.entries(DEAL_METHODS)]} />
      <div className="sm:col-span-2"><TextArea form={props} name="remark" label="Remark (optional)" /></div>
    </>
  );
}

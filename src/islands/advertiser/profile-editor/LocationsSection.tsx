/**
 * Every branch of a business (issue 40): add, edit, remove and reorder, each with all its fields and its pin. A
 * branch keeps its `id`, so the ads offered there stay with it; a new one has none until it is saved.
 */
import { useFieldArray, useFormContext } from 'react-hook-form';
import type { ProfileBody } from '../../../shared/profile-body.ts';
import { useStates } from '../../forms.tsx';
import { FieldErrors, secondary } from '../gate.tsx';
import { ChoiceField, messagesAt, TextField } from './fields.tsx';
import { HoursSection } from './HoursSection.tsx';
import * as m from '../../../paraglide/messages.js';

export type LocationBody = ProfileBody['locations'][number];

export const newLocation = (): LocationBody => ({
  name: m.adv_main_branch(), address_line1: '', address_line2: null, city: '', state: '', postcode: '', phone_number: null, company_phone_number: null,
  fax_number: null, email: null, latitude: null, longitude: null, business_hours: null, special_hours: null,
});

export function LocationsSection() {
  const states = useStates();
  const { control, setValue, watch, formState: { errors } } = useFormContext<ProfileBody>();
  // `key` is react-hook-form's own key for each row: the branch's `id` stays the body's.
  const { fields, append, remove, move } = useFieldArray({ control, name: 'locations', keyName: 'key' });
  const stateOptions = (current: string) => ({ '': m.adv_choose(), ...(current && !states.some((state) => state.name === current) ? { [current]: current } : {}),
    ...Object.fromEntries(states.map((state) => [state.name, state.name])) });
  return (
    <fieldset className="mt-5" data-testid="locations">
      <legend className="text-lg font-bold">{m.adv_locations()}</legend>
      {fields.length === 0 && <p className="text-sm text-gray-700">{m.adv_no_location()}</p>}
      {fields.map((field, index) => {
        const path = (name: keyof LocationBody) => `locations.${index}.${name}`;
        const name = watch(`locations.${index}.name`);
        return (
          <fieldset key={field.key} className="mt-3 rounded border border-gray-300 p-3" data-testid={`location-${index}`}>
            <legend className="px-1 font-semibold">{name || m.adv_location_numbered({ number: index + 1 })}</legend>
            <TextField name={path('name')} label={m.adv_branch_name()} />
            <TextField name={path('address_line1')} label={m.adv_address_line1()} autoComplete="address-line1" />
            <TextField name={path('address_line2')} label={m.adv_address_line2()} kind="nullable" autoComplete="address-line2" />
            <div className="grid gap-x-3 sm:grid-cols-3">
              <TextField name={path('city')} label={m.adv_town()} />
              <ChoiceField name={path('state')} label={m.adv_state()} options={stateOptions(watch(`locations.${index}.state`))} />
              <TextField name={path('postcode')} label={m.adv_postcode()} autoComplete="postal-code" />
            </div>
            <div className="grid gap-x-3 sm:grid-cols-2">
              <TextField name={path('phone_number')} label={m.adv_phone_number()} kind="nullable" type="tel" />
              <TextField name={path('company_phone_number')} label={m.adv_office_phone()} kind="nullable" type="tel" />
              <TextField name={path('fax_number')} label={m.adv_fax()} kind="nullable" type="tel" />
              <TextField name={path('email')} label={m.adv_email()} kind="nullable" type="email" />
              <TextField name={path('latitude')} label={m.adv_pin_latitude()} kind="number" hint={m.adv_pin_hint()} />
              <TextField name={path('longitude')} label={m.adv_pin_longitude()} kind="number" />
            </div>
            <FieldErrors id={`locations-${index}-id`} errors={messagesAt(errors, `locations.${index}.id`)} />
            <BranchHours index={index} />
            <div className="mt-2 flex flex-wrap gap-2">
              <button type="button" className={secondary} onClick={() => {
                setValue(`locations.${index}.latitude`, null, { shouldDirty: true });
                setValue(`locations.${index}.longitude`, null, { shouldDirty: true });
              }}>{m.adv_use_town_centre()}</button>
              {index > 0 && <button type="button" className={secondary} onClick={() => move(index, index - 1)}>{m.adv_move_up()}</button>}
              {index < fields.length - 1 && <button type="button" className={secondary} onClick={() => move(index, index + 1)}>{m.adv_move_down()}</button>}
              <button type="button" className={secondary} onClick={() => remove(index)}>{m.adv_remove_location()}</button>
            </div>
          </fieldset>
        );
      })}
      <FieldErrors id="locations" errors={typeof errors.locations?.message === 'string' ? [errors.locations.message] : undefined} />
      <button type="button" className={`mt-3 ${secondary}`} onClick={() => append(newLocation())}>{m.adv_add_location()}</button>
    </fieldset>
  );
}

/** A branch's own opening hours and special hours, when it keeps other hours than the business's (off: the business's). */
function BranchHours({ index }: { index: number }) {
  const { watch, setValue, getValues, formState: { errors } } = useFormContext<ProfileBody>();
  const week = watch(`locations.${index}.business_hours`);
  const special = watch(`locations.${index}.special_hours`);
  const own = week != null;
  const set = (field: 'business_hours' | 'special_hours', value: unknown) => setValue(`locations.${index}.${field}` as never, value as never, { shouldDirty: true });
  return (
    <div className="mt-3">
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={own} onChange={(event) => {
          // Its own hours start as the business's; turned off, it keeps the business's again.
          set('business_hours', event.target.checked ? structuredClone(getValues('business_hours') ?? []) : null);
          set('special_hours', event.target.checked ? [] : null);
        }} />
        {m.adv_branch_own_hours()}
      </label>
      {own && (
        <HoursSection idPrefix={`location-${index}-`} title={m.adv_hours_of({ name: watch(`locations.${index}.name`) || m.adv_location_numbered({ number: index + 1 }) })}
          week={week ?? []} setWeek={(next) => set('business_hours', next)} special={special ?? []} setSpecial={(next) => set('special_hours', next)}
          errors={{ business_hours: messagesAt(errors, `locations.${index}.business_hours`) ?? [], special_hours: messagesAt(errors, `locations.${index}.special_hours`) ?? [] }} />
      )}
    </div>
  );
}


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

export type LocationBody = ProfileBody['locations'][number];

export const newLocation = (): LocationBody => ({
  name: 'Main', address_line1: '', address_line2: null, city: '', state: '', postcode: '', phone_number: null, company_phone_number: null,
  fax_number: null, email: null, latitude: null, longitude: null, business_hours: null, special_hours: null,
});

export function LocationsSection() {
  const states = useStates();
  const { control, setValue, watch, formState: { errors } } = useFormContext<ProfileBody>();
  // `key` is react-hook-form's own key for each row: the branch's `id` stays the body's.
  const { fields, append, remove, move } = useFieldArray({ control, name: 'locations', keyName: 'key' });
  const stateOptions = (current: string) => ({ '': 'Choose…', ...(current && !states.some((state) => state.name === current) ? { [current]: current } : {}),
    ...Object.fromEntries(states.map((state) => [state.name, state.name])) });
  return (
    <fieldset className="mt-5" data-testid="locations">
      <legend className="text-lg font-bold">Locations</legend>
      {fields.length === 0 && <p className="text-sm text-gray-700">No location yet.</p>}
      {fields.map((field, index) => {
        const path = (name: keyof LocationBody) => `locations.${index}.${name}`;
        const name = watch(`locations.${index}.name`);
        return (
          <fieldset key={field.key} className="mt-3 rounded border border-gray-300 p-3" data-testid={`location-${index}`}>
            <legend className="px-1 font-semibold">{name || `Location ${index + 1}`}</legend>
            <TextField name={path('name')} label="Branch name" />
            <TextField name={path('address_line1')} label="Address line 1" autoComplete="address-line1" />
            <TextField name={path('address_line2')} label="Address line 2" kind="nullable" autoComplete="address-line2" />
            <div className="grid gap-x-3 sm:grid-cols-3">
              <TextField name={path('city')} label="Town" />
              <ChoiceField name={path('state')} label="State" options={stateOptions(watch(`locations.${index}.state`))} />
              <TextField name={path('postcode')} label="Postcode" autoComplete="postal-code" />
            </div>
            <div className="grid gap-x-3 sm:grid-cols-2">
              <TextField name={path('phone_number')} label="Phone number" kind="nullable" type="tel" />
              <TextField name={path('company_phone_number')} label="Office phone" kind="nullable" type="tel" />
              <TextField name={path('fax_number')} label="Fax" kind="nullable" type="tel" />
              <TextField name={path('email')} label="E-mail" kind="nullable" type="email" />
              <TextField name={path('latitude')} label="Pin latitude" kind="number" hint="Leave empty for the town centre" />
              <TextField name={path('longitude')} label="Pin longitude" kind="number" />
            </div>
            <FieldErrors id={`locations-${index}-id`} errors={messagesAt(errors, `locations.${index}.id`)} />
            <BranchHours index={index} />
            <div className="mt-2 flex flex-wrap gap-2">
              <button type="button" className={secondary} onClick={() => {
                setValue(`locations.${index}.latitude`, null, { shouldDirty: true });
                setValue(`locations.${index}.longitude`, null, { shouldDirty: true });
              }}>Use the town centre</button>
              {index > 0 && <button type="button" className={secondary} onClick={() => move(index, index - 1)}>Move up</button>}
              {index < fields.length - 1 && <button type="button" className={secondary} onClick={() => move(index, index + 1)}>Move down</button>}
              <button type="button" className={secondary} onClick={() => remove(index)}>Remove this location</button>
            </div>
          </fieldset>
        );
      })}
      <FieldErrors id="locations" errors={typeof errors.locations?.message === 'string' ? [errors.locations.message] : undefined} />
      <button type="button" className={`mt-3 ${secondary}`} onClick={() => append(newLocation())}>Add a location</button>
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
        This branch keeps its own opening hours
      </label>
      {own && (
        <HoursSection idPrefix={`location-${index}-`} title={`Hours of ${watch(`locations.${index}.name`) || `location ${index + 1}`}`}
          week={week ?? []} setWeek={(next) => set('business_hours', next)} special={special ?? []} setSpecial={(next) => set('special_hours', next)}
          errors={{ business_hours: messagesAt(errors, `locations.${index}.business_hours`) ?? [], special_hours: messagesAt(errors, `locations.${index}.special_hours`) ?? [] }} />
      )}
    </div>
  );
}


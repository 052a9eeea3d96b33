/**
 * Every branch of a business (issue 40): add, edit, remove and reorder, each with all its fields and its pin. A
 * branch keeps its `id`, so the ads offered there stay with it; a new one has none until it is saved.
 */
import type { NewProfile } from '../../../shared/schemas/advertiser.ts';
import { useStates } from '../../forms.tsx';
import { FieldErrors, secondary } from '../gate.tsx';
import { input, orNull, text, TextInput } from './fields.tsx';

export type LocationBody = NewProfile['locations'][number];

export const newLocation = (): LocationBody => ({
  name: 'Main', address_line1: '', address_line2: null, city: '', state: '', postcode: '', phone_number: null, company_phone_number: null,
  fax_number: null, email: null, latitude: null, longitude: null,
});

export function LocationsSection({ locations, setLocations, errors }: {
  locations: LocationBody[]; setLocations: (update: (current: LocationBody[]) => LocationBody[]) => void; errors: Record<string, string[]>;
}) {
  const states = useStates();
  const change = (index: number, patch: Partial<LocationBody>) => setLocations((current) => current.map((item, at) => (at === index ? { ...item, ...patch } : item)));
  const move = (index: number, by: number) => setLocations((current) => {
    const next = [...current];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    return next;
  });
  const pin = (value: string) => (value.trim() === '' ? null : Number(value));
  return (
    <fieldset className="mt-5" data-testid="locations">
      <legend className="text-lg font-bold">Locations</legend>
      {locations.length === 0 && <p className="text-sm text-gray-700">No location yet.</p>}
      {locations.map((location, index) => {
        const id = (field: string) => `location-${index}-${field}`;
        const error = (field: string) => errors[`locations.${index}.${field}`];
        return (
          <fieldset key={location.id ?? `new-${index}`} className="mt-3 rounded border border-gray-300 p-3" data-testid={`location-${index}`}>
            <legend className="px-1 font-semibold">{location.name || `Location ${index + 1}`}</legend>
            <TextInput id={id('name')} label="Branch name" value={location.name} onChange={(value) => change(index, { name: value })} errors={error('name')} />
            <TextInput id={id('address_line1')} label="Address line 1" value={location.address_line1} onChange={(value) => change(index, { address_line1: value })} errors={error('address_line1')} autoComplete="address-line1" />
            <TextInput id={id('address_line2')} label="Address line 2" value={text(location.address_line2)} onChange={(value) => change(index, { address_line2: orNull(value) })} errors={error('address_line2')} autoComplete="address-line2" />
            <div className="grid gap-x-3 sm:grid-cols-3">
              <TextInput id={id('city')} label="Town" value={location.city} onChange={(value) => change(index, { city: value })} errors={error('city')} />
              <div className="mt-3">
                <label htmlFor={id('state')} className="block font-semibold">State</label>
                <select id={id('state')} value={location.state} onChange={(event) => change(index, { state: event.target.value })} className={input}>
                  <option value="">Choose…</option>
                  {location.state && !states.some((state) => state.name === location.state) && <option value={location.state}>{location.state}</option>}
                  {states.map((state) => <option key={state.id} value={state.name}>{state.name}</option>)}
                </select>
                <FieldErrors id={id('state')} errors={error('state')} />
              </div>
              <TextInput id={id('postcode')} label="Postcode" value={location.postcode} onChange={(value) => change(index, { postcode: value })} errors={error('postcode')} autoComplete="postal-code" />
            </div>
            <div className="grid gap-x-3 sm:grid-cols-2">
              <TextInput id={id('phone_number')} label="Phone number" type="tel" value={text(location.phone_number)} onChange={(value) => change(index, { phone_number: orNull(value) })} errors={error('phone_number')} />
              <TextInput id={id('company_phone_number')} label="Office phone" type="tel" value={text(location.company_phone_number)} onChange={(value) => change(index, { company_phone_number: orNull(value) })} errors={error('company_phone_number')} />
              <TextInput id={id('fax_number')} label="Fax" type="tel" value={text(location.fax_number)} onChange={(value) => change(index, { fax_number: orNull(value) })} errors={error('fax_number')} />
              <TextInput id={id('email')} label="E-mail" type="email" value={text(location.email)} onChange={(value) => change(index, { email: orNull(value) })} errors={error('email')} />
              <TextInput id={id('latitude')} label="Pin latitude" type="number" value={text(location.latitude)} onChange={(value) => change(index, { latitude: pin(value) })} errors={error('latitude')} hint="Leave empty for the town centre" />
              <TextInput id={id('longitude')} label="Pin longitude" type="number" value={text(location.longitude)} onChange={(value) => change(index, { longitude: pin(value) })} errors={error('longitude')} />
            </div>
            <FieldErrors id={id('id')} errors={error('id')} />
            <div className="mt-2 flex flex-wrap gap-2">
              <button type="button" className={secondary} onClick={() => change(index, { latitude: null, longitude: null })}>Use the town centre</button>
              {index > 0 && <button type="button" className={secondary} onClick={() => move(index, -1)}>Move up</button>}
              {index < locations.length - 1 && <button type="button" className={secondary} onClick={() => move(index, 1)}>Move down</button>}
              <button type="button" className={secondary} onClick={() => setLocations((current) => current.filter((_, at) => at !== index))}>Remove this location</button>
            </div>
          </fieldset>
        );
      })}
      <FieldErrors id="locations" errors={errors.locations} />
      <button type="button" className={`mt-3 ${secondary}`} onClick={() => setLocations((current) => [...current, newLocation()])}>Add a location</button>
    </fieldset>
  );
}

/**
 * Where an ad stands (the walk as a new owner; probe finding 20): the business location it names (its branch: the
 * page, card, map pin and structured data use it; the business's first by default), and, when a job or hireme ad is
 * marked confidential, the owner's other public posts at that place, which show its address and pin beside the name.
 */
import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import * as calls from '../../../client/advertiser-calls.ts';
import type { EditableLocation } from '../../../shared/schemas/advertiser.ts';
import type { AdForm } from './ad-form.ts';
import { input } from '../profile-editor/fields.tsx';
import * as m from '../../../paraglide/messages.js';

export function PlaceSection({ postId }: { postId: number | null }) {
  const { watch, setValue } = useFormContext<AdForm>();
  const [type, profileId, locationId] = [watch('type'), watch('profile_id'), watch('location_id')];
  const confidential = type === 'jobs' ? watch('job.company_confidential') : type === 'hireme' ? watch('hireme.company_confidential') : false;
  const [places, setPlaces] = useState<EditableLocation[]>([]);
  const [neighbours, setNeighbours] = useState<{ id: number; title: string; url: string }[]>([]);

  useEffect(() => {
    if (type === 'hireme' || profileId === null) return setPlaces([]);
    let current = true;
    calls.profile(profileId).then(({ data }) => { if (current) setPlaces(data.locations); }, (error: unknown) => console.warn('The business’s locations did not load', error));
    return () => { current = false; };
  }, [type, profileId]);

  const chosen = locationId ?? places[0]?.id ?? null;
  useEffect(() => {
    if (!confidential || (type !== 'jobs' && type !== 'hireme') || (type === 'jobs' && (profileId === null || chosen === null))) return setNeighbours([]);
    let current = true;
    calls.confidentialNeighbours({ type, ...(type === 'jobs' ? { profile_id: profileId!, location_id: chosen! } : {}), ...(postId !== null ? { post_id: postId } : {}) })
      .then(({ data }) => { if (current) setNeighbours(data); }, (error: unknown) => console.warn('Your other posts there did not load', error));
    return () => { current = false; };
  }, [confidential, type, profileId, chosen, postId]);

  return (
    <>
      {places.length > 0 && (
        <div className="mt-3">
          <label htmlFor="location" className="block font-semibold">{m.adv_location()}</label>
          <select id="location" value={chosen ?? ''} className={input} aria-describedby="location-hint"
            onChange={(event) => setValue('location_id', Number(event.target.value), { shouldDirty: true })}>
            {places.map((place) => <option key={place.id} value={place.id}>{place.name} · {place.address_line1}, {place.city}</option>)}
          </select>
          <p id="location-hint" className="mt-1 text-sm text-gray-700">{m.adv_location_hint()}</p>
        </div>
      )}
      {confidential && neighbours.length > 0 && (
        <div role="alert" className="mt-3 rounded border border-amber-500 bg-amber-50 p-3 text-sm" data-testid="confidential-neighbours">
          <p>{m.adv_neighbours_warning()}</p>
          <ul className="mt-1 list-disc pl-5">{neighbours.map((item) => <li key={item.id}><a className="underline" href={item.url} target="_blank" rel="noopener">{item.title}</a></li>)}</ul>
          <p className="mt-1">{m.adv_neighbours_advice()}</p>
        </div>
      )}
    </>
  );
}

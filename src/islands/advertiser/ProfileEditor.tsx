/**
 * The business profile editor, /advertiser/profiles/{id} and /advertiser/profiles/new (issue 25): every field of
 * the spec's Profile within the plan's limits. Saving shows the public page as it will look (a link opens it);
 * hours, photos, about, keywords and links go live at once, the rest is also marked for review.
 */
import { useEffect, useState } from 'react';
import * as calls from '../../client/advertiser-calls.ts';
import { reportFailure, useStates } from '../forms.tsx';
import { profileUrl } from '../../shared/urls.ts';
import { showToast } from '../../stores/toasts.ts';
import { AdvertiserOnly, FieldErrors, primary, secondary } from './gate.tsx';
import { DocumentPicker, PhotoPicker, useUpload, VideoPicker, type DocumentItem, type VideoItem } from './MediaPickers.tsx';
import { fieldErrors } from '../../shared/schemas/field-errors.ts';
import { NewProfileSchema, ProfileEditSchema } from '../../shared/schemas/advertiser.ts';

import type { CategoryChoice } from '../../shared/schemas/advertiser.ts';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const input = 'mt-1 w-full rounded border border-gray-400 px-3 py-2';

type Hours = { day: number; ranges: { opens: string; closes: string }[]; open_24: boolean }[];
/** The first location as the form holds it (text fields; an empty pin is the town's centre). */
type Location = { id?: number; name: string; address_line1: string; city: string; state: string; postcode: string; phone_number: string; latitude: string; longitude: string };

const emptyLocation = (): Location => ({ name: 'Main', address_line1: '', city: '', state: '', postcode: '', phone_number: '', latitude: '', longitude: '' });
const locationOf = (place: calls.EditableLocation): Location => ({
  id: place.id, name: place.name, address_line1: place.address_line1, city: place.city, state: place.state, postcode: place.postcode,
  phone_number: place.phone_number ?? '', latitude: String(place.latitude), longitude: String(place.longitude),
});

function TextInput({ id, label, value, onChange, errors, type = 'text', hint }: {
  id: string; label: string; value: string; onChange: (value: string) => void; errors?: string[] | undefined; type?: string; hint?: string;
}) {
  return (
    <div className="mt-3">
      <label htmlFor={id} className="block font-semibold">{label}</label>
      {hint && <p id={`${id}-hint`} className="text-sm text-gray-700">{hint}</p>}
      <input id={id} type={type} value={value} onChange={(event) => onChange(event.target.value)} className={input}
        aria-invalid={errors?.length ? true : undefined} aria-describedby={[errors?.length ? `${id}-error` : '', hint ? `${id}-hint` : ''].join(' ').trim() || undefined} />
      <FieldErrors id={id} errors={errors} />
    </div>
  );
}

function EditorView({ profileId, categories }: { profileId: number | null; categories: CategoryChoice[] }) {
  const states = useStates();
  const [profile, setProfile] = useState<calls.EditableProfile | null>(null);
  const [values, setValues] = useState({
    name: '', store_name: '', company_no: '', about: '', keywords: '', url: '', facebook: '', instagram: '', twitter: '', linkedin: '', youtube: '', wechat: '', whatsapp: '',
  });
  const [chosen, setChosen] = useState<string[]>([]);
  const [location, setLocation] = useState<Location>(emptyLocation());
  const [hours, setHours] = useState<Hours>(DAYS.map((_, day) => ({ day, ranges: [], open_24: false })));
  const [images, setImages] = useState<{ full: string }[]>([]);
  const [videos, setVideos] = useState<VideoItem[]>([]);
  const [documents, setDocuments] = useState<DocumentItem[]>([]);
  const [logo, setLogo] = useState<{ full: string } | null>(null);
  const logoUpload = useUpload('image', calls.uploadPhotos, (data) => setLogo(data[0] ? { full: data[0].full } : null));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  function fill(data: calls.EditableProfile) {
    setProfile(data);
    setValues({
      name: data.name, store_name: data.store_name ?? '', company_no: data.company_no ?? '', about: data.about ?? '', keywords: data.keywords.join(', '),
      url: data.url ?? '', facebook: data.facebook ?? '', instagram: data.instagram ?? '', twitter: data.twitter ?? '', linkedin: data.linkedin ?? '',
      youtube: data.youtube ?? '', wechat: data.wechat ?? '', whatsapp: data.whatsapp ?? '',
    });
    setChosen(data.categories);
    setLocation(data.locations[0] ? locationOf(data.locations[0]) : emptyLocation());
    setHours(data.business_hours);
    setImages(data.images.map((image) => ({ full: image.full })));
    setVideos(data.videos.map((video) => ({ file: video.file })));
    setDocuments(data.documents.map((document) => ({ file: document.doc.file, name: document.original_filename })));
    setLogo(data.logo ? { full: data.logo.full } : null);
  }
  useEffect(() => {
    if (profileId !== null) calls.profile(profileId).then(({ data }) => fill(data), (error: unknown) => reportFailure(error, setErrors));
  }, [profileId]);

  const set = (name: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [name]: value }));
  const setPlace = (name: keyof Location) => (value: string) => setLocation((current) => ({ ...current, [name]: value }));
  const setDay = (day: number, change: Partial<Hours[number]>) => setHours((current) => current.map((entry) => (entry.day === day ? { ...entry, ...change } : entry)));

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const blank = (text: string) => (text.trim() === '' ? null : text.trim());
    const hasPlace = location.address_line1.trim() !== '' || location.city.trim() !== '';
    const body = {
      name: values.name, store_name: blank(values.store_name), company_no: blank(values.company_no), about: blank(values.about),
      keywords: values.keywords.split(',').map((word) => word.trim()).filter(Boolean), categories: chosen,
      url: blank(values.url), facebook: blank(values.facebook), instagram: blank(values.instagram), twitter: blank(values.twitter),
      linkedin: blank(values.linkedin), youtube: blank(values.youtube), wechat: blank(values.wechat), whatsapp: blank(values.whatsapp),
      business_hours: hours.map((entry) => ({ ...entry, ranges: entry.ranges.filter((range) => range.opens !== '' && range.closes !== '') })), images, videos, logo, documents: documents.map(({ file }) => ({ file })),
      ...(hasPlace ? { locations: [{
        ...(location.id === undefined ? {} : { id: location.id }), name: location.name, address_line1: location.address_line1, city: location.city,
        state: location.state, postcode: location.postcode, phone_number: blank(location.phone_number),
        latitude: location.latitude.trim() === '' ? null : Number(location.latitude), longitude: location.longitude.trim() === '' ? null : Number(location.longitude),
      }] } : {}),
    };
    // The server's rules, checked here first with the same schema (the plan's limits are the server's alone).
    const found = fieldErrors(profileId === null ? NewProfileSchema : ProfileEditSchema, body);
    if (found) {
      setErrors(found);
      return;
    }
    setBusy(true);
    try {
      const { data } = profileId === null ? await calls.createProfile(body) : await calls.editProfile(profileId, body);
      setErrors({});
      showToast('Saved. Your page shows the changes now.', 'success');
      if (profileId === null) window.location.assign(`/advertiser/profiles/${data.id}`);
      else fill(data);
    } catch (error) {
      reportFailure(error, setErrors);
    } finally {
      setBusy(false);
    }
  }

  if (profileId !== null && !profile) return <p role="status">Loading…</p>;
  return (
    <form className="panel max-w-3xl" onSubmit={save} data-testid="profile-editor" noValidate>
      {profile && (
        <p className="text-sm">Plan: <strong>{profile.plan}</strong> · up to {profile.limits.categories} categories, {profile.limits.keywords} keywords, {profile.limits.photos} photos ·{' '}
          <a className="underline" href={profileUrl(profile.slug)} target="_blank" rel="noopener">See the public page</a></p>
      )}
      <TextInput id="name" label="Business name" value={values.name} onChange={set('name')} errors={errors.name} />
      <TextInput id="store_name" label="Store name" value={values.store_name} onChange={set('store_name')} errors={errors.store_name} />
      <TextInput id="company_no" label="Company number (SSM)" value={values.company_no} onChange={set('company_no')} errors={errors.company_no} hint="For example 201901012345 or 1234567-X" />
      <div className="mt-3">
        <label htmlFor="about" className="block font-semibold">About</label>
        <textarea id="about" rows={5} value={values.about} onChange={(event) => set('about')(event.target.value)} className={input} />
        <FieldErrors id="about" errors={errors.about} />
      </div>
      <div className="mt-3">
        <label htmlFor="categories" className="block font-semibold">Categories</label>
        <select id="categories" multiple size={6} value={chosen} onChange={(event) => setChosen([...event.target.selectedOptions].map((option) => option.value))} className={input}>
          {categories.map((category) => <option key={category.slug} value={category.slug}>{category.label}</option>)}
        </select>
        <FieldErrors id="categories" errors={errors.categories} />
      </div>
      <TextInput id="keywords" label="Keywords" value={values.keywords} onChange={set('keywords')} errors={errors.keywords} hint="Separate them with commas" />

      <fieldset className="mt-5">
        <legend className="text-lg font-bold">Location</legend>
        <TextInput id="address" label="Address" value={location.address_line1} onChange={setPlace('address_line1')} errors={errors.locations} />
        <div className="grid gap-x-3 sm:grid-cols-3">
          <TextInput id="town" label="Town" value={location.city} onChange={setPlace('city')} />
          <div className="mt-3">
            <label htmlFor="state" className="block font-semibold">State</label>
            <select id="state" value={location.state} onChange={(event) => setPlace('state')(event.target.value)} className={input}>
              <option value="">Choose…</option>
              {states.map((state) => <option key={state.id} value={state.name}>{state.name}</option>)}
            </select>
          </div>
          <TextInput id="postcode" label="Postcode" value={location.postcode} onChange={setPlace('postcode')} />
        </div>
        <TextInput id="phone" label="Phone number" value={location.phone_number} onChange={setPlace('phone_number')} />
        <div className="grid gap-x-3 sm:grid-cols-2">
          <TextInput id="latitude" label="Pin latitude" value={location.latitude} onChange={setPlace('latitude')} type="number" hint="Leave empty for the town centre" />
          <TextInput id="longitude" label="Pin longitude" value={location.longitude} onChange={setPlace('longitude')} type="number" />
        </div>
        <button type="button" className={`mt-2 ${secondary}`} onClick={() => setLocation((current) => ({ ...current, latitude: '', longitude: '' }))}>Use the town centre</button>
      </fieldset>

      <fieldset className="mt-5">
        <legend className="text-lg font-bold">Business hours</legend>
        {hours.map((entry) => (
          <div key={entry.day} className="mt-2 flex flex-wrap items-center gap-2" data-testid={`hours-${entry.day}`}>
            <span className="w-24 font-semibold">{DAYS[entry.day]}</span>
            <label className="flex items-center gap-1 text-sm"><input type="checkbox" checked={entry.open_24} onChange={(event) => setDay(entry.day, { open_24: event.target.checked })} /> Open 24 hours</label>
            {!entry.open_24 && (
              <>
                {(entry.ranges.length > 0 ? entry.ranges : [{ opens: '', closes: '' }]).map((range, index) => {
                  const suffix = index === 0 ? `${entry.day}` : `${entry.day}-${index}`;
                  const change = (next: { opens: string; closes: string }) => setDay(entry.day, {
                    ranges: next.opens === '' && next.closes === '' ? entry.ranges.filter((_, at) => at !== index)
                      : [...entry.ranges.slice(0, index), next, ...entry.ranges.slice(index + 1)],
                  });
                  return (
                    <span key={index} className="flex flex-wrap items-center gap-1">
                      <label className="text-sm" htmlFor={`opens-${suffix}`}>Opens</label>
                      <input id={`opens-${suffix}`} type="time" value={range.opens} className="rounded border border-gray-400 px-2 py-1"
                        onChange={(event) => change({ opens: event.target.value, closes: range.closes || (event.target.value ? '18:00' : '') })} />
                      <label className="text-sm" htmlFor={`closes-${suffix}`}>Closes</label>
                      <input id={`closes-${suffix}`} type="time" value={range.closes} className="rounded border border-gray-400 px-2 py-1"
                        onChange={(event) => change({ opens: range.opens || (event.target.value ? '09:00' : ''), closes: event.target.value })} />
                    </span>
                  );
                })}
                {entry.ranges.length === 0 && <span className="text-sm text-gray-700">Closed</span>}
                {entry.ranges.length > 0 && entry.ranges.length < 4 && (
                  <button type="button" className="text-sm underline" onClick={() => setDay(entry.day, { ranges: [...entry.ranges, { opens: '', closes: '' }] })}>Add hours</button>
                )}
              </>
            )}
          </div>
        ))}
        <FieldErrors id="hours" errors={errors.business_hours} />
      </fieldset>

      <fieldset className="mt-5">
        <legend className="text-lg font-bold">Links</legend>
        <TextInput id="url" label="Website" value={values.url} onChange={set('url')} errors={errors.url} type="url" />
        <TextInput id="whatsapp" label="WhatsApp number" value={values.whatsapp} onChange={set('whatsapp')} errors={errors.whatsapp} type="tel" />
        <TextInput id="facebook" label="Facebook" value={values.facebook} onChange={set('facebook')} errors={errors.facebook} type="url" />
        <TextInput id="instagram" label="Instagram" value={values.instagram} onChange={set('instagram')} errors={errors.instagram} type="url" />
      </fieldset>

      <fieldset className="mt-5">
        <legend className="text-lg font-bold">Logo</legend>
        {logo && (
          <p className="mt-2 flex items-center gap-2">
            <img src={logo.full} alt="The logo" width={64} height={64} className="h-16 w-16 rounded-full object-cover" />
            <button type="button" className="text-sm underline" onClick={() => setLogo(null)}>Remove</button>
          </p>
        )}
        <label htmlFor="logo" className="mt-2 block font-semibold">{logo ? 'Change the logo' : 'Add a logo'}</label>
        <input id="logo" type="file" accept="image/jpeg,image/png,image/webp" disabled={logoUpload.busy} onChange={(event) => void logoUpload.upload(event.target.files)} className="mt-1" />
        <FieldErrors id="logo" errors={logoUpload.errors ?? errors.logo} />
      </fieldset>

      <PhotoPicker id="photos" photos={images} setPhotos={setImages} errors={errors.images} testId="profile-photos" />

      <VideoPicker videos={videos} setVideos={setVideos} errors={errors.videos} />
      <DocumentPicker documents={documents} setDocuments={setDocuments} errors={errors.documents} />

      <button type="submit" className={`mt-6 ${primary}`} disabled={busy || logoUpload.busy}>{profileId === null ? 'Create business' : 'Save'}</button>

      {profile && profile.history.length > 0 && (
        <details className="mt-6">
          <summary className="font-semibold">History</summary>
          <ul className="mt-2 space-y-1 text-sm">
            {profile.history.map((change, index) => (
              <li key={index}>{change.created_at.slice(0, 16).replace('T', ' ')} · {change.field}{change.review === 'pending' ? ' · waiting for review' : ''}</li>
            ))}
          </ul>
        </details>
      )}
    </form>
  );
}

export default function ProfileEditor({ profileId, categories }: { profileId: number | null; categories: CategoryChoice[] }) {
  return <AdvertiserOnly><EditorView profileId={profileId} categories={categories} /></AdvertiserOnly>;
}

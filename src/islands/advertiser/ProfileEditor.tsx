/**
 * The business profile editor, /advertiser/profiles/{id} and /advertiser/profiles/new (issues 25 and 40): every field a
 * business has, every branch, hours with special days, attributes, links and media, within the plan's limits. It keeps
 * the body it loaded and sends only what the owner changed (a JSON Merge Patch) with the version it read, so a save
 * never touches what the owner did not, and a save from a stale tab is refused with the current version to reload.
 */
import { useEffect, useState } from 'react';
import * as calls from '../../client/advertiser-calls.ts';
import { errorBody } from '../../client/api.ts';
import { reportFailure } from '../forms.tsx';
import { mergePatchOf } from '../../shared/merge-patch.ts';
import { profileBody, type ProfileBody } from '../../shared/profile-body.ts';
import type { ProfileAttribute } from '../../shared/profile-attributes.ts';
import { profileUrl } from '../../shared/urls.ts';
import { showToast } from '../../stores/toasts.ts';
import { AdvertiserOnly, FieldErrors, primary, secondary } from './gate.tsx';
import { DocumentPicker, PhotoPicker, useUpload, VideoPicker, type DocumentItem, type VideoItem } from './MediaPickers.tsx';
import { fieldErrors } from '../../shared/schemas/field-errors.ts';
import { NewProfileSchema, ProfileEditSchema, type CategoryChoice } from '../../shared/schemas/advertiser.ts';
import { AttributesSection } from './profile-editor/AttributesSection.tsx';
import { input, orNull, text, TextInput } from './profile-editor/fields.tsx';
import { HoursSection } from './profile-editor/HoursSection.tsx';
import { LocationsSection, newLocation, type LocationBody } from './profile-editor/LocationsSection.tsx';

const emptyBody = (): ProfileBody => ({
  name: '', store_name: null, company_no: null, about: null, categories: [], keywords: [], locations: [newLocation()],
  business_hours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, ranges: [], open_24: false })), special_hours: [], attributes: [],
  url: null, facebook: null, twitter: null, instagram: null, linkedin: null, youtube: null, wechat: null, whatsapp: null, logo: null, images: [], videos: [], documents: [],
});

const LINKS = [['url', 'Website', 'url'], ['whatsapp', 'WhatsApp number', 'tel'], ['facebook', 'Facebook', 'url'], ['instagram', 'Instagram', 'url'],
  ['twitter', 'Twitter', 'url'], ['linkedin', 'LinkedIn', 'url'], ['youtube', 'YouTube', 'url'], ['wechat', 'WeChat id', 'text']] as const;

function EditorView({ profileId, categories }: { profileId: number | null; categories: CategoryChoice[] }) {
  const [profile, setProfile] = useState<calls.EditableProfile | null>(null);
  /** What was loaded (the patch is made against it) and what the form holds now. */
  const [loaded, setLoaded] = useState<ProfileBody>(emptyBody);
  const [body, setBody] = useState<ProfileBody>(emptyBody);
  const [keywords, setKeywords] = useState('');
  const [documents, setDocuments] = useState<DocumentItem[]>([]);
  const [stale, setStale] = useState<calls.EditableProfile | null>(null);
  const logoUpload = useUpload('image', calls.uploadPhotos, (data) => setBody((current) => ({ ...current, logo: data[0] ? { full: data[0].full } : null })));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  function fill(data: calls.EditableProfile) {
    const next = profileBody(data);
    setProfile(data);
    setLoaded(next);
    setBody(next);
    setKeywords(data.keywords.join(', '));
    setDocuments(data.documents.map((document) => ({ file: document.doc.file, name: document.original_filename })));
    setStale(null);
  }
  useEffect(() => {
    if (profileId !== null) calls.profile(profileId).then(({ data }) => fill(data), (error: unknown) => reportFailure(error, setErrors));
  }, [profileId]);

  const set = <K extends keyof ProfileBody>(name: K) => (value: ProfileBody[K]) => setBody((current) => ({ ...current, [name]: value }));
  const limits = profile?.limits;

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const current: ProfileBody = { ...body, keywords: keywords.split(',').map((word) => word.trim()).filter(Boolean), documents: documents.map(({ file }) => ({ file })) };
    // The server's rules, checked here first with the same schema (the plan's limits are the server's alone).
    const found = fieldErrors(profileId === null ? NewProfileSchema : ProfileEditSchema, current);
    if (found) {
      setErrors(found);
      showToast('Please check the fields marked below.', 'warning');
      return;
    }
    const patch = mergePatchOf(loaded, current);
    if (profileId !== null && Object.keys(patch).length === 0) {
      showToast('Nothing has changed.', 'success');
      return;
    }
    setBusy(true);
    try {
      const { data } = profileId === null ? await calls.createProfile(current) : await calls.editProfile(profileId, patch, profile!.version);
      setErrors({});
      showToast('Saved. Your page shows the changes now.', 'success');
      if (profileId === null) window.location.assign(`/advertiser/profiles/${data.id}`);
      else fill(data);
    } catch (error) {
      const failure = errorBody(error) as ReturnType<typeof errorBody> & { data?: calls.EditableProfile };
      if (failure.status === 409 && failure.data) setStale(failure.data);
      reportFailure(error, setErrors);
    } finally {
      setBusy(false);
    }
  }

  if (profileId !== null && !profile) return <p role="status">Loading…</p>;
  return (
    <form className="panel max-w-3xl" onSubmit={save} data-testid="profile-editor" noValidate>
      {profile && limits && (
        <p className="text-sm">Plan: <strong>{profile.plan}</strong> · up to {limits.categories} categories, {limits.keywords} keywords, {limits.photos} photos ·{' '}
          <a className="underline" href={profileUrl(profile.slug)} target="_blank" rel="noopener">See the public page</a></p>
      )}
      {stale && (
        <div role="alert" className="mt-3 rounded border border-amber-500 bg-amber-50 p-3 text-sm">
          <p>This business was changed in another tab or on another device. Nothing was saved.</p>
          <button type="button" className={`mt-2 ${secondary}`} onClick={() => fill(stale)}>Load the current version</button>
        </div>
      )}
      <TextInput id="name" label="Business name" value={body.name} onChange={set('name')} errors={errors.name} />
      <TextInput id="store_name" label="Store name" value={text(body.store_name)} onChange={(value) => set('store_name')(orNull(value))} errors={errors.store_name} />
      <TextInput id="company_no" label="Company number (SSM)" value={text(body.company_no)} onChange={(value) => set('company_no')(orNull(value))} errors={errors.company_no} hint="For example 201901012345 or 1234567-X" />
      <div className="mt-3">
        <label htmlFor="about" className="block font-semibold">About</label>
        <textarea id="about" rows={5} value={text(body.about)} onChange={(event) => set('about')(orNull(event.target.value))} className={input} />
        <FieldErrors id="about" errors={errors.about} />
      </div>
      <div className="mt-3">
        <label htmlFor="categories" className="block font-semibold">Categories</label>
        <select id="categories" multiple size={6} value={body.categories ?? []} onChange={(event) => set('categories')([...event.target.selectedOptions].map((option) => option.value))} className={input}>
          {categories.map((category) => <option key={category.slug} value={category.slug}>{category.label}</option>)}
        </select>
        <FieldErrors id="categories" errors={errors.categories} />
      </div>
      <TextInput id="keywords" label="Keywords" value={keywords} onChange={setKeywords} errors={errors.keywords} hint="Separate them with commas" />

      <LocationsSection locations={body.locations} setLocations={(update) => setBody((current) => ({ ...current, locations: update(current.locations) as LocationBody[] }))} errors={errors} />
      <HoursSection week={body.business_hours ?? []} setWeek={set('business_hours')} special={body.special_hours ?? []} setSpecial={set('special_hours')} errors={errors} />
      <AttributesSection chosen={(body.attributes ?? []) as ProfileAttribute[]} setChosen={set('attributes')} />

      <fieldset className="mt-5">
        <legend className="text-lg font-bold">Links</legend>
        {LINKS.map(([field, label, type]) => (
          <TextInput key={field} id={field} label={label} type={type} value={text(body[field])} onChange={(value) => set(field)(orNull(value))} errors={errors[field]} />
        ))}
      </fieldset>

      <fieldset className="mt-5">
        <legend className="text-lg font-bold">Logo</legend>
        {body.logo && (
          <p className="mt-2 flex items-center gap-2">
            <img src={body.logo.full} alt="The logo" width={64} height={64} className="h-16 w-16 rounded-full object-cover" />
            <button type="button" className="text-sm underline" onClick={() => set('logo')(null)}>Remove</button>
          </p>
        )}
        <label htmlFor="logo" className="mt-2 block font-semibold">{body.logo ? 'Change the logo' : 'Add a logo'}</label>
        <input id="logo" type="file" accept="image/jpeg,image/png,image/webp" disabled={logoUpload.busy} onChange={(event) => void logoUpload.upload(event.target.files)} className="mt-1" />
        <FieldErrors id="logo" errors={logoUpload.errors ?? errors.logo} />
      </fieldset>

      <PhotoPicker id="photos" photos={body.images ?? []} setPhotos={(update) => setBody((current) => ({ ...current, images: update(current.images ?? []) }))}
        errors={errors.images} testId="profile-photos" limit={limits && { count: limits.photos, plan: profile!.plan }} />
      {(!limits || limits.videos > 0 || (body.videos ?? []).length > 0) && (
        <VideoPicker videos={(body.videos ?? []) as VideoItem[]} setVideos={(update) => setBody((current) => ({ ...current, videos: update((current.videos ?? []) as VideoItem[]) }))}
          errors={errors.videos} limit={limits && { count: limits.videos, plan: profile!.plan }} />
      )}
      <DocumentPicker documents={documents} setDocuments={setDocuments} errors={errors.documents} limit={limits && { count: limits.pdfs, plan: profile!.plan }} />

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

/**
 * The business profile editor, /advertiser/profiles/{id} and /advertiser/profiles/new (issues 25 and 40): every field a
 * business has, every branch, hours with special days, attributes, links and media, within the plan's limits. The form
 * (react-hook-form over the shared zod schema) holds the API body itself; a save sends only what the owner changed (a
 * JSON Merge Patch against the body loaded) with the version it read, so it never touches what the owner did not, and
 * a save from a stale tab is refused with the current version to load.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useState } from 'react';
import { FormProvider, useController, useForm, type Control, type Resolver } from 'react-hook-form';
import * as calls from '../../client/advertiser-calls.ts';
import { errorBody } from '../../client/api.ts';
import { mergePatchOf } from '../../shared/merge-patch.ts';
import { profileBody, type ProfileBody } from '../../shared/profile-body.ts';
import type { ProfileAttribute } from '../../shared/profile-attributes.ts';
import { NewProfileSchema, ProfileEditSchema, type CategoryChoice } from '../../shared/schemas/advertiser.ts';
import { profileUrl } from '../../shared/urls.ts';
import { showToast } from '../../stores/toasts.ts';
import { reportFailure } from '../forms.tsx';
import { CategoryPicker } from './CategoryPicker.tsx';
import { AdvertiserOnly, FieldErrors, primary, secondary } from './gate.tsx';
import { DocumentPicker, PhotoPicker, useUpload, VideoPicker, type DocumentItem } from './MediaPickers.tsx';
import { AttributesSection } from './profile-editor/AttributesSection.tsx';
import { input, messagesAt, showServerErrors, TextField } from './profile-editor/fields.tsx';
import { HoursSection } from './profile-editor/HoursSection.tsx';
import { LocationsSection, newLocation } from './profile-editor/LocationsSection.tsx';
import { RichTextEditor } from './RichTextEditor.tsx';
import { HTML_LANG, LOCALE_NAMES, LOCALES } from '../../shared/locale.ts';
import * as m from '../../paraglide/messages.js';

const emptyBody = (): ProfileBody => ({
  name: '', store_name: null, company_no: null, established_year: null, about: null, categories: [], keywords: [], locations: [newLocation()],
  business_hours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, ranges: [], open_24: false })), special_hours: [], attributes: [],
  url: null, facebook: null, twitter: null, instagram: null, linkedin: null, youtube: null, wechat: null, whatsapp: null, logo: null, images: [], videos: [], documents: [],
});

/** The links a business shows; the networks' names are their own in every language. */
const LINKS = [['url', m.adv_website, 'url'], ['whatsapp', m.adv_whatsapp_number, 'tel'], ['facebook', () => 'Facebook', 'url'], ['instagram', () => 'Instagram', 'url'],
  ['twitter', () => 'Twitter', 'url'], ['linkedin', () => 'LinkedIn', 'url'], ['youtube', () => 'YouTube', 'url'], ['wechat', m.adv_wechat_id, 'text']] as const;

/** A list or object field of the body, edited by a section as one value. */
function useValue<K extends keyof ProfileBody>(control: Control<ProfileBody>, name: K) {
  const { field } = useController({ control, name });
  return [field.value as ProfileBody[K], (value: ProfileBody[K]) => field.onChange(value)] as const;
}

function EditorView({ profileId, categories }: { profileId: number | null; categories: CategoryChoice[] }) {
  const [profile, setProfile] = useState<calls.EditableProfile | null>(null);
  /** The body as loaded: the patch is made against it. */
  const [loaded, setLoaded] = useState<ProfileBody>(emptyBody);
  const [documentNames, setDocumentNames] = useState<Record<string, string>>({});
  const [stale, setStale] = useState<calls.EditableProfile | null>(null);
  const form = useForm<ProfileBody>({
    defaultValues: emptyBody(),
    // The shared schema checks the form before anything is sent (raw: the body goes as typed; the server normalizes).
    // (its input type is the body's with every field optional: the form always holds all of them.)
    resolver: zodResolver(profileId === null ? NewProfileSchema : ProfileEditSchema, undefined, { raw: true }) as unknown as Resolver<ProfileBody>,
  });
  const { control, handleSubmit, reset, setError, clearErrors, formState: { errors, isSubmitting } } = form;
  const [about, setAbout] = useValue(control, 'about');
  const [chosen, setChosen] = useValue(control, 'categories');
  const [keywords, setKeywords] = useValue(control, 'keywords');
  const [week, setWeek] = useValue(control, 'business_hours');
  const [special, setSpecial] = useValue(control, 'special_hours');
  const [attributes, setAttributes] = useValue(control, 'attributes');
  const [logo, setLogo] = useValue(control, 'logo');
  const [images, setImages] = useValue(control, 'images');
  const [videos, setVideos] = useValue(control, 'videos');
  const [documents, setDocuments] = useValue(control, 'documents');
  const [keywordText, setKeywordText] = useState('');
  const logoUpload = useUpload('image', calls.uploadPhotos, (data) => setLogo(data[0] ? { full: data[0].full } : null));

  const fill = useCallback((data: calls.EditableProfile) => {
    const next = profileBody(data);
    setProfile(data);
    setLoaded(next);
    reset(next);
    setKeywordText(data.keywords.join(', '));
    setDocumentNames(Object.fromEntries(data.documents.map((document) => [document.doc.file, document.original_filename])));
    setStale(null);
  }, [reset]);
  useEffect(() => {
    if (profileId !== null) calls.profile(profileId).then(({ data }) => fill(data), (error: unknown) => reportFailure(error, () => undefined));
  }, [profileId, fill]);

  const limits = profile?.limits;
  const limitOf = (count: number | undefined) => (profile && count !== undefined ? { count, plan: profile.plan } : undefined);

  const save = handleSubmit(async (current) => {
    const patch = mergePatchOf(loaded, current);
    if (profileId !== null && Object.keys(patch).length === 0) {
      showToast(m.adv_nothing_changed(), 'success');
      return;
    }
    try {
      const { data } = profileId === null ? await calls.createProfile(current) : await calls.editProfile(profileId, patch, profile!.version);
      clearErrors();
      showToast(m.adv_saved_page_shows(), 'success');
      if (profileId === null) window.location.assign(`/advertiser/profiles/${data.id}`);
      else fill(data);
    } catch (error) {
      const failure = errorBody(error) as ReturnType<typeof errorBody> & { data?: calls.EditableProfile };
      if (failure.status === 409 && failure.data) setStale(failure.data);
      reportFailure(error, (found) => showServerErrors(setError as never, found));
    }
  }, () => showToast(m.adv_check_fields(), 'warning'));

  if (profileId !== null && !profile) return <p role="status">{m.loading()}</p>;
  return (
    <FormProvider {...form}>
      <form className="panel max-w-3xl" onSubmit={(event) => void save(event)} data-testid="profile-editor" noValidate>
        {profile && limits && (
          <p className="text-sm">{m.adv_plan_line()} <strong>{profile.plan}</strong> · {m.adv_plan_up_to({ categories: limits.categories, keywords: limits.keywords, photos: limits.photos })} ·{' '}
            <a className="underline" href={profileUrl(profile.slug)} target="_blank" rel="noopener">{m.adv_see_public_page()}</a></p>
        )}
        {stale && (
          <div role="alert" className="mt-3 rounded border border-amber-500 bg-amber-50 p-3 text-sm">
            <p>{m.adv_business_changed_elsewhere()}</p>
            <button type="button" className={`mt-2 ${secondary}`} onClick={() => fill(stale)}>{m.adv_load_current()}</button>
          </div>
        )}
        <TextField name="name" label={m.adv_business_name()} />
        <TextField name="store_name" label={m.adv_store_name()} kind="nullable" />
        <TextField name="company_no" label={m.adv_company_no()} kind="nullable" hint={m.adv_company_no_hint()} />
        <TextField name="established_year" label={m.adv_year_founded()} kind="number" hint={m.adv_year_founded_hint()} />
        <RichTextEditor id="about" label={m.adv_about()} value={about ?? ''} onChange={(html) => setAbout(html === '' ? null : html)} errors={messagesAt(errors, 'about')} />
        <div className="mt-3">
          <label htmlFor="content_lang" className="block font-semibold">{m.adv_written_in()}</label>
          <select id="content_lang" {...form.register('content_lang', { setValueAs: (value: string) => (value === '' ? undefined : value) })} className={input}
            aria-describedby="content-lang-hint">
            {profileId === null && <option value="">{m.adv_as_name_reads()}</option>}
            {LOCALES.map((locale) => <option key={locale} value={locale} lang={HTML_LANG[locale]}>{LOCALE_NAMES[locale]}</option>)}
          </select>
          <p id="content-lang-hint" className="mt-1 text-sm text-gray-700">{m.adv_written_in_hint()}</p>
          <FieldErrors id="content_lang" errors={messagesAt(errors, 'content_lang')} />
        </div>
        <CategoryPicker id="categories" choices={categories} type="services" chosen={chosen ?? []} setChosen={setChosen} limit={limitOf(limits?.categories)} errors={messagesAt(errors, 'categories')} />
        <div className="mt-3">
          <label htmlFor="keywords" className="block font-semibold">{m.adv_keywords()}</label>
          <p id="keywords-hint" className="text-sm text-gray-700">{limits ? m.adv_keywords_hint_limit({ count: limits.keywords }) : m.adv_keywords_hint()}</p>
          <input id="keywords" value={keywordText} aria-describedby="keywords-hint" className="mt-1 w-full rounded border border-gray-400 px-3 py-2"
            onChange={(event) => {
              setKeywordText(event.target.value);
              const next = event.target.value.split(',').map((word) => word.trim()).filter(Boolean);
              if (next.join(',') !== (keywords ?? []).join(',')) setKeywords(next);
            }} />
          <FieldErrors id="keywords" errors={messagesAt(errors, 'keywords')} />
        </div>

        <LocationsSection />
        <HoursSection week={week ?? []} setWeek={setWeek} special={special ?? []} setSpecial={setSpecial} errors={{
          business_hours: messagesAt(errors, 'business_hours') ?? [], special_hours: messagesAt(errors, 'special_hours') ?? [],
        }} />
        <AttributesSection chosen={(attributes ?? []) as ProfileAttribute[]} setChosen={setAttributes} />

        <fieldset className="mt-5">
          <legend className="text-lg font-bold">{m.adv_links()}</legend>
          {LINKS.map(([field, label, type]) => <TextField key={field} name={field} label={label()} type={type} kind="nullable" />)}
        </fieldset>

        <fieldset className="mt-5">
          <legend className="text-lg font-bold">{m.adv_logo()}</legend>
          {logo && (
            <p className="mt-2 flex items-center gap-2">
              <img src={logo.full} alt={m.adv_the_logo()} width={64} height={64} className="h-16 w-16 rounded-full object-cover" />
              <button type="button" className="text-sm underline" onClick={() => setLogo(null)}>{m.adv_remove()}</button>
            </p>
          )}
          <label htmlFor="logo" className="mt-2 block font-semibold">{logo ? m.adv_change_logo() : m.adv_add_logo()}</label>
          <input id="logo" type="file" accept="image/jpeg,image/png,image/webp" disabled={logoUpload.busy} onChange={(event) => void logoUpload.upload(event.target.files)} className="mt-1" />
          <FieldErrors id="logo" errors={logoUpload.errors ?? messagesAt(errors, 'logo')} />
        </fieldset>

        <PhotoPicker id="photos" photos={images ?? []} setPhotos={(update) => setImages(update(images ?? []))} errors={messagesAt(errors, 'images')} testId="profile-photos" limit={limitOf(limits?.photos)} />
        {(!limits || limits.videos > 0 || (videos ?? []).length > 0) && (
          <VideoPicker videos={videos ?? []} setVideos={(update) => setVideos(update(videos ?? []))} errors={messagesAt(errors, 'videos')} limit={limitOf(limits?.videos)} />
        )}
        <DocumentPicker documents={(documents ?? []).map(({ file }) => ({ file, name: documentNames[file] ?? file.split('/').pop()! }))}
          setDocuments={(update) => {
            const next: DocumentItem[] = update((documents ?? []).map(({ file }) => ({ file, name: documentNames[file] ?? file.split('/').pop()! })));
            setDocumentNames((names) => ({ ...names, ...Object.fromEntries(next.map((item) => [item.file, item.name])) }));
            setDocuments(next.map(({ file }) => ({ file })));
          }}
          errors={messagesAt(errors, 'documents')} limit={limitOf(limits?.pdfs)} />

        <FieldErrors id="form" errors={messagesAt(errors, 'root.server')} />
        <button type="submit" className={`mt-6 ${primary}`} disabled={isSubmitting || logoUpload.busy}>{profileId === null ? m.adv_create_business() : m.adv_save()}</button>

        {profile && profile.history.length > 0 && (
          <details className="mt-6">
            <summary className="font-semibold">{m.adv_history()}</summary>
            <ul className="mt-2 space-y-1 text-sm">
              {profile.history.map((change, index) => (
                <li key={index}>{change.created_at.slice(0, 16).replace('T', ' ')} · {change.field}{change.review === 'pending' ? ` · ${m.adv_waiting_review()}` : ''}</li>
              ))}
            </ul>
          </details>
        )}
      </form>
    </FormProvider>
  );
}

export default function ProfileEditor({ profileId, categories }: { profileId: number | null; categories: CategoryChoice[] }) {
  return <AdvertiserOnly><EditorView profileId={profileId} categories={categories} /></AdvertiserOnly>;
}

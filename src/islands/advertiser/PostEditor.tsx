/**
 * The ad editor, /advertiser/posts/new and /advertiser/posts/{id} (issue 25): an ad of any of the four types with
 * its details, category, keywords and photos; saved as a draft, previewed, published. What a step costs is the
 * server's to say (issue 39): before publishing costs a token or ringgit, its quote is shown (SST on its own line) and
 * nothing is charged or invoiced until the person confirms; Cancel leaves the ad a saved draft.
 */
import { useEffect, useState } from 'react';
import * as calls from '../../client/advertiser-calls.ts';
import { reportFailure, useStates } from '../forms.tsx';
import {
  BUYSELL_CONDITIONS, DEAL_METHODS, EDUCATION_LEVELS, HIREME_EXPERTISE, HIREME_RATES, HIREME_TYPES, JOB_LEVELS, JOB_TYPES, LANGUAGES,
  LISTING_TYPE_LABELS, LISTING_TYPES, type ListingType,
} from '../../shared/constants.ts';
import { showToast } from '../../stores/toasts.ts';
import { mergePatchOf } from '../../shared/merge-patch.ts';
import { LISTING_STATE_LABELS, type PublishQuote } from '../../shared/listing-states.ts';
import { CostConfirm } from './CostConfirm.tsx';
import { AdvertiserOnly, FieldErrors, primary, secondary } from './gate.tsx';
import { DocumentPicker, PhotoPicker, VideoPicker, type DocumentItem, type VideoItem } from './MediaPickers.tsx';
import { fieldErrors } from '../../shared/schemas/field-errors.ts';
import { NewPostSchema, PostEditSchema } from '../../shared/schemas/advertiser.ts';
import type { CategoryChoice } from '../../shared/schemas/advertiser.ts';

const input = 'mt-1 w-full rounded border border-gray-400 px-3 py-2';
type Values = Record<string, string>;
type Lists = Record<string, string[]>;

const number = (text: string | undefined) => (text === undefined || text.trim() === '' ? null : Number(text));

function Text({ id, label, values, set, errors, type = 'text', multiline = false }: {
  id: string; label: string; values: Values; set: (name: string, value: string) => void; errors?: string[] | undefined; type?: string; multiline?: boolean;
}) {
  const props = { id, value: values[id] ?? '', className: input, 'aria-invalid': errors?.length ? true : undefined, 'aria-describedby': errors?.length ? `${id}-error` : undefined };
  return (
    <div className="mt-3">
      <label htmlFor={id} className="block font-semibold">{label}</label>
      <input type={type} {...props} onChange={(event) => set(id, event.target.value)} />
      <FieldErrors id={id} errors={errors} />
    </div>
  );
}

function Choice({ id, label, values, set, options }: { id: string; label: string; values: Values; set: (name: string, value: string) => void; options: Record<string, string> }) {
  return (
    <div className="mt-3">
      <label htmlFor={id} className="block font-semibold">{label}</label>
      <select id={id} value={values[id] ?? ''} onChange={(event) => set(id, event.target.value)} className={input}>
        {Object.entries(options).map(([value, text]) => <option key={value} value={value}>{text}</option>)}
      </select>
    </div>
  );
}

function Checks({ name, label, lists, toggle, options }: { name: string; label: string; lists: Lists; toggle: (name: string, value: string) => void; options: Record<string, string> }) {
  return (
    <fieldset className="mt-3">
      <legend className="font-semibold">{label}</legend>
      <div className="flex flex-wrap gap-x-4">
        {Object.entries(options).map(([value, text]) => (
          <label key={value} className="flex items-center gap-1"><input type="checkbox" checked={(lists[name] ?? []).includes(value)} onChange={() => toggle(name, value)} /> {text}</label>
        ))}
      </div>
    </fieldset>
  );
}

/** The values of an ad being edited, as the form holds them. */
function valuesOf(post: calls.AdvertiserPost): { values: Values; lists: Lists } {
  const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
  const values: Values = { title: post.title, summary: post.summary, category: post.categories_slugs[0] ?? '', keywords: post.keywords.join(', ') };
  const lists: Lists = {};
  if (post.job) {
    Object.assign(values, { level: post.job.level, requirements: post.job.requirements, responsibilities: post.job.responsibilities, benefits: post.job.benefits,
      salary_min: text(post.job.salary_min), salary_max: text(post.job.salary_max), salary_type: post.job.salary_type, remote: post.job.remote ? '1' : '',
      confidential: post.job.company_confidential ? '1' : '', resume: post.job.resume_required ? '1' : '', expires_at: post.expires_at?.slice(0, 10) ?? '' });
    Object.assign(lists, { job_type: post.job.type, qualification: post.job.qualification });
  }
  if (post.hireme) {
    Object.assign(values, { expertise: post.hireme.expertise, rate: post.hireme.rate, skill: post.hireme.skill, experience: post.hireme.experience,
      education: post.hireme.education, vaccination: post.hireme.vaccination, expected_salary: text(post.hireme.expected_salary),
      city: post.locations[0]?.city.name ?? '', state: post.locations[0]?.state.name ?? '' });
    Object.assign(lists, { hireme_type: post.hireme.type, language: post.hireme.language });
  }
  if (post.service) Object.assign(values, { description: post.service.description, price_min: text(post.service.price_min), price_max: text(post.service.price_max) });
  if (post.buysell) {
    Object.assign(values, { deal_type: post.buysell.type, condition: post.buysell.condition, brand: post.buysell.brand ?? '', qty: text(post.buysell.qty),
      description: post.buysell.description, price_min: text(post.buysell.price_min), op: text(post.op) });
    Object.assign(lists, { method: post.buysell.method });
  }
  return { values, lists };
}

/** The API body of the form (spec §3 Post and the type's object). */
function bodyOf(type: ListingType, values: Values, lists: Lists, images: { full: string }[], videos: VideoItem[], documents: DocumentItem[]) {
  const common = {
    videos, documents: documents.map(({ file }) => ({ file })),
    title: values.title ?? '', summary: values.summary ?? '', categories: values.category ? [values.category] : [],
    keywords: (values.keywords ?? '').split(',').map((word) => word.trim()).filter(Boolean), images,
  };
  switch (type) {
    case 'jobs': return { ...common, type, job: {
      type: (lists.job_type ?? []) as (keyof typeof JOB_TYPES)[], qualification: (lists.qualification ?? []) as (keyof typeof EDUCATION_LEVELS)[],
      level: (values.level ?? 'junior_executive') as keyof typeof JOB_LEVELS, requirements: values.requirements ?? '', responsibilities: values.responsibilities ?? '',
      benefits: values.benefits ?? '', salary_min: number(values.salary_min), salary_max: number(values.salary_max), salary_type: (values.salary_type ?? 'month') as 'month' | 'year',
      company_confidential: values.confidential === '1', document_resume_cv: values.resume === '1', remote: values.remote === '1',
      expires_at: values.expires_at ? new Date(`${values.expires_at}T23:59:00+08:00`).toISOString() : null,
    } } as const;
    case 'hireme': return { ...common, type, hireme: {
      type: (lists.hireme_type ?? []) as (keyof typeof HIREME_TYPES)[], language: (lists.language ?? []) as (typeof LANGUAGES)[number][],
      expertise: (values.expertise ?? 'intermediate') as keyof typeof HIREME_EXPERTISE, rate: (values.rate ?? 'month') as keyof typeof HIREME_RATES,
      skill: values.skill ?? '', experience: values.experience ?? '', education: values.education ?? '', vaccination: values.vaccination ?? '',
      expected_salary: number(values.expected_salary), city: values.city?.trim() ? values.city : null, state: values.state ? values.state : null,
    } } as const;
    case 'services': return { ...common, type, service: { description: values.description ?? '', price_min: number(values.price_min), price_max: number(values.price_max) } } as const;
    case 'buysell': return { ...common, type, buysell: {
      type: (values.deal_type ?? 'sell') as 'buy' | 'sell', condition: (values.condition ?? 'new') as keyof typeof BUYSELL_CONDITIONS,
      brand: values.brand?.trim() ? values.brand : null, method: (lists.method ?? []) as (keyof typeof DEAL_METHODS)[], qty: number(values.qty),
      description: values.description ?? '', price_min: number(values.price_min), op: number(values.op),
    } } as const;
  }
}

const DEFAULT_VALUES: Values = { level: 'junior_executive', salary_type: 'month', expertise: 'intermediate', rate: 'month', deal_type: 'sell', condition: 'new' };

/** The form's state of a loaded ad, and the body it makes. */
function formOf(data: calls.AdvertiserPost) {
  const filled = valuesOf(data);
  const images = data.images.filter((item) => item.video === null).map((item) => ({ full: item.image.full }));
  const videos = data.images.flatMap((item) => (item.video ? [{ file: item.video.file }] : []));
  const documents = data.documents.map((document) => ({ file: document.doc.file, name: document.original_filename }));
  const values = { ...DEFAULT_VALUES, ...filled.values };
  return { values, lists: filled.lists, images, videos, documents, body: bodyOf(data.type, values, filled.lists, images, videos, documents) };
}

function EditorView({ postId, initialType, initialProfileId, categories }: {
  postId: number | null; initialType: ListingType; initialProfileId: number | null; categories: Record<ListingType, CategoryChoice[]>;
}) {
  const [type, setType] = useState<ListingType>(initialType);
  const [profileId, setProfileId] = useState<number | null>(initialProfileId);
  const [businesses, setBusinesses] = useState<calls.DashboardBusiness[]>([]);
  const [post, setPost] = useState<calls.AdvertiserPost | null>(null);
  const [values, setValues] = useState<Values>(DEFAULT_VALUES);
  /** The body as loaded: a save sends only what changed since (a JSON Merge Patch, issue 40). */
  const [loaded, setLoaded] = useState<ReturnType<typeof bodyOf> | null>(null);
  const [lists, setLists] = useState<Lists>({});
  const [images, setImages] = useState<{ full: string }[]>([]);
  const [videos, setVideos] = useState<VideoItem[]>([]);
  const [documents, setDocuments] = useState<DocumentItem[]>([]);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const [payment, setPayment] = useState<calls.Payment | null>(null);
  /** Publishing costs: its quote waits for Confirm. */
  const [quote, setQuote] = useState<PublishQuote | null>(null);
  const states = useStates();

  useEffect(() => {
    calls.dashboard().then(({ data }) => {
      setBusinesses(data.businesses);
      setProfileId((current) => current ?? data.businesses[0]?.id ?? null);
    }, (error: unknown) => reportFailure(error, setErrors));
    if (postId !== null) {
      calls.post(postId).then(({ data }) => {
        setPost(data);
        // Saved by "Publish" on the new-ad form, and publishing costs: ask here.
        if (window.location.hash === '#publish' && (data.state === 'draft' || data.state === 'refused')) {
          history.replaceState(null, '', window.location.pathname + window.location.search);
          calls.publishQuote(postId).then(({ data: answer }) => {
            if (answer.confirm_required) setQuote(answer);
          }, (error: unknown) => reportFailure(error, setErrors));
        }
        setType(data.type);
        setProfileId(data.profile_id);
        const form = formOf(data);
        setValues(form.values);
        setLists(form.lists);
        setImages(form.images);
        setVideos(form.videos);
        setDocuments(form.documents);
        setLoaded(form.body);
      }, (error: unknown) => reportFailure(error, setErrors));
    }
  }, [postId]);

  const set = (name: string, value: string) => setValues((current) => ({ ...current, [name]: value }));
  const toggle = (name: string, value: string) => setLists((current) => {
    const list = current[name] ?? [];
    return { ...current, [name]: list.includes(value) ? list.filter((item) => item !== value) : [...list, value] };
  });
  const flag = (name: string) => (event: React.ChangeEvent<HTMLInputElement>) => set(name, event.target.checked ? '1' : '');

  /** The quote of publishing: free goes at once; a cost waits for Confirm. */
  async function askToPublish(id: number) {
    const answer = (await calls.publishQuote(id)).data;
    if (answer.confirm_required) setQuote(answer);
    else await finish(await calls.publishPost(id));
  }

  /** Shows what a save or a publish answered. */
  async function finish(answer: Awaited<ReturnType<typeof calls.publishPost>>) {
    setErrors({});
    if (answer.payment_required) {
      setPayment(answer.payment_required);
      showToast(answer.payment_required.message, 'warning');
    } else if (answer.held) {
      showToast(answer.held.message, 'warning');
    } else {
      showToast(answer.data.status === 'active' ? 'Your ad is live.' : 'Saved as a draft.', 'success');
    }
    setPost(answer.data);
  }

  async function confirmPublish() {
    if (postId === null) return;
    setBusy(true);
    setQuote(null);
    try {
      await finish(await calls.publishPost(postId, true));
    } catch (error) {
      reportFailure(error, setErrors);
    } finally {
      setBusy(false);
    }
  }

  async function save(publish: boolean) {
    const body = bodyOf(type, values, lists, images, videos, documents);
    // The server's rules, checked here first with the same schema (the plan's limits are the server's alone).
    const found = postId === null ? fieldErrors(NewPostSchema, { ...body, ...(type === 'hireme' ? {} : { profile_id: profileId ?? 0 }) }) : fieldErrors(PostEditSchema, body);
    if (found) {
      setErrors(found);
      return;
    }
    setBusy(true);
    setPayment(null);
    setQuote(null);
    try {
      if (postId === null) {
        // The business goes with every type but hireme (a person's own ad); the server checks which applies.
        const answer = await calls.createPost({ ...body, ...(type === 'hireme' ? {} : { profile_id: profileId ?? 0 }), publish } as Parameters<typeof calls.createPost>[0]);
        // Saved; when publishing costs, its page asks first (nothing is charged yet).
        window.location.assign(`/advertiser/posts/${answer.data.id}${answer.quote ? '#publish' : ''}`);
        return;
      }
      const answer = await calls.editPost(postId, loaded ? mergePatchOf(loaded, body) : body, post!.version);
      setLoaded(formOf(answer.data).body);
      if (publish && (answer.data.state === 'draft' || answer.data.state === 'refused') && !answer.payment_required) {
        setPost(answer.data);
        await askToPublish(postId);
      } else {
        await finish(answer);
      }
    } catch (error) {
      reportFailure(error, setErrors);
    } finally {
      setBusy(false);
    }
  }

  if (postId !== null && !post) return <p role="status">Loading…</p>;
  const live = post?.status === 'active';
  return (
    <form className="panel max-w-3xl" onSubmit={(event) => { event.preventDefault(); void save(!live); }} data-testid="post-editor" noValidate>
      {post && <p className="text-sm">Status: <strong data-testid="editor-status">{LISTING_STATE_LABELS[post.state]}</strong>{post.moderation_reason ? `: ${post.moderation_reason}` : ''} · spent {post.tokens_spent} token{post.tokens_spent === 1 ? '' : 's'} · <a className="underline" href={`/advertiser/posts/${post.id}/preview`}>Preview</a></p>}
      {post?.state === 'awaiting_payment' && post.invoice && (
        <p className="mt-2 text-sm">Waiting for payment: <a className="font-semibold underline" href={`/advertiser/invoices/${post.invoice.id}`}>invoice {post.invoice.number}</a></p>
      )}
      {quote && (
        <CostConfirm quote={quote} busy={busy} onConfirm={() => void confirmPublish()}
          onCancel={() => { setQuote(null); showToast('Not published: your ad is saved as a draft, and nothing was charged.', 'success'); }} />
      )}
      {payment && (
        <p className="mt-2 rounded border border-amber-500 bg-amber-50 p-2" role="status" data-testid="payment-required">
          {payment.message} <a className="font-semibold underline" href={`/advertiser/invoices/${payment.invoice_id}`}>Pay invoice {payment.invoice_number}</a>
        </p>
      )}
      {postId === null && (
        <div className="mt-3">
          <label htmlFor="type" className="block font-semibold">Type of ad</label>
          <select id="type" value={type} onChange={(event) => { setType(event.target.value as ListingType); set('category', ''); }} className={input}>
            {LISTING_TYPES.map((item) => <option key={item} value={item}>{LISTING_TYPE_LABELS[item].tab}</option>)}
          </select>
        </div>
      )}
      {type !== 'hireme' && postId === null && (
        <div className="mt-3">
          <label htmlFor="business" className="block font-semibold">Business</label>
          <select id="business" value={profileId ?? ''} onChange={(event) => setProfileId(Number(event.target.value))} className={input}>
            {businesses.map((business) => <option key={business.id} value={business.id}>{business.name}</option>)}
          </select>
          <FieldErrors id="business" errors={errors.profile_id} />
        </div>
      )}
      <Text id="title" label="Title" values={values} set={set} errors={errors.title} />
      <Text id="summary" label="Summary" values={values} set={set} errors={errors.summary} />
      <div className="mt-3">
        <label htmlFor="category" className="block font-semibold">Category</label>
        <select id="category" value={values.category ?? ''} onChange={(event) => set('category', event.target.value)} className={input}
          aria-invalid={errors.categories ? true : undefined} aria-describedby={errors.categories ? 'category-error' : undefined}>
          <option value="">Choose…</option>
          {categories[type].map((category) => <option key={category.slug} value={category.slug}>{category.label}</option>)}
        </select>
        <FieldErrors id="category" errors={errors.categories} />
      </div>
      <Text id="keywords" label="Keywords (separate with commas)" values={values} set={set} errors={errors.keywords} />

      {type === 'services' && (
        <fieldset className="mt-5">
          <legend className="text-lg font-bold">Service</legend>
          <Text id="description" label="Description" values={values} set={set} errors={errors.service} multiline />
          <div className="grid gap-x-3 sm:grid-cols-2">
            <Text id="price_min" label="Price from (RM; empty: negotiable)" values={values} set={set} type="number" />
            <Text id="price_max" label="Price to (RM)" values={values} set={set} type="number" />
          </div>
        </fieldset>
      )}
      {type === 'jobs' && (
        <fieldset className="mt-5">
          <legend className="text-lg font-bold">Job</legend>
          <Checks name="job_type" label="Job type" lists={lists} toggle={toggle} options={JOB_TYPES} />
          <Choice id="level" label="Level" values={values} set={set} options={JOB_LEVELS} />
          <Checks name="qualification" label="Qualification" lists={lists} toggle={toggle} options={EDUCATION_LEVELS} />
          <Text id="requirements" label="Requirements" values={values} set={set} multiline />
          <Text id="responsibilities" label="Responsibilities" values={values} set={set} multiline />
          <Text id="benefits" label="Benefits" values={values} set={set} multiline />
          <div className="grid gap-x-3 sm:grid-cols-3">
            <Text id="salary_min" label="Salary from (RM)" values={values} set={set} type="number" />
            <Text id="salary_max" label="Salary to (RM)" values={values} set={set} type="number" />
            <Choice id="salary_type" label="Salary per" values={values} set={set} options={{ month: 'Month', year: 'Year' }} />
          </div>
          <label className="mt-3 flex items-center gap-2"><input type="checkbox" checked={values.confidential === '1'} onChange={flag('confidential')} /> Company confidential (salary hidden)</label>
          <label className="mt-2 flex items-center gap-2"><input type="checkbox" checked={values.resume === '1'} onChange={flag('resume')} /> Applicants must send a CV</label>
          <label className="mt-2 flex items-center gap-2"><input type="checkbox" checked={values.remote === '1'} onChange={flag('remote')} /> Remote work (from home)</label>
          <Text id="expires_at" label="Applications close (within 30 days)" values={values} set={set} type="date" />
          <FieldErrors id="job" errors={errors.job} />
        </fieldset>
      )}
      {type === 'hireme' && (
        <fieldset className="mt-5">
          <legend className="text-lg font-bold">About you</legend>
          <Checks name="hireme_type" label="Available for" lists={lists} toggle={toggle} options={HIREME_TYPES} />
          <Choice id="expertise" label="Expertise" values={values} set={set} options={HIREME_EXPERTISE} />
          <Choice id="rate" label="Rate" values={values} set={set} options={HIREME_RATES} />
          <Text id="expected_salary" label="Expected pay (RM)" values={values} set={set} type="number" />
          <div className="grid gap-x-3 sm:grid-cols-2">
            <Text id="city" label="Town you work in" values={values} set={set} />
            <Choice id="state" label="State" values={values} set={set} options={{ '': 'Choose…', ...Object.fromEntries(states.map((state) => [state.name, state.name])) }} />
          </div>
          <Text id="skill" label="Skills" values={values} set={set} multiline />
          <Text id="experience" label="Experience" values={values} set={set} multiline />
          <Text id="education" label="Education" values={values} set={set} />
          <Checks name="language" label="Languages" lists={lists} toggle={toggle} options={Object.fromEntries(LANGUAGES.map((language) => [language, language]))} />
          <FieldErrors id="hireme" errors={errors.hireme} />
        </fieldset>
      )}
      {type === 'buysell' && (
        <fieldset className="mt-5">
          <legend className="text-lg font-bold">Buy or sell</legend>
          <Choice id="deal_type" label="I want to" values={values} set={set} options={{ sell: 'Sell', buy: 'Buy' }} />
          <Choice id="condition" label="Condition" values={values} set={set} options={BUYSELL_CONDITIONS} />
          <Text id="brand" label="Brand" values={values} set={set} />
          <Checks name="method" label="Deal methods" lists={lists} toggle={toggle} options={DEAL_METHODS} />
          <div className="grid gap-x-3 sm:grid-cols-3">
            <Text id="price_min" label="Price (RM)" values={values} set={set} type="number" />
            <Text id="op" label="Original price (RM)" values={values} set={set} type="number" />
            <Text id="qty" label="Quantity" values={values} set={set} type="number" />
          </div>
          <Text id="description" label="Description" values={values} set={set} multiline />
          <FieldErrors id="buysell" errors={errors.buysell} />
        </fieldset>
      )}

      <PhotoPicker id="post-photo-input" photos={images} setPhotos={setImages} errors={errors.images} testId="post-photos" />
      <VideoPicker videos={videos} setVideos={setVideos} errors={errors.videos} />
      <DocumentPicker documents={documents} setDocuments={setDocuments} errors={errors.documents} />
      <FieldErrors id="post" errors={errors.locations ?? errors.plan ?? errors.status} />

      <div className="mt-6 flex flex-wrap gap-2">
        {!live && <button type="button" className={secondary} disabled={busy} onClick={() => void save(false)}>Save draft</button>}
        <button type="submit" className={primary} disabled={busy}>{live ? 'Save changes' : 'Publish'}</button>
      </div>
    </form>
  );
}

export default function PostEditor(props: { postId: number | null; initialType: ListingType; initialProfileId: number | null; categories: Record<ListingType, CategoryChoice[]> }) {
  return <AdvertiserOnly><EditorView {...props} /></AdvertiserOnly>;
}

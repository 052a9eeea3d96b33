/**
 * The ad editor, /advertiser/posts/new and /advertiser/posts/{id} (issues 25 and 40): an ad of any of the four types
 * with its details, categories, keywords and media; saved as a draft, previewed, published. The form (react-hook-form,
 * checked by the shared zod schema) holds the API body; an edit sends only what changed (a JSON Merge Patch) with the
 * version it read. What a step costs is the server's to say (issue 39): before publishing costs a token or ringgit, its
 * quote is shown (SST on its own line) and nothing is charged or invoiced until the person confirms; Cancel leaves the
 * ad a saved draft.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FormProvider, useController, useForm, type Resolver } from 'react-hook-form';
import * as calls from '../../client/advertiser-calls.ts';
import { errorBody } from '../../client/api.ts';
import { LISTING_TYPES, type ListingType } from '../../shared/constants.ts';
import { listingStateLabel, type PublishQuote } from '../../shared/listing-states.ts';
import { HTML_LANG, LOCALE_NAMES, LOCALES } from '../../shared/locale.ts';
import { mergePatchOf } from '../../shared/merge-patch.ts';
import { planLimits } from '../../shared/plans.ts';
import { NewPostSchema, PostEditSchema, type CategoryChoice } from '../../shared/schemas/advertiser.ts';
import { showToast } from '../../stores/toasts.ts';
import { typeLabel } from '../../shared/type-labels.ts';
import * as m from '../../paraglide/messages.js';
import { reportFailure } from '../forms.tsx';
import { CategoryPicker } from './CategoryPicker.tsx';
import { CostConfirm } from './CostConfirm.tsx';
import { AdvertiserOnly, FieldErrors, primary, secondary } from './gate.tsx';
import { DocumentPicker, PhotoPicker, VideoPicker, type DocumentItem } from './MediaPickers.tsx';
import { adBodyOf, adFormOf, emptyAdForm, type AdForm } from './post-editor/ad-form.ts';
import { BuysellSection, HiremeSection, JobSection, ServiceSection } from './post-editor/sections.tsx';
import { PlaceSection } from './post-editor/PlaceSection.tsx';
import { input, messagesAt, showServerErrors, TextField } from './profile-editor/fields.tsx';

const SECTIONS = { services: ServiceSection, jobs: JobSection, hireme: HiremeSection, buysell: BuysellSection } as const;

function EditorView({ postId, initialType, initialProfileId, categories }: {
  postId: number | null; initialType: ListingType; initialProfileId: number | null; categories: Record<ListingType, CategoryChoice[]>;
}) {
  const [businesses, setBusinesses] = useState<calls.DashboardBusiness[]>([]);
  const [post, setPost] = useState<calls.AdvertiserPost | null>(null);
  /** The form as loaded: an edit sends what changed since. */
  const loaded = useRef<AdForm | null>(null);
  const [documentNames, setDocumentNames] = useState<Record<string, string>>({});
  const [payment, setPayment] = useState<calls.Payment | null>(null);
  /** Publishing costs: its quote waits for Confirm. */
  const [quote, setQuote] = useState<PublishQuote | null>(null);
  const [busy, setBusy] = useState(false);
  const isNew = postId === null;
  // The shared schema checks the body the form makes (a job's closing day becomes its expiry), by the same field paths.
  const resolver: Resolver<AdForm> = async (values, context, options) => {
    const checked = await zodResolver(isNew ? NewPostSchema : PostEditSchema, undefined, { raw: true })(adBodyOf(values, loaded.current, isNew) as never, context, options as never);
    return Object.keys(checked.errors).length > 0 ? { values: {}, errors: checked.errors as never } : { values, errors: {} };
  };
  const form = useForm<AdForm>({ defaultValues: emptyAdForm(initialType, initialProfileId), resolver });
  const { control, handleSubmit, reset, setError, clearErrors, watch, setValue, formState: { errors } } = form;
  const type = watch('type');
  const profileId = watch('profile_id');
  const { field: categoriesField } = useController({ control, name: 'categories' });
  const { field: keywordsField } = useController({ control, name: 'keywords' });
  const { field: images } = useController({ control, name: 'images' });
  const { field: videos } = useController({ control, name: 'videos' });
  const { field: documents } = useController({ control, name: 'documents' });
  const [keywordText, setKeywordText] = useState('');

  const fill = useCallback((data: calls.AdvertiserPost) => {
    const next = adFormOf(data);
    loaded.current = next;
    setPost(data);
    reset(next);
    setKeywordText(next.keywords.join(', '));
    setDocumentNames(Object.fromEntries(data.documents.map((document) => [document.doc.file, document.original_filename])));
  }, [reset]);

  useEffect(() => {
    calls.dashboard().then(({ data }) => {
      setBusinesses(data.businesses);
      if (isNew && form.getValues('profile_id') === null && data.businesses[0]) form.setValue('profile_id', data.businesses[0].id);
    }, (error: unknown) => reportFailure(error, () => undefined));
    if (postId !== null) {
      calls.post(postId).then(({ data }) => {
        fill(data);
        // Saved by "Publish" on the new-ad form, and publishing costs: ask here.
        if (window.location.hash === '#publish' && (data.state === 'draft' || data.state === 'refused')) {
          history.replaceState(null, '', window.location.pathname + window.location.search);
          calls.publishQuote(postId).then(({ data: answer }) => {
            if (answer.confirm_required) setQuote(answer);
          }, (error: unknown) => reportFailure(error, () => undefined));
        }
      }, (error: unknown) => reportFailure(error, () => undefined));
    }
  }, [postId, isNew, fill, form]);

  /** The quote of publishing: free goes at once; a cost waits for Confirm. */
  async function askToPublish(id: number) {
    const answer = (await calls.publishQuote(id)).data;
    if (answer.confirm_required) setQuote(answer);
    else await finish(await calls.publishPost(id));
  }

  /** Shows what a save or a publish answered. */
  async function finish(answer: Awaited<ReturnType<typeof calls.publishPost>>) {
    clearErrors();
    if (answer.payment_required) {
      setPayment(answer.payment_required);
      showToast(answer.payment_required.message, 'warning');
    } else if (answer.held) {
      showToast(answer.held.message, 'warning');
    } else {
      showToast(answer.data.status === 'active' ? m.adv_your_ad_live() : m.adv_saved_draft(), 'success');
    }
    fill(answer.data);
  }

  const failed = (error: unknown) => reportFailure(error, (found) => showServerErrors(setError as never, found));

  async function confirmPublish() {
    if (postId === null) return;
    setBusy(true);
    setQuote(null);
    try {
      await finish(await calls.publishPost(postId, true));
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  }

  const save = (publish: boolean) => handleSubmit(async (values) => {
    const body = adBodyOf(values, loaded.current, isNew);
    setBusy(true);
    setPayment(null);
    setQuote(null);
    try {
      if (postId === null) {
        // The business goes with every type but hireme (a person's own ad); the server checks which applies.
        const answer = await calls.createPost({ ...body, publish } as Parameters<typeof calls.createPost>[0]);
        // Saved; when publishing costs, its page asks first (nothing is charged yet).
        window.location.assign(`/advertiser/posts/${answer.data.id}${answer.quote ? '#publish' : ''}`);
        return;
      }
      const answer = await calls.editPost(postId, mergePatchOf(adBodyOf(loaded.current!, loaded.current, false), body), post!.version);
      if (publish && (answer.data.state === 'draft' || answer.data.state === 'refused') && !answer.payment_required) {
        fill(answer.data);
        await askToPublish(postId);
      } else {
        await finish(answer);
      }
    } catch (error) {
      const failure = errorBody(error) as ReturnType<typeof errorBody> & { data?: calls.AdvertiserPost };
      if (failure.status === 409 && failure.data && 'version' in failure.data) {
        fill(failure.data);
        showToast(m.adv_ad_changed_elsewhere(), 'warning');
        return;
      }
      failed(error);
    } finally {
      setBusy(false);
    }
  }, () => showToast(m.adv_check_fields(), 'warning'))();

  if (postId !== null && !post) return <p role="status">{m.loading()}</p>;
  const live = post?.status === 'active';
  const business = businesses.find((item) => item.id === (post?.profile_id ?? profileId));
  const limits = type === 'hireme' || !business ? planLimits(post?.plan ?? 'FREE') : business.package;
  const plan = type === 'hireme' || !business ? (post?.plan ?? 'FREE') : business.plan;
  const Section = SECTIONS[type];
  return (
    <FormProvider {...form}>
      <form className="panel max-w-3xl" onSubmit={(event) => { event.preventDefault(); void save(!live); }} data-testid="post-editor" noValidate>
        {post && <p className="text-sm">{m.adv_status_label()} <strong data-testid="editor-status">{listingStateLabel(post.state)}</strong>{post.moderation_reason ? `: ${post.moderation_reason}` : ''} · {m.adv_spent_tokens({ count: post.tokens_spent })} · <a className="underline" href={`/advertiser/posts/${post.id}/preview`}>{m.adv_preview()}</a></p>}
        {post?.state === 'awaiting_payment' && post.invoice && (
          <p className="mt-2 text-sm">{m.adv_state_awaiting_payment()}: <a className="font-semibold underline" href={`/advertiser/invoices/${post.invoice.id}`}>{m.adv_invoice_named({ number: post.invoice.number })}</a></p>
        )}
        {quote && (
          <CostConfirm quote={quote} busy={busy} onConfirm={() => void confirmPublish()}
            onCancel={() => { setQuote(null); showToast(m.adv_not_published_draft(), 'success'); }} />
        )}
        {payment && (
          <p className="mt-2 rounded border border-amber-500 bg-amber-50 p-2" role="status" data-testid="payment-required">
            {payment.message} <a className="font-semibold underline" href={`/advertiser/invoices/${payment.invoice_id}`}>{m.adv_pay_invoice_named({ number: payment.invoice_number })}</a>
          </p>
        )}
        {isNew && (
          <div className="mt-3">
            <label htmlFor="type" className="block font-semibold">{m.adv_type_of_ad()}</label>
            <select id="type" value={type} onChange={(event) => { setValue('type', event.target.value as ListingType); setValue('categories', []); }} className={input}>
              {LISTING_TYPES.map((item) => <option key={item} value={item}>{typeLabel(item, 'tab')}</option>)}
            </select>
          </div>
        )}
        {type !== 'hireme' && isNew && (
          <div className="mt-3">
            <label htmlFor="business" className="block font-semibold">{m.adv_business()}</label>
            <select id="business" value={profileId ?? ''} onChange={(event) => setValue('profile_id', Number(event.target.value))} className={input}>
              {businesses.map((item) => <option key={item.id} value={item.id}>{item.name}</option>)}
            </select>
            <FieldErrors id="business" errors={messagesAt(errors, 'profile_id')} />
          </div>
        )}
        <PlaceSection postId={postId} />
        <TextField name="title" label={m.adv_title()} />
        <TextField name="summary" label={m.adv_summary()} />
        <div className="mt-3">
          <label htmlFor="content_lang" className="block font-semibold">{m.adv_written_in()}</label>
          <select id="content_lang" {...form.register('content_lang')} className={input} aria-describedby="content-lang-hint">
            {isNew && <option value="">{m.adv_as_title_reads()}</option>}
            {LOCALES.map((locale) => <option key={locale} value={locale} lang={HTML_LANG[locale]}>{LOCALE_NAMES[locale]}</option>)}
          </select>
          <p id="content-lang-hint" className="mt-1 text-sm text-gray-700">{m.adv_written_in_hint()}</p>
          <FieldErrors id="content_lang" errors={messagesAt(errors, 'content_lang')} />
        </div>
        <CategoryPicker id="categories" choices={categories[type]} type={type} chosen={categoriesField.value} setChosen={categoriesField.onChange}
          limit={{ count: limits.categories, plan }} errors={messagesAt(errors, 'categories')} />
        <div className="mt-3">
          <label htmlFor="keywords" className="block font-semibold">{m.adv_keywords_commas()}</label>
          <input id="keywords" value={keywordText} className={input} aria-describedby={messagesAt(errors, 'keywords') ? 'keywords-error' : undefined}
            onChange={(event) => {
              setKeywordText(event.target.value);
              keywordsField.onChange(event.target.value.split(',').map((word) => word.trim()).filter(Boolean));
            }} />
          <FieldErrors id="keywords" errors={messagesAt(errors, 'keywords')} />
        </div>

        <Section />

        <PhotoPicker id="post-photo-input" photos={images.value} setPhotos={(update) => images.onChange(update(images.value))} errors={messagesAt(errors, 'images')} testId="post-photos"
          limit={{ count: limits.photos, plan }} />
        {(limits.videos > 0 || videos.value.length > 0) && (
          <VideoPicker videos={videos.value} setVideos={(update) => videos.onChange(update(videos.value))} errors={messagesAt(errors, 'videos')} limit={{ count: limits.videos, plan }} />
        )}
        <DocumentPicker documents={documents.value.map(({ file }) => ({ file, name: documentNames[file] ?? file.split('/').pop()! }))}
          setDocuments={(update) => {
            const next: DocumentItem[] = update(documents.value.map(({ file }) => ({ file, name: documentNames[file] ?? file.split('/').pop()! })));
            setDocumentNames((names) => ({ ...names, ...Object.fromEntries(next.map((item) => [item.file, item.name])) }));
            documents.onChange(next.map(({ file }) => ({ file })));
          }}
          errors={messagesAt(errors, 'documents')} limit={{ count: limits.pdfs, plan }} />
        <FieldErrors id="post" errors={messagesAt(errors, 'locations') ?? messagesAt(errors, 'plan') ?? messagesAt(errors, 'status') ?? messagesAt(errors, 'root.server')} />

        <div className="mt-6 flex flex-wrap gap-2">
          {!live && <button type="button" className={secondary} disabled={busy} onClick={() => void save(false)}>{m.adv_save_draft()}</button>}
          <button type="submit" className={primary} disabled={busy}>{live ? m.adv_save_changes() : m.adv_publish()}</button>
        </div>
      </form>
    </FormProvider>
  );
}

export default function PostEditor(props: { postId: number | null; initialType: ListingType; initialProfileId: number | null; categories: Record<ListingType, CategoryChoice[]> }) {
  return <AdvertiserOnly><EditorView {...props} /></AdvertiserOnly>;
}

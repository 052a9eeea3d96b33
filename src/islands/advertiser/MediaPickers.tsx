/**
 * The photos and videos of an ad or a business (issue 25): each file uploads as it is chosen (POST advertiser/images,
 * advertiser/videos) and the form then names it; the server counts them against the plan.
 */
import { useState } from 'react';
import * as calls from '../../client/advertiser-calls.ts';
import { reportFailure } from '../forms.tsx';
import { FieldErrors } from './gate.tsx';
import * as m from '../../paraglide/messages.js';

/**
 * Sends the chosen files in the form field `field` with `call` and hands the answer to `done`: the upload's busy
 * flag, and its messages (a 422 on the file, a 429) to show under the picker.
 */
export function useUpload<Answer>(field: string, call: (body: FormData) => Promise<{ data: Answer }>, done: (data: Answer) => void) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<Record<string, string[]>>({});
  async function upload(files: FileList | null, many = false) {
    const chosen = [...(files ?? [])].slice(0, many ? undefined : 1);
    if (chosen.length === 0) return;
    const form = new FormData();
    for (const file of chosen) form.append(field, file);
    setBusy(true);
    try {
      const { data } = await call(form);
      setFailed({});
      done(data);
    } catch (error) {
      reportFailure(error, setFailed);
    } finally {
      setBusy(false);
    }
  }
  return { busy, errors: failed[field], upload };
}

/** What the plan allows of a kind (issue 40): items past it stay, marked as not shown, and adding more is off. */
export type Limit = { count: number; plan: string } | undefined;

/** The note on an item the plan does not show, and the move that lets the owner choose which are shown. */
function PastLimit({ index, limit, move }: { index: number; limit: Limit; move: () => void }) {
  if (!limit || index < limit.count) return null;
  return (
    <span className="block max-w-[10rem] text-xs text-amber-800" data-testid="not-shown">
      {m.adv_not_shown_on_plan({ plan: limit.plan })}{' '}
      {limit.count > 0 && <button type="button" className="underline" onClick={move}>{m.adv_show_this_one()}</button>}
    </span>
  );
}

/** `list` with the item at `index` moved to the last place the plan shows. */
const intoShown = <T,>(list: T[], index: number, limit: Limit) => {
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(Math.max(0, (limit?.count ?? 1) - 1), 0, item!);
  return next;
};

const full = (limit: Limit, count: number) => limit !== undefined && count >= limit.count;

export type VideoItem = { file: string };
export type PhotoItem = { full: string };
export type DocumentItem = { file: string; name: string };

/** PDFs (a menu, a brochure, a job description): listed by their name, each removable. */
export function DocumentPicker({ documents, setDocuments, errors, limit }: {
  documents: DocumentItem[]; setDocuments: (update: (current: DocumentItem[]) => DocumentItem[]) => void; errors: string[] | undefined; limit?: Limit;
}) {
  const { busy, errors: failed, upload } = useUpload('document', calls.uploadDocument,
    (data) => setDocuments((current) => [...current, { file: data.file, name: data.original_filename }]));
  return (
    <fieldset className="mt-5">
      <legend className="text-lg font-bold">{m.adv_pdfs()}</legend>
      <ul className="mt-2 space-y-1" data-testid="documents">
        {documents.map((document) => (
          <li key={document.file} className="flex flex-wrap items-center gap-2">
            <a className="underline [overflow-wrap:anywhere]" href={document.file} target="_blank" rel="noopener">{document.name}</a>
            <button type="button" className="text-sm underline" onClick={() => setDocuments((current) => current.filter((item) => item.file !== document.file))}>{m.adv_remove()}</button>
            <PastLimit index={documents.indexOf(document)} limit={limit} move={() => setDocuments((current) => intoShown(current, current.indexOf(document), limit))} />
          </li>
        ))}
      </ul>
      <label htmlFor="document-input" className="mt-2 block font-semibold">{m.adv_add_pdf()}</label>
      {full(limit, documents.length) && <p className="text-sm text-gray-700">{m.adv_plan_allows_pdfs({ plan: limit!.plan, count: limit!.count })}</p>}
      <input id="document-input" type="file" accept="application/pdf" disabled={busy || full(limit, documents.length)} onChange={(event) => void upload(event.target.files)} className="mt-1" />
      <FieldErrors id="document-input" errors={failed ?? errors} />
    </fieldset>
  );
}

/** Photos: thumbnails with Remove, and a picker of several files. */
export function PhotoPicker({ id, photos, setPhotos, errors, testId, limit }: {
  id: string; photos: PhotoItem[]; setPhotos: (update: (current: PhotoItem[]) => PhotoItem[]) => void; errors: string[] | undefined; testId: string; limit?: Limit;
}) {
  const { busy, errors: failed, upload } = useUpload('image', calls.uploadPhotos,
    (data) => setPhotos((current) => [...current, ...data.map((image) => ({ full: image.full }))]));
  return (
    <fieldset className="mt-5">
      <legend className="text-lg font-bold">{m.adv_photos()}</legend>
      <ul className="mt-2 flex flex-wrap gap-2" data-testid={testId}>
        {photos.map((photo) => (
          <li key={photo.full}>
            <img src={photo.full} alt="" width={120} height={68} className="h-[68px] w-[120px] rounded object-cover" />
            <button type="button" className="mt-1 text-sm underline" onClick={() => setPhotos((current) => current.filter((item) => item.full !== photo.full))}>{m.adv_remove()}</button>
            <PastLimit index={photos.indexOf(photo)} limit={limit} move={() => setPhotos((current) => intoShown(current, current.indexOf(photo), limit))} />
          </li>
        ))}
      </ul>
      <label htmlFor={id} className="mt-2 block font-semibold">{m.adv_add_photos()}</label>
      {full(limit, photos.length) && <p className="text-sm text-gray-700">{m.adv_plan_allows_photos({ plan: limit!.plan, count: limit!.count })}</p>}
      <input id={id} type="file" accept="image/jpeg,image/png,image/webp" multiple disabled={busy || full(limit, photos.length)} onChange={(event) => void upload(event.target.files, true)} className="mt-1" />
      {busy && <p role="status" className="text-sm">{m.adv_uploading()}</p>}
      <FieldErrors id={id} errors={failed ?? errors} />
    </fieldset>
  );
}

export function VideoPicker({ videos, setVideos, errors, limit }: { videos: VideoItem[]; setVideos: (update: (current: VideoItem[]) => VideoItem[]) => void; errors: string[] | undefined; limit?: Limit }) {
  const { busy, errors: failed, upload } = useUpload('video', calls.uploadVideo, (data) => setVideos((current) => [...current, { file: data.video.file }]));
  return (
    <fieldset className="mt-5">
      <legend className="text-lg font-bold">{m.adv_videos()}</legend>
      <ul className="mt-2 space-y-1" data-testid="videos">
        {videos.map((video, index) => (
          <li key={video.file} className="flex flex-wrap items-center gap-2">
            <a className="underline" href={video.file} target="_blank" rel="noopener">{m.adv_video_numbered({ number: index + 1 })}</a>
            <button type="button" className="text-sm underline" onClick={() => setVideos((current) => current.filter((item) => item.file !== video.file))}>{m.adv_remove()}</button>
            <PastLimit index={index} limit={limit} move={() => setVideos((current) => intoShown(current, index, limit))} />
          </li>
        ))}
      </ul>
      <label htmlFor="video-input" className="mt-2 block font-semibold">{m.adv_add_video()}</label>
      {full(limit, videos.length) && <p className="text-sm text-gray-700">{m.adv_plan_allows_videos({ plan: limit!.plan, count: limit!.count })}</p>}
      <input id="video-input" type="file" accept="video/mp4,video/webm" disabled={busy || full(limit, videos.length)} onChange={(event) => void upload(event.target.files)} className="mt-1" />
      {busy && <p role="status" className="text-sm">{m.adv_uploading()}</p>}
      <FieldErrors id="video-input" errors={failed ?? errors} />
    </fieldset>
  );
}

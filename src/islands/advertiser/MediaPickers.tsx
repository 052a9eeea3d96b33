/**
 * The photos and videos of an ad or a business (issue 25): each file uploads as it is chosen (POST advertiser/images,
 * advertiser/videos) and the form then names it; the server counts them against the plan.
 */
import { counted } from '../../shared/plurals.ts';
import { useState } from 'react';
import * as calls from '../../client/advertiser-calls.ts';
import { reportFailure } from '../forms.tsx';
import { FieldErrors } from './gate.tsx';

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
      Not shown on {limit.plan}: choose which to show, or upgrade.{' '}
      {limit.count > 0 && <button type="button" className="underline" onClick={move}>Show this one</button>}
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
      <legend className="text-lg font-bold">PDFs</legend>
      <ul className="mt-2 space-y-1" data-testid="documents">
        {documents.map((document) => (
          <li key={document.file} className="flex flex-wrap items-center gap-2">
            <a className="underline [overflow-wrap:anywhere]" href={document.file} target="_blank" rel="noopener">{document.name}</a>
            <button type="button" className="text-sm underline" onClick={() => setDocuments((current) => current.filter((item) => item.file !== document.file))}>Remove</button>
            <PastLimit index={documents.indexOf(document)} limit={limit} move={() => setDocuments((current) => intoShown(current, current.indexOf(document), limit))} />
          </li>
        ))}
      </ul>
      <label htmlFor="document-input" className="mt-2 block font-semibold">Add a PDF (up to 5 MB)</label>
      {full(limit, documents.length) && <p className="text-sm text-gray-700">The {limit!.plan} plan allows {counted(limit!.count, 'PDF')}.</p>}
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
      <legend className="text-lg font-bold">Photos</legend>
      <ul className="mt-2 flex flex-wrap gap-2" data-testid={testId}>
        {photos.map((photo) => (
          <li key={photo.full}>
            <img src={photo.full} alt="" width={120} height={68} className="h-[68px] w-[120px] rounded object-cover" />
            <button type="button" className="mt-1 text-sm underline" onClick={() => setPhotos((current) => current.filter((item) => item.full !== photo.full))}>Remove</button>
            <PastLimit index={photos.indexOf(photo)} limit={limit} move={() => setPhotos((current) => intoShown(current, current.indexOf(photo), limit))} />
          </li>
        ))}
      </ul>
      <label htmlFor={id} className="mt-2 block font-semibold">Add photos</label>
      {full(limit, photos.length) && <p className="text-sm text-gray-700">The {limit!.plan} plan allows {counted(limit!.count, 'photo')}.</p>}
      <input id={id} type="file" accept="image/jpeg,image/png,image/webp" multiple disabled={busy || full(limit, photos.length)} onChange={(event) => void upload(event.target.files, true)} className="mt-1" />
      {busy && <p role="status" className="text-sm">Uploading…</p>}
      <FieldErrors id={id} errors={failed ?? errors} />
    </fieldset>
  );
}

export function VideoPicker({ videos, setVideos, errors, limit }: { videos: VideoItem[]; setVideos: (update: (current: VideoItem[]) => VideoItem[]) => void; errors: string[] | undefined; limit?: Limit }) {
  const { busy, errors: failed, upload } = useUpload('video', calls.uploadVideo, (data) => setVideos((current) => [...current, { file: data.video.file }]));
  return (
    <fieldset className="mt-5">
      <legend className="text-lg font-bold">Videos</legend>
      <ul className="mt-2 space-y-1" data-testid="videos">
        {videos.map((video, index) => (
          <li key={video.file} className="flex flex-wrap items-center gap-2">
            <a className="underline" href={video.file} target="_blank" rel="noopener">Video {index + 1}</a>
            <button type="button" className="text-sm underline" onClick={() => setVideos((current) => current.filter((item) => item.file !== video.file))}>Remove</button>
            <PastLimit index={index} limit={limit} move={() => setVideos((current) => intoShown(current, index, limit))} />
          </li>
        ))}
      </ul>
      <label htmlFor="video-input" className="mt-2 block font-semibold">Add a video (MP4 or WebM, up to 40 MB)</label>
      {full(limit, videos.length) && <p className="text-sm text-gray-700">The {limit!.plan} plan allows {counted(limit!.count, 'video')}.</p>}
      <input id="video-input" type="file" accept="video/mp4,video/webm" disabled={busy || full(limit, videos.length)} onChange={(event) => void upload(event.target.files)} className="mt-1" />
      {busy && <p role="status" className="text-sm">Uploading…</p>}
      <FieldErrors id="video-input" errors={failed ?? errors} />
    </fieldset>
  );
}

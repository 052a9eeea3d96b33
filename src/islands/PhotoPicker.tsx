/**
 * Photos a form sends (review photos, spec §5: at most 3; enquiry photos: at most 5): each file is uploaded
 * as it is chosen (POST review/image or enquire/image), shown as a thumbnail, and removed by clicking it;
 * the file picker is disabled once the form has its maximum.
 */
import { useState } from 'react';
import { uploadImage } from '../client/calls.ts';
import type { Image } from '../shared/schemas/catalog.ts';
import * as m from '../paraglide/messages.js';

interface PhotoPickerProps {
  id: string;
  /** The upload call: review/image or enquire/image. */
  uploadPath: 'review/image' | 'enquire/image';
  max: number;
  images: Image[];
  onChange: (change: (images: Image[]) => Image[]) => void;
  /** An upload that failed (its 422 or 429), for the form to report. */
  onError: (error: unknown) => void;
  /** Told while files upload, so the form waits before sending. */
  onUploading?: (uploading: boolean) => void;
  error?: string[] | undefined;
  testId: string;
}

export function PhotoPicker({ id, uploadPath, max, images, onChange, onError, onUploading, error, testId }: PhotoPickerProps) {
  const [uploading, setUploading] = useState(false);
  const busy = (value: boolean) => { setUploading(value); onUploading?.(value); };
  const upload = async (files: FileList | null) => {
    const chosen = [...(files ?? [])].slice(0, max - images.length);
    busy(true);
    try {
      for (const file of chosen) {
        const body = new FormData();
        body.append('image', file);
        const { data } = await uploadImage(uploadPath, body);
        onChange((current) => [...current, data]);
      }
    } catch (failure) {
      onError(failure);
    } finally {
      busy(false);
    }
  };
  return (
    <>
      <label htmlFor={id} className="block text-sm font-medium">{m.photos_count({ count: images.length, max })}</label>
      <input id={id} type="file" accept="image/jpeg,image/png,image/webp" multiple disabled={uploading || images.length >= max}
        onChange={(event) => { void upload(event.target.files); event.target.value = ''; }} className="mt-1 block text-sm" />
      {error && <p className="mt-1 text-sm text-red-700">{error[0]}</p>}
      {images.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" data-testid={testId}>
          {images.map((image, index) => (
            <li key={image.full}>
              <button type="button" onClick={() => onChange((current) => current.filter((item) => item !== image))} aria-label={m.photo_remove({ number: index + 1 })}>
                <img src={image.thumbnail_webp ?? image.thumbnail} alt="" width={64} height={64} className="h-16 w-16 rounded object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

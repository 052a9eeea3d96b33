/**
 * Media files through the store (media/store.ts): fresh random names, and the private ones the public media
 * route never serves (CVs, enquiry documents), handed out as downloads only to who may read them, and copied.
 */
import { randomBytes } from 'node:crypto';
import { extname } from 'node:path';
import type { Readable } from 'node:stream';
import type { AppContext } from '../app-types.ts';
import { AppError, type ErrorCode } from '../errors.ts';

/**
 * The folder of private files (CVs, enquiry documents): in the same store for one backup, but never served from
 * the public media path (src/pages/media); who may read them gets them through the API.
 */
export const PRIVATE_MEDIA_PREFIX = 'private/';

/** A fresh random path under uploads/ (or private/), without extension (never the sender's name: ASVS 5.3.2). */
export function randomMediaPath(folder = 'uploads/'): string {
  const now = new Date();
  return `${folder}${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomBytes(16).toString('base64url')}`;
}

/** A stored document to hand out. */
export interface PrivateDocument {
  file: string;
  original_filename: string;
  mime_type: string;
}

/** A download a service answers with (the route makes it a response: media/download.ts). */
export interface Download {
  body: Readable;
  size: number;
  filename: string;
  mimeType: string;
}

/** The stored document, to be downloaded; 404 with `missing` when it is gone. */
export async function privateDownload(app: Pick<AppContext, 'mediaStore'>, document: PrivateDocument, missing: ErrorCode): Promise<Download> {
  const read = await app.mediaStore.read(document.file);
  if (!read) throw new AppError(missing);
  return { body: read.stream, size: read.size, filename: document.original_filename, mimeType: document.mime_type };
}

/** A private copy of a stored file under a new random name; returns the new relative path. */
export async function copyPrivateFile(app: Pick<AppContext, 'mediaStore'>, file: string): Promise<string> {
  const path = `${randomMediaPath(PRIVATE_MEDIA_PREFIX)}${extname(file)}`;
  if (!(await app.mediaStore.copy(file, path))) throw new AppError('file_gone');
  return path;
}

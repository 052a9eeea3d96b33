/**
 * Files in the media folder: fresh random names, writing, resolving a stored path safely, removing; and
 * the private ones the public media route never serves (CVs, enquiry documents), handed out as downloads
 * only to who may read them, and copied.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { constants, copyFile, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../errors.ts';

/**
 * The folder of private files (CVs, enquiry documents): inside the media folder for one backup, but never
 * served from the public media path (src/pages/media); who may read them gets them through the API.
 */
export const PRIVATE_MEDIA_PREFIX = 'private/';

/** A fresh random path under uploads/ (or private/), without extension (never the sender's name: ASVS 5.3.2). */
export function randomMediaPath(folder = 'uploads/'): string {
  const now = new Date();
  return `${folder}${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomBytes(16).toString('base64url')}`;
}

/** Writes a new file at `path` in the media folder (never over an existing one). */
export async function writeMediaFile(mediaDir: string, path: string, bytes: Buffer): Promise<void> {
  const target = join(mediaDir, path);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, bytes, { flag: 'wx' });
}

/** The absolute path of a media-folder file, or null when the stored path would leave the folder. */
export function mediaPath(app: Pick<AppContext, 'config'>, file: string): string | null {
  const root = resolve(app.config.mediaDir) + sep;
  const target = resolve(root, file);
  return target.startsWith(root) ? target : null;
}

/** Deletes files of the media folder (never outside it). */
export async function removeMediaFiles(app: Pick<AppContext, 'config'>, files: readonly string[]): Promise<void> {
  for (const file of files) {
    const target = mediaPath(app, file);
    if (target) await rm(target, { force: true });
  }
}

/** A stored document to hand out. */
export interface PrivateDocument {
  file: string;
  original_filename: string;
  mime_type: string;
}

/** The document as a download (never inline, never cached, sandboxed: ASVS 5.4.1/5.4.2); 404 with `missing` when it is gone. */
export async function downloadResponse(app: AppContext, document: PrivateDocument, missing: string): Promise<Response> {
  const target = mediaPath(app, document.file);
  const size = target ? await stat(target).then((info) => info.size, () => null) : null;
  if (!target || size === null) throw new AppError(404, missing);
  const ascii = document.original_filename.replace(/[^\x20-\x7E]/g, '_').replace(/["\\]/g, '_');
  return new Response(Readable.toWeb(createReadStream(target)) as ReadableStream, {
    headers: {
      'Content-Type': document.mime_type,
      'Content-Length': String(size),
      'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(document.original_filename)}`,
      'Content-Security-Policy': "sandbox; default-src 'none'",
      'Cache-Control': 'private, no-store',
    },
  });
}

/** A private copy of a stored file under a new random name; returns the new relative path. */
export async function copyPrivateFile(app: AppContext, file: string): Promise<string> {
  const source = mediaPath(app, file);
  if (!source) throw new AppError(404, 'The file is gone.');
  const path = `${randomMediaPath(PRIVATE_MEDIA_PREFIX)}${extname(file)}`;
  const target = mediaPath(app, path)!;
  await mkdir(dirname(target), { recursive: true });
  await copyFile(source, target);
  return path;
}

/** Moves a file (a finished upload's temporary file) to `path` in the media folder, never over an existing one. */
export async function moveIntoMedia(mediaDir: string, from: string, path: string): Promise<void> {
  const target = join(mediaDir, path);
  await mkdir(dirname(target), { recursive: true });
  await copyFile(from, target, constants.COPYFILE_EXCL | constants.COPYFILE_FICLONE);
  await rm(from, { force: true });
}

/**
 * The one upload pipeline (account photo, CV, enquiry and review images, documents): multipart bodies
 * read as they stream with per-file and per-request caps; the type decided by the file's bytes
 * (file-type), never its name or declared type; images re-encoded by sharp into the four variants of
 * spec §3 (EXIF dropped, orientation applied, a pixel cap so decompression bombs fail fast); documents
 * stored as given. Files get random names under MEDIA_DIR/uploads and a row owned by the uploader;
 * uploads no feature attached within a day are removed (removeStaleUploads).
 */
import busboy from 'busboy';
import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readFile, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import type { Image } from '../../shared/schemas/catalog.ts';
import { normaliseText } from '../../shared/schemas/text.ts';
import type { AppContext } from '../app-types.ts';
import { AppError, invalid } from '../errors.ts';
import { PRIVATE_MEDIA_PREFIX, randomMediaPath } from './media-files.ts';
import { say, word } from '../../shared/said.ts';

const MB = 1024 * 1024;

/** What each kind of upload accepts (ASVS 5.1.1: documented types and sizes per feature). */
const UPLOAD_KINDS = {
  image: {
    maxBytes: 8 * MB,
    types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']
  },
  document: { maxBytes: 5 * MB, types: ['application/pdf'] },
  /** An advertiser's video (issue 25): kept as sent, never transcoded; MP4 only with H.264 video. */
  video: { maxBytes: 40 * MB, types: ['video/mp4', 'video/webm'] },
  /** Proof of a business for a claim (an SSM certificate): kept as sent, privately, for an operator's eyes only. */
  certificate: { maxBytes: 8 * MB, types: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] },
  /** The SSM certificate or company profile behind the SSM-registered badge (issue 45): private like claim documents. */
  ssm_certificate: { maxBytes: 5 * MB, types: ['application/pdf', 'image/jpeg', 'image/png'] },
  cv: {
    maxBytes: 5 * MB,
    types: ['application/pdf', 'application/msword', 'application/x-cfb', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document']
  },
} as const;
export type UploadKind = keyof typeof UPLOAD_KINDS;

/** Images past this many pixels are refused before they are decoded (a 9000×9000 PNG can be 254 KB). */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Sizes of the variants: the card thumbnail (16:9, spec §9) and the full picture, never enlarged. */
const THUMBNAIL = { width: 400, height: 225 };
const FULL_MAX = 1600;
/** Unattached uploads older than this are removed. */
const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf', 'application/msword': 'doc', 'application/x-cfb': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'video/mp4': 'mp4', 'video/webm': 'webm',
};

/** A file of a multipart body, written to a temporary file as it streamed in (never held in memory). */
export interface UploadedFile {
  filename: string;
  /** The temporary file; removed when the request is done with it (withMultipart). */
  path: string;
  size: number;
}

/** A multipart form as read: its text fields (a repeated name gives a list) and the files of one field. */
export interface MultipartForm {
  fields: Record<string, string | string[]>;
  files: UploadedFile[];
}

export interface MultipartOptions {
  field: string;
  kind: UploadKind;
  maxFiles: number;
  fieldBytes?: number;
}

/** Where files stream to while a request is read: inside the media folder, so a stored document is a rename away. */
const UPLOAD_TEMP_FOLDER = 'tmp';


/**
 * Reads a multipart/form-data request (files of `field` to temporary files, text fields capped) and
 * hands the form to `use`; the temporary files are removed afterwards, whatever happens. A body that
 * ends early or does not parse is a 400, a file past the kind's size or too many files a 422, and the
 * rest of the body is not read. Files under other field names are discarded as they stream.
 */
export async function withMultipart<T>(app: Pick<AppContext, 'config'>, request: Request, options: MultipartOptions, use: (form: MultipartForm) => Promise<T>): Promise<T> {
  const temp: string[] = [];
  try {
    return await use(await readMultipart(app.config.mediaDir, request, options, temp));
  } finally {
    await Promise.all(temp.map((path) => rm(path, { force: true })));
  }
}

/** withMultipart for a route that needs at least one file: a 422 naming the field when none came. */
export function withFiles<T>(app: Pick<AppContext, 'config'>, request: Request, field: string, kind: UploadKind, maxFiles: number, use: (files: UploadedFile[]) => Promise<T>): Promise<T> {
  return withMultipart(app, request, { field, kind, maxFiles }, ({ files }) => {
    if (files.length === 0) throw invalid(field, 'choose_file_upload');
    return use(files);
  });
}

/** A body's limits, checked before it is read: its type, and a declared length larger than its files and fields may be. */
function formLimits(request: Request, options: MultipartOptions): { type: string; maxBytes: number; fieldBytes: number; otherBytes: number } {
  const { field, kind, maxFiles } = options;
  const type = request.headers.get('Content-Type') ?? '';
  if (!/^multipart\/form-data\b/i.test(type) || !request.body) {
    throw new AppError('send_file_multipart_form_data', undefined, { field: '_' });
  }
  const { maxBytes } = UPLOAD_KINDS[kind];
  const fieldBytes = options.fieldBytes ?? 4096;
  // What a body may hold besides its files: the text fields and the parts' headers.
  const otherBytes = 40 * fieldBytes + 256 * 1024;
  // A body that says it is larger than the files it may hold is refused before reading.
  if (Number(request.headers.get('Content-Length') ?? 0) > maxFiles * maxBytes + otherBytes) {
    throw new AppError('request_too_large', undefined, { errors: { [field]: [say('api_send_at_most_files_of', { count: maxFiles, mb: maxBytes / MB })] } });
  }
  return { type, maxBytes, fieldBytes, otherBytes };
}

/** What the parts of one form share while it is read. */
interface FormReading {
  field: string;
  maxBytes: number;
  folder: string;
  temp: string[];
  files: UploadedFile[];
  writes: Promise<void>[];
  openFiles: Set<WriteStream>;
  fileStreams: Set<Readable>;
  fileBytes: number;
  failed(): boolean;
  fail(error: AppError): void;
  unreadable(): void;
}

/**
 * One file part: the form's own field is written to a temporary file (its path noted at once, so a half-written one
 * is removed too), any other part is drained; every stream's error is handled.
 */
function receiveFile(form: FormReading, name: string, stream: Readable & { truncated?: boolean }, info: busboy.FileInfo): void {
  const { field, maxBytes } = form;
  form.fileStreams.add(stream);
  stream.on('error', form.unreadable);
  stream.on('data', (chunk: Buffer) => { form.fileBytes += chunk.length; });
  stream.on('end', () => form.fileStreams.delete(stream));
  if (name !== field || form.failed()) {
    stream.resume();
    return;
  }
  const path = join(form.folder, randomBytes(16).toString('base64url'));
  form.temp.push(path);
  const out = createWriteStream(path, { flags: 'wx' });
  form.openFiles.add(out);
  stream.on('limit', () => form.fail(invalid(field, 'file_at_most_mb', { mb: maxBytes / MB })));
  form.writes.push(new Promise<void>((done) => {
    out.on('error', () => {
      form.unreadable();
      done();
    });
    out.on('close', () => {
      form.openFiles.delete(out);
      done();
    });
    out.on('finish', () => {
      if (form.failed() || stream.truncated) return;
      const size = out.bytesWritten;
      // A file input left empty sends a part with no name and no bytes: no file.
      if (size === 0 && !info.filename) return;
      if (size === 0) return form.fail(invalid(field, 'file_empty'));
      form.files.push({ filename: info.filename ?? 'file', path, size });
    });
  }));
  stream.pipe(out);
}

/**
 * The form, read as the body streams. Every stream involved (the body, the parser, each file part,
 * each temporary file) has its error handled: a body cut off inside a file part is a 400, never an
 * unhandled 'error' event (which would end the process). Paths of temporary files go into `temp` as
 * they are created, so the caller removes them, half-written ones included.
 */
async function readMultipart(mediaDir: string, request: Request, options: MultipartOptions, temp: string[]): Promise<MultipartForm> {
  const { field, maxFiles } = options;
  const { type, maxBytes, fieldBytes, otherBytes } = formLimits(request, options);
  const folder = join(mediaDir, UPLOAD_TEMP_FOLDER);
  await mkdir(folder, { recursive: true });
  return new Promise<MultipartForm>((resolveForm, reject) => {
    const fields: MultipartForm['fields'] = {};
    let failure: AppError | undefined;
    let parser: busboy.Busboy;
    try {
      // File names are UTF-8 as browsers send them (busboy reads them as Latin-1 by default).
      parser = busboy({ headers: { 'content-type': type }, defParamCharset: 'utf8', limits: { files: maxFiles, fileSize: maxBytes, fields: 40, fieldSize: fieldBytes, parts: maxFiles + 40 } });
    } catch {
      reject(new AppError('upload_unreadable', undefined, { field }));
      return;
    }
    const source = Readable.fromWeb(request.body as import('node:stream/web').ReadableStream);
    const form: FormReading = {
      field, maxBytes, folder, temp, files: [], writes: [], openFiles: new Set(), fileStreams: new Set(), fileBytes: 0,
      failed: () => failure !== undefined,
      fail(error) {
        if (failure) return;
        failure = error;
        // Stop parsing; whatever is left of the body is discarded, never stored, and half-written files go.
        // (Paused, not destroyed: the answer still goes out on the connection before the rest is dropped.)
        source.unpipe(parser);
        source.pause();
        for (const file of form.openFiles) file.destroy();
        // Answer once every temporary file is closed, so the caller's clean-up finds and removes them all.
        void Promise.all(form.writes).then(() => reject(error));
      },
      unreadable: () => form.fail(new AppError('upload_unreadable', undefined, { field })),
    };
    let bodyBytes = 0;
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return form.fail(invalid(name, 'field_too_long', { field: name }));
      const previous = fields[name];
      fields[name] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
    });
    parser.on('file', (name, stream, info) => receiveFile(form, name, stream, info));
    parser.on('filesLimit', () => form.fail(invalid(field, 'send_at_most_files', { count: maxFiles })));
    parser.on('partsLimit', () => form.fail(invalid(field, 'send_at_most_files', { count: maxFiles })));
    parser.on('fieldsLimit', () => form.fail(invalid('_', 'form_too_many_fields')));
    parser.on('error', form.unreadable);
    parser.on('close', () => {
      // Every file part has ended; wait for their temporary files to be written out.
      void Promise.all(form.writes).then(() => {
        if (!failure) resolveForm({ fields, files: form.files });
      });
    });
    source.on('error', form.unreadable);
    source.pipe(parser);
    // After the parser has taken each chunk (this listener comes after pipe's): what it read that is not
    // file data is text fields and headers. A text field past its cap is otherwise read (and discarded) to
    // its end, however long: stop at once instead.
    source.on('data', (chunk: Buffer) => {
      bodyBytes += chunk.length;
      let waiting = parser.writableLength;
      for (const stream of form.fileStreams) waiting += stream.readableLength;
      if (bodyBytes - waiting - form.fileBytes > otherBytes) form.fail(new AppError('request_too_large', undefined, { errors: { _: [say('api_form_fields_too_long')] } }));
    });
  });
}

/** The file's type by its bytes, if it is one `kind` accepts; else a 422 naming the field. */
async function sniff(file: UploadedFile, field: string, kind: UploadKind): Promise<string> {
  const detected = await fileTypeFromFile(file.path);
  const accepted: readonly string[] = UPLOAD_KINDS[kind].types;
  if (!detected || !accepted.includes(detected.mime)) {
    const heic = detected?.mime === 'image/heic' || detected?.mime === 'image/heif';
    throw invalid(field, heic ? 'heic_not_read' : 'file_must_be', { kind: word(`upload_kind_${kind}`) });
  }
  return detected.mime;
}

interface ImageVariants {
  width: number;
  height: number;
  /** The image's 64-bit difference hash (hex): near-identical photos differ in a few bits (held-ad checks, issue 28). */
  dhash: string;
  thumbnail: Buffer;
  full: Buffer;
  thumbnailWebp: Buffer;
  fullWebp: Buffer;
}

/** The difference hash of a 9×8 greyscale image: one bit per pixel, set when it is brighter than its right neighbour. */
export function differenceHash(grey: Buffer): string {
  let bits = '';
  for (let row = 0; row < 8; row++) for (let column = 0; column < 8; column++) bits += grey[row * 9 + column]! > grey[row * 9 + column + 1]! ? '1' : '0';
  return BigInt(`0b${bits}`).toString(16).padStart(16, '0');
}

/** How many bits two difference hashes differ in. */
export function hashDistance(a: string, b: string): number {
  let difference = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (difference > 0n) {
    count += Number(difference & 1n);
    difference >>= 1n;
  }
  return count;
}

/**
 * Decodes the image (a file, or bytes; first frame of an animation) under the pixel cap, applies its
 * EXIF orientation, and writes the four variants; nothing of the original bytes survives, metadata
 * included. The original is decoded once, into pixels no larger than the full variant, and the four
 * variants are encoded from those: one large decode per image, not four. A truncated or corrupt image is a 422.
 */
async function encodeImage(input: string | Buffer, field: string): Promise<ImageVariants> {
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated', pages: 1, sequentialRead: true })
      .rotate()
      .resize({ width: FULL_MAX, height: FULL_MAX, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const thumbnail = () => pixels().resize({ ...THUMBNAIL, fit: 'cover' });
    const fullJpeg = await pixels().flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
    const fullWebp = await pixels().webp({ quality: 80 }).toBuffer();
    const thumbnailJpeg = await thumbnail().flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
    const thumbnailWebp = await thumbnail().webp({ quality: 78 }).toBuffer();
    const dhash = differenceHash(await pixels().flatten({ background: '#ffffff' }).greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer());
    return { width: info.width, height: info.height, dhash, full: fullJpeg, fullWebp, thumbnail: thumbnailJpeg, thumbnailWebp };
  } catch (error) {
    throw error instanceof Error && /pixel limit/i.test(error.message)
      ? invalid(field, 'image_too_many_pixels', { millions: MAX_IMAGE_PIXELS / 1_000_000 }) : invalid(field, 'image_unreadable');
  }
}

/**
 * Stores an uploaded image's variants and records it for `owner`; returns the image object of spec §3. A private one
 * (a conversation's) goes under the private folder the public media route never serves.
 */
export async function storeImage(app: Pick<AppContext, 'repos' | 'media' | 'mediaStore' | 'imageDecodes'>, owner: string, file: UploadedFile, field: string, privateFile = false): Promise<{ id: number; image: Image }> {
  await sniff(file, field, 'image');
  // At most a few decodes at once (the rest wait, or a 503 when too many wait): see decode-queue.ts.
  const variants = await app.imageDecodes.run(() => encodeImage(file.path, field));
  const base = randomMediaPath(privateFile ? PRIVATE_MEDIA_PREFIX : undefined);
  const paths = { thumbnail: `${base}-thumb.jpg`, full: `${base}-full.jpg`, thumbnail_webp: `${base}-thumb.webp`, full_webp: `${base}-full.webp` };
  await Promise.all([
    app.mediaStore.write(paths.thumbnail, variants.thumbnail, 'image/jpeg'),
    app.mediaStore.write(paths.full, variants.full, 'image/jpeg'),
    app.mediaStore.write(paths.thumbnail_webp, variants.thumbnailWebp, 'image/webp'),
    app.mediaStore.write(paths.full_webp, variants.fullWebp, 'image/webp'),
  ]);
  // Whatever came in (checked above), what is stored is re-encoded JPEG and WebP.
  const id = await app.repos.uploads.insertImage(owner, { mime_type: 'image/jpeg', ...paths, width: variants.width, height: variants.height, dhash: variants.dhash });
  return { id, image: app.media.imageUrls(paths)! };
}

/** Whether an MP4 file holds H.264 video: its sample description names the codec ('avc1' or 'avc3'). */
async function isH264(path: string): Promise<boolean> {
  const bytes = await readFile(path);
  return bytes.includes('avc1', 0, 'latin1') || bytes.includes('avc3', 0, 'latin1');
}

let posterBytes: Promise<Buffer> | undefined;

/** The picture shown for a video until it plays (16:9, dark, a play sign): videos are stored as sent, so no frame is taken from them. */
function posterImage(): Promise<Buffer> {
  posterBytes ??= sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720"><rect width="1280" height="720" fill="#1f2933"/><polygon points="560,250 560,470 760,360" fill="#f5f7fa"/></svg>'))
    .png().toBuffer();
  return posterBytes;
}

/**
 * Stores an uploaded video as sent (MP4 with H.264, or WebM; typed by its bytes), with a poster's four variants;
 * returns its media id, file URL and poster.
 */
export async function storeVideo(app: Pick<AppContext, 'repos' | 'media' | 'mediaStore' | 'imageDecodes'>, owner: string, file: UploadedFile, field: string): Promise<{ id: number; video: { file: string }; image: Image }> {
  const mime = await sniff(file, field, 'video');
  if (mime === 'video/mp4' && !(await isH264(file.path))) throw invalid(field, 'mp4_video_must_h_264');
  const variants = await app.imageDecodes.run(async () => encodeImage(await posterImage(), field));
  const base = randomMediaPath();
  const paths = { thumbnail: `${base}-thumb.jpg`, full: `${base}-full.jpg`, thumbnail_webp: `${base}-thumb.webp`, full_webp: `${base}-full.webp` };
  const video = `${base}.${EXTENSIONS[mime]}`;
  await Promise.all([
    app.mediaStore.write(paths.thumbnail, variants.thumbnail, 'image/jpeg'),
    app.mediaStore.write(paths.full, variants.full, 'image/jpeg'),
    app.mediaStore.write(paths.thumbnail_webp, variants.thumbnailWebp, 'image/webp'),
    app.mediaStore.write(paths.full_webp, variants.fullWebp, 'image/webp'),
  ]);
  await app.mediaStore.moveIn(file.path, video, mime);
  const id = await app.repos.uploads.insertVideo(owner, { mime_type: mime, ...paths, file: video, width: variants.width, height: variants.height });
  return { id, video: { file: app.media.mediaUrl(video) }, image: app.media.imageUrls(paths)! };
}

/**
 * Stores an uploaded document as given (PDF, or DOC/DOCX for a CV) under a random name; returns its id and
 * URL (a private file's path instead). CVs are always private: they are for the advertisers people apply to.
 */
export async function storeDocument(app: AppContext, owner: string, file: UploadedFile, field: string, kind: 'document' | 'cv' | 'certificate' | 'ssm_certificate', privateFile = kind !== 'document'): Promise<{ id: number; file: string; original_filename: string }> {
  const mime = await sniff(file, field, kind);
  const path = `${randomMediaPath(privateFile ? PRIVATE_MEDIA_PREFIX : undefined)}.${EXTENSIONS[mime] ?? 'bin'}`;
  await app.mediaStore.moveIn(file.path, path, mime);
  // The sender's name is kept only as a label (control characters and paths stripped).
  const original = normaliseText(file.filename.split(/[\\/]/).pop() ?? '', false).slice(0, 200) || `document.${EXTENSIONS[mime] ?? 'bin'}`;
  const id = await app.repos.uploads.insertDocument(owner, { file: path, original_filename: original, mime_type: mime });
  return { id, file: privateFile ? path : app.media.mediaUrl(path), original_filename: original };
}

/**
 * Removes uploads no feature attached within STALE_UPLOAD_MS, rows first (in the Writer's transaction),
 * then the files of the rows removed; an upload that something references is kept (and logged), so neither
 * its files nor the sweep's later batches are lost. Returns how many were removed.
 */
export async function removeStaleUploads(app: Pick<AppContext, 'repos' | 'config' | 'clock' | 'mediaStore'>, now = app.clock.now()): Promise<number> {
  let removed = 0;
  for (;;) {
    const stale = await app.repos.uploads.findStaleUploads(new Date(now - STALE_UPLOAD_MS).toISOString());
    if (stale.length === 0) return removed;
    const { deleted, kept } = await app.repos.uploads.deleteUploads(stale.map((upload) => upload.id));
    if (kept.length > 0) console.warn(`Stale-upload sweep: kept ${kept.length} upload(s) still in use (ids ${kept.join(', ')}); marked attached.`);
    const gone = new Set(deleted);
    for (const upload of stale) if (gone.has(upload.id)) await app.mediaStore.remove(upload.files);
    removed += deleted.length;
  }
}

/** Temporary files of requests that never finished (a process that died mid-upload) older than this go. */
const STALE_TEMP_MS = 60 * 60 * 1000;

/** Removes temporary upload files left by requests that never finished; returns how many. */
export async function removeStaleTempFiles(app: Pick<AppContext, 'config' | 'clock'>, now = app.clock.now()): Promise<number> {
  const folder = join(app.config.mediaDir, UPLOAD_TEMP_FOLDER);
  const names = await readdir(folder).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const info = await stat(join(folder, name)).catch(() => null);
    if (info && now - info.mtimeMs > STALE_TEMP_MS) {
      await rm(join(folder, name), { force: true });
      removed += 1;
    }
  }
  return removed;
}

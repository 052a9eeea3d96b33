/**
 * The one upload pipeline (account photo, CV, enquiry and review images, documents): multipart bodies
 * read as they stream with per-file and per-request caps; the type decided by the file's bytes
 * (file-type), never its name or declared type; images re-encoded by sharp into the four variants of
 * spec §3 (EXIF dropped, orientation applied, a pixel cap so decompression bombs fail fast); documents
 * stored as given. Files get random names under MEDIA_DIR/uploads and a row owned by the uploader;
 * uploads no feature attached within a day are removed (removeStaleUploads).
 */
import busboy from 'busboy';
import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Image } from '../../shared/schemas/catalog.ts';
import { normaliseText } from '../../shared/schemas/text.ts';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../errors.ts';
import { PRIVATE_MEDIA_PREFIX, randomMediaPath, removeMediaFiles, writeMediaFile } from './media-files.ts';

const MB = 1024 * 1024;

/** What each kind of upload accepts (ASVS 5.1.1: documented types and sizes per feature). */
export const UPLOAD_KINDS = {
  image: {
    maxBytes: 8 * MB,
    types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'],
    described: 'a JPEG, PNG, WebP, GIF or AVIF image',
  },
  document: { maxBytes: 5 * MB, types: ['application/pdf'], described: 'a PDF' },
  cv: {
    maxBytes: 5 * MB,
    types: ['application/pdf', 'application/msword', 'application/x-cfb', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    described: 'a PDF, DOC or DOCX file',
  },
} as const;
export type UploadKind = keyof typeof UPLOAD_KINDS;

/** Images past this many pixels are refused before they are decoded (a 9000×9000 PNG can be 254 KB). */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Sizes of the variants: the card thumbnail (16:9, spec §9) and the full picture, never enlarged. */
const THUMBNAIL = { width: 400, height: 225 };
const FULL_MAX = 1600;
/** Unattached uploads older than this are removed. */
export const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf', 'application/msword': 'doc', 'application/x-cfb': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

export interface UploadedFile {
  filename: string;
  bytes: Buffer;
}

function invalid(field: string, message: string): AppError {
  return new AppError(422, message, { [field]: [message] });
}

/** A multipart form as read: its text fields (a repeated name gives a list) and the files of one field. */
export interface MultipartForm {
  fields: Record<string, string | string[]>;
  files: UploadedFile[];
}

/**
 * The files of `field` in a multipart/form-data request, read as the body streams: a file past the
 * kind's size, more than `maxFiles` files, or an empty file is a 422 naming the field, and the rest
 * of the body is not read. Other fields are ignored.
 */
export async function readFiles(request: Request, field: string, kind: UploadKind, maxFiles: number): Promise<UploadedFile[]> {
  const { files } = await readMultipart(request, { field, kind, maxFiles });
  if (files.length === 0) throw invalid(field, 'Choose a file to upload.');
  return files;
}

/**
 * A multipart/form-data form with up to `maxFiles` files of `kind` in `field` (none is allowed) and its
 * text fields, read as the body streams, with the caps of readFiles; text fields are capped too.
 */
export async function readMultipart(request: Request, options: { field: string; kind: UploadKind; maxFiles: number; fieldBytes?: number }): Promise<MultipartForm> {
  const { field, kind, maxFiles } = options;
  const type = request.headers.get('Content-Type') ?? '';
  if (!/^multipart\/form-data\b/i.test(type) || !request.body) {
    throw new AppError(415, 'Send the file as multipart/form-data.', { _: ['Send the file as multipart/form-data.'] });
  }
  const { maxBytes } = UPLOAD_KINDS[kind];
  const fieldBytes = options.fieldBytes ?? 4096;
  // A body that says it is larger than the files it may hold is refused before reading.
  if (Number(request.headers.get('Content-Length') ?? 0) > maxFiles * maxBytes + 64 * 1024 + (fieldBytes > 4096 ? 40 * fieldBytes : 0)) {
    throw new AppError(413, 'The request is too large.', { [field]: [`Send at most ${maxFiles} file(s) of ${maxBytes / MB} MB.`] });
  }
  return new Promise<MultipartForm>((resolveForm, reject) => {
    const files: UploadedFile[] = [];
    const fields: MultipartForm['fields'] = {};
    let failure: AppError | undefined;
    let parser: busboy.Busboy;
    try {
      // File names are UTF-8 as browsers send them (busboy reads them as Latin-1 by default).
      parser = busboy({ headers: { 'content-type': type }, defParamCharset: 'utf8', limits: { files: maxFiles, fileSize: maxBytes, fields: 40, fieldSize: fieldBytes, parts: maxFiles + 40 } });
    } catch {
      reject(invalid(field, 'The upload could not be read.'));
      return;
    }
    const source = Readable.fromWeb(request.body as import('node:stream/web').ReadableStream);
    const fail = (error: AppError) => {
      if (failure) return;
      failure = error;
      // Stop parsing; whatever is left of the body is discarded by the server, never stored.
      source.unpipe(parser);
      source.pause();
      reject(error);
    };
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(invalid(name, `The ${name} is too long.`));
      const previous = fields[name];
      fields[name] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
    });
    parser.on('file', (name, stream, info) => {
      if (name !== field) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(invalid(field, `Each file must be at most ${maxBytes / MB} MB.`)));
      stream.on('close', () => {
        if (failure || (stream as unknown as { truncated?: boolean }).truncated) return;
        const bytes = Buffer.concat(chunks);
        // A file input left empty sends a part with no name and no bytes: no file.
        if (bytes.length === 0 && !info.filename) return;
        if (bytes.length === 0) return fail(invalid(field, 'The file is empty.'));
        files.push({ filename: info.filename ?? 'file', bytes });
      });
    });
    parser.on('filesLimit', () => fail(invalid(field, `Send at most ${maxFiles} file(s).`)));
    parser.on('partsLimit', () => fail(invalid(field, `Send at most ${maxFiles} file(s).`)));
    parser.on('fieldsLimit', () => fail(invalid('_', 'The form has too many fields.')));
    parser.on('error', () => fail(invalid(field, 'The upload could not be read.')));
    parser.on('close', () => {
      if (!failure) resolveForm({ fields, files });
    });
    source.on('error', () => fail(invalid(field, 'The upload could not be read.')));
    source.pipe(parser);
  });
}

/** The file's type by its bytes, if it is one `kind` accepts; else a 422 naming the field. */
export async function sniff(file: UploadedFile, field: string, kind: UploadKind): Promise<string> {
  const detected = await fileTypeFromBuffer(file.bytes);
  const accepted: readonly string[] = UPLOAD_KINDS[kind].types;
  if (!detected || !accepted.includes(detected.mime)) {
    const heic = detected?.mime === 'image/heic' || detected?.mime === 'image/heif';
    throw invalid(field, heic ? `HEIC photos cannot be read here: send ${UPLOAD_KINDS[kind].described}.` : `The file must be ${UPLOAD_KINDS[kind].described}.`);
  }
  return detected.mime;
}

interface ImageVariants {
  width: number;
  height: number;
  thumbnail: Buffer;
  full: Buffer;
  thumbnailWebp: Buffer;
  fullWebp: Buffer;
}

/**
 * Decodes the image (first frame of an animation) under the pixel cap, applies its EXIF orientation,
 * and writes the four variants; nothing of the original bytes survives, metadata included. A
 * truncated or corrupt image is a 422.
 */
export async function encodeImage(bytes: Buffer, field: string): Promise<ImageVariants> {
  try {
    const source = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated', pages: 1 }).rotate();
    const full = source.clone().resize({ width: FULL_MAX, height: FULL_MAX, fit: 'inside', withoutEnlargement: true });
    const thumbnail = source.clone().resize({ ...THUMBNAIL, fit: 'cover' });
    const [fullJpeg, fullWebp, thumbnailJpeg, thumbnailWebp] = await Promise.all([
      full.clone().flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true }).toBuffer({ resolveWithObject: true }),
      full.clone().webp({ quality: 80 }).toBuffer(),
      thumbnail.clone().flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }).toBuffer(),
      thumbnail.clone().webp({ quality: 78 }).toBuffer(),
    ]);
    return { width: fullJpeg.info.width, height: fullJpeg.info.height, full: fullJpeg.data, fullWebp, thumbnail: thumbnailJpeg, thumbnailWebp };
  } catch (error) {
    const message = error instanceof Error && /pixel limit/i.test(error.message)
      ? `The image is too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} million pixels.`
      : 'The image could not be read: it may be damaged or incomplete.';
    throw invalid(field, message);
  }
}

/** Stores an uploaded image's variants and records it for `owner`; returns the image object of spec §3. */
export async function storeImage(app: AppContext, owner: string, file: UploadedFile, field: string): Promise<{ id: number; image: Image }> {
  await sniff(file, field, 'image');
  const variants = await encodeImage(file.bytes, field);
  const base = randomMediaPath();
  const paths = { thumbnail: `${base}-thumb.jpg`, full: `${base}-full.jpg`, thumbnail_webp: `${base}-thumb.webp`, full_webp: `${base}-full.webp` };
  await Promise.all([
    writeMediaFile(app.config.mediaDir, paths.thumbnail, variants.thumbnail),
    writeMediaFile(app.config.mediaDir, paths.full, variants.full),
    writeMediaFile(app.config.mediaDir, paths.thumbnail_webp, variants.thumbnailWebp),
    writeMediaFile(app.config.mediaDir, paths.full_webp, variants.fullWebp),
  ]);
  // Whatever came in (checked above), what is stored is re-encoded JPEG and WebP.
  const id = await app.repos.uploads.insertImage(owner, { mime_type: 'image/jpeg', ...paths, width: variants.width, height: variants.height });
  return { id, image: app.media.imageUrls(paths)! };
}

/**
 * Stores an uploaded document as given (PDF, or DOC/DOCX for a CV) under a random name; returns its id and
 * URL (a private file's path instead). CVs are always private: they are for the advertisers people apply to.
 */
export async function storeDocument(app: AppContext, owner: string, file: UploadedFile, field: string, kind: 'document' | 'cv', privateFile = kind === 'cv'): Promise<{ id: number; file: string; original_filename: string }> {
  const mime = await sniff(file, field, kind);
  const path = `${randomMediaPath(privateFile ? PRIVATE_MEDIA_PREFIX : undefined)}.${EXTENSIONS[mime] ?? 'bin'}`;
  await writeMediaFile(app.config.mediaDir, path, file.bytes);
  // The sender's name is kept only as a label (control characters and paths stripped).
  const original = normaliseText(file.filename.split(/[\\/]/).pop() ?? '', false).slice(0, 200) || `document.${EXTENSIONS[mime] ?? 'bin'}`;
  const id = await app.repos.uploads.insertDocument(owner, { file: path, original_filename: original, mime_type: mime });
  return { id, file: privateFile ? path : app.media.mediaUrl(path), original_filename: original };
}

/** Removes uploads no feature attached within STALE_UPLOAD_MS, files first; returns how many. */
export async function removeStaleUploads(app: Pick<AppContext, 'repos' | 'config'>, now = Date.now()): Promise<number> {
  let removed = 0;
  for (;;) {
    const stale = await app.repos.uploads.findStaleUploads(new Date(now - STALE_UPLOAD_MS).toISOString());
    if (stale.length === 0) return removed;
    for (const upload of stale) await removeMediaFiles(app, upload.files);
    await app.repos.uploads.deleteUploads(stale.map((upload) => upload.id));
    removed += stale.length;
  }
}

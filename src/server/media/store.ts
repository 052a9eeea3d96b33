/**
 * Where media files live (decision 0018): the local media folder by default, or an S3-compatible bucket
 * (MEDIA_STORE_URL). Paths are relative ('uploads/2026/11/…-full.jpg', 'private/…'): the database stores them,
 * MEDIA_BASE_URL turns public ones into URLs, and private ones (CVs, enquiry documents) are only ever streamed by the
 * app after a policy check, never linked.
 */
import { createReadStream } from 'node:fs';
import { constants, copyFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import {
  CopyObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client,
} from '@aws-sdk/client-s3';

/** A stored file being read: its bytes (all, or the range asked for) as a stream, and the whole file's size. */
export interface MediaRead {
  stream: Readable;
  size: number;
}

/** Which bytes to read: from `start` to `end`, both included. */
interface ReadRange {
  start: number;
  end: number;
}

export interface MediaStore {
  /** Writes a new file at `path` (paths are fresh random names: never over another file). */
  write(path: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Stores a local file (a finished upload's temporary file) at `path`, and removes the local one. */
  moveIn(localFile: string, path: string, contentType: string): Promise<void>;
  /** The file at `path` (only `range` of it, when given), or undefined when there is none (or the path would leave the store). */
  read(path: string, range?: ReadRange): Promise<MediaRead | undefined>;
  /** The whole file, for a mail attachment; undefined when there is none. */
  readBytes(path: string): Promise<Buffer | undefined>;
  exists(path: string): Promise<boolean>;
  /** The file's size in bytes, or undefined when there is none. */
  size(path: string): Promise<number | undefined>;
  /** A copy of `from` at `to`; false when `from` is gone. */
  copy(from: string, to: string): Promise<boolean>;
  /** Deletes the files (those already gone are no error). */
  remove(paths: readonly string[]): Promise<void>;
}

/** The local media folder (the embedded default). Paths never leave it. */
export function localMediaStore(root: string): MediaStore {
  const base = resolve(root) + sep;
  const full = (path: string): string | undefined => {
    const target = resolve(base, path);
    return target.startsWith(base) ? target : undefined;
  };
  const ensure = async (path: string) => {
    const target = full(path);
    if (!target) throw new Error(`A media path may not leave the media folder: ${path}`);
    await mkdir(dirname(target), { recursive: true });
    return target;
  };
  return {
    async write(path, bytes) {
      await writeFile(await ensure(path), bytes, { flag: 'wx' });
    },
    async moveIn(localFile, path) {
      await copyFile(localFile, await ensure(path), constants.COPYFILE_EXCL | constants.COPYFILE_FICLONE);
      await rm(localFile, { force: true });
    },
    async read(path, range) {
      const target = full(path);
      const info = target ? await stat(target).catch(() => undefined) : undefined;
      if (!target || !info?.isFile()) return undefined;
      return { stream: createReadStream(target, range ? { start: range.start, end: range.end } : {}), size: info.size };
    },
    async readBytes(path) {
      const target = full(path);
      return target ? readFile(target).catch(() => undefined) : undefined;
    },
    async exists(path) {
      const target = full(path);
      return target ? stat(target).then((info) => info.isFile(), () => false) : false;
    },
    async size(path) {
      const target = full(path);
      const info = target ? await stat(target).catch(() => undefined) : undefined;
      return info?.isFile() ? info.size : undefined;
    },
    async copy(from, to) {
      const source = full(from);
      if (!source || !(await stat(source).catch(() => undefined))) return false;
      await copyFile(source, await ensure(to), constants.COPYFILE_EXCL);
      return true;
    },
    async remove(paths) {
      for (const path of paths) {
        const target = full(path);
        if (target) await rm(target, { force: true });
      }
    },
  };
}

export interface S3StoreConfig {
  bucket: string;
  /** A folder inside the bucket ('' for its root). */
  prefix: string;
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
}

/**
 * An S3-compatible bucket. Checksums only where S3 requires them: recent SDKs otherwise send them in chunked
 * trailers that compatible servers mishandle.
 */
export function s3MediaStore(config: S3StoreConfig): MediaStore {
  const client = new S3Client({
    endpoint: config.endpoint, region: config.region, forcePathStyle: config.forcePathStyle,
    credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
    requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const key = (path: string): string | undefined => {
    const clean = path.replace(/^\/+/, '');
    return clean.split('/').some((part) => part === '..' || part === '.') ? undefined : `${config.prefix}${clean}`;
  };
  const missing = (error: unknown) => ['NoSuchKey', 'NotFound'].includes((error as { name?: string }).name ?? '');
  const get = async (path: string, range?: ReadRange) => {
    const Key = key(path);
    if (!Key) return undefined;
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
    } catch (error) {
      if (missing(error)) return undefined;
      throw error;
    }
  };
  return {
    async write(path, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: key(path), Body: bytes, ContentType: contentType }));
    },
    async moveIn(localFile, path, contentType) {
      const { size } = await stat(localFile);
      await client.send(new PutObjectCommand({ Bucket, Key: key(path), Body: createReadStream(localFile), ContentLength: size, ContentType: contentType }));
      await rm(localFile, { force: true });
    },
    async read(path, range) {
      const object = await get(path, range);
      if (!object?.Body) return undefined;
      // A ranged answer's length is the part's: the whole size is after the slash of Content-Range.
      const size = range ? Number(/\/(\d+)$/.exec(object.ContentRange ?? '')?.[1] ?? object.ContentLength ?? 0) : Number(object.ContentLength ?? 0);
      return { stream: object.Body as Readable, size };
    },
    async readBytes(path) {
      const object = await get(path);
      return object?.Body ? Buffer.from(await object.Body.transformToByteArray()) : undefined;
    },
    async exists(path) {
      return (await this.size(path)) !== undefined;
    },
    async size(path) {
      const Key = key(path);
      if (!Key) return undefined;
      try {
        return Number((await client.send(new HeadObjectCommand({ Bucket, Key }))).ContentLength ?? 0);
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async copy(from, to) {
      if (!(await this.exists(from))) return false;
      await client.send(new CopyObjectCommand({ Bucket, Key: key(to), CopySource: `${Bucket}/${key(from)}` }));
      return true;
    },
    async remove(paths) {
      const Objects = paths.map((path) => key(path)).filter((Key): Key is string => Key !== undefined).map((Key) => ({ Key }));
      for (let index = 0; index < Objects.length; index += 1000) {
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: Objects.slice(index, index + 1000), Quiet: true } }));
      }
    },
  };
}

/** Reads MEDIA_STORE_URL: `s3://BUCKET[/PREFIX][?endpoint=URL&region=R&path_style=true]`. */
export function parseS3Url(url: string, credentials: { accessKeyId?: string; secretAccessKey?: string }): S3StoreConfig {
  const parsed = new URL(url);
  if (parsed.protocol !== 's3:' || !parsed.hostname) throw new Error('MEDIA_STORE_URL is s3://BUCKET[/PREFIX][?endpoint=…&region=…&path_style=true]');
  const prefix = decodeURIComponent(parsed.pathname).replace(/^\/+|\/+$/g, '');
  return {
    bucket: parsed.hostname, prefix: prefix ? `${prefix}/` : '', endpoint: parsed.searchParams.get('endpoint') ?? undefined,
    region: parsed.searchParams.get('region') ?? 'us-east-1', forcePathStyle: parsed.searchParams.get('path_style') === 'true',
    accessKeyId: credentials.accessKeyId, secretAccessKey: credentials.secretAccessKey,
  };
}

/** Web-stream body of a read, for a Response. */
export function webStream(read: MediaRead): ReadableStream {
  return Readable.toWeb(read.stream) as ReadableStream;
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteDueAccounts } from '../../src/server/accounts/settings.ts';
import type { User } from '../../src/shared/schemas/accounts.ts';
import { useAccountsApp } from '../helpers/accounts.ts';
import type { SessionClient } from '../helpers/session-client.ts';

/** Media in an S3-compatible bucket (decision 0018), against a local S3 server the test starts (s3rver). */
const scratch = mkdtempSync(join(tmpdir(), 'yp-s3-'));
const env: Record<string, string> = {};
let server: S3rver;
let s3: S3Client;
beforeAll(async () => {
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: scratch });
  const { port } = await server.run() as unknown as { port: number };
  s3 = new S3Client({
    endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED',
  });
  await s3.send(new CreateBucketCommand({ Bucket: 'yp-media' }));
  Object.assign(env, {
    MEDIA_STORE_URL: `s3://yp-media/site?endpoint=${encodeURIComponent(`http://127.0.0.1:${port}`)}&path_style=true`,
    MEDIA_STORE_ACCESS_KEY_ID: 'S3RVER', MEDIA_STORE_SECRET_ACCESS_KEY: 'S3RVER',
  });
});
const { copy, clock, api, registerByEmail, signIn } = useAccountsApp('s3', env);
afterAll(async () => {
  await server?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** The object's bytes as S3 answers them, read with a client of the test's own; undefined when there is none. */
async function objectBytes(key: string): Promise<Buffer | undefined> {
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: 'yp-media', Key: key }));
    return Buffer.from(await object.Body!.transformToByteArray());
  } catch {
    return undefined;
  }
}

async function upload(visitor: SessionClient, path: string, field: string, bytes: Buffer, filename: string, type: string) {
  if (!visitor.jar.has('XSRF-TOKEN')) await visitor.get('/api/sanctum/csrf-cookie');
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  const response = await api().request(path, {
    method: 'POST', body: form, headers: { Cookie: visitor.cookieHeader(), 'X-XSRF-TOKEN': decodeURIComponent(visitor.jar.get('XSRF-TOKEN')!) },
  }, { clientAddress: visitor.client });
  return { status: response.status, body: await response.json() as { data: User } };
}

describe('the media store on an S3-compatible bucket', () => {
  it('reads back the bytes it wrote, copies, and deletes, under its prefix', async () => {
    const store = copy.app.mediaStore;
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, index) => index % 251));
    await store.write('uploads/2026/11/written-full.jpg', bytes, 'image/jpeg');
    expect(await objectBytes('site/uploads/2026/11/written-full.jpg')).toEqual(bytes);
    expect(await store.readBytes('uploads/2026/11/written-full.jpg')).toEqual(bytes);
    const read = (await store.read('uploads/2026/11/written-full.jpg'))!;
    expect(read.size).toBe(bytes.length);
    expect(await store.copy('uploads/2026/11/written-full.jpg', 'private/2026/11/copy.jpg')).toBe(true);
    expect(await objectBytes('site/private/2026/11/copy.jpg')).toEqual(bytes);
    await store.remove(['uploads/2026/11/written-full.jpg', 'private/2026/11/copy.jpg', 'uploads/never-written.jpg']);
    expect(await objectBytes('site/uploads/2026/11/written-full.jpg')).toBeUndefined();
    expect(await store.exists('private/2026/11/copy.jpg')).toBe(false);
    expect(await store.read('../outside.jpg')).toBeUndefined();
    expect(await store.copy('uploads/gone.jpg', 'private/x.jpg')).toBe(false);
  });

  it('keeps uploads there: a photo’s variants and a private CV streamed back after the policy check, and deletes them with the account', async () => {
    await registerByEmail('bucket@example.my', 'Aminah Bucket');
    const visitor = await signIn('bucket@example.my');
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#39c' } }).png().toBuffer();
    const photo = await upload(visitor, '/api/account/photo', 'photo', png, 'me.png', 'image/png');
    expect(photo.status).toBe(200);
    const image = photo.body.data.image!;
    const fullKey = `site/${image.full.replace(/^\/media\//, '')}`;
    const stored = (await objectBytes(fullKey))!;
    expect((await sharp(stored).metadata()).format).toBe('jpeg');
    await s3.send(new HeadObjectCommand({ Bucket: 'yp-media', Key: `site/${image.thumbnail_webp!.replace(/^\/media\//, '')}` }));

    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const cv = await upload(visitor, '/api/account/cv', 'cv', pdf, 'cv.pdf', 'application/pdf');
    expect(cv.status).toBe(200);
    const download = await api().request('/api/account/cv', { headers: { Cookie: visitor.cookieHeader() } }, { clientAddress: visitor.client });
    expect(download.status).toBe(200);
    expect(download.headers.get('Cache-Control')).toBe('private, no-store');
    expect(Buffer.from(await download.arrayBuffer())).toEqual(pdf);
    const { file } = await copy.query.selectFrom('documents').select('file').where('id', '=', cv.body.data.user_detail.cv!.id).executeTakeFirstOrThrow();
    expect(file.startsWith('private/')).toBe(true);
    expect(await objectBytes(`site/${file}`)).toEqual(pdf);

    await visitor.call('PUT', '/api/account/pending-delete', {});
    clock.advance(15 * 24 * 60 * 60_000);
    expect(await deleteDueAccounts(copy.app)).toBe(1);
    expect(await objectBytes(fullKey)).toBeUndefined();
    expect(await objectBytes(`site/${file}`)).toBeUndefined();
  });
});

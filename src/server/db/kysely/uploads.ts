/** Uploads (migration 0006): the media or documents row plus who sent it and when, for every backend. */
import { sql } from 'kysely';
import type { ListingType } from '../../../shared/constants.ts';
import type { UploadRepository } from '../repositories.ts';
import type { ListingRef, StaleUpload, StoredImage, UploadedImageRow } from '../rows.ts';
import { QueryRepository } from './query-access.ts';
import type { QueryDb } from './query.ts';

/** The user an upload owner names ('user:ID'), or null for a visitor's ('client:…'). */
const ownerUser = (owner: string): number | null => {
  const id = /^user:(\d+)$/.exec(owner)?.[1];
  return id === undefined ? null : Number(id);
};

/** Whatever may point at an upload's media or document row: a stale upload that any of these names is in use. */
function referenced(db: QueryDb, upload: { media_id: number | null; document_id: number | null }): { executeTakeFirst(): Promise<unknown> }[] {
  if (upload.media_id !== null) {
    const id = upload.media_id;
    return [
      db.selectFrom('post_media').select('media_id as found').where('media_id', '=', id).limit(1),
      db.selectFrom('profile_media').select('media_id as found').where('media_id', '=', id).limit(1),
      db.selectFrom('review_media').select('media_id as found').where('media_id', '=', id).limit(1),
      db.selectFrom('enquiry_media').select('media_id as found').where('media_id', '=', id).limit(1),
      db.selectFrom('banners').select('media_id as found').where('media_id', '=', id).limit(1),
      db.selectFrom('profiles').select('id as found').where((eb) => eb.or([eb('logo_id', '=', id), eb('image_id', '=', id)])).limit(1),
      db.selectFrom('reviews').select('id as found').where('reviewer_image_id', '=', id).limit(1),
      db.selectFrom('users').select('id as found').where('image_id', '=', id).limit(1),
    ];
  }
  const id = upload.document_id!;
  return [
    db.selectFrom('post_documents').select('document_id as found').where('document_id', '=', id).limit(1),
    db.selectFrom('profile_documents').select('document_id as found').where('document_id', '=', id).limit(1),
    db.selectFrom('enquiries').select('id as found').where('document_id', '=', id).limit(1),
    db.selectFrom('user_details').select('user_id as found').where('cv_document_id', '=', id).limit(1),
  ];
}

/** Marks image uploads as used by a feature, so the stale-upload sweep leaves them (in the caller's transaction). */
export async function attachImages(db: QueryDb, mediaIds: readonly number[], now: string): Promise<void> {
  if (mediaIds.length === 0) return;
  await db.updateTable('uploads').set({ attached_at: sql<string>`coalesce(attached_at, ${now})` }).where('media_id', 'in', [...mediaIds]).execute();
}

/** Marks a document upload as used by a feature (a CV, an enquiry's file), in the caller's transaction. */
export async function attachDocument(db: QueryDb, documentId: number, now: string): Promise<void> {
  await db.updateTable('uploads').set({ attached_at: sql<string>`coalesce(attached_at, ${now})` }).where('document_id', '=', documentId).execute();
}

export class KyselyUploadRepository extends QueryRepository implements UploadRepository {
  insertImage(owner: string, image: StoredImage): Promise<number> {
    const now = this.now;
    return this.write(async (db) => {
      const { id } = await db.insertInto('media').values({
        kind: 'image', mime_type: image.mime_type, thumbnail: image.thumbnail, full: image.full, thumbnail_webp: image.thumbnail_webp,
        full_webp: image.full_webp, width: image.width, height: image.height, dhash: image.dhash ?? null,
      }).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('uploads').values({ owner, owner_user_id: ownerUser(owner), kind: 'image', media_id: id, created_at: now }).execute();
      return id;
    });
  }

  /** Records a video upload (its media row: the file as sent and its poster's variants); an upload of kind 'image', a media row. */
  insertVideo(owner: string, video: StoredImage & { file: string }): Promise<number> {
    const now = this.now;
    return this.write(async (db) => {
      const { id } = await db.insertInto('media').values({
        kind: 'video', mime_type: video.mime_type, thumbnail: video.thumbnail, full: video.full, thumbnail_webp: video.thumbnail_webp,
        full_webp: video.full_webp, file: video.file, width: video.width, height: video.height,
      }).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('uploads').values({ owner, owner_user_id: ownerUser(owner), kind: 'image', media_id: id, created_at: now }).execute();
      return id;
    });
  }

  insertDocument(owner: string, document: { file: string; original_filename: string; mime_type: string }): Promise<number> {
    const now = this.now;
    return this.write(async (db) => {
      const { id } = await db.insertInto('documents').values({ file: document.file, original_filename: document.original_filename, mime_type: document.mime_type }).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('uploads').values({ owner, owner_user_id: ownerUser(owner), kind: 'document', document_id: id, created_at: now }).execute();
      return id;
    });
  }

  /**
   * The uploaded images at these paths (their full variant), in the order given, with who sent them, whether a form
   * uses them, and the review using one (its author and listing): whether a form may name one is a policy's to say.
   */
  findUploadedImages(fullPaths: readonly string[]): Promise<UploadedImageRow[]> {
    return this.read(async (db) => {
      if (fullPaths.length === 0) return [];
      const rows = await db.selectFrom('uploads as u').innerJoin('media as m', 'm.id', 'u.media_id')
        .leftJoin('review_media as rm', 'rm.media_id', 'm.id').leftJoin('reviews as r', 'r.id', 'rm.review_id').leftJoin('posts as p', 'p.id', 'r.post_id')
        .select([
          'm.id', 'm.thumbnail', 'm.full', 'm.thumbnail_webp', 'm.full_webp', 'u.owner_user_id', 'u.attached_at',
          'r.user_id as review_user_id', 'r.post_id as review_post_id', 'p.type as review_post_type', 'r.profile_id as review_profile_id',
        ])
        .where('m.full', 'in', [...fullPaths]).execute();
      const byPath = new Map(rows.map((row) => {
        const listing: ListingRef | null = row.review_post_id !== null ? { type: row.review_post_type as ListingType, id: Number(row.review_post_id) }
          : row.review_profile_id !== null ? { type: 'profile', id: Number(row.review_profile_id) } : null;
        return [row.full, {
          id: Number(row.id), thumbnail: row.thumbnail, full: row.full, thumbnail_webp: row.thumbnail_webp as string, full_webp: row.full_webp as string,
          owner_user_id: row.owner_user_id === null ? null : Number(row.owner_user_id), attached: row.attached_at !== null,
          review: listing && { user_id: row.review_user_id === null ? null : Number(row.review_user_id), listing },
        } satisfies UploadedImageRow];
      }));
      return fullPaths.map((path) => byPath.get(path)).filter((row) => row !== undefined);
    });
  }

  attachImages(mediaIds: readonly number[]): Promise<void> {
    return this.write((db) => attachImages(db, mediaIds, this.now));
  }

  attachDocument(documentId: number): Promise<void> {
    return this.write((db) => attachDocument(db, documentId, this.now));
  }

  findStaleUploads(before: string): Promise<StaleUpload[]> {
    return this.read(async (db) => {
      const rows = await db.selectFrom('uploads as u').leftJoin('media as m', 'm.id', 'u.media_id').leftJoin('documents as d', 'd.id', 'u.document_id')
        .select(['u.id', 'm.thumbnail', 'm.full', 'm.thumbnail_webp', 'm.full_webp', 'm.file as video', 'd.file'])
        .where('u.attached_at', 'is', null).where('u.created_at', '<', before).orderBy('u.id').limit(500).execute();
      return rows.map((row) => ({
        id: Number(row.id),
        files: [row.thumbnail, row.full, row.thumbnail_webp, row.full_webp, row.video, row.file].filter((file): file is string => typeof file === 'string'),
      }));
    });
  }

  /**
   * Deletes the rows of the stale uploads `ids` (the upload and its media or document row), one by one, and
   * returns the ids deleted: their files can go now. An upload that anything references (a write whose
   * second step was lost, as review images once were) is kept, marked attached so no sweep picks it again,
   * and returned among `kept`: deleting its files would break what uses it.
   */
  deleteUploads(ids: readonly number[]): Promise<{ deleted: number[]; kept: number[] }> {
    const now = this.now;
    return this.write(async (db) => {
      const deleted: number[] = [];
      const kept: number[] = [];
      for (const id of ids) {
        const row = await db.selectFrom('uploads').select(['media_id', 'document_id']).where('id', '=', id).executeTakeFirst();
        if (!row) continue;
        let inUse = false;
        for (const query of referenced(db, row)) if ((inUse = (await query.executeTakeFirst()) !== undefined)) break;
        if (inUse) {
          await db.updateTable('uploads').set({ attached_at: now }).where('id', '=', id).execute();
          kept.push(id);
          continue;
        }
        await db.deleteFrom('uploads').where('id', '=', id).execute();
        if (row.media_id !== null) await db.deleteFrom('media').where('id', '=', row.media_id).execute();
        if (row.document_id !== null) await db.deleteFrom('documents').where('id', '=', row.document_id).execute();
        deleted.push(id);
      }
      return { deleted, kept };
    });
  }
}

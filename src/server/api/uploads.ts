import type { Context, Handler, MiddlewareHandler } from 'hono';
import type { AppContext } from '../app-types.ts';
import { limitRoute } from '../rate-limits.ts';
import { storeDocument, storeImage, storeVideo, withFiles, type UploadKind } from '../uploads/pipeline.ts';
import { answer, requestClient, type ApiEnv } from './env.ts';

/** Who owns an upload: the signed-in account once sessions exist (issue 12), until then the client. */
export type UploadOwner = (c: Context<ApiEnv>) => string;

/**
 * A route taking `maxFiles` files of `kind` in the multipart field `field` (spec §7: review/image,
 * enquire/image, account/photo, account/cv, hireme/enquire's doc). The body is capped per file as it
 * streams, each file is typed by its bytes and stored by the one pipeline; answers 201 with `data`:
 * the image object (or list) of spec §3, a video (its file and poster image), or the document.
 */
export function uploadRoute(app: AppContext, options: { field: string; kind: UploadKind; maxFiles?: number; owner?: UploadOwner }): [MiddlewareHandler<ApiEnv>, Handler<ApiEnv>] {
  const maxFiles = options.maxFiles ?? 1;
  const owner = options.owner ?? ((c) => `client:${requestClient(c)}`);
  return [
    limitRoute(app.limits, 'upload', requestClient),
    async (c) => {
      const who = owner(c);
      const stored = await withFiles(app, c.req.raw, options.field, options.kind, maxFiles, async (files) => {
        const results = [];
        for (const file of files) {
          const kind = options.kind;
          if (kind === 'image') results.push((await storeImage(app, who, file, options.field)).image);
          else if (kind === 'video') results.push((({ video, image }) => ({ video, image }))(await storeVideo(app, who, file, options.field)));
          else results.push(await storeDocument(app, who, file, options.field, kind));
        }
        return results;
      });
      return answer(c, { data: maxFiles === 1 ? stored[0] : stored }, 201);
    },
  ];
}


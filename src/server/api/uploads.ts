import type { Context, Handler, MiddlewareHandler } from 'hono';
import type { AppContext } from '../app-context.ts';
import { limitRoute } from '../rate-limits.ts';
import { storeDocument, storeImage, withFiles, type UploadKind } from '../uploads/pipeline.ts';
import { requestClient, type ApiEnv } from './env.ts';

/** Who owns an upload: the signed-in account once sessions exist (issue 12), until then the client. */
export type UploadOwner = (c: Context<ApiEnv>) => string;

/**
 * A route taking `maxFiles` files of `kind` in the multipart field `field` (spec §7: review/image,
 * enquire/image, account/photo, account/cv, hireme/enquire's doc). The body is capped per file as it
 * streams, each file is typed by its bytes and stored by the one pipeline; answers 201 with `data`:
 * the image object (or list) of spec §3, or the document.
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
          results.push(options.kind === 'image'
            ? (await storeImage(app, who, file, options.field)).image
            : await storeDocument(app, who, file, options.field, options.kind));
        }
        return results;
      });
      return c.json({ data: maxFiles === 1 ? stored[0] : stored }, 201);
    },
  ];
}


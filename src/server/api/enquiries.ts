import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { ENQUIRY_FILE_FIELDS, ENQUIRY_KINDS, ENQUIRY_WORDS, type EnquiryKind } from '../../shared/enquiries.ts';
import type { AppContext } from '../app-types.ts';
import { downloadResponse } from '../media/download.ts';
import { answerEnquiry, downloadEnquiryAttachment, listEnquiries, readEnquiry, sendEnquiry } from '../engagement/enquiries.ts';
import { userUploadOwner } from '../engagement/own-uploads.ts';
import { parseInput, invalid } from '../errors.ts';
import { withMultipart, type UploadedFile } from '../uploads/pipeline.ts';
import { jsonBody, limitBody } from './body.ts';
import { answer, requestClient, requireUserId, signedIn, type ApiEnv } from './env.ts';
import { PageQuerySchema } from './listings.ts';
import { uploadRoute } from './uploads.ts';

const IdSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
/** Long text fields (descriptions, offers) of a multipart enquiry. */
const FIELD_BYTES = 32 * 1024;

/**
 * Hands an enquiry's fields to `use`: JSON, or (job applications and job offers, which may carry a file)
 * multipart form data, whose temporary file is gone once `use` is done.
 */
async function withEnquiryBody<T>(app: AppContext, c: Context<ApiEnv>, kind: EnquiryKind, use: (input: Record<string, unknown>, file?: UploadedFile) => Promise<T>): Promise<T> {
  const field = kind === 'jobs' || kind === 'hireme' ? ENQUIRY_FILE_FIELDS[kind] : undefined;
  if (field && /^multipart\/form-data\b/i.test(c.req.header('Content-Type') ?? '')) {
    return withMultipart(app, c.req.raw, { field, kind: kind === 'jobs' ? 'cv' : 'document', maxFiles: 1, fieldBytes: FIELD_BYTES },
      ({ fields, files }) => use(fields, files[0]));
  }
  const body = await jsonBody(c);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid('_', 'send_fields_json_object');
  return use(body as Record<string, unknown>);
}

/**
 * Enquiries of spec §7, for each kind at its path (enquire, job-application, hireme/enquire, buysell/enquire):
 * POST sends one, GET lists the user's own, GET …/{id} reads one of them (404 for anybody else's), and
 * GET …/{id}/attachment downloads the CV or document sent with it, POST …/{id}/replies answers the advertiser's reply. POST enquire/image uploads an image first.
 */
export function enquiryRoutes(app: AppContext) {
  const routes = new Hono<ApiEnv>()
    .post('/enquire/image', signedIn,
      ...uploadRoute(app, { field: 'image', kind: 'image', owner: (c) => userUploadOwner(requireUserId(c)) }));
  for (const kind of ENQUIRY_KINDS) {
    const path = `/${ENQUIRY_WORDS[kind].api}`;
    const multipart = kind === 'jobs' || kind === 'hireme';
    routes
      .post(path, limitBody(multipart ? 6 * 1024 * 1024 : undefined), async (c) => {
        const userId = requireUserId(c);
        const sent = await withEnquiryBody(app, c, kind, (input, file) => sendEnquiry(app, userId, kind, input, requestClient(c), file));
        return answer(c, sent, 201);
      })
      .get(path, async (c) => {
        const userId = requireUserId(c);
        const { page } = parseInput(PageQuerySchema, { page: c.req.query('page') });
        return answer(c, await listEnquiries(app, userId, kind, page));
      })
      .get(`${path}/:id{[0-9]+}`, async (c) => {
        const userId = requireUserId(c);
        const { id } = parseInput(IdSchema, { id: c.req.param('id') });
        return answer(c, await readEnquiry(app, userId, kind, id));
      })
      .post(`${path}/:id{[0-9]+}/replies`, limitBody(16 * 1024), async (c) => {
        const userId = requireUserId(c);
        const { id } = parseInput(IdSchema, { id: c.req.param('id') });
        return answer(c, await answerEnquiry(app, userId, kind, id, await jsonBody(c)), 201);
      })
      .get(`${path}/:id{[0-9]+}/attachment`, async (c) => {
        const userId = requireUserId(c);
        const { id } = parseInput(IdSchema, { id: c.req.param('id') });
        return downloadResponse(await downloadEnquiryAttachment(app, userId, kind, id));
      });
  }
  return routes;
}

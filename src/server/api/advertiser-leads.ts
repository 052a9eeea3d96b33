import { Hono } from 'hono';
import type { AppContext } from '../app-types.ts';
import {
  changeLeadStatus, countLeadAction, downloadLeadAttachment, leadsCsv, leadSettings, listLeads, readLead, replyToLead, reportReview, saveLeadSettings, unreadLeads,
} from '../advertiser/leads.ts';
import { downloadResponse } from '../media/download.ts';
import { jsonBody, limitBody } from './body.ts';
import { advertiserOf, pathId } from './advertiser-access.ts';
import { answer, type ApiEnv } from './env.ts';

/** A CSV download: UTF-8 text, saved under `name`, never stored by a cache. */
export function csvResponse(csv: string, name: string): Response {
  return new Response(csv, {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"`, 'Cache-Control': 'private, no-store' },
  });
}

/**
 * The leads inbox's API (issue 26), under /api/advertiser (the caller mounts it behind signedIn): leads with filters
 * as query parameters, one lead, its status, replies, CV or document, the CSV export, the unread count, the
 * lead-mail setting, and reporting a review. Another advertiser's lead is a 404.
 */
export function leadRoutes(app: AppContext) {
  return new Hono<ApiEnv>()
    .get('/leads', async (c) => answer(c, await listLeads(app, await advertiserOf(app, c), c.req.query())))
    .get('/leads.csv', async (c) => csvResponse(await leadsCsv(app, await advertiserOf(app, c), c.req.query()), 'leads.csv'))
    .get('/leads/unread', async (c) => answer(c, { data: { unread: await unreadLeads(app, await advertiserOf(app, c)) } }))
    .get('/leads/:id', async (c) => answer(c, { data: await readLead(app, await advertiserOf(app, c), pathId(c)) }))
    .patch('/leads/:id', limitBody(1024), async (c) => answer(c, { data: await changeLeadStatus(app, await advertiserOf(app, c), pathId(c), await jsonBody(c)) }))
    .post('/leads/:id/actions', limitBody(1024), async (c) => answer(c, { data: await countLeadAction(app, await advertiserOf(app, c), pathId(c), await jsonBody(c)) }))
    .post('/leads/:id/replies', limitBody(16 * 1024), async (c) => answer(c, await replyToLead(app, await advertiserOf(app, c), pathId(c), await jsonBody(c)), 201))
    .get('/leads/:id/attachment', async (c) => downloadResponse(await downloadLeadAttachment(app, await advertiserOf(app, c), pathId(c))))
    .get('/settings', async (c) => answer(c, { data: await leadSettings(app, await advertiserOf(app, c)) }))
    .patch('/settings', limitBody(1024), async (c) => answer(c, { data: await saveLeadSettings(app, await advertiserOf(app, c), await jsonBody(c)) }))
    .post('/reviews/:id/report', limitBody(8 * 1024), async (c) => answer(c, await reportReview(app, await advertiserOf(app, c), pathId(c), await jsonBody(c)), 201));
}

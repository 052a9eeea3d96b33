import { Hono } from 'hono';
import type { AppContext } from '../app-types.ts';
import { insights, insightsRows } from '../advertiser/insights.ts';
import { csvOf } from '../csv.ts';
import { advertiserOf } from './advertiser-access.ts';
import { csvResponse } from './advertiser-leads.ts';
import { answer, type ApiEnv } from './env.ts';

/** Insights (issue 26), under /api/advertiser: the daily series and totals as JSON, and the same days as CSV. */
export function insightRoutes(app: AppContext) {
  return new Hono<ApiEnv>()
    .get('/insights', async (c) => answer(c, { data: await insights(app, await advertiserOf(app, c), c.req.query()) }))
    .get('/insights.csv', async (c) => {
      const figures = await insights(app, await advertiserOf(app, c), c.req.query());
      const { header, rows } = insightsRows(figures);
      return csvResponse(csvOf(header, rows), `insights-${figures.from}-${figures.to}.csv`);
    });
}

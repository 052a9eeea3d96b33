import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/api/app.ts';
import { listingStats } from '../../src/server/engagement/analytics.ts';
import { RATE_LIMITS } from '../../src/server/rate-limits.ts';
import { malaysiaToday } from '../../src/shared/malaysia-time.ts';
import { livePost, profileAt } from '../fixtures/catalogue.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

const copy = useTestDatabase();
let api: ReturnType<typeof createApi>;
beforeAll(() => {
  api = createApi(copy.app);
});

/** As navigator.sendBeacon sends it: JSON, no CSRF header, no cookie. */
async function send(body: unknown, client = '198.51.100.60', device?: string) {
  const response = await api.request(device ? `/api/analytics?device=${device}` : '/api/analytics', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }, { clientAddress: client });
  return { status: response.status, body: response.status === 204 ? null : await response.json() as { errors?: Record<string, string[]> } };
}

const post = async (offset = 40) => {
  const { id, type } = await livePost(copy.app, 'services', { offset });
  return { id, type };
};
const profileId = async () => (await profileAt(copy.app, 9)).id;

describe('click analytics (spec §4, §7 POST analytics)', () => {
  it('adds a batch to the listing counters of the day, a visitor’s repeats counted once, and drops unknown listings', async () => {
    const { id, type } = await post();
    const profile = await profileId();
    const answer = await send([
      { id, type, action: 'visit_waze_direction' }, { id, type, action: 'visit_waze_direction' }, { id, type, action: 'call' },
      { id: profile, type: 'profile', action: 'share_copy' }, { id: 999_999_999, type: 'services', action: 'call' },
      // A post named with the wrong type counts nothing.
      { id, type: 'jobs', action: 'call' },
    ]);
    expect(answer.status).toBe(204);
    const today = malaysiaToday();
    expect(await listingStats(copy.app, { type: 'services', id }, today, today)).toEqual([
      { day: today, action: 'call', count: 1 }, { day: today, action: 'visit_waze_direction', count: 1 },
    ]);
    expect(await listingStats(copy.app, { type: 'profile', id: profile }, today, today)).toEqual([{ day: today, action: 'share_copy', count: 1 }]);
    // The same visitor again within the hour: nothing more; another visitor: one more.
    await send([{ id, type, action: 'call' }]);
    await send([{ id, type, action: 'call' }], '198.51.100.62');
    expect((await listingStats(copy.app, { type: 'services', id }, today, today)).find((row) => row.action === 'call')!.count).toBe(2);
    expect(await listingStats(copy.app, { type: 'services', id: 999_999_999 }, today, today)).toEqual([]);
  });

  it('counts a flood of one action on one listing from a few addresses as one click each (security probe item 12)', async () => {
    const { id, type } = await post(41);
    for (const client of ['198.51.100.70', '198.51.100.71', '198.51.100.72']) {
      for (let batch = 0; batch < 20; batch += 1) await send(Array.from({ length: 50 }, () => ({ id, type, action: 'call' })), client);
    }
    // Two phones behind one carrier address, each with its own device id, count as two visitors.
    await send([{ id, type, action: 'call' }], '198.51.100.73', 'device0000000000000001');
    await send([{ id, type, action: 'call' }], '198.51.100.73', 'device0000000000000002');
    await send([{ id, type, action: 'call' }], '198.51.100.73', 'device0000000000000002');
    const today = malaysiaToday();
    expect((await listingStats(copy.app, { type: 'services', id }, today, today)).find((row) => row.action === 'call')!.count).toBe(5);
  });

  it('counts page views per listing and day too, when the view counts are written', async () => {
    const { id } = await post();
    const view = await api.request('/api/views', { method: 'POST', headers: { 'Content-Type': 'application/json', 'User-Agent': 'Mozilla/5.0 Chrome/156.0' },
      body: JSON.stringify({ type: 'services', id }) }, { clientAddress: '198.51.100.61' });
    expect(view.status).toBe(202);
    await copy.app.views.flush();
    const today = malaysiaToday();
    expect((await listingStats(copy.app, { type: 'services', id }, today, today)).find((row) => row.action === 'view')).toEqual({ day: today, action: 'view', count: 1 });
  });

  it('answers a bad batch with 422', async () => {
    const { id, type } = await post();
    expect((await send([])).status).toBe(422);
    expect((await send([{ id, type, action: 'dance' }])).status).toBe(422);
    expect((await send(Array.from({ length: 51 }, () => ({ id, type, action: 'call' })))).status).toBe(422);
    expect((await send({ id, type, action: 'call' })).status).toBe(422);
  });

  it(`limits a client to ${RATE_LIMITS.analytics.limit} batches a minute`, async () => {
    const { id, type } = await post();
    let last = 0;
    for (let batch = 0; batch <= RATE_LIMITS.analytics.limit; batch += 1) last = (await send([{ id, type, action: 'call' }], '198.51.100.99')).status;
    expect(last).toBe(429);
  });
});

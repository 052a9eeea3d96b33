import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../src/server/rate-limits.ts';
import type { ListingType } from '../../src/shared/constants.ts';
import { livePost, profileAt } from '../fixtures/catalogue.ts';
import { useAccountsApp } from '../helpers/accounts.ts';

const { copy, browser, registerByEmail, signIn } = useAccountsApp('follows');
let people = 0;

async function follower() {
  const email = `follower-${++people}@example.my`;
  await registerByEmail(email, 'Follower');
  return signIn(email);
}

const aPost = (type: ListingType, offset = 0) => livePost(copy.app, type, { offset });
const aProfile = () => profileAt(copy.app);

describe('follow (spec §4, §7)', () => {
  it('answers 401 signed out', async () => {
    const visitor = browser();
    expect((await visitor.post('/api/follow', { type: 'services', id: (await aPost('services')).id })).status).toBe(401);
    expect((await visitor.get('/api/follow')).status).toBe(401);
  });

  it('toggles a post and a profile, and lists them newest first with variant and followable', async () => {
    const visitor = await follower();
    const post = await aPost('jobs');
    const profile = await aProfile();
    const followed = await visitor.post('/api/follow', { type: 'jobs', id: post.id });
    expect(followed.status).toBe(200);
    expect(followed.body.data).toBe('Followed.');
    expect((await visitor.post('/api/follow', { type: 'profile', id: String(profile.id) })).body.data).toBe('Followed.');
    const list = await visitor.get('/api/follow');
    expect(list.body.data).toMatchObject([
      { id: profile.id, type: 'profile', variant: 'profile', followable: { title: profile.name, url: `/${profile.slug}` } },
      { id: post.id, type: 'jobs', variant: 'post', followable: { url: `/jobs/${post.slug}` } },
    ]);
    expect((await visitor.post('/api/follow', { type: 'jobs', id: post.id })).body.data).toBe('Unfollowed.');
    expect((await visitor.get('/api/follow')).body.data).toHaveLength(1);
    // Another person's list is their own.
    expect((await (await follower()).get('/api/follow')).body.data).toEqual([]);
  });

  it('answers a bad type or id with 422 and an unknown listing (or one of another type) with 404', async () => {
    const visitor = await follower();
    const bad = await visitor.post('/api/follow', { type: 'cars', id: 'x' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors!).sort()).toEqual(['id', 'type']);
    expect((await visitor.post('/api/follow', { type: 'services', id: 999_999_999 })).status).toBe(404);
    expect((await visitor.post('/api/follow', { type: 'buysell', id: (await aPost('services')).id })).status).toBe(404);
  });

  it(`limits an account to ${RATE_LIMITS.follow.limit} taps per 10 minutes`, async () => {
    const visitor = await follower();
    const post = await aPost('buysell', 3);
    let last = 0;
    for (let tap = 0; tap <= RATE_LIMITS.follow.limit; tap += 1) last = (await visitor.post('/api/follow', { type: 'buysell', id: post.id })).status;
    expect(last).toBe(429);
  });

  it('goes with the account when it is deleted', async () => {
    const visitor = await follower();
    await visitor.post('/api/follow', { type: 'services', id: (await aPost('services', 5)).id });
    const userId = Number((await visitor.get('/api/user')).body.id);
    await copy.app.repos.users.deleteUser(userId);
    expect(await copy.app.repos.follows.findFollows(userId, 10, 0)).toEqual([]);
  });
});

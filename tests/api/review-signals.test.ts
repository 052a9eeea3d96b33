import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, useAccountsApp } from '../helpers/accounts.ts';
import type { SessionClient } from '../helpers/session-client.ts';
import { scaled } from '../helpers/time-factor.ts';

/**
 * The fake-review filter through the database on the configured backend (issue 45): a 5★ burst from brand-new accounts
 * is scored by the job review_signals, held as suspicious (off the list and the rating, never deleted) with its score
 * and features in the operators' queue; an operator's publish is final until the text changes; the review's device
 * cookie is set and only its hash stored.
 */
const accounts = useAccountsApp('review-signals');
const { copy, browser, registerByEmail, signIn } = accounts;
let people = 0;

async function newcomer(): Promise<SessionClient> {
  const email = `newcomer-${++people}@reviews.example.my`;
  await registerByEmail(email, `Newcomer ${people}`);
  return signIn(email);
}

describe('review signals', () => {
  it('holds a 5★ burst from new accounts, keeps it out of the rating, shows its features to operators; a publish is final until the text changes', async () => {
    const profile = await copy.query.selectFrom('profiles').select(['id', 'rating', 'rating_count']).where('kind', '=', 'business').where('hidden_at', 'is', null)
      .orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    const writers: SessionClient[] = [];
    for (let n = 0; n < 6; n += 1) writers.push(await newcomer());
    const ids: number[] = [];
    for (const [n, writer] of writers.entries()) {
      const written = await writer.post('/api/review', { type: 'profile', id: profile.id, content: `Five stars, number ${n}!`, rating: 5 });
      expect(written.status, JSON.stringify(written.body)).toBe(201);
      ids.push((written.body.data as { id: number }).id);
      // A first-party device cookie; only its hash is stored.
      expect(written.cookies.some((cookie) => cookie.startsWith('yp_reviewer='))).toBe(true);
      expect(written.cookies.some((cookie) => cookie.startsWith('yp_device='))).toBe(false);
    }
    const stored = await copy.query.selectFrom('reviews').select(['device_hash']).where('id', '=', ids[0]!).executeTakeFirstOrThrow();
    expect(stored.device_hash).toMatch(/^[0-9a-f]{32}$/);
    const before = await copy.query.selectFrom('profiles').select(['rating_count']).where('id', '=', profile.id).executeTakeFirstOrThrow();
    expect(Number(before.rating_count)).toBe(Number(profile.rating_count) + 6);

    await copy.app.jobs.runKind('review_signals');
    const held = await copy.query.selectFrom('reviews').select(['id', 'held_reason', 'hidden', 'removed_at']).where('id', 'in', ids).execute();
    expect(held.every((row) => row.held_reason === 'suspicious' && Boolean(Number(row.hidden)) && row.removed_at === null)).toBe(true);
    const after = await copy.query.selectFrom('profiles').select(['rating_count']).where('id', '=', profile.id).executeTakeFirstOrThrow();
    expect(Number(after.rating_count)).toBe(Number(profile.rating_count));
    // Its writer reads that it waits for a check; another listing has none of theirs.
    expect((await writers[1]!.get(`/api/review/mine?type=profile&id=${profile.id}`)).body.data).toEqual({ id: ids[1], waiting: true });
    expect((await writers[1]!.get('/api/review/mine?type=profile&id=1')).body.data).toBeNull();
    expect((await writers[1]!.get('/api/review/mine?type=shop&id=1')).status).toBe(422);
    const scores = await copy.query.selectFrom('review_scores').select(['review_id', 'score', 'version']).where('review_id', 'in', ids).execute();
    expect(scores).toHaveLength(6);
    expect(scores.every((row) => Number(row.score) >= 2.5 && Number(row.version) >= 1)).toBe(true);

    await registerByEmail('filter-operator@example.my', 'Filter Operator');
    await copy.repos.users.addRole((await copy.repos.users.findCredentials({ email: 'filter-operator@example.my' }))!.id, 'operator');
    const staff = await signIn('filter-operator@example.my');
    const queue = (await staff.get('/api/operator/reviews')).body.data as { id: number; checks: string[]; score: number; features: Record<string, number> }[];
    // The demo's imported reviews (no account) are context only: nothing else is held.
    expect((await copy.query.selectFrom('reviews').select('id').where('held_reason', '=', 'suspicious').execute()).map((row) => row.id).sort()).toEqual([...ids].sort());
    const first = queue.find((item) => item.id === ids[0])!;
    expect(first.checks).toEqual(['suspicious']);
    expect(first.features).toMatchObject({ burst: expect.any(Number), lone_account: 1 });

    // The operator publishes one: it shows again, and the nightly run leaves it.
    await staff.post('/api/operator/reauth', { password: TEST_PASSWORD });
    expect((await staff.post(`/api/operator/reviews/${ids[0]}/publish`, {})).status).toBe(200);
    await copy.app.jobs.runKind('review_signals_nightly');
    expect((await copy.query.selectFrom('reviews').select('held_reason').where('id', '=', ids[0]!).executeTakeFirstOrThrow()).held_reason).toBeNull();
    // Its writer edits the text: the filter reads it again, and holds it again.
    expect((await writers[0]!.post('/api/review', { type: 'profile', id: profile.id, content: 'Five stars again, edited.', rating: 5 })).status).toBe(201);
    await copy.app.jobs.runKind('review_signals');
    expect((await copy.query.selectFrom('reviews').select('held_reason').where('id', '=', ids[0]!).executeTakeFirstOrThrow()).held_reason).toBe('suspicious');
  });

  it('links a reviewer to the owner by a sign-in address they share, never by this machine or a private network', async () => {
    const business = await copy.query.selectFrom('profiles').select(['id']).where('kind', '=', 'business').where('owner_user_id', 'is', null).where('hidden_at', 'is', null)
      .orderBy('id').limit(1).executeTakeFirstOrThrow();
    const ownerEmail = 'shared-owner@reviews.example.my';
    await registerByEmail(ownerEmail, 'Shared Owner');
    const ownerId = (await copy.repos.users.findCredentials({ email: ownerEmail }))!.id;
    await copy.query.updateTable('profiles').set({ owner_user_id: ownerId }).where('id', '=', business.id).execute();
    const review = async (email: string, address: string) => {
      await registerByEmail(email, 'Nearby Customer');
      // A customer of a few days (not an account made to write this review).
      await copy.query.updateTable('users').set({ created_at: new Date(copy.app.clock.now() - 3 * 24 * 60 * 60_000).toISOString() }).where('email', '=', email).execute();
      await signIn(ownerEmail, undefined, browser(address));
      const writer = await signIn(email, undefined, browser(address));
      const written = await writer.post('/api/review', { type: 'profile', id: business.id, content: 'Helpful people, fair price for the repair we needed done.', rating: 5 });
      expect(written.status, JSON.stringify(written.body)).toBe(201);
      return (written.body.data as { id: number }).id;
    };
    // Both on this machine (a server behind a proxy it does not trust sees only that): no link, and a customer's first
    // review from a days-old account (new and lone: 2) stays under the threshold.
    const local = await review('local-customer@reviews.example.my', '127.0.0.1');
    await copy.app.jobs.runKind('review_signals');
    const localScore = await copy.query.selectFrom('review_scores').select(['features']).where('review_id', '=', local).executeTakeFirstOrThrow();
    expect(JSON.parse(String(typeof localScore.features === 'string' ? localScore.features : JSON.stringify(localScore.features)))).not.toHaveProperty('owner_link');
    expect((await copy.query.selectFrom('reviews').select(['held_reason', 'client_hash']).where('id', '=', local).executeTakeFirstOrThrow())).toEqual({ held_reason: null, client_hash: null });
    // On one public address with the owner: the owner's own review, held.
    const linked = await review('linked-customer@reviews.example.my', '60.48.10.20');
    await copy.app.jobs.runKind('review_signals');
    expect((await copy.query.selectFrom('reviews').select('held_reason').where('id', '=', linked).executeTakeFirstOrThrow()).held_reason).toBe('suspicious');
  });

  it('holds a lone 5★ from an account made for it, whose only act is following the business; passes colleagues behind one busy office address (probe finding 10)', async () => {
    const [planted, lunch] = await copy.query.selectFrom('profiles').select(['id']).where('kind', '=', 'business').where('owner_user_id', 'is', null).where('hidden_at', 'is', null)
      .orderBy('id', 'desc').offset(3).limit(2).execute();
    // A new account follows the business, then praises it.
    const plant = await newcomer();
    expect((await plant.post('/api/follow', { type: 'profile', id: planted!.id })).status).toBeLessThan(300);
    const fake = await plant.post('/api/review', { type: 'profile', id: planted!.id, content: 'Best in town, very professional, highly recommended to all!', rating: 5 });
    expect(fake.status, JSON.stringify(fake.body)).toBe(201);

    // An office's public address: 20 colleagues review what they use; two of them (one new) their lunch place.
    const office = '175.139.20.30';
    const oldAccount = new Date(copy.app.clock.now() - 400 * 24 * 60 * 60_000).toISOString();
    const others = await copy.query.selectFrom('profiles').select('id').where('kind', '=', 'business').where('hidden_at', 'is', null).orderBy('id').limit(20).execute();
    const colleagues: number[] = [];
    for (let n = 0; n < 20; n += 1) {
      const email = `colleague-${n}@office.example.my`;
      await registerByEmail(email, `Colleague ${n}`);
      if (n !== 1) await copy.query.updateTable('users').set({ created_at: oldAccount }).where('email', '=', email).execute();
      else await copy.query.updateTable('users').set({ created_at: new Date(copy.app.clock.now() - 5 * 24 * 60 * 60_000).toISOString() }).where('email', '=', email).execute();
      const writer = await signIn(email, undefined, browser(office));
      // Each did something elsewhere before (a follow of another business).
      await writer.post('/api/follow', { type: 'profile', id: others[(n + 7) % others.length]!.id });
      const listing = n < 2 ? lunch!.id : others[n]!.id;
      const written = await writer.post('/api/review', { type: 'profile', id: listing, content: `Good food and quick service at lunch, colleague number ${n} says.`, rating: 5 });
      expect(written.status, JSON.stringify(written.body)).toBe(201);
      if (n < 2) colleagues.push((written.body.data as { id: number }).id);
    }
    await copy.app.jobs.runKind('review_signals');
    const fakeId = (fake.body.data as { id: number }).id;
    expect((await copy.query.selectFrom('reviews').select('held_reason').where('id', '=', fakeId).executeTakeFirstOrThrow()).held_reason).toBe('suspicious');
    const held = await copy.query.selectFrom('reviews').select(['id', 'held_reason']).where('id', 'in', colleagues).execute();
    expect(held.map((row) => row.held_reason)).toEqual([null, null]);
  }, scaled(30_000));
});

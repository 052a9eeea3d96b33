import { describe, expect, it } from 'vitest';
import type { TestClock } from '../../src/server/clock.ts';
import type { Repositories } from '../../src/server/db/repositories.ts';
import type { ListingRef } from '../../src/server/db/rows.ts';

/** What the saved-search part of the repository contract (tests/contract/repositories.ts) is given by it. */
export interface SavedSearchContext {
  repos(): Repositories;
  clock: TestClock;
  newUser(name?: string): Promise<number>;
  livePosts(type: 'services', count: number, offset?: number): Promise<ListingRef[]>;
}

/** Saved searches, the jobs' priorities and the sent list (issue 29), the same on every backend. */
export function describeSavedSearchContract({ repos, clock, newUser, livePosts }: SavedSearchContext): void {
  describe('saved searches (issue 29)', () => {
    const search = (userId: number, frequency = 'daily') => repos().savedSearches.insertSavedSearch({
      userId, name: `Contract search ${frequency}`, type: 'services', query: JSON.stringify({ main: null, sub: null, params: { what: 'kopi' } }), frequency,
    });

    it('stores, lists newest first, counts, changes and deletes; an account deleted takes its searches', async () => {
      const userId = await newUser();
      const first = await search(userId);
      clock.advance(1000);
      const second = await search(userId, 'weekly');
      expect(await repos().savedSearches.countSavedSearches(userId)).toBe(2);
      expect((await repos().savedSearches.findSavedSearches(userId, 10)).map((row) => row.id)).toEqual([second, first]);
      const row = (await repos().savedSearches.findSavedSearch(first))!;
      expect(row).toMatchObject({ user_id: userId, type: 'services', frequency: 'daily', mailed_at: null });
      expect(row.seen_at).toBe(row.created_at);
      expect(row.alerted_at).toBe(row.created_at);
      await repos().savedSearches.updateSavedSearch(first, { name: 'Renamed', frequency: 'off', seenAt: new Date(clock.now()).toISOString() });
      expect(await repos().savedSearches.findSavedSearch(first)).toMatchObject({ name: 'Renamed', frequency: 'off' });
      await repos().savedSearches.deleteSavedSearch(second);
      expect(await repos().savedSearches.findSavedSearch(second)).toBeUndefined();
      await repos().users.deleteUser(userId);
      expect(await repos().savedSearches.findSavedSearch(first)).toBeUndefined();
    });

    it('finds the due searches of one frequency in id order, only of accounts that can be mailed', async () => {
      const mailable = await newUser();
      const leaving = await newUser();
      const phoneOnly = await repos().users.createUser({ name: 'Phone Only', email: null, phone_number: `6011${Date.now() % 100_000_000}`, phone_number_country: '60', password_hash: 'x' });
      const ids = [await search(mailable), await search(mailable), await search(leaving), await search(phoneOnly), await search(mailable, 'weekly')];
      await repos().users.setPendingDelete(leaving, null, new Date(clock.now()).toISOString());
      clock.advance(1000);
      const before = new Date(clock.now()).toISOString();
      const due = await repos().savedSearches.findDueSavedSearches('daily', before, ids[0]! - 1, 100);
      expect(due.filter((row) => ids.includes(row.id)).map((row) => row.id)).toEqual([ids[0], ids[1]]);
      expect(due.find((row) => row.id === ids[0])).toMatchObject({ email: expect.stringContaining('@'), user_name: 'Contract Person' });
      expect((await repos().savedSearches.findDueSavedSearches('daily', before, ids[0]!, 100)).some((row) => row.id === ids[0])).toBe(false);
      expect((await repos().savedSearches.findDueSavedSearches('daily', ids.length > 0 ? (await repos().savedSearches.findSavedSearch(ids[0]!))!.alerted_at : before, 0, 100))
        .some((row) => row.id === ids[0])).toBe(false);
    });

    it('records each listing once per search, whoever records it at the same time, and moves the watermark', async () => {
      const userId = await newUser();
      const id = await search(userId);
      const [a, b, c] = (await livePosts('services', 3, 40)).map((post) => post.id) as [number, number, number];
      clock.advance(1000);
      const lookedAt = new Date(clock.now()).toISOString();
      expect((await repos().savedSearches.recordAlert(id, [a, b], lookedAt)).sort()).toEqual([a, b].sort());
      expect(await repos().savedSearches.findSavedSearch(id)).toMatchObject({ alerted_at: lookedAt, mailed_at: lookedAt });
      const both = await Promise.all([repos().savedSearches.recordAlert(id, [b, c], lookedAt), repos().savedSearches.recordAlert(id, [c], lookedAt)]);
      expect(both.flat()).toEqual([c]);
      expect((await repos().savedSearches.findAlertedPostIds(id, [a, b, c, 999_999_999])).sort()).toEqual([a, b, c].sort());
      clock.advance(1000);
      const later = new Date(clock.now()).toISOString();
      expect(await repos().savedSearches.recordAlert(id, [], later)).toEqual([]);
      expect(await repos().savedSearches.findSavedSearch(id)).toMatchObject({ alerted_at: later, mailed_at: lookedAt });
    });

    it('tells a person\'s own listings (their business\'s ads) and known places', async () => {
      const owner = await newUser('Contract Owner');
      // A seeded ad whose business nobody owns yet, claimed by `owner`: its ads are theirs.
      let mine: number | undefined;
      for (const post of await livePosts('services', 20, 60)) {
        const row = (await repos().catalog.findPostRows([post.id]))[0]!;
        expect(await repos().savedSearches.findOwnPostIds(owner, [post.id])).toEqual([]);
        const claim = await repos().advertiser.insertClaim({ profileId: row.profile_id, userId: owner, method: 'sms', target: '60123456789', documentId: null });
        if (await repos().advertiser.completeClaim({ id: claim, profileId: row.profile_id, userId: owner })) {
          mine = post.id;
          break;
        }
      }
      expect(mine).toBeDefined();
      expect(await repos().savedSearches.findOwnPostIds(owner, [mine!])).toEqual([mine]);
      expect(await repos().savedSearches.placeExists('selangor')).toBe(true);
      expect(await repos().savedSearches.placeExists('No Such Place Anywhere')).toBe(false);
    });

    it('forgets sent messages a week on, and never an unsent one', async () => {
      const message = (to: string) => repos().outbox.insert({ channel: 'mail', recipient: to, message: JSON.stringify({ to, subject: 'Alert', text: 'x', html: 'x' }) });
      const sent = await message('sent@example.my');
      const waiting = await message('waiting@example.my');
      await repos().outbox.markSent(sent);
      clock.advance(8 * 24 * 60 * 60_000);
      expect(await repos().outbox.removeSent(new Date(clock.now() - 7 * 24 * 60 * 60_000).toISOString())).toBeGreaterThanOrEqual(1);
      expect(await repos().outbox.find(sent)).toBeUndefined();
      expect(await repos().outbox.find(waiting)).toMatchObject({ recipient: 'waiting@example.my', sent_at: null });
    });

    it('takes due jobs of a higher priority first: bulk mail waits for a code queued after it', async () => {
      const kind = `contract-priority-${clock.now()}`;
      const bulk = await repos().jobs.enqueue({ kind, priority: -1 });
      const code = await repos().jobs.enqueue({ kind });
      const [first] = await repos().jobs.claim('contract', { limit: 1, leaseMs: 60_000, kinds: [kind] });
      expect(first?.id).toBe(code);
      expect((await repos().jobs.claim('contract', { limit: 1, leaseMs: 60_000, kinds: [kind] }))[0]?.id).toBe(bulk);
    });
  });
}

import { describe, expect, it } from 'vitest';
import { useAccountsApp } from '../helpers/accounts.ts';
import { advertiserHelpers } from '../helpers/advertisers.ts';

/** With HOLD_NEW_ADVERTISERS=on (off by default: tests/api/held-ads.test.ts), an account's ads wait until one has been live. */
const accounts = useAccountsApp('held-new', { HOLD_NEW_ADVERTISERS: 'on' });
const { copy } = accounts;
const { advertiser, claimBusiness, jobBody } = advertiserHelpers(accounts, 'held-new');

describe('holding the ads of new accounts', () => {
  it('holds the first ad of an account with no ad live yet, and no longer once one has gone live', async () => {
    const owner = await advertiser('New Advertiser');
    const business = await claimBusiness(owner, new Set());
    const first = await owner.post('/api/advertiser/posts', { ...await jobBody(business.id, { title: 'First Ever Ad' }), publish: true, confirm: true });
    expect(first.body).toMatchObject({ data: { status: 'draft', draft_reason: 'held', held_checks: ['new_account'] } });
    // An operator's approval puts it live (as the account's first ad, free); the next ad is not held for that reason.
    const post = (await copy.repos.listings.findPost((first.body.data as { id: number }).id))!;
    await copy.repos.listings.move(post.id, { from: ['draft'], status: 'active', heldReason: null, publishedAt: new Date().toISOString(), firstLiveAt: new Date().toISOString() });
    const second = await owner.post('/api/advertiser/posts', { ...await jobBody(business.id, { title: 'Second Ad' }), publish: true, confirm: true });
    expect((second.body.data as { held_checks: string[] }).held_checks).toEqual([]);
  });
});

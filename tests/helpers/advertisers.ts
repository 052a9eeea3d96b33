import { expect } from 'vitest';
import { listedMobiles } from '../../src/shared/schemas/accounts.ts';
import type { useAccountsApp } from './accounts.ts';
import { latestCode, type SessionClient } from './session-client.ts';
import type { Repositories } from '../../src/server/db/repositories.ts';
import type { LocationRow } from '../../src/server/db/rows.ts';

/** What a finder of seeded businesses reads: the catalogue and the sitemap's batches. */
type CatalogRepos = Pick<Repositories, 'catalog' | 'sitemap'>;

/**
 * A seeded business nobody owns or claimed, with a mobile number on one of its locations (found through the data
 * seam), not in `skip`, and passing `accept` (its locations) when given.
 */
export async function findUnclaimedWithMobile(repos: CatalogRepos, skip: ReadonlySet<number> = new Set(), accept: (locations: LocationRow[]) => boolean = () => true): Promise<{ id: number; slug: string; mobile: string }> {
  for await (const batch of repos.sitemap.profileUrlBatches(400, 0)) {
    for (const { slug } of batch) {
      const row = await repos.catalog.findProfileBySlug(slug);
      if (!row || row.kind !== 'business' || row.claimed || row.owner_user_id !== null || skip.has(row.id)) continue;
      const locations = await repos.catalog.findProfileLocations(row.id);
      const [mobile] = listedMobiles(locations);
      if (mobile && accept(locations)) return { id: row.id, slug: row.slug, mobile };
    }
  }
  throw new Error('no unclaimed business with a mobile number (and what was asked) in the seed');
}

/**
 * Advertisers for API tests, through the product's own routes: registered, upgraded with a phone number its code
 * confirmed, and owners of seeded businesses they claimed by SMS code.
 */
export function advertiserHelpers({ outbox, copy, registerByEmail, signIn }: ReturnType<typeof useAccountsApp>, prefix = 'advertiser') {
  let people = 0;
  const emails = new WeakMap<SessionClient, string>();

  /** A signed-in advertiser: registered, and upgraded with a phone number confirmed by its code. */
  async function advertiser(name = 'Lim Wei Ling'): Promise<SessionClient> {
    const n = ++people;
    const email = `${prefix}-${n}@example.my`;
    await registerByEmail(email, name);
    const visitor = await signIn(email);
    const phone = `6019555${String(n).padStart(4, '0')}`;
    expect((await visitor.post('/api/account/verification', { type: 'phone', phone_number_country: '60', phone_number: phone })).status).toBe(200);
    const upgraded = await visitor.post('/api/account/upgrade', { phone_number_country: '60', phone_number: phone, code: latestCode(outbox, phone) });
    expect(upgraded.status, JSON.stringify(upgraded.body)).toBe(200);
    emails.set(visitor, email);
    return visitor;
  }

  /** A seeded business nobody owns or claimed, with a mobile number on one of its locations (found through the data seam). */
  const unclaimedWithMobile = (skip: ReadonlySet<number> = new Set()) => findUnclaimedWithMobile(copy.app.repos, skip);

  /** A claimed business of `owner`, by SMS code to its listed mobile number; returns it. */
  async function claimBusiness(owner: SessionClient, skip: Set<number>) {
    const business = await unclaimedWithMobile(skip);
    skip.add(business.id);
    const options = await owner.get(`/api/advertiser/claims/options?profile_id=${business.id}`);
    expect(options.status).toBe(200);
    const sms = (options.body.data as { options: { index: number; method: string; target: string }[] }).options.find((option) => option.method === 'sms')!;
    expect(sms.target).toMatch(/^\+60 1\d-\*\*\* \*\*\d\d$/);
    const started = await owner.post('/api/advertiser/claims', { profile_id: business.id, method: 'sms', target: sms.index });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const claimId = (started.body.data as { id: number }).id;
    const verified = await owner.post(`/api/advertiser/claims/${claimId}/verify`, { code: latestCode(outbox, business.mobile) });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    return business;
  }

  /** A job ad's body with what the spec asks (one child category of jobs, given by slug). */
  async function jobBody(profileId: number, overrides: Record<string, unknown> = {}) {
    const tree = await copy.app.repos.catalog.findCategoryTree();
    const category = tree.find((row) => row.type === 'jobs' && row.parent_id !== null)!;
    return {
      type: 'jobs', profile_id: profileId, title: 'Barista Kopitiam Wanted', summary: 'Make kopi and teh for our morning crowd.',
      categories: [category.slug],
      job: { type: ['FT'], qualification: ['spm'], level: 'junior_executive', requirements: 'Two years behind a counter.', responsibilities: 'Brew, serve, smile.',
        benefits: 'Meals and EPF.', salary_min: 2200, salary_max: 2800, salary_type: 'month', document_resume_cv: false },
      ...overrides,
    };
  }

  /** Signs `visitor` in again as themselves (after the clock walked past their session). */
  const signInAgain = (visitor: SessionClient) => signIn(emails.get(visitor)!, undefined, visitor);

  return { advertiser, unclaimedWithMobile, claimBusiness, jobBody, emailOf: (visitor: SessionClient) => emails.get(visitor)!, signInAgain };
}

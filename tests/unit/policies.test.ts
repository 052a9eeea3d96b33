import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { canAnswerReview, canEditPost, canEditProfile, canReadEnquiry, canReadLead, canTransferOwnership, canUseUploadedImage, type Actor } from '../../src/server/policies.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { scaled } from '../helpers/time-factor.ts';

const owner: Actor = { id: 7, roles: ['advertiser'] };
const stranger: Actor = { id: 8, roles: [] };
const operator: Actor = { id: 9, roles: ['operator'] };

describe('policies (decision 0016)', () => {
  it('let a profile’s one owner edit it, and nobody else (an unclaimed profile: nobody)', () => {
    expect(canEditProfile(owner, { owner_user_id: 7 })).toBe(true);
    expect(canEditProfile(stranger, { owner_user_id: 7 })).toBe(false);
    expect(canEditProfile(operator, { owner_user_id: 7 })).toBe(false);
    expect(canEditProfile(owner, { owner_user_id: null })).toBe(false);
  });

  it('let the profile’s owner edit its services, jobs and buy/sell ads, and a hireme ad’s author edit it', () => {
    for (const type of ['services', 'jobs', 'buysell'] as const) {
      expect(canEditPost(owner, { type, owner_user_id: 8, profile_owner_user_id: 7 }), type).toBe(true);
      expect(canEditPost(stranger, { type, owner_user_id: 8, profile_owner_user_id: 7 }), type).toBe(false);
    }
    expect(canEditPost(stranger, { type: 'hireme', owner_user_id: 8, profile_owner_user_id: 7 })).toBe(true);
    expect(canEditPost(owner, { type: 'hireme', owner_user_id: 8, profile_owner_user_id: 7 })).toBe(false);
    expect(canEditPost(owner, { type: 'services', owner_user_id: null, profile_owner_user_id: null })).toBe(false);
  });

  it('let whoever may edit a listing answer its reviews, a hidden one never (issue 26)', () => {
    const onProfile = { listing: { type: 'profile' as const, id: 1 }, hidden: false, post_owner_user_id: null, profile_owner_user_id: 7 };
    expect(canAnswerReview(owner, onProfile)).toBe(true);
    expect(canAnswerReview(stranger, onProfile)).toBe(false);
    expect(canAnswerReview(owner, { ...onProfile, hidden: true })).toBe(false);
    const onJob = { listing: { type: 'jobs' as const, id: 2 }, hidden: false, post_owner_user_id: 8, profile_owner_user_id: 7 };
    expect(canAnswerReview(owner, onJob)).toBe(true);
    expect(canAnswerReview(stranger, onJob)).toBe(false);
    const onHireme = { listing: { type: 'hireme' as const, id: 3 }, hidden: false, post_owner_user_id: 8, profile_owner_user_id: 7 };
    expect(canAnswerReview(stranger, onHireme)).toBe(true);
    expect(canAnswerReview(owner, onHireme)).toBe(false);
  });

  it('move ownership only through an operator', () => {
    expect(canTransferOwnership(operator)).toBe(true);
    expect(canTransferOwnership(owner)).toBe(false);
  });

  it('let only the sender read an enquiry (and nobody once the sender’s account is gone)', () => {
    expect(canReadEnquiry(owner, { user_id: 7 })).toBe(true);
    expect(canReadEnquiry(stranger, { user_id: 7 })).toBe(false);
    expect(canReadEnquiry(operator, { user_id: 7 })).toBe(false);
    expect(canReadEnquiry(owner, { user_id: null })).toBe(false);
  });

  it('let a lead be read by the listing\'s owner when it was sent only (issue 26): not a later owner, not an operator', () => {
    expect(canReadLead(owner, { owner_user_id: 7 })).toBe(true);
    expect(canReadLead(stranger, { owner_user_id: 7 })).toBe(false);
    expect(canReadLead(operator, { owner_user_id: 7 })).toBe(false);
    expect(canReadLead(owner, { owner_user_id: null })).toBe(false);
  });

  it('let a form use its sender’s own unused image, or the images on the person’s own review of the same listing', () => {
    const listing = { type: 'services' as const, id: 3 };
    expect(canUseUploadedImage(owner, { owner_user_id: 7, attached: false, review: null })).toBe(true);
    expect(canUseUploadedImage(stranger, { owner_user_id: 7, attached: false, review: null })).toBe(false);
    expect(canUseUploadedImage(owner, { owner_user_id: null, attached: false, review: null })).toBe(false);
    const onReview = { owner_user_id: 7, attached: true, review: { user_id: 7, listing } };
    expect(canUseUploadedImage(owner, onReview)).toBe(false);
    expect(canUseUploadedImage(owner, onReview, listing)).toBe(true);
    expect(canUseUploadedImage(owner, onReview, { type: 'services', id: 4 })).toBe(false);
    expect(canUseUploadedImage(owner, { owner_user_id: 7, attached: true, review: null }, listing)).toBe(false);
  });
});

describe('the operator role', () => {
  const copy = useTestDatabase();
  const operatorScript = (...args: string[]) => spawnSync(process.execPath, ['scripts/operator.ts', ...args, '--database-url', copy.url], { encoding: 'utf8', timeout: scaled(30_000) });

  it('is granted and revoked by `npm run operator` only', async () => {
    const id = await copy.repos.users.createUser({ name: 'Staff', email: 'staff@yellowpages.my', phone_number: null, phone_number_country: null, password_hash: null });
    const granted = operatorScript('grant', 'Staff@YellowPages.my');
    expect(granted.status, granted.stderr).toBe(0);
    expect(granted.stdout).toContain('is an operator now');
    expect((await copy.repos.users.findUser(id))!.roles).toEqual(['operator']);
    expect(operatorScript('revoke', 'staff@yellowpages.my').status).toBe(0);
    expect((await copy.repos.users.findUser(id))!.roles).toEqual([]);
    const nobody = operatorScript('grant', 'nobody@yellowpages.my');
    expect([nobody.status, nobody.stderr.trim()]).toEqual([1, 'No account has the e-mail nobody@yellowpages.my.']);
    expect(operatorScript('promote', 'staff@yellowpages.my').status).toBe(1);
  }, scaled(60_000));
});

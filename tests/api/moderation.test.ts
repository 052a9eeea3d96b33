import { describe, expect, it } from 'vitest';
import { markPaidByNumber } from '../../src/server/billing/payments.ts';
import { TEST_PASSWORD, useAccountsApp } from '../helpers/accounts.ts';
import { advertiserHelpers } from '../helpers/advertisers.ts';
import { decodedMail, messagesTo, type SessionClient } from '../helpers/session-client.ts';

/**
 * Moderation in the operator console (issue 28): reports grouped by what they name, dismissed or acted on; a listing
 * (an ad, or a business with every ad under it) or a review hidden, shown again and removed, gone at once from its
 * page, search and the review list; the owner told why; every action audited and behind a fresh proof.
 */
const accounts = useAccountsApp('moderation');
const { copy, clock, browser, outbox, registerByEmail, signIn } = accounts;
const { advertiser, claimBusiness, emailOf, jobBody } = advertiserHelpers(accounts, 'moderated');
const skip = new Set<number>();

let moderator: SessionClient | undefined;
/** The file's one operator, signed in once. */
async function operator(): Promise<SessionClient> {
  if (moderator) return moderator;
  await registerByEmail('moderator@example.my', 'Moderator');
  await copy.repos.users.addRole((await copy.repos.users.findCredentials({ email: 'moderator@example.my' }))!.id, 'operator');
  return (moderator = await signIn('moderator@example.my'));
}

/** The operator's proof renewed (signing others in walks the clock). */
const fresh = async (staff: SessionClient) => expect((await staff.post('/api/operator/reauth', { password: TEST_PASSWORD })).status).toBe(200);

async function report(type: string, id: number, reason: string, description: string, client: string) {
  const answer = await browser(client).post('/api/reportissue', { type, id, reason, description });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

const found = async (title: string) => ((await browser().post('/api/post/search', { type: 'jobs', search: title })).body as { results: { title: string }[] }).results.some((card) => card.title === title);
const lastMail = (owner: SessionClient) => messagesTo(outbox, emailOf(owner)).map(decodedMail).at(-1) ?? '';

interface Group { group: string; type: string; id: number; count: number; reports: { reason: string; description: string }[] }

describe('reports and listings', () => {
  it('groups three reports of an ad; hiding takes it off its page and search at once and mails the owner; showing brings it back; removing needs a reason', async () => {
    const owner = await advertiser('Reported Owner');
    const business = await claimBusiness(owner, skip);
    const posted = await owner.post('/api/advertiser/posts', { ...await jobBody(business.id, { title: 'Suspicious Barista Job' }), publish: true, confirm: true });
    const ad = posted.body.data as { id: number; slug: string; status: string };
    expect(ad.status).toBe('active');
    expect(await found('Suspicious Barista Job')).toBe(true);
    await report('jobs', ad.id, 'SCAM', 'Asked for a deposit.', '198.51.100.31');
    await report('jobs', ad.id, 'FAKE_ADS', 'No such shop.', '198.51.100.32');
    await report('jobs', ad.id, 'MISLEADING', 'Wrong salary.', '198.51.100.33');

    const staff = await operator();
    const groups = (await staff.get('/api/operator/reports')).body.data as Group[];
    const group = groups.find((item) => item.group === `jobs-${ad.id}`)!;
    expect(group).toMatchObject({ type: 'jobs', id: ad.id, count: 3, owner_user_id: (await copy.repos.users.findCredentials({ email: emailOf(owner) }))!.id });
    expect(group.reports.map((item) => item.reason).sort()).toEqual(['FAKE_ADS', 'MISLEADING', 'SCAM']);
    expect(((await staff.get('/api/operator/queues')).body.data as { reports: number }).reports).toBeGreaterThanOrEqual(3);

    // Hiding is destructive: a stale proof is refused first.
    clock.advance(16 * 60_000);
    expect((await staff.post(`/api/operator/listings/jobs/${ad.id}/hide`, {})).body).toMatchObject({ reauth: true });
    await fresh(staff);
    expect((await staff.post(`/api/operator/listings/services/${ad.id}/hide`, {})).status).toBe(404);
    const hidden = await staff.post(`/api/operator/listings/jobs/${ad.id}/hide`, { reason_code: 'scam', reason: 'Reported as a scam three times.' });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect((await browser().get(`/api/post/slug/${ad.slug}`)).status).toBe(404);
    expect(await found('Suspicious Barista Job')).toBe(false);
    const inSitemap = async () => {
      for await (const batch of copy.repos.sitemap.postUrlBatches('jobs', 100_000, 0)) if (batch.some((row) => row.slug === ad.slug)) return true;
      return false;
    };
    expect(await inSitemap()).toBe(false);
    expect(((await staff.get('/api/operator/reports')).body.data as Group[]).some((item) => item.group === `jobs-${ad.id}`)).toBe(false);
    await copy.app.outbox.settled();
    expect(lastMail(owner)).toContain('The reason: Suspected scam or fraud: Reported as a scam three times.');
    // The advertiser sees it hidden, with the reason, and cannot republish it.
    expect((await owner.get(`/api/advertiser/posts/${ad.id}`)).body.data).toMatchObject({ status: 'hidden', state: 'hidden', moderation_reason: 'Suspected scam or fraud: Reported as a scam three times.' });
    expect((await owner.post(`/api/advertiser/posts/${ad.id}/publish`)).status).toBe(409);
    // Hidden already: a second hide is a 409, with no second mail or audit row.
    const mails = messagesTo(outbox, emailOf(owner)).length;
    expect((await staff.post(`/api/operator/listings/jobs/${ad.id}/hide`, { reason_code: 'spam' })).status).toBe(409);
    await copy.app.outbox.settled();
    expect(messagesTo(outbox, emailOf(owner))).toHaveLength(mails);

    expect((await staff.post(`/api/operator/listings/jobs/${ad.id}/unhide`, {})).status).toBe(200);
    expect((await browser().get(`/api/post/slug/${ad.slug}`)).status).toBe(200);
    expect(await found('Suspicious Barista Job')).toBe(true);
    expect(await inSitemap()).toBe(true);

    const noReason = await staff.post(`/api/operator/listings/jobs/${ad.id}/remove`, {});
    expect([noReason.status, Object.keys(noReason.body.errors as object)]).toEqual([422, ['reason_code']]);
    const otherWithout = await staff.post(`/api/operator/listings/jobs/${ad.id}/remove`, { reason_code: 'other' });
    expect([otherWithout.status, Object.keys(otherWithout.body.errors as object)]).toEqual([422, ['reason']]);
    expect((await staff.post(`/api/operator/listings/jobs/${ad.id}/remove`, { reason_code: 'other', reason: 'Confirmed fraud.' })).status).toBe(200);
    expect(await found('Suspicious Barista Job')).toBe(false);
    await copy.app.outbox.settled();
    expect(lastMail(owner)).toContain('Confirmed fraud.');

    const log = (await staff.get(`/api/operator/audit?target_type=jobs&target_id=${ad.id}`)).body.data as { action: string }[];
    expect(log.map((entry) => entry.action)).toEqual(['listing.remove', 'listing.unhide', 'listing.hide']);
  });

  it('hiding a business hides its page and every ad under it; showing it again brings back only those', async () => {
    const owner = await advertiser('Hidden Business Owner');
    const business = await claimBusiness(owner, skip);
    const ad = (await owner.post('/api/advertiser/posts', { ...await jobBody(business.id, { title: 'Kopitiam Cook Wanted' }), publish: true, confirm: true })).body.data as { id: number; slug: string };
    const staff = await operator();
    await fresh(staff);
    expect((await staff.post(`/api/operator/listings/profile/${business.id}/hide`, { reason_code: 'spam', reason: 'Fake company profile.' })).status).toBe(200);
    expect((await browser().get(`/api/profile/slug/${business.slug}`)).status).toBe(404);
    expect((await browser().get(`/api/post/slug/${ad.slug}`)).status).toBe(404);
    expect(await found('Kopitiam Cook Wanted')).toBe(false);
    expect((await copy.repos.sitemap.profileUrlBatches(100_000, 0)[Symbol.asyncIterator]().next()).value?.some((row: { slug: string }) => row.slug === business.slug)).toBe(false);
    expect((await staff.post(`/api/operator/listings/profile/${business.id}/unhide`, {})).status).toBe(200);
    expect((await browser().get(`/api/profile/slug/${business.slug}`)).status).toBe(200);
    expect((await browser().get(`/api/post/slug/${ad.slug}`)).status).toBe(200);
    expect(await found('Kopitiam Cook Wanted')).toBe(true);
  });

  it('dismisses a group: nothing changes but the queue', async () => {
    const staff = await operator();
    const [post] = await copy.repos.catalog.findPostRows([1]);
    await report(post!.type, post!.id, 'OTHER', 'Looks odd to me.', '198.51.100.40');
    expect((await staff.post(`/api/operator/reports/${post!.type}-${post!.id}/dismiss`, {})).status).toBe(422);
    const dismissed = await staff.post(`/api/operator/reports/${post!.type}-${post!.id}/dismiss`, { reason_code: 'no_breach', reason: 'A normal shop.' });
    expect(dismissed.status, JSON.stringify(dismissed.body)).toBe(200);
    expect((await staff.post(`/api/operator/reports/${post!.type}-${post!.id}/dismiss`, { reason_code: 'no_breach' })).status).toBe(404);
    expect((await staff.post('/api/operator/reports/banana-1/dismiss', { reason_code: 'no_breach' })).status).toBe(404);
    const log = (await staff.get(`/api/operator/audit?target_type=post&target_id=${post!.id}`)).body.data as { action: string; reason: string }[];
    expect(log[0]).toMatchObject({ action: 'reports.dismiss', reason: 'Nothing against our rules: A normal shop.' });
    expect((await browser().get(`/api/post/slug/${post!.slug}`)).status).toBe(200);
  });
});

describe('reviews', () => {
  it('hides a review from the review list, shows it again, and removes it for good', async () => {
    const owner = await advertiser('Reviewed Owner');
    const business = await claimBusiness(owner, skip);
    const reviewer = await advertiser('Angry Reviewer');
    expect((await reviewer.post('/api/review', { type: 'profile', id: business.id, content: 'Spam spam spam.', rating: 1 })).status).toBe(201);
    const review = ((await owner.get('/api/advertiser/reviews')).body.data as { id: number; content: string }[]).find((item) => item.content === 'Spam spam spam.')!;
    expect((await owner.post(`/api/advertiser/reviews/${review.id}/report`, { reason: 'OTHER', description: 'Spam.' })).status).toBe(201);
    const staff = await operator();
    await fresh(staff);
    expect(((await staff.get('/api/operator/reports')).body.data as Group[]).find((item) => item.group === `review-${review.id}`)).toMatchObject({ type: 'review', count: 1 });
    const listed = async () => ((await browser().get(`/api/profile/${business.id}/review`)).body as { data: { content: string }[] }).data.some((item) => item.content === 'Spam spam spam.');
    expect(await listed()).toBe(true);
    const ratings = async () => ((await browser().get(`/api/profile/slug/${business.slug}`)).body as { rating_count: number }).rating_count;
    const counted = await ratings();
    expect((await staff.post(`/api/operator/reviews/${review.id}/hide`, {})).status).toBe(200);
    expect(await listed()).toBe(false);
    // The rating counts visible reviews only.
    expect(await ratings()).toBe(counted - 1);
    expect((await staff.post(`/api/operator/reviews/${review.id}/unhide`, {})).status).toBe(200);
    expect(await listed()).toBe(true);
    expect((await staff.post(`/api/operator/reviews/${review.id}/remove`, { reason: 'Spam.' })).status).toBe(200);
    expect(await listed()).toBe(false);
    expect((await staff.post(`/api/operator/reviews/${review.id}/unhide`, {})).status).toBe(422);
  });
});

describe('suspension', () => {
  it('ends the sessions, hides the listings, refuses signing in with the reason, stops renewals; restoring undoes it; an end date restores it by itself', async () => {
    const owner = await advertiser('Suspended Owner');
    const business = await claimBusiness(owner, skip);
    const ad = (await owner.post('/api/advertiser/posts', { ...await jobBody(business.id, { title: 'Too Good To Be True Job' }), publish: true, confirm: true })).body.data as { id: number; slug: string };
    const bought = await owner.post('/api/advertiser/subscriptions', { profile_id: business.id, plan: 'SILVER', period: 'monthly' });
    expect(await markPaidByNumber(copy.app, (bought.body.data as { invoice: { number: string } }).invoice.number)).toBe(true);
    const ownerId = (await copy.repos.users.findCredentials({ email: emailOf(owner) }))!.id;
    const staff = await operator();
    await fresh(staff);

    const noReason = await staff.post(`/api/operator/users/${ownerId}/suspend`, {});
    expect([noReason.status, Object.keys(noReason.body.errors as object)]).toEqual([422, ['reason_code']]);
    const suspended = await staff.post(`/api/operator/users/${ownerId}/suspend`, { reason_code: 'other', reason: 'Repeated scam reports' });
    expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
    expect(suspended.body.data).toMatchObject({ suspended: true, until: null, hidden: { profiles: 1 } });
    // Suspended already: a 409 that says so, with no second mail and no second audit row.
    const again = await staff.post(`/api/operator/users/${ownerId}/suspend`, { reason_code: 'spam' });
    expect([again.status, again.body.message]).toEqual([409, 'This account is already suspended.']);
    expect((suspended.body.data as { hidden: { posts: number } }).hidden.posts).toBeGreaterThanOrEqual(1);
    // Signed out at once; the listings are gone; the plan will not renew.
    expect((await owner.get('/api/user')).status).toBe(401);
    expect((await browser().get(`/api/profile/slug/${business.slug}`)).status).toBe(404);
    expect((await browser().get(`/api/post/slug/${ad.slug}`)).status).toBe(404);
    expect(await found('Too Good To Be True Job')).toBe(false);
    const plan = (await copy.repos.subscriptions.current(business.id))!;
    expect(plan.cancel_at).toBe(plan.ends_at);
    // Signing in is refused with the reason and where to appeal.
    clock.advance(61 * 60_000);
    const refused = await browser().post('/api/auth/login', { email: emailOf(owner), password: TEST_PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/^Your account is suspended: Repeated scam reports\. To appeal, use https?:\/\/\S+\/appeal or write to enquiries@yellowpages\.my\.$/);
    await copy.app.outbox.settled();
    expect(lastMail(owner)).toContain('Repeated scam reports');
    // An operator is not suspended here.
    const staffId = (await copy.repos.users.findCredentials({ email: 'moderator@example.my' }))!.id;
    await fresh(staff);
    expect((await staff.post(`/api/operator/users/${staffId}/suspend`, { reason_code: 'other', reason: 'Testing.' })).status).toBe(422);

    expect((await staff.post(`/api/operator/users/${ownerId}/restore`)).status).toBe(200);
    expect((await browser().get(`/api/profile/slug/${business.slug}`)).status).toBe(200);
    expect((await browser().get(`/api/post/slug/${ad.slug}`)).status).toBe(200);
    expect((await browser().post('/api/auth/login', { email: emailOf(owner), password: TEST_PASSWORD })).status).toBe(200);
    expect((await staff.post(`/api/operator/users/${ownerId}/restore`)).status).toBe(409);

    // With an end date, the job restores it once the date has come.
    const tomorrow = new Date(clock.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await staff.post(`/api/operator/users/${ownerId}/suspend`, { reason_code: 'other', reason: 'Cooling off.', until: tomorrow })).body.data).toMatchObject({ until: expect.any(String) });
    await copy.app.jobs.runKind('end_suspensions');
    expect((await browser().get(`/api/profile/slug/${business.slug}`)).status).toBe(404);
    clock.advance(3 * 86_400_000);
    await copy.app.jobs.runKind('end_suspensions');
    expect((await browser().get(`/api/profile/slug/${business.slug}`)).status).toBe(200);
    const log = ((await staff.get(`/api/operator/audit?target_type=user&target_id=${ownerId}`)).body.data as { action: string }[]).map((entry) => entry.action);
    expect(log).toEqual(['user.suspend', 'user.restore', 'user.suspend']);
  });
});

describe('profile changes', () => {
  it('shows old and new side by side; approving keeps the change, refusing puts the old value back and tells the owner', async () => {
    const owner = await advertiser('Renaming Owner');
    const business = await claimBusiness(owner, skip);
    const { name: oldName, url: oldUrl } = (await copy.repos.advertiser.findProfile(business.id))!;
    expect((await owner.patch(`/api/advertiser/profiles/${business.id}`, { name: 'Totally New Name Sdn Bhd' })).status).toBe(200);
    expect((await owner.patch(`/api/advertiser/profiles/${business.id}`, { url: 'https://new.example.my' })).status).toBe(200);
    const staff = await operator();
    await fresh(staff);
    const waiting = ((await staff.get('/api/operator/profile-changes')).body.data as { id: number; field: string; old: unknown; new: unknown; profile: { id: number } }[])
      .filter((change) => change.profile.id === business.id);
    expect(waiting.map((change) => [change.field, change.old, change.new])).toEqual([['name', oldName, 'Totally New Name Sdn Bhd'], ['url', oldUrl, 'https://new.example.my']]);
    expect(((await staff.get('/api/operator/queues')).body.data as { profile_changes: number }).profile_changes).toBeGreaterThanOrEqual(2);

    expect((await staff.post(`/api/operator/profile-changes/${waiting[1]!.id}/approve`)).status).toBe(200);
    expect((await staff.post(`/api/operator/profile-changes/${waiting[1]!.id}/approve`)).status).toBe(404);
    expect((await staff.post(`/api/operator/profile-changes/${waiting[0]!.id}/refuse`, { reason: 'The SSM record names the old name.' })).status).toBe(200);
    expect(await copy.repos.advertiser.findProfile(business.id)).toMatchObject({ name: oldName, url: 'https://new.example.my' });
    expect(((await browser().get(`/api/profile/slug/${business.slug}`)).body as { name: string }).name).toBe(oldName);
    await copy.app.outbox.settled();
    expect(lastMail(owner)).toContain('The SSM record names the old name.');
    expect(((await staff.get('/api/operator/profile-changes')).body.data as { profile: { id: number } }[]).some((change) => change.profile.id === business.id)).toBe(false);
  });
});

describe('accounts', () => {
  it('finds an account by e-mail, name or phone; its page shows roles, sessions, listings, reports and sign-in attempts, and opening it is audited', async () => {
    const owner = await advertiser('Searchable Owner');
    const business = await claimBusiness(owner, skip);
    await report('profile', business.id, 'FAKE_COMPANY_PROFILE', 'Not a real company.', '198.51.100.90');
    const ownerId = (await copy.repos.users.findCredentials({ email: emailOf(owner) }))!.id;
    const staff = await operator();
    for (const q of [emailOf(owner).slice(0, 12), 'searchable own', 'SEARCHABLE']) {
      expect(((await staff.get(`/api/operator/users?q=${encodeURIComponent(q)}`)).body.data as { id: number }[]).map((user) => user.id)).toContain(ownerId);
    }
    const phone = ((await staff.get(`/api/operator/users?q=${encodeURIComponent(emailOf(owner))}`)).body.data as { phone_number: string }[])[0]!.phone_number;
    expect(((await staff.get(`/api/operator/users?q=${phone.slice(-6)}`)).body.data as { id: number }[]).map((user) => user.id)).toContain(ownerId);
    expect(((await staff.get('/api/operator/users?q=%25%25')).body.data as unknown[])).toEqual([]);
    expect((await staff.get('/api/operator/users?q=x')).status).toBe(422);

    const page = (await staff.get(`/api/operator/users/${ownerId}`)).body.data as {
      user: { roles: string[] }; listings: { businesses: { id: number }[] }; sessions: unknown[]; sign_in_attempts: { action: string; outcome: string }[];
      reports_received: { target: { type: string; id: number }; reason: string }[]; suspension: unknown;
    };
    expect(page.user.roles).toContain('advertiser');
    expect(page.suspension).toBeNull();
    expect(page.listings.businesses.map((item) => item.id)).toContain(business.id);
    expect(page.sessions.length).toBeGreaterThanOrEqual(1);
    expect(page.sign_in_attempts).toContainEqual(expect.objectContaining({ action: '2fa', outcome: 'success' }));
    expect(page.reports_received).toContainEqual(expect.objectContaining({ target: { type: 'profile', id: business.id }, reason: 'FAKE_COMPANY_PROFILE' }));
    expect((await staff.get('/api/operator/users/999999999')).status).toBe(404);
    // An appeal (from the public form's API: a suspended person cannot sign in) shows on the account's page, unverified
    // until its sender opens the link mailed to the account's address (security probe item 6: anyone may name anyone).
    const appealed = await browser('198.51.100.91').post('/api/appeal', { email: emailOf(owner).toUpperCase(), message: 'My listing is real: see our SSM number.' });
    expect(appealed.status, JSON.stringify(appealed.body)).toBe(201);
    expect((await browser('198.51.100.91').post('/api/appeal', { email: 'not an address', message: '' })).status).toBe(422);
    const appealsOf = async () => ((await staff.get(`/api/operator/users/${ownerId}`)).body.data as { appeals: { message: string; confirmed_at: string | null }[] }).appeals;
    expect(await appealsOf()).toEqual([expect.objectContaining({ message: 'My listing is real: see our SSM number.', confirmed_at: null })]);
    const link = /https?:\/\/\S+\/appeal\?confirm=([\w.-]+)/.exec(messagesTo(outbox, emailOf(owner)).map(decodedMail).findLast((mail) => mail.includes('Confirm your appeal'))!)!;
    // A forged or altered link confirms nothing.
    for (const forged of ['1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', `0${link[1]}`, link[1]!.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'))]) {
      expect((await browser('198.51.100.92').post('/api/appeal/confirm', { token: forged })).status, forged).toBe(404);
    }
    expect((await appealsOf())[0]!.confirmed_at).toBeNull();
    const confirmed = await browser('198.51.100.92').post('/api/appeal/confirm', { token: link[1] });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect((await appealsOf())[0]!.confirmed_at).not.toBeNull();
    // An address without an account: the same answer, and no mail goes anywhere.
    expect((await browser('198.51.100.93').post('/api/appeal', { email: 'nobody-here@example.my', message: 'Please look again.' })).status).toBe(201);
    expect(messagesTo(outbox, 'nobody-here@example.my')).toEqual([]);
    const viewed = (await staff.get(`/api/operator/audit?target_type=user&target_id=${ownerId}`)).body.data as { action: string }[];
    expect(viewed[0]).toMatchObject({ action: 'user.view' });
  });

  it('mails one address at most 3 appeal confirmations a day, from any number of senders; past it nothing is stored or queued (probe finding 14)', async () => {
    const owner = await advertiser('Appeal Target');
    const email = emailOf(owner);
    const confirmations = () => messagesTo(outbox, email).map(decodedMail).filter((mail) => mail.includes('Confirm your appeal')).length;
    const stored = async () => (await copy.query.selectFrom('appeals').select('id').where('email', '=', email).execute()).length;
    for (let n = 0; n < 3; n += 1) expect((await browser(`198.51.101.${n}`).post('/api/appeal', { email, message: `Appeal ${n} in your name.` })).status).toBe(201);
    await copy.app.outbox.settled();
    expect(confirmations()).toBe(3);
    for (let n = 3; n < 20; n += 1) {
      const refused = await browser(`198.51.101.${n}`).post('/api/appeal', { email: n % 2 ? email.toUpperCase() : email, message: `Appeal ${n} in your name.` });
      expect(refused.status).toBe(429);
      expect(refused.body.errors).toEqual({ email: ['We have sent this address 3 links to confirm an appeal today. Open one of them to confirm your appeal, or send it again tomorrow.'] });
    }
    await copy.app.outbox.settled();
    expect(confirmations()).toBe(3);
    expect(await stored()).toBe(3);
    // The next day, another.
    clock.advance(24 * 60 * 60_000 + 1000);
    expect((await browser('198.51.101.99').post('/api/appeal', { email, message: 'A new day.' })).status).toBe(201);
  });
});

describe('listings', () => {
  it('finds a listing by id, slug or title; its page shows where it stands and its history of moderation and edits', async () => {
    const owner = await advertiser('Listed Owner');
    const business = await claimBusiness(owner, skip);
    const ad = (await owner.post('/api/advertiser/posts', { ...await jobBody(business.id, { title: 'Findable Kopi Maker' }), publish: true, confirm: true })).body.data as { id: number; slug: string };
    expect((await owner.patch(`/api/advertiser/profiles/${business.id}`, { url: 'https://findable.example.my' })).status).toBe(200);
    expect((await owner.patch(`/api/advertiser/posts/${ad.id}`, await jobBody(business.id, { title: 'Findable Kopi Maker', summary: 'Now with teh tarik.' }))).status).toBe(200);
    const staff = await operator();
    await fresh(staff);
    expect((await staff.post(`/api/operator/listings/jobs/${ad.id}/hide`, { reason_code: 'other', reason: 'Checking.' })).status).toBe(200);
    expect((await staff.post(`/api/operator/listings/jobs/${ad.id}/unhide`, {})).status).toBe(200);
    for (const q of ['findable kopi', String(ad.id), ad.slug]) {
      const hits = (await staff.get(`/api/operator/listings?q=${encodeURIComponent(q)}`)).body.data as { type: string; id: number; url: string }[];
      expect(hits).toContainEqual(expect.objectContaining({ type: 'jobs', id: ad.id, url: `/jobs/${ad.slug}` }));
    }
    expect((await staff.get('/api/operator/listings?q=')).status).toBe(422);
    const page = (await staff.get(`/api/operator/listings/jobs/${ad.id}`)).body.data as { listing: { status: string; owner_user_id: number }; history: { what: string; reason: string | null; before: unknown; after: unknown }[] };
    expect(page.listing).toMatchObject({ status: 'active', owner_user_id: (await copy.repos.users.findCredentials({ email: emailOf(owner) }))!.id });
    expect(page.history.map((entry) => entry.what)).toEqual(['listing.unhide', 'listing.hide', 'edit.summary']);
    expect(page.history[1]!.reason).toBe('Checking.');
    expect(page.history[2]).toMatchObject({ before: 'Make kopi and teh for our morning crowd.', after: 'Now with teh tarik.' });
    const profilePage = (await staff.get(`/api/operator/listings/profile/${business.id}`)).body.data as { history: { what: string; after: unknown }[] };
    expect(profilePage.history).toContainEqual(expect.objectContaining({ what: 'edit.url', after: 'https://findable.example.my' }));
    expect((await staff.get(`/api/operator/listings/services/${ad.id}`)).status).toBe(404);
    expect((await staff.get(`/api/operator/listings/banana/${ad.id}`)).status).toBe(404);
  });
});

describe('the operator console as an operator met it (the walk)', () => {
  it('names people: a signed-in reporter is stored and shown by name; a suspension takes its conversation reports out of the queue', async () => {
    const staff = await operator();
    const reporterEmail = 'named-reporter@example.my';
    await registerByEmail(reporterEmail, 'Named Reporter');
    const reporter = await signIn(reporterEmail);
    const post = (await copy.query.selectFrom('posts').select(['id', 'type']).where('status', '=', 'active').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow());
    expect((await reporter.post('/api/reportissue', { type: post.type, id: post.id, reason: 'SCAM', description: 'Asked for a deposit first.' })).status).toBe(201);
    const groups = (await staff.get('/api/operator/reports')).body.data as { group: string; reports: { reporter: { user_id?: number; name?: string } }[] }[];
    const mine = groups.find((group) => group.group === `${post.type}-${post.id}`)!;
    expect(mine.reports.at(-1)!.reporter).toMatchObject({ user_id: expect.any(Number), name: 'Named Reporter' });

    // A conversation's report about a sender leaves the queue once the sender is suspended.
    const owner = await advertiser('Reporting Owner');
    const business = await claimBusiness(owner, skip);
    const senderEmail = 'scam-sender@example.my';
    await registerByEmail(senderEmail, 'Scam Sender');
    const sender = await signIn(senderEmail);
    const started = (await sender.post('/api/conversations', { type: 'profile', id: business.id, text: 'Pay first to my account please', client_id: 'walk-report-xxxxxxxx' })).body.data as { id: number; message: { id: number } };
    const thread = (await owner.get(`/api/conversations/${started.id}`)).body.data as { messages: { id: number }[] };
    expect((await owner.post(`/api/conversations/${started.id}/report`, { reason: 'SCAM', description: 'Wants money first.', message_ids: [thread.messages[0]!.id] })).status).toBe(201);
    const queued = ((await staff.get('/api/operator/reports')).body.data as { group: string; owner_name: string | null; reports: { reporter: { name?: string } }[] }[])
      .find((group) => group.group === `conversation-${started.id}`)!;
    expect(queued.owner_name).toBe('Scam Sender');
    expect(queued.reports[0]!.reporter.name).toBe('Reporting Owner');
    const senderId = (await copy.repos.users.findCredentials({ email: senderEmail }))!.id;
    await fresh(staff);
    expect((await staff.post(`/api/operator/users/${senderId}/suspend`, { reason_code: 'scam', reason: 'Asks for payment first.' })).status).toBe(200);
    expect(((await staff.get('/api/operator/reports')).body.data as { group: string }[]).some((group) => group.group === `conversation-${started.id}`)).toBe(false);
    const audit = (await staff.get(`/api/operator/audit?target_type=user&target_id=${senderId}`)).body.data as { action: string; operator_name: string; after: { reports: number } }[];
    expect(audit.find((entry) => entry.action === 'user.suspend')).toMatchObject({ operator_name: 'Moderator', after: { reports: 1 } });
  });
});


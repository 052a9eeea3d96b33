import { describe, expect, it } from 'vitest';
import { leadActions, type Lead } from '../../src/shared/leads.ts';
import type { Insights } from '../../src/shared/insights.ts';
import { malaysiaToday } from '../../src/shared/malaysia-time.ts';
import { useAccountsApp } from '../helpers/accounts.ts';
import { advertiserHelpers } from '../helpers/advertisers.ts';
import { latestCode, type SessionClient } from '../helpers/session-client.ts';

/**
 * An owner's first hour (issue 40), the parts around the editor: a member claims a business by SMS and becomes an
 * advertiser with that one code; a lead is answered in one tap (WhatsApp, call, e-mail, thread), each tap counted in
 * insights, and archived from its quick actions.
 */
const accounts = useAccountsApp('first-hour');
const { outbox, registerByEmail, signIn, clock } = accounts;
const { advertiser, unclaimedWithMobile, claimBusiness } = advertiserHelpers(accounts, 'first-hour');
const skip = new Set<number>();
let members = 0;

async function member(name = 'Nur Aisyah'): Promise<SessionClient> {
  const email = `first-hour-member-${++members}@example.my`;
  await registerByEmail(email, name);
  return signIn(email);
}

const roles = async (visitor: SessionClient) => ((await visitor.get('/api/user')).body as { roles: { name: string }[]; phone_number: string | null });

describe('claiming by SMS proves the phone', () => {
  it('makes a member the owner and an advertiser with the one code sent to the business\'s number', async () => {
    const visitor = await member('Lee Chong Wei');
    expect((await visitor.get('/api/advertiser/dashboard')).status).toBe(403);
    const business = await unclaimedWithMobile(skip);
    skip.add(business.id);
    const options = await visitor.get(`/api/advertiser/claims/options?profile_id=${business.id}`);
    expect(options.status).toBe(200);
    const sms = (options.body.data as { options: { index: number; method: string }[] }).options.find((option) => option.method === 'sms')!;
    const started = await visitor.post('/api/advertiser/claims', { profile_id: business.id, method: 'sms', target: sms.index });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const verified = await visitor.post(`/api/advertiser/claims/${(started.body.data as { id: number }).id}/verify`, { code: latestCode(outbox, business.mobile) });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body).toMatchObject({ message: 'The business is yours now, and you are an advertiser.', data: { advertiser: true, profile: { id: business.id, claimed: true } } });
    const user = await roles(visitor);
    expect(user.roles.map((role) => role.name)).toContain('advertiser');
    expect(user.phone_number).toBe(business.mobile);
    // One code: the advertiser site is open now, and the business is theirs.
    expect((await visitor.get(`/api/advertiser/profiles/${business.id}`)).status).toBe(200);
  });

  it('keeps a member\'s e-mail and document claims for advertisers, and never takes a number another account has', async () => {
    const visitor = await member('Siti Aminah');
    const business = await unclaimedWithMobile(skip);
    skip.add(business.id);
    expect((await visitor.post('/api/advertiser/claims', { profile_id: business.id, method: 'email' })).status).toBe(403);
    // The business's number already belongs to an account: the claim goes through, the role waits for a number of their own.
    const holder = await member('Number Holder');
    await holder.post('/api/account/verification', { type: 'phone', phone_number_country: '60', phone_number: business.mobile.slice(2) });
    const upgraded = await holder.post('/api/account/upgrade', { phone_number_country: '60', phone_number: business.mobile.slice(2), code: latestCode(outbox, business.mobile) });
    expect(upgraded.status, JSON.stringify(upgraded.body)).toBe(200);
    clock.advance(2 * 60_000);
    const started = await visitor.post('/api/advertiser/claims', { profile_id: business.id, method: 'sms' });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const verified = await visitor.post(`/api/advertiser/claims/${(started.body.data as { id: number }).id}/verify`, { code: latestCode(outbox, business.mobile) });
    expect(verified.body).toMatchObject({ data: { advertiser: false }, message: 'The business is yours now. Become an advertiser with your phone number to manage it.' });
    expect((await roles(visitor)).roles.map((role) => role.name)).not.toContain('advertiser');
  });
});

describe('answering a lead in one tap', () => {
  const lead = (overrides: Partial<Lead>): Lead => ({
    id: 7, type: 'services', status: 'new', sender_status: 'Pending', created_at: '', created_date: '', name: 'Siti', phone_number: '012-345 6789', email: 'siti@example.my',
    contact_method: 'whatsapp', attachment: null, url: '/advertiser/leads/7', conversation_id: null, replies: [], enquirable: { type: 'profile', id: 1, title: 'Kedai Kopi Naga Emas', variant: 'profile', url: '/kopi', profile: null, locations: [] },
    ...overrides,
  });

  it('orders the actions by the enquirer\'s chosen method, with a wa.me link greeting them by the listing\'s name', () => {
    const whatsapp = leadActions(lead({}));
    expect(whatsapp.map((item) => item.action)).toEqual(['whatsapp', 'call', 'email', 'reply']);
    expect(whatsapp[0]!.href).toBe(`https://wa.me/60123456789?text=${encodeURIComponent('Hi Siti, thank you for your enquiry about "Kedai Kopi Naga Emas" on Yellow Pages Malaysia.')}`);
    expect(whatsapp[1]!.href).toBe('tel:+60123456789');
    expect(whatsapp[2]!.href).toBe(`mailto:siti@example.my?subject=${encodeURIComponent('Your enquiry about Kedai Kopi Naga Emas')}`);
    expect(leadActions(lead({ contact_method: 'email' })).map((item) => item.action)).toEqual(['email', 'whatsapp', 'call', 'reply']);
    expect(leadActions(lead({ contact_method: 'sms', email: null })).map((item) => item.action)).toEqual(['call', 'whatsapp', 'reply']);
  });

  it('counts each tap in insights and archives from the quick actions', async () => {
    const owner = await advertiser('Owner Tap');
    const business = await claimBusiness(owner, skip);
    const sender = await member('Ahmad Faiz');
    const sent = await sender.post('/api/enquire', { name: 'Ahmad Faiz', phone_number: '0123456789', contact_method: 'whatsapp', type: 'profile', id: business.id, description: 'Open on Sunday?', preferred_date: malaysiaToday(clock.now()) });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const [first] = ((await owner.get('/api/advertiser/leads')).body.data as Lead[]);
    for (const action of ['whatsapp', 'whatsapp', 'call', 'email', 'reply']) {
      expect((await owner.post(`/api/advertiser/leads/${first!.id}/actions`, { action })).status).toBe(200);
    }
    expect((await owner.post(`/api/advertiser/leads/${first!.id}/actions`, { action: 'fax' })).status).toBe(422);
    const today = malaysiaToday(clock.now());
    const figures = (await owner.get(`/api/advertiser/insights?from=${today}&to=${today}&profile_id=${business.id}`)).body.data as Insights;
    expect(figures.totals.lead_actions).toEqual({ whatsapp: 2, call: 1, email: 1, reply: 1 });
    // Another advertiser cannot count on it.
    const rival = await advertiser('Rival Tap');
    expect((await rival.post(`/api/advertiser/leads/${first!.id}/actions`, { action: 'call' })).status).toBe(404);
    expect((await owner.call('PATCH', `/api/advertiser/leads/${first!.id}`, { status: 'archived' })).body.data).toMatchObject({ status: 'archived' });
  });
});

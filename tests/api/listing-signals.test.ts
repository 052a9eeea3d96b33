import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, useAccountsApp } from '../helpers/accounts.ts';
import { advertiserHelpers } from '../helpers/advertisers.ts';
import { uploadBlocksPhoto } from '../helpers/photos.ts';
import { decodedMail, messagesTo, type SessionClient } from '../helpers/session-client.ts';

/**
 * Fraud signals on listings (issue 64): another account's photo whatever the title, the same text from several new
 * accounts, a sell price far below its category's median for its condition (the statistics job's), and a burst of
 * high-priced ads in an account's first day. Each is a named check with a score; the operator's queue shows which fired.
 */
const accounts = useAccountsApp('listing-signals');
const { copy, outbox, registerByEmail, signIn } = accounts;
const { advertiser, claimBusiness, jobBody, emailOf } = advertiserHelpers(accounts, 'signals');
const skip = new Set<number>();
const DAY = 86_400_000;

interface Ad { id: number; status: string; draft_reason: string | null; held_checks: string[] }
interface Queued { id: number; checks: string[]; signals: { check: string; score: number; evidence?: Record<string, string | number> }[] }

let moderator: SessionClient | undefined;
async function queue(): Promise<Queued[]> {
  if (!moderator) {
    await registerByEmail('signals-moderator@example.my', 'Moderator');
    await copy.repos.users.addRole((await copy.repos.users.findCredentials({ email: 'signals-moderator@example.my' }))!.id, 'operator');
    moderator = await signIn('signals-moderator@example.my');
  }
  expect((await moderator.post('/api/operator/reauth', { password: TEST_PASSWORD })).status).toBe(200);
  return (await moderator.get('/api/operator/ads')).body.data as Queued[];
}

/** Makes an account `days` old. */
async function age(owner: SessionClient, days: number) {
  await copy.query.updateTable('users').set({ created_at: new Date(copy.app.clock.now() - days * DAY).toISOString() }).where('email', '=', emailOf(owner)).execute();
  return owner;
}

const publish = async (owner: SessionClient, body: Record<string, unknown>) => {
  const answer = await owner.post('/api/advertiser/posts', { ...body, publish: true, confirm: true });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data as Ad;
};

/** A buy-and-sell category with no seeded ad, and a sell ad's body in it. */
async function sellBody(profileId: number, category: string, title: string, price: number, extra: Record<string, unknown> = {}) {
  return {
    type: 'buysell', profile_id: profileId, title, summary: 'Selling as I am moving out.', categories: [category],
    buysell: { type: 'sell', condition: 'used', method: ['self-pickup'], description: 'In good order, with its box.', price_min: price, qty: 1, ...extra },
  };
}

describe('fraud signals on listings', () => {
  it('finds every photo within 11 bits of a hash through its four indexed blocks, on another account’s live ad', async () => {
    const base = 0x3c5a_96e1_0ff0_a55an;
    const hex = (value: bigint) => value.toString(16).padStart(16, '0');
    // Flips spread over the blocks, 3 bits in each but one: within 11 bits, some block differs by 2 bits at most.
    const flipped = (bits: number[]) => hex(bits.reduce((value, bit) => value ^ (1n << BigInt(bit)), base));
    const near = [[], [0], [1, 17, 33], [0, 1, 2, 16, 17, 18, 32, 33, 34, 48, 49], [5, 6, 7, 20, 21, 22, 40, 41, 60, 61]].map(flipped);
    const far = flipped([0, 1, 2, 16, 17, 18, 32, 33, 34, 48, 49, 50]);
    const [live] = await copy.query.selectFrom('posts').select('id').where('status', '=', 'active').where('expires_at', 'is', null).where('owner_user_id', 'is', null).orderBy('id').limit(1).execute();
    const post = Number(live!.id);
    await copy.query.deleteFrom('post_media').where('post_id', '=', post).execute();
    for (const [position, dhash] of [...near, far].entries()) {
      const { id } = await copy.query.insertInto('media').values({ kind: 'image', mime_type: 'image/jpeg', thumbnail: `t${position}`, full: `f${position}`, dhash }).returning('id').executeTakeFirstOrThrow();
      await copy.query.insertInto('post_media').values({ post_id: post, media_id: id, position }).execute();
    }
    const found = (await copy.repos.listingSignals.findPhotoTwins(-1, 1, [hex(base)])).filter((twin) => twin.post_id === post).map((twin) => twin.dhash);
    expect(found).toEqual(expect.arrayContaining(near));
    expect(found).not.toContain(far);
  });

  it('same_photo: another account’s live photo under a new title, saved again smaller, is held with its score; the owner’s own photo again is not', async () => {
    const first = await advertiser('Photo Original');
    const original = await claimBusiness(first, skip);
    const live = await publish(first, await jobBody(original.id, { title: 'Nasi Lemak Stall Helper', images: [await uploadBlocksPhoto(first, 4242)] }));
    expect(live.status).toBe('active');

    const copier = await advertiser('Photo Copier');
    const copied = await claimBusiness(copier, skip);
    const held = await publish(copier, await jobBody(copied.id, { title: 'Kitchen Crew For Cafe', summary: 'A different text altogether.', images: [await uploadBlocksPhoto(copier, 4242, { width: 300, quality: 60 })] }));
    expect(held).toMatchObject({ status: 'draft', draft_reason: 'held', held_checks: ['same_photo'] });
    const queued = (await queue()).find((item) => item.id === held.id)!;
    expect(queued.signals).toEqual([{ check: 'same_photo', score: expect.any(Number), evidence: { post_id: live.id, bits_apart: expect.any(Number) } }]);
    expect(queued.signals[0]!.score).toBeGreaterThan(0);

    // The owner's own photo on a second ad is no one else's.
    const again = await publish(first, await jobBody(original.id, { title: 'Second Stall Helper', summary: 'Another shift.', images: [await uploadBlocksPhoto(first, 4242)] }));
    expect(again.held_checks).toEqual([]);
  });

  it('copied_text: the same text (another phone number) from a second new account is held; a third holds back the first’s live ad too; from an account over 30 days old it is not held', async () => {
    const text = {
      title: 'Experienced Durian Stall Assistant Needed',
      summary: 'Help sort, open and pack Musang King and D24 for our stall customers every evening; call 012-3456789 to apply today.',
    };
    const a = await advertiser('Text First');
    const first = await publish(a, await jobBody((await claimBusiness(a, skip)).id, text));
    expect(first.status).toBe('active');
    const b = await advertiser('Text Second');
    const held = await publish(b, await jobBody((await claimBusiness(b, skip)).id, { ...text, summary: text.summary.replace('012-3456789', '019-8765432') }));
    expect(held.held_checks).toEqual(['copied_text']);
    const queued = (await queue()).find((item) => item.id === held.id)!;
    expect(queued.signals).toEqual([{ check: 'copied_text', score: expect.any(Number), evidence: { other_accounts: 1 } }]);
    // One copy of one ad: the ad copied (its author, most likely) stays live.
    expect((await a.get(`/api/advertiser/posts/${first.id}`)).body.data).toMatchObject({ status: 'active' });

    // Several new accounts, one text: the first one's live ad goes down for review too, and its owner is told why.
    const c = await advertiser('Text Third');
    const third = await publish(c, await jobBody((await claimBusiness(c, skip)).id, { ...text, summary: text.summary.replace('012-3456789', '017-1112223') }));
    expect(third.held_checks).toEqual(['copied_text']);
    expect((await a.get(`/api/advertiser/posts/${first.id}`)).body.data).toMatchObject({ status: 'hidden', held_checks: ['copied_text'] });
    expect((await queue()).map((item) => item.id)).toEqual(expect.arrayContaining([first.id, held.id, third.id]));
    await copy.app.outbox.settled();
    expect(messagesTo(outbox, emailOf(a)).map(decodedMail).some((mail) => mail.includes('We have taken your ad') && mail.includes('its text is the same as other accounts'))).toBe(true);

    const old = await advertiser('Text Established');
    const established = await claimBusiness(old, skip);
    await age(old, 40);
    expect((await publish(old, await jobBody(established.id, text))).held_checks).toEqual([]);
  });

  it('price_outlier: the statistics job’s median per category and condition holds a sell ad at a quarter of it, not one near it, nor with too few ads', async () => {
    const tree = await copy.repos.catalog.findCategoryTree();
    const buysell = tree.filter((row) => row.type === 'buysell' && row.parent_id !== null);
    const [priced, sparse] = [buysell.at(-1)!, buysell.at(-2)!];
    // The seeded live sell ads become 30 used phones around RM 3,000 in one category, and 10 in another (theirs go elsewhere).
    await copy.query.updateTable('post_categories').set({ category_id: buysell[0]!.id }).where('category_id', 'in', [priced.id, sparse.id]).execute();
    const sells = await copy.query.selectFrom('posts as p').innerJoin('buysell_details as b', 'b.post_id', 'p.id').select('p.id')
      .where('p.status', '=', 'active').where('b.deal_type', '=', 'sell').where('p.price_min_sen', 'is not', null).orderBy('p.id').limit(40).execute();
    expect(sells.length).toBe(40);
    for (const [index, { id }] of sells.entries()) {
      await copy.query.updateTable('post_categories').set({ category_id: (index < 30 ? priced : sparse).id }).where('post_id', '=', id).execute();
      await copy.query.updateTable('buysell_details').set({ condition: 'used', brand: null }).where('post_id', '=', id).execute();
      await copy.query.updateTable('posts').set({ title: index % 2 === 0 ? 'Galaxy S24 256GB (Used)' : 'Galaxy S24 256GB', price_min_sen: 300_000 + (index % 10) * 10_000 - 40_000, expires_at: null })
        .where('id', '=', id).execute();
    }
    await copy.app.jobs.runKind('category_price_stats');
    const whole = { brand: '', product: '', sample: 30, median_sen: 305_000 };
    expect(await copy.repos.listingSignals.findPriceStats(Number(priced.id), 'used', '')).toEqual(expect.arrayContaining([
      expect.objectContaining({ ...whole, condition: 'used' }), expect.objectContaining({ ...whole, condition: 'any' })]));
    // The product's own statistic (its title's words, condition words aside), for both conditions.
    expect(await copy.repos.listingSignals.findPriceStats(Number(priced.id), 'used', 'galaxy s24 256gb')).toContainEqual(expect.objectContaining({ condition: 'any', product: 'galaxy s24 256gb', sample: 30 }));
    expect(await copy.repos.listingSignals.findPriceStats(Number(sparse.id), 'used', '')).toEqual([]);

    const seller = await age(await advertiser('Price Seller'), 400);
    const business = await claimBusiness(seller, skip);
    const cheap = await publish(seller, await sellBody(business.id, priced.slug, 'Galaxy S24 256GB, Urgent', 750));
    expect(cheap.held_checks).toEqual(['price_outlier']);
    const queued = (await queue()).find((item) => item.id === cheap.id)!;
    expect(queued.signals[0]).toMatchObject({ check: 'price_outlier', evidence: { price_sen: 75_000, median_sen: 305_000, sample: 30, product: 'galaxy s24 256gb' } });
    expect((await publish(seller, await sellBody(business.id, priced.slug, 'Galaxy S24, Boxed', 2_800))).held_checks).toEqual([]);
    expect((await publish(seller, await sellBody(business.id, sparse.slug, 'Pixel 9, Sealed', 750))).held_checks).toEqual([]);
  });

  it('first_day_burst: the third high-priced sell ad on an account’s first day is held and the day’s earlier ones held back, live or awaiting payment; the same on a later day is not', async () => {
    const tree = await copy.repos.catalog.findCategoryTree();
    const category = tree.filter((row) => row.type === 'buysell' && row.parent_id !== null)[2]!;
    const burster = await advertiser('Burst Seller');
    const business = await claimBusiness(burster, skip);
    // On a trial's tokens, every ad of the burst goes live at once.
    expect((await burster.post(`/api/advertiser/profiles/${business.id}/trial`, { plan: 'BRONZE' })).status).toBe(201);
    const ads: Ad[] = [];
    for (const [index, item] of ['Rolex Submariner', 'Canon R5 Body', 'MacBook Pro M4 Max'].entries()) {
      ads.push(await publish(burster, await sellBody(business.id, category.slug, item, 6_000 + index * 500)));
    }
    expect(ads.map((ad) => ad.held_checks)).toEqual([[], [], ['first_day_burst']]);
    expect((await queue()).find((item) => item.id === ads[2]!.id)!.signals).toEqual([{ check: 'first_day_burst', score: expect.any(Number), evidence: { high_priced_ads: 3 } }]);
    // The burst's live ads before it are held back: hidden, in the queue with the same checks.
    const before = await Promise.all(ads.slice(0, 2).map(async (ad) => (await burster.get(`/api/advertiser/posts/${ad.id}`)).body.data as Ad & { tokens_spent: number; amount_sen: number; expires_at: string }));
    expect(before.map((ad) => [ad.status, ad.held_checks])).toEqual([['hidden', ['first_day_burst']], ['hidden', ['first_day_burst']]]);
    expect((await queue()).filter((item) => ads.some((ad) => ad.id === item.id)).map((item) => item.checks)).toEqual([['first_day_burst'], ['first_day_burst'], ['first_day_burst']]);
    // Approved, one shows again as it was (no new charge, the same time left); refused, the other stays hidden.
    expect((await moderator!.post(`/api/operator/ads/${ads[0]!.id}/approve`)).status).toBe(200);
    expect((await burster.get(`/api/advertiser/posts/${ads[0]!.id}`)).body.data).toMatchObject({ status: 'active', held_checks: [], tokens_spent: before[0]!.tokens_spent, amount_sen: before[0]!.amount_sen, expires_at: before[0]!.expires_at });
    expect((await moderator!.post(`/api/operator/ads/${ads[1]!.id}/refuse`, { reason_code: 'prohibited', reason: 'A burst of luxury goods from a new account.' })).status).toBe(200);
    expect((await burster.get(`/api/advertiser/posts/${ads[1]!.id}`)).body.data).toMatchObject({ status: 'hidden', held_checks: [] });
    expect((await queue()).map((item) => item.id)).not.toContain(ads[1]!.id);

    // Without tokens: the first ad is free and live, the second waits for its invoice; the third holds both back, the
    // second as a held draft whose unpaid invoice is voided (a payment cannot put it live unreviewed).
    const payer = await advertiser('Burst Payer');
    const shop = await claimBusiness(payer, skip);
    const paying: Ad[] = [];
    for (const [index, item] of ['Leica Q3 Camera', 'Hermes Birkin Bag', 'Omega Speedmaster'].entries()) {
      paying.push(await publish(payer, await sellBody(shop.id, category.slug, item, 7_000 + index * 500)));
    }
    expect(paying.map((ad) => ad.status)).toEqual(['active', 'draft', 'draft']);
    const waiting = (await copy.query.selectFrom('invoices').select(['id', 'number']).where('user_id', '=', (await copy.repos.users.findCredentials({ email: emailOf(payer) }))!.id).executeTakeFirstOrThrow());
    const states = await Promise.all(paying.map(async (ad) => (await payer.get(`/api/advertiser/posts/${ad.id}`)).body.data as Ad));
    expect(states.map((ad) => [ad.status, ad.held_checks])).toEqual([['hidden', ['first_day_burst']], ['draft', ['first_day_burst']], ['draft', ['first_day_burst']]]);
    expect((await payer.get(`/api/advertiser/invoices/${waiting.id}`)).body.data).toMatchObject({ status: 'void', void_reason: 'The ad waits for our review' });
    await copy.app.outbox.settled();
    expect(messagesTo(outbox, emailOf(payer)).map(decodedMail).some((mail) => mail.includes(`Its invoice ${waiting.number} is cancelled`))).toBe(true);
    // Approved, it is invoiced again, as its owner asked when publishing.
    expect((await queue()).map((item) => item.id)).toEqual(expect.arrayContaining(paying.map((ad) => ad.id)));
    const approved = await moderator!.post(`/api/operator/ads/${paying[1]!.id}/approve`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect((await payer.get(`/api/advertiser/posts/${paying[1]!.id}`)).body.data).toMatchObject({ status: 'draft', held_checks: [], draft_reason: null });
    expect((await copy.repos.invoices.findAwaitingPayment([paying[1]!.id])).get(paying[1]!.id)).not.toBe(waiting.id);

    const steady = await advertiser('Steady Seller');
    const store = await claimBusiness(steady, skip);
    await age(steady, 3);
    const later: Ad[] = [];
    for (const item of ['Road Bike', 'Digital Piano', 'Sony A7 IV']) later.push(await publish(steady, await sellBody(store.id, category.slug, item, 5_000)));
    expect(later.map((ad) => ad.held_checks)).toEqual([[], [], []]);
  });
});

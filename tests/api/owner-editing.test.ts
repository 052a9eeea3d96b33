import { describe, expect, it } from 'vitest';
import { isOpenNow } from '../../src/shared/hours.ts';
import { mergePatchOf } from '../../src/shared/merge-patch.ts';
import { profileBody } from '../../src/shared/profile-body.ts';
import type { EditableProfile } from '../../src/shared/schemas/advertiser.ts';
import { getProfileBySlug } from '../../src/server/catalog/profiles.ts';
import { getProfilePage } from '../../src/server/pages/profile-page.ts';
import { getPostPage } from '../../src/server/pages/post-page.ts';
import { profileStructuredData } from '../../src/server/seo/structured-data.ts';
import { pngOf } from '../fixtures/uploads.ts';
import { useAccountsApp } from '../helpers/accounts.ts';
import { advertiserHelpers } from '../helpers/advertisers.ts';
import type { SessionClient } from '../helpers/session-client.ts';
import { scaled } from '../helpers/time-factor.ts';

/**
 * An owner's first hour (issue 40), through the advertiser API on both backends: a PATCH changes only what it names
 * (JSON Merge Patch), locations are kept, added and removed by id, a stale version is refused with the current view,
 * every seeded business survives a save of its whole editor model unchanged, special hours and ranges past midnight
 * work in "open now", media a plan no longer allows stay, and a 422 lists every field's problem at once.
 */
const accounts = useAccountsApp('owner-editing');
const { copy } = accounts;
const { advertiser, emailOf, jobBody } = advertiserHelpers(accounts, 'owner-editing');

type View = EditableProfile;
const editorView = async (owner: SessionClient, id: number) => {
  const answer = await owner.get(`/api/advertiser/profiles/${id}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { view: answer.body.data as unknown as View, etag: answer.headers.get('ETag')! };
};
const patch = (owner: SessionClient, id: number, body: unknown, etag?: string) => owner.call('PATCH', `/api/advertiser/profiles/${id}`, body, etag ? { 'If-Match': etag } : {});
/** What a save must keep: the editor view without its version and history. */
const kept = ({ version: _version, history: _history, ...rest }: View) => rest;
const publicView = async (owner: SessionClient, slug: string) => {
  const { updated_at: _updated, view_count: _views, ...rest } = (await owner.get(`/api/profile/slug/${slug}`)).body as Record<string, unknown>;
  return rest;
};

/** Makes `owner` the owner of every seeded business (test setup through the data seam), returning their ids and slugs. */
async function ownEveryBusiness(owner: SessionClient) {
  const user = (await copy.repos.users.findCredentials({ email: emailOf(owner) }))!;
  await copy.query.updateTable('profiles').set({ owner_user_id: user.id }).where('kind', '=', 'business').where('owner_user_id', 'is', null).execute();
  return (await copy.query.selectFrom('profiles').select(['id', 'slug']).where('owner_user_id', '=', user.id).where('kind', '=', 'business').orderBy('id').execute())
    .map((row) => ({ id: Number(row.id), slug: row.slug }));
}

let ownerOfAll: SessionClient;
let businesses: { id: number; slug: string }[];
async function everyBusiness() {
  if (!ownerOfAll) {
    ownerOfAll = await advertiser('Owner Of All');
    businesses = await ownEveryBusiness(ownerOfAll);
  }
  return { owner: ownerOfAll, businesses };
}
async function multiBranch() {
  const { owner, businesses: all } = await everyBusiness();
  for (const business of all) {
    const { view, etag } = await editorView(owner, business.id);
    if (view.locations.length >= 2 && view.locations.some((location) => location.address_line2 || location.email || location.company_phone_number)) return { owner, business, view, etag };
  }
  throw new Error('the seed has no multi-branch business with address line 2, e-mail or office phone');
}

describe('saving the whole editor model of every seeded business changes nothing', () => {
  it('keeps each business\'s editor and public views identical, multi-branch ones included', async () => {
    const { owner, businesses: all } = await everyBusiness();
    expect(all.length).toBeGreaterThan(10);
    let branches = 0;
    for (const business of all) {
      const { view, etag } = await editorView(owner, business.id);
      branches += view.locations.length > 1 ? 1 : 0;
      const before = await publicView(owner, business.slug);
      const saved = await patch(owner, business.id, profileBody(view), etag);
      expect(saved.status, `${business.slug}: ${JSON.stringify(saved.body)}`).toBe(200);
      expect(kept(saved.body.data as unknown as View), business.slug).toEqual(kept(view));
      expect(await publicView(owner, business.slug), business.slug).toEqual(before);
      // The editor sends the patch between what it loaded and what it holds: nothing, when nothing changed.
      expect(mergePatchOf(profileBody(view), profileBody(saved.body.data as unknown as View))).toEqual({});
    }
    expect(branches).toBeGreaterThan(0);
  }, scaled(120_000));
});

describe('PATCH means partial', () => {
  it('changes only the field group it names, for each group', async () => {
    const { owner, business } = await multiBranch();
    const groups: Record<string, unknown>[] = [
      { business_hours: [{ day: 1, ranges: [{ opens: '08:00', closes: '12:00' }, { opens: '14:00', closes: '18:00' }] }] },
      { about: '<p>Family kopitiam since 1962.</p><p>Now with <strong>nasi lemak</strong>.</p>' },
      { url: 'https://kopi.example.my', facebook: null, whatsapp: '0123456789' },
      { attributes: ['cash', 'duitnow_qr', 'halal_certified'] },
      { special_hours: [{ date: '2027-03-20', label: 'Hari Raya Aidilfitri', ranges: [] }] },
      { keywords: ['kopi', 'teh tarik'] },
    ];
    for (const group of groups) {
      const { view, etag } = await editorView(owner, business.id);
      const answer = await patch(owner, business.id, group, etag);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const after = kept(answer.body.data as unknown as View) as Record<string, unknown>;
      const was = kept(view) as Record<string, unknown>;
      for (const field of Object.keys(was)) if (!(field in group)) expect(after[field], `${field} after ${Object.keys(group).join()}`).toEqual(was[field]);
      expect(after.locations).toEqual(was.locations);
    }
    const { view } = await editorView(owner, business.id);
    expect(view.attributes).toEqual(['cash', 'duitnow_qr', 'halal_certified']);
    // The profile page lists them, and its JSON-LD carries them.
    const profile = (await getProfileBySlug(copy.app, business.slug))!;
    expect(profile.attributes).toEqual(['cash', 'duitnow_qr', 'halal_certified']);
    expect(profileStructuredData('https://yp.example.my', profile)[0]).toMatchObject({
      paymentAccepted: 'Cash, DuitNow QR', amenityFeature: [{ '@type': 'LocationFeatureSpecification', name: 'Halal certified', value: true }],
    });
    expect(view.whatsapp).toBe('60123456789');
    expect(view.business_hours.find((day) => day.day === 1)!.ranges).toEqual([{ opens: '08:00', closes: '12:00' }, { opens: '14:00', closes: '18:00' }]);
    expect(view.business_hours.find((day) => day.day === 2)!.ranges).toEqual([]);
  });

  it('keeps, merges, adds and removes locations by id, and refuses an id that is not this business\'s on that item', async () => {
    const { owner, business, view, etag } = await multiBranch();
    const [first, second, ...rest] = view.locations;
    // An item with its id and one field: that field changes, the rest of the branch stays.
    const merged = await patch(owner, business.id, { locations: [{ id: first!.id, phone_number: '03-7955 1234' }, { id: second!.id }, ...rest.map(({ id }) => ({ id }))] }, etag);
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const mergedView = merged.body.data as unknown as View;
    expect(mergedView.locations).toEqual([{ ...first, phone_number: '03-7955 1234' }, second, ...rest]);

    // A new branch (no id) joins; a branch left out goes.
    const branch = { name: 'Ipoh branch', address_line1: '12 Jalan Sultan Yussuf', address_line2: 'Lot 3', city: 'Ipoh', state: 'Perak', postcode: '30000', phone_number: '05-241 1234',
      company_phone_number: null, fax_number: '05-241 9999', email: 'ipoh@kopi.example.my', latitude: 4.5975, longitude: 101.0901 };
    const added = await patch(owner, business.id, { locations: [{ id: first!.id }, branch] }, merged.headers.get('ETag')!);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const addedView = added.body.data as unknown as View;
    expect(addedView.locations).toHaveLength(2);
    expect(addedView.locations[0]!.id).toBe(first!.id);
    expect(addedView.locations[1]).toMatchObject(branch);

    const foreign = (await copy.query.selectFrom('locations').select('id').where('profile_id', '!=', business.id).limit(1).executeTakeFirstOrThrow()).id;
    const refused = await patch(owner, business.id, { locations: [{ id: first!.id }, { id: Number(foreign), name: 'Not mine' }] }, added.headers.get('ETag')!);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ 'locations.1.id': ['This location is not this business\'s.'] });
    expect(kept((await editorView(owner, business.id)).view)).toEqual(kept(addedView));
  });

  it('a PATCH of an ad changes only what it names: its places, photos and details stay', async () => {
    const { owner, business } = await multiBranch();
    const tree = await copy.repos.catalog.findCategoryTree();
    const category = tree.find((row) => row.type === 'services' && row.parent_id !== null)!;
    const { view } = await editorView(owner, business.id);
    const created = await owner.post('/api/advertiser/posts', {
      type: 'services', profile_id: business.id, title: 'Aircond Servicing Petaling Jaya', summary: 'Chemical wash and gas top-up.', categories: [category.slug],
      locations: view.locations.slice(0, 2).map((location) => location.id), keywords: ['aircond'], service: { description: 'Chemical wash, gas top-up, repairs.', price_min: 80, price_max: 150 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body.data as { id: number }).id;
    const before = await owner.get(`/api/advertiser/posts/${id}`);
    const edited = await owner.call('PATCH', `/api/advertiser/posts/${id}`, { title: 'Aircond Servicing PJ and Subang' }, { 'If-Match': before.headers.get('ETag')! });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const after = edited.body.data as Record<string, unknown>;
    const was = before.body.data as Record<string, unknown>;
    expect(after.title).toBe('Aircond Servicing PJ and Subang');
    for (const field of ['locations', 'service', 'keywords', 'categories_slugs', 'images', 'summary']) expect(after[field], field).toEqual(was[field]);
    // A stale version is refused with the ad as it is now.
    const stale = await owner.call('PATCH', `/api/advertiser/posts/${id}`, { title: 'From the other tab' }, { 'If-Match': before.headers.get('ETag')! });
    expect(stale.status).toBe(409);
    expect((stale.body.data as { title: string }).title).toBe('Aircond Servicing PJ and Subang');
    expect((stale.body.data as { version: number }).version).toBe((after as { version: number }).version);
    expect((await owner.call('PATCH', `/api/advertiser/posts/${id}`, { type: 'jobs' })).status).toBe(422);
  });
});

describe('an ad on its branch (the walk as a new owner)', () => {
  it('names one of its business\'s locations: its page, card, map pin and structured data use that branch, and the editor reads it back', async () => {
    const { owner, business } = await multiBranch();
    const tree = await copy.repos.catalog.findCategoryTree();
    const category = tree.find((row) => row.type === 'services' && row.parent_id !== null)!;
    const { view } = await editorView(owner, business.id);
    const branch = view.locations[1]!;
    const created = await owner.post('/api/advertiser/posts', {
      type: 'services', profile_id: business.id, title: 'Aircond Servicing At The Branch', summary: 'Chemical wash.', categories: [category.slug],
      locations: [branch.id], service: { description: 'Chemical wash and gas top-up.', price_min: 80, price_max: 150 }, publish: true, confirm: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const ad = created.body.data as { id: number; slug: string; location_ids: number[] };
    expect(ad.location_ids).toEqual([branch.id]);
    expect(((await owner.get(`/api/advertiser/posts/${ad.id}`)).body.data as { location_ids: number[] }).location_ids).toEqual([branch.id]);
    const page = (await owner.get(`/api/post/slug/${ad.slug}`)).body as { locations: { address_line1: string; latitude: number; longitude: number }[] };
    expect(page.locations[0]).toMatchObject({ address_line1: branch.address_line1, latitude: branch.latitude, longitude: branch.longitude });
    const search = await owner.post('/api/post/search', { type: 'services', search: 'Aircond Servicing At The Branch' });
    const card = (search.body as unknown as { results: { id: number; coordinates: { lat: number; lon: number }[] }[] }).results.find((item) => item.id === ad.id)!;
    expect(card.coordinates[0]).toEqual({ lat: branch.latitude, lon: branch.longitude });
    const box = [branch.longitude - 0.01, branch.latitude - 0.01, branch.longitude + 0.01, branch.latitude + 0.01].map((value) => value.toFixed(4)).join(',');
    const pins = (await owner.post('/api/post/map', { type: 'services', search: 'Aircond Servicing At The Branch', bbox: box, zoom: 16 })).body as unknown as { pins: { id: number; lat: number; lon: number }[] };
    expect(pins.pins.find((pin) => pin.id === ad.id)).toMatchObject({ lat: branch.latitude, lon: branch.longitude });
    const detail = (await getPostPage(copy.app, 'services', ad.slug, 1))!;
    expect(detail.seo.jsonLd).toContain(branch.address_line1);
    expect(detail.seo.jsonLd).not.toContain(view.locations[0]!.address_line1);
  });
});

describe('a confidential ad among open ones (probe finding 20)', () => {
  it('names the owner\'s other public posts at the place a confidential job would stand, and only there', async () => {
    const { owner, business, view } = await multiBranch();
    const [first, second] = view.locations as [typeof view.locations[number], typeof view.locations[number]];
    // Both ads live (set through the data seam: what publishing costs is not this test's).
    const live = async (id: number) => copy.query.updateTable('posts').set({ status: 'active', published_at: new Date(copy.app.clock.now()).toISOString() }).where('id', '=', id).execute();
    const open = await owner.post('/api/advertiser/posts', await jobBody(business.id, { title: 'Open Barista At The First Branch', locations: [first.id] }));
    expect(open.status, JSON.stringify(open.body)).toBe(201);
    const openAd = open.body.data as { id: number; slug: string };
    await live(openAd.id);
    const neighbours = async (locationId: number, postId?: number) => ((await owner.get(`/api/advertiser/posts/neighbours?type=jobs&profile_id=${business.id}&location_id=${locationId}${postId ? `&post_id=${postId}` : ''}`)).body.data as { id: number; title: string; url: string }[]);
    expect(await neighbours(first.id)).toContainEqual({ id: openAd.id, title: 'Open Barista At The First Branch', url: `/jobs/${openAd.slug}` });
    expect((await neighbours(second.id)).map((item) => item.id)).not.toContain(openAd.id);
    // The post itself is no neighbour of its own; a confidential post is none either.
    expect((await neighbours(first.id, openAd.id)).map((item) => item.id)).not.toContain(openAd.id);
    const hidden = await owner.post('/api/advertiser/posts', { ...await jobBody(business.id, { title: 'Confidential Manager At The First Branch', locations: [first.id] }), job: { ...(await jobBody(business.id)).job, company_confidential: true } });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(201);
    await live((hidden.body.data as { id: number }).id);
    expect((await neighbours(first.id)).map((item) => item.id)).not.toContain((hidden.body.data as { id: number }).id);
    // Another owner's business is not theirs to ask about.
    const stranger = await advertiser('Curious Stranger');
    expect((await stranger.get(`/api/advertiser/posts/neighbours?type=jobs&profile_id=${business.id}&location_id=${first.id}`)).status).toBe(404);
    expect((await owner.get('/api/advertiser/posts/neighbours?type=services')).status).toBe(422);
  });
});

describe('a branch\'s own hours (the walk as a new owner)', () => {
  it('keeps each location\'s own opening and special hours, the business\'s by default, through the editor and on the public profile', async () => {
    const { owner, business, view, etag } = await multiBranch();
    const body = profileBody(view);
    const day = (number: number, opens: string, closes: string) => ({ day: number, ranges: [{ opens, closes }], open_24: false });
    const branchWeek = [0, 1, 2, 3, 4, 5, 6].map((number) => (number === 0 ? { day: 0, ranges: [], open_24: false } : day(number, '10:00', '22:00')));
    const christmas = new Date(copy.app.clock.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const special = [{ date: christmas, label: 'Christmas', ranges: [] }];
    const locations = body.locations.map((location, index) => (index === 1 ? { ...location, business_hours: branchWeek, special_hours: special } : { ...location, business_hours: null, special_hours: null }));
    const saved = await patch(owner, business.id, { locations }, etag);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = (await editorView(owner, business.id)).view;
    expect(after.locations[0]!.business_hours).toBeNull();
    expect(after.locations[1]!.business_hours).toEqual(branchWeek);
    expect(after.locations[1]!.special_hours).toEqual(special);
    const page = (await owner.get(`/api/profile/slug/${business.slug}`)).body as { business_hours: { day: string; time: string[] }[]; locations: { business_hours: { day: string; time: string[] }[] | null; special_hours: { date: string; label: string; time: string[] }[] | null }[] };
    expect(page.locations[0]!.business_hours).toBeNull();
    expect(page.locations[1]!.business_hours).toContainEqual({ day: 'Monday', time: ['10:00-22:00'] });
    expect(page.locations[1]!.business_hours).toContainEqual({ day: 'Sunday', time: [] });
    expect(page.locations[1]!.special_hours).toEqual([{ date: christmas, label: 'Christmas', time: [] }]);
    // Saved again unchanged, it stays as it is; turned off, the branch keeps the business's again.
    const again = await editorView(owner, business.id);
    expect((await patch(owner, business.id, profileBody(again.view), again.etag)).status).toBe(200);
    expect(kept((await editorView(owner, business.id)).view)).toEqual(kept(again.view));
    const off = await editorView(owner, business.id);
    const offBody = profileBody(off.view);
    const offLocations = offBody.locations.map((location) => ({ ...location, business_hours: null, special_hours: null }));
    expect((await patch(owner, business.id, { locations: offLocations }, off.etag)).status).toBe(200);
    expect(((await owner.get(`/api/profile/slug/${business.slug}`)).body as { locations: { business_hours: unknown }[] }).locations[1]!.business_hours).toBeNull();
  });
});

describe('If-Match and ETag', () => {
  it('refuses a save from a stale tab with 409 and the current view, changing nothing', async () => {
    const { owner, business } = await multiBranch();
    const { view, etag } = await editorView(owner, business.id);
    expect(etag).toBe(`"${view.version}"`);
    const first = await patch(owner, business.id, { about: '<p>Saved in the first tab.</p>' }, etag);
    expect(first.status).toBe(200);
    expect(first.headers.get('ETag')).not.toBe(etag);
    const second = await patch(owner, business.id, { store_name: 'Second tab' }, etag);
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/changed in another tab/);
    expect(kept(second.body.data as unknown as View)).toEqual(kept(first.body.data as unknown as View));
    expect(second.headers.get('ETag')).toBe(first.headers.get('ETag'));
    expect((await editorView(owner, business.id)).view.store_name).toBe(view.store_name);
    expect((await patch(owner, business.id, { store_name: 'x' }, 'not-an-etag')).status).toBe(422);
  });

  it('lets exactly one of two concurrent saves of one version through', async () => {
    const { owner, business } = await multiBranch();
    const { etag } = await editorView(owner, business.id);
    const answers = await Promise.all([patch(owner, business.id, { store_name: 'Tab A' }, etag), patch(owner, business.id, { store_name: 'Tab B' }, etag)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });
});

describe('plans limit what is added, not what is already there', () => {
  it('keeps a business\'s media past its plan, shows as many as the plan allows, and refuses only an addition', async () => {
    const owner = await advertiser('Gallery Owner');
    const { businesses: all } = await everyBusiness();
    const { view: base } = await editorView(ownerOfAll, all[0]!.id);
    // A business that had more photos than FREE allows (seeded before it was claimed): seven through the data seam.
    const form = new FormData();
    for (const colour of ['red', 'green', 'blue', 'yellow', 'purple', 'orange', 'teal']) form.append('image', new Blob([new Uint8Array(await pngOf(colour))], { type: 'image/png' }), `${colour}.png`);
    const uploaded = await owner.postForm<{ data: { full: string }[] }>('/api/advertiser/images', form);
    expect(uploaded.status).toBe(201);
    const created = await owner.post('/api/advertiser/profiles', { name: 'Galeri Seni Melaka', locations: [{ ...base.locations[0], id: undefined }] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body.data as View).id;
    const mediaIds = (await copy.query.selectFrom('media').select('id').where('full', 'in', uploaded.body.data.map((image) => image.full.replace(/^.*\/media\//, ''))).execute()).map((row) => Number(row.id));
    expect(mediaIds).toHaveLength(7);
    await copy.query.insertInto('profile_media').values(mediaIds.map((mediaId, position) => ({ profile_id: id, media_id: mediaId, position }))).execute();
    const { view, etag } = await editorView(owner, id);
    expect(view.plan).toBe('FREE');
    expect(view.images).toHaveLength(7);

    // Saving other fields never fails because of them; reordering them does not either.
    const about = await patch(owner, id, { about: '<p>Batik and songket.</p>' }, etag);
    expect(about.status, JSON.stringify(about.body)).toBe(200);
    const reordered = await patch(owner, id, { images: [...view.images].reverse().map(({ full }) => ({ full })) }, about.headers.get('ETag')!);
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    // The public page shows FREE's five, in the owner's order.
    const slug = (reordered.body.data as View).slug;
    const shown = ((await owner.get(`/api/profile/slug/${slug}`)).body as { images: { image: { full: string } }[] }).images.map((item) => item.image.full);
    expect(shown).toEqual([...view.images].reverse().slice(0, 5).map((image) => image.full));

    // Adding an eighth is refused, naming the limit.
    const more = new FormData();
    more.append('image', new Blob([new Uint8Array(await pngOf('pink'))], { type: 'image/png' }), 'pink.png');
    const eighth = (await owner.postForm<{ data: { full: string }[] }>('/api/advertiser/images', more)).body.data[0]!;
    const refused = await patch(owner, id, { images: [...view.images.map(({ full }) => ({ full })), { full: eighth.full }] }, reordered.headers.get('ETag')!);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toMatchObject({ images: ['The FREE plan allows at most 5 photos.'] });
  });
});

describe('a 422 lists every field\'s problem at once', () => {
  it('names every field the schema refuses, per branch', async () => {
    const { owner, business, view, etag } = await multiBranch();
    const answer = await patch(owner, business.id, {
      url: 'not a link', whatsapp: '12', company_no: 'ABC',
      locations: [{ id: view.locations[0]!.id, postcode: '123' }, { id: view.locations[1]!.id, email: 'nope' }],
      special_hours: [{ date: '2027-13-40', ranges: [] }],
    }, etag);
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors as object).sort()).toEqual(['company_no', 'locations.0.postcode', 'locations.1.email', 'special_hours.0.date', 'url', 'whatsapp']);
  });

  it('names every problem the service finds: unknown categories, towns and limits together', async () => {
    const { owner, business, view, etag } = await multiBranch();
    const answer = await patch(owner, business.id, {
      categories: ['no-such-category'],
      keywords: Array.from({ length: 12 }, (_, index) => `word${index}`),
      locations: [{ id: view.locations[0]!.id }, { name: 'Atlantis', address_line1: '1 Jalan Laut', city: 'Atlantis', state: 'Selangor', postcode: '40000' }],
    }, etag);
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toMatchObject({
      categories: ["There is no category 'no-such-category'."], keywords: [expect.stringMatching(/allows at most 5 keywords/)],
      'locations.1.city': ["There is no town 'Atlantis' in Selangor."],
    });
    expect(kept((await editorView(owner, business.id)).view)).toEqual(kept(view));
  });
});

describe('rich text is sanitized with one allow-list', () => {
  it('keeps paragraphs, bold, italic, lists and links, and drops scripts, handlers, styles and javascript: links', async () => {
    const { owner, business, etag } = await multiBranch();
    const hostile = '<p onclick="steal()">Open <strong>daily</strong> <em>since</em> 1962</p><script>alert(1)</script><ul><li>Kopi</li><li>Teh</li></ul>'
      + '<a href="javascript:alert(1)">x</a><a href="https://kopi.example.my" style="color:red">site</a><img src=x onerror="alert(1)"><iframe src="https://evil.example"></iframe>';
    const answer = await patch(owner, business.id, { about: hostile }, etag);
    expect(answer.status).toBe(200);
    const about = (answer.body.data as View).about!;
    expect(about).toBe('<p>Open <strong>daily</strong> <em>since</em> 1962</p><ul><li>Kopi</li><li>Teh</li></ul><a rel="nofollow noopener">x</a><a href="https://kopi.example.my" rel="nofollow noopener">site</a>');
    const page = await owner.getText(`/api/profile/slug/${business.slug}`);
    expect(page.text).not.toMatch(/script|onerror|onclick|javascript:|iframe/);
  });

  it('keeps plain text as typed through a round trip, and shows it as paragraphs', async () => {
    const { owner, business, etag } = await multiBranch();
    const typed = 'Kopi & teh tarik\n\nSince 1962 (3 > 2)';
    const saved = await patch(owner, business.id, { about: typed }, etag);
    expect((saved.body.data as View).about).toBe(typed);
    const again = await patch(owner, business.id, profileBody(saved.body.data as View), saved.headers.get('ETag')!);
    expect((again.body.data as View).about).toBe(typed);
    expect(((await owner.get(`/api/profile/slug/${business.slug}`)).body as { about: string }).about).toBe('<p>Kopi &amp; teh tarik</p><p>Since 1962 (3 &gt; 2)</p>');
  });
});

// Last: it walks the clock two months on, past every session.
describe('hours past midnight and special hours', () => {
  it('stores 22:00–02:00 split at midnight, reads it back as one range, and "open now" follows it and the special days', async () => {
    const { owner, business } = await multiBranch();
    const { etag } = await editorView(owner, business.id);
    const hours = [{ day: 5, ranges: [{ opens: '22:00', closes: '02:00' }] }, { day: 6, ranges: [{ opens: '10:00', closes: '18:00' }] }];
    const saved = await patch(owner, business.id, { business_hours: hours, special_hours: [{ date: '2027-02-06', label: 'Chinese New Year', ranges: [] }, { date: '2027-02-08', label: 'Ramadan hours', ranges: [{ opens: '15:00', closes: '19:00' }] }] }, etag);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await copy.repos.catalog.findBusinessHours(business.id)).toEqual([
      { day: 5, opens: '22:00', closes: '23:59' }, { day: 6, opens: '00:00', closes: '02:00' }, { day: 6, opens: '10:00', closes: '18:00' },
    ]);
    const view = saved.body.data as unknown as View;
    expect(view.business_hours.find((day) => day.day === 5)!.ranges).toEqual([{ opens: '22:00', closes: '02:00' }]);
    expect(view.business_hours.find((day) => day.day === 6)!.ranges).toEqual([{ opens: '10:00', closes: '18:00' }]);

    const profile = (await owner.get(`/api/profile/slug/${business.slug}`)).body as { business_hours: { day: string; time: string[] }[]; special_hours: { date: string; time: string[] }[] };
    expect(profile.business_hours.find((day) => day.day === 'Friday')!.time).toEqual(['22:00-02:00']);
    expect(profile.business_hours.find((day) => day.day === 'Saturday')!.time).toEqual(['10:00-18:00']);
    // Malaysian time (UTC+8): Friday 23:30, Saturday 01:30 open; Saturday 03:00 closed.
    const at = (local: string) => new Date(`${local}+08:00`);
    expect(isOpenNow(profile.business_hours, at('2027-01-15T23:30:00'), profile.special_hours)).toBe(true);
    expect(isOpenNow(profile.business_hours, at('2027-01-16T01:30:00'), profile.special_hours)).toBe(true);
    expect(isOpenNow(profile.business_hours, at('2027-01-16T03:00:00'), profile.special_hours)).toBe(false);
    expect(isOpenNow(profile.business_hours, at('2027-01-16T12:00:00'), profile.special_hours)).toBe(true);
    // Special days more than 60 days ahead are not listed yet; a week before, they are.
    expect(profile.special_hours).toEqual([]);
    accounts.clock.advance(Date.parse('2027-02-01T04:00:00Z') - accounts.clock.now());
    const page = (await getProfilePage(copy.app, business.slug, 1))!;
    expect(page.profile.special_hours.map((day) => [day.date, day.label, day.time])).toEqual([['2027-02-06', 'Chinese New Year', []], ['2027-02-08', 'Ramadan hours', ['15:00-19:00']]]);
    // Chinese New Year (a Saturday) is closed all day; the Ramadan Monday opens 15:00–19:00 only.
    expect(isOpenNow(page.profile.business_hours, at('2027-02-06T12:00:00'), page.profile.special_hours)).toBe(false);
    expect(isOpenNow(page.profile.business_hours, at('2027-02-13T12:00:00'), page.profile.special_hours)).toBe(true);
    expect(isOpenNow(page.profile.business_hours, at('2027-02-08T16:00:00'), page.profile.special_hours)).toBe(true);
    expect(isOpenNow(page.profile.business_hours, at('2027-02-08T20:00:00'), page.profile.special_hours)).toBe(false);
  });
});

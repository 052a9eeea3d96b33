/** Malay and Chinese beside English (issue 42): a person's language, the API's words and the mail it sends. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/shared/schemas/accounts.ts';
import { SearchRequestSchema, SearchResponseSchema, type SearchResponse } from '../../src/shared/search.ts';
import type { EnquiryRecord } from '../../src/shared/enquiries.ts';
import { malaysiaToday } from '../../src/shared/malaysia-time.ts';
import { enquiryOwnerMail } from '../../src/server/engagement/enquiry-mails.ts';
import { alertMail } from '../../src/server/saved-searches/alerts.ts';
import { livePost } from '../fixtures/catalogue.ts';
import { advertiserHelpers } from '../helpers/advertisers.ts';
import { apiClient } from '../helpers/api.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { documentTerms } from '../../src/server/search/engine/tokens.ts';
import { getCategoryHome, getHome, getSpecializationsByType } from '../../src/server/catalog/home.ts';
import { getCmsPage } from '../../src/server/catalog/content.ts';
import { TEST_PASSWORD, useAccountsApp } from '../helpers/accounts.ts';
import { decodedMail, latestCode, messagesTo, readableMessage } from '../helpers/session-client.ts';
import { englishPlace } from '../../src/shared/place-names.ts';
import { getSearchPage, placeRedirect } from '../../src/server/pages/search-page.ts';
import { publicPage } from '../../src/server/http.ts';

const accounts = useAccountsApp('languages');
const { outbox, copy, browser, signIn } = accounts;

/** Signs up as a person on a page in `language` (the browser's API client names it in Accept-Language). */
async function signUp(email: string, language: string) {
  const visitor = browser();
  const headers = { 'Accept-Language': language };
  expect((await visitor.call('POST', '/api/register/verification', { type: 'email', email }, headers)).status).toBe(200);
  const mail = messagesTo(outbox, email).at(-1)!;
  const answer = await visitor.call('POST', '/api/register', {
    type: 'email', name: 'Tan Mei Ling', email, code: latestCode(outbox, email), password: TEST_PASSWORD, password_confirmation: TEST_PASSWORD,
  }, headers);
  expect(answer.status).toBe(201);
  return { visitor, mail };
}

describe('a person’s language', () => {
  it('is the signing-up page’s: the code mail is in Chinese, and the account’s locale is zh', async () => {
    const { mail } = await signUp('mei.ling@example.my', 'zh-Hans-MY');
    expect(mail).toContain('您的验证码是');
    // The HTML part names its language (quoted-printable writes = as =3D).
    expect(mail).toMatch(/<html lang=(3D)?"zh-Hans-MY">/);
    const visitor = await signIn('mei.ling@example.my');
    // The sign-in code follows the account, whatever page asks.
    expect(messagesTo(outbox, 'mei.ling@example.my').at(-1)).toContain('您的验证码是');
    expect(((await visitor.get('/api/account')).body.data as User).locale).toBe('zh');
  });

  it('writes codes in Malay for a Malay page, and in English without Accept-Language', async () => {
    await signUp('aminah@example.my', 'ms-MY,ms;q=0.9,en;q=0.5');
    expect(messagesTo(outbox, 'aminah@example.my').at(0)).toContain('Kod pengesahan anda ialah');
    await signUp('john@example.my', '');
    expect(messagesTo(outbox, 'john@example.my').at(0)).toContain('Your verification code is');
  });

  it('is changed by PATCH /api/account; any other value is a 422 with a per-field message', async () => {
    const visitor = await signIn('john@example.my');
    const changed = await visitor.patch('/api/account', { locale: 'ms' });
    expect(changed.status).toBe(200);
    expect((changed.body.data as User).locale).toBe('ms');
    for (const locale of ['fr', 'EN', '', 42]) {
      const refused = await visitor.patch('/api/account', { locale });
      expect(refused.status, String(locale)).toBe(422);
      expect((refused.body.errors as Record<string, string[]>).locale).toEqual(['The locale must be en, ms or zh.']);
    }
    expect(((await visitor.get('/api/account')).body.data as User).locale).toBe('ms');
  });
});

describe('mail in the person’s language', () => {
  it('writes the enquiry copy in the sender’s language and the owner’s notice in the owner’s, the site’s inbox in English', async () => {
    const visitor = await signIn('aminah@example.my');
    expect((await visitor.patch('/api/account', { locale: 'ms' })).status).toBe(200);
    const post = await livePost(copy.app, 'services', { matches: (candidate) => candidate.email !== null, offset: 3 });
    const answer = await visitor.post('/api/enquire', {
      name: 'Aminah', phone_number: '+60 12-345 6789', contact_method: 'whatsapp', type: 'services', id: post.id, description: 'Aircond bocor.', preferred_date: malaysiaToday(Date.now() + 3 * 86_400_000),
    });
    expect(answer.status).toBe(201);
    await copy.app.outbox.settled();
    const mail = decodedMail(messagesTo(outbox, 'aminah@example.my').at(-1)!);
    expect(mail).toContain(`Anda telah menghantar pertanyaan tentang "${post.title}" kepada pengiklan.`);
    expect(mail).toContain('Cara dihubungi: WhatsApp');
    expect(mail).toMatch(/\/ms\/me\/services\/\d+/);

    const record = answer.body.data as EnquiryRecord;
    const target = { type: 'services' as const, id: post.id, title: post.title, slug: post.slug, confidential: false, resume_required: false, profile_name: 'Kedai Ah Seng', profile_slug: 'kedai-ah-seng',
      contact_email: 'owner@example.my', owner_user_id: 1 };
    const chinese = enquiryOwnerMail({ kind: 'services', target, record, site: 'https://yp.example', listingUrl: `/services/${post.slug}`, inbox: null, attachment: undefined, locale: 'zh' });
    expect(chinese.subject).toContain(`新的询问：${post.title}`);
    expect(chinese.text).toContain('请按对方的要求通过WhatsApp回复。');
    expect(chinese.text).toContain('首选联系方式: WhatsApp');
    expect(chinese.text).toContain(`https://yp.example/zh/services/${post.slug}`);
    expect(chinese.html).toContain('<html lang="zh-Hans-MY">');
    const inbox = enquiryOwnerMail({ kind: 'services', target, record, site: 'https://yp.example', listingUrl: `/services/${post.slug}`, inbox: 'inbox@yp.example', attachment: undefined, locale: 'zh' });
    expect(inbox.subject).toContain(`New enquiry: ${post.title}`);
  });

  it('says a saved search’s summary in the page’s language', async () => {
    await accounts.registerByEmail('summary.zh@example.my');
    const visitor = await signIn('summary.zh@example.my');
    const body = { type: 'jobs', search: 'Barista', where: 'Penang', job_type: 'PT,FT', sort: 'newest' };
    const saved = await visitor.call('POST', '/api/saved-searches', body, { 'Accept-Language': 'zh' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect((saved.body.data as { summary: string; name: string }).summary).toBe('工作 · "Barista" · 槟城 · 工作类型: 兼职, 全职 · 最新优先');
    const listed = await visitor.call('GET', '/api/saved-searches', undefined, { 'Accept-Language': 'ms' });
    expect((listed.body.data as { summary: string }[])[0]!.summary).toBe('Kerja · "Barista" · di Pulau Pinang · Jenis Kerja: Separuh Masa, Sepenuh Masa · Terbaru dahulu');
    expect(((await visitor.get('/api/saved-searches')).body.data as { summary: string }[])[0]!.summary)
      .toBe('Jobs · "Barista" · in Penang · Job Type: Part Time, Full Time · Newest first');
  });

  it('writes a saved-search alert in the account’s language, linking to that language’s pages', async () => {
    const cards = (await copy.app.search.search(SearchRequestSchema.parse({ type: 'services', limit: 2 }))).results;
    const row = { id: 1, name: 'Aircond · Selangor', user_name: 'Tan Mei Ling', email: 'mei.ling@example.my', locale: 'zh' as const, alerted_at: new Date().toISOString() };
    const mail = alertMail(copy.app, row as unknown as Parameters<typeof alertMail>[1], { cat: 'services', main: null, sub: null, params: { what: 'aircond' }, view: 'grid' }, cards, 2);
    expect(mail.subject).toContain('“Aircond · Selangor”有 2 条新信息');
    expect(mail.text).toContain('Tan Mei Ling，您好：');
    expect(mail.text).toMatch(/\/zh\/services\/l\?what=aircond/);
    expect(mail.text).toContain(`/zh/services/${cards[0]!.slug}`);
    expect(mail.html).toContain('<html lang="zh-Hans-MY">');
  });
});

describe('the language a listing is written in', () => {
  const { advertiser, claimBusiness, jobBody } = advertiserHelpers(accounts, 'writer');

  it('mails an owner their enquiry notice and the sender their copy, each in their own language, read from the outbox', async () => {
    const claimed = new Set<number>();
    for (const [ownerLocale, senderLocale] of [['zh', 'ms'], ['ms', 'zh']] as const) {
      const owner = await advertiser(`Owner ${ownerLocale}`);
      expect((await owner.patch('/api/account', { locale: ownerLocale })).status).toBe(200);
      const business = await claimBusiness(owner, claimed);
      claimed.add(business.id);
      const sender = `siti.${senderLocale}@example.my`;
      await accounts.registerByEmail(sender, 'Siti');
      const visitor = await signIn(sender);
      expect((await visitor.patch('/api/account', { locale: senderLocale })).status).toBe(200);
      const typed = `Buka hari Ahad? (${ownerLocale})`;
      const answer = await visitor.post('/api/enquire', {
        name: 'Siti', phone_number: '0123456789', contact_method: 'call', type: 'profile', id: business.id, description: typed, preferred_date: malaysiaToday(Date.now() + 86_400_000), urgent: '1',
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      await copy.app.outbox.settled();
      // The notice goes to the business's contact e-mail, else the owner's: the mail naming the typed text that is not the copy.
      const notice = readdirSync(outbox).filter((name) => name.endsWith('.eml')).sort().map((name) => decodedMail(readableMessage(readFileSync(join(outbox, name), 'utf8'))))
        .filter((text) => text.includes(typed) && !text.includes(`To: ${sender}`)).at(-1)!;
      const words = { zh: ['首选联系方式: 电话', '紧急: 是', '<html lang="zh-Hans-MY">'], ms: ['Cara dihubungi: Panggilan', 'Segera: Ya', '<html lang="ms-MY">'] } as const;
      for (const text of words[ownerLocale]) expect(notice, ownerLocale).toContain(text);
      // The sender's copy (sent for a listing the site mails on its owner's behalf) is in the sender's language.
      const post = await livePost(copy.app, 'services', { matches: (candidate) => candidate.email !== null, offset: senderLocale === 'ms' ? 5 : 6 });
      expect((await visitor.post('/api/enquire', {
        name: 'Siti', phone_number: '0123456789', contact_method: 'call', type: 'services', id: post.id, description: 'Ada slot minggu ini?', preferred_date: malaysiaToday(Date.now() + 86_400_000), urgent: '1',
      })).status).toBe(201);
      await copy.app.outbox.settled();
      const copyOf = decodedMail(messagesTo(outbox, sender).at(-1)!);
      for (const text of words[senderLocale]) expect(copyOf, senderLocale).toContain(text);
      expect(copyOf).toMatch(new RegExp(`/${senderLocale}/me/services/\\d+`));
    }
  });

  it('is Chinese for Han text, the poster’s choice when given, the poster’s own language otherwise; any other value is a 422', async () => {
    const owner = await advertiser('Tan Ah Kow');
    expect((await owner.patch('/api/account', { locale: 'ms' })).status).toBe(200);
    const business = await claimBusiness(owner, new Set());
    const created = async (overrides: Record<string, unknown>) => {
      const answer = await owner.post('/api/advertiser/posts', { ...await jobBody(business.id, overrides) });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      const id = (answer.body.data as { id: number }).id;
      return (await copy.repos.catalog.findPostRows([id]))[0]!.content_lang;
    };
    expect(await created({ title: '招聘会计师' })).toBe('zh');
    expect(await created({ title: 'Kerani Akaun Diperlukan' })).toBe('ms');
    expect(await created({ title: 'Accounts Clerk Wanted', content_lang: 'en' })).toBe('en');
    const refused = await owner.post('/api/advertiser/posts', { ...await jobBody(business.id), content_lang: 'fr' });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors as object)).toContain('content_lang');
  });

  it('is kept for a business too: Chinese for a Han name, the owner’s choice when given, changed by an edit, and named on its page', async () => {
    const owner = await advertiser('Wong Siew Ling');
    const created = async (body: Record<string, unknown>) => {
      const answer = await owner.post('/api/advertiser/profiles', body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body.data as { id: number; slug: string; content_lang: string };
    };
    const teahouse = await created({ name: '好运茶餐厅' });
    expect(teahouse.content_lang).toBe('zh');
    expect((await created({ name: 'Kedai Kopi Wong' })).content_lang).toBe('en');
    const chosen = await created({ name: 'Kedai Runcit Wong', content_lang: 'ms' });
    expect(chosen.content_lang).toBe('ms');
    const edited = await owner.patch(`/api/advertiser/profiles/${teahouse.id}`, { content_lang: 'en' });
    expect((edited.body.data as { content_lang: string }).content_lang).toBe('en');
    expect(((await browser().get(`/api/profile/slug/${chosen.slug}`)).body as { content_lang: string }).content_lang).toBe('ms');
    const refused = await owner.post('/api/advertiser/profiles', { name: 'Kedai Baru', content_lang: 'ta' });
    expect(refused.status).toBe(422);
    expect((refused.body.errors as Record<string, string[]>).content_lang).toEqual(['The content language must be en, ms or zh.']);
  });
});

describe('the API’s words', () => {
  it('answers 422 messages in Malay and in Chinese with Accept-Language, in English without', async () => {
    const visitor = browser();
    const body = { type: 'email', name: '', email: 'not-an-address', code: '1', password: 'x', password_confirmation: 'y' };
    const malay = await visitor.call('POST', '/api/register', body, { 'Accept-Language': 'ms-MY' });
    expect(malay.status).toBe(422);
    const errors = malay.body.errors as Record<string, string[]>;
    expect(errors.name).toEqual(['Medan nama diperlukan.']);
    expect(malay.body.message).toBe('Medan nama diperlukan.');
    const chinese = await visitor.call('POST', '/api/register', body, { 'Accept-Language': 'zh-CN' });
    expect((chinese.body.errors as Record<string, string[]>).name).toEqual(['姓名为必填项。']);
    const english = await visitor.call('POST', '/api/register', body);
    expect((english.body.errors as Record<string, string[]>).name).toEqual(['The name field is required.']);
  });

  it('says the enquiry forms’ messages in Malay and Chinese too, with the field’s name translated', async () => {
    await accounts.registerByEmail('offer.ms@example.my');
    const visitor = await signIn('offer.ms@example.my');
    const post = await livePost(copy.app, 'buysell', { offset: 2 });
    const body = { type: 'buysell', id: post.id, name: '', phone_number: '0123456789', contact_method: 'call', qty: '0', offered_price: '-5', remark: 'x'.repeat(2001) };
    const malay = await visitor.call('POST', '/api/buysell/enquire', body, { 'Accept-Language': 'ms' });
    expect(malay.status).toBe(422);
    expect(malay.body.errors).toMatchObject({
      name: ['Medan nama diperlukan.'], qty: ['Kuantiti mestilah sekurang-kurangnya 1.'], offered_price: ['Harga tawaran mestilah sekurang-kurangnya 0.'],
      deal_method: ['Medan kaedah urus niaga diperlukan.'], remark: ['Catatan tidak boleh melebihi 2000 aksara.'],
    });
    const chinese = await visitor.call('POST', '/api/buysell/enquire', body, { 'Accept-Language': 'zh' });
    expect(chinese.body.errors).toMatchObject({ qty: ['数量不能小于 1。'], deal_method: ['交易方式为必填项。'] });
  });

  it('answers a service’s errors with their own code, worded in the caller’s language, and its messages too', async () => {
    await accounts.registerByEmail('codes.zh@example.my');
    const visitor = await signIn('codes.zh@example.my');
    const missing = await visitor.call('POST', '/api/follow', { type: 'services', id: 99_999_999 }, { 'Accept-Language': 'zh' });
    expect([missing.status, missing.body]).toEqual([404, { message: '未找到该信息。', code: 'listing_not_found' }]);
    const english = await visitor.call('POST', '/api/follow', { type: 'services', id: 99_999_999 });
    expect(english.body).toEqual({ message: 'Listing not found.', code: 'listing_not_found' });
    const post = await livePost(copy.app, 'services', { offset: 3 });
    const followed = await visitor.call('POST', '/api/follow', { type: 'services', id: post.id }, { 'Accept-Language': 'ms' });
    // The spec's `data` stays as it is; the message is the caller's.
    expect(followed.body).toMatchObject({ data: 'Followed.', message: 'Diikuti.' });
    const unknown = await visitor.call('GET', '/api/nothing-here', undefined, { 'Accept-Language': 'ms' });
    expect(unknown.body).toEqual({ message: 'Tidak Dijumpai', code: 'not_found' });
  });
});

describe('banners and CMS pages in three languages (on the configured backend)', () => {
  it('gives each language its own rows of banners and pages, and English where a language has none', async () => {
    const home = await getHome(copy.app, 'ms');
    expect(home.banners.main.map((banner) => banner.title)).toContain('Cari perkhidmatan dipercayai berhampiran anda');
    expect((await getHome(copy.app)).banners.main.map((banner) => banner.title)).toContain('Find trusted services near you');
    expect((await getCategoryHome(copy.app, 'jobs', 'zh')).banners.sub.map((banner) => banner.title)).toContain('为您的商家打广告');
    expect((await getCmsPage(copy.app, 'faq', 'zh'))?.article_title).toBe('常见问题');
    expect((await getCmsPage(copy.app, 'faq', 'ms'))?.article_content).toContain('Adakah carian percuma?');
    await copy.query.deleteFrom('cms_page_texts').where('page', '=', 'careers').execute();
    expect((await getCmsPage(copy.app, 'careers', 'ms'))?.article_title).toBe('Careers');
  });

  it('answers GET /api/home and /api/cms/page in the caller\'s language (Accept-Language), in English without one (issue 63)', async () => {
    const visitor = browser();
    const malay = await visitor.call('GET', '/api/home', undefined, { 'Accept-Language': 'ms-MY,en;q=0.5' });
    expect(malay.headers.get('Content-Language')).toBe('ms');
    expect((malay.body as { banners: { main: { title: string }[] } }).banners.main.map((banner) => banner.title)).toContain('Cari perkhidmatan dipercayai berhampiran anda');
    const english = await visitor.call('GET', '/api/home');
    expect((english.body as { banners: { main: { title: string }[] } }).banners.main.map((banner) => banner.title)).toContain('Find trusted services near you');
    const jobs = await visitor.call('GET', '/api/home/cat_type/jobs', undefined, { 'Accept-Language': 'zh' });
    expect((jobs.body as { banners: { sub: { title: string }[] } }).banners.sub.map((banner) => banner.title)).toContain('为您的商家打广告');
    const faq = await visitor.call('GET', '/api/cms/page/faq', undefined, { 'Accept-Language': 'zh-CN' });
    expect([faq.status, (faq.body as { article_title: string }).article_title]).toEqual([200, '常见问题']);
    expect(((await visitor.call('GET', '/api/cms/page/faq')).body as { article_title: string }).article_title).not.toBe('常见问题');
    // The categories too, cached per language.
    const names = async (language?: string) => {
      const answer = await visitor.call('GET', '/api/specialization/parent?type=services', undefined, language ? { 'Accept-Language': language } : {});
      expect(answer.headers.get('Vary')).toContain('Accept-Language');
      return (answer.body as unknown as { name: string; slug: string }[]).map((category) => category.name);
    };
    const [englishNames, malayNames] = [await names(), await names('ms')];
    expect(malayNames).toHaveLength(englishNames.length);
    expect(malayNames.filter((name, index) => name !== englishNames[index]).length).toBeGreaterThan(englishNames.length / 2);
  });
});

describe('search in three languages (on the configured backend)', () => {
  const searchApp = useTestDatabase();
  let call: ReturnType<typeof apiClient>;
  beforeAll(() => {
    call = apiClient(searchApp.app);
  });

  async function search(body: Record<string, unknown>): Promise<SearchResponse> {
    const { status, body: json } = await call('/api/post/search', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ limit: 48, ...body }) });
    expect(status).toBe(200);
    return SearchResponseSchema.parse(json);
  }

  it('finds a Chinese word inside a longer run of Han characters (补习 in 提供专业的补习中心服务)', async () => {
    const found = await search({ type: 'services', search: '补习' });
    const titles = found.results.map((card) => card.title);
    expect(titles.some((title) => /[\p{Script=Han}]补习|补习[\p{Script=Han}]/u.test(title))).toBe(true);
    const runs = await search({ type: 'services', search: '专业的补习' });
    expect(runs.total).toBeGreaterThan(0);
  });

  it('finds a Malay word by its stem: pembaikan finds membaiki; kedai is never read as dai', async () => {
    const found = await search({ type: 'services', search: 'pembaikan' });
    expect(found.total).toBeGreaterThan(0);
    const ids = new Set(found.results.map((card) => card.id));
    const membaiki = await search({ type: 'services', search: 'membaiki' });
    expect(membaiki.results.every((card) => ids.has(card.id)) || membaiki.total === found.total).toBe(true);
    const kedai = await search({ type: 'services', search: 'kedai' });
    expect(kedai.total).toBeGreaterThan(0);
    expect(documentTerms('Kunjungi kedai kami').split(' ')).not.toContain('dai');
  });

  it('finds English listings by their category’s Chinese or Malay name', async () => {
    // Every English-titled tuition centre and car is found by the Chinese or Malay name of its category.
    for (const [type, english, other] of [['services', 'tuition centre', '补习中心'], ['services', 'tuition', 'tuisyen'], ['buysell', 'cars', '汽车']] as const) {
      const inEnglish = await search({ type, search: english });
      const inOther = await search({ type, search: other });
      expect(inEnglish.total, english).toBeGreaterThan(0);
      expect(inOther.total, other).toBeGreaterThanOrEqual(inEnglish.total);
    }
  });
});

describe('display names in the search API (on the configured backend)', () => {
  const searchApp = useTestDatabase();

  async function post(body: Record<string, unknown>) {
    const call = apiClient(searchApp.app);
    return call('/api/post/search', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  }

  it('names cards’ categories and places and the facets in `lang`, keeps keys and slugs, and caches each language apart', async () => {
    const body = { type: 'services', location: 'Penang', limit: 24 };
    const chinese = SearchResponseSchema.parse((await post({ ...body, lang: 'zh' })).body);
    const english = SearchResponseSchema.parse((await post(body)).body);
    const again = SearchResponseSchema.parse((await post({ ...body, lang: 'zh' })).body);
    expect(chinese.total).toBeGreaterThan(0);
    expect(english.results.map((card) => card.id)).toEqual(chinese.results.map((card) => card.id));
    expect(english.results.every((card) => card.city_state!.endsWith('Penang'))).toBe(true);
    expect(chinese.results.every((card) => card.city_state!.endsWith('槟城'))).toBe(true);
    // Main categories have Chinese names (the seed's): the cards and the facet say them; slugs stay.
    expect(chinese.results.map((card) => card.parent_categories.map((category) => category.slug)))
      .toEqual(english.results.map((card) => card.parent_categories.map((category) => category.slug)));
    expect(chinese.results.every((card) => card.parent_categories.every((category) => /[\u4e00-\u9fff]/.test(category.name)))).toBe(true);
    expect(chinese.filters.states).toEqual([{ key: 'Penang', label: '槟城', doc_count: chinese.total }]);
    expect(chinese.filters.parent_categories.every((option) => /[\u4e00-\u9fff]/.test(option.key))).toBe(true);
    expect(english.filters.parent_categories.map((option) => option.doc_count)).toEqual(chinese.filters.parent_categories.map((option) => option.doc_count));
    expect(again).toEqual(chinese);
    const malay = SearchResponseSchema.parse((await post({ ...body, lang: 'ms' })).body);
    expect(malay.filters.states[0]!.label).toBe('Pulau Pinang');
    const refused = await post({ ...body, lang: 'fr' });
    expect(refused.status).toBe(422);
    expect((refused.body as { errors: Record<string, string[]> }).errors.lang).toEqual(['The lang must be en, ms or zh.']);
  });
});

describe('category names in three languages', () => {
  const catalogue = useTestDatabase();

  it('names every category in Malay and Chinese (the glossary’s names)', async () => {
    const english = await getSpecializationsByType(catalogue.app, { locale: 'en' });
    const malay = await getSpecializationsByType(catalogue.app, { locale: 'ms' });
    const chinese = await getSpecializationsByType(catalogue.app, { locale: 'zh' });
    const tuition = (tree: typeof english) => tree.services.find((category) => category.slug === 'education-and-tuition')!;
    expect(tuition(english).name).toBe('Education & Tuition');
    expect(tuition(malay).name).toBe('Pendidikan dan Tuisyen');
    expect(tuition(chinese).name).toBe('教育与补习');
    expect(tuition(chinese).child.find((child) => child.slug === 'tuition-centre')!.name).toBe('补习中心');
    // Named since the glossary (issue 63), as every child is.
    expect(tuition(malay).child.find((child) => child.slug === 'swimming-lessons')!.name).toBe('Kelas Renang');
    const names = (tree: typeof english) => Object.values(tree).flat().flatMap((category) => [category.name, ...category.child.map((child) => child.name)]);
    expect(names(chinese).filter((name) => !/\p{Script=Han}/u.test(name))).toEqual([]);
    expect(malay.services.map((category) => category.slug)).toEqual(english.services.map((category) => category.slug));
  });
});

describe('a place named in Malay or Chinese on a search page (probe finding 4)', () => {
  it('answers with the English `where` in the same language, and tags only known places', async () => {
    expect(englishPlace('槟城')).toBe('Penang');
    expect(englishPlace('Pulau Pinang')).toBe('Penang');
    expect(englishPlace('吉隆坡')).toBe('Kuala Lumpur');
    expect(englishPlace('Penang')).toBeUndefined();
    expect(englishPlace('Atlantis')).toBeUndefined();
    expect(placeRedirect(new URL('http://yp.test/services/l?where=%E5%90%89%E9%9A%86%E5%9D%A1&what=aircond'), 'zh')).toBe('/zh/services/l?where=Kuala+Lumpur&what=aircond');
    expect(placeRedirect(new URL('http://yp.test/jobs/l?where=Pulau+Pinang'), 'ms')).toBe('/ms/jobs/l?where=Penang');
    expect(placeRedirect(new URL('http://yp.test/services/l?where=Penang'), 'en')).toBeUndefined();

    const tagsOf = async (where: string) => (await getSearchPage(copy.app, 'services', [], new URLSearchParams({ where }), 'client-1'))!;
    expect((await tagsOf('Kuala Lumpur')).tags).toEqual(['location:services/kuala lumpur']);
    expect((await tagsOf('Petaling Jaya, Selangor')).tags).toEqual(['location:services/petaling jaya']);
    for (const where of ['吉隆坡', 'Atlantis', '\u202eevil', 'ｓｅｌａｎｇｏｒ', 'a\u0000b', 'Kuala Lumpur, Mars']) {
      const page = await tagsOf(where);
      expect(page.tags, where).toEqual(['list:services']);
      const headers = new Headers();
      publicPage(headers, page.tags);
    }
    const unknown = await tagsOf('Atlantis');
    expect(unknown.response.total).toBe(0);
    expect(unknown.seo.noindex).toBe(true);
  });
});

/** The site's languages (issue 42): addresses, the language a request asks for, and the message catalogues. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentTerms, queryWords, stemOf } from '../../src/server/search/engine/tokens.ts';
import { formatCount, formatDay, formatMoney, formatPriceRange, formatWeekday } from '../../src/shared/format.ts';
import { sayIn } from '../../src/server/say-in.ts';
import { fieldWord, say } from '../../src/shared/said.ts';
import { MessageSchema, OfferSchema } from '../../src/shared/schemas/conversations.ts';
import { z } from 'zod';
import { categoriesInLanguage } from '../../src/server/catalog/names-in-language.ts';
import { formMessage } from '../../src/shared/form-messages.ts';
import { SavedSearchNameSchema } from '../../src/shared/saved-searches.ts';
import { ReportSchema, ReviewFormSchema } from '../../src/shared/schemas/engagement.ts';
import { ENQUIRY_SCHEMAS, fieldErrors } from '../../src/shared/schemas/enquiries.ts';
import { LeadReplySchema, ReviewReportSchema } from '../../src/shared/schemas/leads.ts';
import { ReviewReplySchema } from '../../src/shared/schemas/advertiser.ts';
import { localeOfAcceptLanguage, localizePath, LOCALES, splitLocale, unlocalizedPath } from '../../src/shared/locale.ts';

describe('language prefixes', () => {
  it('reads the language from the first path segment alone', () => {
    expect(splitLocale('/ms/services/l')).toEqual({ locale: 'ms', path: '/services/l' });
    expect(splitLocale('/zh')).toEqual({ locale: 'zh', path: '/' });
    expect(splitLocale('/zh/')).toEqual({ locale: 'zh', path: '/' });
    expect(splitLocale('/msia-plumbing')).toEqual({ locale: 'en', path: '/msia-plumbing' });
    expect(splitLocale('/fr/x')).toEqual({ locale: 'en', path: '/fr/x' });
    expect(splitLocale('/MS/x')).toEqual({ locale: 'en', path: '/MS/x' });
  });

  it('moves a path with its query and fragment into a language, and back', () => {
    expect(localizePath('/services/l?where=Selangor#results', 'ms')).toBe('/ms/services/l?where=Selangor#results');
    expect(localizePath('/', 'zh')).toBe('/zh/');
    expect(localizePath('/?x=1', 'zh')).toBe('/zh/?x=1');
    expect(localizePath('/zh/jobs', 'ms')).toBe('/ms/jobs');
    expect(localizePath('/ms/jobs?page=2', 'en')).toBe('/jobs?page=2');
    expect(unlocalizedPath('/zh/')).toBe('/');
    expect(localizePath('https://advertiser.example/', 'ms')).toBe('https://advertiser.example/');
    expect(localizePath('//cdn.example/x.jpg', 'ms')).toBe('//cdn.example/x.jpg');
    expect(localizePath('mailto:a@b.my', 'zh')).toBe('mailto:a@b.my');
  });

  it('reads Accept-Language by weight, among the three languages only', () => {
    expect(localeOfAcceptLanguage('ms-MY,en;q=0.8')).toBe('ms');
    expect(localeOfAcceptLanguage('fr-FR,zh-CN;q=0.9,en;q=0.5')).toBe('zh');
    expect(localeOfAcceptLanguage('en;q=0.4,zh-Hans;q=0.9')).toBe('zh');
    expect(localeOfAcceptLanguage('zh;q=0, ms')).toBe('ms');
    expect(localeOfAcceptLanguage('fr')).toBeUndefined();
    expect(localeOfAcceptLanguage(null)).toBeUndefined();
  });
});

describe('message catalogues', () => {
  const catalogue = (locale: string) => JSON.parse(readFileSync(join(import.meta.dirname, `../../messages/${locale}.json`), 'utf8')) as Record<string, unknown>;

  it('holds the spec’s fixed texts (§5 warnings, §8 toasts, empty lists and 404) in all three languages', () => {
    const english = Object.values(catalogue('en'));
    for (const text of ['404 Page Unavailable!', 'Enquiry Submitted, check your Dashboard.', 'Report Logged!', 'Link copied to clipboard.', 'Session expired!',
      'Name field contains of sensitive keywords. Kindly reset again.', 'You dont have any Job Applications.', 'You dont have any followings.',
      'No results found for your query. Please try different search parameters.']) {
      expect(english, text).toContain(text);
      const key = Object.entries(catalogue('en')).find(([, value]) => value === text)![0];
      for (const locale of ['ms', 'zh']) expect(catalogue(locale)[key], `${locale} ${key}`).not.toBe(text);
    }
  });

  it('has the same keys in every language, none empty', () => {
    const keys = Object.keys(catalogue('en')).sort();
    for (const locale of LOCALES) {
      const messages = catalogue(locale);
      expect(Object.keys(messages).sort(), locale).toEqual(keys);
      for (const [key, value] of Object.entries(messages)) if (key !== '$schema') expect(String(value).trim(), `${locale} ${key}`).not.toBe('');
    }
  });
});

describe('search words in three languages', () => {
  it('reads a Han run as its pairs, on both sides', () => {
    expect(documentTerms('吉隆坡中文补习中心').split(' ')).toContain('补习');
    expect(queryWords('补习')).toEqual(['补习']);
    expect(queryWords('补习中心')).toEqual(['补习', '习中', '中心']);
    expect(queryWords('榴')).toEqual(['榴']);
  });

  it('matches Malay words by their stem, but keeps the words the stemmer spoils', () => {
    for (const word of ['memperbaiki', 'pembaikan', 'dibaiki']) expect(stemOf(word)).toBe('baik');
    expect(documentTerms('Kami membaiki aircond').split(' ')).toContain('baik');
    expect(queryWords('pembaikan')).toEqual(['baik']);
    expect(stemOf('kedai')).toBe('kedai');
    expect(stemOf('kereta')).toBe('kereta');
    expect(queryWords('kedai kereta terpakai')).toEqual(['kedai', 'kereta', 'terpakai']);
  });

  it('joins the glossary’s synonyms across the languages: a document holding one phrase of a group gets the words of all', () => {
    const sales = documentTerms('Eksekutif Jualan di Ipoh').split(' ');
    expect(sales).toEqual(expect.arrayContaining([...queryWords('jurujual'), ...queryWords('salesperson'), ...queryWords('销售员')]));
    expect(documentTerms('Tukang Paip 24 jam, Shah Alam').split(' ')).toEqual(expect.arrayContaining([...queryWords('plumber'), ...queryWords('水管工')]));
    expect(documentTerms('冷气保养').split(' ')).toEqual(expect.arrayContaining([...queryWords('aircond'), ...queryWords('penghawa dingin')]));
    // One word of a two-word phrase is not the phrase.
    expect(documentTerms('Tukang Kayu').split(' ')).not.toContain(queryWords('plumber')[0]);
  });

  it('keeps Latin words as the parsers split them, lower case, at most 12', () => {
    expect(queryWords('Aircon SERV')).toEqual(['aircon', 'serv']);
    expect(queryWords('a b c d e f g h i j k l m n')).toHaveLength(12);
    expect(documentTerms('Carpentry services in Kuala Lumpur')).toBe('');
  });
});

describe('formatting in three languages', () => {
  it('names the weekdays of opening hours in each language', () => {
    expect(['en', 'ms', 'zh'].map((locale) => formatWeekday('Monday', locale as 'en'))).toEqual(['Monday', 'Isnin', '星期一']);
    expect(formatWeekday('Funday', 'ms')).toBe('Funday');
  });

  it('writes money as RM, counts and dates through Intl in each language', () => {
    expect(formatMoney(1234.5, 'RM', 'en')).toBe('RM 1,234.5');
    expect(formatMoney(1234.5, 'RM', 'ms')).toBe('RM 1,234.5');
    expect(formatMoney(1234.5, 'RM', 'zh')).toBe('RM 1,234.5');
    expect(formatPriceRange(100, 250, 'RM', 'zh')).toBe('RM 100 - RM 250');
    expect([formatPriceRange(null, null, 'RM', 'en'), formatPriceRange(null, null, 'RM', 'ms'), formatPriceRange(null, null, 'RM', 'zh')]).toEqual(['Negotiable', 'Boleh dirunding', '面议']);
    expect(formatCount(12345, 'ms')).toBe('12,345');
    expect([formatDay('2026-03-30', 'en'), formatDay('2026-03-30', 'ms'), formatDay('2026-03-30', 'zh')]).toEqual(['Mon, 30 Mar', 'Isn, 30 Mac', '3月30日周一']);
    // Outside a page (a job, a test) the language is English.
    expect(formatPriceRange(null, null)).toBe('Negotiable');
  });
});

describe('form messages in three languages', () => {
  it('words a said message in each language, a field’s name inside it, and leaves any other text alone', () => {
    const atLeast = say('form_at_least', { field: fieldWord('offered price'), min: 0 });
    expect(sayIn(atLeast, 'en')).toBe('The offered price must be at least 0.');
    expect(sayIn(atLeast, 'ms')).toBe('Harga tawaran mestilah sekurang-kurangnya 0.');
    expect(sayIn(say('form_required', { field: fieldWord('Description') }), 'en')).toBe('Description is required.');
    expect(sayIn(say('form_required', { field: fieldWord('Description') }), 'zh')).toBe('描述为必填项。');
    expect(sayIn(say('form_images_max', { max: 5 }), 'zh')).toBe('最多 5 张图片。');
    expect(sayIn('Hello there.', 'ms')).toBe('Hello there.');
    expect(sayIn('never_a_key', 'ms')).toBe('never_a_key');
  });

  it('words Zod’s own messages (an issue without a message of its own) through Zod’s locale of the language', () => {
    const issue = z.object({ n: z.number() }).safeParse({ n: 'x' }).error!.issues[0]!.message;
    expect(sayIn(issue, 'en')).toMatch(/expected number/i);
    expect(sayIn(issue, 'ms')).not.toBe(sayIn(issue, 'en'));
    expect(sayIn(issue, 'zh')).toMatch(/[\u4e00-\u9fff]/);
  });

  it('words every message the enquiry, review, report, reply, message and offer forms can show, and the forms in the browser word their own', () => {
    const bad = { name: '', phone_number: 'x', email: 'no', contact_method: 'fax', description: '', preferred_date: '2020-13-40', alternative_date: '2001-01-01',
      language: [], education: '', experience: '-1', salary: 'a', salary_type: '', additional_skill: 'x'.repeat(2001), company_name: '', offer: '',
      qty: '1.5', offered_price: '-2', deal_method: '', remark: 'x'.repeat(2001), content: '', rating: 0, reason: '', message: '', text: '', images: [1, 1] };
    const messagesOf = (schemas: z.ZodType[]) => {
      const messages = new Set<string>();
      for (const schema of schemas) for (const list of Object.values(fieldErrors(schema, { type: 'services', id: 1, ...bad }) ?? {})) for (const text of list) messages.add(text);
      return messages;
    };
    const browserForms = messagesOf([...Object.values(ENQUIRY_SCHEMAS), MessageSchema, OfferSchema, ReviewReplySchema, ReviewReportSchema]);
    browserForms.add(SavedSearchNameSchema.safeParse('').error!.issues[0]!.message);
    const all = new Set([...browserForms, ...messagesOf([ReviewFormSchema, ReportSchema, LeadReplySchema])]);
    expect(all.size).toBeGreaterThan(15);
    for (const locale of LOCALES) {
      expect([...all].filter((text) => sayIn(text, locale) === text), locale).toEqual([]);
      // Zod's own messages (a malformed body no form sends) are worded by the API.
      expect([...browserForms].filter((text) => !text.startsWith('zod_issue') && formMessage(text, locale) !== sayIn(text, locale)), locale).toEqual([]);
    }
    expect(formMessage(say('form_choose_gold_silver_or_bronze'), 'ms')).toBeUndefined();
  });
});

describe('category names in a page’s language', () => {
  it('renames the categories a card, a post and a home row name, by type and slug, and leaves everything else', () => {
    const words = { byName: new Map([['Education & Tuition', '教育与补习']]), bySlug: new Map([['services/tuition-centre', '补习中心'], ['services/education-and-tuition', '教育与补习']]) };
    const card = Object.freeze({
      type: 'services', title: 'Tuition Centre in Cheras',
      categories: [{ name: 'Tuition Centre', slug: 'tuition-centre', type: 'services', parent: { name: 'Education & Tuition', slug: 'education-and-tuition' } }],
      parent_categories: [{ name: 'Education & Tuition', slug: 'education-and-tuition' }],
    });
    const page = { rows: [{ category: { name: 'Education & Tuition', slug: 'education-and-tuition', type: 'services', parent: null }, posts: [card] }] };
    const named = categoriesInLanguage(page, words);
    expect(named.rows[0]!.category.name).toBe('教育与补习');
    expect(named.rows[0]!.posts[0]).toEqual({
      type: 'services', title: 'Tuition Centre in Cheras',
      categories: [{ name: '补习中心', slug: 'tuition-centre', type: 'services', parent: { name: '教育与补习', slug: 'education-and-tuition' } }],
      parent_categories: [{ name: '教育与补习', slug: 'education-and-tuition' }],
    });
    expect(card.categories[0]!.name).toBe('Tuition Centre');
  });
});

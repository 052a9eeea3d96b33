/**
 * Every word in three languages (issue 63): every page type a visitor, a signed-in person and an owner meets, with its
 * modals, rendered in Malay and in Chinese with the seed data. The interface's text (every text node and the
 * aria-label, title, placeholder and alt a screen reader reads, but what users wrote, which the templates mark with
 * data-user-text) must hold no string of the English catalogue, no English category name and no English banner or
 * CMS row. What is the same in every language (brand names, RM) is in untranslated-allow.json, each with its reason.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { localizePath, type Locale } from '../../src/shared/locale.ts';
import { hydrated, signedInContext, useBrowserSession } from '../helpers/browser.ts';
import { advertiserOverHttp, signedInOverHttp } from '../helpers/http-session.ts';
import { scaled } from '../helpers/time-factor.ts';

const baseUrl = inject('baseUrl');
const outbox = inject('outboxDir');
const session = useBrowserSession();
const root = join(import.meta.dirname, '..', '..');
const LANGUAGES = ['ms', 'zh'] as const satisfies readonly Locale[];

type Catalogue = Record<string, unknown>;
const catalogue = (locale: Locale) => JSON.parse(readFileSync(join(root, 'messages', `${locale}.json`), 'utf8')) as Catalogue;
const ALLOWED = new Set((JSON.parse(readFileSync(join(import.meta.dirname, 'untranslated-allow.json'), 'utf8')) as { text: string; reason: string }[]).map((entry) => entry.text));

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What a page in `locale` must not show: the English words that have other words in that language. */
interface English {
  exact: Set<string>;
  /** The catalogue's messages with parameters, as patterns ('Open photo {n} of {count}'). */
  patterns: { key: string; pattern: RegExp }[];
}

async function englishOf(locale: Locale): Promise<English> {
  const en = catalogue('en');
  const local = catalogue(locale);
  const exact = new Set<string>();
  const patterns: English['patterns'] = [];
  for (const [key, text] of Object.entries(en)) {
    if (typeof text !== 'string' || text === local[key] || ALLOWED.has(text)) continue;
    if (!/[A-Za-z]/.test(text)) continue;
    if (!text.includes('{')) exact.add(squeeze(text));
    else {
      const literal = text.replace(/\\[{}]/g, '').split(/\{[^}]+\}/).map(escape);
      // A pattern of parameters alone ("{count} km") says nothing: only those with words of their own.
      if (literal.join('').replace(/[^A-Za-z]/g, '').length >= 6) patterns.push({ key, pattern: new RegExp(`^${literal.join('.+?')}$`) });
    }
  }
  const categories = await session.query.selectFrom('categories as c')
    .leftJoin('category_names as n', (join) => join.onRef('n.category_id', '=', 'c.id').on('n.locale', '=', locale))
    .select(['c.name', 'n.name as local']).execute();
  for (const category of categories) if (category.local !== category.name) exact.add(category.name);
  for (const banner of await session.query.selectFrom('banners').select(['title', 'subtitle']).execute()) {
    for (const text of [banner.title, banner.subtitle]) if (text) exact.add(squeeze(text));
  }
  for (const page of await session.query.selectFrom('cms_pages').select(['article_title', 'article_content']).execute()) {
    exact.add(squeeze(page.article_title));
    for (const part of page.article_content.split(/<[^>]+>/)) if (squeeze(part).length >= 3) exact.add(squeeze(part.replaceAll('&amp;', '&')));
  }
  for (const text of ALLOWED) exact.delete(text);
  return { exact, patterns };
}

/** The interface's words on the page as it stands: text nodes and the attributes people and screen readers read. */
function interfaceText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const user = (element: Element | null) => element?.closest('[data-user-text]') !== null && element?.closest('[data-user-text]') !== undefined;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(parent.tagName) || user(parent)) continue;
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      if (text) found.push(text);
    }
    for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
      if (user(element)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name)?.replace(/\s+/g, ' ').trim();
        if (value) found.push(value);
      }
    }
    return found;
  });
}

function untranslated(texts: readonly string[], english: English): string[] {
  return [...new Set(texts.filter((text) => !ALLOWED.has(text)
    && (english.exact.has(text) || english.patterns.some(({ pattern }) => pattern.test(text)))))];
}

/** The pages of a type, by what the seed holds: a live post of each type, a business, a category. */
async function samplePaths(): Promise<string[]> {
  const posts = await Promise.all((['services', 'jobs', 'hireme', 'buysell'] as const).map((type) => session.query.selectFrom('posts').select('slug')
    .where('type', '=', type).where('status', '=', 'active').orderBy('id').limit(1).executeTakeFirstOrThrow().then((post) => `/${type}/${post.slug}`)));
  const business = await session.query.selectFrom('profiles').select('slug').where('kind', '=', 'business').where('hidden_at', 'is', null)
    .orderBy('id').limit(1).executeTakeFirstOrThrow();
  const child = await session.query.selectFrom('categories as c').innerJoin('categories as p', 'p.id', 'c.parent_id')
    .select(['c.slug', 'p.slug as parent']).where('c.type', '=', 'services').orderBy('c.id').limit(1).executeTakeFirstOrThrow();
  return [
    '/', '/services', '/jobs', '/hireme', '/buysell', '/education/', '/services/l?where=Selangor', '/jobs/l', '/hireme/l', '/buysell/l',
    `/services/l/${child.parent}/${child.slug}`, ...posts, `/${business.slug}`, '/pages/about-us', '/pages/faq', '/pages/privacy-policy',
    '/pages/terms-and-conditions', '/pages/contact-us', '/pages/badges', '/pages/check', '/pages/check?value=0123456789', '/appeal', '/advertise-on-yp', '/no-such-page',
  ];
}

async function collect(page: Page, path: string): Promise<string[]> {
  await page.goto(`${baseUrl}${path}`);
  await hydrated(page);
  return interfaceText(page);
}

describe('every page in Malay and Chinese', () => {
  it('shows no English interface word on the visitor pages, their modals and the error page', { timeout: scaled(240_000) }, async () => {
    const paths = await samplePaths();
    const found: Record<string, string[]> = {};
    for (const locale of LANGUAGES) {
      const english = await englishOf(locale);
      const page = session.page;
      for (const path of paths) {
        const localPath = localizePath(path, locale);
        const words = untranslated(await collect(page, localPath), english);
        if (words.length > 0) found[localPath] = words;
      }
      // The modal a visitor meets first: an enquiry of a services post asks them to log in.
      await page.goto(`${baseUrl}${localizePath(paths.find((path) => path.startsWith('/services/') && !path.includes('/l'))!, locale)}`);
      await hydrated(page);
      await page.locator('[data-auth-action="enquire"]').first().click();
      // Signed out, the action asks to log in first: the login modal opens.
      await page.getByRole('dialog').first().waitFor();
      const modal = untranslated(await interfaceText(page), english);
      if (modal.length > 0) found[`${locale}: the login modal`] = modal;
    }
    expect(found).toEqual({});
  });

  it('shows no English interface word in My area and on the saved searches page of an account in the language', { timeout: scaled(120_000) }, async () => {
    const found: Record<string, string[]> = {};
    for (const locale of LANGUAGES) {
      const person = await signedInOverHttp(baseUrl, outbox, `words-${locale}-${Date.now().toString(36)}@example.my`);
      expect((await person.patch('/api/account', { locale })).status).toBe(200);
      const { context, page } = await signedInContext(session.browser, baseUrl, person);
      try {
        const english = await englishOf(locale);
        for (const path of ['/me/messages', '/me/enquire', '/me/following', '/me/saved-searches', '/me/profile', '/saved-searches']) {
          const localPath = localizePath(path, locale);
          const words = untranslated(await collect(page, localPath), english);
          if (words.length > 0) found[localPath] = words;
        }
      } finally {
        await context.close();
      }
    }
    expect(found).toEqual({});
  });

  it('shows no English interface word on the advertiser site of an account in the language (its pages have no twins)', { timeout: scaled(180_000) }, async () => {
    const found: Record<string, string[]> = {};
    const business = await session.query.selectFrom('profiles').select('slug').where('kind', '=', 'business').where('owner_user_id', 'is', null)
      .where('hidden_at', 'is', null).orderBy('id').limit(1).executeTakeFirstOrThrow();
    for (const locale of LANGUAGES) {
      const owner = await advertiserOverHttp(baseUrl, outbox, `owner-words-${locale}-${Date.now().toString(36)}@example.my`, locale);
      const { context, page } = await signedInContext(session.browser, baseUrl, owner);
      try {
        const english = await englishOf(locale);
        const paths = ['/advertiser', '/advertiser/posts/new', '/advertiser/posts/new?type=jobs', '/advertiser/posts/new?type=hireme', '/advertiser/posts/new?type=buysell',
          '/advertiser/profiles/new', '/advertiser/leads', '/advertiser/insights', '/advertiser/reviews', '/advertiser/invoices', '/advertiser/subscribe',
          '/advertiser/subscribe?package=PAY-PER-POST', `/advertiser/claim/${business.slug}`, '/advertiser/invoices/999999999'];
        for (const path of paths) {
          await page.goto(`${baseUrl}${path}`);
          await hydrated(page);
          // The islands fill in from the API: read the page once its calls have answered.
          await page.waitForLoadState('networkidle');
          const words = untranslated(await interfaceText(page), english);
          expect(await page.evaluate(() => document.documentElement.lang), path).toMatch(locale === 'ms' ? /^ms/ : /^zh/);
          if (words.length > 0) found[`${locale}: ${path}`] = words;
        }
      } finally {
        await context.close();
      }
    }
    expect(found).toEqual({});
  });
});

import { expect, describe, inject, it } from 'vitest';
import { useBrowserSession } from '../helpers/browser.ts';
import { hiddenPosts } from '../fixtures/catalogue.ts';
import { scaled } from '../helpers/time-factor.ts';

const baseUrl = inject('baseUrl');
// Headless Chromium says so in its User-Agent, which the view counter skips as a bot: look like a person's browser.
const session = useBrowserSession({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36' });

/** Polls `read` until it returns `expected` or the time is up (the server writes view counts in batches). */
async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = scaled(15_000)): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (value !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    value = await read();
  }
  return value;
}

describe('view counting', () => {
  it('counts a person opening a profile page once, through the page’s beacon', async () => {
    const { query, page } = session;
    // The last business: no other journey opens it (a view counts once per client and day, and every journey is 127.0.0.1).
    const profile = await query.selectFrom('profiles').select(['id', 'slug', 'view_count']).where('kind', '=', 'business').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    const views = async () => (await query.selectFrom('profiles').select('view_count').where('id', '=', profile.id).executeTakeFirstOrThrow()).view_count;
    const beacon = page.waitForResponse((response) => response.url().endsWith('/api/views') && response.request().method() === 'POST');
    await page.goto(`${baseUrl}/${String(profile.slug)}`);
    // 202: counted (a repeat or a bot would get 204).
    expect((await beacon).status()).toBe(202);
    expect(await eventually(views, Number(profile.view_count) + 1)).toBe(Number(profile.view_count) + 1);
    // The same person again the same day: the beacon says it is a repeat (204), and the count stays.
    const again = page.waitForResponse((response) => response.url().endsWith('/api/views') && response.request().method() === 'POST');
    await page.reload();
    expect((await again).status()).toBe(204);
    expect(await views()).toBe(Number(profile.view_count) + 1);
  });
});

describe('expired listings', () => {
  it('answer 404 with the site\'s unavailable page and say the ad has expired (issue 39): no contact, no structured data', async () => {
    const { page } = session;
    const now = new Date().toISOString();
    const post = await session.query.selectFrom('posts').select(['slug']).where('type', '=', 'jobs')
      .where((eb) => eb.or([eb('status', '=', 'expired'), eb.and([eb('status', '=', 'active'), eb('expires_at', '<=', now)])])).orderBy('id').executeTakeFirstOrThrow();
    const response = await page.goto(`${baseUrl}/jobs/${String(post.slug)}`);
    expect(response?.status()).toBe(404);
    await page.getByText('404 Page Unavailable!').waitFor();
    expect(await page.getByTestId('not-found-note').innerText()).toBe('This ad has expired');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toMatch(/^noindex/);
    expect(await page.locator('script[type="application/ld+json"]').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Apply Now' }).count()).toBe(0);
    expect((await fetch(`${baseUrl}/api/post/slug/${String(post.slug)}`)).status).toBe(404);
  });

  it('are not on the home page or in search results', async () => {
    const { page } = session;
    const expired = new Set((await hiddenPosts(session.query, 100_000)).map((row) => row.slug));
    expect(expired.size).toBeGreaterThan(0);
    for (const path of ['/', '/jobs/l', '/buysell/l']) {
      await page.goto(baseUrl + path);
      const links = await page.locator('a[href^="/jobs/"], a[href^="/buysell/"]').evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')!));
      expect(links.length).toBeGreaterThan(0);
      expect(links.filter((href) => expired.has(href.split('/')[2] ?? ''))).toEqual([]);
    }
  });
});
